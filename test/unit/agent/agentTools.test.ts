/**
 * The agent tools' handlers (`src/core/agent`) against the sandbox over HTTP, on the services the
 * MCP server uses: every tool answers with the panels' words, bad input is a sentence, methods
 * that change a node are refused, answers are bounded, the key never appears, cancellation stops
 * the call, and hostile chain text arrives inert.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    agentToolDefinitions,
    directoryWorkspaceFiles,
    markdownText,
    parseIdentifier,
    runAgentTool,
    setDisplayLocale,
    StandaloneAgentServices,
    viewText,
    WorkspaceKnowledge,
    type AgentAnswer,
    type StandaloneOptions,
} from '../../../src/core/index';
import { redact } from '../../../src/platform/redact';
import { type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { repoRoot } from '../../helpers/paths';

const rootDir = repoRoot;
const apiKey = 'agent-test-key-7f3a9c';

describe('(unit) agent tools (core handlers against the sandbox)', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let knowledge: WorkspaceKnowledge;
    const open: StandaloneAgentServices[] = [];

    function services(options: Partial<StandaloneOptions> = {}): StandaloneAgentServices {
        const s = new StandaloneAgentServices({
            network: 'mainnet',
            nodeUrl: sandbox.nodeUrl,
            dataApiUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            apiKey,
            retry: { maxRetries: 0 },
            explorerUrl: (kind, id) => `https://subnets.avax.network/${kind}/${id}`,
            contracts: () => knowledge.knowledge(),
            redact: (text) => redact(text, [apiKey], ['x-glacier-api-key']),
            ...options,
        });
        open.push(s);
        return s;
    }

    async function call(
        name: string,
        input: unknown,
        options: Partial<StandaloneOptions> = {},
    ): Promise<AgentAnswer> {
        const answer = await runAgentTool(
            name,
            input,
            services(options),
            new AbortController().signal,
        );
        assert.ok(!answer.text.includes(apiKey), `${name} answered with the key`);
        return answer;
    }

    async function ok(name: string, input: unknown, options: Partial<StandaloneOptions> = {}) {
        const answer = await call(name, input, options);
        assert.equal(answer.isError, false, `${name} failed: ${answer.text}`);
        return answer.text;
    }

    before(async () => {
        sandbox = await startSandbox({ seed: 1, settings: { requireApiKey: apiKey } });
        known = sandbox.known.mainnet;
        knowledge = new WorkspaceKnowledge(
            directoryWorkspaceFiles(path.join(rootDir, 'test/fixtures/contracts-workspace')),
        );
    });

    beforeEach(() => {
        sandbox.clearFaults();
        sandbox.settings.hostile = false;
    });

    after(async () => {
        knowledge.dispose();
        await Promise.all(open.map((s) => s.close()));
        await sandbox.close();
    });

    it('the two query tools name every parameter their operations take in params, and no other', async () => {
        const paramsOf = (tool: string) => {
            const params = agentToolDefinitions.find((t) => t.name === tool)!.inputSchema
                .properties['params']!;
            assert.equal(params.additionalProperties, false);
            return params.properties!;
        };
        const data = paramsOf('avalanche_query_data_api');
        for (const name of ['chainId', 'address', 'txHash', 'subnetId', 'pageSize']) {
            assert.ok(data[name], name);
        }
        assert.match(data['txHash']!.description, /Required by .*getTransaction\b/);
        assert.match(data['pageSize']!.description, /^Optional for .*listSubnets/);
        const node = paramsOf('avalanche_call_node_method');
        assert.match(node['nodeIDs']!.description, /platform\.getCurrentValidators/);
        // Bounded: every tool's definition together (about 25,000 characters today) is what a client
        // sends a model with each request.
        const size = JSON.stringify(agentToolDefinitions).length;
        assert.ok(size < 40_000, `${size} characters for all tools`);
        // The tools refuse a name their schema does not have, before any request.
        sandbox.clearRequests();
        const misspelt = await call('avalanche_call_node_method', {
            method: 'platform.getCurrentValidators',
            params: { nodeIds: ['NodeID-x'] },
        });
        assert.equal(misspelt.isError, true);
        assert.match(
            misspelt.text,
            /no such parameter of platform\.getCurrentValidators; known: .*nodeIDs/,
        );
        assert.equal(sandbox.requests.length, 0);
    });

    it('declares in package.json exactly the tools the core serves', () => {
        const manifest = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as {
            contributes: { languageModelTools: Record<string, unknown>[] };
        };
        const declared = manifest.contributes.languageModelTools.map((t) => ({
            name: t['name'],
            displayName: t['displayName'],
            toolReferenceName: t['toolReferenceName'],
            userDescription: t['userDescription'],
            modelDescription: t['modelDescription'],
            inputSchema: t['inputSchema'],
        }));
        const served = JSON.parse(JSON.stringify(agentToolDefinitions)) as unknown;
        assert.deepEqual(
            declared,
            served,
            `package.json's languageModelTools differ from src/core/agent/toolDefinitions.ts; expected:\n${JSON.stringify(served, null, 2)}`,
        );
    });

    it('explains an address with the hover’s facts, without command links', async () => {
        const text = await ok('avalanche_explain_identifier', { identifier: known.evmAddress });
        assert.match(text, /^Network: mainnet/);
        assert.ok(text.toLowerCase().includes(known.evmAddress.toLowerCase()), text);
        assert.match(text, /AVAX/);
        assert.doesNotMatch(text, /command:|\*\*|\\/);
    });

    it('answers with ISO 8601 times and plain digits while the hovers, at the same time, speak German', async () => {
        setDisplayLocale('de-DE');
        try {
            const s = services();
            const signal = new AbortController().signal;
            const id = parseIdentifier(known.evmTxHash)!;
            // Both at once on one engine: the agent's text must not leak into the hover or back.
            const [agent, hover] = await Promise.all([
                runAgentTool('avalanche_explain_identifier', { identifier: id.text }, s, signal),
                s.hoverEngine().liveMarkdown(id, signal),
            ]);
            const person = markdownText(hover!.markdown);
            assert.match(person, /Gas \d{1,3}(\.\d{3})+ of \d{1,3}(\.\d{3})+ at /, person);
            assert.match(person, /\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d UTC \((vor|in) /, person);
            assert.equal(agent.isError, false, agent.text);
            assert.match(agent.text, /Gas \d{5,} of \d{5,} at \d+(\.\d+)? gwei/, agent.text);
            assert.match(
                agent.text,
                /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \((\d+ \w+ ago|in \d+ \w+|just now)\)/,
                agent.text,
            );
            assert.doesNotMatch(agent.text, /UTC|vor |\d\.\d{3}\b.*gwei/, agent.text);
        } finally {
            setDisplayLocale('en-US');
        }
    });

    it('writes the query tools’ tables in plain digits while the display language is German', async () => {
        setDisplayLocale('de-DE');
        try {
            const text = await ok('avalanche_get_address', { address: known.evmAddress });
            // A German group (1.234) or decimal comma (0,5) between digits would read as another number.
            assert.doesNotMatch(text, /\d\.\d{3}(\D|$)|\d,\d/, text);
            assert.match(text, /\d/, text);
        } finally {
            setDisplayLocale('en-US');
        }
    });

    it('gets an EVM transaction from the Data API, and a P-Chain one by its id', async () => {
        const evm = await ok('avalanche_get_transaction', { hash: known.evmTxHash });
        assert.match(evm, /Transaction/);
        assert.ok(evm.includes(known.evmTxHash), evm);
        const p = await ok('avalanche_get_transaction', { hash: known.pChainTxHash });
        assert.match(p, /P-Chain transaction/);
    });

    it('on a local network reads the transaction from the node and gives its revert reason, decoded with the workspace', async () => {
        const text = await ok(
            'avalanche_get_transaction',
            { hash: known.vaultRevertTxHash },
            { network: 'local' },
        );
        assert.match(text, /insufficient deposit/, text);
        assert.match(text, /withdraw/, text);
        const custom = await ok(
            'avalanche_get_transaction',
            { hash: known.vaultCustomErrorTxHash },
            { network: 'local' },
        );
        assert.match(custom, /TooLarge/, custom);
    });

    it('summarises an address with its token balances', async () => {
        const text = await ok('avalanche_get_address', { address: known.evmAddress });
        assert.match(text, /## /);
        assert.match(text, /ERC-20|Token/i);
    });

    it('describes an L1 with its validators, from the Data API and on a local network from the node', async () => {
        const text = await ok('avalanche_get_l1', { subnetId: known.l1SubnetId });
        assert.ok(text.includes(known.l1NodeId), text);
        const local = await ok(
            'avalanche_get_l1',
            { subnetId: known.l1SubnetId },
            { network: 'local' },
        );
        assert.match(local, /Network: local/);
        assert.match(local, /validators/i);
    });

    it('reads the node’s status as the Node view does', async () => {
        const text = await ok('avalanche_get_node_status', {});
        assert.match(text, /^Node: http:\/\/127\.0\.0\.1/);
        assert.match(text, /Health: healthy/);
        assert.match(text, /Version: avalanchego\/|Version: avalanche\//);
        assert.match(text, /C bootstrapped/);
    });

    it('runs any read-only Data API query, one bounded page at a time', async () => {
        const text = await ok('avalanche_query_data_api', {
            operation: 'listTransactions',
            params: { chainId: known.cChainId, address: known.evmAddress, pageSize: 100 },
        });
        const rows = text.split('\n').filter((l) => l.includes(' | '));
        assert.ok(rows.length <= 26, `${rows.length} table lines`);
        const token = /nextPageToken: (\S+)/.exec(text)?.[1];
        assert.ok(token, `no page token in:\n${text}`);
        const next = await ok('avalanche_query_data_api', {
            operation: 'listTransactions',
            params: { chainId: known.cChainId, address: known.evmAddress },
            pageToken: token,
        });
        assert.notEqual(next, text);
        // The network parameter defaults to the selected one.
        assert.match(await ok('avalanche_query_data_api', { operation: 'listSubnets' }), /Subnets/);
    });

    it('refuses what the palette refuses, in a sentence, before any request', async () => {
        sandbox.clearRequests();
        const cases: [string, unknown, RegExp][] = [
            [
                'avalanche_query_data_api',
                { operation: 'postTransactionExportJob' },
                /read-only Data API operation/,
            ],
            ['avalanche_query_data_api', { operation: 'nope' }, /listTransactions/],
            [
                'avalanche_query_data_api',
                { operation: 'listTransactions', params: { chainId: '43114', address: 'xyz' } },
                /Invalid address/,
            ],
            [
                'avalanche_call_node_method',
                { method: 'admin.alias', params: { endpoint: 'x', alias: 'y' } },
                /changes the node/,
            ],
            [
                'avalanche_call_node_method',
                { method: 'debug_traceTransaction' },
                /node method table/,
            ],
            [
                'avalanche_call_node_method',
                { method: 'eth_getBalance', params: { address: '0x12' } },
                /Invalid/,
            ],
            ['avalanche_explain_identifier', { identifier: 'hello' }, /Avalanche identifier/],
            ['avalanche_explain_identifier', {}, /Invalid identifier/],
            [
                'avalanche_explain_identifier',
                { identifier: known.evmAddress, extra: 1 },
                /no such parameter/,
            ],
            ['avalanche_explain_identifier', { identifier: 42 }, /a string/],
            ['avalanche_explain_identifier', 'text', /JSON object/],
            ['avalanche_get_l1', { subnetId: known.evmAddress }, /subnet or L1 id/],
            ['avalanche_unknown', {}, /avalanche_explain_identifier/],
            ['avalanche_follow_icm_message', { sourceChain: '43114' }, /not both/],
            [
                'avalanche_follow_icm_message',
                { sourceChain: '43114', messageId: known.evmTxHash, txHash: known.evmTxHash },
                /not both/,
            ],
            ['avalanche_follow_icm_message', { sourceChain: '43114', messageId: '0x12' }, /64 hex/],
            [
                'avalanche_follow_icm_message',
                { sourceChain: 'a\u0000b', txHash: known.evmTxHash },
                /control/,
            ],
        ];
        for (const [name, input, expected] of cases) {
            const answer = await call(name, input);
            assert.equal(answer.isError, true, `${name} ${JSON.stringify(input)}: ${answer.text}`);
            assert.match(answer.text, expected);
        }
        assert.deepEqual(sandbox.requests, [], 'a refused call sent a request');
    });

    it('follows ICM messages from the C-Chain to the L1s, executed, failed, and to a chain still bootstrapping', async () => {
        const executed = await ok('avalanche_follow_icm_message', {
            sourceChain: known.cChainId,
            txHash: known.icmExecutedTxHash,
        });
        assert.match(executed, /State: delivered and executed/);
        assert.match(executed, /Message id check: recomputed from its contents: matches/);
        const failed = await ok('avalanche_follow_icm_message', {
            sourceChain: 'Avalanche C-Chain',
            txHash: known.icmFailedTxHash,
        });
        assert.match(failed, /State: delivered, execution failed/);
        assert.match(failed, /retryMessageExecution/);
        // By id alone: the id the first answer gave.
        const id = /Message id: (0x[0-9a-f]{64})/.exec(executed)![1]!;
        const byId = await ok('avalanche_follow_icm_message', {
            sourceChain: known.cChainBlockchainId,
            messageId: id,
        });
        assert.match(byId, /State: delivered and executed/);
        // The showcase message went to the L1 the sandbox's node is still bootstrapping.
        const waiting = await ok('avalanche_follow_icm_message', {
            sourceChain: known.cChainId,
            txHash: known.teleporterTxHash,
        });
        assert.match(waiting, /State: sent, not delivered yet/);
        assert.match(waiting, /still bootstrapping/);
    });

    it('calls read-only node methods, the chain defaulting to C', async () => {
        assert.match(
            await ok('avalanche_call_node_method', { method: 'info.getNodeVersion' }),
            /avalanche/,
        );
        const balance = await ok('avalanche_call_node_method', {
            method: 'eth_getBalance',
            params: { address: known.evmAddress, block: 'latest' },
        });
        assert.match(balance, /Balance/i);
    });

    it('reports a rate limit with when to ask again', async () => {
        sandbox.addFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 30 },
            target: 'listSubnets',
        });
        const answer = await call('avalanche_query_data_api', { operation: 'listSubnets' });
        assert.equal(answer.isError, true);
        assert.match(answer.text, /rate limit|429|too many/i);
        assert.match(answer.text, /wait/i);
    });

    it('stops when cancelled', async () => {
        sandbox.addFault({ fault: { kind: 'latency', ms: 5_000 }, target: 'listSubnets' });
        const controller = new AbortController();
        const running = runAgentTool(
            'avalanche_query_data_api',
            { operation: 'listSubnets' },
            services(),
            controller.signal,
        );
        setTimeout(() => controller.abort(), 100);
        const started = Date.now();
        await assert.rejects(running, (error: Error) => error.name === 'AbortError');
        assert.ok(Date.now() - started < 2_000, 'cancellation waited for the answer');
    });

    it('keeps hostile chain text inert: no control, bidi or invisible characters, bounded', async () => {
        sandbox.settings.hostile = true;
        for (const [name, input] of [
            ['avalanche_get_transaction', { hash: known.evmTxHash }],
            ['avalanche_get_l1', { subnetId: known.l1SubnetId }],
            ['avalanche_query_data_api', { operation: 'listSubnets' }],
            ['avalanche_get_address', { address: known.evmAddress }],
        ] as const) {
            const answer = await call(name, input);

            assert.doesNotMatch(
                answer.text,
                /[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069\u200b-\u200f]/u,
                name,
            );
            assert.ok(answer.text.length <= 12_200, `${name}: ${answer.text.length} characters`);
        }
    });
});

describe('(unit) agent text', () => {
    it('reads a hover’s Markdown back as text: escapes undone, command links dropped, web links kept', () => {
        const md =
            '**Address** `0xAbC` holds 1\\.5 AVAX \\[not a link\\](x)  \n[Copy](command:avalanche.hover.copy?%5B%5D "Copy it") · [Open in explorer](https://subnets.avax.network/c-chain/address/0xAbC)';
        assert.equal(
            markdownText(md),
            'Address 0xAbC holds 1.5 AVAX [not a link](x)\nOpen in explorer <https://subnets.avax.network/c-chain/address/0xAbC>',
        );
    });

    it('writes a view with whole ids, counted rows and a cut that says so', () => {
        const rows = Array.from({ length: 40 }, (_, i) => [
            { k: 'id' as const, text: '0x12…34', raw: `0x${String(i).padStart(40, '0')}` },
            { k: 'text' as const, text: `row\u202e${i}` },
        ]);
        const text = viewText(
            {
                title: 'Things',
                fields: [{ label: 'Count', value: { k: 'num', text: '40', raw: '40' } }],
                sections: [],
                main: {
                    title: 'Items',
                    columns: [
                        { key: 'a', label: 'A' },
                        { key: 'b', label: 'B' },
                    ],
                    rows,
                },
            },
            { nextPageToken: 'abc' },
        );
        assert.match(text, /^Things\nCount: 40\n\n## Items\nA \| B\n0x0{40} \| row⟨U\+202E⟩0\n/);
        assert.match(text, /\(15 more rows not shown\)/);
        assert.match(text, /nextPageToken: abc$/);
        assert.ok(!text.includes('\u202e'));
        const long = viewText(
            {
                title: 'Long',
                fields: [],
                sections: [],
                main: {
                    title: 'Items',
                    columns: [{ key: 'a', label: 'A' }],
                    rows: rows.map((r) => [r[0]!]),
                },
            },
            { limits: { maxRows: 40, maxChars: 500, maxValue: 300 } },
        );
        assert.ok(long.length < 650, String(long.length));
        assert.match(long, /answer cut at 500 characters/);
    });
});
