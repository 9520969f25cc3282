/**
 * One read of a watched ICM (Teleporter) message: the tracker of `core/icm` run once, through the
 * same directory the panel builds, and its timeline turned into an observation. The message is
 * final once delivered and executed (or its execution failed, or a receipt came back); until then
 * it is pending, and past the wait the user gave it, a warning told once. Every string of the
 * timeline is a peer's or a file's: each detail is one bounded, inert line.
 */
import { followIcmMessage } from '../icm/query';
import type { IcmDirectoryHost } from '../icm/directory';
import type { IcmTimeline } from '../icm/timeline';
import { inertLine } from '../text/inert';
import type { WatchDetail, WatchObservation, WatchStatus } from './checks';
import type { WatchNetwork, WatchTarget } from './targets';

/** Where a watched message's chains are found: the directory the panel and agent tool use. */
export interface IcmWatchSource {
    icmHost(network: WatchNetwork, signal: AbortSignal): Promise<IcmDirectoryHost>;
}

/** When the read happens, against when the item was added: the undelivered wait starts there. */
export interface WatchTiming {
    readonly addedAtMs: number;
    readonly nowMs: number;
}

/** Reasons and warnings a row lists at most. */
const maxReasons = 5;
const maxLine = 300;

const words: Record<IcmTimeline['state'], string> = {
    notFound: 'not found on the source chain',
    sent: 'sent, not delivered yet',
    delivered: 'delivered, not executed yet',
    executed: 'delivered and executed',
    executionFailed: 'delivered, execution failed',
    receipted: 'delivered, receipt back on the source',
};

function minutes(ms: number): string {
    const m = Math.floor(ms / 60_000);
    return m < 120 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Reads a watched message once. Errors (the source chain unknown or unreadable) are thrown. */
export async function checkIcmMessage(
    target: Extract<WatchTarget, { kind: 'icmMessage' }>,
    source: IcmWatchSource,
    signal: AbortSignal,
    timing?: WatchTiming,
): Promise<WatchObservation> {
    const host = await source.icmHost(target.network, signal);
    const timeline = await followIcmMessage(
        { chain: target.chain, messageId: target.messageId },
        host,
        { signal },
    );
    return icmObservation(target, timeline, timing);
}

/** The observation of one timeline: pure, for the check and its tests. */
function icmObservation(
    target: Extract<WatchTarget, { kind: 'icmMessage' }>,
    timeline: IcmTimeline,
    timing?: WatchTiming,
): WatchObservation {
    const line = (text: unknown) => inertLine(text, maxLine);
    const state = timeline.state;
    // A message without a payload has nothing to execute: delivered is as far as it goes.
    const done =
        state === 'executed' || state === 'receipted' || (state === 'delivered' && timeline.final);
    const waitedMs = timing ? timing.nowMs - timing.addedAtMs : 0;
    const late =
        (state === 'sent' || state === 'notFound') &&
        waitedMs >= target.undeliveredMinutes * 60_000;
    const status: WatchStatus = done
        ? 'done'
        : state === 'executionFailed'
          ? 'failed'
          : late
            ? 'warning'
            : state === 'notFound'
              ? 'unknown'
              : 'pending';
    const destination = timeline.destination ? line(timeline.destination.name) : undefined;
    const summary = late
        ? `still undelivered after ${minutes(waitedMs)}${state === 'notFound' ? ' (not found on the source chain)' : ''}`
        : `${done && state === 'delivered' ? 'delivered (no payload to execute)' : words[state]}${destination && state !== 'notFound' ? ` · to ${destination}` : ''}`;
    const details: WatchDetail[] = [
        { label: 'Message id', value: timeline.messageId || target.messageId },
        { label: 'Source', value: line(timeline.source.name) },
    ];
    if (destination) details.push({ label: 'Destination', value: destination });
    const step = (
        label: string,
        s: { txHash?: string | undefined; block?: number | undefined },
    ) => {
        if (s.txHash || s.block !== undefined)
            details.push({
                label,
                value: line(
                    `${s.txHash ?? ''}${s.block !== undefined ? ` (block ${s.block})` : ''}`.trim(),
                ),
            });
    };
    if (timeline.sent) step('Sent', timeline.sent);
    if (timeline.delivered) step('Delivered', timeline.delivered);
    if (timeline.executed) step('Executed', timeline.executed);
    if (timeline.executionFailed) step('Execution failed', timeline.executionFailed);
    if (timeline.receipt) step('Receipt', timeline.receipt);
    for (const why of timeline.stuck.slice(0, maxReasons))
        details.push({ label: 'Why', value: line(why) });
    if (timeline.stuck.length > maxReasons)
        details.push({ label: '…', value: `${timeline.stuck.length - maxReasons} more reasons` });
    if (timeline.warnings.length > 0)
        details.push({ label: 'Warnings', value: line(timeline.warnings[0]) });
    if (!done && state !== 'executionFailed')
        details.push({
            label: 'Undelivered after',
            value: `${target.undeliveredMinutes} min, then the watch list says so`,
        });
    return {
        status,
        summary,
        final: done || state === 'executionFailed',
        // The state is what changes; "late" is told once, when the wait runs out.
        value: late ? 'late' : done ? 'done' : state,
        details,
    };
}
