/**
 * The network upgrades a node knows (`info.upgrades`) as a timeline: past ones, the next one
 * marked, later ones, and those AvalancheGo schedules at a placeholder date far in the future
 * (it uses 9999-12-01 for upgrades that have no date yet).
 */
import type { NetworkUpgrade } from '../nodeRpc/schemas';
import { splitWords } from './evmConfig';

export type UpgradeState = 'past' | 'next' | 'future' | 'unscheduled';

export interface TimelineEntry {
    /** As sent without `Time`: `apricotPhase4`, `durango`. */
    readonly name: string;
    /** `Apricot Phase 4`, `Durango`. */
    readonly label: string;
    readonly key: string;
    /** ISO 8601 as sent. */
    readonly time: string;
    readonly timeMs: number;
    readonly state: UpgradeState;
}

/** Times from this year on are placeholders for "not scheduled yet". */
const unscheduledFromMs = Date.UTC(9000, 0, 1);

/**
 * Orders the upgrades by time and marks each one relative to `nowMs`. At most one entry is
 * `next`: the earliest scheduled upgrade that has not activated yet.
 */
export function upgradeTimeline(
    upgrades: readonly NetworkUpgrade[],
    nowMs: number = Date.now(),
): TimelineEntry[] {
    const sorted = [...upgrades].sort((a, b) => a.timeMs - b.timeMs || a.key.localeCompare(b.key));
    let nextGiven = false;
    return sorted.map((upgrade) => {
        let state: UpgradeState;
        if (upgrade.timeMs >= unscheduledFromMs) state = 'unscheduled';
        else if (upgrade.timeMs <= nowMs) state = 'past';
        else if (!nextGiven) {
            state = 'next';
            nextGiven = true;
        } else state = 'future';
        return {
            name: upgrade.name,
            label: splitWords(upgrade.name),
            key: upgrade.key,
            time: upgrade.time,
            timeMs: upgrade.timeMs,
            state,
        };
    });
}

/** The latest activated upgrade and the next one, for a one-line summary. */
export function timelineSummary(entries: readonly TimelineEntry[]): string {
    const past = entries.filter((e) => e.state === 'past');
    const next = entries.find((e) => e.state === 'next');
    const parts: string[] = [];
    const latest = past[past.length - 1];
    if (latest) parts.push(`latest ${latest.label}`);
    if (next) parts.push(`next ${next.label} on ${next.time.slice(0, 10)}`);
    else parts.push('none scheduled');
    return parts.join(', ');
}
