/**
 * What the reliability checks share: how big a run is (the fast subset of `npm test`, or the full
 * `npm run test:reliability`), and where each check writes the row of the reliability table.
 *
 * The checks are ordinary test files of the unit, integration and e2e tiers; the same files run in
 * both modes, only their case counts change. Each check appends one JSON line to the file named by
 * `RELIABILITY_RECORD` (when set), whichever process it runs in: plain Node, the extension host
 * (which inherits the variable through code-server) or the e2e driver. scripts/reliability.mjs
 * sets the variables, runs the tiers and turns the lines into the table.
 */
import { appendFileSync } from 'node:fs';

/** Environment variables of a reliability run. */
export const reliabilityEnv = {
    /** File that receives one JSON line per check. */
    record: 'RELIABILITY_RECORD',
    /** `1`: the full matrix, 100,000 fuzz cases, the long soak. */
    full: 'RELIABILITY_FULL',
    /** Fuzz cases per property (overrides the mode's default). */
    fuzzRuns: 'FUZZ_RUNS',
    /** Length of the Node view soak in seconds; 0 skips it. */
    soakSeconds: 'SOAK_SECONDS',
} as const;

export type CheckArea =
    | 'faults'
    | 'hostile'
    | 'hostile workspace'
    | 'secrets'
    | 'trust'
    | 'proxy'
    | 'fuzz'
    | 'bounds'
    | 'soak';

/** One row of the table. */
export interface CheckRecord {
    readonly area: CheckArea;
    /** What was tried, in a few words. */
    readonly check: string;
    /** Cases tried (fuzz cases, matrix cells, strings, samples). */
    readonly cases: number;
    /** Requests the sandbox received for this check, where that is what is bounded. */
    readonly requests?: number | undefined;
    readonly held: boolean;
    /** Measured figures or, when it did not hold, the first failure. */
    readonly detail?: string | undefined;
}

/** True in `npm run test:reliability`. */
export function isFullRun(): boolean {
    return process.env[reliabilityEnv.full] === '1';
}

function positiveInt(text: string | undefined): number | undefined {
    const value = Number(text);
    return text !== undefined && text !== '' && Number.isInteger(value) && value >= 0
        ? value
        : undefined;
}

/** Fuzz cases per property: `FUZZ_RUNS`, else 100,000 in the full run, else `fast`. */
export function fuzzRuns(fast: number): number {
    return positiveInt(process.env[reliabilityEnv.fuzzRuns]) ?? (isFullRun() ? 100_000 : fast);
}

/** Soak length in seconds: `SOAK_SECONDS`, else 600 in the full run, else `fast`. */
export function soakSeconds(fast: number): number {
    return positiveInt(process.env[reliabilityEnv.soakSeconds]) ?? (isFullRun() ? 600 : fast);
}

/** Appends the row to the record file; without one (a plain `npm test`) it does nothing. */
export function recordCheck(record: CheckRecord): void {
    const file = process.env[reliabilityEnv.record];
    if (!file) return;
    appendFileSync(file, `${JSON.stringify({ ...record, atMs: Date.now() })}\n`);
}

/** Figures a check reports about itself. */
export interface CheckOutcome {
    readonly cases: number;
    readonly requests?: number | undefined;
    readonly detail?: string | undefined;
}

/**
 * Runs a check and records its row: held when `run` resolves, not held (with the error's first
 * line) when it throws, and the error is thrown on so that the test fails as well. `progress`
 * lets a check report the cases it got through before failing.
 */
export async function recorded(
    area: CheckArea,
    check: string,
    run: (progress: { cases: number; requests: number }) => Promise<CheckOutcome> | CheckOutcome,
): Promise<void> {
    const progress = { cases: 0, requests: 0 };
    let outcome: CheckOutcome;
    try {
        outcome = await run(progress);
    } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        recordCheck({
            area,
            check,
            cases: progress.cases,
            requests: progress.requests || undefined,
            held: false,
            detail: message.split('\n').slice(0, 3).join(' ').slice(0, 400),
        });
        throw error;
    }
    recordCheck({ area, check, held: true, ...outcome });
}
