/**
 * Property-based fuzzing of the parameter checks that stand between what a person (or a webview
 * page) supplies and what goes on the wire: the Data API checks (`endpoints.ts` with the parameter
 * types of `validate.ts`, every operation) and the node method table's checks (`params.ts` through
 * each `encodeParams`, `paramsFromText` and `nodeEndpointPath`). Inputs are valid calls with one or more values mutated, unknown keys,
 * hostile text and arbitrary values (objects with `__proto__` keys, bigints, NaN, sparse arrays).
 *
 * Properties: the only error is `ValidationError`, with a short one-line message; what is
 * accepted is safe to send (a path with no traversal segment and only URL-safe characters, a body
 * and query that serialise).
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';

import {
    type DataApiOperation,
    type DataApiParams,
    isValidationError,
    listNodeRpcMethods,
    nodeEndpointPath,
    operationParams,
    paramsFromText,
    prepareRequest,
    type NodeRpcMethod,
    type ParamKind,
} from '../../../src/core';
import { encodeQuery } from '../../../src/core/http/httpClient';
import { validParams } from '../dataApi/dataApi.samples';
import { hostileStrings } from '../../sandbox/hostile';
import { fuzzRuns, recorded } from '../../reliability/record';

/** Longest error message a check may produce (it ends up in toasts and panels). */
const maxMessageLength = 1_000;

/** A value for an assertion message (sparse arrays and bigints shown as such). */
function show(value: unknown): string {
    return fc.stringify(value).slice(0, 300);
}

function checkValidationError(error: unknown, where: string): void {
    if (!isValidationError(error)) {
        const text =
            error instanceof Error
                ? `${error.name}: ${error.stack ?? error.message}`
                : String(error);
        assert.fail(`${where}: threw something other than ValidationError: ${text}`);
    }
    assert.equal(typeof error.param, 'string');
    assert.ok(
        error.message.length <= maxMessageLength,
        `${where}: message of ${error.message.length} characters`,
    );
    assert.ok(
        !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/.test(error.message),
        `${where}: control character in ${JSON.stringify(error.message)}`,
    );
}

/**
 * Fails when a value would change on its way through JSON: holes and undefined in arrays (sent
 * as null), NaN and infinities (null), bigints (a throw), functions, class instances.
 */
function jsonFaithful(value: unknown, where: string): void {
    if (value === undefined) return;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
    if (typeof value === 'number') {
        assert.ok(Number.isFinite(value), `${where}: ${value} does not survive JSON`);
        return;
    }
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
            assert.ok(
                i in value && value[i] !== undefined,
                `${where}: hole or undefined at [${i}]`,
            );
            jsonFaithful(value[i], where);
        }
        return;
    }
    assert.ok(
        typeof value === 'object' &&
            [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null),
        `${where}: ${typeof value} does not survive JSON`,
    );
    for (const inner of Object.values(value)) jsonFaithful(inner, where);
}

/** Characters a path produced by the checks may contain (RFC 3986 pchar plus `/`). */
const safePath = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;

function checkPath(path: string, where: string): void {
    assert.ok(path.startsWith('/'), `${where}: path ${path}`);
    assert.ok(safePath.test(path), `${where}: unsafe character in path ${JSON.stringify(path)}`);
    for (const segment of path.split('/')) {
        const decoded = decodeURIComponent(segment);
        assert.ok(decoded !== '.' && decoded !== '..', `${where}: traversal segment in ${path}`);
    }
}

const mutatedString = (base: string): fc.Arbitrary<unknown> =>
    fc.oneof(
        fc.constant(base),
        fc
            .tuple(fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }))
            .map(([at, by]) => {
                const i = base.length === 0 ? 0 : at % base.length;
                return base.slice(0, i) + by + base.slice(i + 1);
            }),
        fc.nat().map((n) => base.slice(0, base.length === 0 ? 0 : n % base.length)),
        fc.constantFrom(
            `${base}/../x`,
            `../${base}`,
            `${base}?x=1`,
            `${base}#f`,
            `${base}%2F..%2F`,
            ` ${base}`,
            `${base}\n`,
            base.toUpperCase(),
            base.toLowerCase(),
            base.repeat(50),
            '..',
            '.',
            '',
            `${base}\u0000`,
        ),
    );

const mutatedNumber = (base: number | bigint): fc.Arbitrary<unknown> =>
    fc.oneof(
        fc.constant(base),
        fc.constantFrom(-1, 0, 1.5, Number.NaN, Infinity, -Infinity, 2 ** 53 + 2, -0, 1e308),
        fc.constantFrom(-1n, 2n ** 64n, 0n),
        fc.integer().map((n) => (typeof base === 'bigint' ? BigInt(n) : n)),
        fc.constant(String(base)),
        fc.constant(`${String(base)}.0`),
    );

function mutated(value: unknown): fc.Arbitrary<unknown> {
    if (typeof value === 'string') return mutatedString(value);
    if (typeof value === 'number' || typeof value === 'bigint') return mutatedNumber(value);
    if (typeof value === 'boolean') return fc.constantFrom(value, !value, 'true', 1, null);
    if (Array.isArray(value)) {
        const first: unknown = value[0];
        return fc.oneof(
            fc.constant(value),
            fc.constant([]),
            first === undefined ? fc.constant([null]) : fc.array(mutated(first), { maxLength: 4 }),
            fc.constant(Array.from({ length: 2_000 }, () => first)),
            // Sparse: a hole before a valid item (forEach-based checks skip holes).
            fc.constant(Object.assign(new Array<unknown>(2), { 1: first })),
        );
    }
    if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>);
        return fc
            .tuple(...entries.map(([, v]) => fc.option(mutated(v), { nil: undefined, freq: 4 })))
            .map(
                (values) =>
                    Object.fromEntries(
                        entries
                            .map(([k], i): [string, unknown] => [k, values[i]])
                            .filter(([, v]) => v !== undefined),
                    ) as unknown,
            );
    }
    return fc.anything();
}

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
    fc.anything({
        withBigInt: true,
        withNullPrototype: true,
        withSparseArray: true,
        withDate: true,
        maxDepth: 3,
    }),
    fc.constantFrom(...hostileStrings),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constantFrom(
        { __proto__: { polluted: true } },
        JSON.parse('{"__proto__":{"polluted":1}}') as unknown,
        { constructor: { prototype: {} } },
    ),
);

/** A valid call of `operation` with values mutated, keys dropped or added. */
function dataApiParams(operation: DataApiOperation): fc.Arbitrary<unknown> {
    const valid = validParams[operation] as Record<string, unknown>;
    const names = operationParams[operation];
    const perKey = names.map((name) =>
        fc.option(
            name in valid
                ? fc.oneof(
                      { weight: 3, arbitrary: mutated(valid[name]) },
                      { weight: 1, arbitrary: oddValue },
                  )
                : oddValue,
            { nil: undefined, freq: 3 },
        ),
    );
    return fc.oneof(
        {
            weight: 8,
            arbitrary: fc
                .tuple(
                    ...perKey,
                    fc.option(
                        fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 2 }),
                        { freq: 5 },
                    ),
                )
                .map((values) => {
                    const params: Record<string, unknown> = {};
                    names.forEach((name, i) => {
                        const value = values[i];
                        if (value !== undefined) params[name] = value;
                    });
                    const extra = values[names.length] as Record<string, unknown> | null;
                    if (extra) Object.assign(params, extra);
                    return params;
                }),
        },
        { weight: 1, arbitrary: fc.constant(valid) },
        { weight: 1, arbitrary: oddValue },
    );
}

describe('(unit) fuzz: parameter checks', function () {
    this.timeout(0);
    const operations = Object.keys(operationParams) as DataApiOperation[];

    it('an invalid value is quoted with its invisible and control characters escaped', () => {
        // Found by this fuzz run (seed -139228127): DEL reached the message as it was.
        for (const bad of ['\u007f', 'a\u0085b', '\u202eevil', 'x\u2028y']) {
            try {
                nodeEndpointPath('evm', bad);
                assert.fail(`accepted ${JSON.stringify(bad)}`);
            } catch (error) {
                checkValidationError(error, JSON.stringify(bad));
                assert.match((error as Error).message, /\\u[0-9a-f]{4}/);
            }
        }
    });

    it('Data API (validate.ts): only ValidationError, and what is accepted is safe to send', async () => {
        const numRuns = fuzzRuns(3_000);
        await recorded('fuzz', 'Data API parameter checks (validate.ts)', (progress) => {
            let accepted = 0;
            const arbitrary = fc
                .constantFrom(...operations)
                .chain((op) => dataApiParams(op).map((p) => [op, p] as const));
            fc.assert(
                fc.property(arbitrary, ([operation, params]) => {
                    progress.cases++;
                    let prepared;
                    try {
                        prepared = prepareRequest(
                            operation,
                            params as DataApiParams[typeof operation],
                        );
                    } catch (error) {
                        checkValidationError(error, operation);
                        return;
                    }
                    accepted++;
                    checkPath(prepared.path, operation);
                    for (const [key, value] of Object.entries(prepared.query ?? {})) {
                        if (Array.isArray(value)) {
                            jsonFaithful(value, `${operation} query ${key}`);
                        }
                    }
                    if (typeof prepared.body === 'object' && prepared.body !== null) {
                        for (const [key, value] of Object.entries(prepared.body)) {
                            // Comma-joined lists: an empty item is a hole that skipped its check.
                            if (
                                typeof value === 'string' &&
                                key.toLowerCase().includes('addresses')
                            ) {
                                assert.ok(
                                    !value.split(',').includes(''),
                                    `${operation}: empty item in ${key}`,
                                );
                            }
                        }
                    }
                    const encoded = encodeQuery(prepared.query);
                    assert.ok(!/[\s#]/.test(encoded), `${operation}: query ${encoded}`);
                    jsonFaithful(prepared.body, `${operation} body`);
                    // Nothing outside the operation's documented parameters reaches the wire.
                    const known = new Set(operationParams[operation]);
                    for (const key of Object.keys(prepared.query ?? {})) {
                        assert.ok(known.has(key), `${operation}: query key ${key}`);
                    }
                    if (params !== null && typeof params === 'object') {
                        for (const [key, value] of Object.entries(params)) {
                            if (value !== undefined)
                                assert.ok(
                                    known.has(key),
                                    `${operation}: accepted unknown key ${key}`,
                                );
                        }
                    }
                }),
                { numRuns },
            );
            return {
                cases: progress.cases,
                detail: `${accepted} accepted, ${progress.cases - accepted} refused`,
            };
        });
    });

    it('node methods (params.ts through the method table): only ValidationError, serialisable params', async () => {
        const numRuns = fuzzRuns(3_000);
        const methods = listNodeRpcMethods();
        const validFor: Record<ParamKind, fc.Arbitrary<unknown>> = {
            text: fc.constantFrom('C', 'chains', 'http', '/ext/bc/C/rpc'),
            chain: fc.constantFrom(
                'C',
                'X',
                'P',
                '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
                'my-chain.1',
            ),
            cb58Id: fc.constantFrom(
                '11111111111111111111111111111111LpoYY',
                'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
            ),
            nodeIds: fc.constant(['NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD']),
            logLevel: fc.constantFrom('info', 'debug', 'verbo', 'off', 'fatal'),
            address: fc.constant('0x71C7656EC7ab88b098defB751B7401B5f6d8976F'),
            block: fc.constantFrom('latest', 'pending', '0x10', 16, 16n),
            blockOrHash: fc.constantFrom(
                'latest',
                '0x10',
                '0x3e9303f81be00b4af28515dab7b914bf3dbff209ea10e7071fa24d4af0a112d4',
            ),
            hash: fc.constant('0x3e9303f81be00b4af28515dab7b914bf3dbff209ea10e7071fa24d4af0a112d4'),
            timestamp: fc.constantFrom(1_700_000_000, 0),
            boolean: fc.boolean(),
            cb58Ids: fc.constant(['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z']),
            pAddresses: fc.constant(['P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy']),
            xAddress: fc.constant('X-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy'),
            height: fc.constantFrom('0', 1, 18446744073709551615n),
            heightOrProposed: fc.constantFrom('0', 1, 18446744073709551614n, 'proposed'),
            assetId: fc.constantFrom('AVAX', 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'),
            logFilter: fc.constantFrom(
                { fromBlock: 'latest', toBlock: 'latest' },
                { fromBlock: 1, toBlock: '0x10', address: `0x${'12'.repeat(20)}`, topics: [null] },
            ),
        };
        const value = (kind: ParamKind): fc.Arbitrary<unknown> =>
            fc.oneof(
                { weight: 2, arbitrary: validFor[kind] },
                { weight: 2, arbitrary: validFor[kind].chain(mutated) },
                { weight: 1, arbitrary: oddValue },
            );
        const paramsOf = (method: (typeof methods)[number]): fc.Arbitrary<unknown> => {
            const specs = method.params;
            const values = fc.tuple(
                ...specs.map((s) => fc.option(value(s.kind), { nil: undefined, freq: 3 })),
            );
            const shaped =
                method.paramsStyle === 'array'
                    ? values.map((v) => v.slice())
                    : fc
                          .tuple(
                              values,
                              fc.option(
                                  fc.dictionary(fc.string({ maxLength: 10 }), oddValue, {
                                      maxKeys: 2,
                                  }),
                                  { freq: 4 },
                              ),
                          )
                          .map(([v, extra]) => {
                              const out: Record<string, unknown> = {};
                              specs.forEach((s, i) => {
                                  if (v[i] !== undefined) out[s.name] = v[i];
                              });
                              return extra ? { ...out, ...extra } : out;
                          });
            return fc.oneof(
                { weight: 6, arbitrary: shaped },
                { weight: 1, arbitrary: oddValue },
                { weight: 1, arbitrary: fc.constant(undefined) },
            );
        };
        await recorded('fuzz', 'node parameter checks (params.ts)', (progress) => {
            let accepted = 0;
            const arbitrary = fc
                .constantFrom(...methods)
                .chain((m) =>
                    fc
                        .tuple(
                            paramsOf(m),
                            fc.dictionary(
                                fc.constantFrom(...m.params.map((p) => p.name), 'x'),
                                fc.oneof(
                                    fc.string({ unit: 'binary', maxLength: 80 }),
                                    fc.constantFrom(...hostileStrings),
                                ),
                                { maxKeys: 3 },
                            ),
                            fc.oneof(
                                validFor.chain,
                                fc.string({ unit: 'binary', maxLength: 70 }),
                                fc.constantFrom('..', '.', 'a/b', '%2e%2e', 'C?x', 'C#'),
                            ),
                        )
                        .map(([params, texts, chain]) => ({ m, params, texts, chain })),
                );
            fc.assert(
                fc.property(arbitrary, ({ m, params, texts, chain }) => {
                    progress.cases++;
                    const where = m.name;
                    const encode = (p: unknown, label: string): void => {
                        let wire: unknown;
                        try {
                            wire = m.encodeParams(p as never);
                        } catch (error) {
                            checkValidationError(error, `${where} ${label}`);
                            return;
                        }
                        accepted++;
                        jsonFaithful(wire, `${where} ${label} (${show(p)})`);
                    };
                    encode(params, 'params');
                    let fromText: unknown;
                    try {
                        fromText = paramsFromText(m as NodeRpcMethod<string, unknown>, texts);
                    } catch (error) {
                        checkValidationError(error, `${where} paramsFromText`);
                    }
                    if (fromText !== undefined) encode(fromText, 'texts');
                    if (m.endpoint === 'evm' || m.endpoint === 'validators') {
                        try {
                            const path = nodeEndpointPath(m.endpoint, chain as string);
                            checkPath(path, `${where} endpoint`);
                            assert.match(path, /^\/ext\/bc\/[^/]+\/(rpc|validators)$/);
                        } catch (error) {
                            if (error instanceof assert.AssertionError) throw error;
                            checkValidationError(error, `${where} endpoint`);
                        }
                    }
                }),
                { numRuns },
            );
            return { cases: progress.cases, detail: `${accepted} encodings accepted` };
        });
    });
});
