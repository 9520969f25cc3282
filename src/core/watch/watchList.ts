/**
 * The watch list's state and its polling policy, without timers or I/O: which items are due, how
 * long until each is read again, how many requests a minute that spends, and what a read changed.
 * The extension drives it with one timer and does the reads; the bench drives it with a virtual
 * clock, so the request rate it reports is this policy's, measured.
 *
 * The policy: an item is read as often as its state can change in a way that matters (a pending
 * transaction every few seconds, a validator with weeks of runway every few minutes), never once
 * it is final, and the whole list stays within a budget of requests per minute the user sets.
 * When the planned rate exceeds the budget, every interval stretches by the same factor; a token
 * bucket holds the rest. A 429 pauses every item of that service for as long as the shared rule
 * says (`core/http/rateLimit.ts`); other failures back off per item.
 */
import * as z from 'zod';

import { isRateLimitedError } from '../http/errors';
import { rateLimitWaitMs } from '../http/rateLimit';
import { type WatchChange, describeChange } from './changes';
import { checkCost, type WatchObservation } from './checks';
import { type WatchTarget, WatchTargetSchema, watchKey } from './targets';

/** Most items the list holds: each costs requests and global state. */
export const maxWatchItems = 200;
/** Changes kept per item, newest first. */
const maxHistory = 5;

export interface WatchHistoryEntry {
    readonly atMs: number;
    readonly text: string;
    readonly severity: WatchChange['severity'];
}

export interface WatchEntry {
    readonly key: string;
    readonly target: WatchTarget;
    readonly addedAtMs: number;
    observation?: WatchObservation | undefined;
    checkedAtMs?: number | undefined;
    /** The last read's failure, in words; cleared by the next success. */
    error?: string | undefined;
    errors: number;
    /** Newest first. */
    history: WatchHistoryEntry[];
    /** True until the user has seen the latest change. */
    unseen: boolean;
    nextDueMs: number;
    /** True once a read was final: it is not read again. */
    final: boolean;
    /** Reads in a row that found a transaction seen pending unknown (see `record`). */
    vanished?: number | undefined;
}

/**
 * Reads in a row that must find a pending EVM transaction unknown before the list believes it.
 * coreth and Subnet-EVM drop a transaction from the pool once its block is the preferred head,
 * but index it (receipt and lookup) only after accepting that block, asynchronously; a read in
 * between finds neither, and telling "dropped" then would be false news.
 */
const vanishedReadsBelieved = 2;

/** How often an item is read, before the budget stretches it. */
export function baseIntervalMs(entry: WatchEntry, nowMs: number): number {
    const o = entry.observation;
    if (entry.errors > 0) return Math.min(600_000, 15_000 * 2 ** Math.min(entry.errors - 1, 6));
    const age = nowMs - entry.addedAtMs;
    switch (entry.target.kind) {
        case 'evmTx':
        case 'pTx':
            // Blocks come every one or two seconds; a transaction waiting longer than a few
            // minutes is waiting on its sender, not the chain.
            return age < 120_000 ? 4_000 : age < 1_800_000 ? 15_000 : 60_000;
        case 'export':
            return age < 300_000 ? 5_000 : 30_000;
        case 'node':
            return o?.status === 'down' ? 10_000 : 15_000;
        case 'evmAddress':
            return 60_000;
        case 'icmMessage':
            // Each read is several batches on two chains; a relayer delivers in seconds to
            // minutes, and one that has not after half an hour is waiting on someone.
            return age < 600_000 ? 30_000 : age < 3_600_000 ? 120_000 : 300_000;
        case 'l1Validator':
        case 'l1': {
            // A hundredth of the runway: a validator with days left is read every few minutes,
            // one with an hour left every minute.
            const runway = o?.runwaySeconds;
            if (runway === undefined) return 300_000;
            return Math.min(600_000, Math.max(60_000, runway * 10));
        }
    }
}

/** The service a target's reads go to, for a 429's pause. */
export function serviceOf(target: WatchTarget): string {
    switch (target.kind) {
        case 'export':
            return 'data-api';
        case 'node':
            return `node:${target.url}`;
        default:
            return `chain:${target.network}`;
    }
}

export interface WatchBudget {
    /** Requests a minute the whole list may spend. */
    readonly requestsPerMinute: number;
}

export interface RecordResult {
    readonly change?: WatchChange | undefined;
}

export class WatchList {
    private readonly entries = new Map<string, WatchEntry>();
    private tokens: number;
    private tokensAtMs: number;
    /** Requests spent, for the bench and the settings' "spent so far". */
    spent = 0;

    constructor(
        private budget: WatchBudget,
        nowMs: number,
    ) {
        this.tokens = this.burst;
        this.tokensAtMs = nowMs;
    }

    private get burst(): number {
        return Math.max(1, Math.min(10, this.budget.requestsPerMinute));
    }

    setBudget(budget: WatchBudget): void {
        this.budget = budget;
        this.tokens = Math.min(this.tokens, this.burst);
    }

    get size(): number {
        return this.entries.size;
    }

    items(): readonly WatchEntry[] {
        return [...this.entries.values()];
    }

    get(key: string): WatchEntry | undefined {
        return this.entries.get(key);
    }

    /** Adds `target` (due at once); false when it is already there or the list is full. */
    add(target: WatchTarget, nowMs: number): { added: boolean; key: string; full?: boolean } {
        const key = watchKey(target);
        if (this.entries.has(key)) return { added: false, key };
        if (this.entries.size >= maxWatchItems) return { added: false, key, full: true };
        this.entries.set(key, {
            key,
            target,
            addedAtMs: nowMs,
            errors: 0,
            history: [],
            unseen: false,
            nextDueMs: nowMs,
            final: false,
        });
        return { added: true, key };
    }

    remove(key: string): boolean {
        return this.entries.delete(key);
    }

    /** Makes `key` (or every item not final) due now: the user's Refresh. */
    refreshNow(nowMs: number, key?: string): void {
        for (const entry of this.entries.values()) {
            if (key !== undefined && entry.key !== key) continue;
            if (key === undefined && entry.final) continue;
            entry.nextDueMs = nowMs;
        }
    }

    /** Marks every change seen; returns how many were unseen. */
    markSeen(): number {
        let count = 0;
        for (const entry of this.entries.values()) {
            if (entry.unseen) count++;
            entry.unseen = false;
        }
        return count;
    }

    get unseenCount(): number {
        let count = 0;
        for (const entry of this.entries.values()) if (entry.unseen) count++;
        return count;
    }

    /** Requests a minute the list would spend at its intervals, before the budget's stretch. */
    plannedPerMinute(nowMs: number): number {
        let rate = 0;
        for (const entry of this.entries.values()) {
            if (entry.final) continue;
            rate += (checkCost(entry.target) * 60_000) / baseIntervalMs(entry, nowMs);
        }
        return rate;
    }

    /** The factor every interval is stretched by to keep the planned rate within the budget. */
    stretch(nowMs: number): number {
        const planned = this.plannedPerMinute(nowMs);
        return planned > this.budget.requestsPerMinute
            ? planned / this.budget.requestsPerMinute
            : 1;
    }

    private refill(nowMs: number): void {
        const elapsed = Math.max(0, nowMs - this.tokensAtMs);
        this.tokens = Math.min(
            this.burst,
            this.tokens + (elapsed * this.budget.requestsPerMinute) / 60_000,
        );
        this.tokensAtMs = nowMs;
    }

    /** Counts requests spent outside an item's own read (the shared fee state). */
    spend(requests: number, nowMs: number): void {
        this.refill(nowMs);
        this.tokens -= requests;
        this.spent += requests;
    }

    /**
     * The items to read now, earliest due first, as many as the budget's tokens allow; each is
     * charged its cost. An item already being read is skipped (`busy`).
     */
    takeDue(nowMs: number, busy: ReadonlySet<string> = new Set()): WatchEntry[] {
        this.refill(nowMs);
        const due = [...this.entries.values()]
            .filter((e) => !e.final && e.nextDueMs <= nowMs && !busy.has(e.key))
            .sort((a, b) => a.nextDueMs - b.nextDueMs);
        const taken: WatchEntry[] = [];
        for (const entry of due) {
            const cost = checkCost(entry.target);
            if (this.tokens < cost) break;
            this.tokens -= cost;
            this.spent += cost;
            taken.push(entry);
        }
        return taken;
    }

    /** When the driver should look again: the earliest due item, or when a token is back. */
    nextWakeMs(nowMs: number, busy: ReadonlySet<string> = new Set()): number | undefined {
        let earliest: number | undefined;
        for (const entry of this.entries.values()) {
            if (entry.final || busy.has(entry.key)) continue;
            if (earliest === undefined || entry.nextDueMs < earliest) earliest = entry.nextDueMs;
        }
        if (earliest === undefined) return undefined;
        this.refill(nowMs);
        const tokenAtMs =
            this.tokens >= 1
                ? nowMs
                : nowMs + ((1 - this.tokens) * 60_000) / this.budget.requestsPerMinute;
        return Math.max(earliest, tokenAtMs, nowMs);
    }

    /** Records a read's observation; returns the change worth telling, if any. */
    record(
        key: string,
        read: WatchObservation,
        nowMs: number,
        thresholdSeconds: number,
    ): RecordResult {
        const entry = this.entries.get(key);
        if (!entry) return {};
        const vanishing =
            entry.target.kind === 'evmTx' &&
            entry.observation?.value === 'pending' &&
            read.value === 'unknown';
        entry.vanished = vanishing ? (entry.vanished ?? 0) + 1 : 0;
        // Until believed, the read counts as the pending state it was before: nothing to tell, and
        // the next read at its pace is the judge.
        const observation =
            vanishing && entry.vanished < vanishedReadsBelieved ? entry.observation! : read;
        const change = describeChange(
            entry.target,
            entry.observation,
            observation,
            thresholdSeconds,
        );
        entry.observation = observation;
        entry.checkedAtMs = nowMs;
        entry.error = undefined;
        entry.errors = 0;
        entry.final = observation.final;
        if (change) {
            entry.history.unshift({ atMs: nowMs, text: change.text, severity: change.severity });
            entry.history.length = Math.min(entry.history.length, maxHistory);
            entry.unseen = true;
        }
        entry.nextDueMs = nowMs + baseIntervalMs(entry, nowMs) * this.stretch(nowMs);
        return { change };
    }

    /** Records a failed read: the item backs off, and a 429 pauses its whole service. */
    recordError(key: string, error: unknown, text: string, nowMs: number): void {
        const entry = this.entries.get(key);
        if (!entry) return;
        entry.checkedAtMs = nowMs;
        entry.error = text;
        entry.errors++;
        if (isRateLimitedError(error)) {
            const until = nowMs + rateLimitWaitMs(error.retryAfterMs);
            const service = serviceOf(entry.target);
            for (const other of this.entries.values()) {
                if (serviceOf(other.target) === service) {
                    other.nextDueMs = Math.max(other.nextDueMs, until);
                }
            }
            entry.nextDueMs = Math.max(entry.nextDueMs, until);
            return;
        }
        entry.nextDueMs = nowMs + baseIntervalMs(entry, nowMs) * this.stretch(nowMs);
    }

    // -----------------------------------------------------------------------------------------
    // Stored form

    toStored(): StoredWatchList {
        return {
            version: 1,
            items: [...this.entries.values()].map((e) => ({
                target: e.target,
                addedAtMs: e.addedAtMs,
                final: e.final,
                unseen: e.unseen,
                ...(e.checkedAtMs !== undefined ? { checkedAtMs: e.checkedAtMs } : {}),
                ...(e.observation ? { observation: storedObservation(e.observation) } : {}),
                history: e.history,
            })),
        };
    }

    /**
     * Reads a stored list back. An entry that does not parse is dropped and counted, never
     * trusted; items not final are due at once, so a reload reads them again.
     */
    restore(stored: unknown, nowMs: number): { restored: number; dropped: number } {
        const list = StoredWatchListSchema.safeParse(stored);
        if (!list.success) {
            const count = Array.isArray((stored as { items?: unknown } | undefined)?.items)
                ? (stored as { items: unknown[] }).items.length
                : 0;
            return { restored: 0, dropped: count };
        }
        let restored = 0;
        let dropped = 0;
        for (const raw of list.data.items) {
            const item = StoredItemSchema.safeParse(raw);
            if (!item.success || this.entries.size >= maxWatchItems) {
                dropped++;
                continue;
            }
            const key = watchKey(item.data.target);
            if (this.entries.has(key)) continue;
            this.entries.set(key, {
                key,
                target: item.data.target,
                addedAtMs: item.data.addedAtMs,
                observation: item.data.observation,
                checkedAtMs: item.data.checkedAtMs,
                errors: 0,
                history: item.data.history,
                unseen: item.data.unseen,
                nextDueMs: nowMs,
                final: item.data.final,
            });
            restored++;
        }
        return { restored, dropped };
    }
}

/**
 * What of an observation is kept across reloads: enough to show the row and compare the next read,
 * not an L1's whole validator list (read again at once) or more than a screenful of details.
 */
function storedObservation(o: WatchObservation): WatchObservation {
    return { ...o, validators: undefined, details: o.details.slice(0, storedDetails) };
}
const storedDetails = 20;

const text = (max: number) => z.string().max(max);

const ObservationSchema = z.object({
    status: z.enum(['ok', 'pending', 'warning', 'done', 'failed', 'down', 'error', 'unknown']),
    summary: text(300),
    final: z.boolean(),
    value: text(20_000),
    details: z.array(z.object({ label: text(200), value: text(2_000) })).max(60),
    runwaySeconds: z.number().optional(),
    balance: z
        .string()
        .regex(/^[0-9]{1,80}$/)
        .optional(),
    l1: text(80).optional(),
    feePerSecond: z
        .string()
        .regex(/^[0-9]{1,30}$/)
        .optional(),
    under: z
        .array(text(80))
        .max(maxWatchItems * 10)
        .optional(),
    validators: z
        .array(
            z.object({
                nodeId: text(80),
                validationId: text(80).optional(),
                balance: z.string().regex(/^[0-9]{1,80}$/),
                runwaySeconds: z.number().optional(),
            }),
        )
        .max(2_000)
        .optional(),
});

const StoredItemSchema = z.object({
    target: WatchTargetSchema,
    addedAtMs: z.number().finite(),
    final: z.boolean(),
    unseen: z.boolean(),
    checkedAtMs: z.number().finite().optional(),
    observation: ObservationSchema.optional(),
    history: z
        .array(
            z.object({
                atMs: z.number().finite(),
                text: text(1_000),
                severity: z.enum(['info', 'warning']),
            }),
        )
        .max(maxHistory),
});

const StoredWatchListSchema = z.object({
    version: z.literal(1),
    // Entries are checked one by one below, so one bad entry costs only itself.
    items: z.array(z.unknown()).max(maxWatchItems * 2),
});

export interface StoredWatchList {
    readonly version: 1;
    readonly items: readonly unknown[];
}
