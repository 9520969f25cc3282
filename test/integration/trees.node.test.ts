import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { nodeQuery } from '../../src/core';
import { SettingKey } from '../../src/platform/settingKeys';
import type { Row } from '../../src/tree/rows';
import { runScripted } from './commandsScript';
import { clearSandboxRequests, sandboxRequests, setSandboxSettings, testEnv } from './testEnv';
import {
    descriptionOf,
    extensionApi,
    labelOf,
    ofKind,
    oneOfKind,
    resetSandbox,
    rowByLabel,
    rows,
    stopWatching,
    tooltipText,
    until,
    treeSuite,
    watchFromRow,
} from './treesSupport';

treeSuite('node', 'Node view', () => {
    async function top(): Promise<Row[]> {
        return rows('node');
    }

    test('the node: reachable with a round trip, version, network, identity, chains, peers and more', async () => {
        const list = await top();
        const labels = await Promise.all(list.map(labelOf));
        assert.deepEqual(labels, [
            'Reachable',
            'Health',
            'Version',
            'Network',
            'Node id',
            'Bootstrapped',
            'C-Chain head',
            'Peers',
            'Uptime',
            'Transaction fees',
            'Network upgrades',
            'ACP preferences',
            'VMs',
            'Admin API',
        ]);
        assert.match(await descriptionOf(list[0]!), /\d+ ms round trip/);
        assert.match(await descriptionOf(list[1]!), /^healthy · \d+ checks pass$/);
        assert.equal(await descriptionOf(list[2]!), 'avalanchego/1.14.2');
        assert.equal(await descriptionOf(list[3]!), 'mainnet (id 1)');
        const known = testEnv().known.mainnet;
        assert.equal(await descriptionOf(list[4]!), known.nodeId);
        const identity = await rows('node', list[4]);
        assert.deepEqual(await Promise.all(identity.map(labelOf)), [
            'Node id',
            'BLS public key',
            'Proof of possession',
            'IP',
        ]);
        const version = await rows('node', list[2]);
        assert.ok((await Promise.all(version.map(labelOf))).includes('VM versions'));
    });

    test('Watch on the node’s status row follows the node in the watch list', async () => {
        const status = oneOfKind(await top(), 'nodeStatus');
        const key = await watchFromRow(status, {
            kind: 'node',
            url: status.url,
            name: status.name,
        });
        await stopWatching(key);
    });

    test('bootstrapped state of P, X, C and the tracked chains', async () => {
        const chains = await rows('node', await rowByLabel(await top(), 'Bootstrapped'));
        const labels = await Promise.all(chains.map(labelOf));
        assert.deepEqual(labels.slice(0, 3), ['P-Chain', 'X-Chain', 'C-Chain']);
        assert.ok(chains.length >= 6, 'the three L1s the node tracks follow');
        const descriptions = await Promise.all(chains.map(descriptionOf));
        assert.equal(
            descriptions.filter((d) => d === 'bootstrapping…').length,
            1,
            'one L1 is still bootstrapping',
        );
        assert.ok(
            !chains.some((c) => c.kind === 'notice'),
            'chains of the other network are left out, not errors',
        );
    });

    test('peers with version and uptime, filterable; timeline, ACPs, fees marked deprecated', async () => {
        const api = await extensionApi();
        const peersRow = await rowByLabel(await top(), 'Peers');
        const peers = ofKind(await rows('node', peersRow), 'peer');
        assert.ok(peers.length > 5);
        assert.match(await descriptionOf(peers[0]!), /avalanchego\/1\.14\.\d · sees us up [\d.]+%/);
        api.trees.monitor.peersFilter = '1.14.1';
        api.trees.providers.node.refresh();
        const filteredRow = await rowByLabel(await top(), 'Peers');
        const filtered = ofKind(await rows('node', filteredRow), 'peer');
        assert.ok(filtered.length > 0 && filtered.length < peers.length);
        assert.ok(filtered.every((p) => p.peer.version === 'avalanchego/1.14.1'));
        assert.match(await descriptionOf(filteredRow), /of \d+ \(filter: 1\.14\.1\)/);
        assert.match(
            api.trees.providers.node.getTreeItem(filteredRow).contextValue ?? '',
            /^field\.peers/,
        );

        const upgrades = ofKind(
            await rows('node', await rowByLabel(await top(), 'Network upgrades')),
            'upgrade',
        );
        assert.ok(upgrades.length > 5);
        assert.ok(upgrades.some((u) => u.entry.state === 'past'));
        assert.ok(upgrades.filter((u) => u.entry.state === 'next').length <= 1);
        const acps = ofKind(
            await rows('node', await rowByLabel(await top(), 'ACP preferences')),
            'acp',
        );
        assert.ok(acps.length > 0);
        assert.match(
            await descriptionOf(acps[0]!),
            /^support .* AVAX \(\d+\) · objection .* AVAX \(\d+\)$/,
        );
        const fees = await rowByLabel(await top(), 'Transaction fees');
        assert.match(await descriptionOf(fees), /deprecated/);
        const feeRows = await rows('node', fees);
        assert.ok(feeRows.length > 0);
        assert.match(
            api.trees.providers.node.getTreeItem(feeRows[0]!).contextValue ?? '',
            /deprecated/,
        );
    });

    test('the deprecated info.getTxFee is read once, when its row is expanded, never per refresh (#18)', async () => {
        const api = await extensionApi();
        const txFeeCalls = async () =>
            (await sandboxRequests()).filter((r) => r.operations.includes('info.getTxFee')).length;
        await clearSandboxRequests();
        await api.trees.monitor.refresh(true);
        await api.trees.monitor.refresh(true);
        assert.equal(await txFeeCalls(), 0, 'a refresh asked for the deprecated fees');
        const fees = await rowByLabel(await top(), 'Transaction fees');
        await rows('node', fees);
        await rows('node', await rowByLabel(await top(), 'Transaction fees'));
        assert.ok((await txFeeCalls()) <= 1, 'the fees were read more than once');
    });

    test('a refresh sends single calls, concurrently: AvalancheGo takes no batch on its own APIs', async () => {
        const api = await extensionApi();
        await clearSandboxRequests();
        await api.trees.monitor.refresh(true);
        const node = (await sandboxRequests()).filter((r) => r.service === 'node');
        // The C-Chain's head (both heights on Helicon's C-Chain) is one call to its RPC.
        assert.deepEqual([...new Set(node.map((r) => r.url))].sort(), [
            '/ext/admin',
            '/ext/bc/C/rpc',
            '/ext/health',
            '/ext/info',
        ]);
        assert.ok(
            node.every((r) => r.operations.length === 1),
            'no batch, so none is refused first',
        );
        assert.ok(node.filter((r) => r.url === '/ext/info').length > 10, 'every info call is made');
    });

    test('admin API: chain aliases, logger levels and the profiler; start and stop behind a confirmation', async () => {
        const api = await extensionApi();
        const admin = await rows('node', await rowByLabel(await top(), 'Admin API'));
        assert.deepEqual(await Promise.all(admin.map(labelOf)), [
            'Chain aliases',
            'Logger levels',
            'CPU profiler',
        ]);
        const aliases = await rows('node', admin[0]);
        assert.match(await descriptionOf(await rowByLabel(aliases, 'C-Chain')), /\bC\b/);
        const loggers = ofKind(await rows('node', admin[1]), 'logger');
        assert.ok(loggers.some((l) => l.logger.loggerName === 'C'));
        const profiler = oneOfKind(admin, 'profiler');
        // 'unknown' unless an earlier suite of this run started or stopped it: the record is
        // the window's, whichever way the profiler was driven.
        assert.equal(profiler.state, api.profilers.get(api.clients.nodeUrl)?.state ?? 'unknown');

        const questions: string[] = [];
        api.trees.testing.confirm = (question) => {
            questions.push(question);
            return Promise.resolve(true);
        };
        try {
            await vscode.commands.executeCommand('avalanche.node.startCpuProfiler');
            assert.match(
                questions[0] ?? '',
                new RegExp(testEnv().nodeUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
            );
            assert.equal(api.trees.monitor.profiler()?.state, 'running');
            await until(async () => {
                const rowsNow = await rows('node', await rowByLabel(await top(), 'Admin API'));
                return oneOfKind(rowsNow, 'profiler').state === 'running';
            }, 'the profiler row to say running');
            // Starting again: the node refuses, and the state stays running.
            await vscode.commands.executeCommand('avalanche.node.startCpuProfiler');
            assert.equal(api.trees.monitor.profiler()?.state, 'running');
            await vscode.commands.executeCommand('avalanche.node.stopCpuProfiler');
            assert.equal(api.trees.monitor.profiler()?.state, 'stopped');

            // Started and stopped from the palette's node method commands: the view knows too,
            // so its menu (the row's context) offers the action that fits (#34).
            const profilerContext = async (): Promise<string | undefined> => {
                const now = await rows('node', await rowByLabel(await top(), 'Admin API'));
                return api.trees.providers.node.getTreeItem(oneOfKind(now, 'profiler'))
                    .contextValue;
            };
            await runScripted(nodeQuery('admin.startCPUProfiler')!.commandId, { confirm: true });
            assert.equal(api.trees.monitor.profiler()?.state, 'running');
            await until(
                async () => (await profilerContext()) === 'profiler.running',
                'the row to offer Stop after a palette start',
            );
            // The palette's start refused (it runs already) says the same.
            await runScripted(nodeQuery('admin.startCPUProfiler')!.commandId, { confirm: true });
            assert.equal(api.trees.monitor.profiler()?.state, 'running');
            await runScripted(nodeQuery('admin.stopCPUProfiler')!.commandId, { confirm: true });
            assert.equal(api.trees.monitor.profiler()?.state, 'stopped');
            await until(
                async () => (await profilerContext()) === 'profiler.stopped',
                'the row to offer Start after a palette stop',
            );
            await clearSandboxRequests();
            api.trees.testing.confirm = () => Promise.resolve(false);
            await vscode.commands.executeCommand('avalanche.node.writeMemoryProfile');
            const profileCalls = async (): Promise<string[]> =>
                (await sandboxRequests())
                    .flatMap((r) => r.operations)
                    .filter((op) => /Profile$/.test(op));
            assert.deepEqual(await profileCalls(), [], 'nothing is sent without confirmation');
            api.trees.testing.confirm = () => Promise.resolve(true);
            await vscode.commands.executeCommand('avalanche.node.writeMemoryProfile');
            await vscode.commands.executeCommand('avalanche.node.writeLockProfile');
            assert.deepEqual(await profileCalls(), ['admin.memoryProfile', 'admin.lockProfile']);
        } finally {
            api.trees.testing.confirm = () => Promise.resolve(false);
        }
    });

    test('with the admin API off, the row says how to turn it on', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ adminApi: false });
        await api.trees.refresh('node');
        const admin = (await top()).find((n) => n.id === 'node/admin');
        assert.ok(admin?.kind === 'notice');
        assert.equal(admin.reason, 'adminDisabled');
        assert.match(admin.remedy ?? '', /--api-admin-enabled=true/);
    });

    test('before Helicon: one C-Chain height, uptime judged by the 80% requirement', async () => {
        const list = await top();
        const head = await rowByLabel(list, 'C-Chain head');
        assert.match(await descriptionOf(head), /^#\d+$/);
        const uptime = await rows('node', await rowByLabel(list, 'Uptime'));
        const byLabel = new Map(
            await Promise.all(
                uptime.map(async (r) => [await labelOf(r), await descriptionOf(r)] as const),
            ),
        );
        assert.match(byLabel.get('Uptime requirement') ?? '', /^80% \(before Helicon/);
        assert.equal(byLabel.get('Minimum staking duration'), '14 days');
    });

    test('on Helicon: executed and settled C-Chain heights, the 90% requirement and 48 h', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ helicon: true });
        await api.trees.refresh('node');
        await until(
            async () =>
                /settled/.test(await descriptionOf(await rowByLabel(await top(), 'C-Chain head'))),
            'the Node view reads the Helicon C-Chain',
        );
        const list = await top();
        const head = await rowByLabel(list, 'C-Chain head');
        const m = /^executed #(\d+) · settled #(\d+)$/.exec(await descriptionOf(head));
        assert.ok(m, await descriptionOf(head));
        assert.equal(Number(m[1]) - Number(m[2]), 3);
        const heights = await rows('node', head);
        assert.deepEqual(await Promise.all(heights.map(labelOf)), [
            'Executed (latest)',
            'Settled (safe, finalized)',
            'Final',
        ]);
        const uptime = await rows('node', await rowByLabel(list, 'Uptime'));
        const byLabel = new Map(
            await Promise.all(
                uptime.map(async (r) => [await labelOf(r), await descriptionOf(r)] as const),
            ),
        );
        assert.match(
            byLabel.get('Uptime requirement') ?? '',
            /^90% \(Helicon \(ACP-267, ACP-273\)/,
        );
        assert.equal(byLabel.get('Minimum staking duration'), '48 h (ACP-273)');
        // The timeline names Helicon among the past upgrades.
        const timeline = await rows('node', await rowByLabel(list, 'Network upgrades'));
        assert.ok((await Promise.all(timeline.map(labelOf))).includes('Helicon'));
    });

    test('a public server: node-specific rows explain and offer another node', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ publicNode: true });
        await api.trees.refresh('node');
        const list = await top();
        const identity = await rows('node', await rowByLabel(list, 'Node id'));
        const refused = ofKind(identity, 'notice');
        assert.ok(refused.length >= 1);
        assert.ok(refused.every((n) => n.reason === 'publicServer'));
        assert.equal(refused[0]?.action?.command, 'avalanche.node.choose');
        const vms = list.find((n) => n.id === 'node/vms');
        assert.ok(vms?.kind === 'notice' && vms.reason === 'publicServer');
        const admin = list.find((n) => n.id === 'node/admin');
        assert.ok(admin?.kind === 'notice' && admin.reason === 'publicServer');
        assert.ok(
            list.some((n) => n.id === 'node/peers' && n.kind === 'field'),
            'peers still show',
        );
    });

    test('a node that is down: unreachable row, Choose Node, status bar health', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ nodeDown: true });
        await api.trees.refresh('node');
        const list = await top();
        assert.equal(await labelOf(list[0]!), 'Unreachable');
        const notice = oneOfKind(list, 'notice');
        assert.equal(notice.action?.command, 'avalanche.node.choose');
        assert.equal(api.trees.testing.nodeHealth.kind, 'unreachable');
        await resetSandbox();
        await api.trees.refresh('node');
        assert.equal(api.trees.testing.nodeHealth.kind, 'healthy');
    });

    test('the Health section: failing checks first with their error, the status bar unhealthy, and back', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ failingHealthChecks: ['network'] });
        await api.trees.refresh('node');
        const health = await rowByLabel(await top(), 'Health');
        assert.match(await descriptionOf(health), /^1 of \d+ checks failing$/);
        const checks = await rows('node', health);
        assert.equal(await labelOf(checks[0]!), 'network');
        assert.equal(await descriptionOf(checks[0]!), 'network check failed');
        // The tooltip is Markdown: its punctuation escaped.
        assert.match(
            (await tooltipText(checks[0]!)).replace(/\\/g, ''),
            /Failing since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M UTC \(.+\)/,
        );
        assert.equal(await descriptionOf(checks[1]!), 'passing');
        const labels = await Promise.all(checks.map(labelOf));
        assert.deepEqual(labels.slice(-2), ['Readiness', 'Liveness']);
        assert.equal(api.trees.testing.nodeHealth.kind, 'unhealthy');
        await until(
            () => api.statusBar.shown.health.kind === 'unhealthy',
            'the status bar to call the node unhealthy',
        );
        const shown = api.statusBar.shown.health;
        assert.ok(
            shown.kind === 'unhealthy' &&
                /^failing check: network; avalanchego\//.test(shown.detail),
        );
        await resetSandbox();
        await api.trees.refresh('node');
        assert.equal(api.trees.testing.nodeHealth.kind, 'healthy');
        assert.match(await descriptionOf(await rowByLabel(await top(), 'Health')), /^healthy/);
    });

    test('the view refreshes itself only while visible', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 1);
        await vscode.commands.executeCommand('avalanche.node.focus');
        await until(() => api.trees.views.node.visible, 'the Node view to be visible');
        const before = api.trees.testing.nodeReads;
        await until(() => api.trees.testing.nodeReads >= before + 2, 'two timed refreshes', 8000);
        await vscode.commands.executeCommand('workbench.view.explorer');
        await until(() => !api.trees.views.node.visible, 'the Node view to be hidden');
        await new Promise((resolve) => setTimeout(resolve, 1200));
        const hidden = api.trees.testing.nodeReads;
        await new Promise((resolve) => setTimeout(resolve, 2500));
        assert.equal(api.trees.testing.nodeReads, hidden, 'no refresh while hidden');
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 0);
    });
});
