/**
 * `npm run bench:client`: the Data API client against bare undici, global fetch and
 * @avalanche-sdk/chainkit on `getTransaction`, over loopback against the sandbox, sequential and
 * at concurrency 16, with full validation (the client checks the parameters and parses the answer
 * with its zod schemas; chainkit validates with its own schemas; the two bare contestants only
 * parse JSON). Prints a table and writes bench/results/client.{md,json}.
 *
 * Fairness on a small shared machine: the sandbox runs in a process of its own (see
 * `placeBenchmark` for priority and optional pinning); sequential rounds run with this process and
 * the sandbox on one CPU (`onOneCpu`); the contestants take turns in short blocks, in orders where
 * each follows every other equally often (`balancedOrders`); ratios are medians of per-round
 * ratios, so a neighbour's burst of work moves both sides of a comparison together. Each
 * contestant rotates over 64 distinct transactions: identical GETs in flight share one request in
 * this client, which would flatter it.
 *
 * Budgets: client >= 0.95x bare undici in requests per second sequential, >= 1.0x at concurrency
 * 16 (the client's dispatch skips the stream and abort plumbing `undici.request` builds, which
 * pays for its own checks and parse); its p99 at most 1 ms above bare undici's. The client on the
 * proxy-aware transport when a proxy is set but the route is direct (loopback, `http.noProxy`)
 * keeps >= 0.8x. Against chainkit the figures are for information: what any undici-based client
 * can reach there is bounded by bare undici's own lead, which the run reports next to it.
 *
 * The ways out behind a proxy (issue 21), a row each: the client on the proxy-aware transport
 * with a route that stays direct; the client through a CONNECT proxy (a small one in this
 * process, test/helpers/connectProxy.ts, so its CPU counts here; the service under a name only the
 * proxy resolves); and undici's `fetch` with a new `Agent` per request, which is what VS Code's
 * patched global `fetch` does for every call (`createFetchPatch` in microsoft/vscode-proxy-agent).
 * Over loopback HTTP that row pays a TCP connection per request; against a real HTTPS service
 * it would also pay a TLS handshake per request.
 *
 * Where no setting names a proxy but VS Code resolves one (a PAC script, the system's proxy), two
 * more rows through the same proxy, both on VS Code's own `@vscode/proxy-agent` (code-server's
 * copy) with its host resolution naming the proxy: the client, whose transport asks VS Code once
 * per origin and keeps a pooled tunnel, against VS Code's patched `fetch` (`createFetchPatch`),
 * which resolves and builds a new `ProxyAgent` for every call (and leaves its tunnel open for the
 * keep-alive time, so it runs a tenth of the calls). Budget: the client with the proxy
 * from VS Code's resolution >= 0.9x the client with the same proxy from `http.proxy`.
 *
 * Environment: BENCH_ROUNDS (default 24), BENCH_SEQUENTIAL / BENCH_CONCURRENT (calls per block,
 * default 300 / 1200), BENCH_PIN=1, BENCH_NICE (see harness.ts).
 */
import { Agent, request, fetch as undiciFetch } from 'undici';

import { DataApiClient, networkTransport } from '../src/core';
import { startConnectProxy } from '../test/helpers/connectProxy';
import { codeServerProxyAgent, hostResolverParams } from '../test/helpers/vscodeProxyAgent';
import {
    type Contestant,
    contestantFigures,
    interleave,
    machineLine,
    markdownTable,
    type Measurement,
    pairedRatio,
    sequentialPlacement,
    summarize,
    withBenchSandbox,
    writeResults,
} from './harness';

// A multiple of 6, the rounds in which the balanced orders of six contestants come round.
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 24);
const sequentialCalls = Number(process.env['BENCH_SEQUENTIAL'] ?? 300);
const concurrentCalls = Number(process.env['BENCH_CONCURRENT'] ?? 1200);
const concurrency = 16;

const bareName = 'bare undici.request';
const oursName = 'DataApiClient';
const kitName = '@avalanche-sdk/chainkit';
const routedName = 'DataApiClient, proxy set, direct route';
const proxiedName = 'DataApiClient through CONNECT proxy';
const hostProxiedName = "DataApiClient, proxy from VS Code's resolution";
const patchedFetchName = "VS Code's patched fetch, same proxy";
const perRequestAgentName = 'fetch, new Agent per request';
const proxyOnlyHost = 'sandbox.proxy-only.test';

function main(): Promise<void> {
    return withBenchSandbox((sandbox, note) =>
        run(
            sandbox.urls.dataApiUrl,
            sandbox.urls.metricsUrl,
            sandbox.known.mainnet,
            note,
            sandbox.pid,
        ),
    );
}

async function run(
    base: string,
    metricsUrl: string,
    known: { cChainId: string; evmAddress: string },
    placementNote: string,
    sandboxPid: number | undefined,
): Promise<void> {
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    const hashes = await transactionHashes(
        `${base}/v1/chains/${known.cChainId}/addresses/${known.evmAddress}/transactions`,
        agent,
    );
    /** Each contestant walks the hashes on its own, so all of them ask for the same sequence. */
    const rotation = (): (() => string) => {
        let turn = 0;
        return () => hashes[turn++ % hashes.length]!;
    };
    const txUrl = (hash: string): string =>
        `${base}/v1/chains/${known.cChainId}/transactions/${hash}`;
    const client = new DataApiClient({ baseUrl: base, metricsUrl });
    const proxy = await startConnectProxy({ hosts: [proxyOnlyHost] });
    // Loopback never goes through the proxy, so this pays only for choosing the route.
    const routed = new DataApiClient({
        baseUrl: base,
        metricsUrl,
        transport: networkTransport({ proxy: proxy.url }),
    });
    const proxiedBase = base.replace('127.0.0.1', proxyOnlyHost);
    const proxied = new DataApiClient({
        baseUrl: proxiedBase,
        metricsUrl,
        transport: networkTransport({ proxy: proxy.url }),
    });
    // VS Code's resolver where the host (a PAC script on desktop) names the proxy for every URL.
    const vscodeProxyAgent = codeServerProxyAgent();
    const hostParams = hostResolverParams(() =>
        Promise.resolve(`PROXY ${new URL(proxy.url).host}`),
    );
    const hostResolver = vscodeProxyAgent?.createProxyResolver(hostParams);
    const hostProxied = hostResolver
        ? new DataApiClient({
              baseUrl: proxiedBase,
              metricsUrl,
              transport: networkTransport({}, undefined, { resolve: hostResolver.resolveProxyURL }),
          })
        : undefined;
    const patchedFetch =
        vscodeProxyAgent && hostResolver
            ? vscodeProxyAgent.createFetchPatch(hostParams, fetch, hostResolver.resolveProxyURL)
            : undefined;
    const { Avalanche } = await import('@avalanche-sdk/chainkit');
    // chainkit ignores the client-level server URL for these routes, so it is passed per call too;
    // its retries default to 120 s of backoff and are turned off to compare like with like.
    const sdk = new Avalanche({
        serverURL: base,
        enableTelemetry: false,
        retryConfig: { strategy: 'none' },
    });

    const bareHash = rotation();
    const fetchHash = rotation();
    const oursHash = rotation();
    const kitHash = rotation();
    const routedHash = rotation();
    const proxiedHash = rotation();
    const perRequestHash = rotation();
    const hostProxiedHash = rotation();
    const patchedFetchHash = rotation();
    const proxiedTxUrl = (hash: string): string =>
        `${proxiedBase}/v1/chains/${known.cChainId}/transactions/${hash}`;
    const contestants: Contestant[] = [
        {
            name: bareName,
            call: async () => {
                const res = await request(txUrl(bareHash()), { dispatcher: agent });
                if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
                return res.body.json();
            },
        },
        {
            name: 'global fetch',
            call: async () => {
                const res = await fetch(txUrl(fetchHash()));
                if (!res.ok) throw new Error(`status ${res.status}`);
                return res.json();
            },
        },
        {
            name: oursName,
            call: () => client.getTransaction({ chainId: known.cChainId, txHash: oursHash() }),
        },
        {
            name: routedName,
            call: () => routed.getTransaction({ chainId: known.cChainId, txHash: routedHash() }),
        },
        {
            name: proxiedName,
            call: () => proxied.getTransaction({ chainId: known.cChainId, txHash: proxiedHash() }),
        },
        {
            name: perRequestAgentName,
            call: async () => {
                const dispatcher = new Agent();
                try {
                    const res = await undiciFetch(txUrl(perRequestHash()), { dispatcher });
                    if (!res.ok) throw new Error(`status ${res.status}`);
                    return await res.json();
                } finally {
                    void dispatcher.close();
                }
            },
        },
        ...(hostProxied && patchedFetch
            ? [
                  {
                      name: hostProxiedName,
                      call: () =>
                          hostProxied.getTransaction({
                              chainId: known.cChainId,
                              txHash: hostProxiedHash(),
                          }),
                  },
                  {
                      name: patchedFetchName,
                      // Each call leaves its own agent's tunnel open for undici's keep-alive
                      // time (VS Code's patch never closes them): at full share the process
                      // runs out of file descriptors at concurrency 16.
                      callShare: 0.1,
                      call: async () => {
                          const res = await patchedFetch(proxiedTxUrl(patchedFetchHash()));
                          if (!res.ok) throw new Error(`status ${res.status}`);
                          return res.json();
                      },
                  },
              ]
            : []),
        {
            name: kitName,
            // Several times slower: fewer calls per block keep the rounds short without
            // changing its rate.
            callShare: 0.25,
            call: () =>
                sdk.data.evm.transactions.get(
                    { chainId: known.cChainId, txHash: kitHash() },
                    { serverURL: base, retries: { strategy: 'none' } },
                ),
        },
    ];

    // Each contestant must really get the transaction before any timing starts. chainkit, only
    // for information, is left out when its own schemas refuse the answer (its zod schemas lag
    // the published OpenAPI on some fields), and the run says why.
    let kitRefused: string | undefined;
    for (const c of [...contestants]) {
        const hash = hashes[0]!;
        let answer: string;
        try {
            answer = JSON.stringify(await c.call());
        } catch (error) {
            if (c.name !== kitName) throw error;
            const issues = (error as { cause?: { issues?: { path: unknown[] }[] } }).cause?.issues;
            kitRefused = `${(error as Error).message}${issues ? ` at ${issues.map((i) => i.path.join('.')).join(', ')}` : ''}`;
            contestants.splice(contestants.indexOf(c), 1);
            continue;
        }
        if (!answer.includes(hash.slice(2)))
            throw new Error(`${c.name} did not return a transaction`);
    }

    const modes = [
        { mode: 'sequential', calls: sequentialCalls, concurrency: 1 },
        { mode: `concurrency ${concurrency}`, calls: concurrentCalls, concurrency },
    ];
    const rows: string[][] = [];
    const json: Record<string, unknown>[] = [];
    const ratios: Record<string, unknown>[] = [];
    const verdicts: string[] = [];
    for (const { mode, calls, concurrency: n } of modes) {
        const results = await interleave(contestants, {
            rounds,
            calls,
            concurrency: n,
            label: mode,
            serverPids: [sandboxPid],
        });
        const of = (name: string): Measurement[] => results.get(name)!;
        const bare = summarize(of(bareName));
        const ours = summarize(of(oursName));
        for (const c of contestants) {
            const { cells, fields } = contestantFigures(of, c.name, bareName);
            rows.push([mode, ...cells]);
            json.push({ mode, ...fields });
        }
        const vsBare = pairedRatio(of(oursName), of(bareName));
        const routedVsBare = pairedRatio(of(routedName), of(bareName));
        const vsKit = kitRefused === undefined ? pairedRatio(of(oursName), of(kitName)) : undefined;
        const hostVsSetting = hostProxied
            ? pairedRatio(of(hostProxiedName), of(proxiedName))
            : undefined;
        const hostVsPatchedFetch = hostProxied
            ? pairedRatio(of(hostProxiedName), of(patchedFetchName))
            : undefined;
        const bareBudget = n === 1 ? 0.95 : 1.0;
        ratios.push({
            mode,
            clientVsBareBudget: bareBudget,
            clientVsBare: vsBare,
            ...(vsKit ? { clientVsChainkit: vsKit } : { chainkitRefused: kitRefused }),
            proxySetDirectRouteVsBare: routedVsBare,
            ...(hostVsSetting ? { hostResolvedProxyVsSettingProxy: hostVsSetting } : {}),
            ...(hostVsPatchedFetch ? { hostResolvedProxyVsPatchedFetch: hostVsPatchedFetch } : {}),
        });
        const checks: [string, boolean][] = [
            [
                `${mode}: client >= ${bareBudget.toFixed(2)}x bare undici (${vsBare.ratio.toFixed(2)}x ±${vsBare.spreadPercent.toFixed(0)}%)`,
                vsBare.ratio >= bareBudget,
            ],
            [
                `${mode}: client, proxy set, direct route >= 0.8x bare undici (${routedVsBare.ratio.toFixed(2)}x ±${routedVsBare.spreadPercent.toFixed(0)}%)`,
                routedVsBare.ratio >= 0.8,
            ],
            [
                `${mode}: client p99 <= bare p99 + 1 ms (${ours.p99Ms - bare.p99Ms >= 0 ? '+' : ''}${(ours.p99Ms - bare.p99Ms).toFixed(3)} ms)`,
                ours.p99Ms <= bare.p99Ms + 1,
            ],
        ];
        if (hostVsSetting && hostVsPatchedFetch) {
            checks.push([
                `${mode}: client, proxy from VS Code's resolution >= 0.9x the same proxy from http.proxy (${hostVsSetting.ratio.toFixed(2)}x ±${hostVsSetting.spreadPercent.toFixed(0)}%; ${hostVsPatchedFetch.ratio.toFixed(1)}x VS Code's patched fetch)`,
                hostVsSetting.ratio >= 0.9,
            ]);
        }
        for (const [text, ok] of checks) verdicts.push(`${ok ? 'PASS' : 'MISS'} ${text}`);
        if (!hostProxied) {
            verdicts.push(
                `INFO ${mode}: VS Code's proxy resolution not measured: code-server is not installed (npm test installs it)`,
            );
        }
        verdicts.push(
            vsKit
                ? `INFO ${mode}: client / chainkit ${vsKit.ratio.toFixed(1)}x ±${vsKit.spreadPercent.toFixed(0)}%`
                : `INFO ${mode}: chainkit not measured: ${kitRefused ?? ''}`,
        );
    }

    const header = [
        'mode',
        'contestant',
        'req/s',
        'spread',
        'p50 ms',
        'p99 ms',
        'CPU µs/call',
        'x bare undici (paired)',
    ];
    const machine = machineLine();
    const stamp = new Date().toISOString();
    const text = [
        `getTransaction over loopback against the sandbox, ${hashes.length} distinct transactions in rotation; ${rounds} interleaved rounds of ${sequentialCalls} sequential / ${concurrentCalls} concurrent calls per contestant (chainkit a quarter of that). Figures are medians over rounds; spread is half the interquartile range; ratios are medians of per-round ratios. CPU is this process's time per call (the sandbox runs in its own process).`,
        `Machine: ${machine}; ${placementNote}; ${sequentialPlacement()}. Taken ${stamp}.`,
        '',
        markdownTable(header, rows),
        '',
        ...verdicts,
    ].join('\n');
    console.log(text);
    writeResults('client', text, {
        machine,
        placement: `${placementNote}; ${sequentialPlacement()}`,
        stamp,
        rounds,
        sequentialCalls,
        concurrentCalls,
        results: json,
        ratios,
        verdicts,
    });

    await client.close();
    await routed.close();
    await proxied.close();
    await hostProxied?.close();
    await proxy.close();
    await agent.close();
}

/** Up to 64 distinct transaction hashes from the sandbox, read with bare undici. */
async function transactionHashes(listUrl: string, agent: Agent): Promise<string[]> {
    const hashes: string[] = [];
    let pageToken: string | undefined;
    do {
        const url = `${listUrl}?pageSize=100${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
        const res = await request(url, { dispatcher: agent });
        const body = (await res.body.json()) as {
            transactions: { nativeTransaction: { txHash: string } }[];
            nextPageToken?: string;
        };
        hashes.push(...body.transactions.map((t) => t.nativeTransaction.txHash));
        pageToken = body.nextPageToken;
    } while (pageToken && hashes.length < 64);
    if (hashes.length === 0) throw new Error('the sandbox address has no transactions');
    return [...new Set(hashes)].slice(0, 64);
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
