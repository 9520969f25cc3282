/**
 * Records what a real AvalancheGo answers to the JavaScript tracer of
 * src/core/trace/revertSites.ts for the two failed calls to the Foundry tree's ExplorerVault
 * (activity.ts: `withdraw(10000)` failing its `require`, `deposit(1001)` failing with
 * `TooLarge(1001, 1000)`), into test/fixtures/trace/vault.json, which the sandbox serves for its
 * own failed calls to the same bytecode (test/sandbox/nodeApi.ts). The program counters depend
 * only on the runtime bytecode and the call, so they carry over; the source map the extension
 * reads them with plays no part here. Re-record after changing ExplorerVault.sol, the tracer or
 * the pinned version:
 *
 *   npm run compile-tests && node out/test/realnode/recordVaultTrace.js
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { revertSitesTracer } from '../../src/core/trace/revertSites';
import { repoRoot } from './activity';
import { provideTools, startRealNetwork } from './network';
import { killAllNodesNow, stopAllNodes } from './node';

async function call(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
    return body.result;
}

async function main(): Promise<void> {
    process.on('exit', killAllNodesNow);
    process.once('SIGINT', () => void stopAllNodes().finally(() => process.exit(130)));
    const network = await startRealNetwork({ tools: provideTools(), teleporter: false });
    try {
        const info = network.info;
        const reverts = info.cChain.activity.contracts?.reverts;
        if (!reverts) throw new Error('the activity made no calls to the vault');
        const answers: Record<string, unknown> = {};
        for (const [name, tx] of Object.entries(reverts)) {
            answers[name] = {
                hash: tx.hash,
                reason: tx.reason,
                revertSites: await call(info.cChain.rpcUrl, 'debug_traceTransaction', [
                    tx.hash,
                    { tracer: revertSitesTracer, timeout: '25s' },
                ]),
            };
        }
        const dir = path.join(repoRoot(), 'test/fixtures/trace');
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, 'vault.json');
        const fixture = {
            recordedFrom: `avalanchego ${info.version}, C-Chain, one node as a local network (test/realnode/recordVaultTrace.ts)`,
            contract:
                'test/fixtures/contracts-workspace/foundry/out/ExplorerVault.sol/ExplorerVault.json',
            ...answers,
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
