/**
 * The watch list's reads (core/watch: `WatchList` and `checkTarget`) against the real node: a
 * transfer on the C-Chain and on the L1 watched while it waits in the txpool and then accepted,
 * the L1 validator's real balance, fee and runway, a real top-up on the P-Chain, and the node
 * stopped and started. Mocha loads files in name order, so this one runs after nodeView.test.ts;
 * the node's stop comes last and the node is left running, bootstrapped, for whatever follows.
 */
import * as assert from 'node:assert/strict';

import {
    checkTarget,
    describeChange,
    NodeRpcClient,
    nodeRpcMethods as m,
    validatorRunway,
    watchKey,
    WatchList,
    type DataApiClient,
    type ValidatorFees,
    type WatchChange,
    type WatchEvmChain,
    type WatchNetwork,
    type WatchObservation,
    type WatchSources,
    type WatchTarget,
} from '../../src/core';
import { queuedTransfer } from '../realnode/activity';
import {
    increaseL1ValidatorBalance,
    l1ChainName,
    l1EvmChainId,
    type RealNetworkInfo,
} from '../realnode/network';
import { primaryChains, rpc, sleep } from '../realnode/node';

import { realNetwork } from './setup';

/** The reads of `WatchSources`, all on the harness's one node, as the extension's would be on `local`. */
class RealNodeSources implements WatchSources {
    readonly client: NodeRpcClient;
    private readonly nodes = new Map<string, NodeRpcClient>();

    constructor(private readonly info: RealNetworkInfo) {
        this.client = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
    }

    pChain(network: WatchNetwork): Promise<NodeRpcClient> {
        if (network !== 'local') return Promise.reject(new Error(`no ${network} here`));
        return Promise.resolve(this.client);
    }

    /** Read afresh every time (the extension caches it a minute): the tests compare it exactly. */
    async validatorFees(network: WatchNetwork, signal: AbortSignal): Promise<ValidatorFees> {
        const client = await this.pChain(network);
        const [state, config] = await Promise.all([
            client.call(m['platform.getValidatorFeeState'], {}, { signal }),
            client.call(m['platform.getValidatorFeeConfig'], {}, { signal }),
        ]);
        return { state, config };
    }

    evmChain(network: WatchNetwork, chainId: string): Promise<WatchEvmChain | undefined> {
        const chains = [
            { id: this.info.cChain.activity.evmChainId, name: 'C-Chain', chain: 'C' },
            { id: l1EvmChainId, name: l1ChainName, chain: this.info.l1.blockchainId },
        ];
        const found = chains.find((c) => String(c.id) === chainId);
        if (network !== 'local' || !found) return Promise.resolve(undefined);
        return Promise.resolve({
            target: { client: this.client, path: `/ext/bc/${found.chain}/rpc` },
            name: found.name,
            symbol: 'AVAX',
        });
    }

    dataApi(): Promise<DataApiClient> {
        return Promise.reject(new Error('the Data API does not index a local network'));
    }

    node(url: string): NodeRpcClient {
        let client = this.nodes.get(url);
        if (!client) {
            client = new NodeRpcClient({ url, retry: { maxRetries: 0 } });
            this.nodes.set(url, client);
        }
        return client;
    }

    async close(): Promise<void> {
        await Promise.all([this.client, ...this.nodes.values()].map((c) => c.close()));
    }
}

const threeDaysSeconds = 3 * 86_400;

/**
 * A watch list driven as the extension's driver drives it, read on demand instead of on its timer:
 * the item is made due, taken within the budget, read with `checkTarget` and recorded.
 */
class Watcher {
    readonly list = new WatchList({ requestsPerMinute: 600 }, Date.now());

    constructor(private readonly sources: WatchSources) {}

    add(target: WatchTarget): string {
        return this.list.add(target, Date.now()).key;
    }

    async read(
        key: string,
        thresholdSeconds = threeDaysSeconds,
    ): Promise<{ observation: WatchObservation; change: WatchChange | undefined }> {
        const now = Date.now();
        this.list.refreshNow(now, key);
        const entry = this.list.takeDue(now).find((e) => e.key === key);
        assert.ok(entry, `${key} was not due (final, or no token left)`);
        const observation = await checkTarget(
            entry.target,
            this.sources,
            thresholdSeconds,
            AbortSignal.timeout(30_000),
        );
        const { change } = this.list.record(key, observation, Date.now(), thresholdSeconds);
        return { observation, change };
    }
}

/** Reads `key` until `done` holds (every 250 ms, at most `timeoutMs`), keeping every read. */
async function readUntil(
    watcher: Watcher,
    key: string,
    done: (o: WatchObservation) => boolean,
    timeoutMs: number,
): Promise<{ observation: WatchObservation; change: WatchChange | undefined; atMs: number }[]> {
    const reads: {
        observation: WatchObservation;
        change: WatchChange | undefined;
        atMs: number;
    }[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const read = await watcher.read(key);
        reads.push({ ...read, atMs: Date.now() });
        if (done(read.observation)) return reads;
        if (Date.now() > deadline) {
            assert.fail(
                `${key}: still ${read.observation.status} (${read.observation.summary}) after ${timeoutMs} ms`,
            );
        }
        await sleep(250);
    }
}

describe('(node) the watch list against the real node', function () {
    this.timeout(180_000);
    let info: RealNetworkInfo;
    let sources: RealNodeSources;

    before(() => {
        info = realNetwork().info;
        sources = new RealNodeSources(info);
    });
    after(() => sources.close());

    for (const which of ['C-Chain', 'L1'] as const) {
        it(`(node) a transfer on the ${which} watched while it waits in the txpool is seen pending, then accepted in its block`, async () => {
            const rpcUrl = which === 'C-Chain' ? info.cChain.rpcUrl : info.l1.rpcUrl;
            const held = await queuedTransfer(rpcUrl, which);
            const { chainId, hash: gapped } = held;
            // What coreth and Subnet-EVM v1.14.2 answer for a queued transaction: the
            // transaction itself with blockHash, blockNumber and transactionIndex null, and a
            // null receipt (not an error).
            const byHash = (await rpc(
                info.uri,
                new URL(rpcUrl).pathname,
                'eth_getTransactionByHash',
                [gapped],
            )) as { hash: string; blockNumber: unknown; blockHash: unknown } | null;
            assert.equal(byHash?.hash, gapped);
            assert.equal(byHash.blockNumber, null);
            assert.equal(byHash.blockHash, null);
            assert.equal(
                await rpc(info.uri, new URL(rpcUrl).pathname, 'eth_getTransactionReceipt', [
                    gapped,
                ]),
                null,
            );

            const watcher = new Watcher(sources);
            const target: WatchTarget = {
                kind: 'evmTx',
                network: 'local',
                chainId: String(chainId),
                hash: gapped,
                chainName: which,
            };
            const key = watcher.add(target);
            assert.equal(key, watchKey(target));
            const first = await watcher.read(key);
            assert.equal(first.observation.status, 'pending', first.observation.summary);
            assert.equal(first.observation.final, false);
            assert.equal(first.observation.summary, 'pending: in the mempool, not yet in a block');
            // Nothing to tell yet: the first read of a transaction that is not final is the
            // starting point, and a second read of the same state is not news either.
            assert.equal(first.change, undefined);
            await sleep(1_000);
            const still = await watcher.read(key);
            assert.equal(still.observation.value, 'pending');
            assert.equal(still.change, undefined);

            const filler = await held.release();
            const reads = await readUntil(watcher, key, (o) => o.final, 30_000);
            const receipt = await held.receipt(gapped);
            assert.equal(receipt.status, 'success');
            const last = reads[reads.length - 1]!.observation;
            assert.equal(last.status, 'done');
            assert.equal(last.value, 'accepted');
            assert.equal(last.summary, `accepted in block ${receipt.blockNumber}`);
            assert.deepEqual(
                last.details.find((d) => d.label === 'Block'),
                { label: 'Block', value: String(receipt.blockNumber) },
            );
            const changes = reads.flatMap((r) => (r.change ? [r.change] : []));
            assert.deepEqual(changes, [
                {
                    text: `Transaction ${gapped.slice(0, 10)}…${gapped.slice(-6)} on ${which}: accepted in block ${receipt.blockNumber}.`,
                    severity: 'info',
                },
            ]);
            // Final: never read again.
            const entry = watcher.list.get(key);
            assert.equal(entry?.final, true);
            assert.equal(watcher.list.nextWakeMs(Date.now() + 3_600_000), undefined);
            assert.equal(
                watcher.list.takeDue(Date.now() + 3_600_000).some((e) => e.key === key),
                false,
            );
            const fillerReceipt = await held.receipt(filler);
            console.log(
                `      ${which}: ${reads.length + 1} reads pending, then accepted; filler in block ${fillerReceipt.blockNumber}, the watched one in ${receipt.blockNumber}`,
            );
        });
    }

    it("(node) the L1 validator read with its real balance, the node's fee and the runway they give", async () => {
        const validationId = info.l1.validationId;
        assert.ok(validationId, 'the harness converted the subnet to an L1');
        const watcher = new Watcher(sources);
        const target: WatchTarget = {
            kind: 'l1Validator',
            network: 'local',
            validationId,
            subnetId: info.l1.subnetId,
            nodeId: info.nodeId,
        };
        const key = watcher.add(target);
        const { observation, change } = await watcher.read(key);
        // The node's own answers, read after the watch's on a P-Chain with no block between.
        const validator = await sources.client.call(m['platform.getL1Validator'], {
            validationID: validationId,
        });
        const fees = await sources.validatorFees('local', AbortSignal.timeout(10_000));
        const balance = validator.validator.balance;
        assert.ok(balance !== undefined && BigInt(balance) > 0n, JSON.stringify(validator));
        assert.equal(observation.balance, balance);
        assert.equal(observation.status, 'ok', observation.summary);
        assert.equal(observation.value, `active:${balance}`);
        assert.equal(change, undefined);
        // One validator is below the fee's target (config.target), so the excess stays 0 and
        // the price is the floor, 1 nAVAX a second on a local network.
        assert.ok(fees.config, 'getValidatorFeeConfig answered');
        assert.equal(fees.state.excess, '0');
        assert.equal(fees.state.price, fees.config.minPrice);
        assert.equal(observation.runwaySeconds, Number(balance) / Number(fees.state.price));
        const runway = validatorRunway(balance, fees.state.price, fees.config);
        assert.ok(runway?.soonestSeconds !== undefined && runway.latestSeconds !== undefined);
        // At its floor the price cannot fall: the latest is today's; it can rise: the soonest is less.
        assert.equal(runway.latestSeconds, runway.atPriceSeconds);
        assert.ok(runway.soonestSeconds < runway.atPriceSeconds);
        const detail = (label: string) => observation.details.find((d) => d.label === label)?.value;
        assert.equal(detail('Node'), info.nodeId);
        assert.equal(detail('L1'), info.l1.subnetId);
        assert.equal(detail('Weight'), info.l1.validatorWeight);
        assert.match(
            detail('Runway') ?? '',
            /at today's fee \(.+ if the fee rises as fast as it can/,
        );
        console.log(
            `      balance ${balance} nAVAX, price ${fees.state.price} nAVAX/s (excess ${fees.state.excess}, P-Chain time ${fees.state.timestamp}): ${observation.summary}; ${detail('Runway')}`,
        );

        // A threshold raised above the runway marks the validator (status 'warning', what the
        // Validators view shows) but is not news: the user moved it, not the balance. The
        // balance falling through it is told (the next tests).
        const longer = (observation.runwaySeconds ?? 0) * 2;
        const under = await watcher.read(key, longer);
        assert.equal(under.observation.status, 'warning');
        assert.equal(under.change, undefined);

        // The L1 as a whole: its one validator, found by platform.getCurrentValidators.
        const l1Key = watcher.add({
            kind: 'l1',
            network: 'local',
            subnetId: info.l1.subnetId,
            name: l1ChainName,
        });
        const l1 = await watcher.read(l1Key);
        assert.equal(l1.observation.status, 'ok', l1.observation.summary);
        assert.equal(l1.observation.validators?.length, 1);
        assert.equal(l1.observation.validators[0]?.validationId, validationId);
        assert.equal(l1.observation.validators[0]?.nodeId, info.nodeId);
        assert.match(l1.observation.summary, /^1 validator · shortest runway /);
    });

    it('(node) a real IncreaseL1ValidatorBalanceTx watched from its issue is seen committed, and the validator topped up by it', async () => {
        const validationId = info.l1.validationId;
        assert.ok(validationId);
        const watcher = new Watcher(sources);
        const validatorKey = watcher.add({
            kind: 'l1Validator',
            network: 'local',
            validationId,
            subnetId: info.l1.subnetId,
        });
        const before = await watcher.read(validatorKey);
        const feesBefore = await sources.validatorFees('local', AbortSignal.timeout(10_000));

        const amount = 1_000_000n;
        const txId = await increaseL1ValidatorBalance(info.uri, validationId, amount);
        const issuedAt = Date.now();
        const txKey = watcher.add({ kind: 'pTx', network: 'local', txId });
        const reads = await readUntil(watcher, txKey, (o) => o.final, 30_000);
        // The node builds the P-Chain block at once: platform.getTxStatus answered Committed at
        // the first read, 2 ms after platform.issueTx returned, in one run; Processing (status
        // 'pending', nothing told) and then Committed 254 ms after it in another.
        console.log(
            `      ${txId}: ${reads.map((r) => r.observation.value).join(' → ')}, ${reads[reads.length - 1]!.atMs - issuedAt} ms after platform.issueTx returned`,
        );
        const last = reads[reads.length - 1]!;
        assert.equal(last.observation.status, 'done');
        assert.equal(last.observation.value, 'Committed');
        assert.ok(reads.slice(0, -1).every((r) => r.observation.value === 'Processing'));
        const changes = reads.flatMap((r) => (r.change ? [r.change] : []));
        assert.deepEqual(changes, [
            {
                text: `P-Chain transaction ${txId.slice(0, 8)}…${txId.slice(-6)}: committed (IncreaseL1ValidatorBalanceTx).`,
                severity: 'info',
            },
        ]);
        assert.equal(watcher.list.get(txKey)?.final, true);

        const after = await watcher.read(validatorKey);
        const feesAfter = await sources.validatorFees('local', AbortSignal.timeout(10_000));
        // The node states the balance at its P-Chain time: the fee accrued between the two
        // blocks' times is taken, at a price that stayed at its floor.
        const elapsedSeconds = BigInt(
            (Date.parse(feesAfter.state.timestamp) - Date.parse(feesBefore.state.timestamp)) / 1000,
        );
        assert.equal(feesAfter.state.price, feesBefore.state.price);
        assert.equal(
            BigInt(after.observation.balance ?? '0'),
            BigInt(before.observation.balance ?? '0') +
                amount -
                BigInt(feesAfter.state.price) * elapsedSeconds,
        );
        assert.match(
            after.change?.text ?? '',
            new RegExp(`^L1 validator .+ of L1 ${info.l1.subnetId} was topped up by .+ AVAX: `),
        );
        assert.equal(after.change?.severity, 'info');
    });

    it("(node) the fee charged as the P-Chain's time moves takes the runway under a threshold set just below it: told once", async () => {
        const validationId = info.l1.validationId;
        assert.ok(validationId);
        const watcher = new Watcher(sources);
        const key = watcher.add({
            kind: 'l1Validator',
            network: 'local',
            validationId,
            subnetId: info.l1.subnetId,
        });
        // The node states the balance at the time of its last P-Chain block, so it moves only
        // when a block is accepted: a top-up of 1 nAVAX two seconds later makes one, and the
        // fee for those seconds (1 nAVAX each at the floor price) outweighs it.
        const first = await watcher.read(key);
        const runway = first.observation.runwaySeconds ?? 0;
        const thresholdSeconds = runway - 0.5;
        const before = await watcher.read(key, thresholdSeconds);
        assert.equal(before.observation.status, 'ok');
        await sleep(2_100);
        const txId = await increaseL1ValidatorBalance(info.uri, validationId, 1n);
        const txKey = watcher.add({ kind: 'pTx', network: 'local', txId });
        await readUntil(watcher, txKey, (o) => o.final, 30_000);
        const crossed = await watcher.read(key, thresholdSeconds);
        assert.ok(
            BigInt(crossed.observation.balance ?? '0') < BigInt(first.observation.balance ?? '0'),
            `${first.observation.balance} → ${crossed.observation.balance}`,
        );
        assert.equal(crossed.observation.status, 'warning');
        assert.match(
            crossed.change?.text ?? '',
            new RegExp(
                `^L1 validator .+ of L1 ${info.l1.subnetId} has .+ of balance left at today's fee, under the .+ you set\\.$`,
            ),
        );
        assert.equal(crossed.change?.severity, 'warning');
        assert.equal((await watcher.read(key, thresholdSeconds)).change, undefined, 'told once');
        console.log(
            `      ${first.observation.balance} → ${crossed.observation.balance} nAVAX: ${crossed.change?.text}`,
        );
    });

    // Last: it stops the node. It leaves it started and bootstrapped on the same data dir and port.
    it('(node) the node stopped is seen down, and started again is seen back', async () => {
        const { node } = realNetwork();
        const watcher = new Watcher(sources);
        const key = watcher.add({ kind: 'node', url: info.uri, name: 'local' });
        try {
            // An earlier case may have restarted the node: until its health checks have run
            // once it is starting (pending), not up.
            const first = await readUntil(watcher, key, (o) => o.value === 'up', 120_000);
            const up = first[first.length - 1]!;
            assert.equal(up.observation.status, 'ok', JSON.stringify(up.observation));
            assert.equal(up.observation.summary, 'up');
            assert.ok(
                first.every(
                    (r) => r.observation.status === 'ok' || r.observation.status === 'pending',
                ),
                JSON.stringify(first.map((r) => r.observation.summary)),
            );

            let t = Date.now();
            await node.stop();
            const stopMs = Date.now() - t;
            const down = await watcher.read(key);
            assert.equal(down.observation.status, 'down');
            // Nothing listens on the port: the connection is refused, which is "down", not
            // "failing" (a node that answers with HTTP errors).
            assert.equal(down.observation.value, 'down', down.observation.summary);
            assert.match(down.change?.text ?? '', /^Node local is down: .+\.$/);
            assert.equal(down.change?.severity, 'warning');
            const error = down.observation.details.find((d) => d.label === 'Error')?.value;
            console.log(`      stopped (SIGTERM) in ${stopMs} ms; the read said: ${error}`);
            assert.equal((await watcher.read(key)).change, undefined, 'told once');

            t = Date.now();
            const starting = node.start();
            const reads = await readUntil(watcher, key, (o) => o.value === 'up', 120_000);
            const backMs = Date.now() - t;
            await starting;
            await node.waitBootstrapped([...primaryChains, info.l1.blockchainId]);
            const allMs = Date.now() - t;
            const seen = reads.map((r) => r.observation.value);
            console.log(
                `      started again: seen up after ${backMs} ms (${reads.length} reads: ${[...new Set(seen)].join(' → ')}), P, X, C and the L1 bootstrapped after ${allMs} ms`,
            );
            const changes = reads.flatMap((r) => (r.change ? [r.change] : []));
            // Back once: from down straight to up, or through "still bootstrapping" when a read
            // lands between the HTTP server's start and the P-Chain's.
            assert.ok(changes.length === 1 || changes.length === 2, JSON.stringify(changes));
            assert.match(
                changes[0]!.text,
                // Bootstrapping by the health checks, or by the P-Chain where they gave no verdict.
                /^Node local is back: up(, still bootstrapping( the P-Chain)?)?\.$/,
            );
            assert.equal(changes[0]!.severity, 'info');
            if (changes.length === 2) assert.equal(changes[1]!.text, 'Node local is up.');
            assert.equal(
                describeChange(
                    watcher.list.get(key)!.target,
                    down.observation,
                    reads[reads.length - 1]!.observation,
                    threeDaysSeconds,
                )?.text,
                'Node local is back: up.',
            );
        } finally {
            if (!node.running) await node.start();
            await node.waitBootstrapped([...primaryChains, info.l1.blockchainId]);
        }
    });
});
