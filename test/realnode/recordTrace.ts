/**
 * Records what a real AvalancheGo answers to the call-trace requests (the receipt, the callTracer,
 * the JavaScript tracer of src/core/trace/revertSites.ts, the code of the contracts called) for
 * the transactions of traceActivity.ts, and its refusal on a chain without the tracer, into
 * test/fixtures/trace/answers.json, which the unit tier serves from a loopback node
 * (test/unit/trace/trace.explain.test.ts). Re-record after changing TraceLab.sol, the tracer or the
 * pinned version:
 *
 *   npm run compile-tests && node out/test/realnode/recordTrace.js
 *
 * It starts the same local network as the node tier.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { revertSitesTracer } from '../../src/core/trace/revertSites';
import { repoRoot } from './activity';
import { provideTools, runL1Setup, startRealNetwork } from './network';
import { killAllNodesNow, stopAllNodes } from './node';
import { makeTraceActivity, type TraceCase, type TraceTree } from './traceActivity';

/** One JSON-RPC answer as the node sent it: `result` or `error`. */
interface Answer {
    result?: unknown;
    error?: unknown;
}

async function call(rpcUrl: string, method: string, params: unknown[]): Promise<Answer> {
    const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as Answer;
    return 'error' in body ? { error: body.error } : { result: body.result };
}

/** The recorded cases of one chain. */
const recorded: readonly TraceCase[] = ['enter', 'tryEnter', 'guarded', 'ratio', 'spawn', 'digest'];

async function recordChain(rpcUrl: string, tree: TraceTree, cases: readonly TraceCase[]) {
    const activity = await makeTraceActivity(rpcUrl, tree, cases);
    const answers: Record<string, Answer> = {};
    const key = (method: string, params: unknown[]): string => JSON.stringify([method, params]);
    const record = async (method: string, params: unknown[]): Promise<Answer> => {
        const answer = await call(rpcUrl, method, params);
        answers[key(method, params)] = answer;
        return answer;
    };
    await record('eth_chainId', []);
    for (const name of cases) {
        const hash = activity.txs[name].hash;
        const receipt = (await record('eth_getTransactionReceipt', [hash])).result as {
            blockNumber: string;
        };
        const tree = (
            await record('debug_traceTransaction', [
                hash,
                { tracer: 'callTracer', tracerConfig: { withLog: true } },
            ])
        ).result as { to?: string; calls?: unknown[] };
        await record('debug_traceTransaction', [
            hash,
            { tracer: revertSitesTracer, timeout: '25s' },
        ]);
        const addresses = new Set<string>();
        const walk = [tree];
        while (walk.length > 0) {
            const frame = walk.pop() as { to?: string; calls?: unknown[] };
            if (frame.to) addresses.add(frame.to.toLowerCase());
            for (const child of frame.calls ?? []) walk.push(child as typeof frame);
        }
        for (const address of addresses) {
            await record('eth_getCode', [address, receipt.blockNumber]);
        }
    }
    return { activity, answers };
}

async function main(): Promise<void> {
    process.on('exit', killAllNodesNow);
    process.once('SIGINT', () => void stopAllNodes().finally(() => process.exit(130)));
    const tools = provideTools();
    const network = await startRealNetwork({ tools });
    try {
        const info = network.info;
        const cChain = await recordChain(info.cChain.rpcUrl, 'foundry', recorded);
        const l1 = await recordChain(info.l1.rpcUrl, 'hardhat', recorded);
        // A chain created after the node started has no chain config: no tracer.
        const bare = await runL1Setup(tools, info.uri, false, 'notracer');
        await network.node.waitBootstrapped([bare.blockchainID], 60_000);
        const refusal = await call(
            `${info.uri}/ext/bc/${bare.blockchainID}/rpc`,
            'debug_traceTransaction',
            [cChain.activity.txs.enter.hash, { tracer: 'callTracer' }],
        );
        const dir = path.join(repoRoot(), 'test/fixtures/trace');
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, 'answers.json');
        const fixture = {
            recordedFrom: `avalanchego ${info.version} with Subnet-EVM ${info.version}, one node as a local network (test/realnode/recordTrace.ts)`,
            chains: {
                C: { tree: 'foundry', ...cChain },
                L1: { tree: 'hardhat', ...l1 },
            },
            refusal,
        };
        writeFileSync(file, `${JSON.stringify(fixture, null, 1)}\n`);
        console.log(`${file} written`);
    } finally {
        await network.stop();
    }
}

main().catch(async (error: unknown) => {
    console.error(error);
    await stopAllNodes();
    process.exit(1);
});
