/**
 * The MCP server (`src/mcp/server.ts`, bundled as `dist/mcp.js`) driven over stdio by the MCP SDK's
 * own client against the sandbox: it lists every tool with its schema, answers every one, turns
 * bad arguments into error results without dying, refuses bad settings at start, and keeps the
 * key out of its answers and its log.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { mcpLaunch } from '../../src/agent/mcpLaunch';
import { agentToolDefinitions } from '../../src/core/index';
import { mcpOptions } from '../../src/mcp/server';
import { type KnownIds, type Sandbox, startSandbox } from '../sandbox';

const rootDir = path.resolve(__dirname, '..', '..', '..');
/** The compiled entry (the unit tier compiles, it does not bundle); the node tier runs the bundle. */
const serverScript = path.join(rootDir, 'out', 'src', 'mcp', 'server.js');
const apiKey = 'mcp-test-key-51c0de';

/** The text of a tool result. */
function textOf(result: unknown): string {
    const content = (result as { content: { type: string; text?: string }[] }).content;
    return content.map((c) => c.text ?? '').join('\n');
}

describe('(unit) MCP server over stdio (SDK client, sandbox)', function () {
    this.timeout(60_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let client: Client;
    let transport: StdioClientTransport;
    let stderr = '';

    before(async () => {
        sandbox = await startSandbox({ seed: 1, settings: { requireApiKey: apiKey } });
        known = sandbox.known.mainnet;
        transport = new StdioClientTransport({
            command: process.execPath,
            args: [
                serverScript,
                '--network',
                'mainnet',
                '--node-url',
                sandbox.nodeUrl,
                '--data-api-url',
                sandbox.dataApiUrl,
                '--metrics-api-url',
                sandbox.metricsUrl,
                '--workspace',
                path.join(rootDir, 'test/fixtures/contracts-workspace'),
            ],
            env: { PATH: process.env['PATH'] ?? '', AVALANCHE_DATA_API_KEY: apiKey },
            stderr: 'pipe',
        });
        transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        client = new Client({ name: 'avalanche-explorer-test', version: '1.0.0' });
        await client.connect(transport);
    });

    after(async () => {
        await client?.close();
        await sandbox.close();
    });

    it('lists every tool with its schema, read-only', async () => {
        const { tools } = await client.listTools();
        assert.deepEqual(
            tools.map((t) => t.name),
            agentToolDefinitions.map((t) => t.name),
        );
        for (const tool of tools) {
            assert.equal(tool.inputSchema.type, 'object', tool.name);
            assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
            assert.ok((tool.description ?? '').length > 50, tool.name);
        }
    });

    it('answers every tool', async () => {
        const calls: Record<string, Record<string, unknown>> = {
            avalanche_explain: { identifier: known.evmAddress },
            avalanche_get_transaction: { hash: known.evmTxHash },
            avalanche_address: { address: known.evmAddress },
            avalanche_l1: { subnetId: known.l1SubnetId },
            avalanche_node_status: {},
            avalanche_data_api: {
                operation: 'listL1Validators',
                params: { subnetId: known.l1SubnetId },
            },
            avalanche_node_call: { method: 'info.getNodeID' },
        };
        assert.deepEqual(Object.keys(calls).sort(), agentToolDefinitions.map((t) => t.name).sort());
        for (const [name, args] of Object.entries(calls)) {
            const result = await client.callTool({ name, arguments: args });
            const text = textOf(result);
            assert.notEqual(result.isError, true, `${name}: ${text}`);
            assert.ok(text.length > 20, `${name}: ${text}`);
            assert.ok(!text.includes(apiKey), `${name} answered with the key`);
        }
        // The key went to the Data API, so the Data API answered at all.
        const keyed = sandbox.requests.filter((r) => r.service === 'dataApi');
        assert.ok(keyed.length > 0);
        assert.ok(keyed.every((r) => r.headers['x-glacier-api-key'] === apiKey));
        assert.ok(
            sandbox.requests
                .filter((r) => r.service !== 'dataApi')
                .every((r) => r.headers['x-glacier-api-key'] === undefined),
            'the key went to another host',
        );
    });

    it('turns bad arguments into error results and keeps serving', async () => {
        const bad: [string, Record<string, unknown>, RegExp][] = [
            ['avalanche_explain', { identifier: '<script>' }, /Avalanche identifier/],
            ['avalanche_explain', { identifier: 7 }, /a string/],
            ['avalanche_node_call', { method: 'admin.lockProfile' }, /changes the node/],
            [
                'avalanche_data_api',
                { operation: 'getTransaction', params: { chainId: 'x', txHash: '0x1' } },
                /Invalid/,
            ],
            ['avalanche_nothing', {}, /one of avalanche_explain/],
        ];
        for (const [name, args, expected] of bad) {
            const result = await client.callTool({ name, arguments: args });
            assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
            assert.match(textOf(result), expected);
        }
        const after = await client.callTool({ name: 'avalanche_node_status', arguments: {} });
        assert.match(textOf(after), /Health: healthy/);
    });

    it('logs each call to stderr without the key', () => {
        assert.match(stderr, /Serving 7 tools on mainnet/);
        assert.match(stderr, /with a Data API key/);
        assert.match(stderr, /avalanche_explain: ok in \d+ ms/);
        assert.ok(!stderr.includes(apiKey), 'the key is in the log');
    });

    it('refuses bad settings at start with a sentence and exit code 2', () => {
        for (const [args, expected] of [
            [['--network', 'devnet'], /--network must be mainnet, fuji or local/],
            [['--node-url', 'ftp://x'], /--node-url: Only http/],
            [['--timeout-ms', '5'], /--timeout-ms must be/],
            [['--bogus'], /Unknown option/],
        ] as const) {
            const run = spawnSync(process.execPath, [serverScript, ...args], {
                encoding: 'utf8',
                input: '',
                timeout: 20_000,
            });
            assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
            assert.match(run.stderr, expected);
        }
    });
});

describe('(unit) the MCP server VS Code starts (mcpLaunch)', () => {
    it('passes the extension’s settings as arguments the server reads back, and no key', () => {
        const launch = mcpLaunch({
            execPath: '/opt/code/code',
            script: '/ext/dist/mcp.js',
            network: 'fuji',
            nodeUrl: 'http://127.0.0.1:9650',
            dataApiUrl: 'https://data-api.avax.network',
            metricsUrl: 'https://metrics.avax.network',
            apiKeyHeader: 'x-custom-key',
            timeoutMs: 15_000,
            workspace: '/home/me/project',
        });
        assert.equal(launch.command, '/opt/code/code');
        assert.equal(launch.args[0], '/ext/dist/mcp.js');
        // Electron runs as Node for the server; the key is added only when VS Code starts it.
        assert.deepEqual(launch.env, {
            ELECTRON_RUN_AS_NODE: '1',
            AVALANCHE_DATA_API_KEY_HEADER: 'x-custom-key',
        });
        const options = mcpOptions(launch.args.slice(1), launch.env);
        assert.deepEqual(options, {
            network: 'fuji',
            nodeUrl: 'http://127.0.0.1:9650',
            dataApiUrl: 'https://data-api.avax.network',
            metricsUrl: 'https://metrics.avax.network',
            workspace: '/home/me/project',
            timeoutMs: 15_000,
            apiKey: undefined,
            apiKeyHeader: 'x-custom-key',
        });
    });
});
