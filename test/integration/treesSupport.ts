/**
 * Helpers of the tree suites: the extension's providers, rows by label or kind, rendered items
 * and sandbox resets. Rows are read through the same `getChildren` VS Code calls.
 */
import assert from 'node:assert/strict';

import type * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import type { Row, ViewKey } from '../../src/tree/rows';
import { activated } from './helpers';
import { clearSandboxFaults, setSandboxSettings } from './testEnv';

export async function extensionApi(): Promise<ExtensionApi> {
    return (await activated()).exports as ExtensionApi;
}

/** Children as VS Code sees them (undefined: the view's top level). */
export async function rows(view: ViewKey, parent?: Row): Promise<Row[]> {
    const api = await extensionApi();
    return api.trees.providers[view].getChildren(parent);
}

/** The rendered item of a row, with its tooltip resolved. */
export async function item(node: Row): Promise<vscode.TreeItem> {
    const api = await extensionApi();
    const provider = api.trees.providers[node.view];
    const treeItem = provider.getTreeItem(node);
    return provider.resolveTreeItem(treeItem, node);
}

export async function labelOf(node: Row): Promise<string> {
    const label = (await item(node)).label;
    return typeof label === 'string' ? label : (label?.label ?? '');
}

export async function descriptionOf(node: Row): Promise<string> {
    const description = (await item(node)).description;
    return typeof description === 'string' ? description : '';
}

/** The first row whose label matches; fails with the labels seen otherwise. */
export async function rowByLabel(list: readonly Row[], label: string | RegExp): Promise<Row> {
    const labels: string[] = [];
    for (const node of list) {
        const text = await labelOf(node);
        labels.push(text);
        if (typeof label === 'string' ? text === label : label.test(text)) return node;
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

/** The text of a row's Markdown tooltip. */
export async function tooltipText(node: Row): Promise<string> {
    const tooltip = (await item(node)).tooltip;
    if (tooltip === undefined) return '';
    return typeof tooltip === 'string' ? tooltip : tooltip.value;
}
