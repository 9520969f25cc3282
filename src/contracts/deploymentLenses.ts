/**
 * Lenses and links on the deployment records of a workspace (Foundry broadcasts, Hardhat Ignition
 * and hardhat-deploy records, avalanche-cli sidecars): over each transaction its status, block
 * and fee on the selected network; over each contract whether code is at its address and whether
 * that code is the artifact's. Every id links to its panel.
 *
 * The records are the workspace's files: a value gets a lens only where the record's parser
 * accepted it, lens titles are plain text, and links run only our own command with the value as
 * its argument. The chain is read through the RPC URL of the chain whose EVM id the record names
 * (the Data API's chain list, or the node's on a local network), so a workspace cannot send the
 * requests anywhere else.
 */
import * as vscode from 'vscode';

import type { Anchor } from '../core/workspace/anchors';
import { CommandId } from '../commands/commandIds';
import type { ClientProvider } from '../platform/clients';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { WorkspaceContracts } from '../platform/workspaceContracts';
import type * as Titles from './lensTitles';

const logger = log.for('Contracts');

/** The files that get lenses: the records the workspace index reads. */
const deploymentSelector: vscode.DocumentSelector = [
    { language: 'json', pattern: '**/broadcast/**/*.json' },
    { language: 'json', pattern: '**/ignition/deployments/**/deployed_addresses.json' },
    { language: 'json', pattern: '**/deployments/*/*.json' },
    { language: 'json', pattern: '**/sidecar.json' },
    { language: 'jsonc', pattern: '**/sidecar.json' },
];

/** Largest document given lenses (a broadcast of a long script is a few MB). */
const maxDocumentChars = 8 * 1024 * 1024;
/** Most lenses in one document. */
const maxLenses = 200;

class AnchorLens extends vscode.CodeLens {
    constructor(
        range: vscode.Range,
        readonly anchor: Anchor,
    ) {
        super(range);
    }
}

export class DeploymentLenses extends Disposable {
    private readonly changed = this._register(new vscode.EventEmitter<void>());
    private titles: Titles.LensTitles | undefined;

    constructor(
        private readonly clients: ClientProvider,
        private readonly contracts: WorkspaceContracts,
    ) {
        super();
        this._register(
            vscode.languages.registerCodeLensProvider(deploymentSelector, {
                onDidChangeCodeLenses: this.changed.event,
                provideCodeLenses: (document) => this.lenses(document),
                resolveCodeLens: (lens, token) => this.resolve(lens as AnchorLens, token),
            }),
        );
        this._register(
            vscode.languages.registerDocumentLinkProvider(deploymentSelector, {
                provideDocumentLinks: (document) => this.links(document),
            }),
        );
        this._register(clients.onDidChange(() => this.refresh()));
        this._register(contracts.onDidChange(() => this.refresh()));
        this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()));
    }

    /** Forgets what the chains said, so the lenses ask again. */
    refresh(): void {
        this.titles?.forget();
        this.changed.fire();
    }

    private anchors(document: vscode.TextDocument): Anchor[] {
        if (document.getText().length > maxDocumentChars) return [];
        const rel = vscode.workspace.asRelativePath(document.uri, false);
        try {
            return loadCore().deploymentAnchors(rel, document.getText());
        } catch (error) {
            logger.warn(`Could not read ${rel} as a deployment record`, error);
            return [];
        }
    }

    private lenses(document: vscode.TextDocument): vscode.CodeLens[] {
        return this.anchors(document)
            .filter((a) => a.first)
            .slice(0, maxLenses)
            .map((a) => new AnchorLens(rangeOf(document, a), a));
    }

    private links(document: vscode.TextDocument): vscode.DocumentLink[] {
        return this.anchors(document).map((a) => {
            const link = new vscode.DocumentLink(
                rangeOf(document, a),
                vscode.Uri.parse(
                    `command:${CommandId.HoverOpenDetails}?${encodeURIComponent(JSON.stringify([a.value]))}`,
                ),
            );
            link.tooltip = a.kind === 'transaction' ? 'Open the transaction' : 'Open the address';
            return link;
        });
    }

    private async resolve(lens: AnchorLens, token: vscode.CancellationToken): Promise<AnchorLens> {
        if (!vscode.workspace.isTrusted) {
            // A record arrives with a clone: in an untrusted workspace it is read, never looked
            // up, so opening a file sends nothing to the hosts or chains it names (#33).
            lens.command = {
                title: vscode.l10n.t('Not looked up in an untrusted workspace'),
                command: CommandId.HoverOpenDetails,
                arguments: [lens.anchor.value],
                tooltip: 'Trust the workspace to see what the chain says; Open looks it up once',
            };
            return lens;
        }
        if (!this.titles) {
            // The titles' bundle, loaded with the first lens resolved (see lensTitles.ts).
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const { LensTitles } = require('./lensTitles') as typeof Titles;
            this.titles = new LensTitles(this.clients, this.contracts, CommandId.HoverOpenDetails);
        }
        const command = await this.titles.command(lens.anchor);
        if (!token.isCancellationRequested) lens.command = command;
        return lens;
    }
}

function rangeOf(document: vscode.TextDocument, a: Anchor): vscode.Range {
    return new vscode.Range(
        document.positionAt(a.offset),
        document.positionAt(a.offset + a.length),
    );
}
