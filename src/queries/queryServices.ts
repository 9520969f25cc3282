/**
 * What the query commands and result panels share: the clients, the input provider (replaceable
 * by tests through `testing`), the chain list per network (for the EVM-chain pick and the native
 * token of a chain), and the stores kept in `globalState`: query history, recent prompt values and
 * the export operations. Everything heavy comes from the core bundle on first use (`loadCore()`).
 */
import * as vscode from 'vscode';

import type { ChainInfo, HistoryEntry, StoredOperation } from '../core/index';
import type { QueryRequest } from '../shared/query';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import type { LocalNetworks } from '../platform/localNetworks';
import type { ProfilerStates } from '../platform/profilerStates';
import type { WorkspaceContracts } from '../platform/workspaceContracts';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { nodeName } from '../platform/nodeCatalog';
import { SettingKey } from '../platform/settingKeys';
import { type InputProvider, VsCodeInputProvider } from './inputProvider';
import type { QueriesTesting } from './queriesTesting';

const logger = log.for('Queries');

import { StateKey } from './stateKeys';

export { StateKey };

export class QueryServices extends Disposable {
    private readonly vsCodeInputs = new VsCodeInputProvider();
    /** For the integration tests only (see `queriesTesting.ts`). */
    readonly testing: QueriesTesting = { inputs: undefined, clipboard: undefined };
    private readonly operationsEmitter = this._register(new vscode.EventEmitter<void>());
    /** Fires when the stored export operations change. */
    readonly onDidChangeOperations = this.operationsEmitter.event;

    constructor(
        readonly clients: ClientProvider,
        readonly config: Config,
        readonly state: vscode.Memento,
        readonly extensionUri: vscode.Uri,
        readonly contracts: WorkspaceContracts,
        /** What this window did to each node's CPU profiler (shared with the Node view). */
        readonly profilers: ProfilerStates,
        /** The local networks found on this machine, which name ICM chains and relayers. */
        readonly local?: Pick<LocalNetworks, 'list'>,
    ) {
        super();
    }

    /** Where questions go: VS Code's UI, or a test's script. */
    get inputs(): InputProvider {
        return this.testing.inputs ?? this.vsCodeInputs;
    }

    /** Where copies go: the system clipboard, or a test's recorder. */
    get clipboard(): Pick<vscode.Clipboard, 'writeText'> {
        return this.testing.clipboard ?? vscode.env.clipboard;
    }

    /** The selected node: its name in the node list (or its host) and its URL. */
    get node(): { name: string; url: string } {
        const url = this.clients.nodeUrl;
        return { name: nodeName(url, this.config.get(SettingKey.NodeUrls)), url };
    }

    /** The selected network. */
    get network(): string {
        return this.clients.network;
    }

    /**
     * The EVM chains of a network (the Data API's, or on `local` the node's), shared with the
     * trees and hovers (`ClientProvider.chains`). A failure is logged and not kept, so the next prompt tries again.
     */
    chains(network: string): Promise<ChainInfo[]> {
        const list =
            network === 'mainnet' || network === 'fuji' || network === 'local'
                ? this.clients.chains(network)
                : Promise.reject(new Error(`The Data API lists no chains for "${network}".`));
        list.catch((error: unknown) => {
            logger.warn(`The chain list of ${network} could not be read`, error);
        });
        return list;
    }

    /** The native token of an EVM chain (by chain id or blockchain id), when the list has it. */
    async nativeToken(chainId: string): Promise<{ symbol: string; decimals: number } | undefined> {
        const selected = this.clients.network;
        const networks =
            selected === 'local'
                ? [selected]
                : [selected, selected === 'mainnet' ? 'fuji' : 'mainnet'];
        for (const network of networks) {
            try {
                const token = loadCore().nativeTokenIn(await this.chains(network), chainId);
                if (token) return token;
            } catch {
                // Amounts then show in the smallest unit with 18 decimals.
            }
        }
        return undefined;
    }

    // -- history -------------------------------------------------------------------------------

    history(): HistoryEntry[] {
        return loadCore().readHistory(this.state.get(StateKey.History));
    }

    async addHistory(query: QueryRequest, title: string): Promise<void> {
        const next = loadCore().addHistoryEntry(this.history(), { query, title, atMs: Date.now() });
        await this.state.update(StateKey.History, next);
    }

    // -- recent values -------------------------------------------------------------------------

    recentValues(kind: string): string[] {
        return loadCore().readRecentValues(this.state.get(StateKey.RecentValues))[kind] ?? [];
    }

    async addRecentValue(kind: string, value: string): Promise<void> {
        const core = loadCore();
        const next = core.addRecentValue(
            core.readRecentValues(this.state.get(StateKey.RecentValues)),
            kind,
            value,
        );
        await this.state.update(StateKey.RecentValues, next);
    }

    // -- export operations ---------------------------------------------------------------------

    operations(): StoredOperation[] {
        const stored = this.state.get<unknown>(StateKey.Operations);
        if (!Array.isArray(stored)) return [];
        return stored.filter(
            (o): o is StoredOperation =>
                typeof o === 'object' &&
                o !== null &&
                typeof (o as StoredOperation).operationId === 'string' &&
                typeof (o as StoredOperation).status === 'string' &&
                // Absent for an operation looked up by id rather than created here.
                ((o as StoredOperation).request === undefined ||
                    typeof (o as StoredOperation).request === 'object'),
        );
    }

    operation(operationId: string): StoredOperation | undefined {
        return this.operations().find((o) => o.operationId === operationId);
    }

    async rememberOperation(op: StoredOperation): Promise<void> {
        await this.state.update(
            StateKey.Operations,
            loadCore().rememberOperation(this.operations(), op),
        );
        this.operationsEmitter.fire();
    }

    async forgetOperation(operationId: string): Promise<void> {
        await this.state.update(
            StateKey.Operations,
            this.operations().filter((o) => o.operationId !== operationId),
        );
        this.operationsEmitter.fire();
    }
}
