/**
 * Faults × surfaces, in the real extension host against the sandbox (driven by its control
 * route). For every cell of the matrix (test/reliability/faultMatrix.ts): the surface shows a
 * clear message in place, the extension host sees no unhandled rejection, the requests the
 * sandbox received while the fault lasted stay within four times those of a healthy read, and
 * once the fault clears a Retry (trees, panels), the next refresh (Node view, status bar, export
 * polling) or the next hover recovers without reloading the window.
 *
 * `npm test` runs a covering subset (every fault and every surface at least once); `npm run
 * test:reliability` every applicable cell.
 */
import assert from 'node:assert/strict';
import path from 'node:path';

import * as vscode from 'vscode';

import { storeOperation, type StoredOperation } from '../../src/core/query/operations';
import { watchKey, type WatchTarget } from '../../src/core/watch/targets';
import type { ExtensionApi } from '../../src/extension';
import { SettingKey } from '../../src/platform/settingKeys';
import { panelKinds, type QueryRequest } from '../../src/shared/query';
import type { Row, ViewKey } from '../../src/tree/rows';
import type { QueryPanel } from '../../src/queries/queryPanel';
import {
    type Cell,
    clearMessageProblem,
    coveringMatrix,
    faults,
    fullMatrix,
    requestBound,
    suiteRequestTimeoutMs,
    type SurfaceInfo,
} from '../reliability/faultMatrix';
import { isFullRun, recordCheck } from '../reliability/record';
import type { KnownIds } from '../sandbox/types';
import { ScriptedInputs } from './commandsScript';
import { activated, invokeTool } from './helpers';
import {
    addSandboxFault,
    clearSandboxFaults,
    clearInternalRequests,
    clearSandboxRequests,
    internalRequests,
    sandboxRequests,
    setSandboxSettings,
    testEnv,
} from './testEnv';

/** What a surface shows right now. */
interface Shown {
    /** Still loading: neither data nor a message yet. */
    readonly pending: boolean;
    /** Messages about a problem, as the person reads them. */
    readonly messages: readonly string[];
    /** Shows its data with no problem reported. */
    readonly healthy: boolean;
    /** Error rows (trees), for Retry. */
    readonly errorRows?: readonly Row[];
    /**
     * A page stood although an item of it did not match its shape: the item is marked (a
     * partial row, or the notice that names it) and its neighbours are shown (#34).
     */
    readonly stood?: boolean;
}

/** The words a panel's notice or a tree's row uses for an item that did not match its shape. */
const oddItem = /did not match the API's published shape|left out: the Data API's item/;

interface Surface extends SurfaceInfo {
    /** Sets up what the read needs while the services are healthy (before the fault). */
    prepare?(): Promise<void>;
    /** Starts a fresh read that goes to the network (caches dropped). */
    trigger(): Promise<void>;
    read(): Promise<Shown>;
    /** What a person does once the fault is gone: Retry, refresh, or nothing (hover again). */
    retry(shown: Shown): Promise<void>;
}

/** Errors of the extension that nobody handled, seen by the host process. */
const unhandled: { reason: unknown; promise: Promise<unknown> }[] = [];
const onUnhandled = (reason: unknown, promise: Promise<unknown>): void => {
    unhandled.push({ reason, promise });
};
const onHandled = (promise: Promise<unknown>): void => {
    const index = unhandled.findIndex((u) => u.promise === promise);
    if (index >= 0) unhandled.splice(index, 1);
};
const ourErrorNames =
    /HttpError|Unauthorized|RateLimited|NetworkError|TimeoutError|ValidationError|ResponseFormat|RpcError|NodeApiUnavailable|AbortError/;
function ours(reason: unknown): boolean {
    const text =
        reason instanceof Error
            ? `${reason.name} ${reason.stack ?? reason.message}`
            : String(reason);
    return /avalanche/i.test(text) || ourErrorNames.test(text);
}

const calmLine =
    /rate limit reached|cut off|did not finish|Not called|refused the API key|cannot be reached|did not answer in time|try again later|unexpected format|returned an error|lookup failed|cannot answer|Cannot look this up|skipped|unavailable|not offer/i;

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(
    probe: () => Promise<Shown>,
    accept: (s: Shown) => boolean,
    timeoutMs: number,
): Promise<Shown> {
    const deadline = Date.now() + timeoutMs;
    let last = await probe();
    while (!accept(last)) {
        if (Date.now() > deadline) return last;
        await sleep(150);
        last = await probe();
    }
    return last;
}

const summarise = (s: Shown): string =>
    s.pending
        ? 'still loading'
        : s.healthy
          ? 'healthy'
          : `messages: ${s.messages.join(' | ') || '(none)'}`;

suite('(integration) reliability: faults × surfaces', function () {
    this.timeout(120_000);
    let api: ExtensionApi;
    let known: KnownIds;
    let hoverDoc: vscode.TextDocument;
    const hoverLines: Record<string, number> = {};
    const baselines = new Map<string, number>();
    const results: {
        cell: Cell;
        held: boolean;
        requests: number;
        bound: number;
        problem?: string;
        tolerated?: boolean;
        /** The page stood with its odd item marked (a body that breaks the schema). */
        stood?: boolean;
        /** Requests that reached the internal host (must be 0). */
        internal?: number;
        /** The extension host's resident memory while the fault lasted, above where it began. */
        rssGrowthMb?: number;
    }[] = [];

    // ---- surfaces ------------------------------------------------------------------------

    /** A view on the `local` network: read from the node's P-, X-Chain and EVM APIs only. */
    const localTreeSurface = (view: ViewKey, name: string): Surface => ({
        ...treeSurface(view, name, { node: true, dataApi: false }),
        prepare: async () => {
            await api.config.update(SettingKey.Network, 'local');
        },
    });

    const treeSurface = (view: ViewKey, name: string, info: Partial<SurfaceInfo>): Surface => {
        const walk = async (): Promise<Row[]> => {
            const provider = api.trees.providers[view];
            const all: Row[] = [];
            const level = async (parent: Row | undefined, depth: number): Promise<void> => {
                const children = await provider.getChildren(parent);
                all.push(...children);
                if (depth >= 2) return;
                let expanded = 0;
                for (const child of children) {
                    if (expanded >= 3) break;
                    if (
                        ['error', 'signIn', 'notice', 'loadMore', 'empty', 'filter'].includes(
                            child.kind,
                        )
                    )
                        continue;
                    const state = provider.getTreeItem(child).collapsibleState;
                    if (state === undefined || state === vscode.TreeItemCollapsibleState.None)
                        continue;
                    expanded++;
                    await level(child, depth + 1);
                }
            };
            await level(undefined, 0);
            return all;
        };
        return {
            name,
            group: 'view',
            node: false,
            admin: false,
            dataApi: true,
            ...info,
            trigger: () => api.trees.refresh(view).catch(() => undefined),
            read: async () => {
                const rows = await walk();
                const errorRows = rows.filter((r) => r.kind === 'error' || r.kind === 'signIn');
                const messages: string[] = [];
                for (const row of rows) {
                    if (row.kind === 'error' || row.kind === 'signIn') messages.push(row.message);
                    // A chain the sandbox node is still bootstrapping is its data, not a fault.
                    if (
                        row.kind === 'notice' &&
                        row.reason !== 'info' &&
                        row.reason !== 'bootstrapping'
                    )
                        messages.push(row.message);
                    if (row.kind === 'nodeStatus' && !row.reachable)
                        messages.push(row.message ?? 'unreachable');
                }
                const status = rows.find((r) => r.kind === 'nodeStatus');
                const reachable =
                    status === undefined || (status.kind === 'nodeStatus' && status.reachable);
                return {
                    pending: rows.length === 0,
                    messages,
                    healthy: messages.length === 0 && reachable && rows.length > 0,
                    errorRows,
                    stood: rows.some(
                        (r) =>
                            (r.kind === 'subnet' && r.partial !== undefined) ||
                            (r.kind === 'notice' && oddItem.test(r.message)),
                    ),
                };
            },
            retry: async (shown) => {
                const retriable = (shown.errorRows ?? []).filter((r) => r.kind === 'error');
                if (
                    view !== 'node' &&
                    retriable.length > 0 &&
                    retriable.length === shown.errorRows?.length
                ) {
                    for (const row of retriable)
                        await vscode.commands.executeCommand('avalanche.tree.retry', row);
                } else {
                    await api.trees.refresh(view).catch(() => undefined);
                }
            },
        };
    };

    const hoverSurface = (
        kind: string,
        text: () => string,
        info: Partial<SurfaceInfo>,
    ): Surface => ({
        name: `hover: ${kind}`,
        group: 'hover',
        node: false,
        admin: false,
        dataApi: true,
        ...info,
        trigger: () => {
            api.hovers.engine.forget();
            return Promise.resolve();
        },
        read: async () => {
            const line = hoverLines[kind]!;
            const position = new vscode.Position(line, 5);
            const hovers =
                (await vscode.commands.executeCommand<vscode.Hover[]>(
                    'vscode.executeHoverProvider',
                    hoverDoc.uri,
                    position,
                )) ?? [];
            const texts = hovers.flatMap((h) =>
                h.contents.map((c) => (typeof c === 'string' ? c : c.value)),
            );
            const all = texts.join('\n');
            assert.ok(all.includes(text().slice(0, 12)) || all.length > 0, 'a hover appeared');
            const messages = all.split('\n').filter((l) => calmLine.test(l));
            return {
                pending: texts.length === 0,
                messages,
                healthy: texts.length > 1 && messages.length === 0,
            };
        },
        retry: () => Promise.resolve(),
    });

    const panels = new Map<string, QueryPanel>();
    const panelSurface = (
        name: string,
        query: () => QueryRequest,
        info: Partial<SurfaceInfo>,
    ): Surface => ({
        name: `panel: ${name}`,
        group: 'panel',
        node: false,
        admin: false,
        dataApi: true,
        ...info,
        trigger: () => {
            panels.get(name)?.close();
            panels.set(name, api.queries.panels.open(query()));
            return Promise.resolve();
        },
        read: () => {
            const snapshot = panels.get(name)!.snapshot();
            const pending =
                snapshot.loading || (snapshot.view === undefined && snapshot.error === undefined);
            const notice = snapshot.view?.notice;
            const messages =
                snapshot.error !== undefined
                    ? [snapshot.error]
                    : notice && notice.tone !== 'info' && notice.tone !== 'ok'
                      ? [notice.text]
                      : [];
            return Promise.resolve({
                pending,
                messages,
                healthy: !pending && snapshot.view !== undefined && messages.length === 0,
                stood: snapshot.view !== undefined && oddItem.test(notice?.text ?? ''),
            });
        },
        retry: async () => {
            await panels.get(name)!.deliver({ type: 'refresh' });
        },
    });

    /** Export polling: an export is created healthy, then followed while the fault lasts. */
    let following:
        | { promise: Promise<void>; state: 'running' | 'done' | 'failed'; message?: string }
        | undefined;
    let exportOp: StoredOperation | undefined;
    const exportInputs = new ScriptedInputs({});
    const followExport = (): void => {
        const op = exportOp!;
        const entry: NonNullable<typeof following> = {
            promise: Promise.resolve(),
            state: 'running',
        };
        entry.promise = api.queries.exports.follow(op).then(
            () => {
                entry.state = 'done';
            },
            (error: unknown) => {
                entry.state = 'failed';
                entry.message = error instanceof Error ? error.message : String(error);
            },
        );
        following = entry;
    };
    /** A fresh export, the only one remembered, finishing `delayMs` after it was created. */
    async function createExport(delayMs: number): Promise<StoredOperation> {
        for (const op of api.queries.services.operations()) {
            await api.queries.services.forgetOperation(op.operationId);
        }
        await setSandboxSettings({ exportDelayMs: delayMs });
        const client = await api.clients.dataApi();
        const params = {
            type: 'TRANSACTION_EXPORT_EVM',
            firstDate: '2025-11-01',
            lastDate: '2025-11-30',
            options: { addresses: [known.evmAddress], includeChains: [known.cChainId] },
        };
        const op = await client.postTransactionExportJob(params);
        const stored = storeOperation(op, params);
        await api.queries.services.rememberOperation(stored);
        return stored;
    }

    const exportSurface: Surface = {
        name: 'export polling',
        group: 'export',
        node: false,
        admin: false,
        dataApi: true,
        prepare: async () => {
            exportOp = await createExport(2_500);
        },
        trigger: () => {
            followExport();
            return Promise.resolve();
        },
        read: () =>
            Promise.resolve({
                pending: following?.state === 'running',
                messages: following?.state === 'failed' ? [following.message ?? ''] : [],
                healthy: following?.state === 'done',
            }),
        retry: () => {
            followExport();
            return Promise.resolve();
        },
    };

    let reportsAtTrigger = -1;
    const statusBarSurface: Surface = {
        name: 'status bar',
        group: 'statusBar',
        node: true,
        admin: false,
        dataApi: false,
        trigger: () => {
            reportsAtTrigger = api.statusBar.shown.reports;
            return api.trees.refresh('node').catch(() => undefined);
        },
        read: () => {
            const { health, reports } = api.statusBar.shown;
            const messages =
                health.kind === 'unreachable'
                    ? [health.detail]
                    : health.kind === 'unhealthy' && !/bootstrapping/.test(health.detail)
                      ? [health.detail]
                      : [];
            // The state shown before the refresh reported is not its answer.
            const pending =
                health.kind === 'checking' ||
                health.kind === 'unknown' ||
                reports === reportsAtTrigger;
            return Promise.resolve({
                pending,
                messages,
                healthy: !pending && messages.length === 0,
            });
        },
        retry: () => api.trees.refresh('node').catch(() => undefined),
    };

    // The node dashboard: one scrape of the selected node's /ext/metrics, its charts and why the
    // last scrape failed (the page's problem line).
    let dashboardScrapesAtTrigger = 0;
    const dashboardRead = (): Promise<void> => {
        const panel = api.dashboards.open();
        dashboardScrapesAtTrigger = panel.snapshot().scrapes;
        void panel.scrapeNow();
        return Promise.resolve();
    };
    const dashboardSurface: Surface = {
        name: 'panel: node dashboard',
        group: 'panel',
        node: true,
        admin: false,
        dataApi: false,
        trigger: dashboardRead,
        read: () => {
            const shown = api.dashboards.all()[0]?.snapshot();
            const model = shown?.lastModel;
            if (!shown || !model || shown.scrapes <= dashboardScrapesAtTrigger) {
                return Promise.resolve({ pending: true, messages: [], healthy: false });
            }
            const messages = model.problem === undefined ? [] : [model.problem];
            return Promise.resolve({
                pending: false,
                messages,
                healthy:
                    messages.length === 0 &&
                    model.up.at(-1) === true &&
                    model.charts.some((c) => c.lines.length > 0),
            });
        },
        retry: dashboardRead,
    };

    // The watch list: an L1 validator read from the node's P-Chain (its balance and the fee
    // state), told in its row. A failed read says why in the row; a 429 pauses the P-Chain's
    // items until the server's retry-after; the next Refresh recovers.
    /**
     * A surface of one watched item: added (and read once) before the fault, read again by a
     * Refresh, healthy when its row's description passes `healthy`.
     */
    const watchItemSurface = (
        name: string,
        target: () => WatchTarget,
        healthy: (description: string) => boolean,
        dataApi = false,
    ): Surface => {
        const keyOf = () => watchKey(target());
        let triggeredAt = 0;
        const watchRead = async (): Promise<void> => {
            triggeredAt = Date.now();
            await vscode.commands.executeCommand('avalanche.watch.refresh');
        };
        return {
            name,
            group: 'watch',
            node: true,
            admin: false,
            dataApi,
            prepare: async () => {
                await api.config.update(SettingKey.WatchRequestsPerMinute, 600);
                for (const entry of api.watch.feature.list.items()) {
                    await vscode.commands.executeCommand('avalanche.watch.remove', entry.key);
                }
                await vscode.commands.executeCommand('avalanche.watch.add', target());
                await until(
                    () => {
                        const read = api.watch.feature.list.get(keyOf())?.checkedAtMs;
                        return Promise.resolve({
                            pending: read === undefined,
                            messages: [],
                            healthy: read !== undefined,
                        });
                    },
                    (s) => s.healthy,
                    10_000,
                );
            },
            trigger: watchRead,
            read: () => {
                const entry = api.watch.feature.list.get(keyOf());
                const read = entry?.checkedAtMs !== undefined && entry.checkedAtMs >= triggeredAt;
                if (!entry || !read) {
                    return Promise.resolve({ pending: true, messages: [], healthy: false });
                }
                const description = String(
                    api.watch.feature.treeItem({ type: 'item', key: entry.key }).description ?? '',
                );
                if (entry.error !== undefined) {
                    const fault = activeFault?.rule?.fault;
                    if (fault?.kind === 'status' && fault.status === 429) {
                        // Paused, not hammered: the service's items wait out the retry-after.
                        assert.ok(
                            entry.nextDueMs > entry.checkedAtMs! + 500,
                            `a 429 did not pause the item: ${entry.error}`,
                        );
                    }
                    return Promise.resolve({
                        pending: false,
                        messages: [description.replace(/^could not read: /, '')],
                        healthy: false,
                    });
                }
                return Promise.resolve({
                    pending: false,
                    messages: [],
                    healthy: entry.observation !== undefined && healthy(description),
                });
            },
            retry: watchRead,
        };
    };
    const watchSurface = watchItemSurface(
        'watch list',
        () => ({
            kind: 'l1Validator',
            network: 'mainnet',
            validationId: known.l1ValidationId,
            nodeId: known.l1NodeId,
        }),
        (d) => / left$/.test(d),
    );
    // An ICM message sent to an L1 that does not deliver it (still bootstrapping): read through
    // the source's and the destination's RPC at each Refresh, never final.
    const icmWatchSurface = watchItemSurface(
        'watch list: ICM message',
        () => ({
            kind: 'icmMessage',
            network: 'mainnet',
            chain: known.cChainId,
            messageId: known.icmUndeliveredMessageId,
            undeliveredMinutes: 30,
        }),
        (d) => /sent, not delivered yet/.test(d),
        true,
    );

    // The sample workspace's Foundry broadcast: its lenses read each transaction's receipt and each
    // contract's code through the C-Chain's RPC (the node).
    const broadcast = (): vscode.Uri =>
        vscode.Uri.file(
            path.join(
                testEnv().workspaceDir,
                'foundry/broadcast/Deploy.s.sol/43114/run-latest.json',
            ),
        );
    const lensSurface: Surface = {
        name: 'lens: deployment record',
        group: 'lens',
        node: true,
        admin: false,
        dataApi: false,
        trigger: () => {
            api.lenses.refresh();
            return Promise.resolve();
        },
        read: async () => {
            // The lens command answers only for a document VS Code has loaded.
            const document = await vscode.workspace.openTextDocument(broadcast());
            const lenses =
                (await vscode.commands.executeCommand<vscode.CodeLens[]>(
                    'vscode.executeCodeLensProvider',
                    document.uri,
                    100,
                )) ?? [];
            const titles = lenses.map((l) => l.command?.title ?? '');
            const messages = titles
                .filter((t) => t.startsWith('$(warning) '))
                .map((t) => t.slice('$(warning) '.length));
            return {
                pending: titles.length === 0 || titles.includes(''),
                messages,
                healthy:
                    messages.length === 0 &&
                    titles.some((t) => / success · block \d+/.test(t)) &&
                    titles.some((t) => /code matches/.test(t)),
            };
        },
        retry: () => {
            api.lenses.refresh();
            return Promise.resolve();
        },
    };

    /**
     * An agent tool run through `vscode.lm.invokeTool`: the answer is the surface. A failure is the
     * tool's error sentence; the node status reports an unhealthy node in its Health line.
     */
    const agentSurface = (
        name: string,
        tool: string,
        input: object,
        info: Partial<SurfaceInfo>,
    ): Surface => {
        let call: { done: boolean; text?: string; error?: string } | undefined;
        const start = (): Promise<void> => {
            const current: NonNullable<typeof call> = { done: false };
            call = current;
            invokeTool(tool, input).then(
                (text) => Object.assign(current, { done: true, text }),
                (error: unknown) => Object.assign(current, { done: true, error: String(error) }),
            );
            return Promise.resolve();
        };
        return {
            name: `agent tool: ${name}`,
            group: 'agent',
            node: false,
            admin: false,
            dataApi: true,
            ...info,
            trigger: start,
            read: () => {
                if (!call?.done)
                    return Promise.resolve({ pending: true, messages: [], healthy: false });
                const text = call.text ?? '';
                const messages =
                    call.error !== undefined
                        ? [call.error]
                        : text.startsWith('Error: ')
                          ? [text.slice('Error: '.length)]
                          : [...text.matchAll(/^Health: (?!healthy)\w+ \((.*)\)$/gm)].map(
                                (m) => m[1]!,
                            );
                return Promise.resolve({
                    pending: false,
                    messages,
                    healthy: messages.length === 0,
                });
            },
            retry: start,
        };
    };

    let surfaces: Surface[] = [];
    /** The fault of the running cell, for surfaces whose reading depends on it. */
    let activeFault: Cell['fault'] | undefined;
    async function applyFault(fault: Cell['fault']): Promise<void> {
        activeFault = fault;
        if (fault.rule) await addSandboxFault({ ...fault.rule });
        if (fault.settings) await setSandboxSettings(fault.settings);
    }

    async function clearFault(): Promise<void> {
        activeFault = undefined;
        await clearSandboxFaults();
        await setSandboxSettings({
            adminApi: true,
            nodeDown: false,
            publicNode: false,
            hostile: false,
            requireApiKey: undefined,
            internalRpcUrls: false,
            helicon: false,
        });
    }

    function buildSurfaces(): Surface[] {
        const k = known;
        const nodeInfo = { node: true, dataApi: false };
        return [
            // The rows read here (chain lists, P-Chain blocks) come from the Data API only.
            treeSurface('chains', 'view: Chains', {}),
            treeSurface('subnets', 'view: Subnets & L1s', {}),
            treeSurface('validators', 'view: Validators', { node: true }),
            treeSurface('node', 'view: Node', { node: true, admin: true, dataApi: false }),
            // Helicon's rows (#34): the C-Chain head's two heights and the rules in force.
            {
                ...treeSurface('node', 'view: Node (Helicon)', {
                    node: true,
                    admin: true,
                    dataApi: false,
                }),
                prepare: async () => {
                    await setSandboxSettings({ helicon: true });
                },
            },
            // ACP-236 (#34): the primary network's validators, auto-renewed ones with their
            // settings, read from the node's P-Chain beside the Data API's L1 validators.
            {
                ...treeSurface('validators', 'view: Validators (Helicon)', { node: true }),
                prepare: async () => {
                    await setSandboxSettings({ helicon: true });
                },
            },
            localTreeSurface('chains', 'view: Chains (local network)'),
            localTreeSurface('subnets', 'view: Subnets & L1s (local network)'),
            localTreeSurface('validators', 'view: Validators (local network)'),
            lensSurface,
            agentSurface(
                'Data API query',
                'avalanche_query_data_api',
                { operation: 'listSubnets', params: { pageSize: 5 } },
                {},
            ),
            agentSurface('node status', 'avalanche_get_node_status', {}, nodeInfo),
            agentSurface(
                'trace',
                'avalanche_trace_transaction',
                { hash: k.tokenTransferTxHash, evmChainId: k.cChainId },
                nodeInfo,
            ),
            // The message reads the Data API's chain list and the chains' RPC through the node.
            agentSurface(
                'ICM message',
                'avalanche_follow_icm_message',
                { sourceChain: k.cChainId, txHash: k.icmExecutedTxHash },
                { node: true },
            ),
            hoverSurface('evmAddress', () => k.evmAddress, { node: true }),
            hoverSurface('hash32', () => k.evmTxHash, {}),
            hoverSurface('pnAddress', () => k.pChainAddress, {}),
            hoverSurface('cb58Id', () => k.pChainTxHash, {}),
            hoverSurface('nodeId', () => k.l1NodeId, {}),
            panelSurface(
                'transaction',
                () => ({
                    source: 'dataApi',
                    operation: 'getTransaction',
                    params: { chainId: k.cChainId, txHash: k.evmTxHash },
                }),
                {},
            ),
            // The call trace of a contract's transaction, from the node alone (#35).
            panelSurface(
                'trace',
                () => ({
                    source: 'trace',
                    network: 'mainnet',
                    chainId: k.cChainId,
                    hash: k.tokenTransferTxHash,
                }),
                nodeInfo,
            ),
            panelSurface(
                'icm',
                () => ({ source: 'icm', chain: k.cChainId, txHash: k.icmExecutedTxHash }),
                { node: true },
            ),
            panelSurface(
                'address',
                () => ({
                    source: 'dataApi',
                    operation: 'listTransactions',
                    params: { chainId: k.cChainId, address: k.evmAddress, pageSize: 10 },
                }),
                {},
            ),
            panelSurface(
                'block',
                () => ({
                    source: 'dataApi',
                    operation: 'getTransactionsForBlock',
                    params: { chainId: k.cChainId, blockId: k.evmBlockNumber },
                }),
                {},
            ),
            panelSurface(
                'token',
                () => ({
                    source: 'dataApi',
                    operation: 'listTransfers',
                    params: { chainId: k.cChainId, address: k.erc20Contract, pageSize: 10 },
                }),
                {},
            ),
            panelSurface(
                'primaryNetwork',
                () => ({
                    source: 'dataApi',
                    operation: 'getUtxosByAddressesV2',
                    params: {
                        network: 'mainnet',
                        blockchainId: 'p-chain',
                        addresses: [k.pChainAddress],
                    },
                }),
                {},
            ),
            panelSurface(
                'subnets',
                () => ({
                    source: 'dataApi',
                    operation: 'listSubnets',
                    params: { network: 'mainnet', pageSize: 10 },
                }),
                {},
            ),
            panelSurface(
                'signatures',
                () => ({
                    source: 'dataApi',
                    operation: 'getAggregatedSignatures',
                    params: { network: 'mainnet', txHash: k.pChainTxHash },
                }),
                { node: true },
            ),
            panelSurface(
                'node',
                () => ({
                    source: 'node',
                    method: 'admin.getChainAliases',
                    texts: { chain: k.cChainBlockchainId },
                }),
                { ...nodeInfo, admin: true },
            ),
            panelSurface(
                'generic',
                () => ({
                    source: 'rawRpc',
                    path: '/ext/info',
                    method: 'info.getNodeVersion',
                    paramsJson: '',
                }),
                nodeInfo,
            ),
            {
                ...panelSurface('operations', () => ({ source: 'operations' }), {}),
                prepare: async () => {
                    await createExport(600_000);
                },
            },
            exportSurface,
            statusBarSurface,
            watchSurface,
            icmWatchSurface,
            dashboardSurface,
        ];
    }

    /** Requests of a healthy read of the surface (measured once). */
    async function baseline(surface: Surface): Promise<number> {
        const known = baselines.get(surface.name);
        if (known !== undefined) return known;
        await clearFault();
        await surface.prepare?.();
        await clearSandboxRequests();
        await surface.trigger();
        const shown = await until(
            () => surface.read(),
            (s) => s.healthy,
            20_000,
        );
        assert.ok(shown.healthy, `${surface.name} is healthy without a fault: ${summarise(shown)}`);
        await sleep(300);
        const requests = (await sandboxRequests()).length;
        assert.ok(requests > 0, `${surface.name} sends requests`);
        baselines.set(surface.name, requests);
        return requests;
    }

    async function runCell(cell: Cell & { surface: Surface }): Promise<void> {
        const { fault, surface } = cell;
        const base = await baseline(surface);
        // A hover whose Data API lookup fails asks the chain's JSON-RPC once more (the node
        // fallback), with that client's own retries: one more healthy-sized read is allowed.
        const bound = requestBound(base) + (surface.name.startsWith('hover') ? requestBound(1) : 0);
        const before = unhandled.filter((u) => ours(u.reason)).length;
        const record = { cell, held: false, requests: 0, bound } as (typeof results)[number];
        results.push(record);
        await surface.prepare?.();
        await clearSandboxRequests();
        await clearInternalRequests();
        const rssBefore = process.memoryUsage().rss;
        let rssPeak = rssBefore;
        const sampler = setInterval(() => {
            rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        }, 50);
        await applyFault(fault);
        let shown: Shown;
        try {
            await surface.trigger();
            shown = await until(
                () => surface.read(),
                (s) => !s.pending && (s.messages.length > 0 || s.healthy),
                25_000,
            );
            // Late retries count too.
            await sleep(1_000);
            record.requests = (await sandboxRequests()).length;
            record.internal = await internalRequests();
        } finally {
            clearInterval(sampler);
            record.rssGrowthMb = (rssPeak - rssBefore) / 2 ** 20;
            await clearFault();
        }
        assert.equal(record.internal, 0, 'requests reached the internal host a chain list named');
        if (shown.stood) record.stood = true;
        if (shown.healthy && fault.mayBeTolerated) {
            record.tolerated = true;
        } else {
            assert.ok(shown.messages.length > 0, `no message in place (${summarise(shown)})`);
            for (const message of shown.messages) {
                const problem = clearMessageProblem(message);
                assert.equal(problem, undefined, `unclear message: ${problem}`);
            }
        }
        assert.ok(
            record.requests <= bound,
            `${record.requests} requests while the fault lasted; bound ${bound} (healthy read: ${base})`,
        );
        await sleep(200);
        const after = unhandled.filter((u) => ours(u.reason));
        assert.equal(after.length, before, `unhandled rejection: ${String(after.at(-1)?.reason)}`);
        // Recovery, without reloading the window.
        await surface.retry(shown);
        const recovered = await until(
            () => surface.read(),
            (s) => s.healthy,
            20_000,
        );
        if (!recovered.healthy && surface.group === 'hover') {
            // The failure is kept 5 s; a person hovers again after that.
        }
        assert.ok(
            recovered.healthy,
            `did not recover after the fault cleared: ${summarise(recovered)}`,
        );
        record.held = true;
    }

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
        process.on('unhandledRejection', onUnhandled);
        process.on('rejectionHandled', onHandled);
        await api.config.update(SettingKey.RequestTimeoutMs, suiteRequestTimeoutMs);
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, 0);
        api.queries.panels.closeAll();
        api.queries.testing.inputs = exportInputs;
        const lines = [
            ['evmAddress', known.evmAddress],
            ['hash32', known.evmTxHash],
            ['pnAddress', known.pChainAddress],
            ['cb58Id', known.pChainTxHash],
            ['nodeId', known.l1NodeId],
        ];
        lines.forEach(([kind], i) => (hoverLines[kind!] = i));
        hoverDoc = await vscode.workspace.openTextDocument({
            language: 'plaintext',
            content: lines.map(([, id]) => `id = ${id}`).join('\n'),
        });
        surfaces = buildSurfaces();
        // The matrix is chosen from `infos` before the surfaces exist: both must agree.
        for (const info of infos) {
            const built = surfaces.find((x) => x.name === info.name);
            assert.ok(built, `surface ${info.name}`);
            assert.deepEqual(
                [built.group, built.node, built.admin, built.dataApi],
                [info.group, info.node, info.admin, info.dataApi],
                info.name,
            );
        }
    });

    suiteTeardown(async () => {
        process.off('unhandledRejection', onUnhandled);
        process.off('rejectionHandled', onHandled);
        await clearFault();
        await setSandboxSettings({ exportDelayMs: 300 });
        api.queries.testing.inputs = undefined;
        for (const panel of panels.values()) panel.close();
        for (const dashboard of api.dashboards.all()) dashboard.close();
        await api.config.update(SettingKey.RequestTimeoutMs, undefined);
        await api.config.update(SettingKey.NodeRefreshIntervalSeconds, undefined);
        await api.config.update(SettingKey.WatchRequestsPerMinute, undefined);
        for (const entry of api.watch.feature.list.items()) {
            await vscode.commands.executeCommand('avalanche.watch.remove', entry.key);
        }
        // One row per fault: how many surfaces held, the requests they sent while it lasted.
        for (const fault of faults) {
            const rows = results.filter((r) => r.cell.fault === fault);
            if (rows.length === 0) continue;
            const failed = rows.filter((r) => !r.held);
            const tolerated = rows.filter((r) => r.tolerated).length;
            const stood = rows.filter((r) => r.stood).length;
            const worst = rows.reduce((w, r) => Math.max(w, r.requests / Math.max(1, r.bound)), 0);
            const rss = rows.reduce((m, r) => Math.max(m, r.rssGrowthMb ?? 0), 0);
            const internal = rows.reduce((n, r) => n + (r.internal ?? 0), 0);
            const hostileFigures = fault.hostile
                ? `; host memory +${rss.toFixed(0)} MB at most; ${internal} requests to internal hosts; 0 control/bidi characters in messages`
                : '';
            recordCheck({
                area: 'faults',
                check: `${fault.name}: ${rows.length} surfaces`,
                cases: rows.length,
                requests: rows.reduce((n, r) => n + r.requests, 0),
                held: failed.length === 0,
                detail:
                    failed.length > 0
                        ? `did not hold on ${failed.map((r) => `${r.cell.surface.name}${r.problem ? ` (${r.problem})` : ''}`).join('; ')}`
                        : `requests at most ${Math.round(worst * 100)}% of the bound${tolerated ? `; ${tolerated} surfaces tolerated the field and showed data` : ''}${stood ? `; ${stood} pages stood with their odd item marked` : ''}${hostileFigures}`,
            });
        }
    });

    teardown(async () => {
        await clearFault();
        // The local-network surfaces switch the network for their cell only.
        if (api.config.get(SettingKey.Network) === 'local')
            await api.config.update(SettingKey.Network, undefined);
    });

    // The cells are known only once the surfaces exist; their names are fixed here so that each
    // cell is its own test.
    const infos: SurfaceInfo[] = [
        { name: 'view: Chains', group: 'view', node: false, admin: false, dataApi: true },
        { name: 'view: Subnets & L1s', group: 'view', node: false, admin: false, dataApi: true },
        { name: 'view: Validators', group: 'view', node: true, admin: false, dataApi: true },
        { name: 'view: Node', group: 'view', node: true, admin: true, dataApi: false },
        { name: 'view: Node (Helicon)', group: 'view', node: true, admin: true, dataApi: false },
        {
            name: 'view: Validators (Helicon)',
            group: 'view',
            node: true,
            admin: false,
            dataApi: true,
        },
        ...['Chains', 'Subnets & L1s', 'Validators'].map((view) => ({
            name: `view: ${view} (local network)`,
            group: 'view' as const,
            node: true,
            admin: false,
            dataApi: false,
        })),
        { name: 'hover: evmAddress', group: 'hover', node: true, admin: false, dataApi: true },
        { name: 'hover: hash32', group: 'hover', node: false, admin: false, dataApi: true },
        { name: 'hover: pnAddress', group: 'hover', node: false, admin: false, dataApi: true },
        { name: 'hover: cb58Id', group: 'hover', node: false, admin: false, dataApi: true },
        { name: 'hover: nodeId', group: 'hover', node: false, admin: false, dataApi: true },
        // Every panel kind the Data API fills (so a new kind gets its cells); node, generic and
        // operations have their own rows below. The signatures panel reads the signing
        // validator set from the node too.
        ...panelKinds
            .filter((kind) => kind !== 'node' && kind !== 'generic' && kind !== 'operations')
            .map((n) => ({
                name: `panel: ${n}`,
                group: 'panel' as const,
                // The trace panel reads the chain's node alone; the signatures panel reads the
                // signing validator set from it too, and the ICM panel the chains' RPC.
                node: n === 'signatures' || n === 'trace' || n === 'icm',
                admin: false,
                dataApi: n !== 'trace',
            })),
        { name: 'panel: node', group: 'panel', node: true, admin: true, dataApi: false },
        { name: 'panel: generic', group: 'panel', node: true, admin: false, dataApi: false },
        { name: 'panel: operations', group: 'panel', node: false, admin: false, dataApi: true },
        { name: 'export polling', group: 'export', node: false, admin: false, dataApi: true },
        { name: 'status bar', group: 'statusBar', node: true, admin: false, dataApi: false },
        { name: 'watch list', group: 'watch', node: true, admin: false, dataApi: false },
        {
            name: 'watch list: ICM message',
            group: 'watch',
            node: true,
            admin: false,
            // The Data API's ICM index is asked first on mainnet.
            dataApi: true,
        },
        { name: 'panel: node dashboard', group: 'panel', node: true, admin: false, dataApi: false },
        {
            name: 'lens: deployment record',
            group: 'lens',
            node: true,
            admin: false,
            dataApi: false,
        },
        {
            name: 'agent tool: Data API query',
            group: 'agent',
            node: false,
            admin: false,
            dataApi: true,
        },
        {
            name: 'agent tool: node status',
            group: 'agent',
            node: true,
            admin: false,
            dataApi: false,
        },
        { name: 'agent tool: trace', group: 'agent', node: true, admin: false, dataApi: false },
        {
            name: 'agent tool: ICM message',
            group: 'agent',
            node: true,
            admin: false,
            dataApi: true,
        },
    ];
    const cells = isFullRun() ? fullMatrix(infos) : coveringMatrix(infos);
    for (const cell of cells) {
        test(`${cell.fault.name} on ${cell.surface.name}`, async function () {
            const surface = surfaces.find((s) => s.name === cell.surface.name);
            assert.ok(surface, `surface ${cell.surface.name} is built`);
            try {
                await runCell({ fault: cell.fault, surface });
            } catch (error) {
                const row = results.at(-1);
                if (row && row.cell.surface.name === cell.surface.name)
                    row.problem =
                        error instanceof Error
                            ? error.message.split('\n')[0]!.slice(0, 160)
                            : String(error);
                throw error;
            }
        });
    }
});
