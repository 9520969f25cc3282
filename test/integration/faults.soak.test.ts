/**
 * Soak in the real extension host: the Node view visible and refreshing every second against the
 * sandbox, with hovers and result panels opened and closed along the way. The heap (after a
 * forced collection) may grow by less than 10 MB after the first minute (after the first sixth of
 * a shorter run); once the views close no timer of the extension is left, and listeners and
 * disposables are back to what they were before. A root-level hook then takes the extension's
 * services down in the reverse order of activation, as deactivation does, and expects every
 * counter at zero.
 *
 * Length: `SOAK_SECONDS`, 600 in `npm run test:reliability`, 20 in `npm test`.
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import type { LiveCounts } from '../../src/platform/liveCounters';
import { SettingKey } from '../../src/platform/settingKeys';
import type { QueryRequest } from '../../src/shared/query';
import { recordCheck, recorded, soakSeconds } from '../reliability/record';
import { activated } from './helpers';
import { clearSandboxRequests, sandboxRequests, testEnv } from './testEnv';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

async function heapAfterGc(): Promise<number> {
    // Two passes with a pause: finalizers and weak references settle in between.
    gc();
    await sleep(50);
    gc();
    return process.memoryUsage().heapUsed;
}

const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

suite('(integration) reliability: soak', function () {
    const seconds = soakSeconds(20);
    this.timeout((seconds + 180) * 1000);
    let api: ExtensionApi;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
    });

    suiteTeardown(async () => {
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, undefined);
        await vscode.commands.executeCommand('workbench.action.closeSidebar');
    });

    test(`the Node view refreshing every second for ${seconds} s, hovers and panels along the way`, async function () {
        if (seconds === 0) this.skip();
        const known = testEnv().known.mainnet;
        api.queries.panels.closeAll();
        await vscode.commands.executeCommand('workbench.action.closeSidebar');
        await sleep(500);
        const before: LiveCounts = api.debug.liveCounts();

        await recorded(
            'soak',
            `Node view every second for ${seconds} s with hovers and panels`,
            async (progress) => {
                await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 1);
                await vscode.commands.executeCommand('avalanche.node.focus');
                await sleep(1_500);
                assert.ok(api.trees.views.node.visible, 'the Node view is visible');
                await clearSandboxRequests();
                const readsAtStart = api.trees.testing.nodeReads;
                const doc = await vscode.workspace.openTextDocument({
                    language: 'plaintext',
                    content: [
                        known.evmAddress,
                        known.evmTxHash,
                        known.pChainAddress,
                        known.pChainTxHash,
                        known.l1NodeId,
                    ]
                        .map((id) => `id = ${id}`)
                        .join('\n'),
                });
                const queries: QueryRequest[] = [
                    {
                        source: 'dataApi',
                        operation: 'getTransaction',
                        params: { chainId: known.cChainId, txHash: known.evmTxHash },
                    },
                    {
                        source: 'dataApi',
                        operation: 'listTransactions',
                        params: {
                            chainId: known.cChainId,
                            address: known.evmAddress,
                            pageSize: 10,
                        },
                    },
                    { source: 'node', method: 'info.peers', texts: {} },
                ];
                const started = Date.now();
                const warmUpMs = Math.min(60_000, (seconds * 1000) / 6);
                let heapAtWarm: number | undefined;
                let maxHeap = 0;
                let hovers = 0;
                let panelsOpened = 0;
                let round = 0;
                while (Date.now() - started < seconds * 1000) {
                    round++;
                    // A hover, every other time from the network.
                    if (round % 2 === 0) api.hovers.engine.forget();
                    const line = round % 5;
                    await vscode.commands.executeCommand(
                        'vscode.executeHoverProvider',
                        doc.uri,
                        new vscode.Position(line, 6),
                    );
                    hovers++;
                    // A panel opened, drawn, closed.
                    const panel = api.queries.panels.open(queries[round % queries.length]!);
                    panelsOpened++;
                    const deadline = Date.now() + 10_000;
                    while (panel.snapshot().loading && Date.now() < deadline) await sleep(100);
                    await sleep(500);
                    panel.close();
                    // The rows VS Code shows, read as it reads them.
                    await api.trees.providers.node.getChildren(undefined);
                    await sleep(1_500);
                    const elapsed = Date.now() - started;
                    if (heapAtWarm === undefined && elapsed >= warmUpMs)
                        heapAtWarm = await heapAfterGc();
                    if (heapAtWarm !== undefined && round % 10 === 0)
                        maxHeap = Math.max(maxHeap, await heapAfterGc());
                    progress.cases = api.trees.testing.nodeReads - readsAtStart;
                }
                const heapAtEnd = await heapAfterGc();
                maxHeap = Math.max(maxHeap, heapAtEnd);
                const reads = api.trees.testing.nodeReads - readsAtStart;
                const requests = (await sandboxRequests()).length;
                progress.requests = requests;
                // One read a second, give or take the time a read takes.
                assert.ok(reads >= seconds * 0.5, `${reads} Node view reads in ${seconds} s`);
                const growth = heapAtEnd - (heapAtWarm ?? heapAtEnd);
                assert.ok(
                    growth < 10 * 1_048_576,
                    `heap grew by ${mb(growth)} after the first ${Math.round(warmUpMs / 1000)} s`,
                );
                return {
                    cases: reads,
                    requests,
                    detail: `${reads} reads, ${hovers} hovers, ${panelsOpened} panels; heap ${mb(heapAtWarm ?? 0)} after ${Math.round(warmUpMs / 1000)} s, ${mb(heapAtEnd)} at the end (growth ${mb(growth)}, peak ${mb(maxHeap)})`,
                };
            },
        );

        await recorded(
            'soak',
            'views closed: no timer left, listeners and disposables as before',
            async () => {
                await vscode.commands.executeCommand('workbench.action.closeSidebar');
                api.queries.panels.closeAll();
                let after = api.debug.liveCounts();
                const deadline = Date.now() + 5_000;
                // A read under way finishes; nothing is scheduled after it.
                while (
                    (after.timers > 0 || after.listeners > before.listeners) &&
                    Date.now() < deadline
                ) {
                    await sleep(200);
                    after = api.debug.liveCounts();
                }
                assert.equal(api.trees.views.node.visible, false, 'the Node view is hidden');
                assert.equal(
                    after.timers,
                    0,
                    `timers alive after the views closed: ${after.timers}`,
                );
                assert.ok(
                    after.listeners <= before.listeners,
                    `listeners: ${before.listeners} before, ${after.listeners} after`,
                );
                assert.ok(
                    after.disposables <= before.disposables,
                    `disposables: ${before.disposables} before, ${after.disposables} after`,
                );
                const reads = api.trees.testing.nodeReads;
                await sleep(2_500);
                assert.equal(
                    api.trees.testing.nodeReads,
                    reads,
                    'no read while the view is hidden',
                );
                return {
                    cases: 3,
                    detail: `timers ${after.timers}, listeners ${before.listeners} → ${after.listeners}, disposables ${before.disposables} → ${after.disposables}`,
                };
            },
        );
    });
});

// After every suite of the run (a root-level hook): the services go down in the reverse order of
// activation, as deactivation disposes them, and nothing may stay alive.
suiteTeardown(async function () {
    this.timeout(30_000);
    const ext = vscode.extensions.getExtension<ExtensionApi>(
        'avalanche-explorer.avalanche-explorer',
    );
    if (!ext?.isActive) return;
    const api = ext.exports;
    api.queries.panels.closeAll();
    await sleep(200);
    const before = api.debug.liveCounts();
    for (const service of [
        api.local.automatic,
        api.local.follower,
        api.local.networks,
        api.lenses,
        api.dashboards,
        api.agent,
        api.mcpLauncher,
        api.watch,
        // The dashboards' serializer and any panel still open.
        api.dashboards,
        api.editorIds,
        api.hovers,
        // The serializers and, once loaded, the panels and query services (LazyQueries).
        api.queries,
        api.contracts,
        api.trees,
        api.profilers,
        api.statusBar,
        api.clients,
        api.secrets,
        api.config,
    ]) {
        service.dispose();
    }
    await sleep(500);
    const after = api.debug.liveCounts();
    const held = after.timers === 0 && after.listeners === 0 && after.disposables === 0;
    recordCheck({
        area: 'soak',
        check: 'deactivation: services disposed, nothing alive',
        cases: 3,
        held,
        detail: `before: ${before.timers} timers, ${before.listeners} listeners, ${before.disposables} disposables; after: ${after.timers}, ${after.listeners}, ${after.disposables}`,
    });
    assert.deepEqual(
        after,
        { timers: 0, listeners: 0, disposables: 0 },
        `alive after deactivation; timers: ${api.debug.liveTimerSources().join(' | ') || 'none'}`,
    );
});
