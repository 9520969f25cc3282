/**
 * The setup and helpers of the four tree suites: `treeSuite` (what every suite resets around its
 * tests), the extension's providers, rows by label or kind, rendered items and sandbox resets.
 * Rows are read through the same `getChildren` VS Code calls.
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import { describeTarget, type WatchTarget, watchKey } from '../../src/core/watch/targets';
import { SettingKey } from '../../src/platform/settingKeys';
import type { Trees } from '../../src/tree/registerTrees';
import type { Row, ViewKey } from '../../src/tree/rows';
import { activated } from './helpers';
import { clearSandboxFaults, setSandboxSettings, testEnv } from './testEnv';

export async function extensionApi(): Promise<ExtensionApi> {
    return (await activated()).exports as ExtensionApi;
}

/** What a view's tests may change, and how it goes back. */
interface ViewDefaults {
    /** The view's own state (sort order, pins, filters) back to defaults, then reloaded. */
    readonly reset: (trees: Trees) => void | Promise<void>;
    /** Settings that tests of the view change; unset after each test. */
    readonly settings: readonly SettingKey[];
}

const viewDefaults: Record<ViewKey, ViewDefaults> = {
    chains: {
        reset: (trees) => trees.providers.chains.refresh(),
        settings: [],
    },
    subnets: {
        reset: (trees) => {
            trees.subnetsSource.sortOrder = 'desc';
            trees.subnetsSource.clearPins();
            trees.providers.subnets.refresh();
        },
        settings: [SettingKey.SubnetsPageSize],
    },
    validators: {
        reset: (trees) => {
            trees.validatorsSource.filter = { includeInactive: false };
            return trees.refresh('validators');
        },
        settings: [SettingKey.WatchRunwayWarningDays],
    },
    node: {
        reset: (trees) => {
            trees.monitor.peersFilter = '';
            return trees.refresh('node');
        },
        settings: [SettingKey.NodeRefreshIntervalSeconds],
    },
};

/**
 * The suite of one view's tests, with the setup the four share: every test starts and ends with
 * a sandbox without faults or switches, the view's state at its defaults, and the settings its
 * tests change unset, so that no test depends on the order the suites run in.
 */
export function treeSuite(view: ViewKey, title: string, tests: () => void): void {
    const defaults = viewDefaults[view];
    suite(`(integration) trees: ${title}`, () => {
        suiteSetup(async () => {
            await resetSandbox();
            // The node chosen by the user, not automatically: an automatic choice follows the
            // sandbox node down and back (a suite before may have stopped it), and would read
            // the public node for a moment (#40's first run; firstRun.test.ts tests that).
            await (
                await extensionApi()
            ).config.update(SettingKey.SelectedNodeUrl, testEnv().nodeUrl);
        });
        suiteTeardown(async () => {
            await (await extensionApi()).config.update(SettingKey.SelectedNodeUrl, undefined);
        });
        setup(async () => {
            await defaults.reset((await extensionApi()).trees);
        });
        teardown(async () => {
            const api = await extensionApi();
            await resetSandbox();
            for (const key of defaults.settings) await api.config.update(key, undefined);
            await defaults.reset(api.trees);
        });
        tests();
    });
}

/** Children as VS Code sees them (undefined: the view's top level). */
export async function rows(view: ViewKey, parent?: Row): Promise<Row[]> {
    const api = await extensionApi();
    return api.trees.providers[view].getChildren(parent);
}

/** The rendered item of a row, with its tooltip resolved. */
export async function item(row: Row): Promise<vscode.TreeItem> {
    const api = await extensionApi();
    const provider = api.trees.providers[row.view];
    const treeItem = provider.getTreeItem(row);
    return provider.resolveTreeItem(treeItem, row);
}

export async function labelOf(row: Row): Promise<string> {
    const label = (await item(row)).label;
    return typeof label === 'string' ? label : (label?.label ?? '');
}

export async function descriptionOf(row: Row): Promise<string> {
    const description = (await item(row)).description;
    return typeof description === 'string' ? description : '';
}

/** The first row whose label matches; fails with the labels seen otherwise. */
export async function rowByLabel(list: readonly Row[], label: string | RegExp): Promise<Row> {
    const labels: string[] = [];
    for (const row of list) {
        const text = await labelOf(row);
        labels.push(text);
        if (typeof label === 'string' ? text === label : label.test(text)) return row;
    }
    assert.fail(`no row labelled ${String(label)} among: ${labels.join(' | ')}`);
}

export function ofKind<K extends Row['kind']>(
    list: readonly Row[],
    kind: K,
): Extract<Row, { kind: K }>[] {
    return list.filter((n): n is Extract<Row, { kind: K }> => n.kind === kind);
}

export function oneOfKind<K extends Row['kind']>(
    list: readonly Row[],
    kind: K,
): Extract<Row, { kind: K }> {
    const found = ofKind(list, kind);
    assert.equal(
        found.length,
        1,
        `expected one ${kind} row, got ${found.length} (${list.map((n) => n.kind).join(', ')})`,
    );
    return found[0]!;
}

/** Sandbox switches back to normal, no faults. */
export async function resetSandbox(): Promise<void> {
    await clearSandboxFaults();
    await setSandboxSettings({
        adminApi: true,
        publicNode: false,
        hostile: false,
        nodeDown: false,
        requireApiKey: undefined,
        helicon: false,
        failingHealthChecks: [],
        unrunHealthChecks: [],
        diskFreePercent: 29,
    });
}

/** Waits until `probe` holds (polling), failing after `timeoutMs`. */
export async function until(
    probe: () => boolean | Promise<boolean>,
    what: string,
    timeoutMs = 10_000,
): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
        if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
}

/**
 * Runs a row's "Watch" action and returns the watched item's key, as the watch list shows it;
 * `stopWatching` removes it again so that other suites see the list they left.
 */
export async function watchFromRow(row: Row, expected: WatchTarget): Promise<string> {
    await vscode.commands.executeCommand('avalanche.tree.watch', row);
    const feature = (await extensionApi()).watch.feature;
    const key = watchKey(expected);
    const entry = feature.list.get(key);
    assert.ok(entry, `the watch list holds ${key}`);
    assert.deepEqual(entry.target, expected);
    assert.ok(
        feature.snapshot().some((s) => s.label === describeTarget(expected)),
        'the Watch List view shows it',
    );
    return key;
}

export async function stopWatching(key: string): Promise<void> {
    await vscode.commands.executeCommand('avalanche.watch.remove', key);
    assert.equal((await extensionApi()).watch.feature.list.get(key), undefined);
}

/** The text of a row's Markdown tooltip. */
export async function tooltipText(row: Row): Promise<string> {
    const tooltip = (await item(row)).tooltip;
    if (tooltip === undefined) return '';
    return typeof tooltip === 'string' ? tooltip : tooltip.value;
}
