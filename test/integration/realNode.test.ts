/**
 * The node tier's extension-host part: the views and the node palette commands against a real
 * AvalancheGo with a Subnet-EVM L1 (scripts/test.mjs starts it with test/realnode/cli.ts and names
 * it in the test environment). The Data API is still the sandbox's; its chain list is told about
 * the real C-Chain and L1, so the Chains view reads them through their real RPC URLs. Skipped in
 * the integration tier, which has no real node.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import { nodeQuery } from '../../src/core/query/nodeQueries';
import { SettingKey } from '../../src/platform/settingKeys';
import type { Row } from '../../src/tree/rows';
import { queuedTransfer } from '../realnode/activity';
import { runScripted, settledPanel } from './commandsScript';
import { type RealNodeEnv, screenshot, setSandboxSettings, testEnv } from './testEnv';
import {
    descriptionOf,
    extensionApi,
    labelOf,
    ofKind,
    oneOfKind,
    resetSandbox,
    rowByLabel,
    rows,
    until,
} from './treesSupport';

/** A `ChainInfo` as `GET /v1/chains` gives it, for a chain of the real node. */
function chainInfo(
    node: RealNodeEnv,
    chain: { blockchainId: string; rpcUrl: string; evmChainId: number },
    name: string,
    subnetId: string,
): Record<string, unknown> {
    return {
        chainId: String(chain.evmChainId),
        status: 'OK',
        chainName: name,
        description: `${name} on the real local node of the test run.`,
        platformChainId: chain.blockchainId,
        subnetId,
        vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
        vmName: 'EVM',
        explorerUrl: `${node.uri}/`,
        rpcUrl: chain.rpcUrl,
        isTestnet: false,
        networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18, logoUri: '' },
        private: false,
        enabledFeatures: [],
    };
}

async function nodeState(node: RealNodeEnv, want: 'UP' | 'DOWN'): Promise<void> {
    await until(
        () => existsSync(node.stateFile) && readFileSync(node.stateFile, 'utf8').trim() === want,
        `the real node to be ${want}`,
        90_000,
    );
}

suite('(node host) the views and node commands against a real AvalancheGo', function () {
    this.timeout(180_000);
    let node: RealNodeEnv;

    suiteSetup(async function () {
        const real = testEnv().realNode;
        if (!real) this.skip();
        node = real;
        const api = await extensionApi();
        await resetSandbox();
        await setSandboxSettings({
            extraChains: [
                chainInfo(
                    node,
                    { ...node.cChain, evmChainId: node.cChain.activity.evmChainId },
                    'Real C-Chain',
                    '11111111111111111111111111111111LpoYY',
                ),
                chainInfo(
                    node,
                    { ...node.l1, evmChainId: node.l1.activity.evmChainId },
                    'Real L1',
                    node.l1.subnetId,
                ),
            ],
        });
        await api.config.update(SettingKey.SelectedNodeUrl, node.uri);
        await until(() => api.clients.nodeUrl === node.uri, 'the real node to be selected');
        await api.trees.refresh('node');
    });

    suiteTeardown(async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.SelectedNodeUrl, undefined);
        await resetSandbox();
    });

    async function top(): Promise<Row[]> {
        return rows('node');
    }

    test('Node view: every row of the real node, with its version, network, identity and chains', async () => {
        const list = await top();
        const labels = await Promise.all(list.map(labelOf));
        for (const label of [
            'Reachable',
            'Version',
            'Network',
            'Node id',
            'Bootstrapped',
            'Admin API',
        ])
            assert.ok(labels.includes(label), `a ${label} row among ${labels.join(', ')}`);
        assert.ok(!list.some((r) => r.kind === 'error'), 'no error rows');
        assert.match(
            await descriptionOf(await rowByLabel(list, 'Version')),
            /avalanchego\/1\.14\.2/,
        );
        assert.match(await descriptionOf(await rowByLabel(list, 'Network')), /12345/);
        assert.equal(await descriptionOf(await rowByLabel(list, 'Node id')), node.nodeId);
        const chains = await rows('node', await rowByLabel(list, 'Bootstrapped'));
        assert.deepEqual((await Promise.all(chains.map(labelOf))).slice(0, 3), [
            'P-Chain',
            'X-Chain',
            'C-Chain',
        ]);
        for (const chain of chains.slice(0, 3))
            assert.doesNotMatch(await descriptionOf(chain), /bootstrapping|not/i);
        const admin = await rows('node', await rowByLabel(list, 'Admin API'));
        assert.deepEqual(await Promise.all(admin.map(labelOf)), [
            'Chain aliases',
            'Logger levels',
            'CPU profiler',
        ]);
        const aliases = await rows('node', admin[0]);
        assert.match(await descriptionOf(await rowByLabel(aliases, 'C-Chain')), /\bC\b/);
        assert.ok(ofKind(await rows('node', admin[1]), 'logger').length > 0);
        const api = await extensionApi();
        assert.equal(api.trees.testing.nodeHealth.kind, 'healthy');
    });

    test('Node view refresh: the real node takes no batch, and each path is asked without one', async () => {
        const api = await extensionApi();
        const before = api.trees.testing.nodeReads;
        await api.trees.monitor.refresh(true);
        assert.ok(api.trees.testing.nodeReads > before);
        const list = await top();
        assert.equal(await labelOf(list[0]!), 'Reachable');
        assert.ok(!list.some((r) => r.kind === 'error'));
    });

    test('the CPU profiler, behind a confirmation, really writes a profile on the node', async () => {
        const api = await extensionApi();
        const profile = path.join(node.dataDir, 'profiles', 'cpu.profile');
        api.trees.testing.confirm = () => Promise.resolve(true);
        try {
            await vscode.commands.executeCommand('avalanche.node.startCpuProfiler');
            assert.equal(api.trees.monitor.profiler()?.state, 'running');
            await until(async () => {
                const admin = await rows('node', await rowByLabel(await top(), 'Admin API'));
                return oneOfKind(admin, 'profiler').state === 'running';
            }, 'the profiler row to say running');
            await vscode.commands.executeCommand('avalanche.node.stopCpuProfiler');
            assert.equal(api.trees.monitor.profiler()?.state, 'stopped');
            assert.ok(existsSync(profile), `${profile} written by the node`);
            assert.ok(statSync(profile).size > 0, 'the profile is not empty');
        } finally {
            api.trees.testing.confirm = () => Promise.resolve(false);
        }
    });

    test('Chains view: the real C-Chain and L1 through their RPC URLs, with the L1 configuration', async () => {
        const api = await extensionApi();
        api.trees.providers.chains.refresh();
        const top = await rows('chains');
        const evm = ofKind(await rows('chains', await rowByLabel(top, 'EVM chains')), 'evmChain');
        const find = (id: number): Row => {
            const found = evm.find((c) => c.chain.chainId === String(id));
            assert.ok(found, `EVM chain ${id} listed`);
            return found;
        };
        for (const [chain, activity] of [
            [find(node.cChain.activity.evmChainId), node.cChain.activity],
            [find(node.l1.activity.evmChainId), node.l1.activity],
        ] as const) {
            const parts = await rows('chains', chain);
            const blocks = ofKind(
                await rows('chains', await rowByLabel(parts, 'Latest blocks')),
                'evmBlock',
            );
            assert.ok(blocks.length > 0, 'latest blocks read from the real RPC');
            assert.ok(
                blocks[0]!.block.number >= Number(activity.latestBlock),
                'the newest block is at least the last one the activity made',
            );
            // The block hashes come from the chain's RPC; what a block's transaction rows then
            // show comes from the Data API, which does not index a local network's chains.
            const hashes = blocks.flatMap((b) => b.block.transactionHashes);
            const last = activity.contract.calls[activity.contract.calls.length - 1]!;
            if (blocks.some((b) => b.block.number === Number(last.blockNumber)))
                assert.ok(hashes.includes(last.hash), 'the last contract call is in its block');
        }
        const l1 = find(node.l1.activity.evmChainId);
        const config = await rowByLabel(await rows('chains', l1), 'Configuration');
        const sections = await rows('chains', config);
        assert.deepEqual(await Promise.all(sections.map(labelOf)), [
            'Chain config',
            'Fee config now',
            'Active rules and precompiles now',
        ]);
        assert.ok(sections.every((s) => s.kind !== 'error' && s.kind !== 'notice'));
        const fees = await rows('chains', sections[1]);
        assert.ok((await Promise.all(fees.map(labelOf))).includes('Minimum base fee'));
        const rules = await rows('chains', sections[2]);
        const precompiles = await rows('chains', await rowByLabel(rules, 'Active precompiles'));
        assert.ok(precompiles.length > 0, 'the L1 genesis enables precompiles');

        const cConfig = await rowByLabel(
            await rows('chains', find(node.cChain.activity.evmChainId)),
            'Configuration',
        );
        const cSections = await rows('chains', cConfig);
        assert.equal(cSections[0]?.kind, 'field', 'the C-Chain config is read');
        const notOffered = cSections.filter((s) => s.kind === 'notice');
        assert.ok(
            notOffered.length >= 1 &&
                notOffered.every((s) => s.kind === 'notice' && /Subnet-EVM/.test(s.message)),
            'the C-Chain explains the Subnet-EVM-only sections instead of failing',
        );
    });

    test('Validators view: the node part lists what the real node validates', async () => {
        const api = await extensionApi();
        await api.trees.refresh('validators');
        const top = await rows('validators');
        assert.ok(!top.some((r) => r.kind === 'error'), 'no error rows');
        const labels = await Promise.all(top.map(labelOf));
        assert.ok(labels.length > 0, `rows: ${labels.join(', ')}`);
    });

    test('node palette commands open their panels with the real node answers', async () => {
        const cases: [string, Record<string, unknown>][] = [
            ['info.getNodeVersion', {}],
            ['info.getNodeID', {}],
            ['info.getNetworkID', {}],
            ['info.isBootstrapped', { chain: 'X' }],
            ['info.upgrades', {}],
            ['eth_blockNumber', { rpcChain: 'C' }],
            [
                'eth_getTransactionReceipt',
                { rpcChain: 'C', hash: node.cChain.activity.contract.calls[0]!.hash },
            ],
            ['eth_feeConfig', { rpcChain: node.l1.blockchainId, optional: [] }],
            ['eth_getChainConfig', { rpcChain: node.l1.blockchainId }],
            ['eth_getActiveRulesAt', { rpcChain: node.l1.blockchainId, optional: [] }],
        ];
        for (const [method, answers] of cases) {
            const inputs = await runScripted(nodeQuery(method)!.commandId, answers as never);
            assert.deepEqual(inputs.refusals(), [], `${method}: nothing refused`);
            const panel = await settledPanel(
                (s) => s.query.source === 'node' && s.query.method === method,
                `${method} panel`,
            );
            assert.equal(panel.error, undefined, `${method}: ${panel.error}`);
            assert.ok(
                panel.view!.fields.length + panel.view!.sections.length > 0,
                `${method} shows something`,
            );
        }
        const version = (await extensionApi()).queries.panels
            .snapshots()
            .find((s) => s.query.source === 'node' && s.query.method === 'info.getNodeVersion')!;
        assert.ok(JSON.stringify(version.view).includes('avalanchego/1.14.2'));
    });

    test('screenshots for the README: the Node view and the L1 chain rows from the real node', async () => {
        const api = await extensionApi();
        // Before the node is killed (a Subnet-EVM L1 killed with SIGKILL comes back at block 0),
        // and with the panels of the tests above closed.
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('notifications.clearAll');
        // One view at a time in the picture: the others are hidden (VS Code's `<view>.removeView`)
        // and shown again after it.
        const only = async (shown: string): Promise<void> => {
            for (const id of ['chains', 'subnets', 'validators', 'node'])
                if (id !== shown)
                    await Promise.resolve(
                        vscode.commands.executeCommand(`avalanche.${id}.removeView`),
                    ).catch(() => undefined);
            await vscode.commands.executeCommand(`avalanche.${shown}.focus`);
            const view = api.trees.views[shown as 'chains' | 'node'];
            await until(() => view.visible, `the ${shown} view to show`);
        };
        // A view shown again builds its tree anew; reveal() fails until its rows are there.
        const reveal = async (
            view: vscode.TreeView<Row>,
            row: Row,
            expand: boolean | number,
        ): Promise<void> => {
            for (let attempt = 0; ; attempt++) {
                try {
                    await view.reveal(row, { expand });
                    return;
                } catch (error) {
                    if (attempt >= 20) throw error;
                    await new Promise((resolve) => setTimeout(resolve, 250));
                }
            }
        };
        await api.trees.refresh('node');
        await only('node');
        const list = await top();
        for (const label of ['Bootstrapped', 'Admin API'])
            await reveal(api.trees.views.node, await rowByLabel(list, label), true);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await screenshot('real-node-view');

        api.trees.providers.chains.refresh();
        await only('chains');
        const evm = ofKind(
            await rows('chains', await rowByLabel(await rows('chains'), 'EVM chains')),
            'evmChain',
        );
        const l1 = evm.find((c) => c.chain.chainId === String(node.l1.activity.evmChainId))!;
        await reveal(api.trees.views.chains, l1, 2);
        const config = await rowByLabel(await rows('chains', l1), 'Configuration');
        await reveal(api.trees.views.chains, config, true);
        for (const section of await rows('chains', config))
            await reveal(api.trees.views.chains, section, true);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await screenshot('real-node-l1-chain');
        for (const id of ['subnets', 'validators', 'node'])
            await vscode.commands.executeCommand(`avalanche.${id}.focus`);
    });

    test('the node dashboard charts the real node: real samples and rates, in light, dark and high contrast (screenshots)', async function () {
        this.timeout(120_000);
        const api = await extensionApi();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('notifications.clearAll');
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 1);
        const workbench = vscode.workspace.getConfiguration('workbench');
        const theme = workbench.inspect<string>('colorTheme')?.globalValue;
        try {
            await vscode.commands.executeCommand('avalanche.node.openDashboard');
            const panel = api.dashboards.all()[0]!;
            assert.equal(panel.nodeUrl, node.uri.replace(/\/$/, ''));
            // Three scrapes: rates need two samples of a counter.
            await until(
                () => panel.snapshot().scrapes >= 3,
                'three scrapes of the real node',
                30_000,
            );
            const model = panel.snapshot().lastModel!;
            assert.equal(model.problem, undefined, model.problem);
            assert.match(model.status, /^[\d,]+ series on the page, [\d,]+ kept/);
            const last = (id: string) =>
                model.charts
                    .find((c) => c.id === id)
                    ?.lines.map((l) => l.values.at(-1))
                    .find((v) => typeof v === 'number');
            // What a real AvalancheGo reports: its process's memory and open files are never 0.
            assert.ok((last('memory') ?? 0) > 0, `memory ${last('memory')}`);
            assert.ok((last('openFiles') ?? 0) > 0, `open files ${last('openFiles')}`);
            for (const [name, id] of [
                ['node-dashboard-real-light', 'Default Light Modern'],
                ['node-dashboard-real-dark', 'Default Dark Modern'],
                ['node-dashboard-real-high-contrast', 'Default High Contrast'],
            ] as const) {
                await workbench.update('colorTheme', id, vscode.ConfigurationTarget.Global);
                await new Promise((resolve) => setTimeout(resolve, 1500));
                await screenshot(name);
            }
            panel.close();
        } finally {
            await workbench.update('colorTheme', theme, vscode.ConfigurationTarget.Global);
            await api.config.update(SettingKey.NodeRefreshIntervalSeconds, undefined);
        }
    });

    test('the node killed mid-refresh and started again: the view says so, then recovers', async () => {
        const api = await extensionApi();
        const refreshing = api.trees.monitor.refresh(true);
        process.kill(node.cliPid, 'SIGUSR1');
        await nodeState(node, 'DOWN');
        await refreshing.catch(() => undefined);
        await api.trees.refresh('node');
        await until(
            async () => (await labelOf((await top())[0]!)) === 'Unreachable',
            'Unreachable',
        );
        assert.equal(api.trees.testing.nodeHealth.kind, 'unreachable');
        const down = await top();
        assert.ok(
            down.every((r) => r.kind !== 'error'),
            'one Unreachable row and a notice, not an error per row',
        );
        process.kill(node.cliPid, 'SIGUSR2');
        await nodeState(node, 'UP');
        await until(
            async () => {
                await api.trees.refresh('node');
                return (await labelOf((await top())[0]!)) === 'Reachable';
            },
            'the view to find the node again',
            60_000,
        );
        assert.equal(api.trees.testing.nodeHealth.kind, 'healthy');
        // Nothing left waiting on the dead connection: a refresh now settles with the node's answer.
        assert.ok(await api.trees.monitor.refresh(true), 'a fresh snapshot of the node');
    });

    test('the watch list: a real transfer watched while pending is seen accepted, and the node killed and started is seen down and back', async () => {
        const api = await extensionApi();
        // The host's window may count as in the background; the watch list would then pause.
        await api.config.update(SettingKey.WatchPollWhileUnfocused, true);
        const feature = api.watch.feature;
        const keys: string[] = [];
        const history = (key: string): string[] =>
            feature.list.get(key)?.history.map((h) => h.text) ?? [];
        try {
            const held = await queuedTransfer(node.cChain.rpcUrl, 'C-Chain');
            const txKey = feature.add({
                kind: 'evmTx',
                network: 'local',
                chainId: String(held.chainId),
                hash: held.hash,
                chainName: 'C-Chain',
            });
            keys.push(txKey);
            // Read through the extension's own sources: the `local` chain list of the selected
            // node (its C-Chain's RPC URL), within the default budget.
            await until(
                () => feature.list.get(txKey)?.observation?.status === 'pending',
                'the held transfer to be seen pending',
                30_000,
            );
            const pendingRow = feature
                .snapshot()
                .find((r) => r.description.endsWith('pending: in the mempool, not yet in a block'));
            assert.ok(pendingRow, JSON.stringify(feature.snapshot()));
            await held.release();
            const receipt = await held.receipt(held.hash);
            await until(
                () => feature.list.get(txKey)?.final === true,
                'the transfer to be final',
                60_000,
            );
            const text = `Transaction ${held.hash.slice(0, 10)}…${held.hash.slice(-6)} on C-Chain: accepted in block ${receipt.blockNumber}.`;
            assert.deepEqual(history(txKey), [text]);
            assert.ok(
                feature.snapshot().some(
                    (r) =>
                        r.final &&
                        // The change is marked in its row until seen (the flush marks it seen
                        // when the view is visible in a focused window).
                        r.description ===
                            `${r.unseen ? '● ' : ''}accepted in block ${receipt.blockNumber}`,
                ),
                JSON.stringify(feature.snapshot()),
            );

            const nodeKey = feature.add({ kind: 'node', url: node.uri, name: 'real node' });
            keys.push(nodeKey);
            // Up: by its health checks, and past none of the Key Metrics thresholds or past one
            // (a busy shared machine may put the node's CPU over its line): both serve.
            const isUp = (value: string | undefined): boolean =>
                value === 'up' || (value?.startsWith('alert:') ?? false);
            await until(
                () => isUp(feature.list.get(nodeKey)?.observation?.value),
                'the node to be seen up',
                30_000,
            ).catch((error: unknown) => {
                throw new Error(
                    `${(error as Error).message}: ${JSON.stringify(feature.list.get(nodeKey)?.observation)}`,
                );
            });
            process.kill(node.cliPid, 'SIGUSR1');
            await nodeState(node, 'DOWN');
            feature.refresh();
            await until(
                () => feature.list.get(nodeKey)?.observation?.value === 'down',
                'the killed node to be seen down',
                30_000,
            );
            // A Key Metrics threshold the node passed after its start may be told before it.
            const downEntry = feature.list
                .get(nodeKey)
                ?.history.find((h) => /^Node real node is down: .+\.$/.test(h.text));
            assert.ok(downEntry, history(nodeKey).join(' | '));
            assert.equal(downEntry.severity, 'warning');
            process.kill(node.cliPid, 'SIGUSR2');
            await nodeState(node, 'UP');
            // Down is read again every 10 s; Refresh makes it due at once.
            await until(
                () => {
                    feature.refresh();
                    return isUp(feature.list.get(nodeKey)?.observation?.value);
                },
                'the node to be seen back',
                60_000,
            );
            const told = history(nodeKey);
            assert.ok(
                told.some((t) =>
                    /^Node real node is back: up(, still bootstrapping( the P-Chain)?|, past a threshold: .+)?\.$/.test(
                        t,
                    ),
                ),
                told.join(' | '),
            );
        } finally {
            for (const key of keys) feature.removeCommand(key);
            await api.config.update(SettingKey.WatchPollWhileUnfocused, undefined);
            // The last test of the run: what the node's restart set off (its files rewritten,
            // the views' reads) settles before the run's leak check counts live timers.
            await new Promise((resolve) => setTimeout(resolve, 5_000));
        }
    });
});
