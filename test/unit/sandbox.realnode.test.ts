import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { fill, send, type Fixture, type Placeholder } from '../realnode/fixtureCases';
import { startSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox/types';

/**
 * The sandbox node against what a real AvalancheGo answered (test/fixtures/realnode, recorded by
 * test/realnode/record.ts): the same requests, answered alike. "Alike" means the same HTTP status
 * and content type; for JSON-RPC the same envelope, the same result keys and JSON types (values
 * differ: the sandbox has its own data), the same error codes and, unless the case says otherwise,
 * the same error messages; for a batch, the same refusal or the same number of answers.
 */

const fixtureDir = path.join(__dirname, '../../../test/fixtures/realnode');

interface Recorded {
    fixtures: Fixture[];
}

function typeOf(value: unknown): string {
    if (value === null) return 'null';
    if (Array.isArray(value)) return 'array';
    return typeof value;
}

/** Differences between two JSON values' shapes, as "path: what" lines. */
function shapeDiff(
    real: unknown,
    sandbox: unknown,
    at: string,
    mapsAt: string[],
    sandboxMayAdd = false,
): string[] {
    const here = at || '(body)';
    if (typeOf(real) !== typeOf(sandbox)) {
        return [`${here}: real ${typeOf(real)}, sandbox ${typeOf(sandbox)}`];
    }
    if (Array.isArray(real) && Array.isArray(sandbox)) {
        if (real.length === 0 || sandbox.length === 0) return [];
        return shapeDiff(real[0], sandbox[0], `${at}.*`.replace(/^\./, ''), mapsAt, sandboxMayAdd);
    }
    if (typeOf(real) !== 'object') return [];
    const r = real as Record<string, unknown>;
    const s = sandbox as Record<string, unknown>;
    if (mapsAt.includes(at)) {
        const rv = Object.values(r)[0];
        const sv = Object.values(s)[0];
        return rv === undefined || sv === undefined
            ? []
            : shapeDiff(rv, sv, `${at}.*`, mapsAt, sandboxMayAdd);
    }
    const out: string[] = [];
    for (const key of Object.keys(r)) {
        const sub = at ? `${at}.${key}` : key;
        if (!(key in s)) out.push(`${sub}: missing in the sandbox`);
        else out.push(...shapeDiff(r[key], s[key], sub, mapsAt, sandboxMayAdd));
    }
    for (const key of sandboxMayAdd ? [] : Object.keys(s)) {
        if (!(key in r)) out.push(`${at ? `${at}.${key}` : key}: only in the sandbox`);
    }
    return out;
}

function errorOf(body: unknown): { code?: unknown; message?: unknown } | undefined {
    return typeOf(body) === 'object'
        ? ((body as { error?: { code?: unknown; message?: unknown } }).error ?? undefined)
        : undefined;
}

describe('(unit) the sandbox node answers like a real AvalancheGo (recorded fixtures)', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let values: Record<Placeholder, string>;
    const files = readdirSync(fixtureDir).filter((name) => name.endsWith('.json'));

    before(async () => {
        sandbox = await startSandbox();
        const known = sandbox.known.mainnet;
        values = {
            l1: known.l1BlockchainId,
            cChain: known.cChainBlockchainId,
            nodeId: known.nodeId,
            cAddress: known.evmAddress,
            cContract: known.erc20Contract,
            cTx: known.evmTxHash,
            cBlock: `0x${BigInt(known.evmBlockNumber).toString(16)}`,
        };
    });
    after(() => sandbox.close());

    it('has recorded fixtures for every group', () => {
        assert.deepEqual(files.sort(), [
            'admin.json',
            'cchain.json',
            'info.json',
            'l1.json',
            'primary.json',
        ]);
    });

    for (const file of files) {
        const recorded = JSON.parse(readFileSync(path.join(fixtureDir, file), 'utf8')) as Recorded;
        for (const fixture of recorded.fixtures.filter((f) => f.sandbox !== false)) {
            it(`${file.replace(/\.json$/, '')}: ${fixture.name}`, async () => {
                const real = fixture.response;
                const got = await send(
                    sandbox.nodeUrl,
                    fill(fixture.path, values),
                    fill(fixture.body, values),
                );
                assert.equal(got.status, real.status, 'HTTP status');
                assert.equal(
                    got.contentType.split(';')[0],
                    real.contentType.split(';')[0],
                    'content type',
                );
                if (typeof real.body === 'string') {
                    assert.equal(got.body, real.body, 'plain-text body');
                    return;
                }
                if (Array.isArray(real.body)) {
                    assert.ok(Array.isArray(got.body), 'a batch answered with an array');
                    const gotBatch = got.body as unknown[];
                    assert.equal(gotBatch.length, real.body.length, 'answers in the batch');
                    real.body.forEach((item, i) => {
                        const mine = gotBatch[i];
                        assert.deepEqual(errorOf(mine), errorOf(item), `error of call ${i + 1}`);
                        assert.deepEqual(
                            shapeDiff(item, mine, '', fixture.mapsAt ?? []),
                            [],
                            `shape of call ${i + 1}`,
                        );
                    });
                    return;
                }
                const realError = errorOf(real.body);
                const gotError = errorOf(got.body);
                if (realError) {
                    assert.ok(gotError, `the sandbox answered ${JSON.stringify(got.body)}`);
                    assert.equal(gotError.code, realError.code, 'error code');
                    if (fixture.sameMessage !== false) {
                        assert.equal(gotError.message, realError.message, 'error message');
                    }
                }
                assert.deepEqual(
                    shapeDiff(
                        real.body,
                        got.body,
                        '',
                        fixture.mapsAt ?? [],
                        fixture.sandboxMayAdd ?? false,
                    ),
                    [],
                    'result keys and types',
                );
            });
        }
    }
});
