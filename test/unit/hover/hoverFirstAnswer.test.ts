/**
 * Lookups that ask several sources what an id is: every source at once, the first real answer
 * wins and the others are aborted; with no answer, a failure that might have been the answer
 * rejects (the hover's calm line) and otherwise the id is not found; a final answer (a transaction
 * that created nothing named by its id) does not wait for the sources before it. Then the same
 * against the sandbox: a cb58 id answered by one source does not wait for the others, which are
 * aborted; a P-Chain transaction of any age is answered by its id, never from the subnet list.
 */
import * as assert from 'node:assert/strict';

import {
    cb58Encode,
    DataApiClient,
    HoverResolver,
    HttpError,
    isAbortError,
    isHttpError,
    NodeRpcClient,
    parseIdentifier,
    type ResolveOptions,
} from '../../../src/core';
import {
    type Candidate,
    defaultResolverLimits,
    firstAnswer,
    type HoverClients,
    Lookup,
} from '../../../src/core/hover/resolve/lookup';
import { Dataset, type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { type SharedLookups, sharedLookups } from '../../helpers/sharedLookups';

const fastRetry = { maxRetries: 0 };

function lookupWith(signal?: AbortSignal): Lookup {
    const options: ResolveOptions = { network: 'mainnet', hasApiKey: false, signal };
    const none = (): never => {
        throw new Error('not used');
    };
    const clients = {
        dataApi: none,
        nodeRpc: none,
        chains: none,
        nodeChains: none,
        rpcFor: none,
    } as HoverClients;
    return new Lookup(
        clients,
        defaultResolverLimits,
        options,
        { chains: none, subnets: none },
        Date.now,
    );
}

/** A candidate that settles after `ms` and records whether its signal was aborted meanwhile. */
function settlesAfter<T>(
    ms: number,
    settle: () => T | undefined,
    seen: { aborted?: boolean },
): Candidate<T> {
    return (l) =>
        new Promise<T | undefined>((resolve, reject) => {
            const signal = l.signal!;
            const onAbort = (): void => {
                seen.aborted = true;
                clearTimeout(timer);
                reject(new DOMException('aborted', 'AbortError'));
            };
            const timer = setTimeout(() => {
                signal.removeEventListener('abort', onAbort);
                try {
                    resolve(settle());
                } catch (error) {
                    reject(error instanceof Error ? error : new Error(String(error)));
                }
            }, ms);
            signal.addEventListener('abort', onAbort);
        });
}

const failure = (status: number): HttpError =>
    new HttpError(`HTTP ${status}`, 'http://x/', status, String(status));

describe('(unit) first answer among the sources of a lookup', () => {
    it('takes the first real answer and aborts the others', async () => {
        const slow = {};
        const notIt = {};
        const started = Date.now();
        const answer = await firstAnswer(lookupWith(), [
            settlesAfter(1, () => undefined, notIt),
            settlesAfter(10, () => 'fast', {}),
            settlesAfter(2000, () => 'slow', slow),
        ]);
        assert.equal(answer, 'fast');
        assert.ok(Date.now() - started < 1000, 'did not wait for the slow source');
        assert.deepEqual(slow, { aborted: true });
        assert.deepEqual(notIt, {}, 'a source that had finished is left alone');
    });

    it('holds an answer until every source before it has said no', async () => {
        const answer = await firstAnswer(lookupWith(), [
            settlesAfter(60, () => 'created by the transaction', {}),
            settlesAfter(1, () => 'the transaction', {}),
        ]);
        assert.equal(answer, 'created by the transaction');
        const second = await firstAnswer(lookupWith(), [
            settlesAfter(60, () => undefined, {}),
            settlesAfter(1, () => 'the transaction', {}),
        ]);
        assert.equal(second, 'the transaction');
    });

    it('takes a final answer at once, without waiting for the sources before it', async () => {
        const before = {};
        const started = Date.now();
        const isFinal = (a: string): boolean => a === 'a transfer';
        const answer = await firstAnswer(
            lookupWith(),
            [
                settlesAfter<string>(2000, () => undefined, before),
                settlesAfter(5, () => 'a transfer', {}),
            ],
            isFinal,
        );
        assert.equal(answer, 'a transfer');
        assert.ok(Date.now() - started < 1000, 'did not wait for the source before it');
        assert.deepEqual(before, { aborted: true });
        // An answer that is not final still waits, and one of higher precedence still wins.
        const held = await firstAnswer(
            lookupWith(),
            [settlesAfter(60, () => 'a subnet', {}), settlesAfter(1, () => 'its creation', {})],
            isFinal,
        );
        assert.equal(held, 'a subnet');
        const first = await firstAnswer(
            lookupWith(),
            [settlesAfter(1, () => 'a subnet', {}), settlesAfter(30, () => 'a transfer', {})],
            isFinal,
        );
        assert.equal(first, 'a subnet');
    });

    it('lets an answer win over a source that failed before it', async () => {
        const answer = await firstAnswer(lookupWith(), [
            settlesAfter(
                1,
                () => {
                    throw failure(503);
                },
                {},
            ),
            settlesAfter(20, () => 'found', {}),
        ]);
        assert.equal(answer, 'found');
    });

    it('rejects with a failure that might have been the answer when none answered', async () => {
        const error = await firstAnswer(lookupWith(), [
            settlesAfter(
                1,
                () => {
                    throw failure(404);
                },
                {},
            ),
            settlesAfter(5, () => undefined, {}),
            settlesAfter(
                10,
                () => {
                    throw failure(429);
                },
                {},
            ),
        ]).catch((e: unknown) => e);
        assert.ok(isHttpError(error));
        assert.equal(error.status, 429);
    });

    it('resolves undefined when every source says no (a 404 says no)', async () => {
        const answer = await firstAnswer(lookupWith(), [
            settlesAfter(
                1,
                () => {
                    throw failure(404);
                },
                {},
            ),
            settlesAfter(5, () => undefined, {}),
        ]);
        assert.equal(answer, undefined);
    });

    it('rejects with an AbortError and aborts every source when the lookup is cancelled', async () => {
        const controller = new AbortController();
        const a = {};
        const b = {};
        const pending = firstAnswer(lookupWith(controller.signal), [
            settlesAfter(2000, () => 'a', a),
            settlesAfter(2000, () => 'b', b),
        ]);
        setTimeout(() => controller.abort(), 10);
        assert.ok(isAbortError(await pending.catch((e: unknown) => e)));
        assert.deepEqual([a, b], [{ aborted: true }, { aborted: true }]);
        controller.abort();
        assert.ok(
            isAbortError(
                await firstAnswer(lookupWith(controller.signal), []).catch((e: unknown) => e),
            ),
        );
    });
});

describe('(unit) cb58 lookups asking every source at once, against the sandbox', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let api: DataApiClient;
    let node: NodeRpcClient;
    let shared: SharedLookups;
    /** The signal of each Data API call, by operation, since the last reset. */
    let signals: { operation: string; signal: AbortSignal | undefined }[] = [];
    const options: ResolveOptions = { network: 'mainnet', hasApiKey: false };

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
        known = sandbox.known.mainnet;
        const client = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: fastRetry,
        });
        api = new Proxy(client, {
            get(target, key, receiver) {
                const value: unknown = Reflect.get(target, key, receiver);
                if (typeof value !== 'function') return value;
                return (...args: unknown[]) => {
                    const last = args.at(-1) as { signal?: AbortSignal } | undefined;
                    signals.push({ operation: String(key), signal: last?.signal });
                    return (value as (...a: unknown[]) => unknown).apply(target, args);
                };
            },
        });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: fastRetry });
        shared = sharedLookups(() => Promise.resolve(api), { retry: fastRetry }, sandbox.nodeUrl);
    });

    beforeEach(() => {
        sandbox.clearFaults();
        sandbox.clearRequests();
        signals = [];
    });

    after(async () => {
        await Promise.all([api.close(), node.close(), shared.close()]);
        await sandbox.close();
    });

    function resolver(limits: Partial<typeof defaultResolverLimits> = {}): HoverResolver {
        return new HoverResolver(
            {
                dataApi: () => Promise.resolve(api),
                nodeRpc: () => node,
                chains: (network, signal) => shared.chains(network, signal),
                nodeChains: (network, signal) => shared.nodeChains(network, signal),
                rpcFor: (rpcUrl) => shared.rpcFor(rpcUrl),
            },
            limits,
        );
    }

    it('answers an asset without waiting for the other sources, and aborts them', async () => {
        await shared.chains('mainnet');
        sandbox.addFault({ fault: { kind: 'latency', ms: 3000 }, target: 'getSubnetById' });
        const started = Date.now();
        const r = await resolver().resolve(parseIdentifier(known.xAssetId)!, options);
        assert.equal(r.kind, 'asset');
        assert.ok(Date.now() - started < 2000, 'did not wait for the subnet lookup');
        const subnetReads = signals.filter((s) => s.operation === 'getSubnetById');
        assert.equal(subnetReads.length, 1);
        assert.equal(subnetReads[0]!.signal?.aborted, true, 'the subnet lookup was aborted');
        assert.ok(signals.some((s) => s.operation === 'getTxByHash'));
    });

    it('still says why it cannot tell when a source failed and none answered', async () => {
        sandbox.addFault({ fault: { kind: 'status', status: 503 }, target: 'getSubnetById' });
        // A cb58 id of nothing: every other source says no, the subnet could not be read.
        const unknownId = cb58Encode(new Uint8Array(32).fill(7));
        const error = await resolver()
            .resolve(parseIdentifier(unknownId)!, options)
            .catch((e: unknown) => e);
        assert.ok(isHttpError(error), String(error));
        assert.equal(error.status, 503);
        sandbox.clearFaults();
        const r = await resolver().resolve(parseIdentifier(unknownId)!, options);
        assert.equal(r.kind, 'notFound');
    });

    it('answers a P-Chain transaction of any age by its id, without the subnet list', async () => {
        const primary = new Dataset('mainnet', 1, 'small').primary;
        const recent = primary.latestPHeight - 100;
        const old = [...primary.pTransactions()].find(
            ([, tx]) => tx.kind === 'base' && tx.at < recent,
        );
        assert.ok(old, 'the sandbox has a P-Chain transaction older than the latest 100 blocks');
        const [txId, tx] = old;
        // The first source in precedence is slow: a plain transfer does not wait for it.
        sandbox.addFault({ fault: { kind: 'latency', ms: 3000 }, target: 'listAssetTransactions' });
        const started = Date.now();
        const r = await resolver().resolve(parseIdentifier(txId)!, options);
        assert.equal(r.kind, 'primaryTx', JSON.stringify(r));
        assert.ok(r.kind === 'primaryTx');
        assert.equal(r.chain, 'P');
        assert.equal(r.txType, 'BaseTx');
        assert.equal(r.blockNumber, String(tx.at));
        assert.ok(Date.now() - started < 2000, 'did not wait for the asset lookup');
        const operations = sandbox.requests.flatMap((q) => q.operations);
        assert.ok(!operations.includes('listSubnets'), operations.join(', '));
        assert.ok(!operations.includes('listLatestPrimaryNetworkBlocks'), operations.join(', '));
    });

    it('keeps a subnet, a blockchain or an asset ahead of the transaction that created it', async () => {
        // Each of these ids is also the id of a P-Chain (or X-Chain) transaction.
        sandbox.addFault({ fault: { kind: 'latency', ms: 200 }, target: 'getSubnetById' });
        sandbox.addFault({ fault: { kind: 'latency', ms: 200 }, target: 'getBlockchainById' });
        const subnet = await resolver().resolve(parseIdentifier(known.l1SubnetId)!, options);
        assert.equal(subnet.kind, 'subnet');
        const chain = await resolver().resolve(parseIdentifier(known.l1BlockchainId)!, options);
        assert.equal(chain.kind, 'blockchain');
        const asset = await resolver().resolve(parseIdentifier(known.xAssetId)!, options);
        assert.equal(asset.kind, 'asset');
        const creations = await Promise.all(
            [known.l1SubnetId, known.l1BlockchainId].map((txHash) =>
                api.getTxByHash({ network: 'mainnet', blockchainId: 'p-chain', txHash }),
            ),
        );
        assert.deepEqual(
            creations.map((t) => t.txType),
            ['CreateSubnetTx', 'CreateChainTx'],
        );
    });
});
