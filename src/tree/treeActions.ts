/**
 * What the tree commands do when they ask the user something or open something: copy, details,
 * JSON, explorer, watch, go to a vertex height, find a subnet, filters and the node's profiler. Loaded on
 * the first such command as `dist/treeActions.js`; `treeCommands.ts` holds the command table.
 */
import * as vscode from 'vscode';

import { inertLabel } from '../core/text/inert';
import { CommandId } from '../commands/commandIds';
import { acceptOne } from '../commands/quickPick';
import type { CompactSubnet } from '../core/summaries/genesisSummary';
import { pChainId } from '../core/ids/primaryNetwork';
import { looksLikeCb58Id, searchSubnets } from '../core/summaries/search';
import type { Config } from '../platform/config';
import { loadCore } from '../platform/lazyCore';
import { nodeName } from '../platform/nodeCatalog';
import { SettingKey } from '../platform/settingKeys';
import { ViewId } from '../platform/viewIds';
import { parseFilterArgument } from './filterArgument';
import { copyValues, explorerUrlOf, jsonOf, jsonText, panelQueryOf } from './rowActions';
import type { GroupRow, SubnetRow, Row } from './rows';
import { under } from './rows';
import type { Trees } from './registerTrees';
import { watchTargetOf } from './rowWatch';
import { describeFilter, type ValidatorFilter } from './validatorsSource';

export { useTreeTranslator } from './treeL10n';

/** Most subnets a Find lookup reads from the Data API before giving up. */
const maxLookupSubnets = 50_000;
const lookupPageSize = 10_000;

export async function copyId(row: Row | undefined): Promise<void> {
    const choices = row ? copyValues(row) : [];
    if (choices.length === 0) {
        void vscode.window.showInformationMessage(
            vscode.l10n.t('Select a row with an id or address to copy.'),
        );
        return;
    }
    let picked = choices[0];
    if (choices.length > 1) {
        const item = await vscode.window.showQuickPick(
            choices.map((c) => ({
                label: inertLabel(c.label, 100),
                description: inertLabel(c.value, 200),
                value: c,
            })),
            { title: vscode.l10n.t('Copy'), placeHolder: vscode.l10n.t('What to copy') },
        );
        if (!item) return;
        picked = item.value;
    }
    if (!picked) return;
    await vscode.env.clipboard.writeText(picked.value);
    vscode.window.setStatusBarMessage(`Copied ${picked.label}`, 3000);
}

/** The row's result panel; rows whose thing no query shows better open as JSON. */
export async function openDetails(trees: Trees, row: Row | undefined): Promise<void> {
    const query = row ? panelQueryOf(row, trees.services.network) : undefined;
    if (query === undefined) return openJson(row);
    await vscode.commands.executeCommand(CommandId.OpenQueryPanel, query);
}

export async function openJson(row: Row | undefined): Promise<void> {
    const value = row ? jsonOf(row) : undefined;
    if (value === undefined) {
        void vscode.window.showInformationMessage(
            vscode.l10n.t('Select a row that has JSON to show.'),
        );
        return;
    }
    const document = await vscode.workspace.openTextDocument({
        language: 'json',
        content: jsonText(value),
    });
    await vscode.window.showTextDocument(document, { preview: true });
}

export async function openInExplorer(
    trees: Trees,
    config: Config,
    row: Row | undefined,
): Promise<void> {
    const url = row
        ? explorerUrlOf(row, trees.services.network, config.get(SettingKey.ExplorerUrlTemplate))
        : undefined;
    if (url === undefined) {
        void vscode.window.showInformationMessage(
            vscode.l10n.t('This row has no page on the explorer.'),
        );
        return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(url));
}

/**
 * Hands the row's thing to the watch list. The two features meet only through the command, which
 * checks the target again.
 */
export async function watchRow(trees: Trees, row: Row | undefined): Promise<void> {
    const target = row ? watchTargetOf(row, trees.services.network) : undefined;
    if (target === undefined) {
        void vscode.window.showInformationMessage(
            vscode.l10n.t(
                'Select an L1 validator, an L1, the node, a transaction or an address to watch.',
            ),
        );
        return;
    }
    await vscode.commands.executeCommand(CommandId.WatchAdd, target);
}

export async function goToVertexHeight(trees: Trees, row: Row | undefined): Promise<void> {
    const text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Browse X-Chain Vertices at Height'),
        prompt: vscode.l10n.t(
            'First vertex height to list (vertices exist on the X-Chain before the Cortina upgrade)',
        ),
        value: '0',
        validateInput: (v) =>
            /^\d{1,12}$/.test(v.trim()) ? undefined : vscode.l10n.t('A whole number, 0 or more'),
    });
    if (text === undefined) return;
    const group = row?.kind === 'group' && row.group.type === 'vertexHeights' ? row : vertexGroup();
    trees.chainsSource.setVertexStart(group, Number(text.trim()));
    trees.providers.chains.refresh(group);
    await trees.views.chains.reveal(group, { expand: true, select: true, focus: true });
}

/** The X-Chain's "Vertices by height" row, with the same ids the Chains view builds. */
function vertexGroup(): GroupRow {
    const primary: GroupRow = {
        kind: 'group',
        ...under('chains', undefined, 'primary'),
        group: { type: 'primaryNetwork' },
        label: vscode.l10n.t('Primary Network'),
        icon: 'globe',
        expanded: true,
    };
    const xChain: Row = {
        kind: 'primaryChain',
        ...under('chains', primary, 'x-chain'),
        chain: 'x-chain',
    };
    return {
        kind: 'group',
        ...under('chains', xChain, 'vertices'),
        group: { type: 'vertexHeights' },
        label: vscode.l10n.t('Vertices by height'),
        icon: 'layers',
    };
}

interface FindItem extends vscode.QuickPickItem {
    readonly subnet?: CompactSubnet;
    readonly blockchainId?: string;
    readonly lookup?: string;
}

/** Jumps to a subnet or blockchain by id or name: loaded rows first, then a Data API lookup. */
export async function findSubnet(trees: Trees): Promise<void> {
    const provider = trees.providers.subnets;
    const loaded = provider
        .pagedItems(undefined)
        .flatMap((n) => (n.kind === 'subnet' ? [n.subnet] : []));
    const picker = vscode.window.createQuickPick<FindItem>();
    picker.title = vscode.l10n.t('Find Subnet or Blockchain');
    picker.placeholder = vscode.l10n.t(
        'Subnet id, blockchain id or blockchain name ({0} subnets loaded)',
        loaded.length,
    );
    picker.matchOnDescription = true;
    const base: FindItem[] = loaded.flatMap((subnet) => [
        {
            label:
                inertLabel(subnet.blockchains.map((b) => b.blockchainName).join(', '), 200) ||
                vscode.l10n.t('Subnet'),
            description: subnet.subnetId,
            detail: subnet.isL1 ? 'L1' : vscode.l10n.t('Subnet'),
            subnet,
        },
        ...subnet.blockchains.map((b) => ({
            label: `$(link) ${inertLabel(b.blockchainName, 100)}`,
            description: b.blockchainId,
            detail: vscode.l10n.t('blockchain of {0}', subnet.subnetId),
            subnet,
            blockchainId: b.blockchainId,
        })),
    ]);
    picker.items = base;
    picker.onDidChangeValue((value) => {
        const text = value.trim();
        const lookup: FindItem[] =
            text.length > 0
                ? [
                      {
                          label: vscode.l10n.t(
                              '$(search) Look up "{0}" in the Data API',
                              inertLabel(text, 100),
                          ),
                          description: vscode.l10n.t(
                              'reads the subnet list page by page until it is found',
                          ),
                          lookup: text,
                          alwaysShow: true,
                      },
                  ]
                : [];
        picker.items = [...base, ...lookup];
    });
    const chosen = await acceptOne(picker);
    if (!chosen) return;
    if (chosen.lookup !== undefined) {
        await findAndReveal(trees, chosen.lookup);
        return;
    }
    if (chosen.subnet) {
        await revealSubnet(trees, trees.subnetsSource.listRow(chosen.subnet), chosen.blockchainId);
    }
}

/** Reveals the first loaded match of `text`, or looks it up in the Data API and pins it. */
export async function findAndReveal(trees: Trees, text: string): Promise<void> {
    const loaded = trees.providers.subnets
        .pagedItems(undefined)
        .flatMap((n) => (n.kind === 'subnet' ? [n.subnet] : []));
    const match = searchSubnets(loaded, text)[0];
    if (match) {
        await revealSubnet(
            trees,
            trees.subnetsSource.listRow(match.subnet),
            match.blockchain?.blockchainId,
        );
        return;
    }
    await lookupSubnet(trees, text);
}

async function revealSubnet(trees: Trees, row: SubnetRow, blockchainId?: string): Promise<void> {
    const view = trees.views.subnets;
    const blockchain = blockchainId
        ? row.subnet.blockchains.find((b) => b.blockchainId === blockchainId)
        : undefined;
    if (blockchain) {
        await view.reveal(trees.subnetsSource.blockchainRow(row, blockchain), {
            select: true,
            focus: true,
            expand: true,
        });
    } else {
        await view.reveal(row, { select: true, focus: true, expand: true });
    }
}

async function lookupSubnet(trees: Trees, text: string): Promise<void> {
    const network = trees.services.network;
    const match = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: vscode.l10n.t('Looking up "{0}" among the subnets of {1}', text, network),
            cancellable: true,
        },
        async (progress, token) => {
            const controller = new AbortController();
            token.onCancellationRequested(() => controller.abort());
            const api = await trees.services.clients.dataApi();
            let pageToken: string | undefined;
            let read = 0;
            do {
                const page = await api.listSubnets(
                    {
                        network,
                        pageSize: lookupPageSize,
                        pageToken,
                        sortOrder: trees.subnetsSource.sortOrder,
                    },
                    { signal: controller.signal },
                );
                read += page.items.length;
                progress.report({ message: vscode.l10n.t('{0} subnets read', read) });
                const found = searchSubnets(page.items, text);
                const exact = found.find((m) => m.exact) ?? found[0];
                if (exact) return exact;
                pageToken = page.nextPageToken;
            } while (pageToken && read < maxLookupSubnets && !controller.signal.aborted);
            return undefined;
        },
    );
    if (!match) {
        const hint = looksLikeCb58Id(text)
            ? ''
            : ` ${vscode.l10n.t('Names match blockchain names; ids must be complete.')}`;
        void vscode.window.showInformationMessage(
            vscode.l10n.t('No subnet or blockchain "{0}" on {1}.{2}', text, network, hint),
        );
        return;
    }
    const row = trees.subnetsSource.pin(match.subnet);
    trees.providers.subnets.refresh();
    await revealSubnet(trees, row, match.blockchain?.blockchainId);
}

interface FilterItem extends vscode.QuickPickItem {
    readonly action: 'subnet' | 'node' | 'validation' | 'inactive' | 'clear';
}

export async function filterValidators(trees: Trees): Promise<void> {
    const source = trees.validatorsSource;
    const f = source.filter;
    const items: FilterItem[] = [
        {
            label: vscode.l10n.t('$(type-hierarchy) Subnet…'),
            description: f.subnetId ?? vscode.l10n.t('any'),
            action: 'subnet',
        },
        {
            label: vscode.l10n.t('$(server) Node id…'),
            description: f.nodeId ?? vscode.l10n.t('any'),
            action: 'node',
        },
        {
            label: vscode.l10n.t('$(symbol-key) Validation id…'),
            description: f.validationId ?? vscode.l10n.t('any'),
            action: 'validation',
        },
        {
            label: f.includeInactive
                ? vscode.l10n.t('$(eye-closed) Hide inactive validators')
                : vscode.l10n.t('$(eye) Show inactive validators'),
            description: f.includeInactive
                ? vscode.l10n.t('now shown')
                : vscode.l10n.t('now hidden'),
            action: 'inactive',
        },
        { label: vscode.l10n.t('$(clear-all) Clear all filters'), action: 'clear' },
    ];
    const picked = await vscode.window.showQuickPick(items, {
        title: vscode.l10n.t('Filter L1 Validators'),
        placeHolder: describeFilter(f),
    });
    if (!picked) return;
    let next: ValidatorFilter = f;
    switch (picked.action) {
        case 'subnet': {
            const value = await askId(vscode.l10n.t('Subnet id'), f.subnetId, (v) =>
                loadCore().isCb58Id(v) && v !== pChainId
                    ? undefined
                    : 'A subnet id (cb58 with a valid checksum)',
            );
            if (value === undefined) return;
            next = { ...f, subnetId: value || undefined };
            break;
        }
        case 'node': {
            const value = await askId(vscode.l10n.t('Node id'), f.nodeId, (v) =>
                loadCore().isNodeId(v) ? undefined : 'A node id: NodeID-… with a valid checksum',
            );
            if (value === undefined) return;
            next = { ...f, nodeId: value || undefined };
            break;
        }
        case 'validation': {
            const value = await askId(vscode.l10n.t('Validation id'), f.validationId, (v) =>
                loadCore().isCb58Id(v) ? undefined : 'A validation id (cb58 with a valid checksum)',
            );
            if (value === undefined) return;
            next = { ...f, validationId: value || undefined };
            break;
        }
        case 'inactive':
            next = { ...f, includeInactive: !f.includeInactive };
            break;
        case 'clear':
            next = { includeInactive: false };
            break;
    }
    source.filter = next;
    trees.providers.validators.refresh();
}

/** Sets the filter another feature asks for (checked as the prompt checks), then shows it. */
export async function setValidatorFilter(trees: Trees, arg: unknown): Promise<void> {
    const parsed = parseFilterArgument(arg, loadCore());
    if ('error' in parsed) throw new Error(parsed.error);
    trees.validatorsSource.filter = parsed.filter;
    trees.providers.validators.refresh();
    await vscode.commands.executeCommand(`${ViewId.Validators}.focus`);
}

/** Asks for an id; an empty answer clears the filter (''), Escape cancels (undefined). */
function askId(
    what: string,
    current: string | undefined,
    check: (value: string) => string | undefined,
): Thenable<string | undefined> {
    return vscode.window
        .showInputBox({
            title: vscode.l10n.t('Filter L1 Validators: {0}', what),
            prompt: vscode.l10n.t('{0} to filter by; empty to remove this filter', what),
            value: current ?? '',
            validateInput: (v) => (v.trim() === '' ? undefined : check(v.trim())),
        })
        .then((v) => v?.trim());
}

export async function filterPeers(trees: Trees): Promise<void> {
    const text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter Peers'),
        prompt: vscode.l10n.t(
            'Words that each peer must contain in its node id, version, IP, tracked subnets or benched chains; empty shows all',
        ),
        value: trees.monitor.peersFilter,
    });
    if (text === undefined) return;
    trees.monitor.peersFilter = text.trim();
    trees.providers.node.refresh();
}

type ProfilerAction = 'start' | 'stop' | 'memory' | 'lock';

/** The confirmation, its button and the notice of each profiler action; `{0}` names the node. */
function profilerTexts(
    action: ProfilerAction,
    name: string,
): { question: string; button: string; done: string } {
    switch (action) {
        case 'start':
            return {
                question: vscode.l10n.t('Start the CPU profiler on {0}?', name),
                button: vscode.l10n.t('Start Profiler'),
                done: vscode.l10n.t('The CPU profiler runs on {0}.', name),
            };
        case 'stop':
            return {
                question: vscode.l10n.t('Stop the CPU profiler on {0}?', name),
                button: vscode.l10n.t('Stop Profiler'),
                done: vscode.l10n.t(
                    'Stopped the CPU profiler; {0} was written on {1}.',
                    'cpu.profile',
                    name,
                ),
            };
        case 'memory':
            return {
                question: vscode.l10n.t(
                    'Write a memory profile ({0}) on {1}?',
                    'mem.profile',
                    name,
                ),
                button: vscode.l10n.t('Write Memory Profile'),
                done: vscode.l10n.t('{0} was written on {1}.', 'mem.profile', name),
            };
        case 'lock':
            return {
                question: vscode.l10n.t('Write a lock profile ({0}) on {1}?', 'lock.profile', name),
                button: vscode.l10n.t('Write Lock Profile'),
                done: vscode.l10n.t('{0} was written on {1}.', 'lock.profile', name),
            };
    }
}

/** Runs an admin profiler method after a confirmation that names the node. */
export async function profilerAction(
    trees: Trees,
    config: Config,
    action: ProfilerAction,
): Promise<void> {
    const url = trees.services.clients.nodeUrl;
    const name = `${nodeName(url, config.get(SettingKey.NodeUrls))} (${url})`;
    const texts = profilerTexts(action, name);
    if (!(await trees.confirm(texts.question, texts.button))) return;
    const core = loadCore();
    const m = core.nodeRpcMethods;
    const client = trees.services.clients.nodeRpc();
    const method =
        action === 'start'
            ? m['admin.startCPUProfiler']
            : action === 'stop'
              ? m['admin.stopCPUProfiler']
              : action === 'memory'
                ? m['admin.memoryProfile']
                : m['admin.lockProfile'];
    try {
        await client.call(method, {});
    } catch (error) {
        // The profiler's state is only visible through these refusals.
        const told = core.profilerStateAfter(method.name, error);
        trees.services.profilers.set(url, told);
        if (action === 'start' && told === 'running') {
            void vscode.window.showInformationMessage(
                vscode.l10n.t('The CPU profiler was already running on {0}.', name),
            );
            return;
        }
        if (action === 'stop' && told === 'stopped') {
            void vscode.window.showInformationMessage(
                vscode.l10n.t('The CPU profiler was not running on {0}.', name),
            );
            return;
        }
        throw error;
    }
    trees.services.profilers.set(url, core.profilerStateAfter(method.name));
    void vscode.window.showInformationMessage(texts.done);
}
