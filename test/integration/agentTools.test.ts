/**
 * The agent tools in the real extension host: `vscode.lm.invokeTool` runs each contributed tool
 * against the sandbox (no Copilot is needed for that), as an agent in chat would. Bad input comes
 * back as an error sentence, not a thrown error; a method that changes the node is refused; the
 * key never appears; cancelling the token cancels the call. On VS Code 1.100 the MCP API is
 * absent, and activation went on without it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import { SettingKey } from '../../src/platform/settingKeys';
import type { KnownIds } from '../sandbox/types';
import { activated, extension, invokeTool as invoke, manifest } from './helpers';
import { recorded } from '../reliability/record';
import { addSandboxFault, clearSandboxFaults, setSandboxSettings, testEnv } from './testEnv';

suite('(integration) agent tools', function () {
    this.timeout(60_000);
    let api: ExtensionApi;
    let known: KnownIds;
    const key = 'integration-agent-key-93ab';

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
        await api.secrets.setDataApiKey(key);
    });

    suiteTeardown(async () => {
        await api.secrets.clearDataApiKey();
        await clearSandboxFaults();
    });

    test('every contributed tool is registered with VS Code', () => {
        const contributed = (
            manifest() as unknown as { contributes: { languageModelTools: { name: string }[] } }
        ).contributes.languageModelTools.map((t) => t.name);
        assert.equal(contributed.length, 9);
        const registered = vscode.lm.tools.map((t) => t.name);
        for (const name of contributed) assert.ok(registered.includes(name), `${name} missing`);
        const explain = vscode.lm.tools.find((t) => t.name === 'avalanche_explain_identifier');
        assert.deepEqual(explain?.inputSchema && Object.keys(explain.inputSchema), [
            'type',
            'properties',
            'required',
            'additionalProperties',
        ]);
    });

    test('each tool answers against the sandbox, in the panels’ words', async () => {
        const answers: [string, object, RegExp][] = [
            ['avalanche_explain_identifier', { identifier: known.evmAddress }, /AVAX/],
            ['avalanche_get_transaction', { hash: known.evmTxHash }, /Transaction/],
            ['avalanche_get_address', { address: known.evmAddress }, /ERC-20|Token/i],
            ['avalanche_get_l1', { subnetId: known.l1SubnetId }, new RegExp(known.l1NodeId)],
            ['avalanche_get_node_status', {}, /Health: healthy/],
            [
                'avalanche_query_data_api',
                { operation: 'listSubnets', params: { pageSize: 5 } },
                /nextPageToken: /,
            ],
            [
                'avalanche_call_node_method',
                { method: 'info.getNetworkName' },
                /mainnet|local|fuji/i,
            ],
            [
                'avalanche_trace_transaction',
                { hash: known.vaultCustomErrorTxHash },
                /reverted[\s\S]*TooLarge\(/,
            ],
        ];
        for (const [name, input, expected] of answers) {
            const text = await invoke(name, input);
            assert.doesNotMatch(text, /^Error: /, `${name}: ${text}`);
            assert.match(text, expected, `${name}: ${text}`);
            assert.ok(!text.includes(key), `${name} answered with the key`);
            assert.doesNotMatch(text, /command:/, `${name} carries a command link`);
        }
    });

    test('the workspace’s ABIs decode a transaction an agent asks about', async () => {
        await api.config.update(SettingKey.Network, 'local');
        try {
            const text = await invoke('avalanche_get_transaction', {
                hash: known.vaultRevertTxHash,
            });
            assert.match(text, /insufficient deposit/, text);
            assert.match(text, /ExplorerVault/, text);
        } finally {
            await api.config.update(SettingKey.Network, undefined);
        }
    });

    test('bad input and writes come back as sentences, not thrown errors', async () => {
        assert.match(
            await invoke('avalanche_explain_identifier', { identifier: 'not-an-id' }),
            /^Error: Invalid identifier/,
        );
        assert.match(
            await invoke('avalanche_call_node_method', { method: 'admin.setLoggerLevel' }),
            /^Error: .*changes the node/,
        );
        assert.match(
            await invoke('avalanche_query_data_api', {
                operation: 'listTransactions',
                params: { chainId: '43114', address: '0x1' },
            }),
            /^Error: Invalid address/,
        );
    });

    test('a rate limit is reported with when to ask again', async () => {
        await addSandboxFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 120 },
            target: 'listSubnets',
        });
        try {
            const text = await invoke('avalanche_query_data_api', { operation: 'listSubnets' });
            assert.match(text, /^Error: /);
            assert.match(text, /wait/i);
        } finally {
            await clearSandboxFaults();
        }
    });

    test('cancelling the token cancels the call', async () => {
        await addSandboxFault({ fault: { kind: 'latency', ms: 10_000 }, target: 'listSubnets' });
        const source = new vscode.CancellationTokenSource();
        const started = Date.now();
        const running = invoke(
            'avalanche_query_data_api',
            { operation: 'listSubnets' },
            source.token,
        );
        setTimeout(() => source.cancel(), 200);
        try {
            await assert.rejects(running, (error: Error) =>
                /cancel/i.test(`${error.name} ${error.message}`),
            );
            assert.ok(Date.now() - started < 5_000, 'the call ran on after cancellation');
        } finally {
            source.dispose();
            await clearSandboxFaults();
        }
    });

    test('Copy MCP Server Configuration: a launcher that outlives updates starts the server; no key is copied', async () => {
        await vscode.commands.executeCommand('avalanche.agent.copyMcpConfiguration');
        const copied = JSON.parse(await vscode.env.clipboard.readText()) as {
            mcpServers: { avalanche: { command: string; args: string[]; env?: unknown } };
        };
        const server = copied.mcpServers.avalanche;
        assert.equal(server.command, 'node');
        assert.deepEqual(server.args.slice(1), ['--network', api.config.get(SettingKey.Network)]);
        assert.equal(server.env, undefined, 'neither the key nor a node URL is copied');
        const launcher = server.args[0]!;
        // In the extension's global storage, not its versioned folder.
        assert.ok(!launcher.includes(manifest().version), launcher);
        const script = path.join(extension().extensionPath, 'dist', 'mcp.js');
        assert.ok(readFileSync(launcher, 'utf8').includes(JSON.stringify(script)), launcher);
        // It runs the real server: a bad option is refused with the server's own sentence.
        const run = spawnSync(process.execPath, [launcher, '--network', 'devnet'], {
            encoding: 'utf8',
            input: '',
            timeout: 20_000,
            env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        });
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, /--network must be mainnet, fuji or local/);
        // After an update the launcher names an older version's server; a start rewrites it.
        writeFileSync(
            launcher,
            "void require('/old/avalanche-explorer-0.0.1/dist/mcp.js').main();\n",
        );
        await api.mcpLauncher.refresh();
        assert.ok(readFileSync(launcher, 'utf8').includes(JSON.stringify(script)));
    });

    test('the MCP provider is registered only on 1.101 and later, and activation did not need it', () => {
        // 1.100 carries a proposed API of the same name that wants another contribution.
        const [major = 0, minor = 0] = vscode.version.split('.').map(Number);
        if (major * 1000 + minor >= 1101) {
            // A newer host: the provider is contributed, VS Code lists it.
            assert.ok(
                (
                    manifest() as unknown as {
                        contributes: { mcpServerDefinitionProviders: { id: string }[] };
                    }
                ).contributes.mcpServerDefinitionProviders.some(
                    (p) => p.id === 'avalanche-explorer.mcp',
                ),
            );
        } else {
            assert.ok(api.trees, 'activated');
        }
    });
});

suite('(integration) reliability: hostile data for the agent tools', function () {
    this.timeout(60_000);
    let known: KnownIds;
    const key = 'integration-agent-key-hostile-71c2';

    suiteSetup(async () => {
        const api = (await activated()).exports as ExtensionApi;
        known = testEnv().known.mainnet;
        await api.secrets.setDataApiKey(key);
    });

    suiteTeardown(async () => {
        const api = (await activated()).exports as ExtensionApi;
        await api.secrets.clearDataApiKey();
    });

    test('hostile chain text reaches an agent inert, and the key never does', async () => {
        await recorded(
            'hostile',
            'agent tools: hostile chain text arrives inert and bounded',
            async (progress) => {
                await setSandboxSettings({ hostile: true });
                try {
                    for (const [name, input] of [
                        ['avalanche_get_transaction', { hash: known.evmTxHash }],
                        ['avalanche_get_l1', { subnetId: known.l1SubnetId }],
                        ['avalanche_query_data_api', { operation: 'listSubnets' }],
                        ['avalanche_get_address', { address: known.evmAddress }],
                        ['avalanche_explain_identifier', { identifier: known.pChainTxHash }],
                    ] as const) {
                        const text = await invoke(name, input);
                        progress.cases++;
                        assert.doesNotMatch(
                            text,

                            /[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069\u200b-\u200f]/u,
                            `${name} carries a control or bidi character`,
                        );
                        // The data may say "command:" (it is text here); our own links never come.
                        assert.doesNotMatch(
                            text,
                            /\]\(command:avalanche\./,
                            `${name} carries one of our command links`,
                        );
                        assert.ok(text.length <= 12_200, `${name}: ${text.length} characters`);
                        assert.ok(!text.includes(key), `${name} answered with the key`);
                    }
                    return {
                        cases: progress.cases,
                        detail: 'five tools, every string field hostile',
                    };
                } finally {
                    await setSandboxSettings({ hostile: false });
                }
            },
        );
    });
});
