/**
 * The watch list's request rate (`npm run bench`, part `watch`): 10 and 100 watched items of every
 * kind, read by the extension's own policy (`WatchList`: intervals per kind, the budget of
 * `avalanche.watch.requestsPerMinute` at its default, the token bucket) against the seeded sandbox
 * over real HTTP. Time is virtual, so ten minutes of watching take seconds: the reads are real and
 * answered by the sandbox, and the requests counted are the ones its server received.
 */
import {
    checkTarget,
    DataApiClient,
    icmHost,
    NodeRpcClient,
    splitRpcUrl,
    nodeRpcMethods as m,
    WatchList,
    type ValidatorFees,
    type WatchSources,
    type WatchTarget,
} from '../src/core';
import { settingDefaults, SettingKey } from '../src/platform/settingKeys';
import { type BenchCheck, exitWhenDone, withBenchSandbox, writeChecks } from './harness';

const minutes = Number(process.env['BENCH_WATCH_MINUTES'] ?? 10);
const budget = settingDefaults[SettingKey.WatchRequestsPerMinute];
const thresholdSeconds = settingDefaults[SettingKey.WatchRunwayWarningDays] * 86_400;

async function requestCount(dataApiUrl: string): Promise<number> {
    const response = await fetch(`${dataApiUrl}/__sandbox/state`);
    const state = (await response.json()) as { requestCount: number };
    return state.requestCount;
}

function hex(i: number, digits: number): string {
    return `0x${(0xbe00 + i).toString(16).padStart(digits, '0')}`;
}

async function main(): Promise<void> {
    const checks: BenchCheck[] = [];
    let note = '';
    await withBenchSandbox(async (sandbox, placementNote) => {
        note = placementNote;
        const known = sandbox.known.mainnet;
        const node = new NodeRpcClient({ url: sandbox.urls.nodeUrl });
        const api = new DataApiClient({
            baseUrl: sandbox.urls.dataApiUrl,
            metricsUrl: sandbox.urls.metricsUrl,
        });
        const validators = await api.listL1Validators({ network: 'mainnet', pageSize: 100 });
        let now = 0;
        let feesAt = -Infinity;
        let fees: Promise<ValidatorFees> | undefined;
        let list: WatchList;
        // As the extension's sources: the fee state read once a virtual minute and charged.
        const sources: WatchSources = {
            pChain: () => Promise.resolve(node),
            validatorFees: (_network, signal) => {
                if (!fees || now - feesAt >= 60_000) {
                    feesAt = now;
                    list.spend(2, now);
                    fees = Promise.all([
                        node.call(m['platform.getValidatorFeeState'], {}, { signal }),
                        node.call(m['platform.getValidatorFeeConfig'], {}, { signal }),
                    ]).then(([state, config]) => ({ state, config }));
                }
                return fees;
            },
            evmChain: (_network, chainId) =>
                Promise.resolve(
                    chainId === known.cChainId
                        ? {
                              target: { client: node, path: '/ext/bc/C/rpc' },
                              name: 'C-Chain',
                              symbol: 'AVAX',
                          }
                        : undefined,
                ),
            dataApi: () => Promise.resolve(api),
            node: () => node,
            // As the extension's: the Data API's chain list and the node's blockchains, each
            // chain's RPC on the sandbox's node, one client per base URL.
            icmHost: (network, signal) =>
                icmHost(
                    {
                        network,
                        chains: async (inner) =>
                            (
                                await api.supportedChains(
                                    { network: 'mainnet' },
                                    inner ? { signal: inner } : {},
                                )
                            ).chains,
                        nodeRpc: () => node,
                        nodeUrl: sandbox.urls.nodeUrl,
                        rpcFor: (url) => {
                            const split = splitRpcUrl(url);
                            return split ? { client: node, path: split.path } : undefined;
                        },
                    },
                    signal,
                ),
        };

        /** `n` items: validators, an L1, balances, transactions that never land, P-Chain txs, the node. */
        const targets = (n: number): WatchTarget[] => {
            const out: WatchTarget[] = [];
            for (let i = 0; out.length < n; i++) {
                const v = validators.items[i % Math.max(1, validators.items.length)];
                switch (i % 5) {
                    case 0:
                        if (v && i < validators.items.length * 5) {
                            out.push({
                                kind: 'l1Validator',
                                network: 'mainnet',
                                validationId: v.validationId,
                                subnetId: v.subnetId,
                            });
                        } else {
                            out.push({
                                kind: 'evmAddress',
                                network: 'mainnet',
                                chainId: known.cChainId,
                                address: hex(i + 5000, 40),
                            });
                        }
                        break;
                    case 1:
                        out.push({
                            kind: 'evmAddress',
                            network: 'mainnet',
                            chainId: known.cChainId,
                            address: hex(i, 40),
                        });
                        break;
                    case 2:
                        // Unknown to the chain: never final, read on the transaction schedule.
                        out.push({
                            kind: 'evmTx',
                            network: 'mainnet',
                            chainId: known.cChainId,
                            hash: hex(i, 64),
                        });
                        break;
                    case 3:
                        out.push(
                            i === 3
                                ? { kind: 'l1', network: 'mainnet', subnetId: known.l1SubnetId }
                                : { kind: 'node', url: `${sandbox.urls.nodeUrl}/n${i}` },
                        );
                        break;
                    default:
                        out.push({
                            kind: 'evmAddress',
                            network: 'mainnet',
                            chainId: known.cChainId,
                            address: hex(i + 10_000, 40),
                        });
                }
            }
            return out;
        };

        for (const n of [10, 100]) {
            process.stderr.write(`watch: ${n} items, ${minutes} virtual minutes\n`);
            now = 0;
            fees = undefined;
            list = new WatchList({ requestsPerMinute: budget }, now);
            for (const target of targets(n)) list.add(target, now);
            const planned = list.plannedPerMinute(now);
            const before = await requestCount(sandbox.urls.dataApiUrl);
            const signal = new AbortController().signal;
            const end = minutes * 60_000;
            let firstRoundDoneMs: number | undefined;
            while (now < end) {
                const due = list.takeDue(now);
                await Promise.all(
                    due.map(async (entry) => {
                        try {
                            const read = await checkTarget(
                                entry.target,
                                sources,
                                thresholdSeconds,
                                signal,
                            );
                            list.record(entry.key, read, now, thresholdSeconds);
                        } catch (error) {
                            list.recordError(entry.key, error, String(error), now);
                        }
                    }),
                );
                if (
                    firstRoundDoneMs === undefined &&
                    list.items().every((e) => e.checkedAtMs !== undefined)
                ) {
                    firstRoundDoneMs = now;
                }
                const wake = list.nextWakeMs(now);
                if (wake === undefined) break;
                now = Math.max(now + 1, wake);
            }
            const received = (await requestCount(sandbox.urls.dataApiUrl)) - before;
            const perMinute = received / minutes;
            checks.push({
                name: `requests a minute for ${n} watched items`,
                key: `watch.rate${n}`,
                value: perMinute,
                unit: 'req/min',
                budget,
                passed: perMinute <= budget,
                detail: `${received} requests the sandbox received in ${minutes} virtual minutes (the list counted ${list.spent}); unbounded, the items' own intervals would ask ${planned.toFixed(1)} a minute; every item read once by ${((firstRoundDoneMs ?? NaN) / 1000).toFixed(0)} s`,
            });
        }
        // One ICM message that is never delivered (its L1 is still bootstrapping), watched
        // alone: each read is the tracker's batches on both chains and the directory's lists.
        {
            process.stderr.write(
                `watch: one undelivered ICM message, ${minutes} virtual minutes\n`,
            );
            now = 0;
            list = new WatchList({ requestsPerMinute: budget }, now);
            list.add(
                {
                    kind: 'icmMessage',
                    network: 'mainnet',
                    chain: known.cChainId,
                    messageId: known.icmUndeliveredMessageId,
                    undeliveredMinutes: 30,
                },
                now,
            );
            const before = await requestCount(sandbox.urls.dataApiUrl);
            const signal = new AbortController().signal;
            let reads = 0;
            let state = '';
            while (now < minutes * 60_000) {
                for (const entry of list.takeDue(now)) {
                    try {
                        const read = await checkTarget(
                            entry.target,
                            sources,
                            thresholdSeconds,
                            signal,
                            { addedAtMs: 0, nowMs: now },
                        );
                        state = read.summary;
                        list.record(entry.key, read, now, thresholdSeconds);
                    } catch (error) {
                        state = String(error);
                        list.recordError(entry.key, error, String(error), now);
                    }
                    reads++;
                }
                const wake = list.nextWakeMs(now);
                if (wake === undefined) break;
                now = Math.max(now + 1, wake);
            }
            const received = (await requestCount(sandbox.urls.dataApiUrl)) - before;
            const perMinute = received / minutes;
            // Six requests a read (checkCost), every 30 s in the first ten minutes.
            const icmBudget = 12;
            checks.push({
                name: 'requests a minute for one watched ICM message',
                key: 'watch.icmMessage',
                value: perMinute,
                unit: 'req/min',
                budget: icmBudget,
                passed: perMinute <= icmBudget && /not delivered/.test(state),
                detail: `${received} requests in ${reads} reads over ${minutes} virtual minutes (${(received / Math.max(1, reads)).toFixed(1)} a read; the list counted ${list.spent}); last read: ${state.slice(0, 80)}`,
            });
        }
        await Promise.all([node.close(), api.close()]);
    });

    writeChecks(
        'watch',
        `Watch list: requests a minute the list spends for 10 and 100 items (L1 validators, an L1, EVM balances, transactions that never land, nodes), and one undelivered ICM message alone, read by the extension's policy at the default budget of ${budget} requests a minute, against the sandbox (${note}) over real HTTP on a virtual clock of ${minutes} minutes.`,
        checks,
        (c) => `${c.value.toFixed(1)} ${c.unit}`,
        { minutes, budget },
    );
}

if (require.main === module) exitWhenDone(main());
