/**
 * The hovers' "Watch" links: offered for what the watch list can follow (an EVM transaction or
 * address, a P-Chain transaction, an L1, an L1 validation, a node's validations), built from the
 * identifier under the pointer and the resolved answer only, each argument one the watch list's
 * own check accepts, and the watch command the only one added to the hover's trust list. The
 * engine's half runs against the sandbox.
 */
import * as assert from 'node:assert/strict';

import {
    checkWatchTarget,
    DataApiClient,
    HoverEngine,
    type HoverChain,
    type HoverL1Validation,
    type HoverMarkdown,
    liveHoverMarkdown,
    type LiveHoverOptions,
    type LiveResult,
    NodeRpcClient,
    parseIdentifier,
    toChecksumAddress,
} from '../../../src/core';
import { hostileStrings } from '../../sandbox/hostile';
import { type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { type SharedLookups, sharedLookups } from '../../helpers/sharedLookups';

const watch = 'avalanche.watch.add';
const nowMs = Date.UTC(2026, 0, 1);
const address = '0xF9185c8dC443961F7df7a07CA48B5ef3a5225Feb';
const txHash = '0xb1bb9b026fbad7a46b5c686a5e4482be08917b4847184c54b998195c95e49dd6';
const subnetId = '8ALkS9MxfzqBtbQ5EAABQzrg8osTeZbwF7adkH33rayiEEQj4';
const validationId = '2B5kDJUMK8dEw3ZcjAU8Ltayd5ooduEdjPkdZo5V8JRvCAfbnX';
const otherId = '2hNTYTeMw7zxi5TLLQMNbibD79YqR594oYkSw6eRjbrtd1sGg9';
const nodeId = 'NodeID-MPP4JFSMwVCpFX9jrEWuasSDjJMkTsPsx';

function id(text: string) {
    const found = parseIdentifier(text);
    assert.ok(found, `${text} should parse`);
    return found;
}

function optionsFor(text: string): LiveHoverOptions {
    return { nowMs, watch: { command: watch, id: id(text), network: 'mainnet' } };
}

const chain: HoverChain = {
    evmChainId: '43114',
    name: 'Avalanche C-Chain',
    symbol: 'AVAX',
    decimals: 18,
    isCChain: true,
    network: 'mainnet',
};

const validation = (vid: string, sid = subnetId): HoverL1Validation => ({
    validationId: vid,
    nodeId,
    subnetId: sid,
    weight: '100',
    remainingBalance: '29758834627',
    active: true,
    creationTimestamp: nowMs / 1000 - 86400,
});

function evmTx(pending: boolean, hash = txHash): LiveResult {
    return {
        kind: 'evmTx',
        chain,
        txHash: hash,
        success: true,
        pending,
        blockNumber: pending ? '' : '12',
        timestamp: 0,
        from: address,
        to: address,
        value: '0',
        symbol: 'AVAX',
        decimals: 18,
        gasUsed: '21000',
        gasLimit: '21000',
        gasPrice: '1',
        transfers: [],
        transferCount: 0,
        internal: [],
        internalCount: 0,
        notes: [],
    };
}

const subnet = (isL1: boolean, name = 'Gaming'): LiveResult => ({
    kind: 'subnet',
    subnetId,
    network: 'fuji',
    isL1,
    owners: [],
    threshold: 1,
    blockchains: [{ blockchainId: otherId, name }],
    createdAt: 0,
    notes: [],
});

/** Every command link of some Markdown: its command and its decoded argument list. */
function links(md: string): { title: string; command: string; args: unknown }[] {
    return [...md.matchAll(/\[([^\]]*)\]\(command:([\w.-]+)(?:\?([^\s)]*))?/g)].map((m) => ({
        title: m[1]!,
        command: m[2]!,
        args: m[3] === undefined ? undefined : (JSON.parse(decodeURIComponent(m[3])) as unknown),
    }));
}

/** The targets of the Watch links, each checked by the watch list's own check. */
function watchTargets(built: HoverMarkdown): unknown[] {
    const found = links(built.markdown).filter((l) => l.command === watch);
    assert.equal(built.commands.includes(watch), found.length > 0, 'trusted only when linked');
    return found.map((l) => {
        assert.ok(Array.isArray(l.args) && l.args.length === 1, 'one argument');
        const arg: unknown = l.args[0];
        const checked = checkWatchTarget(arg);
        assert.ok('target' in checked, `the watch list accepts ${JSON.stringify(arg)}`);
        assert.deepEqual(checked.target, arg, 'accepted as it is, nothing dropped');
        return arg;
    });
}

describe('(unit) hover watch links', () => {
    it('offers a pending EVM transaction, and a mined one as already final', () => {
        const pending = liveHoverMarkdown(evmTx(true), optionsFor(txHash));
        const expected = {
            kind: 'evmTx',
            network: 'mainnet',
            chainId: '43114',
            hash: txHash,
            chainName: 'Avalanche C-Chain',
        };
        assert.deepEqual(watchTargets(pending), [expected]);
        assert.deepEqual([...pending.commands], [watch]);
        assert.match(pending.markdown, /\[Watch\]\(command:/);
        const mined = liveHoverMarkdown(
            evmTx(false),
            optionsFor(txHash.toUpperCase().replace('0X', '0x')),
        );
        assert.deepEqual(watchTargets(mined), [expected], 'the hash in its lower-case form');
        assert.match(mined.markdown, /\[Watch \\\(already final\\\)\]/);
    });

    it('offers an EVM address on the chain it was looked up on, in its EIP-55 form', () => {
        const result: LiveResult = {
            kind: 'evmAddress',
            address: address.toLowerCase(),
            chain: {
                ...chain,
                evmChainId: '779002',
                name: 'Gaming',
                isCChain: false,
                network: undefined,
            },
            notes: [],
        };
        const built = liveHoverMarkdown(result, optionsFor(address.toLowerCase()));
        assert.deepEqual(watchTargets(built), [
            {
                kind: 'evmAddress',
                network: 'mainnet',
                chainId: '779002',
                address: toChecksumAddress(address),
                chainName: 'Gaming',
            },
        ]);
    });

    it('offers a P-Chain transaction (pending or decided), an L1 and an L1 validation', () => {
        const pTx = (status: string | undefined): LiveResult => ({
            kind: 'primaryTx',
            chain: 'P',
            txId: otherId,
            network: 'local',
            status,
            notes: [],
        });
        const processing = liveHoverMarkdown(pTx('Processing'), optionsFor(otherId));
        assert.deepEqual(watchTargets(processing), [
            { kind: 'pTx', network: 'local', txId: otherId },
        ]);
        assert.match(processing.markdown, /\[Watch\]\(/);
        assert.match(
            liveHoverMarkdown(pTx('Committed'), optionsFor(otherId)).markdown,
            /already final/,
        );

        assert.deepEqual(watchTargets(liveHoverMarkdown(subnet(true), optionsFor(subnetId))), [
            { kind: 'l1', network: 'fuji', subnetId, name: 'Gaming' },
        ]);

        const l1Validation: LiveResult = {
            kind: 'l1Validation',
            network: 'mainnet',
            validation: validation(validationId),
            notes: [],
        };
        assert.deepEqual(watchTargets(liveHoverMarkdown(l1Validation, optionsFor(validationId))), [
            { kind: 'l1Validator', network: 'mainnet', validationId, subnetId, nodeId },
        ]);
    });

    it("offers each of a node's listed validations, at most five, skipping ids that do not parse", () => {
        const ids = [validationId, otherId, subnetId, 'not-an-id', validationId, otherId, subnetId];
        const result: LiveResult = {
            kind: 'nodeId',
            nodeId,
            network: 'fuji',
            l1Validations: ids.map((v) => validation(v)),
            notes: [],
        };
        const targets = watchTargets(liveHoverMarkdown(result, optionsFor(nodeId)));
        // The first five lines are listed; the fourth's id is not a cb58 id.
        assert.deepEqual(
            targets.map((t) => (t as { validationId: string }).validationId),
            [validationId, otherId, subnetId, validationId],
        );
        for (const t of targets) assert.equal((t as { nodeId: string }).nodeId, nodeId);
    });

    it('offers nothing for what cannot be watched, for another id, or without the command', () => {
        const none: [LiveResult, string][] = [
            [subnet(false), subnetId],
            [
                { kind: 'primaryTx', chain: 'X', txId: otherId, network: 'mainnet', notes: [] },
                otherId,
            ],
            [
                {
                    kind: 'asset',
                    assetId: otherId,
                    network: 'mainnet',
                    name: 'A',
                    symbol: 'A',
                    denomination: 0,
                    notes: [],
                },
                otherId,
            ],
            [
                {
                    kind: 'evmBlock',
                    chain,
                    blockHash: txHash,
                    blockNumber: '1',
                    timestamp: 0,
                    txCount: 0,
                    moreTransactions: false,
                    notes: [],
                },
                txHash,
            ],
            [{ kind: 'notFound', searched: ['subnets'], notes: [] }, otherId],
            // The answer is about another hash than the one under the pointer.
            [evmTx(true, `0x${'ab'.repeat(32)}`), txHash],
            // A chain id the watch list would refuse.
            [{ ...evmTx(true), chain: { ...chain, evmChainId: '0x1' } } as LiveResult, txHash],
        ];
        for (const [result, text] of none) {
            const built = liveHoverMarkdown(result, optionsFor(text));
            assert.deepEqual(watchTargets(built), [], `${result.kind} over ${text}`);
        }
        const agent = liveHoverMarkdown(evmTx(true), { nowMs });
        assert.ok(!agent.markdown.includes(watch), 'no link without the command');
    });

    it('keeps hostile chain names inside the argument, cut to what the list stores', () => {
        for (const name of [...hostileStrings, 'x'.repeat(500)]) {
            const result = { ...evmTx(true), chain: { ...chain, name } } as LiveResult;
            const built = liveHoverMarkdown(result, optionsFor(txHash));
            const [target] = watchTargets(built) as { chainName?: string }[];
            assert.ok(target, JSON.stringify(name).slice(0, 40));
            assert.ok((target.chainName ?? '').length <= 80);
            assert.equal(links(built.markdown).filter((l) => l.command === watch).length, 1);
            for (const l of links(built.markdown)) assert.equal(l.command, watch);
        }
        const subnetNamed = liveHoverMarkdown(subnet(true, ' '), optionsFor(subnetId));
        assert.deepEqual(watchTargets(subnetNamed), [{ kind: 'l1', network: 'fuji', subnetId }]);
    });
});

describe('(unit) hover watch links from the engine, against the sandbox', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let api: DataApiClient;
    let node: NodeRpcClient;
    let lookups: SharedLookups;
    let engine: HoverEngine;
    const commands = {
        copy: 'avalanche.hover.copy',
        openDetails: 'avalanche.hover.openDetails',
        lookUpOnChain: 'avalanche.hover.lookUpOnChain',
        fixChecksum: 'avalanche.hover.fixChecksum',
        setApiKey: 'avalanche.dataApi.setKey',
        watch,
    };

    before(async () => {
        sandbox = await startSandbox({ seed: 3 });
        known = sandbox.known.mainnet;
        api = new DataApiClient({ baseUrl: sandbox.dataApiUrl, retry: { maxRetries: 0 } });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
        lookups = sharedLookups(
            () => Promise.resolve(api),
            { timeouts: { connectMs: 5000, headersMs: 5000, bodyMs: 5000 } },
            sandbox.nodeUrl,
        );
        engine = new HoverEngine({
            dataApi: () => Promise.resolve(api),
            nodeRpc: () => node,
            chains: (net, signal) => lookups.chains(net, signal),
            nodeChains: (net, signal) => lookups.nodeChains(net, signal),
            rpcFor: (rpcUrl) => lookups.rpcFor(rpcUrl),
            network: () => 'mainnet',
            defaultEvmChain: () => '',
            liveKinds: () => ['evmAddress', 'hash32', 'pnAddress', 'nodeId', 'cb58Id'],
            explorerUrl: (kind, value) => `https://subnets.avax.network/${kind}/${value}`,
            commands,
        });
    });

    after(async () => {
        engine.dispose();
        await lookups.close();
        await Promise.all([api.close(), node.close()]);
        await sandbox.close();
    });

    async function hover(text: string): Promise<HoverMarkdown> {
        const built = await engine.liveMarkdown(id(text), new AbortController().signal);
        assert.ok(built, text);
        // The cached path builds the same links.
        assert.deepEqual(engine.cachedMarkdown(id(text)), built);
        return built;
    }

    it('links Watch for a transaction, an L1 and a validation, trusting exactly the links', async () => {
        const tx = await hover(known.evmTxHash);
        const [txTarget, ...more] = watchTargets(tx) as Record<string, unknown>[];
        assert.equal(more.length, 0);
        assert.deepEqual(
            { ...txTarget, chainName: undefined },
            {
                kind: 'evmTx',
                network: 'mainnet',
                chainId: known.cChainId,
                hash: known.evmTxHash.toLowerCase(),
                chainName: undefined,
            },
        );
        assert.equal(typeof txTarget!['chainName'], 'string');
        assert.deepEqual([...tx.commands].sort(), [watch]);

        const l1 = await hover(known.l1SubnetId);
        assert.deepEqual(
            watchTargets(l1).map((t) => (t as { kind: string }).kind),
            ['l1'],
        );
        const v = await hover(known.l1ValidationId);
        assert.deepEqual(
            watchTargets(v).map((t) => (t as { validationId: string }).validationId),
            [known.l1ValidationId],
        );
        for (const built of [l1, v]) assert.deepEqual([...built.commands], [watch]);

        const plain = await hover(known.subnetId);
        assert.deepEqual(watchTargets(plain), [], 'a subnet that is not an L1');
        assert.deepEqual([...plain.commands], []);
        // The offline part is unchanged: no Watch link, no watch command trusted.
        const offline = engine.offlineMarkdown(id(known.evmTxHash), {
            uri: 'file:///a',
            line: 0,
            character: 0,
        });
        assert.ok(!offline.commands.includes(watch));
    });

    it("links one Watch per L1 validation of a node, with the node's id", async () => {
        const built = await hover(known.l1NodeId);
        const targets = watchTargets(built) as { kind: string; nodeId: string }[];
        assert.ok(targets.length >= 1 && targets.length <= 5, `${targets.length} links`);
        for (const t of targets) {
            assert.equal(t.kind, 'l1Validator');
            assert.equal(t.nodeId, known.l1NodeId);
        }
    });
});
