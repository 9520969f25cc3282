/**
 * The health API's answer (`/ext/health`: `health.health`, `health.readiness`, `health.liveness`
 * over JSON-RPC, and the same JSON from a GET with `?tag=`), as AvalancheGo v1.14.2 sends it:
 * `api/health/service.go` (`APIReply { checks, healthy }`) and `api/health/result.go`
 * (https://github.com/ava-labs/avalanchego/blob/v1.14.2/api/health/result.go). A `Result` has
 * `message` (any JSON the check returns, omitted when empty), `error` (only when failing),
 * `timestamp` (RFC 3339; Go's zero time for a check not yet run), `duration` (nanoseconds),
 * `contiguousFailures` and `timeOfFirstFailure` (both omitted while the check passes).
 *
 * Every string in it comes from the node: names, messages and errors are cut and made inert here
 * (`core/text/inert.ts`), and a node that reports thousands of checks keeps the first
 * {@link maxHealthChecks} (failing first) and a count of the rest.
 */
import * as z from 'zod';

import { inertLine } from '../text/inert';
import { lazy } from './wire';

/** Most checks kept from one answer; a real node has a dozen plus one per chain. */
const maxHealthChecks = 200;
const maxNameChars = 120;
const maxMessageChars = 300;

function resultWire() {
    return z.object({
        // Any JSON: a string ("node has the correct BLS key"), an object of numbers, a list.
        message: z.unknown().optional(),
        error: z.string().nullish(),
        timestamp: z.string().nullish(),
        duration: z.number().nullish(),
        contiguousFailures: z.number().nullish(),
        timeOfFirstFailure: z.string().nullish(),
    });
}

/** Wire schema of the health.* results and of the GET answer, built on first use. */
export const HealthReplyWireSchema = lazy(() =>
    z.object({
        // `null` when a tag names no check: Go's nil map.
        checks: z.record(z.string(), resultWire()).nullish(),
        healthy: z.boolean(),
    }),
);
/** The health.* result, as the node sends it. */
export type HealthReplyWire = z.infer<ReturnType<typeof HealthReplyWireSchema>>;

/** One health check as the node last ran it. */
export interface HealthCheck {
    /** The check's name: a chain id or alias, `bls`, `diskspace`, `network`… (inert). */
    readonly name: string;
    readonly healthy: boolean;
    /** The check's details as one inert line (JSON text for an object); may be empty. */
    readonly message: string;
    /** Why it fails (inert), when it fails. */
    readonly error?: string | undefined;
    /** When the node last ran it, ms since the epoch; undefined when not yet run. */
    readonly timestampMs?: number | undefined;
    /** How long the check took, in milliseconds. */
    readonly durationMs: number;
    /** How many runs in a row have failed; 0 while it passes. */
    readonly contiguousFailures: number;
    /** Since when it has been failing, ms since the epoch. */
    readonly failingSinceMs?: number | undefined;
}

/** One answer of the health API. */
export interface HealthReport {
    readonly healthy: boolean;
    /** Failing checks first, then by name. */
    readonly checks: readonly HealthCheck[];
    /** Checks left out beyond {@link maxHealthChecks}. */
    readonly omitted: number;
}

/** Go's zero `time.Time`, which a check not yet run carries. */
function timeMs(text: string | null | undefined): number | undefined {
    if (text == null || text.startsWith('0001-01-01')) return undefined;
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? ms : undefined;
}

/** A check's details as one bounded line: the string itself, or compact JSON of anything else. */
function messageText(message: unknown): string {
    if (message === undefined || message === null) return '';
    if (typeof message === 'string') return inertLine(message, maxMessageChars);
    let text: string;
    try {
        text = JSON.stringify(message) ?? '';
    } catch {
        text = '';
    }
    return inertLine(text, maxMessageChars);
}

/** Turns a health.* result (or the GET answer) into its camelCase domain form. */
export function normalizeHealthReply(wire: HealthReplyWire): HealthReport {
    const checks: HealthCheck[] = [];
    for (const [name, result] of Object.entries(wire.checks ?? {})) {
        const failing = result.error != null;
        const failingSinceMs = timeMs(result.timeOfFirstFailure);
        const timestampMs = timeMs(result.timestamp);
        checks.push({
            name: inertLine(name, maxNameChars),
            healthy: !failing,
            message: messageText(result.message),
            ...(failing ? { error: inertLine(result.error, maxMessageChars) } : {}),
            ...(timestampMs === undefined ? {} : { timestampMs }),
            durationMs: Math.max(0, (result.duration ?? 0) / 1e6),
            contiguousFailures: Math.max(0, Math.trunc(result.contiguousFailures ?? 0)),
            ...(failingSinceMs === undefined ? {} : { failingSinceMs }),
        });
    }
    checks.sort((a, b) =>
        a.healthy === b.healthy
            ? a.name < b.name
                ? -1
                : a.name > b.name
                  ? 1
                  : 0
            : a.healthy
              ? 1
              : -1,
    );
    const kept = checks.slice(0, maxHealthChecks);
    return { healthy: wire.healthy, checks: kept, omitted: checks.length - kept.length };
}

/**
 * The failing checks the node has run. AvalancheGo reports a check registered since its last
 * round as failing with "not yet run" and Go's zero time until the next round (up to
 * `--health-check-frequency`, 30 s by default, after a start): that says nothing of the node yet.
 */
export function checksFailingOnRun(report: HealthReport): HealthCheck[] {
    return report.checks.filter((c) => !c.healthy && c.timestampMs !== undefined);
}

/**
 * Checks registered but not run yet ("not yet run" with Go's zero time): no verdict. The node
 * still counts them in `avalanche_health_checks_failing`, so a threshold on that gauge subtracts
 * them as {@link checksFailingOnRun} leaves them out.
 */
export function checksNotYetRun(report: HealthReport): number {
    return report.checks.filter((c) => !c.healthy && c.timestampMs === undefined).length;
}

/** The failing checks of a report, as `name: error` lines (at most `max`). */
export function failingChecks(report: HealthReport, max = 10): string[] {
    return report.checks
        .filter((c) => !c.healthy)
        .slice(0, max)
        .map((c) => (c.error ? `${c.name}: ${c.error}` : c.name));
}
