/**
 * How two answers to the same fixture request are compared: the recorded answer of a real
 * AvalancheGo (test/fixtures/realnode) and another one, from the sandbox
 * (test/unit/sandbox/sandbox.realnode.test.ts) or from the node running now (test/node/fixtures.test.ts).
 * "Alike" means the same HTTP status and content type; for JSON-RPC the same envelope, the same
 * result keys and JSON types (values differ between networks), the same error codes and, unless
 * the case says otherwise, the same error messages; for a batch, the same refusal or the same
 * number of answers.
 */
import type { Fixture, FixtureCase } from './fixtureCases';

function typeOf(value: unknown): string {
    if (value === null) return 'null';
    if (Array.isArray(value)) return 'array';
    return typeof value;
}

/** Differences between two JSON values' shapes, as "path: what" lines. */
export function shapeDiff(
    real: unknown,
    other: unknown,
    at: string,
    mapsAt: readonly string[],
    otherMayAdd = false,
    name = 'the sandbox',
): string[] {
    const here = at || '(body)';
    if (typeOf(real) !== typeOf(other)) {
        return [`${here}: recorded ${typeOf(real)}, ${name} ${typeOf(other)}`];
    }
    if (Array.isArray(real) && Array.isArray(other)) {
        if (real.length === 0 || other.length === 0) return [];
        return shapeDiff(
            real[0],
            other[0],
            `${at}.*`.replace(/^\./, ''),
            mapsAt,
            otherMayAdd,
            name,
        );
    }
    if (typeOf(real) !== 'object') return [];
    const r = real as Record<string, unknown>;
    const o = other as Record<string, unknown>;
    if (mapsAt.includes(at)) return mapDiff(r, o, at, mapsAt, otherMayAdd, name);
    const out: string[] = [];
    for (const key of Object.keys(r)) {
        const sub = at ? `${at}.${key}` : key;
        if (!(key in o)) out.push(`${sub}: missing in ${name}`);
        else out.push(...shapeDiff(r[key], o[key], sub, mapsAt, otherMayAdd, name));
    }
    for (const key of otherMayAdd ? [] : Object.keys(o)) {
        if (!(key in r)) out.push(`${at ? `${at}.${key}` : key}: only in ${name}`);
    }
    return out;
}

/**
 * A map's entries are keyed by ids that differ between networks (chain ids, addresses), so the
 * recorded first entry is compared with the other answer's entry most alike it, not with its
 * first: Go writes map keys sorted, and the first of a node's health checks is the L1 chain's
 * (whose `vm` is an object) only when its random chain id sorts before `C` (whose `vm` is null).
 */
function mapDiff(
    r: Record<string, unknown>,
    o: Record<string, unknown>,
    at: string,
    mapsAt: readonly string[],
    otherMayAdd: boolean,
    name: string,
): string[] {
    const rv = Object.values(r)[0];
    if (rv === undefined) return [];
    let best: string[] = [];
    let first = true;
    for (const ov of Object.values(o)) {
        const lines = shapeDiff(rv, ov, `${at}.*`, mapsAt, otherMayAdd, name);
        if (first || lines.length < best.length) best = lines;
        first = false;
        if (lines.length === 0) break;
    }
    return best;
}

function errorOf(body: unknown): { code?: unknown; message?: unknown } | undefined {
    return typeOf(body) === 'object'
        ? ((body as { error?: { code?: unknown; message?: unknown } }).error ?? undefined)
        : undefined;
}

/**
 * The keys a node with Helicon (AvalancheGo 1.15) adds to answers of the common cases, as shape
 * paths: the ACP-194 settlement and ACP-176/283 exponents of a C-Chain block
 * (graft/coreth/plugin/evm/customtypes/header_ext.go at v1.15.0-fuji) and the ACP-236 settings of
 * an auto-renewed validator (vms/platformvm/api/validator.go). A node before Helicon lacks them,
 * and so does the sandbox, which models one.
 */
export const heliconAdditions: readonly string[] = [
    'result.settledHeight',
    'result.settledGasUnix',
    'result.settledGasNumerator',
    'result.settledExcess',
    'result.targetExponent',
    'result.minPriceExponent',
    'result.validators.*.validatorAuthority',
    'result.validators.*.nextPeriod',
    'result.validators.*.autoCompoundRewardShares',
];

/**
 * Every way `other` does not answer like the recorded `real` answer, as readable lines (empty
 * when alike). `otherMayAdd` lets `other` send keys the recording lacks; `otherMayLack` names the
 * keys (shape paths) `other` may leave out.
 */
export function answerDifferences(
    fixture: FixtureCase,
    real: Fixture['response'],
    other: Fixture['response'],
    options: { name: string; otherMayAdd?: boolean; otherMayLack?: readonly string[] },
): string[] {
    const lacking = new Set(
        (options.otherMayLack ?? []).map((p) => `${p}: missing in ${options.name}`),
    );
    return compare(fixture, real, other, options).filter((line) => !lacking.has(line));
}

function compare(
    fixture: FixtureCase,
    real: Fixture['response'],
    other: Fixture['response'],
    options: { name: string; otherMayAdd?: boolean },
): string[] {
    const { name } = options;
    const out: string[] = [];
    if (other.status !== real.status) {
        out.push(`HTTP status: recorded ${real.status}, ${name} ${other.status}`);
    }
    const [realType, otherType] = [real.contentType, other.contentType].map((t) => t.split(';')[0]);
    if (otherType !== realType) {
        out.push(`content type: recorded ${realType}, ${name} ${otherType}`);
    }
    if (typeof real.body === 'string') {
        if (other.body !== real.body) {
            out.push(`plain-text body: recorded ${real.body}, ${name} ${String(other.body)}`);
        }
        return out;
    }
    const compareError = (recorded: unknown, got: unknown, label: string): void => {
        const realError = errorOf(recorded);
        const gotError = errorOf(got);
        if (!realError) {
            if (gotError)
                out.push(`${label}: ${name} answered an error ${JSON.stringify(gotError)}`);
            return;
        }
        if (!gotError) {
            out.push(`${label}: ${name} answered ${JSON.stringify(got).slice(0, 300)}`);
            return;
        }
        if (gotError.code !== realError.code) {
            out.push(
                `${label} code: recorded ${String(realError.code)}, ${name} ${String(gotError.code)}`,
            );
        }
        if (fixture.sameMessage !== false && gotError.message !== realError.message) {
            out.push(
                `${label} message: recorded ${String(realError.message)}, ${name} ${String(gotError.message)}`,
            );
        }
    };
    if (Array.isArray(real.body)) {
        if (!Array.isArray(other.body)) {
            out.push(`a batch: ${name} did not answer with an array`);
            return out;
        }
        const otherBatch = other.body as unknown[];
        if (otherBatch.length !== real.body.length) {
            out.push(
                `answers in the batch: recorded ${real.body.length}, ${name} ${otherBatch.length}`,
            );
        }
        real.body.forEach((item, i) => {
            // Errors inside a batch compare whole (code, message and data).
            const [recorded, got] = [errorOf(item), errorOf(otherBatch[i])].map((e) =>
                JSON.stringify(e),
            );
            if (got !== recorded) {
                out.push(`error of call ${i + 1}: recorded ${recorded}, ${name} ${got}`);
            }
            out.push(...shapeDiff(item, otherBatch[i], '', fixture.mapsAt ?? [], false, name));
        });
        return out;
    }
    compareError(real.body, other.body, 'error');
    out.push(
        ...shapeDiff(
            real.body,
            other.body,
            '',
            fixture.mapsAt ?? [],
            options.otherMayAdd ?? false,
            name,
        ),
    );
    return out;
}
