/**
 * The agent tools inside VS Code, loaded on the first tool call or MCP question as
 * `dist/agent.js`: the core's handlers (`core/agent/tools.ts`) on the extension's own clients,
 * settings and workspace contracts, and the definition of the MCP server (`dist/mcp.js`) VS Code
 * starts for other agents. The MCP server gets the same network, node and Data API URLs as the
 * extension (settings already past the workspace-trust rules of `settingsPolicy.ts`), and the key
 * from secret storage only when VS Code starts it.
 */
import * as vscode from 'vscode';

import type * as Core from '../core/index';
import { formatError } from '../commands/formatError';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import type { LocalNetworks } from '../platform/localNetworks';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { Secrets } from '../platform/secrets';
import { SettingKey } from '../platform/settingKeys';
import type { WorkspaceContracts } from '../platform/workspaceContracts';
import { workspaceTraceFiles } from '../platform/workspaceTraceFiles';
import { mcpLaunch } from './mcpLaunch';

const logger = log.for('Agent');

export interface AgentToolsDeps {
    readonly clients: ClientProvider;
    readonly config: Config;
    readonly secrets: Secrets;
    readonly contracts: WorkspaceContracts;
    /** The local networks found on this machine: the ICM tool names their chains and relayer. */
    readonly local?: Pick<LocalNetworks, 'list'> | undefined;
    /** A hover engine of the tools' own, on the hovers' clients and settings. */
    readonly createEngine: (overrides: Partial<Core.HoverEngineHost>) => Core.HoverEngine;
    /** `dist/mcp.js`. */
    readonly mcpScript: string;
    readonly version: string;
}

/** Every identifier kind: an agent asks on purpose, so the hover setting that limits them does not apply. */
const allLiveKinds = ['evmAddress', 'hash32', 'pnAddress', 'cb58Id', 'nodeId'];

export class AgentTools extends Disposable {
    private engine: Core.HoverEngine | undefined;
    private readonly services: Core.AgentServices;

    constructor(private readonly deps: AgentToolsDeps) {
        super();
        const { clients, contracts } = deps;
        this._register(clients.onDidChange(() => this.engine?.forget()));
        this._register({ dispose: () => this.engine?.dispose() });
        this.services = {
            network: () => clients.network,
            nodeUrl: () => clients.nodeUrl,
            dataApi: () => clients.dataApi(),
            nodeRpc: () => clients.nodeRpc(),
            chains: (network, signal) => clients.chains(network, signal),
            nodeChains: (network, signal) => clients.nodeChains(network, signal),
            rpcFor: (rpcUrl) => clients.rpcFor(rpcUrl),
            ...(deps.local ? { localNetworks: () => deps.local!.list() } : {}),
            relayerReasons: (relayer, from, to, signal) =>
                loadCore().relayerReasons(relayer, from, to, signal, clients.transport()),
            sourceValidators: (subnetId, signal) =>
                loadCore().sourceL1Warning(
                    clients.nodeRpc(),
                    subnetId,
                    signal ?? new AbortController().signal,
                ),
            traceSources: () => {
                const files = workspaceTraceFiles();
                return files ? new (loadCore().TraceSources)(files) : undefined;
            },
            contracts: () =>
                contracts.knowledge().catch((error: unknown) => {
                    logger.warn('The workspace contracts could not be read', error);
                    return undefined;
                }),
            // English, not translateForPerson: agents get one language, as they get one number
            // form (`Audience` in core/format.ts), and the MCP server answers the same.
            describeError: (error) => log.redact(formatError(error).message),
            redact: (text) => log.redact(text),
            hoverEngine: () => {
                this.engine ??= deps.createEngine({
                    liveKinds: () => allLiveKinds,
                    defaultEvmChain: () => '',
                    contractsFirst: true,
                });
                return this.engine;
            },
        };
    }

    /** What the chat shows while a tool runs. */
    prepare(name: string, input: unknown): vscode.PreparedToolInvocation {
        const subject = Object.values((input ?? {}) as Record<string, unknown>).find(
            (v): v is string => typeof v === 'string',
        );
        const label = name.replace(/^avalanche_/, '').replace(/_/g, ' ');
        return {
            invocationMessage: subject
                ? `Avalanche: ${label} ${loadCore().shortenId(subject.slice(0, 100))}`
                : `Avalanche: ${label}`,
        };
    }

    async invoke(
        name: string,
        input: unknown,
        token: vscode.CancellationToken,
    ): Promise<vscode.LanguageModelToolResult> {
        const core = loadCore();
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        const started = performance.now();
        try {
            if (token.isCancellationRequested) controller.abort();
            const answer = await core.runAgentTool(name, input, this.services, controller.signal);
            logger.info(
                `${name}: ${answer.isError ? 'error' : 'ok'} in ${Math.round(performance.now() - started)} ms, ${answer.text.length} characters`,
            );
            // A failure is an answer too: the model reads the sentence and can correct its call.
            return new vscode.LanguageModelToolResult([
                new vscode.LanguageModelTextPart(
                    answer.isError ? `Error: ${answer.text}` : answer.text,
                ),
            ]);
        } catch (error) {
            if (core.isAbortError(error)) throw new vscode.CancellationError();
            throw error;
        } finally {
            subscription.dispose();
        }
    }

    /** The MCP server VS Code starts for its agents, on the extension's settings. */
    mcpDefinitions(): McpStdioServerDefinition[] {
        const Definition = (vscode as unknown as McpApi).McpStdioServerDefinition;
        if (!Definition) return [];
        const s = this.deps.config.snapshot;
        const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
        const launch = mcpLaunch({
            execPath: process.execPath,
            script: this.deps.mcpScript,
            network: s[SettingKey.Network],
            nodeUrl: s[SettingKey.SelectedNodeUrl],
            dataApiUrl: s[SettingKey.DataApiUrl],
            metricsUrl: s[SettingKey.MetricsApiUrl],
            apiKeyHeader: s[SettingKey.DataApiKeyHeader],
            timeoutMs: s[SettingKey.RequestTimeoutMs],
            workspace: folder?.uri.fsPath,
            allowedOrigins: [
                ...s[SettingKey.NodeUrls].map((n) => new URL(n.url).origin),
                ...s[SettingKey.RpcAllowedOrigins],
            ],
        });
        const definition = new Definition(
            'Avalanche Explorer',
            launch.command,
            launch.args,
            launch.env,
            this.deps.version,
        );
        if (folder) definition.cwd = folder.uri;
        return [definition];
    }

    /** Adds the key when VS Code starts the server: it never sits in a definition VS Code lists. */
    async resolveMcp(definition: McpStdioServerDefinition): Promise<McpStdioServerDefinition> {
        const key = await this.deps.secrets.getDataApiKey().catch(() => undefined);
        if (key) definition.env = { ...definition.env, AVALANCHE_DATA_API_KEY: key };
        return definition;
    }
}

/** VS Code 1.101's MCP types, absent from `@types/vscode` 1.100 (the oldest VS Code we support). */
export interface McpStdioServerDefinition {
    cwd?: vscode.Uri;
    env: Record<string, string | number | null>;
}
interface McpApi {
    McpStdioServerDefinition?: new (
        label: string,
        command: string,
        args?: string[],
        env?: Record<string, string | number | null>,
        version?: string,
    ) => McpStdioServerDefinition;
}
