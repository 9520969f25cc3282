/**
 * What activation keeps of the agent tools: one registration per tool that `package.json`
 * declares (`contributes.languageModelTools`, read from the manifest so the list is written once),
 * and on VS Code 1.101 and later the MCP server definition provider, which offers the server only
 * when `avalanche.agent.mcpServerInVsCode` is on: VS Code's agent has the same tools as
 * language-model tools, and would otherwise see each twice. Both load `dist/agent.js`
 * (`agentTools.ts`) on first use, which loads the core on the first call.
 */
import * as vscode from 'vscode';

import { log } from '../platform/log';
import { SettingKey } from '../platform/settingKeys';
import type * as Tools from './agentTools';

/** `vscode.lm` of 1.101, feature-detected: 1.100 has no MCP API and still activates cleanly. */
interface McpLm {
    registerMcpServerDefinitionProvider?(
        id: string,
        provider: {
            onDidChangeMcpServerDefinitions: vscode.Event<void>;
            provideMcpServerDefinitions(): Tools.McpStdioServerDefinition[];
            resolveMcpServerDefinition(
                definition: Tools.McpStdioServerDefinition,
            ): Promise<Tools.McpStdioServerDefinition>;
        },
    ): vscode.Disposable;
}

export function registerAgent(
    context: vscode.ExtensionContext,
    deps: Omit<Tools.AgentToolsDeps, 'mcpScript' | 'version'>,
): vscode.Disposable {
    const manifest = context.extension.packageJSON as {
        version: string;
        contributes: { languageModelTools?: { name: string }[] };
    };
    let tools: Tools.AgentTools | undefined;
    const load = (): Tools.AgentTools => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        tools ??= new (require('./agentTools') as typeof Tools).AgentTools({
            ...deps,
            mcpScript: vscode.Uri.joinPath(context.extensionUri, 'dist', 'mcp.js').fsPath,
            version: manifest.version,
        });
        return tools;
    };
    const disposables: vscode.Disposable[] = [{ dispose: () => tools?.dispose() }];
    for (const { name } of manifest.contributes.languageModelTools ?? []) {
        disposables.push(
            vscode.lm.registerTool(name, {
                prepareInvocation: (options) => load().prepare(name, options.input),
                invoke: (options, token) => load().invoke(name, options.input, token),
            }),
        );
    }
    const lm = vscode.lm as McpLm;
    // 1.100 has a proposed API of the same name that wants another contribution: only the stable
    // one (1.101) is used, and a refusal never stops activation.
    const [major = 0, minor = 0] = vscode.version.split('.').map(Number);
    if (
        typeof lm.registerMcpServerDefinitionProvider === 'function' &&
        major * 1000 + minor >= 1101
    ) {
        try {
            const changed = new vscode.EventEmitter<void>();
            const offered = () => deps.config.get(SettingKey.AgentMcpServerInVsCode);
            disposables.push(
                changed,
                deps.clients.onDidChange(() => changed.fire()),
                deps.config.onDidChange([SettingKey.AgentMcpServerInVsCode], () => changed.fire()),
                lm.registerMcpServerDefinitionProvider('avalanche-explorer.mcp', {
                    onDidChangeMcpServerDefinitions: changed.event,
                    provideMcpServerDefinitions: () => (offered() ? load().mcpDefinitions() : []),
                    resolveMcpServerDefinition: (definition) => load().resolveMcp(definition),
                }),
            );
        } catch (error) {
            log.warn('Agent', 'The MCP server definition could not be registered', error);
        }
    }
    return vscode.Disposable.from(...disposables);
}
