/**
 * Each agent tool at a real round-trip time (`npm run bench`, part `latency`; issue #38): the MCP
 * server of this build (`dist/mcp.js`) against the sandbox in a process of its own, with 150 ms
 * added to every Data API, Metrics API and public node request and 2 ms to a node on this
 * machine (the sandbox's second node listener, `localNode`). Per call: the wall time, the
 * dependent round trips on its critical path (counted from the sandbox's request log by
 * causality, test/sandbox/roundTrips.ts), the requests made and the Data API compute units.
 *
 * The budgeted figure is the first call of an id in a running server: a call of the same tool on
 * another id first loads the code and the chain list, as a session's earlier calls do. The first
 * call of a fresh server (code, chain list) and the same call repeated (caches) are in the detail.
 * The server is left quiet after it starts and between calls, and the log is cleared, so that
 * only the call's own requests are counted. The budget of a call is the round-trip time of each
 * request on the shortest chain the protocol allows (a chain list before the chain, a
 * transaction before its block) plus the call's local budget, the loopback budget of the agent
 * part. Connection set-up is not simulated: the sandbox adds its delay to each request, not to
 * the TCP and TLS handshakes a first request to a real host also pays.
 */
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { countRoundTrips, type RoundTripCount } from '../test/sandbox/roundTrips';
import type { FaultRule, KnownIds, RecordedRequest } from '../test/sandbox/types';
import {
    type BenchCheck,
    exitWhenDone,
    median,
    placeBenchmark,
    startSandboxProcess,
    writeChecks,
} from './harness';

/** The round-trip time of the Data API, the Metrics API and a public node. */
export const remoteRttMs = 150;
/** The round-trip time of a node on this machine. */
export const localRttMs = 2;

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
const root = path.resolve(__dirname, '..', '..');
const dist = process.env['BENCH_DIST'] ?? path.join(root, 'dist');

/** A hop of the shortest chain the protocol allows: which kind of host answers it. */
type Hop = 'remote' | 'local';

interface Action {
    /** The row's name. */
    name: string;
    key: string;
    tool: string;
    args: (known: KnownIds) => Record<string, unknown>;
    /** A call of the same kind on another id, which loads the code and the chain list first. */
    other: (known: KnownIds) => Record<string, unknown>;
    /** The MCP server's `--node-url`: the public node or the node on this machine. */
    node: 'public' | 'local';
    /** The fewest dependent requests the protocol allows, in order, and why. */
    fewest: readonly Hop[];
    why: string;
    /** The call's own work on loopback (the agent part's budget). */
    localBudgetMs: number;
}

const R: Hop = 'remote';
const L: Hop = 'local';

const actions: readonly Action[] = [
    {
        name: 'avalanche_explain_identifier, an EVM address',
        key: 'latency.explainAddress',
        tool: 'avalanche_explain_identifier',
        args: (k) => ({ identifier: k.evmAddress }),
        other: (k) => ({ identifier: k.erc20Contract }),
        node: 'public',
        fewest: [R],
        why: 'the hover’s reads of a known chain go together',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_explain_identifier, a P-Chain transaction',
        key: 'latency.explainPTx',
        tool: 'avalanche_explain_identifier',
        args: (k) => ({ identifier: k.pChainTxHash }),
        other: (k) => ({ identifier: k.xChainTxHash }),
        node: 'public',
        fewest: [R],
        why: 'a cb58 id is asked of every kind at once',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_explain_identifier, an L1’s blockchain id',
        key: 'latency.explainBlockchain',
        tool: 'avalanche_explain_identifier',
        args: (k) => ({ identifier: k.l1BlockchainId }),
        other: (k) => ({ identifier: k.cChainBlockchainId }),
        node: 'public',
        fewest: [R, R],
        why: 'the blockchain names its subnet, which says whether it is an L1',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_explain_identifier, an L1 validator’s NodeID',
        key: 'latency.explainNodeId',
        tool: 'avalanche_explain_identifier',
        args: (k) => ({ identifier: k.l1NodeId }),
        other: (k) => ({ identifier: k.nodeId }),
        node: 'public',
        fewest: [R, R],
        why: 'its L1 validations name the L1 (whose chain the kept chain list names), then the node’s validators of that chain',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_get_transaction, an EVM transaction',
        key: 'latency.getTransaction',
        tool: 'avalanche_get_transaction',
        args: (k) => ({ hash: k.evmTxHash }),
        other: (k) => ({ hash: k.teleporterTxHash }),
        node: 'public',
        fewest: [R],
        why: 'the Data API’s transaction by hash',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_get_address, an EVM address',
        key: 'latency.address',
        tool: 'avalanche_get_address',
        args: (k) => ({ address: k.evmAddress }),
        other: (k) => ({ address: k.erc721Contract }),
        node: 'public',
        fewest: [R],
        why: 'balances, latest transactions and tokens: independent reads, together',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_get_l1, an L1',
        key: 'latency.l1',
        tool: 'avalanche_get_l1',
        args: (k) => ({ subnetId: k.l1SubnetId }),
        other: (k) => ({ subnetId: k.subnetId }),
        node: 'public',
        fewest: [R, R],
        why: 'the validator list goes with the first read; the overview’s validator count waits for the subnet to be an L1, as its hover does',
        localBudgetMs: 100,
    },
    {
        name: 'avalanche_get_node_status, public node',
        key: 'latency.nodeStatusPublic',
        tool: 'avalanche_get_node_status',
        args: () => ({}),
        other: () => ({}),
        node: 'public',
        fewest: [R, R],
        why: 'health, info and bootstrapping go together; admin.getChainAliases needs the X- and C-Chain ids (info.getBlockchainID) first',
        localBudgetMs: 100,
    },
    {
        name: 'avalanche_get_node_status, node on this machine',
        key: 'latency.nodeStatusLocal',
        tool: 'avalanche_get_node_status',
        args: () => ({}),
        other: () => ({}),
        node: 'local',
        fewest: [L, L],
        why: 'as above, at 2 ms',
        localBudgetMs: 100,
    },
    {
        name: 'avalanche_query_data_api, listSubnets (25 rows)',
        key: 'latency.dataApi',
        tool: 'avalanche_query_data_api',
        args: () => ({ operation: 'listSubnets', params: { pageSize: 25 } }),
        other: () => ({ operation: 'listL1Validators', params: { pageSize: 25 } }),
        node: 'public',
        fewest: [R],
        why: 'one page',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_call_node_method info.getNodeVersion, public node',
        key: 'latency.nodeCallPublic',
        tool: 'avalanche_call_node_method',
        args: () => ({ method: 'info.getNodeVersion' }),
        other: () => ({ method: 'info.getNetworkID' }),
        node: 'public',
        fewest: [R],
        why: 'one call',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_call_node_method info.getNodeVersion, node on this machine',
        key: 'latency.nodeCallLocal',
        tool: 'avalanche_call_node_method',
        args: () => ({ method: 'info.getNodeVersion' }),
        other: () => ({ method: 'info.getNetworkID' }),
        node: 'local',
        fewest: [L],
        why: 'one call',
        localBudgetMs: 50,
    },
    {
        name: 'avalanche_trace_transaction, an EVM transaction',
        key: 'latency.trace',
        tool: 'avalanche_trace_transaction',
        args: (k) => ({ hash: k.evmTxHash }),
        other: (k) => ({ hash: k.teleporterTxHash }),
        node: 'public',
        fewest: [R, R],
        why: 'the trace goes with the receipt; the code of the contracts it names (to name them by the workspace’s artifacts) after it',
        localBudgetMs: 100,
    },
    {
        name: 'avalanche_follow_icm_message, delivered and executed (by send transaction)',
        key: 'latency.icm',
        tool: 'avalanche_follow_icm_message',
        args: (k) => ({ sourceChain: k.cChainId, txHash: k.icmExecutedTxHash }),
        other: (k) => ({ sourceChain: k.cChainId, txHash: k.icmFailedTxHash }),
        node: 'public',
        fewest: [R, R, R],
        why: 'the send’s receipt names the message; the Data API’s index (getIcmMessage) its delivery; then the delivery’s receipt',
        localBudgetMs: 150,
    },
];

/** What one call cost. */
interface Sample {
    wallMs: number;
    count: RoundTripCount;
    log: readonly RecordedRequest[];
    isError: boolean;
    /** The server's own work before its first request, and after the last answer. */
    beforeFirstMs: number;
    afterLastMs: number;
}

async function control(base: string, route: string, method = 'GET', body?: unknown) {
    const res = await fetch(`${base}/__sandbox${route}`, {
        method,
        ...(body === undefined
            ? {}
            : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    if (!res.ok) throw new Error(`sandbox ${method} ${route}: ${res.status}`);
    return await res.json();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no request is in flight and none started for `quietMs`. */
async function settle(base: string, quietMs = 400): Promise<void> {
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline) {
        const log = (await control(base, '/requests')) as RecordedRequest[];
        const lastMs = log.reduce((m, r) => Math.max(m, r.endMs ?? Infinity, r.startMs), 0);
        const now = performance.timeOrigin + performance.now();
        if (log.every((r) => r.endMs !== undefined) && now - lastMs >= quietMs) return;
        await sleep(100);
    }
}

/** The shortest chain's time: each hop's round-trip time. */
const fewestMs = (hops: readonly Hop[]) =>
    hops.reduce((sum, h) => sum + (h === 'remote' ? remoteRttMs : localRttMs), 0);

function describe(c: RoundTripCount, log: readonly RecordedRequest[]): string {
    const local = log.filter((r) => r.localNode).length;
    const services = [
        c.byService.dataApi ? `Data API ${c.byService.dataApi}` : '',
        c.byService.metrics ? `Metrics ${c.byService.metrics}` : '',
        c.byService.node - local ? `public node ${c.byService.node - local}` : '',
        local ? `local node ${local}` : '',
    ].filter(Boolean);
    const path = c.criticalPath
        .map((r) => (r.operations.length > 0 ? r.operations.slice(0, 3).join('+') : r.service))
        .join(' → ');
    return `${c.requests} requests (${services.join(', ') || 'none'}), ${c.computeUnits} CU; critical path: ${path || 'none'}`;
}

async function main(): Promise<void> {
    const placement = placeBenchmark();
    const sandbox = await startSandboxProcess(
        { seed: 1, localNode: true },
        { cpu: placement.sandboxCpu, nice: placement.nice },
    );
    const checks: BenchCheck[] = [];
    const measured: Record<string, unknown>[] = [];
    try {
        const base = sandbox.urls.dataApiUrl;
        const localNodeUrl = sandbox.urls.localNodeUrl;
        if (!localNodeUrl) throw new Error('the sandbox started without its local node listener');
        // The local node's rule first: a request takes the first rule that matches it.
        const rules: FaultRule[] = [
            { fault: { kind: 'latency', ms: localRttMs }, service: 'localNode' },
            { fault: { kind: 'latency', ms: remoteRttMs }, service: 'node' },
            { fault: { kind: 'latency', ms: remoteRttMs }, service: 'dataApi' },
            { fault: { kind: 'latency', ms: remoteRttMs }, service: 'metrics' },
        ];
        for (const rule of rules) await control(base, '/faults', 'POST', rule);
        const known = sandbox.known.mainnet;
        const serverArgs = (nodeUrl: string) => [
            path.join(dist, 'mcp.js'),
            '--network',
            'mainnet',
            '--node-url',
            nodeUrl,
            '--data-api-url',
            sandbox.urls.dataApiUrl,
            '--metrics-api-url',
            sandbox.urls.metricsUrl,
        ];
        const call = async (
            mcp: Client,
            tool: string,
            args: Record<string, unknown>,
        ): Promise<Sample> => {
            await control(base, '/requests', 'DELETE');
            const startedAt = performance.timeOrigin + performance.now();
            const answer = await mcp.callTool({ name: tool, arguments: args });
            const endedAt = performance.timeOrigin + performance.now();
            // Requests the call left running are its own too: wait for their answers.
            await settle(base, 50);
            const log = (await control(base, '/requests')) as RecordedRequest[];
            const first = Math.min(...log.map((r) => r.startMs));
            const last = Math.max(...log.map((r) => r.endMs ?? r.startMs));
            return {
                wallMs: endedAt - startedAt,
                count: countRoundTrips(log),
                log,
                isError: answer.isError === true,
                beforeFirstMs: log.length > 0 ? first - startedAt : endedAt - startedAt,
                afterLastMs: log.length > 0 ? endedAt - last : 0,
            };
        };
        const server = async <T>(action: Action, body: (mcp: Client) => Promise<T>) => {
            const mcp = new Client({ name: 'bench', version: '1' });
            await mcp.connect(
                new StdioClientTransport({
                    command: process.execPath,
                    args: serverArgs(action.node === 'local' ? localNodeUrl : sandbox.urls.nodeUrl),
                    stderr: 'ignore',
                }),
            );
            try {
                await mcp.listTools();
                // What the server reads at its start is not the call's.
                await settle(base);
                return await body(mcp);
            } finally {
                await mcp.close();
            }
        };

        for (const action of actions) {
            process.stderr.write(`latency: ${action.name}\n`);
            const fresh: Sample[] = [];
            const running: Sample[] = [];
            const repeated: Sample[] = [];
            for (let i = 0; i < rounds; i++) {
                fresh.push(
                    await server(action, (mcp) => call(mcp, action.tool, action.args(known))),
                );
                await server(action, async (mcp) => {
                    // The call on another id must succeed, or it loads nothing and the row
                    // measures a fresh server under another name.
                    const other = await call(mcp, action.tool, action.other(known));
                    if (other.isError)
                        throw new Error(`${action.name}: the call on another id failed`);
                    await settle(base);
                    running.push(await call(mcp, action.tool, action.args(known)));
                    repeated.push(await call(mcp, action.tool, action.args(known)));
                });
            }
            const figures = (samples: readonly Sample[]) => {
                const last = samples[samples.length - 1]!;
                return {
                    wallMs: median(samples.map((s) => s.wallMs)),
                    dependentRoundTrips: median(samples.map((s) => s.count.dependentRoundTrips)),
                    requests: median(samples.map((s) => s.count.requests)),
                    computeUnits: median(samples.map((s) => s.count.computeUnits)),
                    beforeFirstRequestMs: median(samples.map((s) => s.beforeFirstMs)),
                    afterLastAnswerMs: median(samples.map((s) => s.afterLastMs)),
                    errors: samples.filter((s) => s.isError).length,
                    // Requests that asked what an earlier one of the same call asked.
                    repeated: Math.max(...samples.map((s) => s.count.repeated.length)),
                    byService: last.count.byService,
                    localNodeRequests: last.log.filter((r) => r.localNode).length,
                    criticalPath: last.count.criticalPath.map((r) => r.operations.join('+')),
                    last,
                };
            };
            const [f, r, again] = [figures(fresh), figures(running), figures(repeated)];
            const budget = Math.round(fewestMs(action.fewest) + action.localBudgetMs);
            checks.push({
                name: `${action.name}: at ${remoteRttMs} ms RTT${action.node === 'local' ? ` (${localRttMs} ms to the node)` : ''}`,
                key: action.key,
                value: r.wallMs,
                unit: 'ms',
                budget,
                passed: r.wallMs <= budget && r.errors === 0 && r.repeated === 0,
                detail: `${r.dependentRoundTrips} dependent round trips (fewest ${action.fewest.length}: ${action.why}), ${describe(r.last.count, r.last.log)}; local work ${r.beforeFirstRequestMs.toFixed(0)} ms before the first request, ${r.afterLastAnswerMs.toFixed(0)} ms after the last answer. First call of a fresh server: ${f.wallMs.toFixed(0)} ms, ${f.dependentRoundTrips} round trips, ${f.requests} requests, ${f.computeUnits} CU. Repeated: ${again.wallMs.toFixed(0)} ms, ${again.requests} requests${r.errors ? `; ${r.errors} calls answered an error` : ''}${r.repeated ? `; ${r.repeated} requests asked what an earlier one of the call asked` : ''}`,
            });
            const plain = ({ last: _last, ...rest }: ReturnType<typeof figures>) => rest;
            measured.push({
                action: action.name,
                key: action.key,
                node: action.node,
                fewestRoundTrips: action.fewest.length,
                budgetMs: budget,
                running: plain(r),
                freshServer: plain(f),
                repeated: plain(again),
            });
        }
    } finally {
        await sandbox.stop();
    }
    writeChecks(
        'latency',
        `Each agent tool at a real round-trip time (#38): the MCP server of this build over stdio against the sandbox (${placementNote(placement.note)}), ${remoteRttMs} ms added to every Data API, Metrics API and public node request and ${localRttMs} ms to the node on this machine. Each row: the first call of that id in a running server (the same tool called on another id first); the first call of a fresh server and the call repeated are in the detail; medians of ${rounds} rounds. Budget: the round-trip time of each request on the shortest chain the protocol allows, plus the call's loopback budget. Connection set-up (TCP, TLS) is not simulated.`,
        checks,
        (c) => `${c.value.toFixed(0)} ${c.unit}`,
        { rounds, remoteRttMs, localRttMs, actions: measured },
    );
}

const placementNote = (note: string) => note || 'default placement';

if (require.main === module) exitWhenDone(main());
