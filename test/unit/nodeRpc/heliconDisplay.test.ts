/**
 * What Helicon's answers look like where the extension shows them, held to a real v1.15 node's
 * recordings (test/fixtures/realnode-v1.15) served over loopback HTTP: ACP-236's auto-renewed
 * validator and its three transactions by name with their settings, in hovers and panels.
 */
import * as assert from 'node:assert/strict';

import {
    buildView,
    checkTarget,
    collectNodeSnapshot,
    heliconRefusal,
    HoverResolver,
    liveHoverMarkdown,
    type LiveResult,
    NodeRpcClient,
    nodeRpcMethods as m,
    parseIdentifier,
    snapshotStakingRules,
    snapshotText,
    type ViewContext,
    type WatchObservation,
    type WatchSources,
} from '../../../src/core';
import type { NodeQuery } from '../../../src/shared/query';
import type { Cell, ResultView } from '../../../src/shared/viewModel';
import { type Sandbox, startSandbox } from '../../sandbox';
import { heliconSettleLag } from '../../sandbox/types';
import { loadRecorded, type RecordedNode, startRecordedNode } from '../../helpers/recordedNode';
import { localCChain } from '../../helpers/sharedLookups';

const nowMs = Date.UTC(2026, 10, 28);
const context: ViewContext = {
    network: 'local',
    nativeToken: { symbol: 'AVAX', decimals: 18 },
    nowMs,
};

function cellText(cell: Cell): string {
    switch (cell.k) {
        case 'text':
        case 'num':
        case 'amount':
        case 'money':
        case 'badge':
            return cell.text;
        case 'id':
            return cell.raw;
        case 'time':
            return cell.raw;
        case 'list':
            return cell.items.map(cellText).join(', ');
        case 'bool':
            return String(cell.value);
        default:
            return '';
    }
}

function fieldsOf(view: ResultView): Record<string, string> {
    const out: Record<string, string> = {};
    for (const f of view.fields) out[f.label] = cellText(f.value);
    return out;
}

describe('(unit) Helicon shown by name: ACP-236 over the v1.15 recordings', function () {
    this.timeout(20_000);
    let node: RecordedNode;
    let client: NodeRpcClient;
    let resolver: HoverResolver;

    before(async () => {
        node = await startRecordedNode(
            [
                'realnode-v1.15/primary-helicon.json',
                'realnode-v1.15/primary.json',
                'realnode-v1.15/info.json',
            ],
            ['platform.getTxStatus'],
        );
        client = new NodeRpcClient({ url: node.url, retry: { maxRetries: 0 } });
        resolver = new HoverResolver({
            dataApi: () => Promise.reject(new Error('the Data API is not asked on local')),
            nodeRpc: () => client,
            chains: () => Promise.reject(new Error('not used')),
            nodeChains: () => Promise.resolve([]),
            rpcFor: () => undefined,
        });
    });

    after(async () => {
        await client.close();
        await node.close();
    });

    async function hover(text: string): Promise<{ result: LiveResult; md: string }> {
        const id = parseIdentifier(text);
        assert.ok(id, text);
        const result = await resolver.resolve(id, { network: 'local', hasApiKey: false });
        // Markdown escapes punctuation (`100\\%`); the lines are read as a person sees them.
        const md = liveHoverMarkdown(result, { nowMs }).markdown.replace(/\\(?=[^\w\s])/g, '');
        return { result, md };
    }

    async function txView(txId: string): Promise<ResultView> {
        const request: NodeQuery = {
            source: 'node',
            method: 'platform.getTx',
            texts: { txID: txId },
        };
        const result = await client.call(m['platform.getTx'], { txID: txId });
        return buildView(request, result, context).view;
    }

    it('a hover names AddAutoRenewedValidatorTx and what it sets', async () => {
        const { result, md } = await hover(node.values['autoRenewedTx']!);
        assert.equal(result.kind, 'primaryTx', md);
        assert.match(md, /AddAutoRenewedValidatorTx/);
        assert.match(md, /Validator `NodeID-L78oP2rQSMcwUTDyc5TVjopAH4h46FPZ3`/);
        assert.match(md, /stake 2,000 AVAX/);
        assert.match(md, /cycles of 20 s · 50% of rewards restaked · delegation fee 2%/);
        assert.match(md, /Authority 1 of `P-custom…9xde7p`/);
        assert.doesNotMatch(md, /unknown/i);
    });

    it('a hover names SetAutoRenewedValidatorConfigTx, the validator it changes and the new settings', async () => {
        const { md } = await hover(node.values['autoRenewedSetTx']!);
        assert.match(md, /SetAutoRenewedValidatorConfigTx/);
        assert.match(md, /Changes the auto-renewed validator added by `22hNhd/);
        assert.match(md, /next cycles of 30 s · 100% of rewards restaked/);
    });

    it('a hover names RewardAutoRenewedValidatorTx and the cycle it rewards', async () => {
        const { md } = await hover(node.values['autoRenewedRewardTx']!);
        assert.match(md, /RewardAutoRenewedValidatorTx/);
        assert.match(
            md,
            /Rewards the auto-renewed validator added by `22hNhd.*` for the cycle that ended/,
        );
    });

    it('a node id hover shows its auto-renew settings and authority', async () => {
        const { result, md } = await hover(node.values['nodeId']!);
        assert.equal(result.kind, 'nodeId', md);
        assert.match(
            md,
            /Auto-renewed \(ACP-236\): renews every 30 s · 100% of rewards restaked · authority 1 of `P-custom…9xde7p`/,
        );
    });

    it('the transaction panel has a field for each setting, the staker linked', async () => {
        const add = fieldsOf(await txView(node.values['autoRenewedTx']!));
        assert.equal(add['Type'], 'AddAutoRenewedValidatorTx');
        assert.equal(add['Node'], node.values['nodeId']);
        assert.equal(add['Stake'], '2,000 AVAX');
        assert.equal(add['Cycle length'], '20 s');
        assert.equal(add['Rewards restaked'], '50%');
        assert.equal(add['Delegation fee'], '2%');
        assert.equal(add['Validator authority'], `1 of ${node.values['pAddress']}`);
        assert.equal(add['Validation rewards owner'], `1 of ${node.values['pAddress']}`);

        const setView = await txView(node.values['autoRenewedSetTx']!);
        const set = fieldsOf(setView);
        assert.equal(set['Type'], 'SetAutoRenewedValidatorConfigTx');
        assert.equal(set['Changes the validator added by'], node.values['autoRenewedTx']);
        const link = setView.fields.find((f) => f.label === 'Changes the validator added by')!;
        assert.deepEqual(link.value.k === 'id' && link.value.link, {
            source: 'node',
            method: 'platform.getTx',
            texts: { txID: node.values['autoRenewedTx'] },
        });
        assert.equal(set['Cycle length'], '30 s');
        assert.equal(set['Rewards restaked'], '100%');

        const reward = fieldsOf(await txView(node.values['autoRenewedRewardTx']!));
        assert.equal(reward['Type'], 'RewardAutoRenewedValidatorTx');
        assert.equal(reward['Rewards the validator added by'], node.values['autoRenewedTx']);
        assert.match(reward['Rewarded cycle ended']!, /^\d+$/);
    });

    it('the watch list names a committed P-Chain transaction by its type and settings', async () => {
        const sources: WatchSources = {
            pChain: () => Promise.resolve(client),
            validatorFees: () => Promise.reject(new Error('not used')),
            dataApi: () => Promise.reject(new Error('not used')),
            node: () => client,
            evmChain: () => Promise.resolve(undefined),
        };
        const watch = (txId: string): Promise<WatchObservation> =>
            checkTarget(
                { kind: 'pTx', network: 'local', txId },
                sources,
                86_400,
                new AbortController().signal,
            );
        const set = await watch(node.values['autoRenewedSetTx']!);
        assert.equal(set.status, 'done');
        assert.equal(set.summary, 'committed (SetAutoRenewedValidatorConfigTx)');
        const details = Object.fromEntries(set.details.map((d) => [d.label, d.value]));
        assert.equal(details['Type'], 'SetAutoRenewedValidatorConfigTx');
        assert.equal(details['Validator added by'], node.values['autoRenewedTx']);
        assert.equal(details['Cycle length'], '30 s');
        assert.equal(details['Rewards restaked'], '100%');
        const reward = await watch(node.values['autoRenewedRewardTx']!);
        assert.equal(reward.summary, 'committed (RewardAutoRenewedValidatorTx)');
    });

    it('the validators panel has an Auto-renew column', async () => {
        const request: NodeQuery = {
            source: 'node',
            method: 'platform.getCurrentValidators',
            texts: { nodeIDs: node.values['nodeId']! },
        };
        const result = await client.call(m['platform.getCurrentValidators'], {
            nodeIDs: [node.values['nodeId']!],
        });
        const { view } = buildView(request, result, context);
        const table = view.sections.find((s) =>
            s.table?.columns.some((c) => c.key === 'autoRenew'),
        )?.table;
        assert.ok(table, JSON.stringify(view.sections.map((s) => s.title)));
        const column = table.columns.findIndex((c) => c.key === 'autoRenew');
        assert.deepEqual(
            table.rows.map((r) => cellText(r[column]!)),
            ['renews every 30 s · 100% of rewards restaked'],
        );
    });
});

describe('(unit) Helicon shown as it is: ACP-194 over the v1.15 recordings', function () {
    this.timeout(20_000);
    let node: RecordedNode;
    let client: NodeRpcClient;
    let sources: WatchSources;

    before(async () => {
        node = await startRecordedNode([
            'realnode-v1.15/cchain-helicon.json',
            'realnode-v1.15/cchain.json',
            'realnode-v1.15/info.json',
        ]);
        client = new NodeRpcClient({ url: node.url, retry: { maxRetries: 0 } });
        const unused = () => Promise.reject(new Error('not used'));
        sources = {
            pChain: unused,
            validatorFees: unused,
            dataApi: unused,
            node: () => client,
            evmChain: () =>
                Promise.resolve({
                    target: { client, path: '/ext/bc/C/rpc' },
                    name: 'C-Chain',
                    symbol: 'AVAX',
                }),
        };
    });

    after(async () => {
        await client.close();
        await node.close();
    });

    const watchTx = (): Promise<WatchObservation> =>
        checkTarget(
            { kind: 'evmTx', network: 'local', chainId: '43112', hash: node.values['cTx']! },
            sources,
            86_400,
            new AbortController().signal,
        );

    it('the watch list calls a transaction done only once its block is settled', async () => {
        // The recording's head (#16) settles through #13: the transaction's block #5 is settled.
        const settled = await watchTx();
        assert.equal(settled.status, 'done');
        assert.equal(settled.final, true);
        assert.equal(settled.summary, 'accepted in block 5');
        assert.deepEqual(
            settled.details.find((d) => d.label === 'Settlement'),
            { label: 'Settlement', value: 'settled (through #13)' },
        );
        // The node as it was when #5 was its head, settling through #2: executed, not final,
        // though its receipt is there.
        node.answerWith(
            'eth_getBlockByNumber',
            ['latest', false],
            'eth_getBlockByNumber with transactions',
        );
        const executed = await watchTx();
        assert.equal(executed.status, 'pending');
        assert.equal(executed.final, false);
        assert.equal(executed.summary, 'executed in block 5, not yet settled (settled through #2)');
        assert.equal(
            executed.details.find((d) => d.label === 'Settlement')?.value,
            '0 blocks on top, executed, not yet settled (settled through #2)',
        );
        node.answerWith('eth_getBlockByNumber', ['latest', false], 'eth_getBlockByNumber latest');
    });

    it('a transaction hover says settled or executed, never final by depth alone', async () => {
        const chainId = String(await client.call(m.eth_chainId, [], { chain: 'C' }));
        const resolver = new HoverResolver({
            dataApi: () => Promise.reject(new Error('the Data API is not asked on local')),
            nodeRpc: () => client,
            chains: () => Promise.reject(new Error('not used')),
            nodeChains: () => Promise.resolve([localCChain(node.url, chainId)]),
            rpcFor: (rpcUrl) => ({ client, path: new URL(rpcUrl).pathname }),
        });
        const hoverOf = async (): Promise<string> => {
            const id = parseIdentifier(node.values['cTx']!);
            assert.ok(id);
            const result = await resolver.resolve(id, { network: 'local', hasApiKey: false });
            assert.equal(result.kind, 'evmTx');
            return liveHoverMarkdown(result, { nowMs }).markdown.replace(/\\(?=[^\w\s])/g, '');
        };
        assert.match(await hoverOf(), /Block 5 · (.* · )?11 blocks on top, settled/);
        node.answerWith(
            'eth_getBlockByNumber',
            ['latest', false],
            'eth_getBlockByNumber with transactions',
        );
        try {
            const md = await hoverOf();
            assert.match(
                md,
                /Block 5 · (.* · )?0 blocks on top, executed, not yet settled \(settled through #2\)/,
            );
            assert.doesNotMatch(md, /confirmation/);
        } finally {
            node.answerWith(
                'eth_getBlockByNumber',
                ['latest', false],
                'eth_getBlockByNumber latest',
            );
        }
    });

    it('the block panel shows what a block settles and the gas price and target it sets', async () => {
        const request: NodeQuery = {
            source: 'node',
            method: 'eth_getBlockByNumber',
            texts: { block: 'latest' },
            chain: 'C',
        };
        const result = await client.call(m.eth_getBlockByNumber, ['latest', false], {
            chain: 'C',
        });
        const f = fieldsOf(buildView(request, result, context).view);
        assert.equal(f['Number'], '16');
        assert.equal(f['Settles through (ACP-194)'], '13');
        // 1 wei: below what the panel prints in gwei, and said so rather than shown as 0.
        assert.equal(f['Minimum gas price (ACP-283)'], '< 0.000001 gwei');
        assert.equal(f['Gas target (ACP-176)'], '1000000 gas/s');
    });

    it('a method Helicon removed is not sent to its C-Chain, and its -32601 reads as what it is', async () => {
        const now = Date.UTC(2026, 10, 28);
        const refusal = await heliconRefusal(client, '/ext/bc/C/rpc', 'admin_nodeInfo', now);
        assert.match(refusal ?? '', /^admin_nodeInfo is not served by the C-Chain since Helicon/);
        assert.equal(
            await heliconRefusal(
                client,
                `/ext/bc/${node.values['cChain']}/rpc`,
                'eth_accounts',
                now,
            ),
            undefined,
            'by id the path is not known as the C-Chain without its id: the node answers itself',
        );
        assert.equal(
            await heliconRefusal(client, '/ext/bc/C/rpc', 'eth_blockNumber', now),
            undefined,
        );
        assert.equal(
            await heliconRefusal(client, '/ext/bc/C/rpc', 'debug_traceTransaction', now),
            undefined,
        );
        // Sent anyway (an older extension, a script), the node's -32601 says why.
        await assert.rejects(
            client.callRaw('/ext/bc/C/rpc', 'warp_getMessage', []),
            (error: Error) => {
                assert.match(
                    error.message,
                    /^This node does not offer warp_getMessage \(the C-Chain no longer serves it since Helicon/,
                );
                return true;
            },
        );
    });

    it('a node before Helicon is sent the call: only its own answer can tell', async () => {
        const before = await startRecordedNode(['realnode/info.json', 'realnode/cchain.json']);
        const old = new NodeRpcClient({ url: before.url, retry: { maxRetries: 0 } });
        try {
            const now = Date.UTC(2026, 10, 28);
            assert.equal(
                await heliconRefusal(old, '/ext/bc/C/rpc', 'admin_nodeInfo', now),
                undefined,
            );
            assert.ok(before.asked.includes('/ext/info info.upgrades'));
        } finally {
            await old.close();
            await before.close();
        }
    });
});

describe('(unit) Helicon in the Node view: the rules and heights a real node gives', function () {
    this.timeout(20_000);
    const now = Date.UTC(2026, 10, 28);

    async function snapshotOf(files: string[], latest?: string) {
        const node = await startRecordedNode(files);
        if (latest) node.answerWith('eth_getBlockByNumber', ['latest', false], latest);
        const client = new NodeRpcClient({ url: node.url, retry: { maxRetries: 0 } });
        try {
            return await collectNodeSnapshot(client, { now: () => now });
        } finally {
            await client.close();
            await node.close();
        }
    }

    it('v1.15 with Helicon: both C-Chain heights, the 90% requirement', async () => {
        const s = await snapshotOf([
            'realnode-v1.15/info.json',
            'realnode-v1.15/cchain-helicon.json',
            'realnode-v1.15/admin.json',
        ]);
        assert.deepEqual(s.cChainHead, { ok: true, value: { executed: 16, settled: 13 } });
        const rules = snapshotStakingRules(s, now);
        assert.equal(rules?.helicon, true);
        assert.equal(rules?.uptimeRequirementPercent, 90);
        // Network 88888: a custom network, whose staking duration the extension does not know.
        assert.equal(rules?.minStakeDurationSeconds, undefined);
        // What an agent reads of the node says the same.
        const text = snapshotText(s);
        assert.match(
            text,
            /^C-Chain head: executed #16, settled #13 \(a block is final once settled: ACP-194\)$/m,
        );
        assert.match(text, /weighted average; requirement 90% \(Helicon\)$/m);
    });

    it('v1.14.2: one C-Chain height, the 80% requirement', async () => {
        const s = await snapshotOf(
            ['realnode/info.json', 'realnode/cchain.json', 'realnode/admin.json'],
            // v1.14.2 was recorded asking its block by number; that block stands for the head.
            'eth_getBlockByNumber',
        );
        assert.ok(s.cChainHead.ok, JSON.stringify(s.cChainHead));
        assert.equal(s.cChainHead.value.settled, undefined);
        assert.equal(snapshotStakingRules(s, now)?.uptimeRequirementPercent, 80);
        assert.equal(snapshotStakingRules(s, now)?.helicon, false);
    });
});

describe('(unit) sandbox: Helicon mode answers in the v1.15 recordings’ shapes', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let client: NodeRpcClient;

    before(async () => {
        sandbox = await startSandbox({ settings: { helicon: true } });
        client = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });

    after(async () => {
        await client.close();
        await sandbox.close();
    });

    it('C-Chain blocks carry every key the recorded Helicon blocks add, and settle behind', async () => {
        const recorded = loadRecorded('realnode-v1.15/cchain-helicon.json').fixtures.find(
            (f) => f.name === 'eth_getBlockByNumber latest',
        )!;
        const keys = Object.keys((recorded.response.body as { result: object }).result);
        const raw = (await client.callRaw('/ext/bc/C/rpc', 'eth_getBlockByNumber', [
            'latest',
            false,
        ])) as Record<string, unknown>;
        for (const key of [
            'settledHeight',
            'settledGasUnix',
            'settledExcess',
            'targetExponent',
            'minPriceExponent',
        ]) {
            assert.ok(keys.includes(key), `the recording has ${key}`);
            assert.ok(key in raw, `the sandbox sends ${key}`);
        }
        const latest = await client.call(m.eth_getBlockByNumber, ['latest', false], { chain: 'C' });
        const finalized = await client.call(m.eth_getBlockByNumber, ['finalized', false], {
            chain: 'C',
        });
        assert.ok(latest && finalized);
        assert.equal(finalized.number, latest.settlement?.settledHeight);
        assert.equal(latest.number - finalized.number, heliconSettleLag);
        assert.equal(latest.minGasPriceWei, '1');

        const snapshot = await collectNodeSnapshot(client);
        assert.deepEqual(snapshot.cChainHead, {
            ok: true,
            value: { executed: latest.number, settled: finalized.number },
        });
        assert.equal(snapshotStakingRules(snapshot, Date.now())?.uptimeRequirementPercent, 90);
        // Mainnet's rule since Helicon (ACP-273).
        assert.equal(
            snapshotStakingRules(snapshot, Date.now())?.minStakeDurationSeconds,
            48 * 3600,
        );
    });

    it('before Helicon (the default) nothing of it shows', async () => {
        sandbox.settings.helicon = false;
        try {
            const latest = await client.call(m.eth_getBlockByNumber, ['latest', false], {
                chain: 'C',
            });
            assert.equal(latest?.settlement, undefined);
            const snapshot = await collectNodeSnapshot(client);
            assert.ok(snapshot.cChainHead.ok);
            assert.equal(snapshot.cChainHead.value.settled, undefined);
            assert.equal(snapshotStakingRules(snapshot, Date.now())?.uptimeRequirementPercent, 80);
        } finally {
            sandbox.settings.helicon = true;
        }
    });
});
