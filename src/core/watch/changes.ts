/**
 * What is worth telling between two reads of a watched item. A balance that moves, a transaction
 * or export that finishes, a node that goes down or comes back is told once; an L1 validator's
 * balance falling by its fee every second is not news, but its runway crossing the user's
 * threshold, a top-up, or its deactivation are.
 */
import { formatNAvax, formatWei } from '../format';
import type { WatchObservation } from './checks';
import { formatDuration } from './runway';
import { describeTarget, type WatchTarget } from './targets';

export interface WatchChange {
    readonly text: string;
    /** `warning` for what needs the user's action (a runway under the threshold, a node down). */
    readonly severity: 'info' | 'warning';
}

/** The change from `before` to `after`, or undefined when nothing worth telling happened. */
export function describeChange(
    target: WatchTarget,
    before: WatchObservation | undefined,
    after: WatchObservation,
    thresholdSeconds: number,
): WatchChange | undefined {
    const name = describeTarget(target);
    switch (target.kind) {
        case 'l1Validator':
            return validatorChange(name, target, before, after, thresholdSeconds);
        case 'l1':
            return l1Change(name, before, after, thresholdSeconds);
        case 'evmAddress': {
            if (!before || before.value === after.value || before.balance === undefined) {
                return undefined;
            }
            const delta = BigInt(after.balance ?? '0') - BigInt(before.balance);
            const sign = delta > 0n ? '+' : '−';
            const magnitude = delta < 0n ? -delta : delta;
            return {
                text: `The balance of ${name} moved to ${after.summary} (${sign}${formatWei(magnitude, after.summary.split(' ').pop())}).`,
                severity: 'info',
            };
        }
        case 'evmTx':
        case 'pTx':
        case 'export':
            if (before?.value === after.value) return undefined;
            if (!before && !after.final) return undefined;
            return {
                text: `${name}: ${after.summary}.`,
                severity: after.status === 'failed' ? 'warning' : 'info',
            };
        case 'icmMessage':
            if (before?.value === after.value) return undefined;
            // The first read tells only an outcome or a wait already run out.
            if (!before && !after.final && after.value !== 'late') return undefined;
            return {
                text: `${name}: ${after.summary}.`,
                severity:
                    after.status === 'failed' || after.status === 'warning' ? 'warning' : 'info',
            };
        case 'node':
            if (!before || before.value === after.value) return undefined;
            if (after.status === 'down' || after.status === 'warning') {
                // Back from down but not well: still "back", and still a warning.
                const back = before.status === 'down' && after.status === 'warning';
                return {
                    text: back
                        ? `${name} is back: ${after.summary}.`
                        : `${name} is ${after.summary}.`,
                    severity: 'warning',
                };
            }
            if (before.status === 'warning' && after.status === 'ok') {
                return { text: `${name} is healthy again.`, severity: 'info' };
            }
            return {
                text:
                    before.status === 'down'
                        ? `${name} is back: ${after.summary}.`
                        : `${name} is ${after.summary}.`,
                severity: 'info',
            };
    }
}

function under(observation: WatchObservation | undefined, thresholdSeconds: number): boolean {
    return observation?.runwaySeconds !== undefined && observation.runwaySeconds < thresholdSeconds;
}

function validatorChange(
    targetName: string,
    target: Extract<WatchTarget, { kind: 'l1Validator' }>,
    before: WatchObservation | undefined,
    after: WatchObservation,
    thresholdSeconds: number,
): WatchChange | undefined {
    // Added by validation id alone, the target may not name its node or L1; the read does.
    const fact = (label: string) =>
        (
            after.details.find((d) => d.label === label) ??
            before?.details.find((d) => d.label === label)
        )?.value;
    const subnetId = target.subnetId ?? after.l1 ?? before?.l1 ?? fact('L1');
    const nodeId = target.nodeId ?? fact('Node');
    const name = nodeId && !target.nodeId ? `L1 validator ${nodeId}` : targetName;
    const l1 = subnetId ? ` of L1 ${subnetId}` : '';
    const wasActive = before?.value.startsWith('active:') ?? false;
    if (after.value === 'absent') {
        return before && before.value !== 'absent'
            ? { text: `${name}${l1} is no longer on the P-Chain (removed).`, severity: 'warning' }
            : undefined;
    }
    if (after.value.startsWith('inactive:')) {
        return before?.value.startsWith('inactive:')
            ? undefined
            : {
                  text: `${name}${l1} ran out of balance and is inactive: it no longer validates. Top it up with an IncreaseL1ValidatorBalanceTx.`,
                  severity: 'warning',
              };
    }
    if (before && !wasActive && before.value.startsWith('inactive:')) {
        return { text: `${name}${l1} is active again: ${after.summary}.`, severity: 'info' };
    }
    if (
        before?.balance !== undefined &&
        after.balance !== undefined &&
        BigInt(after.balance) > BigInt(before.balance)
    ) {
        const added = BigInt(after.balance) - BigInt(before.balance);
        return {
            text: `${name}${l1} was topped up by ${formatNAvax(added, { maxFractionDigits: 4 })}: ${after.summary}.`,
            severity: 'info',
        };
    }
    if (under(after, thresholdSeconds) && !under(before, thresholdSeconds)) {
        return {
            text: `${name}${l1} has ${formatDuration(after.runwaySeconds ?? 0)} of balance left at today's fee, under the ${formatDuration(thresholdSeconds)} you set.`,
            severity: 'warning',
        };
    }
    return undefined;
}

function l1Change(
    name: string,
    before: WatchObservation | undefined,
    after: WatchObservation,
    thresholdSeconds: number,
): WatchChange | undefined {
    const newlyUnder = (after.under ?? []).filter((n) => !(before?.under ?? []).includes(n));
    if (newlyUnder.length > 0) {
        const named = newlyUnder.slice(0, 3).join(', ');
        const more = newlyUnder.length > 3 ? ` and ${newlyUnder.length - 3} more` : '';
        return {
            text: `${name}: ${named}${more} ${newlyUnder.length === 1 ? 'has' : 'have'} less than ${formatDuration(thresholdSeconds)} of balance left at today's fee.`,
            severity: 'warning',
        };
    }
    if (!before || before.validators === undefined || after.validators === undefined) {
        return undefined;
    }
    const beforeIds = new Set(before.validators.map((v) => v.nodeId));
    const afterIds = new Set(after.validators.map((v) => v.nodeId));
    const joined = [...afterIds].filter((id) => !beforeIds.has(id));
    const left = [...beforeIds].filter((id) => !afterIds.has(id));
    if (joined.length === 0 && left.length === 0) return undefined;
    const parts: string[] = [];
    if (joined.length) parts.push(`${joined.length} joined`);
    if (left.length) parts.push(`${left.length} left or ran out of balance`);
    return {
        text: `${name}: ${parts.join(', ')}; ${after.summary}.`,
        severity: left.length ? 'warning' : 'info',
    };
}
