/**
 * Hovers over addresses, hashes and Avalanche ids in any file, and the quick fix of a broken
 * EIP-55 checksum. Two hover providers: VS Code shows each one's hover as soon as
 * it resolves, so the offline part (kind, checksum, network, well-known name, actions) appears at
 * once and without a request, and the live part joins it when the services have answered, or as
 * one calm line when they could not.
 *
 * Each provider: guards (setting, scheme, line length, a cheap candidate pattern), the word at the
 * pointer by `IDENT_RE`, `parseIdentifier`, then the core's `HoverEngine` (Markdown, cache, lookup
 * with the token's cancellation). Registering costs nothing: the first hover over something long
 * enough to be an identifier loads the small offline bundle for its offline part and starts
 * building the clients; its live part loads the core.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type * as Core from '../core/index';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import { buildExplorerUrl } from '../platform/explorerUrl';
import type { WorkspaceContracts } from '../platform/workspaceContracts';
import { loadCore, loadHoverOffline } from '../platform/lazyCore';
import { translateForPerson } from '../platform/personText';
import { ConfigSection, SettingKey } from '../platform/settingKeys';
import { type HoversTesting, HoversTestingSurface } from './hoversTesting';

/** Local files, new files, and virtual workspaces (github.dev). */
const schemes = ['file', 'untitled', 'vscode-vfs'];

/** The languages named by the issue and their siblings; needed for `vscode-vfs` documents. */
const languages = [
    'solidity',
    'typescript',
    'typescriptreact',
    'javascript',
    'javascriptreact',
    'go',
    'rust',
    'python',
    'json',
    'jsonc',
    'yaml',
    'dotenv',
    'properties',
    'ini',
    'markdown',
    'plaintext',
    'toml',
    'shellscript',
];

/** Local and untitled files in every language, virtual ones in the languages above. */
const hoverSelector: vscode.DocumentSelector = [
    { scheme: 'file' },
    { scheme: 'untitled' },
    ...languages.map((language) => ({ language, scheme: 'vscode-vfs' })),
];

/** Scheme of the read-only documents "Open details" shows. */
const detailsScheme = 'avalanche-details';

/** Lines longer than this are skipped (minified bundles), as PRGH's `shouldShowHover` does. */
const maxLineLength = 10_000;

/**
 * Every identifier holds a run of 27 or more word characters and dashes (the shortest is
 * `NodeID-` + 20); without one under the pointer nothing is loaded and nothing is sent.
 */
const candidate = /[\w-]{27,}/;
/** Longest selection read as one identifier (the longest, a prefixed bech32 address, is 92). */
const maxIdentifierText = 120;
/** A mixed-case `0x` + 40 hex digits: the only text a checksum fix can apply to. */
const mixedCaseAddress = /0x(?=[\da-fA-F]{0,39}[a-f])(?=[\da-fA-F]{0,39}[A-F])[\da-fA-F]{40}/;

/** The commands hover links run. */
const hoverCommands: Core.HoverCommandIds = {
    copy: CommandId.HoverCopy,
    openDetails: CommandId.HoverOpenDetails,
    lookUpOnChain: CommandId.HoverLookUpOnChain,
    fixChecksum: CommandId.HoverFixChecksum,
    setApiKey: CommandId.SetDataApiKey,
    watch: CommandId.WatchAdd,
    trace: CommandId.OpenQueryPanel,
    followIcm: CommandId.FollowIcmMessage,
};

/** The hover feature, returned from `activate` for tests and the benchmark. */
export class Hovers extends Disposable {
    private engineInstance: Core.HoverEngine | undefined;
    private readonly probe = new HoversTestingSurface();
    /** For the integration tests and the benchmark only (see `hoversTesting.ts`). */
    readonly testing: HoversTesting = this.probe;
    /** Texts of the read-only detail documents, by URI path (the last few). */
    private readonly details = new Map<string, string>();
    private detailCount = 0;
    /** Whether the clients were asked to get ready (the first hover over a candidate does). */
    private warmed = false;

    constructor(
        private readonly config: Config,
        private readonly clients: ClientProvider,
        private readonly contracts: WorkspaceContracts,
    ) {
        super();
        const forget = (): void => this.engineInstance?.forget();
        this._register(
            config.onDidChange(
                [SettingKey.Network, SettingKey.HoversDefaultEvmChain, SettingKey.RequestTimeoutMs],
                forget,
            ),
        );
        this._register(clients.onDidChange(forget));
        this._register({ dispose: () => this.engineInstance?.dispose() });
        // Providers of equal score are listed newest first: the offline part, registered last,
        // sits above the live part, which usually arrives later.
        this._register(
            vscode.languages.registerHoverProvider(hoverSelector, {
                provideHover: (document, position, token) => this.live(document, position, token),
            }),
        );
        this._register(
            vscode.languages.registerHoverProvider(hoverSelector, {
                provideHover: (document, position) => this.offline(document, position),
            }),
        );
        this._register(
            vscode.workspace.registerTextDocumentContentProvider(detailsScheme, {
                provideTextDocumentContent: (uri) => this.details.get(uri.path),
            }),
        );
        this._register(
            vscode.languages.registerCodeActionsProvider(
                hoverSelector,
                { provideCodeActions: (document, range) => this.fixes(document, range) },
                { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
            ),
        );
    }

    /** The engine, built with the core on first use. */
    get engine(): Core.HoverEngine {
        // The person's hovers speak the display language; the agent tools' engine, made by
        // `createEngine` without this, answers in English.
        this.engineInstance ??= this.createEngine({ translate: translateForPerson });
        return this.engineInstance;
    }

    /**
     * An engine on the same clients, settings and contracts, with `overrides` (the agent tools keep
     * one of their own, so that a chain an agent picks never changes the user's hovers). The
     * caller disposes it.
     */
    createEngine(overrides: Partial<Core.HoverEngineHost> = {}): Core.HoverEngine {
        const { config, clients } = this;
        return new (loadCore().HoverEngine)({
            dataApi: () => clients.dataApi(),
            nodeRpc: () => clients.nodeRpc(),
            chains: (network, signal) => clients.chains(network, signal),
            nodeChains: (network, signal) => clients.nodeChains(network, signal),
            rpcFor: (rpcUrl) => clients.rpcFor(rpcUrl),
            icmMessage: (messageId) => clients.icmMessageSource(messageId),
            network: () => clients.network,
            defaultEvmChain: () => config.get(SettingKey.HoversDefaultEvmChain),
            liveKinds: () => config.get(SettingKey.HoversLiveKinds),
            explorerUrl: (kind, id, network) =>
                buildExplorerUrl(config.get(SettingKey.ExplorerUrlTemplate), { kind, id, network }),
            // The first hover starts the index; the engine waits for it only briefly after its
            // answer (a monorepo's first build can take seconds), and later hovers have names.
            // An index that cannot be built leaves hovers as they were, without names.
            contracts: () => this.contracts.knowledge().catch(() => undefined),
            contractsNow: () => this.contracts.knowledgeNow(),
            commands: hoverCommands,
            ...overrides,
        });
    }

    /** Puts `text` on the clipboard. */
    async copy(text: string): Promise<void> {
        await (this.probe.clipboard ?? vscode.env.clipboard).writeText(text);
    }

    /**
     * Shows `json` in a read-only editor (a content provider's document is never dirty, so
     * closing it asks nothing).
     */
    async showDetails(name: string, json: string): Promise<void> {
        // A fresh path each time: VS Code keeps a provider's document per URI.
        const path = `/${++this.detailCount}/${name.replace(/[^\w-]/g, '')}.json`;
        this.details.set(path, json);
        for (const old of this.details.keys()) if (this.details.size > 20) this.details.delete(old);
        const uri = vscode.Uri.from({ scheme: detailsScheme, path });
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document, { preview: true });
    }

    private enabled(document: vscode.TextDocument): boolean {
        return (
            schemes.includes(document.uri.scheme) &&
            hoversEnabledFor(document) &&
            !this.config.get(SettingKey.HoversDisabledLanguages).includes(document.languageId)
        );
    }

    /** The identifier under the pointer, or undefined (then nothing was loaded or sent). */
    identifierAt(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): { id: Core.Identifier; range: vscode.Range } | undefined {
        if (!this.enabled(document)) return undefined;
        return this.find(document, position, true);
    }

    /**
     * The identifier the selection holds, or else the one at the selection's start (a
     * double-click selects only part of `NodeID-…`), whatever the hover settings: the editor's
     * commands and their context key ask for it. Nothing is sent.
     */
    identifierIn(
        document: vscode.TextDocument,
        selection: vscode.Selection,
    ): { id: Core.Identifier; range: vscode.Range } | undefined {
        if (!selection.isSingleLine) return undefined;
        if (!selection.isEmpty) {
            const selected = document.getText(selection);
            const text = selected.trim();
            if (text.length <= maxIdentifierText && candidate.test(text)) {
                const id = loadHoverOffline().parseIdentifier(text);
                if (id) {
                    const start = selection.start.translate(0, selected.indexOf(text));
                    return { id, range: new vscode.Range(start, start.translate(0, text.length)) };
                }
            }
        }
        return this.find(document, selection.start, false);
    }

    private find(
        document: vscode.TextDocument,
        position: vscode.Position,
        warm: boolean,
    ): { id: Core.Identifier; range: vscode.Range } | undefined {
        if (position.line >= document.lineCount) return undefined;
        const line = document.lineAt(position.line).text;
        if (line.length > maxLineLength) return undefined;
        if (!document.getWordRangeAtPosition(position, candidate)) return undefined;
        if (warm && !this.warmed) {
            this.warmed = true;
            this.clients.warm();
        }
        const detector = loadHoverOffline();
        const range = document.getWordRangeAtPosition(position, detector.IDENT_RE);
        if (!range) return undefined;
        const context = { text: line, offset: range.start.character };
        const id = detector.parseIdentifier(document.getText(range), context);
        return id && { id, range };
    }

    private offline(
        document: vscode.TextDocument,
        position: vscode.Position,
    ): vscode.Hover | undefined {
        const started = performance.now();
        const found = this.identifierAt(document, position);
        if (!found) return undefined;
        const { id, range } = found;
        const place = {
            uri: document.uri.toString(),
            line: range.start.line,
            character: range.start.character,
        };
        const hover = new vscode.Hover(trusted(this.offlineMarkdown(id, place)), range);
        this.probe.record('offline', started);
        return hover;
    }

    /**
     * The engine's offline part, or before the engine exists (the first hover) the same Markdown
     * from the small offline bundle: no chain was chosen yet and no chain named, so the settings
     * alone decide it, and the core loads with the live part instead of holding this one up.
     */
    private offlineMarkdown(id: Core.Identifier, place: Core.HoverPlace): Core.HoverMarkdown {
        if (this.engineInstance) return this.engineInstance.offlineMarkdown(id, place);
        const { config } = this;
        return loadHoverOffline().offlineMarkdownFor(id, place, {
            commands: hoverCommands,
            icmMessage: (messageId) => this.clients.icmMessageSource(messageId),
            translate: translateForPerson,
            network: this.clients.network,
            evmChain: config.get(SettingKey.HoversDefaultEvmChain),
            chainName: () => undefined,
            live: !id.broken && config.get(SettingKey.HoversLiveKinds).includes(id.kind),
            explorerUrl: (kind, text, network) =>
                buildExplorerUrl(config.get(SettingKey.ExplorerUrlTemplate), {
                    kind,
                    id: text,
                    network,
                }),
        });
    }

    private live(
        document: vscode.TextDocument,
        position: vscode.Position,
        token: vscode.CancellationToken,
    ): vscode.Hover | undefined | Promise<vscode.Hover | undefined> {
        const started = performance.now();
        const found = this.identifierAt(document, position);
        if (!found || !this.engine.isLive(found.id)) return undefined;
        const engine = this.engine;
        const cached = engine.cachedMarkdown(found.id);
        if (cached) {
            const hover = new vscode.Hover(trusted(cached), found.range);
            this.probe.record('liveCached', started);
            return hover;
        }
        // A moved mouse cancels the token; the lookup stops unless another hover waits for it.
        const controller = new AbortController();
        const listener = token.onCancellationRequested(() => controller.abort());
        return engine
            .liveMarkdown(found.id, controller.signal)
            .then((built) => built && new vscode.Hover(trusted(built), found.range))
            .finally(() => {
                listener.dispose();
                this.probe.record('liveLoaded', started);
            });
    }

    private fixes(document: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
        if (!this.enabled(document)) return [];
        const actions: vscode.CodeAction[] = [];
        const last = Math.min(range.end.line, range.start.line + 200, document.lineCount - 1);
        for (let line = range.start.line; line <= last; line++) {
            const text = document.lineAt(line).text;
            if (text.length > maxLineLength || !mixedCaseAddress.test(text)) continue;
            for (const fix of loadCore().checksumFixes(text)) {
                const target = new vscode.Range(line, fix.start, line, fix.end);
                if (!target.intersection(range)) continue;
                const action = new vscode.CodeAction(
                    `Fix EIP-55 checksum: ${fix.corrected}`,
                    vscode.CodeActionKind.QuickFix,
                );
                action.edit = new vscode.WorkspaceEdit();
                action.edit.replace(document.uri, target, fix.corrected);
                action.isPreferred = true;
                actions.push(action);
            }
        }
        return actions;
    }
}

/** Wraps built Markdown, trusting exactly the commands it links (never `true`). */
function trusted(built: Core.HoverMarkdown): vscode.MarkdownString {
    const md = new vscode.MarkdownString(built.markdown);
    md.isTrusted = built.commands.length > 0 ? { enabledCommands: [...built.commands] } : false;
    return md;
}

/**
 * `avalanche.hovers.enabled` is language-overridable (`"[markdown]": { "avalanche.hovers.enabled":
 * false }`, the convention `editor.hover.enabled` follows), so it is read in the document's
 * language scope rather than from the window-wide snapshot; a value that is not a boolean is
 * ignored as the snapshot's validation would.
 */
function hoversEnabledFor(document: vscode.TextDocument): boolean {
    const value = vscode.workspace
        .getConfiguration(ConfigSection, { uri: document.uri, languageId: document.languageId })
        .get<unknown>(SettingKey.HoversEnabled);
    return typeof value === 'boolean' ? value : true;
}
