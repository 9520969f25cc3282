/**
 * The node JSON-RPC client against a REAL AvalancheGo with a Subnet-EVM L1: the network the node
 * test tier starts (test/realnode/network.ts; AvalancheGo built by scripts/avalanchego.mjs, or
 * the tools named by REALNODE_TOOLS), on loopback.
 *
 * (a) Every read-only method of the node method table that the node answers, and every call the
 * Node view's refresh makes: NodeRpcClient.call against bare undici.request posting the same
 * JSON-RPC body, sequential, interleaved rounds, ratios paired by round. Budget: client >= 0.9x
 * bare undici per method. A method the node refuses here (the public-server-only and
 * Subnet-EVM-only ones are asked where they are served) is listed as skipped, with the reason.
 *
 * (b) The Node view's refresh as the extension runs it (`collectNodeSnapshot`, with the chains of
 * the local network as candidates) against its slowest single call, each measured with the same
 * client in the same rounds. AvalancheGo's own APIs take no batch, so the refresh can only be
 * fast by sending its calls together. Budget: refresh median <= 2x the slowest call's median.
 *
 * Starting the network (node, L1 creation and conversion, a restart tracking the L1, activity on
 * both chains) takes most of the part's time. Prints a table and writes
 * bench/results/realnode.{md,json}.
 *
 * Environment: BENCH_ROUNDS (default 10), BENCH_SEQUENTIAL (calls per block, default 100),
 * REALNODE_TOOLS (JSON of scripts/avalanchego.mjs --json; otherwise that script runs), BENCH_PIN
 * and BENCH_NICE (see harness.ts).
 */
import * as net from 'node:net';

import { Agent, request } from 'undici';

import {
    collectNodeSnapshot,
    listNodeRpcMethods,
    NodeRpcClient,
    nodeEndpointPath,
    nodeRpcMethods as m,
    pChainId,
    type AnyNodeRpcMethod,
    type NodeRpcMethodName,
    type NodeSnapshot,
} from '../src/core';
import { ewoqAddress } from '../test/realnode/activity';
import { startRealNetwork, type RealNetworkInfo } from '../test/realnode/network';
import { killAllNodesNow, stopAllNodes } from '../test/realnode/node';
import {
    type Contestant,
    machineLine,
    markdownTable,
    median,
    iqrPercent,
    type Measurement,
    pairedRatio,
    placeBenchmark,
    summarize,
    interleave,
    writeResults,
} from './harness';

// Blocks of 40 calls lasted 10–20 ms, and one pause of the node's (or of this process) in one
// moved a method's ratio by a fifth: 5 rounds of 40 put a different handful of methods under the
// line in every run. 10 rounds of 100 take about 45 s more; an even count runs each contestant
// first as often as the other.
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 10);
const calls = Number(process.env['BENCH_SEQUENTIAL'] ?? 100);
const methodBudget = 0.9;
const refreshBudget = 2;
/** Each direction's delay of the proxy standing for a node across a network. */
const proxyDelayMs = 10;

/** One call as a test of the table: the method, its params and the chain it goes to. */
interface Case {
    label: string;
    method: AnyNodeRpcMethod;
    params: unknown;
    chain?: string;
}

/** The ewoq key's addresses on the local network's P- and X-Chain (funded by its genesis). */
const ewoqP = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const ewoqX = 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';

/**
 * Params (and chain) for the read-only methods of the table, from what the network holds. A
 * read-only method missing here is reported as skipped, so that a method added to the table
 * shows up in the results.
 */
async function paramsByMethod(
    info: RealNetworkInfo,
    client: NodeRpcClient,
): Promise<Partial<Record<NodeRpcMethodName, [unknown, string?]>>> {
    const l1 = info.l1.blockchainId;
    const transfer = info.cChain.activity.transfers[0]!;
    // The AVAX asset's id is the id of the X-Chain genesis transaction that created it.
    const { assetId } = await client.call(m['avm.getAssetDescription'], { assetID: 'AVAX' });
    const height = `0x${BigInt(transfer.blockNumber).toString(16)}` as const;
    const block = await client.call(m.eth_getBlockByNumber, [height, false], { chain: 'C' });
    return {
        'admin.getChainAliases': [{ chain: info.cChain.blockchainId }],
        'admin.getLoggerLevel': [{}],
        'info.acps': [{}],
        'info.isBootstrapped': [{ chain: 'C' }],
        'info.getBlockchainID': [{ alias: 'C' }],
        'info.getNetworkID': [{}],
        'info.getNetworkName': [{}],
        'info.getNodeID': [{}],
        'info.getNodeIP': [{}],
        'info.getNodeVersion': [{}],
        'info.getTxFee': [{}],
        'info.getVMs': [{}],
        'info.peers': [{}],
        'info.uptime': [{}],
        'info.upgrades': [{}],
        'platform.getHeight': [{}],
        'platform.getSubnets': [{}],
        'platform.getSubnet': [{ subnetID: info.l1.subnetId }],
        'platform.getBlockchains': [{}],
        'platform.getBlockchainStatus': [{ blockchainID: l1 }],
        'platform.validatedBy': [{ blockchainID: l1 }],
        'platform.validates': [{ subnetID: info.l1.subnetId }],
        'platform.getCurrentValidators': [{}],
        ...(info.l1.validationId
            ? { 'platform.getL1Validator': [{ validationID: info.l1.validationId }] }
            : {}),
        ...(info.l1.convertTxId
            ? {
                  'platform.getTx': [{ txID: info.l1.convertTxId }],
                  'platform.getTxStatus': [{ txID: info.l1.convertTxId }],
              }
            : {}),
        'platform.getBalance': [{ addresses: [ewoqP] }],
        'platform.getStakingAssetID': [{}],
        'platform.getCurrentSupply': [{}],
        'platform.getTimestamp': [{}],
        'platform.getBlockByHeight': [{ height: 1 }],
        'platform.getFeeState': [{}],
        'platform.getValidatorFeeState': [{}],
        'platform.getValidatorFeeConfig': [{}],
        'platform.getMinStake': [{}],
        'platform.getTotalStake': [{}],
        'avm.getHeight': [{}],
        'avm.getTx': [{ txID: assetId }],
        'avm.getTxStatus': [{ txID: assetId }],
        'avm.getAssetDescription': [{ assetID: 'AVAX' }],
        'avm.getBlockByHeight': [{ height: '0' }],
        'avm.getBalance': [{ address: ewoqX, assetID: 'AVAX' }],
        'avm.getAllBalances': [{ address: ewoqX }],
        // Subnet-EVM only: asked on the L1.
        eth_feeConfig: [[], l1],
        eth_getChainConfig: [[], l1],
        eth_getActivePrecompilesAt: [[], l1],
        eth_getActiveRulesAt: [[], l1],
        'validators.getCurrentValidators': [{}, l1],
        eth_chainId: [[], 'C'],
        eth_blockNumber: [[], 'C'],
        eth_getBalance: [[ewoqAddress, 'latest'], 'C'],
        eth_getCode: [[info.cChain.activity.contract.address, 'latest'], 'C'],
        eth_getTransactionCount: [[ewoqAddress, 'latest'], 'C'],
        eth_getTransactionByHash: [[transfer.hash], 'C'],
        eth_getTransactionReceipt: [[transfer.hash], 'C'],
        eth_getBlockByNumber: [[height, false], 'C'],
        eth_getBlockByHash: [[block?.hash ?? '', false], 'C'],
    };
}

/** The calls of one Node view refresh, as `collectNodeSnapshot` makes them. */
function refreshCases(info: RealNetworkInfo, xId: string, pId: string): Case[] {
    const plain = (name: NodeRpcMethodName, params: unknown = {}): Case => ({
        label: name,
        method: m[name],
        params,
    });
    return [
        plain('info.getNodeVersion'),
        plain('info.getNetworkID'),
        plain('info.getNetworkName'),
        plain('info.getNodeID'),
        plain('info.getNodeIP'),
        plain('info.peers'),
        plain('info.uptime'),
        plain('info.upgrades'),
        plain('info.acps'),
        plain('info.getVMs'),
        { ...plain('info.getBlockchainID', { alias: 'X' }), label: 'info.getBlockchainID X' },
        { ...plain('info.getBlockchainID', { alias: 'C' }), label: 'info.getBlockchainID C' },
        // The C-Chain's head: both heights on Helicon's C-Chain (ACP-194).
        {
            label: 'eth_getBlockByNumber C latest',
            method: m.eth_getBlockByNumber,
            params: ['latest', false],
            chain: 'C',
        },
        ...['P', 'X', 'C', info.l1.blockchainId].map((chain) => ({
            ...plain('info.isBootstrapped', { chain }),
            label: `info.isBootstrapped ${chain.length > 1 ? 'L1' : chain}`,
        })),
        plain('admin.getLoggerLevel'),
        ...[
            ['P', pId],
            ['X', xId],
            ['C', info.cChain.blockchainId],
            ['L1', info.l1.blockchainId],
        ].map(([name, chain]) => ({
            ...plain('admin.getChainAliases', { chain }),
            label: `admin.getChainAliases ${name}`,
        })),
    ];
}

async function main(): Promise<void> {
    const placement = placeBenchmark();
    process.on('exit', killAllNodesNow);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => void stopAllNodes().finally(() => process.exit(130)));
    }
    const startedMs = Date.now();
    const network = await startRealNetwork({
        log: (line) => process.stderr.write(`[realnode] ${line}\n`),
    });
    const startMs = Date.now() - startedMs;
    try {
        await run(network.info, placement.note, startMs);
    } finally {
        await network.stop();
    }
}

async function run(info: RealNetworkInfo, placementNote: string, startMs: number): Promise<void> {
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    const client = new NodeRpcClient({ url: info.uri });
    let nextId = 1;
    /** Bare undici posting the body the client sends for the same call. */
    const bare = (c: Case) => {
        const url = `${info.uri}${nodeEndpointPath(c.method.endpoint, c.chain)}`;
        const wireParams = (c.method.encodeParams as (p: unknown) => unknown)(c.params);
        return async (): Promise<unknown> => {
            const res = await request(url, {
                method: 'POST',
                dispatcher: agent,
                headers: { accept: 'application/json', 'content-type': 'application/json' },
                body: JSON.stringify({
                    jsonrpc: '2.0',
                    id: nextId++,
                    method: c.method.name,
                    params: wireParams,
                }),
            });
            if (res.statusCode !== 200) throw new Error(`${c.label}: status ${res.statusCode}`);
            const answer = (await res.body.json()) as { result?: unknown };
            if (answer.result === undefined) throw new Error(`${c.label}: no result`);
            return answer.result;
        };
    };
    const ours = (c: Case) => {
        const options = c.chain !== undefined ? { chain: c.chain } : {};
        return () => client.call(c.method as never, c.params as never, options);
    };

    // (a) Every read-only method the node answers.
    const params = await paramsByMethod(info, client);
    const cases: Case[] = [];
    const skipped: { method: string; reason: string }[] = [];
    for (const method of listNodeRpcMethods()) {
        if (method.changesNode) continue;
        const given = params[method.name];
        if (!given) {
            skipped.push({ method: method.name, reason: 'no params for it in the bench' });
            continue;
        }
        const c: Case = {
            label: method.name,
            method,
            params: given[0],
            ...(given[1] !== undefined ? { chain: given[1] } : {}),
        };
        try {
            await ours(c)();
            await bare(c)();
            cases.push(c);
        } catch (error) {
            skipped.push({ method: method.name, reason: (error as Error).message });
        }
    }
    const methodRows: string[][] = [];
    const methods: Record<string, unknown>[] = [];
    for (const c of cases) {
        const results = await interleave(
            [
                { name: 'bare', call: bare(c) },
                { name: 'client', call: ours(c) },
            ],
            { rounds, calls, concurrency: 1, warmupCalls: 10, label: c.label },
        );
        const vsBare = pairedRatio(results.get('client')!, results.get('bare')!);
        const clientFigures = summarize(results.get('client')!);
        const bareFigures = summarize(results.get('bare')!);
        const passed = vsBare.ratio >= methodBudget;
        methods.push({
            method: c.label,
            chain: c.chain,
            clientVsBare: vsBare,
            client: clientFigures,
            bare: bareFigures,
            budget: methodBudget,
            passed,
        });
        methodRows.push([
            c.label,
            clientFigures.p50Ms.toFixed(3),
            bareFigures.p50Ms.toFixed(3),
            clientFigures.cpuUsPerCall.toFixed(0),
            bareFigures.cpuUsPerCall.toFixed(0),
            `${vsBare.ratio.toFixed(2)} ±${vsBare.spreadPercent.toFixed(0)}%`,
            passed ? 'PASS' : 'MISS',
        ]);
    }

    // (b) The Node view's refresh against its slowest single call, in the same rounds: on loopback,
    // and through a proxy that delays each direction by 10 ms, as a node across a network is.
    const xId = (await client.call(m['info.getBlockchainID'], { alias: 'X' })).blockchainId;
    const singles = refreshCases(info, xId, pChainId);
    const candidates = [
        { id: info.cChain.blockchainId, name: 'C-Chain' },
        { id: info.l1.blockchainId, name: 'explorertest' },
    ];
    const refreshRounds = Math.max(rounds, 7);
    const loopback = await measureRefresh(client, singles, candidates, refreshRounds, 20);
    const proxy = await startDelayProxy(new URL(info.uri), proxyDelayMs);
    const remoteClient = new NodeRpcClient({ url: proxy.url });
    let remote: RefreshFigures;
    try {
        remote = await measureRefresh(remoteClient, singles, candidates, refreshRounds, 5);
    } finally {
        await remoteClient.close();
        await proxy.close();
    }
    const refreshPassed = remote.ratio <= refreshBudget;
    const { refreshMs, slowestMs, slowestName, vsSequential } = loopback;
    const singleRows = singles.map((c): [string, string, string] => [
        c.label,
        loopback.singles.get(c.label)!.toFixed(3),
        remote.singles.get(c.label)!.toFixed(3),
    ]);

    const verdicts = [
        ...methods.map(
            (r) =>
                `${r['passed'] ? 'PASS' : 'MISS'} ${String(r['method'])}: client >= ${methodBudget}x bare undici (${(r['clientVsBare'] as { ratio: number }).ratio.toFixed(2)}x)`,
        ),
        `${refreshPassed ? 'PASS' : 'MISS'} Node view refresh through ${2 * proxyDelayMs} ms of round trip <= ${refreshBudget}x its slowest single call (${remote.ratio.toFixed(2)}x: ${remote.refreshMs.toFixed(2)} ms vs ${remote.slowestName} ${remote.slowestMs.toFixed(2)} ms)`,
        `INFO Node view refresh on loopback / its slowest single call: ${loopback.ratio.toFixed(2)}x (${refreshMs.toFixed(2)} ms vs ${slowestName} ${slowestMs.toFixed(2)} ms)`,
        `INFO Node view refresh / its ${singles.length} calls one after another: ${vsSequential.toFixed(2)}x`,
    ];
    const machine = machineLine();
    const stamp = new Date().toISOString();
    const text = [
        `A real AvalancheGo ${info.version} with a Subnet-EVM L1 on loopback (started in ${(startMs / 1000).toFixed(0)} s). (a) Each read-only method of the node method table: NodeRpcClient.call vs bare undici.request posting the same body, ${rounds} interleaved rounds of ${calls} sequential calls each; ratios are medians of per-round ratios of rates. (b) The Node view's refresh as the monitor repeats it (collectNodeSnapshot with the C-Chain and the L1 as candidates and the last snapshot, ${singles.length} calls) against the slowest of its calls made alone, ${refreshRounds} interleaved rounds (of 20 on loopback, of 5 through the proxy); the ratio is the median of per-round ratios of median latencies. On loopback the node's own CPU bounds it: its calls, sent together, share the machine's cores. Through a TCP proxy that holds each chunk ${proxyDelayMs} ms in each direction (a node across a network), the round trip dominates, as it does for any node not on this machine.`,
        `Machine: ${machine}; ${placementNote}. Taken ${stamp}.`,
        '',
        markdownTable(
            [
                'method',
                'client p50 ms',
                'bare p50 ms',
                'client CPU µs',
                'bare CPU µs',
                'x bare (paired)',
                'verdict',
            ],
            methodRows,
        ),
        '',
        skipped.length > 0
            ? `Skipped (the node did not answer them here, or no params): ${skipped.map((s) => `${s.method} (${s.reason})`).join('; ')}.`
            : 'Every read-only method of the table was measured.',
        '',
        markdownTable(
            [
                'call of the refresh, alone',
                'p50 ms, loopback',
                `p50 ms, ${2 * proxyDelayMs} ms round trip`,
            ],
            [
                ['the whole refresh', refreshMs.toFixed(3), remote.refreshMs.toFixed(3)],
                ...singleRows,
            ],
        ),
        '',
        ...verdicts,
    ].join('\n');
    console.log(text);
    writeResults('realnode', text, {
        machine,
        placement: placementNote,
        stamp,
        version: info.version,
        networkStartMs: startMs,
        rounds,
        calls,
        methods,
        skipped,
        refresh: {
            ratio: remote.ratio,
            spreadPercent: remote.spreadPercent,
            refreshMs: remote.refreshMs,
            slowestMs: remote.slowestMs,
            slowest: remote.slowestName,
            roundTripMs: 2 * proxyDelayMs,
            calls: singles.length,
            budget: refreshBudget,
            passed: refreshPassed,
            singles: Object.fromEntries(remote.singles),
        },
        refreshLoopback: {
            ratio: loopback.ratio,
            spreadPercent: loopback.spreadPercent,
            refreshMs,
            slowestMs,
            slowest: slowestName,
            calls: singles.length,
            vsSequential,
            singles: Object.fromEntries(loopback.singles),
        },
        verdicts,
    });
    await client.close();
    await agent.close();
}

interface RefreshFigures {
    readonly ratio: number;
    readonly spreadPercent: number;
    readonly refreshMs: number;
    readonly slowestMs: number;
    readonly slowestName: string;
    /** The refresh against the same calls made one after another. */
    readonly vsSequential: number;
    /** Median latency of each call alone. */
    readonly singles: ReadonlyMap<string, number>;
}

/** The refresh as the Node view's monitor repeats it, against its calls alone, in the same rounds. */
async function measureRefresh(
    client: NodeRpcClient,
    singles: readonly Case[],
    candidates: readonly { id: string; name: string }[],
    rounds: number,
    calls: number,
): Promise<RefreshFigures> {
    let previous: NodeSnapshot | undefined;
    const refresh: Contestant = {
        name: 'refresh',
        call: async () => {
            const snapshot = await collectNodeSnapshot(client, { chains: candidates, previous });
            const parts: { ok: boolean }[] = [
                snapshot.version,
                snapshot.loggerLevels,
                ...snapshot.chainAliases.map((a) => a.aliases),
                ...snapshot.chains.map((c) => c.bootstrapped),
            ];
            const broken = parts.filter((p) => !p.ok);
            if (broken.length > 0 || snapshot.chains.length !== 4)
                throw new Error(`the refresh was not whole: ${JSON.stringify(snapshot)}`);
            previous = snapshot;
            return snapshot;
        },
    };
    const alone = (c: Case) => {
        const options = c.chain !== undefined ? { chain: c.chain } : {};
        return () => client.call(c.method as never, c.params as never, options);
    };
    await refresh.call();
    const results = await interleave(
        [refresh, ...singles.map((c) => ({ name: c.label, call: alone(c) }))],
        { rounds, calls, concurrency: 1, warmupCalls: Math.min(10, calls), label: 'refresh' },
    );
    const of = (name: string): Measurement[] => results.get(name)!;
    const perRound = of('refresh').map((r, i) => {
        let slowest = singles[0]!.label;
        for (const c of singles)
            if (of(c.label)[i]!.p50Ms > of(slowest)[i]!.p50Ms) slowest = c.label;
        return {
            ratio: r.p50Ms / of(slowest)[i]!.p50Ms,
            slowest,
            refreshMs: r.p50Ms,
            slowestMs: of(slowest)[i]!.p50Ms,
        };
    });
    const slowestByCount = new Map<string, number>();
    for (const r of perRound)
        slowestByCount.set(r.slowest, (slowestByCount.get(r.slowest) ?? 0) + 1);
    return {
        ratio: median(perRound.map((r) => r.ratio)),
        spreadPercent: iqrPercent(perRound.map((r) => r.ratio)),
        refreshMs: median(perRound.map((r) => r.refreshMs)),
        slowestMs: median(perRound.map((r) => r.slowestMs)),
        slowestName: [...slowestByCount].sort((a, b) => b[1] - a[1])[0]![0],
        vsSequential: median(
            of('refresh').map(
                (r, i) => r.p50Ms / singles.reduce((sum, c) => sum + of(c.label)[i]!.p50Ms, 0),
            ),
        ),
        singles: new Map(singles.map((c) => [c.label, median(of(c.label).map((x) => x.p50Ms))])),
    };
}

/**
 * A TCP proxy to `target` that holds every chunk `delayMs` before passing it on, in each
 * direction: the round trip of a node across a network, with the node itself unchanged.
 */
async function startDelayProxy(
    target: URL,
    delayMs: number,
): Promise<{ url: string; close(): Promise<void> }> {
    const sockets = new Set<net.Socket>();
    const relay = (from: net.Socket, to: net.Socket) => {
        // Timers of equal delay fire in the order they were set, so chunks keep their order.
        from.on('data', (chunk) => void setTimeout(() => to.destroyed || to.write(chunk), delayMs));
        from.on('end', () => void setTimeout(() => to.end(), delayMs));
        from.on('error', () => to.destroy());
        from.on('close', () => setTimeout(() => to.destroy(), delayMs));
    };
    const server = net.createServer((downstream) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [downstream, upstream]) {
            sockets.add(s);
            s.setNoDelay(true);
            s.on('close', () => sockets.delete(s));
        }
        relay(downstream, upstream);
        relay(upstream, downstream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
        url: `http://127.0.0.1:${port}`,
        close: () =>
            new Promise<void>((resolve) => {
                for (const s of sockets) s.destroy();
                server.close(() => resolve());
            }),
    };
}

main().catch(async (error: unknown) => {
    console.error(error);
    await stopAllNodes().catch(() => undefined);
    process.exit(1);
});
