/**
 * The agent tools (`npm run bench`, part `agent`): what one tool call costs against the seeded
 * sandbox in a process of its own, how much of it is the tool's own work (checks, the view, the
 * text) beyond the client call a panel makes too, and the MCP server (`dist/mcp.js` of this
 * build): start to tools listed, and a call over stdio beyond the same call in process.
 */
import { performance } from 'node:perf_hooks';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import {
    buildView,
    DataApiClient,
    followIcmMessage,
    icmHost,
    runAgentTool,
    StandaloneAgentServices,
    viewText,
} from '../src/core';
import {
    type BenchCheck,
    exitWhenDone,
    median,
    timedCheck,
    withBenchSandbox,
    writeChecks,
} from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 31);
const root = path.resolve(__dirname, '..', '..');
const dist = process.env['BENCH_DIST'] ?? path.join(root, 'dist');

async function times(body: () => Promise<unknown>, n = rounds): Promise<number[]> {
    for (let i = 0; i < 3; i++) await body();
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
        const started = performance.now();
        await body();
        out.push(performance.now() - started);
    }
    return out;
}

const check = (name: string, values: number[], budget: number | undefined, detail?: string) =>
    timedCheck(name, values, 'ms', budget, detail);

async function main(): Promise<void> {
    const checks: BenchCheck[] = [];
    let note = '';
    await withBenchSandbox(async (sandbox, placementNote) => {
        note = placementNote;
        const known = sandbox.known.mainnet;
        const services = new StandaloneAgentServices({
            network: 'mainnet',
            nodeUrl: sandbox.urls.nodeUrl,
            dataApiUrl: sandbox.urls.dataApiUrl,
            metricsUrl: sandbox.urls.metricsUrl,
            explorerUrl: (kind, id) => `https://subnets.avax.network/${kind}/${id}`,
            redact: (text) => text,
        });
        const client = new DataApiClient({
            baseUrl: sandbox.urls.dataApiUrl,
            metricsUrl: sandbox.urls.metricsUrl,
        });
        const signal = new AbortController().signal;
        const listInput = { operation: 'listSubnets', params: { pageSize: 25 } };
        const request = {
            source: 'dataApi',
            operation: 'listSubnets',
            params: { network: 'mainnet', pageSize: 25 },
        } as const;
        let largest = 0;
        const tool = async (name: string, input: object) => {
            const answer = await runAgentTool(name, input, services, signal);
            if (answer.isError) throw new Error(`${name}: ${answer.text}`);
            largest = Math.max(largest, answer.text.length);
        };

        process.stderr.write('agent: Data API query, tool vs client\n');
        // Interleaved, so that both see the same machine.
        const toolMs: number[] = [];
        const clientMs: number[] = [];
        for (let i = 0; i < rounds + 3; i++) {
            let started = performance.now();
            await tool('avalanche_query_data_api', listInput);
            if (i >= 3) toolMs.push(performance.now() - started);
            started = performance.now();
            await client.listSubnets({ network: 'mainnet', pageSize: 25 });
            if (i >= 3) clientMs.push(performance.now() - started);
        }
        const overhead = toolMs.map((t, i) => t - clientMs[i]!);
        checks.push(
            check(
                'avalanche_query_data_api, listSubnets (25 rows): whole call',
                toolMs,
                50,
                `the client call alone: ${median(clientMs).toFixed(2)} ms`,
            ),
            check(
                'avalanche_query_data_api: the tool’s own work beyond the client call',
                overhead,
                5,
                'input checks, the palette’s parameter checks, the panel’s view, the text',
            ),
        );
        const page = await client.listSubnets({ network: 'mainnet', pageSize: 25 });
        checks.push(
            check(
                'text of a 25-row view (buildView + viewText)',
                await times(() => {
                    viewText(buildView(request, page, { network: 'mainnet' }).view);
                    return Promise.resolve();
                }),
                1,
            ),
        );

        process.stderr.write('agent: the other tools\n');
        for (const [name, input, budget] of [
            ['avalanche_explain_identifier', { identifier: known.evmAddress }, 50],
            ['avalanche_get_transaction', { hash: known.evmTxHash }, 50],
            ['avalanche_get_l1', { subnetId: known.l1SubnetId }, 100],
            ['avalanche_get_node_status', {}, 100],
        ] as const) {
            // The hover engine keeps answers a minute: a fresh engine per call measures a cold one.
            const values = await times(
                async () => {
                    services.hoverEngine().forget();
                    await tool(name, input);
                },
                Math.max(11, Math.round(rounds / 3)),
            );
            checks.push(check(`${name}: whole call, cold`, values, budget));
        }
        // An ICM message's whole timeline on loopback (#37): the send on the C-Chain, its
        // delivery and execution on an L1, through the chains' RPC; and a stuck one's diagnosis.
        process.stderr.write('agent: ICM messages\n');
        const mainnetIcmHost = (withDataApi: boolean) =>
            icmHost({
                network: 'mainnet',
                chains: (inner) => services.chains('mainnet', inner),
                nodeRpc: () => services.nodeRpc(),
                nodeUrl: sandbox.urls.nodeUrl,
                rpcFor: (url) => services.rpcFor(url),
                ...(withDataApi ? { dataApi: () => services.dataApi() } : {}),
            });
        const icm = async (txHash: string) => {
            const host = await mainnetIcmHost(false);
            return followIcmMessage({ chain: known.cChainId, txHash }, host, { signal });
        };
        const delivered = await icm(known.icmExecutedTxHash);
        const trips = Object.values(delivered.roundTrips);
        checks.push({
            name: 'ICM message timeline: dependent round trips per chain',
            value: Math.max(...trips),
            unit: 'round trips',
            budget: 3,
            passed: Math.max(...trips) <= 3 && delivered.state === 'executed',
            detail: Object.entries(delivered.roundTrips)
                .map(([chain, n]) => `${chain} ${n}`)
                .join(', '),
        });
        // By id, the Data API's index (getIcmMessage) first: it names the send and the delivery,
        // whose receipts the chains confirm, instead of searching both chains' logs. The third
        // RPC request is the source's search for the receipt back, which no index answer spares
        // (an index lags the chain); it runs beside the delivery's read, so the dependent round
        // trips stay two (test/unit/icm/icmDataApi.test.ts counts them in the sandbox's log).
        const byId = async (dataApi: boolean) => {
            const host = await mainnetIcmHost(dataApi);
            const t = await followIcmMessage(
                { chain: known.cChainId, messageId: known.icmExecutedMessageId },
                host,
                { signal },
            );
            const rpc = Object.entries(t.roundTrips)
                .filter(([name]) => name !== 'Data API')
                .reduce((sum, [, n]) => sum + n, 0);
            return { t, rpc };
        };
        const [indexed, alone] = [await byId(true), await byId(false)];
        checks.push({
            name: 'ICM message by id: RPC round trips with the Data API first',
            key: 'agent.icmDataApi',
            value: indexed.rpc,
            unit: 'round trips',
            budget: 3,
            passed: indexed.rpc <= 3 && indexed.rpc < alone.rpc && indexed.t.state === 'executed',
            detail: `${indexed.rpc} RPC round trips and ${indexed.t.roundTrips['Data API'] ?? 0} Data API request, against ${alone.rpc} round trips through the chains alone`,
        });
        checks.push(
            check(
                'avalanche_follow_icm_message, delivered and executed: whole call',
                await times(
                    () =>
                        tool('avalanche_follow_icm_message', {
                            sourceChain: known.cChainId,
                            txHash: known.icmExecutedTxHash,
                        }),
                    Math.max(11, Math.round(rounds / 3)),
                ),
                150,
            ),
        );
        checks.push(
            check(
                'ICM message not delivered: the diagnosis',
                await times(
                    () => icm(known.teleporterTxHash),
                    Math.max(11, Math.round(rounds / 3)),
                ),
                150,
                'the destination still bootstrapping on the node: said, not waited for',
            ),
        );
        checks.push({
            name: 'largest answer of these calls',
            value: largest,
            unit: 'characters',
            budget: 12_000,
            passed: largest <= 12_000,
            detail: 'every answer is cut at 12,000 characters and says so',
        });

        process.stderr.write('agent: MCP server over stdio\n');
        const script = path.join(dist, 'mcp.js');
        const args = [
            script,
            '--network',
            'mainnet',
            '--node-url',
            sandbox.urls.nodeUrl,
            '--data-api-url',
            sandbox.urls.dataApiUrl,
            '--metrics-api-url',
            sandbox.urls.metricsUrl,
        ];
        const startMs: number[] = [];
        for (let i = 0; i < 7; i++) {
            const started = performance.now();
            const mcp = new Client({ name: 'bench', version: '1' });
            await mcp.connect(
                new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
            );
            await mcp.listTools();
            startMs.push(performance.now() - started);
            await mcp.close();
        }
        checks.push(
            check(
                'MCP server: start to tools listed',
                startMs,
                1000,
                'node dist/mcp.js, the SDK client connecting',
            ),
        );
        const mcp = new Client({ name: 'bench', version: '1' });
        await mcp.connect(
            new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
        );
        const stdioMs: number[] = [];
        const inProcessMs: number[] = [];
        const nodeVersion = { method: 'info.getNodeVersion' };
        for (let i = 0; i < rounds + 3; i++) {
            let started = performance.now();
            await mcp.callTool({ name: 'avalanche_call_node_method', arguments: nodeVersion });
            if (i >= 3) stdioMs.push(performance.now() - started);
            started = performance.now();
            await tool('avalanche_call_node_method', nodeVersion);
            if (i >= 3) inProcessMs.push(performance.now() - started);
        }
        await mcp.close();
        checks.push(
            check(
                'MCP: a call over stdio beyond the same call in process',
                stdioMs.map((t, i) => t - inProcessMs[i]!),
                5,
                `avalanche_call_node_method info.getNodeVersion: ${median(stdioMs).toFixed(2)} ms over stdio, ${median(inProcessMs).toFixed(2)} ms in process`,
            ),
        );
        await Promise.all([services.close(), client.close()]);
    });
    const size = fs.statSync(path.join(dist, 'mcp.js')).size / 1000;
    checks.push({
        name: 'dist/mcp.js (the MCP server bundle)',
        value: size,
        unit: 'kB',
        budget: 1000,
        passed: size <= 1000,
        detail: 'the MCP SDK, zod, ajv and the core; undici from dist/undici.js and dist/undiciProxy.js',
    });

    writeChecks(
        'agent',
        `Agent tools: one call per tool against the sandbox in a process of its own (${note}), and the MCP server of this build over stdio. Medians over ${rounds} rounds; spread is half the interquartile range.`,
        checks,
        (c) =>
            `${c.unit === 'ms' ? c.value.toFixed(2) : c.value.toFixed(c.unit === 'kB' ? 1 : 0)} ${c.unit}`,
        { rounds },
    );
}

if (require.main === module) exitWhenDone(main());
