/**
 * The hover cache is bounded in entries (least recently used out first, pending lookups kept until
 * they settle, background retry timers cleared with their entries) and in bytes: each entry is
 * one live answer, whose lists the resolver caps (tokens, transactions, transfers), so the bytes
 * an entry can hold are measured here on the largest answers the sandbox gives, with every free
 * text replaced by the 10,000-character hostile strings.
 */
import * as assert from 'node:assert/strict';

import {
    DataApiClient,
    findIdentifiers,
    HoverCache,
    HoverResolver,
    isAbortError,
    NodeRpcClient,
} from '../../../src/core';
import { startSandbox } from '../../sandbox';
import { type SharedLookups, sharedLookups } from '../../helpers/sharedLookups';
import type { Sandbox } from '../../sandbox/types';
import { recorded } from '../../reliability/record';

/** Entries the extension's hover engine keeps (src/core/hover/engine.ts). */
const engineMaxEntries = 300;

describe('(unit) bounds: hover cache', function () {
    this.timeout(120_000);

    it('holds at most maxEntries answers; pending loads are shared, then evicted like the rest', async () => {
        await recorded('bounds', 'hover cache: entries and retry timers', async () => {
            const cache = new HoverCache<string>({
                maxEntries: 50,
                ttlMs: 60_000,
                errorTtlMs: () => 60_000,
                retryDelayMs: (answer) => ('error' in answer ? 60_000 : undefined),
            });
            for (let i = 0; i < 1_000; i++)
                await cache.load(`k${i}`, () => Promise.resolve(`v${i}`));
            assert.ok(cache.size <= 50, `${cache.size} entries`);
            assert.equal(
                await cache.load('k999', () => Promise.resolve('again')),
                'v999',
                'the newest are kept',
            );
            // 200 failures, each holding a background retry timer: evicted ones lose their timer.
            const timersBefore = process
                .getActiveResourcesInfo()
                .filter((r) => r === 'Timeout').length;
            for (let i = 0; i < 200; i++) {
                await cache
                    .load(`e${i}`, () => Promise.reject(new Error('down')))
                    .catch(() => undefined);
            }
            const timersAfter = process
                .getActiveResourcesInfo()
                .filter((r) => r === 'Timeout').length;
            assert.ok(cache.size <= 50);
            assert.ok(
                timersAfter - timersBefore <= 50,
                `${timersAfter - timersBefore} retry timers alive for ${cache.size} entries`,
            );
            // Loads under way are not evicted (their callers share them) but settle into the bound.
            const releases: (() => void)[] = [];
            const pending = Array.from({ length: 80 }, (_, i) =>
                cache.load(
                    `p${i}`,
                    () => new Promise<string>((resolve) => releases.push(() => resolve(`p${i}`))),
                ),
            );
            assert.ok(cache.size <= 50 + 80);
            for (const release of releases) release();
            await Promise.all(pending);
            assert.ok(cache.size <= 50, `${cache.size} entries after the pending loads settled`);
            cache.dispose();
            const timersDisposed = process
                .getActiveResourcesInfo()
                .filter((r) => r === 'Timeout').length;
            assert.ok(timersDisposed <= timersBefore, 'dispose clears the retry timers');
            return {
                cases: 1_281,
                detail: 'maxEntries 50 held over 1,280 keys; retry timers ≤ entries, none after dispose',
            };
        });
    });

    describe('bytes per entry, hostile data', () => {
        let sandbox: Sandbox;
        let dataApi: DataApiClient;
        const rpc = new Map<string, NodeRpcClient>();
        let shared: SharedLookups | undefined;

        before(async () => {
            sandbox = await startSandbox({ settings: { hostile: true } });
            dataApi = new DataApiClient({
                baseUrl: sandbox.dataApiUrl,
                metricsUrl: sandbox.metricsUrl,
            });
        });
        after(async () => {
            await dataApi?.close();
            for (const client of rpc.values()) await client.close();
            await shared?.close();
            await sandbox?.close();
        });

        it(`one answer stays under 256 KB, so ${engineMaxEntries} entries stay under 75 MB`, async () => {
            await recorded(
                'bounds',
                'hover cache: bytes per entry (hostile data)',
                async (progress) => {
                    const lookups = sharedLookups(() => Promise.resolve(dataApi));
                    shared = lookups;
                    const clients = {
                        dataApi: () => Promise.resolve(dataApi),
                        nodeRpc: () => {
                            let client = rpc.get(sandbox.nodeUrl);
                            if (!client)
                                rpc.set(
                                    sandbox.nodeUrl,
                                    (client = new NodeRpcClient({ url: sandbox.nodeUrl })),
                                );
                            return client;
                        },
                        chains: (network: 'mainnet' | 'fuji', signal?: AbortSignal) =>
                            lookups.chains(network, signal),
                        nodeChains: () => Promise.resolve([]),
                        rpcFor: (rpcUrl: string) => lookups.rpcFor(rpcUrl),
                    };
                    const resolver = new HoverResolver(clients);
                    const k = sandbox.known.mainnet;
                    const text = [
                        k.evmAddress,
                        k.erc20Contract,
                        k.evmTxHash,
                        k.teleporterTxHash,
                        k.pChainAddress,
                        k.xChainAddress,
                        k.pChainTxHash,
                        k.xChainTxHash,
                        k.l1SubnetId,
                        k.subnetId,
                        k.l1BlockchainId,
                        k.xAssetId,
                        k.l1NodeId,
                        k.nodeId,
                        k.l1ValidationId,
                    ].join(' ');
                    let largest = 0;
                    let largestKind = '';
                    for (const id of findIdentifiers(text)) {
                        let bytes = 0;
                        try {
                            const result = await resolver.resolve(id, {
                                network: 'mainnet',
                                hasApiKey: false,
                            });
                            bytes = JSON.stringify(result, (_k, v: unknown) =>
                                typeof v === 'bigint' ? v.toString() : v,
                            ).length;
                        } catch (error) {
                            if (isAbortError(error)) throw error;
                            continue;
                        }
                        progress.cases++;
                        if (bytes > largest) {
                            largest = bytes;
                            largestKind = `${id.kind} ${id.text.slice(0, 12)}…`;
                        }
                    }
                    assert.ok(progress.cases >= 10, `${progress.cases} answers`);
                    assert.ok(
                        largest <= 256 * 1024,
                        `the largest answer is ${largest} characters (${largestKind})`,
                    );
                    return {
                        cases: progress.cases,
                        detail: `largest answer ${(largest / 1024).toFixed(1)} KB (${largestKind}); ${engineMaxEntries} entries ≤ ${((largest * engineMaxEntries) / 1_048_576).toFixed(1)} MB`,
                    };
                },
            );
        });
    });
});
