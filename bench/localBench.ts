/**
 * Local networks, end to end on this machine: discovery of the files avalanche-cli and tmpnet
 * leave (`LocalNetworks.list()`, cold and warm, for a typical network and one at the reader's
 * caps, with the peak heap of the large one), then the views of a local network read through its
 * node (`NodeNetwork`) against the sandbox node over loopback, each with a fresh client so that
 * nothing is cached, and how `subnets()` scales against a node with thousands of subnets.
 * Budgets: cold list <= 50 ms (typical) and <= 250 ms (at the caps), warm list <= 5 ms, each view
 * <= 150 ms. Prints a table and writes bench/results/local.{md,json}.
 *
 * Environment: BENCH_ROUNDS (default 11; the large sandbox gets a third of them, at least 3),
 * BENCH_PIN=1, BENCH_NICE (see harness.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { NodeNetwork, NodeRpcClient, nodeRpcMethods, splitRpcUrl } from '../src/core';
import type { RpcTarget } from '../src/core';
import { LocalNetworks } from '../src/platform/localNetworks';
import {
    type LocalNetworkFileL1,
    randomCb58Id,
    writeLocalNetworkFiles,
} from '../test/helpers/localNetworkFiles';
import {
    exitWhenDone,
    exposeGarbageCollector,
    iqrPercent,
    median,
    placeBenchmark,
    startSandboxProcess,
    writeChecks,
} from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 11);
const largeRounds = Math.max(3, Math.round(rounds / 3));

/** One row of the part's table; `budget` absent means for information. */
interface Check {
    name: string;
    value: number;
    unit: 'ms' | 'MB' | 'subnets';
    spreadPercent?: number;
    budget?: number;
    passed?: boolean;
    detail?: string;
}

function timed(values: readonly number[], budget: number | undefined): Partial<Check> {
    const m = median(values);
    return {
        value: m,
        spreadPercent: iqrPercent(values),
        ...(budget !== undefined ? { budget, passed: m <= budget } : {}),
    };
}

const fmt = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));
const range = (values: readonly number[]): string =>
    `${fmt(Math.min(...values))}–${fmt(Math.max(...values))} ms`;

// ---------------------------------------------------------------------------------------------
// 1. Discovery

interface DiscoveryCase {
    label: string;
    nodes: number;
    l1s: number;
    coldBudgetMs: number;
    heap: boolean;
}

function writeHome(c: DiscoveryCase): string {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-bench-local-'));
    const l1s: LocalNetworkFileL1[] = Array.from({ length: c.l1s }, (_, i) => ({
        name: `l1${i}`,
        subnetId: randomCb58Id(),
        blockchainId: randomCb58Id(),
        evmChainId: 100_000 + i,
        tokenSymbol: `T${i}`,
    }));
    writeLocalNetworkFiles(home, {
        // Live pids are not needed: the benchmark passes `isProcessAlive: () => true`.
        nodes: Array.from({ length: c.nodes }, (_, i) => ({
            uri: `http://127.0.0.1:${9650 + 2 * i}`,
            pid: 100_000 + i,
        })),
        l1s,
    });
    return home;
}

function newReader(home: string): LocalNetworks {
    // An empty env: the TMPNET_NETWORK_DIR of whoever runs the benchmark must not be read.
    return new LocalNetworks({ homeDir: home, env: {}, isProcessAlive: () => true });
}

async function discovery(c: DiscoveryCase, collectGarbage: () => void): Promise<Check[]> {
    const home = writeHome(c);
    try {
        // The first list() of the process also loads src/core (zod, the schemas), which the
        // extension pays once whatever asks first; kept out of the rounds, reported apart.
        const first = newReader(home);
        const t0 = performance.now();
        const found = await first.list();
        const firstMs = performance.now() - t0;
        first.dispose();
        const nodes = Math.max(0, ...found.map((n) => n.nodes.length));
        const l1s = Math.max(0, ...found.map((n) => n.l1s.length));
        if (nodes !== c.nodes || l1s !== c.l1s)
            throw new Error(
                `${c.label}: list() found ${nodes} nodes and ${l1s} L1s, expected ${c.nodes} and ${c.l1s}`,
            );

        const cold: number[] = [];
        const warm: number[] = [];
        for (let round = 0; round < rounds; round++) {
            collectGarbage();
            const reader = newReader(home);
            try {
                const a = performance.now();
                await reader.list();
                const b = performance.now();
                await reader.list();
                const w = performance.now() - b;
                cold.push(b - a);
                warm.push(w);
            } finally {
                reader.dispose();
            }
        }
        const what = `${c.nodes} nodes, ${c.l1s} L1s`;
        const shape = `${found.length} network(s) after dedup, files of both avalanche-cli and tmpnet; ${rounds} rounds, each a new LocalNetworks on the same home (files in the page cache)`;
        const checks: Check[] = [
            {
                name: `discovery, cold list(): ${what}`,
                unit: 'ms',
                ...timed(cold, c.coldBudgetMs),
                detail: `${range(cold)}; ${shape}; the process's first list() (also loading src/core) ${fmt(firstMs)} ms`,
            } as Check,
            {
                name: `discovery, warm list(): ${what}`,
                unit: 'ms',
                ...timed(warm, 5),
                detail: `${range(warm)}; answers from the last read, checking each pid again`,
            } as Check,
        ];
        if (c.heap) checks.push(await discoveryHeap(home, what, collectGarbage));
        return checks;
    } finally {
        fs.rmSync(home, { recursive: true, force: true });
    }
}

/**
 * The heap a cold list() needs above what was in use before it: the highest `heapUsed` seen
 * while it runs (sampled each millisecond; the reads are asynchronous, so the sampler gets
 * turns) and at its end, before any collection; and what stays after a full collection.
 */
async function discoveryHeap(
    home: string,
    what: string,
    collectGarbage: () => void,
): Promise<Check> {
    const peaks: number[] = [];
    const retained: number[] = [];
    for (let round = 0; round < Math.max(3, Math.round(rounds / 2)); round++) {
        collectGarbage();
        const base = process.memoryUsage().heapUsed;
        let peak = base;
        const sampler = setInterval(() => {
            peak = Math.max(peak, process.memoryUsage().heapUsed);
        }, 1);
        const reader = newReader(home);
        try {
            await reader.list();
            peak = Math.max(peak, process.memoryUsage().heapUsed);
            clearInterval(sampler);
            collectGarbage();
            retained.push((process.memoryUsage().heapUsed - base) / 1e6);
            peaks.push((peak - base) / 1e6);
        } finally {
            clearInterval(sampler);
            reader.dispose();
        }
    }
    return {
        name: `discovery, peak extra heap of a cold list(): ${what}`,
        unit: 'MB',
        value: median(peaks),
        spreadPercent: iqrPercent(peaks),
        detail: `${median(retained).toFixed(2)} MB kept after a full GC while the reader lives (its last read and watchers); ${peaks.length} rounds`,
    };
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. The views through the node

/**
 * A NodeNetwork built as src/platform/clients.ts builds it: a client for the node, and one
 * client per RPC base URL for the chains' endpoints. Fresh clients, so nothing is cached.
 */
function freshNodeNetwork(nodeUrl: string): { network: NodeNetwork; close: () => Promise<void> } {
    const node = new NodeRpcClient({ url: nodeUrl });
    const rpcClients = new Map<string, NodeRpcClient>();
    const rpcFor = (rpcUrl: string): RpcTarget | undefined => {
        const split = splitRpcUrl(rpcUrl);
        if (!split) return undefined;
        let client = rpcClients.get(split.base);
        if (!client) {
            client = new NodeRpcClient({ url: split.base });
            rpcClients.set(split.base, client);
        }
        return { client, path: split.path };
    };
    return {
        network: new NodeNetwork(node, nodeUrl, rpcFor),
        close: async () => {
            await Promise.all([node, ...rpcClients.values()].map((c) => c.close()));
        },
    };
}

interface View {
    name: string;
    run: (network: NodeNetwork) => Promise<number>;
    unit: string;
}

/** Runs each view `count` times, rotating their order by round, each on fresh clients. */
async function timeViews(
    nodeUrl: string,
    views: readonly View[],
    count: number,
): Promise<Map<string, { ms: number[]; items: number }>> {
    const results = new Map(views.map((v) => [v.name, { ms: [] as number[], items: 0 }]));
    const once = async (view: View): Promise<{ ms: number; items: number }> => {
        const { network, close } = freshNodeNetwork(nodeUrl);
        try {
            const t0 = performance.now();
            const items = await view.run(network);
            return { ms: performance.now() - t0, items };
        } finally {
            await close();
        }
    };
    // One unmeasured pass: JIT, and the sandbox's own first answers (it builds some lazily).
    for (const view of views) await once(view);
    for (let round = 0; round < count; round++) {
        for (let i = 0; i < views.length; i++) {
            const view = views[(i + round) % views.length]!;
            const r = await once(view);
            const entry = results.get(view.name)!;
            entry.ms.push(r.ms);
            entry.items = r.items;
        }
    }
    return results;
}

async function nodeViews(placement: ReturnType<typeof placeBenchmark>): Promise<Check[]> {
    const sandbox = await startSandboxProcess(
        { seed: 1 },
        { cpu: placement.sandboxCpu, nice: placement.nice },
    );
    try {
        const known = sandbox.known.mainnet;
        const views: View[] = [
            { name: 'chains()', unit: 'EVM chains', run: async (n) => (await n.chains()).length },
            { name: 'subnets()', unit: 'subnets', run: async (n) => (await n.subnets()).length },
            {
                name: "blocks('p-chain', tip, 10)",
                unit: 'blocks',
                run: async (n) => (await n.blocks('p-chain', undefined, 10)).blocks.length,
            },
            {
                name: 'l1Validators(L1 subnet)',
                unit: 'validators',
                run: async (n) => (await n.l1Validators(known.l1SubnetId)).length,
            },
        ];
        const results = await timeViews(sandbox.urls.nodeUrl, views, rounds);
        return views.map((v) => {
            const r = results.get(v.name)!;
            return {
                name: `node view, cold: ${v.name}`,
                unit: 'ms',
                ...timed(r.ms, 150),
                detail: `${r.items} ${v.unit}; ${range(r.ms)}; a new NodeRpcClient per call (new connection, no cache), sandbox node (default scale) over loopback`,
            } as Check;
        });
    } finally {
        await sandbox.stop();
    }
}

async function largeSubnets(placement: ReturnType<typeof placeBenchmark>): Promise<Check> {
    const started = performance.now();
    const sandbox = await startSandboxProcess(
        { seed: 1, scale: 'large' },
        { cpu: placement.sandboxCpu, nice: placement.nice },
    );
    const startMs = performance.now() - started;
    try {
        const nodeUrl = sandbox.urls.nodeUrl;
        const probe = new NodeRpcClient({ url: nodeUrl });
        const listed = await probe
            .call(nodeRpcMethods['platform.getSubnets'], {})
            .finally(() => probe.close());
        const results = await timeViews(
            nodeUrl,
            [{ name: 'subnets()', unit: 'subnets', run: async (n) => (await n.subnets()).length }],
            largeRounds,
        );
        const r = results.get('subnets()')!;
        // The node lists the primary network too; subnets() leaves it out.
        const nodeCount = listed.subnets.length - 1;
        const capped = r.items < nodeCount;
        return {
            name: `node view, cold: subnets() against ${nodeCount} subnets`,
            unit: 'ms',
            value: median(r.ms),
            spreadPercent: iqrPercent(r.ms),
            detail: `${r.items} subnets returned; ${capped ? `the 200-subnet read cap applied (platform.getSubnets lists ${nodeCount}, platform.getSubnet asked for the first 200)` : 'under the 200-subnet read cap'}; ${range(r.ms)}, ${r.ms.length} rounds; sandbox scale large (started in ${(startMs / 1000).toFixed(1)} s)`,
        };
    } finally {
        await sandbox.stop();
    }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
    const collectGarbage = exposeGarbageCollector();
    const placement = placeBenchmark();
    const checks: Check[] = [];
    const cases: DiscoveryCase[] = [
        { label: 'typical', nodes: 5, l1s: 2, coldBudgetMs: 50, heap: false },
        { label: 'at the caps', nodes: 64, l1s: 64, coldBudgetMs: 250, heap: true },
    ];
    for (const c of cases) {
        process.stderr.write(`local: discovery, ${c.label}\n`);
        checks.push(...(await discovery(c, collectGarbage)));
    }
    process.stderr.write('local: node views, default-scale sandbox\n');
    checks.push(...(await nodeViews(placement)));
    process.stderr.write('local: subnets(), large sandbox\n');
    checks.push(await largeSubnets(placement));

    writeChecks(
        'local',
        `Local networks: discovery from the tools' files, and the views read through the node. Medians over ${rounds} rounds (${largeRounds} against the large sandbox); spread is half the interquartile range. The sandbox runs in a process of its own (${placement.note}).`,
        checks,
        (c) => `${c.unit === 'MB' ? c.value.toFixed(2) : fmt(c.value)} ${c.unit}`,
        { rounds, largeRounds },
    );
}

if (require.main === module) exitWhenDone(main());
