/**
 * The node JSON-RPC client against bare undici and @avalanche-sdk/client, over loopback against
 * the sandbox node: `info.getNodeVersion` alone on `/ext/info`, and a JSON-RPC batch of ten
 * `eth_*` calls on the C-Chain's `/ext/bc/C/rpc`, sequential and at concurrency 16. The batch goes
 * to an EVM chain because only those take batches: AvalancheGo's own APIs answer a JSON array
 * with a parse error (as the sandbox does), and the client sends their calls one by one. The
 * client checks every call's params and parses every result with its zod schemas; bare undici
 * only parses JSON; the SDK (viem's HTTP transport, batching on) returns the results unchecked.
 * Same fairness measures as clientBench.ts: the sandbox in its own process, on one CPU with this
 * one for sequential rounds, balanced orders, ratios paired by round.
 *
 * Budget: the batch of ten, client >= 0.9x bare undici, sequential and at concurrency 16. The
 * single call and the SDK's figures are for information. Prints a table and writes
 * bench/results/rpc.{md,json}.
 *
 * Environment: BENCH_ROUNDS (default 24), BENCH_SEQUENTIAL / BENCH_CONCURRENT (calls per block,
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
    sequentialPlacement,
    withBenchSandbox,
    writeResults,
} from './harness';

// A multiple of 6, the rounds in which the balanced orders of three contestants come round.
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 24);
const sequentialCalls = Number(process.env['BENCH_SEQUENTIAL'] ?? 200);
const concurrentCalls = Number(process.env['BENCH_CONCURRENT'] ?? 800);
const concurrency = 16;

const bareName = 'bare undici.request';
const oursName = 'NodeRpcClient';
const sdkName = '@avalanche-sdk/client';

/** What the batch asks about: an account, a contract, a transaction and its block. */
interface BatchSubjects {
    evmAddress: string;
    erc20Contract: string;
    evmTxHash: string;
    evmBlockHash: string;
}

/** The ten calls of the batch: method and params, as sent on the wire. */
function batchWire(k: BatchSubjects): readonly [string, unknown[]][] {
    return [
        ['eth_chainId', []],
        ['eth_blockNumber', []],
        ['eth_getBalance', [k.evmAddress, 'latest']],
        ['eth_getTransactionCount', [k.evmAddress, 'latest']],
        ['eth_getCode', [k.erc20Contract, 'latest']],
        ['eth_getBalance', [k.erc20Contract, 'latest']],
        ['eth_getTransactionByHash', [k.evmTxHash]],
        ['eth_getTransactionReceipt', [k.evmTxHash]],
        ['eth_getBlockByHash', [k.evmBlockHash, false]],
        ['eth_getBlockByNumber', ['latest', false]],
    ];
}

/** The budget of the batch against bare undici, in both modes. */
const batchBudget = 0.9;

const hex = (text: string): `0x${string}` => text as `0x${string}`;

interface Envelope {
    id: number;
    result?: unknown;
    error?: unknown;
}

function main(): Promise<void> {
    return withBenchSandbox((sandbox, note) =>
        run(sandbox.urls.nodeUrl, sandbox.known.mainnet, note, sandbox.pid),
    );
}

async function run(
    nodeUrl: string,
    known: BatchSubjects,
    placementNote: string,
    sandboxPid: number | undefined,
): Promise<void> {
    const base = nodeUrl.replace(/\/+$/, '');
    const infoUrl = `${base}/ext/info`;
    const cRpcUrl = `${base}/ext/bc/C/rpc`;
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    const wire = batchWire(known);
    let nextId = 1;
    const post = async (url: string, body: unknown): Promise<unknown> => {
        const res = await request(url, {
            method: 'POST',
            dispatcher: agent,
            // The headers the client sends (core/http/httpClient.ts), so that both post the same
            // request.
            headers: { accept: 'application/json', 'content-type': 'application/json' },
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
    // viem's actions send the eth_* calls to the transport's URL as given.
    const sdkBatching = createAvalancheClient({
        chain: avalanche,
        transport: { type: 'http', url: cRpcUrl, config: { batch: true } },
    });

    const single: Contestant[] = [
        {
            name: bareName,
            call: async () => {
                const answer = (await post(infoUrl, {
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
                    cRpcUrl,
                    wire.map(([method, params]) => ({
                        jsonrpc: '2.0',
                        id: nextId++,
                        method,
                        params,
                    })),
                )) as Envelope[];
                if (
                    !Array.isArray(answers) ||
                    answers.length !== wire.length ||
                    answers.some((a) => a.result === undefined || a.result === null)
                )
                    throw new Error('a call of the batch failed');
                return answers;
            },
        },
        {
            name: oursName,
            call: async () => {
                const results = await client.batch(
                    [
                        batchCall(m.eth_chainId, []),
                        batchCall(m.eth_blockNumber, []),
                        batchCall(m.eth_getBalance, [known.evmAddress, 'latest']),
                        batchCall(m.eth_getTransactionCount, [known.evmAddress, 'latest']),
                        batchCall(m.eth_getCode, [known.erc20Contract, 'latest']),
                        batchCall(m.eth_getBalance, [known.erc20Contract, 'latest']),
                        batchCall(m.eth_getTransactionByHash, [known.evmTxHash]),
                        batchCall(m.eth_getTransactionReceipt, [known.evmTxHash]),
                        batchCall(m.eth_getBlockByHash, [known.evmBlockHash, false]),
                        batchCall(m.eth_getBlockByNumber, ['latest', false]),
                    ],
                    { chain: 'C' },
                );
                const failed = results.find((r) => r.status === 'rejected');
                if (failed) throw failed.reason;
                if (results.some((r) => r.status === 'fulfilled' && r.value === null))
                    throw new Error('the sandbox does not know a subject of the batch');
                return results;
            },
        },
        {
            name: sdkName,
            call: () =>
                Promise.all([
                    sdkBatching.getChainId(),
                    sdkBatching.getBlockNumber({ cacheTime: 0 }),
                    sdkBatching.getBalance({ address: hex(known.evmAddress) }),
                    sdkBatching.getTransactionCount({ address: hex(known.evmAddress) }),
                    sdkBatching.getCode({ address: hex(known.erc20Contract) }),
                    sdkBatching.getBalance({ address: hex(known.erc20Contract) }),
                    sdkBatching.getTransaction({ hash: hex(known.evmTxHash) }),
                    sdkBatching.getTransactionReceipt({ hash: hex(known.evmTxHash) }),
                    sdkBatching.getBlock({ blockHash: hex(known.evmBlockHash) }),
                    sdkBatching.getBlock(),
                ]),
        },
    ];

    // Every contestant must really get the answers before any timing starts.
    for (const c of [...single, ...batch]) {
        // The SDK answers with bigints.
        const answer = JSON.stringify(await c.call(), (_key, value: unknown) =>
            typeof value === 'bigint' ? value.toString() : value,
        );
        const expected = single.includes(c) ? 'avalanchego' : known.evmTxHash.slice(2);
        if (!answer.toLowerCase().includes(expected.toLowerCase()))
            throw new Error(
                `${c.name} did not return ${single.includes(c) ? 'the node version' : 'the transaction'}`,
            );
    }

    const workloads = [
        { workload: 'info.getNodeVersion', contestants: single },
        { workload: 'batch of 10 eth_*', contestants: batch },
    ];
    const modes = [
        { mode: 'sequential', calls: sequentialCalls, concurrency: 1 },
        { mode: `concurrency ${concurrency}`, calls: concurrentCalls, concurrency },
    ];
    const rows: string[][] = [];
    const json: Record<string, unknown>[] = [];
    const verdicts: string[] = [];
    const ratios: Record<string, unknown>[] = [];
    for (const { workload, contestants } of workloads) {
        for (const { mode, calls, concurrency: n } of modes) {
            const results = await interleave(contestants, {
                rounds,
                // As many requests per block as single calls (batches once had a quarter): a
                // sequential block of 50 batches lasted 30 ms, and one pause in it moved the
                // round's ratio by a tenth.
                calls,
                concurrency: n,
                label: `${workload}, ${mode}`,
                serverPids: [sandboxPid],
            });
            const of = (name: string): Measurement[] => results.get(name)!;
            for (const c of contestants) {
                const { cells, fields } = contestantFigures(of, c.name, bareName);
                rows.push([workload, mode, ...cells]);
                json.push({ workload, mode, ...fields });
            }
            const vsSdk = pairedRatio(of(oursName), of(sdkName));
            json.push({ workload, mode, clientVsSdk: vsSdk });
            const vsBare = pairedRatio(of(oursName), of(bareName));
            const budget = workload.startsWith('batch') ? batchBudget : undefined;
            ratios.push({ workload, mode, clientVsBare: vsBare, budget });
            if (budget !== undefined) {
                const ok = vsBare.ratio >= budget;
                verdicts.push(
                    `${ok ? 'PASS' : 'MISS'} ${workload}, ${mode}: client >= ${budget}x bare undici (${vsBare.ratio.toFixed(2)}x ±${vsBare.spreadPercent.toFixed(0)}%)`,
                );
            }
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
        `Node JSON-RPC over loopback against the sandbox node (single calls to /ext/info, batches to /ext/bc/C/rpc); ${rounds} interleaved rounds of ${sequentialCalls} sequential / ${concurrentCalls} concurrent requests per contestant. Figures are medians over rounds; spread is half the interquartile range; ratios are medians of per-round ratios. A batch is one HTTP request carrying ten calls.`,
        `Machine: ${machine}; ${placementNote}; ${sequentialPlacement()}. Taken ${stamp}.`,
        '',
        markdownTable(header, rows),
        '',
        ...verdicts,
    ].join('\n');
    console.log(text);
    writeResults('rpc', text, {
        machine,
        placement: `${placementNote}; ${sequentialPlacement()}`,
        stamp,
        rounds,
        sequentialCalls,
        concurrentCalls,
        results: json,
        ratios,
        verdicts,
    });

    await client.close();
    await agent.close();
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
