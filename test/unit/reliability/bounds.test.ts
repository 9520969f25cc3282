/**
 * Every cache and history the extension keeps is bounded in entries and in bytes, checked from
 * the outside: by counting what reaches a server (the HttpClient TTL cache), by what the cache
 * still answers after it was flooded (the identifier cache), by the heap after a flood, and by the
 * size of what would be written to `globalState` (query history, recent values). The sandbox's
 * own request log is bounded too, since the soak and the fault matrix lean on it.
 */
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import {
    addHistoryEntry,
    addRecentValue,
    clearIdentifierCache,
    findIdentifiers,
    formatInteger,
    groupDigits,
    type HistoryEntry,
    HttpClient,
    maxHistoryEntries,
    maxRecentValueLength,
    maxRecentValues,
    readHistory,
    readRecentValues,
    resetScanCounters,
    scanCounters,
} from '../../../src/core';
import type { QueryRequest } from '../../../src/shared/query';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { startSandbox } from '../../sandbox';
import { isFullRun, recorded } from '../../reliability/record';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
}

/** A loopback server that answers `/<anything>?size=N` with N characters and counts hits. */
async function countingServer(): Promise<{
    url: string;
    hits: Map<string, number>;
    close(): Promise<void>;
}> {
    const hits = new Map<string, number>();
    const server: Server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
        const size = Number(url.searchParams.get('size') ?? '10');
        const body = JSON.stringify({ pad: 'x'.repeat(Math.max(0, size - 10)) });
        res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
        });
        res.end(body);
    });
    return { ...(await listenOnLoopback(server)), hits };
}

describe('(unit) bounds: caches and histories', function () {
    this.timeout(120_000);

    describe('HttpClient TTL cache', () => {
        let server: Awaited<ReturnType<typeof countingServer>>;
        before(async () => {
            server = await countingServer();
        });
        after(async () => {
            await server.close();
        });

        const get = (client: HttpClient, path: string, size = 100) =>
            client.send({ method: 'GET', path, query: { size } });
        const hitsOf = (path: string) => server.hits.get(path) ?? 0;

        it('keeps at most maxEntries answers, least recently used out first', async () => {
            await recorded('bounds', 'HttpClient TTL cache: entries', async (progress) => {
                const client = new HttpClient({
                    baseUrl: server.url,
                    service: 'Data API',
                    cache: { ttlMs: 60_000, maxEntries: 5, maxBytes: 1_000_000 },
                });
                try {
                    const paths = Array.from({ length: 12 }, (_, i) => `/entries/${i}`);
                    for (const p of paths) await get(client, p);
                    // The five newest answer from the cache, the seven older ones were dropped.
                    for (const p of paths.slice(7)) await get(client, p);
                    assert.deepEqual(paths.slice(7).map(hitsOf), [1, 1, 1, 1, 1]);
                    for (const p of paths.slice(0, 7)) await get(client, p);
                    assert.deepEqual(paths.slice(0, 7).map(hitsOf), [2, 2, 2, 2, 2, 2, 2]);
                    // Reading an entry keeps it: /lru/0 survives two more insertions, /lru/1 not.
                    for (let i = 0; i < 5; i++) await get(client, `/lru/${i}`);
                    await get(client, '/lru/0');
                    await get(client, '/lru/5');
                    await get(client, '/lru/6');
                    await get(client, '/lru/0');
                    await get(client, '/lru/1');
                    assert.equal(hitsOf('/lru/0'), 1);
                    assert.equal(hitsOf('/lru/1'), 2);
                    progress.cases = 30;
                    return { cases: 30, detail: 'maxEntries 5 held over 14 distinct URLs' };
                } finally {
                    await client.close();
                }
            });
        });

        it('keeps at most maxBytes of bodies, and never a body larger than that', async () => {
            await recorded('bounds', 'HttpClient TTL cache: bytes', async () => {
                const client = new HttpClient({
                    baseUrl: server.url,
                    service: 'Data API',
                    cache: { ttlMs: 60_000, maxEntries: 1_000, maxBytes: 3_500 },
                });
                try {
                    const paths = Array.from({ length: 6 }, (_, i) => `/bytes/${i}`);
                    for (const p of paths) await get(client, p, 1_000);
                    // 3,500 characters hold three 1,000-character bodies: the newest three.
                    for (const p of [...paths].reverse()) await get(client, p, 1_000);
                    assert.deepEqual(paths.map(hitsOf), [2, 2, 2, 1, 1, 1]);
                    await get(client, '/bytes/huge', 10_000);
                    await get(client, '/bytes/huge', 10_000);
                    assert.equal(hitsOf('/bytes/huge'), 2, 'a body over maxBytes is not cached');
                    return {
                        cases: 14,
                        detail: 'maxBytes 3,500 held; a 10,000-character body was not kept',
                    };
                } finally {
                    await client.close();
                }
            });
        });

        it('forgets answers after ttlMs, and leaves nothing in flight once requests settle', async () => {
            await recorded(
                'bounds',
                'HttpClient TTL cache: time to live, in-flight map',
                async () => {
                    const client = new HttpClient({
                        baseUrl: server.url,
                        service: 'Data API',
                        cache: { ttlMs: 40, maxEntries: 10, maxBytes: 100_000 },
                    });
                    try {
                        await get(client, '/ttl');
                        await get(client, '/ttl');
                        assert.equal(hitsOf('/ttl'), 1);
                        await new Promise((resolve) => setTimeout(resolve, 80));
                        await get(client, '/ttl');
                        assert.equal(hitsOf('/ttl'), 2, 'an expired answer is fetched again');
                        // 200 identical GETs at once share one request, and the shared entry is
                        // removed when it settles: the next GET after expiry goes out again.
                        await Promise.all(
                            Array.from({ length: 200 }, () => get(client, '/shared')),
                        );
                        assert.equal(hitsOf('/shared'), 1);
                        await new Promise((resolve) => setTimeout(resolve, 80));
                        await get(client, '/shared');
                        assert.equal(hitsOf('/shared'), 2);
                        return { cases: 204 };
                    } finally {
                        await client.close();
                    }
                },
            );
        });
    });

    describe('identifier cache', () => {
        const token = (i: number): string => `0x${i.toString(16).padStart(64, '0')}`;
        /** Scans `text` and says whether `probe` (scanned after it) came from the cache. */
        const hitAfter = (tokens: number, probe: string): boolean => {
            clearIdentifierCache();
            findIdentifiers(`${probe} ${probe}`);
            for (let start = 0; start < tokens; start += 1_000) {
                const chunk = Array.from({ length: Math.min(1_000, tokens - start) }, (_, k) =>
                    token(1_000_000 + start + k),
                ).join(' ');
                // Twice: a token is cached from its second sighting on.
                findIdentifiers(chunk);
                findIdentifiers(chunk);
            }
            resetScanCounters();
            findIdentifiers(probe);
            return scanCounters.cacheHits > 0;
        };

        it('holds a bounded number of tokens: a flood pushes old tokens out', async () => {
            await recorded('bounds', 'identifier cache: entries', () => {
                const probe = token(42);
                assert.ok(hitAfter(0, probe), 'a token seen twice is cached');
                assert.ok(hitAfter(2_000, probe), 'a few thousand other tokens leave it cached');
                assert.ok(!hitAfter(20_000, probe), '20,000 other tokens pushed it out');
                return {
                    cases: 22_000,
                    detail: 'cached after 2,000 others, gone after 20,000 (limit 8,192)',
                };
            });
        });

        it('a flood of 300,000 distinct ids leaves the heap within 16 MB of where it started', async () => {
            await recorded('bounds', 'identifier cache: bytes', () => {
                clearIdentifierCache();
                const before = heapAfterGc();
                for (let start = 0; start < 300_000; start += 5_000) {
                    const chunk = Array.from({ length: 5_000 }, (_, k) =>
                        token(5_000_000 + start + k),
                    ).join('\n');
                    findIdentifiers(chunk);
                    findIdentifiers(chunk);
                }
                const grownMb = (heapAfterGc() - before) / 1_048_576;
                assert.ok(grownMb < 16, `heap grew by ${grownMb.toFixed(1)} MB`);
                clearIdentifierCache();
                return {
                    cases: 300_000,
                    detail: `heap +${grownMb.toFixed(1)} MB after 300,000 distinct ids`,
                };
            });
        });
    });

    describe('query history and recent values (globalState)', () => {
        const rawQuery = (i: number, size: number): QueryRequest => ({
            source: 'rawRpc',
            path: '/ext/info',
            method: `info.m${i}`,
            paramsJson: JSON.stringify({ pad: 'x'.repeat(size) }),
        });

        it('history: at most 50 entries, and a bounded size whatever the queries hold', async () => {
            await recorded('bounds', 'query history: entries and bytes', () => {
                let list: HistoryEntry[] = [];
                for (let i = 0; i < 500; i++) {
                    list = addHistoryEntry(list, {
                        query: rawQuery(i, i % 2 ? 200_000 : 10),
                        title: 't'.repeat(i % 3 ? 100_000 : 10),
                        atMs: i,
                    });
                }
                assert.ok(list.length <= maxHistoryEntries, `${list.length} entries`);
                const bytes = JSON.stringify(list).length;
                assert.ok(bytes <= 1_000_000, `the stored history is ${bytes} characters`);
                // What comes back from storage is bounded the same way.
                const stored = Array.from({ length: 500 }, (_, i) => ({
                    query: rawQuery(i, 200_000),
                    title: 'x'.repeat(100_000),
                    atMs: i,
                }));
                const read = readHistory(stored);
                assert.ok(read.length <= maxHistoryEntries);
                assert.ok(
                    JSON.stringify(read).length <= 1_000_000,
                    `read back ${JSON.stringify(read).length} characters`,
                );
                return { cases: 1_000, detail: `${list.length} entries, ${bytes} characters` };
            });
        });

        it('recent values: at most 10 per prompt kind, each at most 2,000 characters', async () => {
            await recorded('bounds', 'recent prompt values: entries and bytes', () => {
                let recent: Record<string, string[]> = {};
                for (let i = 0; i < 1_000; i++)
                    recent = addRecentValue(
                        recent,
                        `kind${i % 5}`,
                        `value ${i} ${'v'.repeat(i % 7 === 0 ? 5_000 : 20)}`,
                    );
                for (const values of Object.values(recent)) {
                    assert.ok(values.length <= maxRecentValues);
                    for (const v of values) assert.ok(v.length <= maxRecentValueLength);
                }
                const read = readRecentValues(
                    Object.fromEntries(
                        Array.from({ length: 5 }, (_, k) => [
                            `kind${k}`,
                            Array.from({ length: 100 }, () => 'x'.repeat(3_000)),
                        ]),
                    ),
                );
                for (const values of Object.values(read))
                    assert.equal(values.length, 0, 'over-long stored values are dropped');
                return { cases: 1_500 };
            });
        });
    });

    describe('formatting of numbers from the chain', () => {
        it('grouping digits is linear: 300,000 digits format in well under two seconds', async () => {
            await recorded('bounds', 'digit grouping: time per digit', () => {
                // The same digits as the quadratic regex it replaced, for every length up to 40.
                for (let n = 0; n <= 40; n++) {
                    const digits = '1234567890'.repeat(5).slice(0, n);
                    assert.equal(groupDigits(digits), digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
                }
                const started = performance.now();
                const text = formatInteger('9'.repeat(300_000));
                const ms = performance.now() - started;
                assert.equal(text.length, 300_000 + 99_999);
                // The quadratic version needed about 10 s for a third of this.
                assert.ok(ms < 2_000, `${ms.toFixed(0)} ms`);
                return { cases: 41, detail: `300,000 digits in ${ms.toFixed(0)} ms` };
            });
        });
    });

    describe('sandbox request log', () => {
        it('keeps at most 50,000 requests, newest last', async () => {
            await recorded('bounds', 'sandbox request log: entries', async () => {
                const { Pool } = await import('undici');
                const sandbox = await startSandbox();
                const pool = new Pool(sandbox.metricsUrl, { connections: 8, pipelining: 10 });
                try {
                    const total = isFullRun() ? 120_000 : 50_100;
                    for (let i = 0; i < total; i += 500) {
                        await Promise.all(
                            Array.from({ length: Math.min(500, total - i) }, (_, k) =>
                                pool
                                    .request({ path: `/bounds/${i + k}`, method: 'GET' })
                                    .then((r) => r.body.text()),
                            ),
                        );
                        assert.ok(
                            sandbox.requests.length <= 50_000,
                            `${sandbox.requests.length} recorded`,
                        );
                    }
                    assert.equal(sandbox.requests.at(-1)?.url, `/bounds/${total - 1}`);
                    return { cases: total, detail: `${sandbox.requests.length} kept of ${total}` };
                } finally {
                    await pool.close();
                    await sandbox.close();
                }
            });
        });
    });
});
