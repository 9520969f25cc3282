/**
 * The node JSON-RPC client against bare undici and @avalanche-sdk/client, over loopback against
 * the sandbox node: `info.getNodeVersion` alone, and a batch of ten `info.*` calls, sequential and
 * at concurrency 16. The client checks every call's params and parses every result with its zod
 * schemas; bare undici only parses JSON; the SDK (viem's HTTP transport, batching on) returns the
 * results unchecked. Same fairness measures as clientBench.ts: the sandbox in its own process,
 * interleaved rounds, ratios paired by round. For information: no budget is set on these figures.
 * Prints a table and writes bench/results/rpc.{md,json}.
 *
 * Environment: BENCH_ROUNDS (default 8), BENCH_SEQUENTIAL / BENCH_CONCURRENT (calls per block,
 * default 200 / 800), BENCH_PIN=1, BENCH_NICE (see harness.ts).
 */
import { createAvalancheClient } from '@avalanche-sdk/client';
import { avalanche } from '@avalanche-sdk/client/chains';
import { Agent, request } from 'undici';

import { batchCall, NodeRpcClient, nodeRpcMethods as m } from '../src/core';
import {
    type Contestant,
    contestantFigures,
    interleave,
    machineLine,
    markdownTable,
    type Measurement,
    pairedRatio,
    withBenchSandbox,
    writeResults,
} from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 8);
const sequentialCalls = Number(process.env['BENCH_SEQUENTIAL'] ?? 200);
const concurrentCalls = Number(process.env['BENCH_CONCURRENT'] ?? 800);
const concurrency = 16;

const bareName = 'bare undici.request';
const oursName = 'NodeRpcClient';
const sdkName = '@avalanche-sdk/client';

/** The ten calls of the batch: method and params, as sent on the wire. */
const batchWire: readonly [string, Record<string, string>][] = [
    ['info.getNodeVersion', {}],
    ['info.getNetworkID', {}],
    ['info.getNetworkName', {}],
    ['info.getNodeID', {}],
    ['info.getNodeIP', {}],
    ['info.getVMs', {}],
    ['info.upgrades', {}],
    ['info.uptime', {}],
    ['info.isBootstrapped', { chain: 'X' }],
    ['info.getBlockchainID', { alias: 'X' }],
];

interface Envelope {
    id: number;
    result?: unknown;
    error?: unknown;
}

function main(): Promise<void> {
    return withBenchSandbox((sandbox, note) => run(sandbox.urls.nodeUrl, note));
}

async function run(nodeUrl: string, placementNote: string): Promise<void> {
    const infoUrl = `${nodeUrl.replace(/\/+$/, '')}/ext/info`;
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    let nextId = 1;
    const post = async (body: unknown): Promise<unknown> => {
        const res = await request(infoUrl, {
            method: 'POST',
            dispatcher: agent,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
        });
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
        return res.body.json();
    };
    const client = new NodeRpcClient({ url: nodeUrl });
    // The SDK derives /ext/info from the URL's origin for Avalanche chain ids. For the batch, its
    // transport's batching makes the ten calls of one tick a single JSON-RPC batch request, as
    // the other two contestants send; single calls go without it, since batching waits a timer
    // tick before sending.
    const sdk = createAvalancheClient({
        chain: avalanche,
        transport: { type: 'http', url: nodeUrl },
    });
    const sdkBatching = createAvalancheClient({
        chain: avalanche,
        transport: { type: 'http', url: nodeUrl, config: { batch: true } },
    });

    const single: Contestant[] = [
        {
            name: bareName,
            call: async () => {
                const answer = (await post({
                    jsonrpc: '2.0',
                    id: nextId++,
                    method: 'info.getNodeVersion',
                    params: {},
                })) as Envelope;
                if (answer.result === undefined) throw new Error('no result');
                return answer.result;
            },
        },
        { name: oursName, call: () => client.call(m['info.getNodeVersion'], {}) },
        { name: sdkName, call: () => sdk.info.getNodeVersion() },
    ];
    const batch: Contestant[] = [
        {
            name: bareName,
            call: async () => {
                const answers = (await post(
                    batchWire.map(([method, params]) => ({
                        jsonrpc: '2.0',
                        id: nextId++,
                        method,
                        params,
                    })),
                )) as Envelope[];
                if (
                    answers.length !== batchWire.length ||
                    answers.some((a) => a.result === undefined)
                )
                    throw new Error('a call of the batch failed');
                return answers;
            },
        },
        {
            name: oursName,
            call: async () => {
                const results = await client.batch([
                    batchCall(m['info.getNodeVersion'], {}),
                    batchCall(m['info.getNetworkID'], {}),
                    batchCall(m['info.getNetworkName'], {}),
                    batchCall(m['info.getNodeID'], {}),
                    batchCall(m['info.getNodeIP'], {}),
                    batchCall(m['info.getVMs'], {}),
                    batchCall(m['info.upgrades'], {}),
                    batchCall(m['info.uptime'], {}),
                    batchCall(m['info.isBootstrapped'], { chain: 'X' }),
                    batchCall(m['info.getBlockchainID'], { alias: 'X' }),
                ]);
                const failed = results.find((r) => r.status === 'rejected');
                if (failed) throw failed.reason;
                return results;
            },
        },
        {
            name: sdkName,
            call: () =>
                Promise.all([
                    sdkBatching.info.getNodeVersion(),
                    sdkBatching.info.getNetworkID(),
                    sdkBatching.info.getNetworkName(),
                    sdkBatching.info.getNodeID(),
                    sdkBatching.info.getNodeIP(),
                    sdkBatching.info.getVMs(),
                    sdkBatching.info.upgrades(),
                    sdkBatching.info.uptime(),
                    sdkBatching.info.isBootstrapped({ chain: 'X' }),
                    sdkBatching.info.getBlockchainID({ alias: 'X' }),
                ]),
        },
    ];

    // Every contestant must really get the answers before any timing starts.
    for (const c of [...single, ...batch]) {
        const answer = JSON.stringify(await c.call());
        if (!answer.includes('avalanchego'))
            throw new Error(`${c.name} did not return the node version`);
    }

    const workloads = [
        { workload: 'info.getNodeVersion', contestants: single },
        { workload: 'batch of 10 info.*', contestants: batch },
    ];
    const modes = [
        { mode: 'sequential', calls: sequentialCalls, concurrency: 1 },
        { mode: `concurrency ${concurrency}`, calls: concurrentCalls, concurrency },
    ];
    const rows: string[][] = [];
    const json: Record<string, unknown>[] = [];
    for (const { workload, contestants } of workloads) {
        for (const { mode, calls, concurrency: n } of modes) {
            const results = await interleave(contestants, {
                rounds,
                // A batch carries ten calls: a tenth as many keep the blocks about as long.
                calls: workload.startsWith('batch') ? Math.ceil(calls / 4) : calls,
                concurrency: n,
                label: `${workload}, ${mode}`,
            });
            const of = (name: string): Measurement[] => results.get(name)!;
            for (const c of contestants) {
                const { cells, fields } = contestantFigures(of, c.name, bareName);
                rows.push([workload, mode, ...cells]);
                json.push({ workload, mode, ...fields });
            }
            const vsSdk = pairedRatio(of(oursName), of(sdkName));
            json.push({ workload, mode, clientVsSdk: vsSdk });
        }
    }

    const header = [
        'workload',
        'mode',
        'contestant',
        'req/s',
        'spread',
        'p50 ms',
        'p99 ms',
        'CPU µs/req',
        'x bare undici (paired)',
    ];
    const machine = machineLine();
    const stamp = new Date().toISOString();
    const text = [
        `Node JSON-RPC over loopback against the sandbox node (/ext/info); ${rounds} interleaved rounds of ${sequentialCalls} sequential / ${concurrentCalls} concurrent requests per contestant (batches a quarter of that). Figures are medians over rounds; spread is half the interquartile range; ratios are medians of per-round ratios. A batch is one HTTP request carrying ten calls.`,
        `Machine: ${machine}; ${placementNote}. Taken ${stamp}.`,
        '',
        markdownTable(header, rows),
    ].join('\n');
    console.log(text);
    writeResults('rpc', text, {
        machine,
        placement: placementNote,
        stamp,
        rounds,
        sequentialCalls,
        concurrentCalls,
        results: json,
    });

    await client.close();
    await agent.close();
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
