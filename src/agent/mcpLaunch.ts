/**
 * How VS Code starts the MCP server (`dist/mcp.js`) for its agents: the extension host's own
 * runtime as Node (`ELECTRON_RUN_AS_NODE`, since on the desktop it is Electron) with the
 * extension's settings as arguments, except the service URLs, which go in its environment: a
 * node URL may carry a provider's token (`https://x.quiknode.pro/<token>/`), and a process's
 * arguments are readable by every user of the machine (`ps`), its environment only by its own.
 * Pure, so the command line is unit-tested. The key is not here: `AgentTools.resolveMcp` adds it
 * to the environment when the server starts.
 */
export interface McpLaunchSettings {
    readonly execPath: string;
    readonly script: string;
    readonly network: string;
    readonly nodeUrl: string;
    readonly dataApiUrl: string;
    readonly metricsUrl: string;
    readonly apiKeyHeader: string;
    readonly timeoutMs: number;
    readonly workspace?: string | undefined;
    /**
     * Origins chain RPC URLs may reach although not public https hosts: the nodes the user
     * added and the approved origins (`avalanche.rpc.allowedOrigins`), as in the extension.
     */
    readonly allowedOrigins?: readonly string[] | undefined;
}

export function mcpLaunch(s: McpLaunchSettings): {
    command: string;
    args: string[];
    env: Record<string, string>;
} {
    return {
        command: s.execPath,
        args: [
            s.script,
            '--network',
            s.network,
            '--timeout-ms',
            String(Math.min(300_000, Math.max(1000, Math.round(s.timeoutMs)))),
            ...(s.workspace ? ['--workspace', s.workspace] : []),
        ],
        env: {
            ELECTRON_RUN_AS_NODE: '1',
            AVALANCHE_NODE_URL: s.nodeUrl,
            AVALANCHE_DATA_API_URL: s.dataApiUrl,
            AVALANCHE_METRICS_API_URL: s.metricsUrl,
            AVALANCHE_DATA_API_KEY_HEADER: s.apiKeyHeader,
            ...(s.allowedOrigins && s.allowedOrigins.length > 0
                ? { AVALANCHE_RPC_ALLOWED_ORIGINS: s.allowedOrigins.join(',') }
                : {}),
        },
    };
}
