/**
 * Property-based fuzzing of every response schema and what is built on the parsed answers: the
 * Data API / Metrics API wire schemas (`parseResponse`, what the client runs on every answer), the
 * node method table's result schemas and normalisers (the client's `parseResult` path), and the
 * result-panel view builders that turn a parsed answer into cells.
 *
 * Seeds are the published examples (test/fixtures) and, for node methods without one, answers of
 * the sandbox node; each case mutates one seed a few times (fields removed, retyped, replaced by
 * arbitrary JSON, hostile text, huge numbers, `__proto__` keys) or is arbitrary JSON outright.
 *
 * Properties: parsing either returns or throws `ResponseFormatError` (nothing else), whose message
 * never quotes a value from the answer; a parsed answer normalises and builds a panel view without
 * throwing; the view's text is inert (no control, bidi or invisible characters) and its links are
 * read-only queries or http(s) URLs.
 */
import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';

import * as fc from 'fast-check';

import {
    type DataApiOperation,
    isResponseFormatError,
    listNodeRpcMethods,
    nodeEndpointPath,
    parseResponse,
} from '../../../src/core';
import { buildView, isReplayable, safeLinkTarget } from '../../../src/core/index';
import type { QueryRequest } from '../../../src/shared/query';
import type { Cell, ResultView } from '../../../src/shared/viewModel';
import { startSandbox } from '../../sandbox';
import { hostileStrings, makeHostile } from '../../sandbox/hostile';
import type { Sandbox } from '../../sandbox/types';
import { fuzzRuns, recorded } from '../../reliability/record';
import { validParams } from '../dataApi/dataApi.samples';
import {
    dataApiExampleFiles,
    dataApiFixtures,
    loadJson,
    nodeRpcFixtures,
    operationByPrefix,
    operationOf,
} from '../../helpers/fixtures';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every value path of a JSON tree (at most `cap`, spread over the tree). */
function valuePaths(root: Json, cap = 4_000): (string | number)[][] {
    const out: (string | number)[][] = [];
    const walk = (node: Json, trail: (string | number)[]): void => {
        if (out.length >= cap) return;
        out.push(trail);
        if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...trail, i]));
        else if (node !== null && typeof node === 'object') {
            for (const [key, child] of Object.entries(node)) walk(child, [...trail, key]);
        }
    };
    walk(root, []);
    return out;
}

const mutationKinds = [
    'delete',
    'replace',
    'retype',
    'null',
    'hostile',
    'huge',
    'bignum',
    'negative',
    'empty',
    'duplicate',
    'proto',
] as const;
type MutationKind = (typeof mutationKinds)[number];

interface Mutation {
    readonly at: number;
    readonly kind: MutationKind;
    readonly value: Json;
    readonly pick: number;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom(...mutationKinds),
    value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    pick: fc.nat(),
});

/** Values inserted by `hostile` mutations: the error messages must never quote them. */
const insertedTexts = [...hostileStrings, '\u202eFAKE', 'javascript:alert(2)'];

function retype(value: Json, pick: number): Json {
    if (typeof value === 'number') return pick % 2 ? String(value) : { value };
    if (typeof value === 'string') return pick % 2 ? Number(value.length) : [value];
    if (typeof value === 'boolean') return value ? 'true' : 0;
    if (Array.isArray(value)) return { ...value };
    if (value === null) return pick % 2 ? 0 : '';
    return Object.values(value);
}

function replacement(current: Json, m: Mutation): Json | undefined {
    switch (m.kind) {
        case 'delete':
            return undefined;
        case 'replace':
            return m.value;
        case 'retype':
            return retype(current, m.pick);
        case 'null':
            return null;
        case 'hostile':
            return insertedTexts[m.pick % insertedTexts.length]!;
        case 'huge':
            return typeof current === 'string' && current.length > 0
                ? current.repeat(Math.ceil(20_000 / current.length)).slice(0, 20_000)
                : 'x'.repeat(20_000);
        case 'bignum':
            return [1e308, '9'.repeat(90), -1e308, 2 ** 53 + 1, '0x' + 'f'.repeat(80), 1.5e-300][
                m.pick % 6
            ]!;
        case 'negative':
            return typeof current === 'number'
                ? -current - 1
                : typeof current === 'string'
                  ? `-${current}`
                  : -1;
        case 'empty':
            return Array.isArray(current)
                ? []
                : typeof current === 'object' && current !== null
                  ? {}
                  : '';
        case 'duplicate':
            return Array.isArray(current) && current.length > 0
                ? [...current, ...current]
                : current;
        case 'proto':
            return typeof current === 'object' && current !== null && !Array.isArray(current)
                ? ({
                      ...JSON.parse(
                          '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
                      ),
                      ...current,
                  } as Json)
                : current;
    }
}

const seedPaths = new WeakMap<object, (string | number)[][]>();

/** Applies the mutations to a copy of `seed`. */
function mutate(seed: Json, mutations: readonly Mutation[]): Json {
    let root = structuredClone(seed);
    let first = true;
    for (const m of mutations) {
        let paths: (string | number)[][];
        if (first && typeof seed === 'object' && seed !== null) {
            // The seed's paths are the copy's paths until the first change.
            paths = seedPaths.get(seed) ?? valuePaths(seed);
            seedPaths.set(seed, paths);
        } else paths = valuePaths(root);
        first = false;
        const trail = paths[m.at % paths.length]!;
        if (trail.length === 0) {
            const next = replacement(root, m);
            root = next === undefined ? {} : next;
            continue;
        }
        let parent: Json = root;
        for (const key of trail.slice(0, -1))
            parent = (parent as Record<string | number, Json>)[key]!;
        const last = trail[trail.length - 1]!;
        const current = (parent as Record<string | number, Json>)[last]!;
        const next = replacement(current, m);
        if (Array.isArray(parent)) {
            if (next === undefined) parent.splice(last as number, 1);
            else parent[last as number] = next;
        } else if (parent !== null && typeof parent === 'object') {
            if (next === undefined) delete parent[last as string];
            else parent[last as string] = next;
        }
    }
    return root;
}

const notInert = /[\p{Cf}\p{Cc}]|\p{Cs}/u;

/** The checks every built view must pass. */
function checkView(view: ResultView, where: string): void {
    const seenText = (text: string | undefined, what: string): void => {
        if (text === undefined) return;
        assert.equal(typeof text, 'string', `${where}: ${what}`);
        assert.ok(
            !notInert.test(text),
            `${where}: ${what} keeps a control, bidi or invisible character: ${JSON.stringify(text.slice(0, 80))}`,
        );
    };
    const cell = (c: Cell, what: string): void => {
        switch (c.k) {
            case 'text':
            case 'num':
            case 'amount':
            case 'money':
            case 'badge':
                seenText(c.text, what);
                return;
            case 'id':
                seenText(c.text, what);
                if (c.link)
                    assert.ok(
                        isReplayable(c.link),
                        `${where}: ${what} links to a query that changes something`,
                    );
                return;
            case 'time':
                assert.ok(Number.isFinite(c.ms), `${where}: ${what} time ${c.ms}`);
                return;
            case 'list':
                c.items.forEach((item, i) => cell(item, `${what}[${i}]`));
                return;
            case 'action':
                seenText(c.label, what);
                if (c.action.kind === 'openUrl') {
                    assert.ok(
                        safeLinkTarget(c.action.url) !== undefined,
                        `${where}: ${what} opens ${c.action.url}`,
                    );
                }
                return;
            default:
                return;
        }
    };
    seenText(view.title, 'title');
    seenText(view.subtitle, 'subtitle');
    seenText(view.notice?.text, 'notice');
    view.fields.forEach((f) => {
        seenText(f.label, 'field label');
        cell(f.value, `field ${f.label}`);
    });
    for (const section of view.sections) {
        seenText(section.title, 'section');
        section.fields?.forEach((f) => cell(f.value, `${section.title} ${f.label}`));
        section.table?.rows.forEach((row, r) =>
            row.forEach((c, i) => cell(c, `${section.title} row ${r} col ${i}`)),
        );
    }
    view.main?.rows.forEach((row, r) => row.forEach((c, i) => cell(c, `row ${r} col ${i}`)));
    // The view is posted to the page: it must survive structured cloning as JSON.
    JSON.stringify(view);
}

function expectFormatError(error: unknown, where: string): asserts error is Error {
    if (!isResponseFormatError(error)) {
        const text =
            error instanceof Error
                ? `${error.name}: ${error.stack ?? error.message}`
                : String(error);
        assert.fail(`${where}: threw something other than ResponseFormatError: ${text}`);
    }
    for (const inserted of insertedTexts) {
        assert.ok(
            !error.message.includes(inserted.slice(0, 30)),
            `${where}: the message quotes the answer: ${error.message}`,
        );
    }
    assert.ok(
        error.message.length <= 2_000,
        `${where}: message of ${error.message.length} characters`,
    );
}

const viewContext = { network: 'mainnet', nowMs: 1_767_000_000_000 };

describe('(unit) fuzz: response schemas and panel views', function () {
    this.timeout(0);
    const dataSeeds: { operation: DataApiOperation; seed: Json }[] = [];
    const nodeSeeds: { method: string; chain: string | undefined; seed: Json }[] = [];
    let sandbox: Sandbox;

    before(async () => {
        for (const file of dataApiExampleFiles()) {
            const operation = operationOf(file);
            if (!operation) continue;
            const seed = loadJson<Json>(dataApiFixtures, file);
            dataSeeds.push(
                { operation, seed },
                { operation, seed: makeHostile(structuredClone(seed), file.length) as Json },
            );
        }

        const withFixture = new Set<string>();
        for (const file of readdirSync(nodeRpcFixtures).filter((f) =>
            /^rpc-[a-zA-Z_]+\.[a-zA-Z_]+\.json$|^rpc-eth_[a-zA-Z]+\.json$/.test(f),
        )) {
            const method = file.slice(4, -5);
            const body = loadJson<Json>(nodeRpcFixtures, file) as { result?: Json };
            if (body.result === undefined) continue;
            withFixture.add(method);
            nodeSeeds.push({
                method,
                chain:
                    method.startsWith('eth_') || method.startsWith('validators.') ? 'C' : undefined,
                seed: body.result,
            });
        }
        // The P- and X-Chain methods and the health API: what a real node answered
        // (test/fixtures/realnode; the health file's GET forms have a string body and no result),
        // and v1.15 with Helicon: its auto-renewed validator, transactions and C-Chain blocks.
        for (const [dir, file] of [
            ['realnode', 'primary.json'],
            ['realnode', 'health.json'],
            ['realnode-v1.15', 'primary-helicon.json'],
            ['realnode-v1.15', 'cchain-helicon.json'],
        ] as const) {
            for (const fixture of loadJson<{
                fixtures: {
                    body: { method?: string } | string;
                    response: { body: { result?: Json } };
                }[];
            }>(path.join(nodeRpcFixtures, '..', dir), file).fixtures) {
                const method = typeof fixture.body === 'string' ? undefined : fixture.body.method;
                const result = fixture.response.body.result;
                if (method === undefined || result === undefined) continue;
                if (!listNodeRpcMethods().some((m) => m.name === method)) continue;
                nodeSeeds.push({
                    method,
                    chain: method.startsWith('eth_') ? 'C' : undefined,
                    seed: result,
                });
            }
        }
        // The sandbox node answers the rest (the standard eth_* methods) with consistent data.
        sandbox = await startSandbox();
        const known = sandbox.known.mainnet;
        const blockHex = `0x${BigInt(known.evmBlockNumber).toString(16)}`;
        const calls: [string, string, unknown][] = [
            ['eth_chainId', 'C', []],
            ['eth_blockNumber', 'C', []],
            ['eth_getBalance', 'C', [known.evmAddress, 'latest']],
            ['eth_getCode', 'C', [known.erc20Contract, 'latest']],
            ['eth_getTransactionByHash', 'C', [known.evmTxHash]],
            ['eth_getTransactionReceipt', 'C', [known.evmTxHash]],
            ['eth_getBlockByNumber', 'C', [blockHex, true]],
            ['eth_getBlockByNumber', 'C', [blockHex, false]],
            ['eth_getTransactionCount', 'C', [known.evmAddress, 'latest']],
            ['eth_getBlockByHash', 'C', [known.evmBlockHash, false]],
            ['eth_getLogs', 'C', [{ fromBlock: blockHex, toBlock: blockHex }]],
            ['eth_getChainConfig', known.l1BlockchainId, []],
            ['eth_feeConfig', known.l1BlockchainId, []],
            ['validators.getCurrentValidators', known.l1BlockchainId, {}],
            ['platform.getValidatorsAt', '', { height: 'proposed', subnetID: known.l1SubnetId }],
            ['info.peers', '', {}],
            ['info.upgrades', '', {}],
            ['info.getVMs', '', {}],
            ['info.acps', '', {}],
        ];
        for (const [method, chain, params] of calls) {
            const entry = listNodeRpcMethods().find((m) => m.name === method)!;
            const url = sandbox.nodeUrl + nodeEndpointPath(entry.endpoint, chain || undefined);
            const response = await fetch(url, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
            });
            const body = (await response.json()) as { result?: Json };
            assert.ok(
                body.result !== undefined,
                `the sandbox answered ${method} with ${JSON.stringify(body).slice(0, 200)}`,
            );
            nodeSeeds.push({ method, chain: chain || undefined, seed: body.result });
        }
        const missing = listNodeRpcMethods().filter(
            (m) => !nodeSeeds.some((s) => s.method === m.name),
        );
        assert.deepEqual(
            missing.map((m) => m.name),
            [],
            'every node method has a seed',
        );
        const covered = new Set(dataSeeds.map((s) => s.operation));
        assert.equal(covered.size, operationByPrefix.length, 'every Data API operation has a seed');
    });

    after(async () => {
        await sandbox?.close();
    });

    function runDataApi(operation: DataApiOperation, json: unknown, where: string): boolean {
        let parsed: unknown;
        try {
            parsed = parseResponse(operation, json);
        } catch (error) {
            expectFormatError(error, where);
            return false;
        }
        const request: QueryRequest = {
            source: 'dataApi',
            operation,
            params: validParams[operation] as never,
        };
        const { view } = buildView(request, parsed, viewContext);
        checkView(view, where);
        return true;
    }

    function runNode(
        method: string,
        chain: string | undefined,
        json: unknown,
        where: string,
    ): boolean {
        const entry = listNodeRpcMethods().find((m) => m.name === method)!;
        const parsed = entry.resultSchema().safeParse(json);
        if (!parsed.success) return false;
        // What the client's parseResult does next: a throw here is a bug, not a format error.
        const result = entry.normalize(parsed.data as never);
        const request: QueryRequest = { source: 'node', method, texts: {}, chain };
        const { view } = buildView(request, result, viewContext);
        checkView(view, where);
        return true;
    }

    /**
     * Mutates randomly chosen seeds a few times each and runs `check` on the result (true when it
     * parsed and built a view); the record counts what parsed and what was refused.
     */
    function fuzzMutatedSeeds<S extends { seed: Json }>(
        check: string,
        seeds: readonly S[],
        name: (seed: S) => string,
        run: (seed: S, json: Json, where: string) => boolean,
    ): Promise<void> {
        const numRuns = fuzzRuns(3_000);
        return recorded('fuzz', check, (progress) => {
            let parsed = 0;
            fc.assert(
                fc.property(
                    fc.nat(),
                    fc.array(mutation, { minLength: 1, maxLength: 4 }),
                    (index, mutations) => {
                        progress.cases++;
                        const seed = seeds[index % seeds.length]!;
                        const json = mutate(seed.seed, mutations);
                        const where = `${name(seed)} ${JSON.stringify(mutations).slice(0, 300)}`;
                        if (run(seed, json, where)) parsed++;
                    },
                ),
                { numRuns },
            );
            return {
                cases: progress.cases,
                detail: `${parsed} parsed and built, ${progress.cases - parsed} refused`,
            };
        });
    }

    it('Data API schemas: mutated published examples', async () => {
        await fuzzMutatedSeeds(
            'Data API response schemas: mutated examples',
            dataSeeds,
            (s) => s.operation,
            (s, json, where) => runDataApi(s.operation, json, where),
        );
    });

    it('Data API schemas: arbitrary JSON', async () => {
        const numRuns = fuzzRuns(2_000);
        const operations = [...new Set(dataSeeds.map((s) => s.operation))];
        await recorded('fuzz', 'Data API response schemas: arbitrary JSON', (progress) => {
            fc.assert(
                fc.property(
                    fc.constantFrom(...operations),
                    fc.jsonValue({ maxDepth: 4 }),
                    (operation, json) => {
                        progress.cases++;
                        runDataApi(operation, json, operation);
                    },
                ),
                { numRuns },
            );
            return { cases: progress.cases };
        });
    });

    it('node result schemas and normalisers: mutated examples and sandbox answers', async () => {
        await fuzzMutatedSeeds(
            'node result schemas: mutated examples',
            nodeSeeds,
            (s) => s.method,
            (s, json, where) => runNode(s.method, s.chain, json, where),
        );
    });

    it('node result schemas and raw JSON-RPC panels: arbitrary JSON', async () => {
        const numRuns = fuzzRuns(2_000);
        const methods = listNodeRpcMethods().map((m) => m.name);
        await recorded('fuzz', 'node result schemas: arbitrary JSON', (progress) => {
            fc.assert(
                fc.property(
                    fc.constantFrom(...methods),
                    fc.jsonValue({ maxDepth: 4 }),
                    (method, json) => {
                        progress.cases++;
                        runNode(method, method.startsWith('eth_') ? 'C' : undefined, json, method);
                        // "Send Raw JSON-RPC…" shows any answer at all.
                        const raw: QueryRequest = {
                            source: 'rawRpc',
                            path: '/ext/info',
                            method,
                            paramsJson: '',
                        };
                        checkView(buildView(raw, json, viewContext).view, `raw ${method}`);
                    },
                ),
                { numRuns },
            );
            return { cases: progress.cases };
        });
    });
});
