/**
 * The node dashboard in the real extension host against the sandbox node: the panel opens, its
 * page says it is ready, the host scrapes `/ext/metrics` and sends the Key Metrics charts with
 * real samples and their thresholds; a low disk raises the page's alert, a node that is down
 * leaves a gap and says why, and a closed panel scrapes no more.
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { NodeDashboardPanel } from '../../src/dashboard/dashboardPanel';
import { SettingKey } from '../../src/platform/settingKeys';
import type { DashboardModel } from '../../src/shared/dashboardProtocol';
import { clearSandboxRequests, sandboxRequests, setSandboxSettings, testEnv } from './testEnv';
import { extensionApi, resetSandbox, until } from './treesSupport';

suite('(integration) node dashboard', () => {
    let panel: NodeDashboardPanel | undefined;

    suiteSetup(resetSandbox);
    teardown(async () => {
        panel?.close();
        panel = undefined;
        await resetSandbox();
        const api = await extensionApi();
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, undefined);
    });

    async function scrapeNow(): Promise<DashboardModel> {
        await panel!.scrapeNow();
        return panel!.snapshot().lastModel!;
    }

    async function modelAfter(scrapes: number): Promise<DashboardModel> {
        await until(
            () => (panel?.snapshot().scrapes ?? 0) > scrapes,
            `scrape ${scrapes + 1} of the dashboard`,
            15_000,
        );
        return panel!.snapshot().lastModel!;
    }

    test('opens on the selected node and charts its real samples with their thresholds', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 0);
        await vscode.commands.executeCommand('avalanche.node.openDashboard');
        panel = api.dashboards.all()[0];
        assert.ok(panel, 'a dashboard opened');
        assert.equal(panel.nodeUrl, testEnv().nodeUrl.replace(/\/$/, ''));
        // Ready: the page posted `ready` and the host scraped at once.
        let model = await modelAfter(0);
        assert.match(model.status, /^[\d,]+ series on the page, [\d,]+ kept/);
        assert.equal(model.problem, undefined);
        const ids = model.charts.map((c) => c.id);
        for (const id of ['peers', 'cpu', 'memory', 'openFiles', 'diskFree', 'uptime']) {
            assert.ok(ids.includes(id), `${id} among ${ids.join(', ')}`);
        }
        const peers = model.charts.find((c) => c.id === 'peers')!;
        assert.ok(
            peers.lines.some((l) => typeof l.values.at(-1) === 'number'),
            'a peers sample',
        );
        const disk = model.charts.find((c) => c.id === 'diskFree')!;
        assert.ok(disk.thresholds.length > 0, 'the page threshold drawn');
        assert.deepEqual(model.alerts, []);

        // Disk space low: the page's alert.
        await setSandboxSettings({ diskFreePercent: 3 });
        model = await scrapeNow();
        assert.ok(
            model.alerts.some((a) => a.chartId === 'diskFree' && a.level === 'page'),
            JSON.stringify(model.alerts),
        );

        // Down: a gap, and why.
        await setSandboxSettings({ nodeDown: true, diskFreePercent: 29 });
        model = await scrapeNow();
        assert.equal(model.up.at(-1), false);
        assert.ok(model.problem && model.problem.length > 8, model.problem);
        assert.match(model.status, /The last scrape failed/);

        // Back: samples again.
        await setSandboxSettings({ nodeDown: false });
        model = await scrapeNow();
        assert.equal(model.up.at(-1), true);
        assert.equal(model.problem, undefined);
        assert.deepEqual(model.alerts, []);
    });

    test('asks the node while its page loads, once, and draws when the page is ready', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 0);
        await clearSandboxRequests();
        panel = api.dashboards.open();
        const model = await modelAfter(0);
        await until(() => panel?.snapshot().readyAtMs !== undefined, 'the page ready');
        const readyAtMs = panel.snapshot().readyAtMs!;
        const scrapes = (await sandboxRequests()).filter((r) => r.url.startsWith('/ext/metrics'));
        assert.equal(scrapes.length, 1, 'one scrape for the page’s first draw');
        // Asked before the page said it was ready: the page's load and the round trip overlap.
        assert.ok(
            scrapes[0]!.startMs < readyAtMs,
            `the scrape began at ${scrapes[0]!.startMs}, the page was ready at ${readyAtMs}`,
        );
        assert.match(model.status, /series on the page/);
    });

    test('scrapes at the Node view’s interval while shown, and not at all once closed', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 1);
        panel = api.dashboards.open();
        await modelAfter(1);
        panel.close();
        panel = undefined;
        await clearSandboxRequests();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        const scrapes = (await sandboxRequests()).filter((r) => r.url.startsWith('/ext/metrics'));
        assert.equal(scrapes.length, 0, 'a closed dashboard scraped');
    });
});
