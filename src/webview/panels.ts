/**
 * The panel kinds (STYLE.md rule 15): one host class per family of results, each with its kind,
 * a private constructor, `createOrShow` and `revive`, and a static map of its instances keyed
 * by subject (one panel per transaction, per address, per token…). What they do in common lives in
 * `QueryPanel`; the page draws every kind from the same view model.
 */
import type * as vscode from 'vscode';

import type { PanelKind, QueryRequest } from '../shared/query';
import { type PanelDeps, type PresetResult, QueryPanel } from './queryPanel';

/** One EVM transaction (4.15): overview, native transaction, token transfers, internal transactions, teleporter message and network token prices. */
export class TransactionPanel extends QueryPanel {
    static readonly kind = 'transaction' as const;
    private static readonly panels = new Map<string, TransactionPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(TransactionPanel.kind, panel, deps, query, key);
    }

    static createOrShow(
        deps: PanelDeps,
        query: QueryRequest,
        preset?: PresetResult,
    ): TransactionPanel {
        return QueryPanel.openKeyed(
            TransactionPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new TransactionPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            TransactionPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new TransactionPanel(p, deps, query, key),
        );
    }

    static instances(): readonly TransactionPanel[] {
        return [...TransactionPanel.panels.values()];
    }
}

/** An EVM address, one tab per list: transactions (4.2), ERC-20 balances (4.8), ERC-1155 balances (4.11), collectibles (4.13), ERC-1155 transfers (4.7) and internal transactions (4.10). */
export class AddressPanel extends QueryPanel {
    static readonly kind = 'address' as const;
    private static readonly panels = new Map<string, AddressPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(AddressPanel.kind, panel, deps, query, key);
    }

    static createOrShow(deps: PanelDeps, query: QueryRequest, preset?: PresetResult): AddressPanel {
        return QueryPanel.openKeyed(
            AddressPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new AddressPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            AddressPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new AddressPanel(p, deps, query, key),
        );
    }

    static instances(): readonly AddressPanel[] {
        return [...AddressPanel.panels.values()];
    }
}

/** A block: the transactions of an EVM block (4.12) or the latest blocks of a primary-network chain (4.16). */
export class BlockPanel extends QueryPanel {
    static readonly kind = 'block' as const;
    private static readonly panels = new Map<string, BlockPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(BlockPanel.kind, panel, deps, query, key);
    }

    static createOrShow(deps: PanelDeps, query: QueryRequest, preset?: PresetResult): BlockPanel {
        return QueryPanel.openKeyed(
            BlockPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new BlockPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            BlockPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new BlockPanel(p, deps, query, key),
        );
    }

    static instances(): readonly BlockPanel[] {
        return [...BlockPanel.panels.values()];
    }
}

/** A token contract: its transfers (4.9) and its holders above a threshold over a time frame (4.18). */
export class TokenPanel extends QueryPanel {
    static readonly kind = 'token' as const;
    private static readonly panels = new Map<string, TokenPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(TokenPanel.kind, panel, deps, query, key);
    }

    static createOrShow(deps: PanelDeps, query: QueryRequest, preset?: PresetResult): TokenPanel {
        return QueryPanel.openKeyed(
            TokenPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new TokenPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            TokenPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new TokenPanel(p, deps, query, key),
        );
    }

    static instances(): readonly TokenPanel[] {
        return [...TokenPanel.panels.values()];
    }
}

/** Primary-network lists: UTXOs of addresses (4.3), transactions of an X-Chain asset (4.4) and X-Chain vertices by height (4.14). */
export class PrimaryNetworkPanel extends QueryPanel {
    static readonly kind = 'primaryNetwork' as const;
    private static readonly panels = new Map<string, PrimaryNetworkPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(PrimaryNetworkPanel.kind, panel, deps, query, key);
    }

    static createOrShow(
        deps: PanelDeps,
        query: QueryRequest,
        preset?: PresetResult,
    ): PrimaryNetworkPanel {
        return QueryPanel.openKeyed(
            PrimaryNetworkPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new PrimaryNetworkPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            PrimaryNetworkPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new PrimaryNetworkPanel(p, deps, query, key),
        );
    }

    static instances(): readonly PrimaryNetworkPanel[] {
        return [...PrimaryNetworkPanel.panels.values()];
    }
}

/** Subnets and L1s (4.6) and L1 validators (4.17), as tabs of one network. */
export class SubnetsPanel extends QueryPanel {
    static readonly kind = 'subnets' as const;
    private static readonly panels = new Map<string, SubnetsPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(SubnetsPanel.kind, panel, deps, query, key);
    }

    static createOrShow(deps: PanelDeps, query: QueryRequest, preset?: PresetResult): SubnetsPanel {
        return QueryPanel.openKeyed(
            SubnetsPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new SubnetsPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            SubnetsPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new SubnetsPanel(p, deps, query, key),
        );
    }

    static instances(): readonly SubnetsPanel[] {
        return [...SubnetsPanel.panels.values()];
    }
}

/** The aggregated signatures of the Warp message of a P- or X-Chain transaction (4.1). */
export class SignaturesPanel extends QueryPanel {
    static readonly kind = 'signatures' as const;
    private static readonly panels = new Map<string, SignaturesPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(SignaturesPanel.kind, panel, deps, query, key);
    }

    static createOrShow(
        deps: PanelDeps,
        query: QueryRequest,
        preset?: PresetResult,
    ): SignaturesPanel {
        return QueryPanel.openKeyed(
            SignaturesPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new SignaturesPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            SignaturesPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new SignaturesPanel(p, deps, query, key),
        );
    }

    static instances(): readonly SignaturesPanel[] {
        return [...SignaturesPanel.panels.values()];
    }
}

/** The answer of a node JSON-RPC method: peers, upgrades, ACPs, versions, chain and fee config, active rules, validators, or a generic view. */
export class NodeResultPanel extends QueryPanel {
    static readonly kind = 'node' as const;
    private static readonly panels = new Map<string, NodeResultPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(NodeResultPanel.kind, panel, deps, query, key);
    }

    static createOrShow(
        deps: PanelDeps,
        query: QueryRequest,
        preset?: PresetResult,
    ): NodeResultPanel {
        return QueryPanel.openKeyed(
            NodeResultPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new NodeResultPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            NodeResultPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new NodeResultPanel(p, deps, query, key),
        );
    }

    static instances(): readonly NodeResultPanel[] {
        return [...NodeResultPanel.panels.values()];
    }
}

/** Results without a panel of their own: raw JSON-RPC answers, the supported chains, export operation states. */
export class GenericResultPanel extends QueryPanel {
    static readonly kind = 'generic' as const;
    private static readonly panels = new Map<string, GenericResultPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(GenericResultPanel.kind, panel, deps, query, key);
    }

    static createOrShow(
        deps: PanelDeps,
        query: QueryRequest,
        preset?: PresetResult,
    ): GenericResultPanel {
        return QueryPanel.openKeyed(
            GenericResultPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new GenericResultPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            GenericResultPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new GenericResultPanel(p, deps, query, key),
        );
    }

    static instances(): readonly GenericResultPanel[] {
        return [...GenericResultPanel.panels.values()];
    }
}

/** The transaction exports started from this editor, with their states, download links and actions. */
export class OperationsPanel extends QueryPanel {
    static readonly kind = 'operations' as const;
    private static readonly panels = new Map<string, OperationsPanel>();

    private constructor(
        panel: vscode.WebviewPanel,
        deps: PanelDeps,
        query: QueryRequest,
        key: string,
    ) {
        super(OperationsPanel.kind, panel, deps, query, key);
    }

    static createOrShow(
        deps: PanelDeps,
        query: QueryRequest,
        preset?: PresetResult,
    ): OperationsPanel {
        return QueryPanel.openKeyed(
            OperationsPanel.panels,
            deps,
            query,
            preset,
            (panel, key) => new OperationsPanel(panel, deps, query, key),
        );
    }

    static revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void {
        QueryPanel.reviveKeyed(
            OperationsPanel.panels,
            deps,
            panel,
            query,
            (p, key) => new OperationsPanel(p, deps, query, key),
        );
    }

    static instances(): readonly OperationsPanel[] {
        return [...OperationsPanel.panels.values()];
    }
}

/** How each kind is opened, revived and listed. */
export interface PanelKindHost<K extends PanelKind = PanelKind> {
    /** The kind its panels report; the table below checks it against the kind it serves. */
    readonly kind: K;
    createOrShow(deps: PanelDeps, query: QueryRequest, preset?: PresetResult): QueryPanel;
    /** Takes over a panel VS Code restored, showing `query` (read from its saved state). */
    revive(deps: PanelDeps, panel: vscode.WebviewPanel, query: QueryRequest): void;
    instances(): readonly QueryPanel[];
}

/** The host class of every panel kind. */
export const panelKindHosts: { readonly [K in PanelKind]: PanelKindHost<K> } = {
    transaction: TransactionPanel,
    address: AddressPanel,
    block: BlockPanel,
    token: TokenPanel,
    primaryNetwork: PrimaryNetworkPanel,
    subnets: SubnetsPanel,
    signatures: SignaturesPanel,
    node: NodeResultPanel,
    generic: GenericResultPanel,
    operations: OperationsPanel,
};
