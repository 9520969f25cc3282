/**
 * Transaction export operations (`postTransactionExportJob`): the record kept for each export this
 * extension started, how a polled status is read (running, done, done but truncated, failed), how
 * long to wait between polls, and the request that continues a truncated export from its
 * `nextDate`. Pure, so the rules are unit-tested; the polling loop and the notifications live in
 * the commands.
 */
import type { Operation } from '../dataApi/model';
import type { PostTransactionExportJobParams } from '../dataApi/params';

/** An export remembered across reloads (in `globalState`). */
export interface StoredOperation {
    readonly operationId: string;
    readonly operationType: string;
    /**
     * The body it was created with, so that a truncated export can be continued; absent for an
     * operation this extension did not start but was asked about by id.
     */
    readonly request?: PostTransactionExportJobParams | undefined;
    /** The last status read, `RUNNING` until it was read otherwise. */
    readonly status: string;
    readonly createdAtMs: number;
    readonly updatedAtMs: number;
    readonly message?: string | undefined;
    readonly code?: string | undefined;
    readonly downloadUrl?: string | undefined;
    readonly nextDate?: string | undefined;
}

/** What a status means for the user. */
export type OperationOutcome =
    'running' | 'completed' | 'truncated' | 'warning' | 'failed' | 'unknown';

/** What `operationOutcome` reads: an API operation or a stored one. */
export interface OutcomeInput {
    readonly operationStatus?: string | undefined;
    readonly status?: string | undefined;
    readonly metadata?: { readonly code?: string | undefined } | undefined;
    readonly code?: string | undefined;
}

/** Reads an operation's status (unknown statuses are reported, not guessed at). */
export function operationOutcome(op: OutcomeInput): OperationOutcome {
    const status = op.operationStatus ?? op.status;
    const code = op.metadata?.code ?? op.code;
    switch (status) {
        case 'RUNNING':
            return 'running';
        case 'COMPLETED':
            return 'completed';
        case 'COMPLETED_WITH_WARNING':
            return code === 'WarnTruncatedExport' ? 'truncated' : 'warning';
        case 'FAILED':
            return 'failed';
        default:
            return 'unknown';
    }
}

/**
 * True when no further poll can change the status: completed (with or without a warning, cut
 * short or not) or failed. A status this extension does not know is not final: the API adds
 * statuses without notice, and one that means "still working" must not end the following.
 */
export function isFinalOutcome(outcome: OperationOutcome): boolean {
    return (
        outcome === 'completed' ||
        outcome === 'truncated' ||
        outcome === 'warning' ||
        outcome === 'failed'
    );
}

/**
 * The one rule of when an export is over, for the palette's follower, the Export Operations
 * panel and the watch list alike (`isFinalOutcome` of its status).
 */
export function isOperationFinal(op: OutcomeInput): boolean {
    return isFinalOutcome(operationOutcome(op));
}

/**
 * The API reports operation times as integers of an unstated unit (the sandbox uses
 * milliseconds); values below 10^12 are read as seconds.
 */
export function epochToMs(value: number | undefined): number | undefined {
    if (value === undefined || !Number.isFinite(value)) return undefined;
    return value < 1e12 ? value * 1000 : value;
}

/** The stored form of a freshly read operation. */
export function storeOperation(
    op: Operation,
    request: PostTransactionExportJobParams | undefined,
    nowMs: number = Date.now(),
): StoredOperation {
    return updateStored(
        {
            operationId: op.operationId,
            operationType: op.operationType,
            ...(request ? { request } : {}),
            status: op.operationStatus,
            createdAtMs: epochToMs(op.createdAtTimestamp) ?? nowMs,
            updatedAtMs: epochToMs(op.updatedAtTimestamp) ?? nowMs,
        },
        op,
    );
}

/** A stored operation updated with a newly read status. */
export function updateStored(stored: StoredOperation, op: Operation): StoredOperation {
    return {
        ...stored,
        status: op.operationStatus,
        updatedAtMs: epochToMs(op.updatedAtTimestamp) ?? stored.updatedAtMs,
        message: op.message ?? undefined,
        code: op.metadata?.code ?? undefined,
        downloadUrl: op.metadata?.downloadUrl ?? undefined,
        nextDate: op.metadata?.nextDate ?? undefined,
    };
}

/** Most exports kept in the list. */
const maxStoredOperations = 50;

/** The list with `op` first (replacing an older record of the same id), bounded. */
export function rememberOperation(
    list: readonly StoredOperation[],
    op: StoredOperation,
    max = maxStoredOperations,
): StoredOperation[] {
    return [op, ...list.filter((o) => o.operationId !== op.operationId)].slice(0, max);
}

/** How long after its last change a running export is still followed after a reload. */
const resumeWindowMs = 24 * 3_600_000;

/**
 * The exports to follow again after a reload: the ones last seen not final, changed within
 * `resumeWindowMs` (an older one is more likely gone than running; its row in the operations
 * panel still offers "Follow").
 */
export function operationsToResume(
    list: readonly StoredOperation[],
    nowMs: number = Date.now(),
): StoredOperation[] {
    return list.filter((o) => !isOperationFinal(o) && nowMs - o.updatedAtMs <= resumeWindowMs);
}

/** Delay before poll number `attempt` (0-based): quick at first, then every 5 s. */
export function pollDelayMs(attempt: number): number {
    const schedule = [300, 500, 1000, 2000, 3000];
    return schedule[attempt] ?? 5000;
}

/**
 * The export that continues a truncated one: the same request, starting at `nextDate` (the
 * deprecated `startDate` is dropped in favour of `firstDate`). Undefined when there is no date.
 */
export function continuationRequest(
    request: PostTransactionExportJobParams | undefined,
    nextDate: string | undefined,
): PostTransactionExportJobParams | undefined {
    if (!request || !nextDate || !/^\d{4}-\d{2}-\d{2}$/.test(nextDate)) return undefined;
    const next: PostTransactionExportJobParams = { ...request, firstDate: nextDate };
    delete next.startDate;
    if (next.lastDate !== undefined && next.lastDate < nextDate) return undefined;
    return next;
}

/** One line about an operation, for notifications and the progress message. */
export function describeOperation(
    op: Pick<StoredOperation, 'operationId' | 'status' | 'message' | 'code' | 'nextDate'>,
): string {
    const outcome = operationOutcome(op);
    const short = op.operationId.slice(0, 8);
    switch (outcome) {
        case 'running':
            return `Export ${short} is running.`;
        case 'completed':
            return `Export ${short} completed.`;
        case 'truncated':
            return `Export ${short} completed but was cut short${op.nextDate ? `: it covers the dates before ${op.nextDate}` : ''}.`;
        case 'warning':
            return `Export ${short} completed with a warning${op.code ? ` (${op.code})` : ''}${op.message ? `: ${op.message}` : ''}.`;
        case 'failed':
            return `Export ${short} failed${op.code ? ` (${op.code})` : ''}${op.message ? `: ${op.message}` : ''}.`;
        default:
            return `Export ${short} reports status ${op.status}.`;
    }
}
