/**
 * `npm run bench:client`: the Data API client against bare undici, global fetch and
 * @avalanche-sdk/chainkit on `getTransaction`, over loopback against the sandbox, sequential and
 * at concurrency 16, with full validation. Prints a table and writes bench/results/client.{md,json}.
 *
 * Budgets (issue 2): client >= 0.8x bare undici and >= 4x chainkit in requests per second, and its
 * p99 at most 1 ms above bare undici's.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { Agent, request } from 'undici';

import { DataApiClient } from '../src/core';
import { type Call, markdownTable, measure, type Measurement, median, spreadPercent, startSandboxWorker } from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const sequentialCalls = Number(process.env['BENCH_SEQUENTIAL'] ?? 1500);
const concurrentCalls = Number(process.env['BENCH_CONCURRENT'] ?? 4000);
const concurrency = 16;

interface Contestant {
    name: string;
    call: Call;
}

async function main(): Promise<void> {
    const sandbox = await startSandboxWorker({ seed: 1 });
    const known = sandbox.known.mainnet;
    const base = sandbox.urls.dataApiUrl;

    const agent = new Agent({ keepAliveTimeout: 10_000 });
    // Calls rotate over many distinct transactions: identical GETs in flight share one request in
    // this client, which would flatter it against contestants that have no such sharing.
    const hashes = await transactionHashes(`${base}/v1/chains/${known.cChainId}/addresses/${known.evmAddress}/transactions`, agent);
    let turn = 0;
    const nextHash = (): string => hashes[turn++ % hashes.length]!;
    const txUrl = (hash: string): string => `${base}/v1/chains/${known.cChainId}/transactions/${hash}`;
    const client = new DataApiClient({ baseUrl: base, metricsUrl: sandbox.urls.metricsUrl });
    const { Avalanche } = await import('@avalanche-sdk/chainkit');
    // chainkit ignores the client-level server URL for these routes, so it is passed per call too;
    // its retries default to 120 s of backoff and are turned off to compare like with like.
    const sdk = new Avalanche({ serverURL: base, enableTelemetry: false, retryConfig: { strategy: 'none' } });

    const contestants: Contestant[] = [
        {
            name: 'bare undici.request',
            call: async () => {
                const res = await request(txUrl(nextHash()), { dispatcher: agent });
                if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
                return res.body.json();
            },
        },
        {
            name: 'global fetch',
            call: async () => {
                const res = await fetch(txUrl(nextHash()));
                if (!res.ok) throw new Error(`status ${res.status}`);
                return res.json();
            },
        },
        {
            name: 'DataApiClient',
            call: () => client.getTransaction({ chainId: known.cChainId, txHash: nextHash() }),
        },
        {
            name: '@avalanche-sdk/chainkit',
            call: () =>
                sdk.data.evm.transactions.get(
                    { chainId: known.cChainId, txHash: nextHash() },
                    { serverURL: base, retries: { strategy: 'none' } },
                ),
        },
    ];

    // Checks that each contestant really gets the transaction before any timing starts.
    for (const c of contestants) await c.call();

    const modes = [
        { mode: 'sequential', total: sequentialCalls, concurrency: 1 },
        { mode: `concurrency ${concurrency}`, total: concurrentCalls, concurrency },
    ];
    const results = new Map<string, Measurement[]>();
    for (let round = 0; round < rounds; round++) {
        for (const { mode, total, concurrency: n } of modes) {
            for (const c of contestants) {
                // chainkit is several times slower; fewer calls keep the run short without
                // changing its rate.
                const calls = c.name.includes('chainkit') ? Math.ceil(total / 4) : total;
                await measure(c.call, Math.min(200, calls), n); // warm-up
                const m = await measure(c.call, calls, n);
                const key = `${mode}\u0000${c.name}`;
                results.set(key, [...(results.get(key) ?? []), m]);
            }
        }
        process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }

    const rows: string[][] = [];
    const json: Record<string, unknown>[] = [];
    const verdicts: string[] = [];
    for (const { mode } of modes) {
        const get = (name: string): { rps: number; p50: number; p99: number; spread: number } => {
            const ms = results.get(`${mode}\u0000${name}`)!;
            return {
                rps: median(ms.map((m) => m.requestsPerSecond)),
                p50: median(ms.map((m) => m.p50Ms)),
                p99: median(ms.map((m) => m.p99Ms)),
                spread: spreadPercent(ms.map((m) => m.requestsPerSecond)),
            };
        };
        const bare = get('bare undici.request');
        const ours = get('DataApiClient');
        const kit = get('@avalanche-sdk/chainkit');
        for (const c of contestants) {
            const r = get(c.name);
            rows.push([
                mode,
                c.name,
                r.rps.toFixed(0),
                `±${r.spread.toFixed(0)}%`,
                r.p50.toFixed(3),
                r.p99.toFixed(3),
                (r.rps / bare.rps).toFixed(2),
            ]);
            json.push({ mode, contestant: c.name, ...r, vsBareUndici: r.rps / bare.rps });
        }
        const checks: [string, boolean][] = [
            [`${mode}: client >= 0.8x bare undici (${(ours.rps / bare.rps).toFixed(2)}x)`, ours.rps >= 0.8 * bare.rps],
            [`${mode}: client >= 4x chainkit (${(ours.rps / kit.rps).toFixed(1)}x)`, ours.rps >= 4 * kit.rps],
            [`${mode}: client p99 <= bare p99 + 1 ms (+${(ours.p99 - bare.p99).toFixed(3)} ms)`, ours.p99 <= bare.p99 + 1],
        ];
        for (const [text, ok] of checks) verdicts.push(`${ok ? 'PASS' : 'MISS'} ${text}`);
    }

    const header = ['mode', 'contestant', 'req/s (median)', 'spread', 'p50 ms', 'p99 ms', 'x bare undici'];
    const table = markdownTable(header, rows);
    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const stamp = new Date().toISOString();
    const text = [
        `getTransaction over loopback against the sandbox, rotating over ${hashes.length} distinct transactions; ${rounds} rounds, medians; ${sequentialCalls} sequential / ${concurrentCalls} concurrent calls per round (chainkit a quarter of that).`,
        `Machine: ${machine}. Taken ${stamp}.`,
        '',
        table,
        '',
        ...verdicts,
    ].join('\n');
    console.log(text);

    const dir = path.join(__dirname, '..', '..', 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'client.md'), `${text}\n`);
    fs.writeFileSync(path.join(dir, 'client.json'), `${JSON.stringify({ machine, stamp, rounds, results: json, verdicts }, null, 2)}\n`);

    await client.close();
    await agent.close();
    await sandbox.stop();
}

/** Up to 64 distinct transaction hashes from the sandbox, read with bare undici. */
async function transactionHashes(listUrl: string, agent: Agent): Promise<string[]> {
    const hashes: string[] = [];
    let pageToken: string | undefined;
    do {
        const url = `${listUrl}?pageSize=100${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
        const res = await request(url, { dispatcher: agent });
        const body = (await res.body.json()) as {
            transactions: { nativeTransaction: { txHash: string } }[];
            nextPageToken?: string;
        };
        hashes.push(...body.transactions.map((t) => t.nativeTransaction.txHash));
        pageToken = body.nextPageToken;
    } while (pageToken && hashes.length < 64);
    if (hashes.length === 0) throw new Error('the sandbox address has no transactions');
    return [...new Set(hashes)].slice(0, 64);
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
