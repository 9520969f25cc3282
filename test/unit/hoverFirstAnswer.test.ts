/**
 * Lookups that ask several sources what an id is: every source at once, the first real answer
 * wins and the others are aborted; with no answer, a failure that might have been the answer
 * rejects (the hover's calm line) and otherwise the id is not found. Then the same against the
 * sandbox: a cb58 id answered by one source does not wait for the subnet directory, whose read is
 * aborted, and the directory reads a short page of the newest subnets before full pages.
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
} from '../../src/core';
import {
    type Candidate,
    defaultResolverLimits,
    firstAnswer,
    type HoverClients,
    Lookup,
} from '../../src/core/hover/resolve/lookup';
import { type KnownIds, type Sandbox, startSandbox } from '../sandbox';
import { type SharedLookups, sharedLookups } from './helpers/sharedLookups';

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

    it('answers an asset without waiting for the subnet directory, and aborts its read', async () => {
        await shared.chains('mainnet');
        sandbox.addFault({ fault: { kind: 'latency', ms: 3000 }, target: 'listSubnets' });
        const started = Date.now();
        const r = await resolver().resolve(parseIdentifier(known.xAssetId)!, options);
        assert.equal(r.kind, 'asset');
        assert.ok(Date.now() - started < 2000, 'did not wait for the subnet list');
        const subnetReads = signals.filter((s) => s.operation === 'listSubnets');
        assert.equal(subnetReads.length, 1);
        assert.equal(subnetReads[0]!.signal?.aborted, true, 'the subnet read was aborted');
        const losers = signals.filter((s) => s.operation === 'listLatestPrimaryNetworkBlocks');
        assert.ok(losers.length > 0);
    });

    it('still says why it cannot tell when a source failed and none answered', async () => {
        sandbox.addFault({ fault: { kind: 'status', status: 503 }, target: 'listSubnets' });
        // A cb58 id of nothing: every other source says no, the subnet list could not be read.
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

    it('reads a short page of the newest subnets first, then full pages from the start', async () => {
        const r = await resolver({ newestSubnetsPageSize: 2, subnetPageSize: 10 }).resolve(
            parseIdentifier(known.subnetId)!,
            options,
        );
        assert.equal(r.kind, 'subnet');
        const reads = sandbox.requests
            .filter((q) => q.operations.includes('listSubnets'))
            .map((q) => new URL(q.url, 'http://x').searchParams);
        assert.ok(reads.length >= 2, `${reads.length} reads`);
        assert.equal(reads[0]!.get('pageSize'), '2');
        assert.equal(reads[1]!.get('pageSize'), '10');
        assert.equal(reads[1]!.get('pageToken'), null, 'the short page token is not reused');
        assert.ok(reads.slice(2).every((q) => q.get('pageToken') !== null));
    });
});
