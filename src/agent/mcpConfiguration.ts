/**
 * The MCP server for agents outside VS Code (Claude Code, Cursor): a launcher at a path that
 * survives updates, and "Copy MCP Server Configuration", which copies the JSON most MCP clients
 * take. The extension's own folder carries its version (`…/avalanche-explorer-0.1.0/dist/mcp.js`),
 * so a configuration naming it breaks on every update; the launcher lives in the extension's
 * global storage and is rewritten to name the current `dist/mcp.js` whenever the extension starts.
 * The Data API key and node URLs (which may carry a provider's token) are never copied: the user
 * adds them to the client's own environment, as the README says.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { CommandHandlers } from '../commands/registerCommands';
import type { Config } from '../platform/config';
import { log } from '../platform/log';
import { SettingKey } from '../platform/settingKeys';

/** The launcher's file name in the extension's global storage. */
const mcpLauncherName = 'mcp.js';

/** The launcher's text: it loads the server of the version that wrote it. */
function mcpLauncherText(serverScript: string): string {
    return [
        '// Written by the Avalanche Explorer VS Code extension each time it starts: it runs the MCP',
        "// server of the extension's current version, so an agent's configuration naming this file",
        '// keeps working after updates. Editing it changes nothing that lasts.',
        `void require(${JSON.stringify(serverScript)}).main();`,
        '',
    ].join('\n');
}

/** The `mcpServers` configuration Claude Code, Cursor and most clients read. */
function mcpClientConfiguration(launcher: string, network: string): string {
    const server = { command: 'node', args: [launcher, '--network', network] };
    return `${JSON.stringify({ mcpServers: { avalanche: server } }, undefined, 2)}\n`;
}

/** The server script the launcher was last written for (global state). */
const launcherScriptKey = 'avalanche.mcpLauncherScript';

export class McpLauncher implements vscode.Disposable {
    private pending: ReturnType<typeof setTimeout> | undefined;

    constructor(
        private readonly context: vscode.ExtensionContext,
        private readonly config: Config,
    ) {}

    /**
     * Refreshes the launcher after `ms`, off the activation path, when one was written for another
     * version's server. Decided from the kept path alone: a start that has nothing to rewrite (no
     * launcher, or this version's) sets no timer and reads no file, as idle asks (bench: Idle).
     */
    refreshAfterUpdate(ms: number): void {
        const written = this.context.globalState.get<string>(launcherScriptKey);
        if (written === undefined || written === this.serverScript) return;
        this.pending = setTimeout(() => {
            this.pending = undefined;
            void this.refresh();
        }, ms);
    }

    dispose(): void {
        if (this.pending) clearTimeout(this.pending);
        this.pending = undefined;
    }

    private get launcher(): vscode.Uri {
        return vscode.Uri.joinPath(this.context.globalStorageUri, mcpLauncherName);
    }

    private get serverScript(): string {
        return vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'mcp.js').fsPath;
    }

    /**
     * Rewrites the launcher if one exists and names another version's server: called after
     * activation, it reads one small file and writes nothing on an unchanged version.
     */
    async refresh(): Promise<void> {
        const expected = mcpLauncherText(this.serverScript);
        let current: string;
        try {
            current = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.launcher));
        } catch {
            return; // Never written: nobody configured an agent with it.
        }
        if (current === expected) return;
        try {
            await this.write(expected);
            log.info('Agent', 'The MCP server launcher now starts this version of the server');
        } catch (error) {
            log.warn('Agent', 'The MCP server launcher could not be updated', error);
        }
    }

    private async write(text: string): Promise<void> {
        await vscode.workspace.fs.createDirectory(this.context.globalStorageUri);
        await vscode.workspace.fs.writeFile(this.launcher, new TextEncoder().encode(text));
        await this.context.globalState.update(launcherScriptKey, this.serverScript);
    }

    handlers(): Pick<CommandHandlers, typeof CommandId.CopyMcpConfiguration> {
        return { [CommandId.CopyMcpConfiguration]: () => this.copyConfiguration() };
    }

    private async copyConfiguration(): Promise<void> {
        try {
            await this.write(mcpLauncherText(this.serverScript));
        } catch (error) {
            log.error('Agent', 'The MCP server launcher could not be written', error);
            void vscode.window.showErrorMessage(
                vscode.l10n.t(
                    'Could not write the MCP server launcher to {0}: {1}',
                    this.launcher.fsPath,
                    error instanceof Error ? error.message : String(error),
                ),
            );
            return;
        }
        const network = this.config.get(SettingKey.Network);
        await vscode.env.clipboard.writeText(mcpClientConfiguration(this.launcher.fsPath, network));
        void vscode.window.showInformationMessage(
            vscode.l10n.t(
                'Copied an MCP configuration that runs {0} on {1}. It keeps working after updates. To use your Data API key or a node of your own, add AVALANCHE_DATA_API_KEY or AVALANCHE_NODE_URL to its "env": neither was copied.',
                this.launcher.fsPath,
                network,
            ),
        );
    }
}
