/**
 * Behind a proxy, in the real extension host: the sandbox is reachable only through a real squid
 * on loopback (its URLs use a host name that only squid resolves), named by `http.proxy` or by
 * HTTPS_PROXY (scripts/hostTest.mjs with HOST_PROXY=setting|env). Trees, a hover and a panel
 * work; the proxy's log shows a tunnel for every service and never the API key; `http.noProxy`
 * sends the node's requests around the proxy; a proxy that demands credentials gets them from
 * `http.proxyAuthorization`. With HOST_TLS=1 the sandbox speaks HTTPS with a test root that only
 * the system's store trusts: requests succeed with `http.systemCertificates` on, and fail with a
 * sentence naming the host with it off, and `http.proxyStrictSSL: false` accepts it anyway.
 * Skipped in a run without HOST_PROXY.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import { nodeRpcMethods } from '../../src/core/nodeRpc/methods';
import type { DataApiQuery } from '../../src/shared/query';
import { hostResolverParams, proxyAgentBeside } from '../helpers/vscodeProxyAgent';
import { recorded } from '../reliability/record';
import { queryApi, renderedPanel } from './commandsScript';
import { eventually } from './helpers';
import { clearSandboxRequests, sandboxRequests, testEnv, type ProxyTestEnv } from './testEnv';
import { extensionApi, labelOf, ofKind, rows } from './treesSupport';

const apiKey = 'proxy-test-key-0123456789';

suite('(integration) proxy and TLS inspection', function () {
    this.timeout(90_000);
    let proxy: ProxyTestEnv;

    suiteSetup(async function () {
        const env = testEnv().proxy;
        if (!env) {
            this.skip();
        }
        proxy = env;
        const api = await extensionApi();
        await api.secrets.setDataApiKey(apiKey);
    });

    suiteTeardown(async () => {
        if (!proxy) return;
        const api = await extensionApi();
        await api.secrets.clearDataApiKey();
        const http = vscode.workspace.getConfiguration('http');
        for (const key of [
            'noProxy',
            'proxyAuthorization',
            'proxyStrictSSL',
            'systemCertificates',
        ]) {
            await http.update(key, undefined, vscode.ConfigurationTarget.Global);
        }
        if (proxy.mode === 'setting') {
            await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
        } else {
            await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
        }
    });

    /** Runs a check and records its row for the reliability table (area `proxy`). */
    function check(name: string, body: () => Promise<void>): Promise<void> {
        const where = `${proxy.mode === 'setting' ? 'http.proxy' : 'HTTPS_PROXY'}${proxy.tls ? ', HTTPS' : ''}`;
        return recorded('proxy', `${name} (${where})`, async () => {
            await clearSandboxRequests();
            await body();
            return { cases: 1, requests: (await sandboxRequests()).length };
        });
    }

    const log = (): string => readFileSync(proxy.accessLog, 'utf8');
    /**
     * Waits for the proxy's log to match: squid writes a tunnel's line when the tunnel closes, so
     * the clients are dropped first (their kept-alive connections close).
     */
    async function logged(pattern: RegExp, what: string): Promise<string> {
        (await extensionApi()).clients.reset();
        return eventually(() => (pattern.test(log()) ? log() : undefined), what, 15_000);
    }
    const portOf = (url: string): string =>
        new URL(url).port || (url.startsWith('https:') ? '443' : '80');

    /** Changes an `http.*` setting and waits until the clients were rebuilt for it. */
    async function setHttp(key: string, value: unknown): Promise<void> {
        const api = await extensionApi();
        const changed = new Promise<void>((resolve) => {
            const sub = api.clients.onDidChange(() => {
                sub.dispose();
                resolve();
            });
        });
        await vscode.workspace
            .getConfiguration('http')
            .update(key, value, vscode.ConfigurationTarget.Global);
        await changed;
    }

    async function nodeNetworkId(): Promise<string> {
        const api = await extensionApi();
        const answer = await api.clients.nodeRpc().call(nodeRpcMethods['info.getNetworkID'], {});
        return String(answer.networkId);
    }

    async function nodeFailure(): Promise<string> {
        try {
            await nodeNetworkId();
        } catch (error) {
            return (error as Error).message;
        }
        assert.fail('the node answered');
    }

    test('trees, a hover and a panel work through the proxy, whose log shows every service and no key', () =>
        check('trees, hover and panel through the proxy; API key never reaches it', async () => {
            const { dataApiUrl, nodeUrl, known } = testEnv();
            await clearSandboxRequests();
            const api = await extensionApi();
            await api.trees.refresh('chains');
            await api.trees.refresh('node');
            const chains = await rows('chains');
            assert.equal(ofKind(chains, 'error').length, 0, 'no error row in Chains');
            const node = await rows('node');
            assert.equal(await labelOf(node[0]!), 'Reachable');

            const document = await vscode.workspace.openTextDocument(
                vscode.Uri.file(path.join(testEnv().workspaceDir, 'hovers', 'samples.ts')),
            );
            const offset = document.getText().indexOf(known.mainnet.evmAddress);
            const hoverText = await eventually(async () => {
                const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
                    'vscode.executeHoverProvider',
                    document.uri,
                    document.positionAt(offset + 2),
                );
                const text = hovers
                    .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
                    .join('\n');
                return /Balance: [\d,]+/.test(text) ? text : undefined;
            }, 'a live hover');
            assert.match(hoverText, /On Avalanche C\\-Chain/);

            const query: DataApiQuery = {
                source: 'dataApi',
                operation: 'listTransactions',
                params: {
                    chainId: known.mainnet.cChainId,
                    address: known.mainnet.evmAddress,
                    pageSize: 10,
                },
            };
            (await queryApi()).queries.panels.closeAll();
            await vscode.commands.executeCommand('avalanche.query.openPanel', query);
            const panel = await renderedPanel((s) => s.kind === 'address', 'address panel');
            assert.equal(panel.rendered!.rows, 10);

            // The key reached the Data API (inside the tunnel) and nothing else.
            const requests = await sandboxRequests();
            const dataApi = requests.filter((r) => r.service === 'dataApi');
            assert.ok(dataApi.length > 0 && requests.some((r) => r.service === 'node'));
            assert.ok(dataApi.every((r) => r.headers['x-glacier-api-key'] === apiKey));
            assert.ok(
                requests.every(
                    (r) => r.service === 'dataApi' || !('x-glacier-api-key' in r.headers),
                ),
            );
            let text = '';
            for (const url of [dataApiUrl, nodeUrl]) {
                const tunnel = `TCP_TUNNEL/200 CONNECT ${proxy.host.replace(/\./g, '\\.')}:${portOf(url)} `;
                text = await logged(new RegExp(tunnel), `the proxy log to show a tunnel to ${url}`);
            }
            assert.ok(!text.includes(apiKey), 'the API key reached the proxy');
            assert.doesNotMatch(text, /x-glacier-api-key/i);
        }));

    test('http.noProxy naming the node sends its requests around the proxy, where its name does not resolve', () =>
        check('http.noProxy sends the node around the proxy', async () => {
            const { nodeUrl } = testEnv();
            await setHttp('noProxy', [`${proxy.host}:${portOf(nodeUrl)}`]);
            try {
                assert.match(await nodeFailure(), /Could not find the host of the node/);
                const chains = await (await extensionApi()).clients.dataApi();
                assert.ok(chains, 'the Data API client still builds');
            } finally {
                await setHttp('noProxy', undefined);
            }
            assert.equal(await nodeNetworkId(), '1');
        }));

    test('a NO_PROXY pattern (*.example) bypasses only its domain, not every host', () =>
        check('http.noProxy *.example keeps the proxy; *.<its domain> goes around', async () => {
            // Before, any entry with a `*` turned the proxy off for every host, and the node's
            // name, which only the proxy resolves, failed here.
            await setHttp('noProxy', ['*.example', 'localhost']);
            try {
                assert.equal(await nodeNetworkId(), '1', 'through the proxy');
                const parent = proxy.host.slice(proxy.host.indexOf('.'));
                await setHttp('noProxy', [`*${parent}`]);
                assert.match(await nodeFailure(), /Could not find the host of the node/);
            } finally {
                await setHttp('noProxy', undefined);
            }
            assert.equal(await nodeNetworkId(), '1');
        }));

    test('a proxy that demands credentials: a sentence naming 407, then http.proxyAuthorization', () =>
        check(
            'proxy demanding credentials: 407 sentence, then http.proxyAuthorization',
            async () => {
                await setHttp('proxy', proxy.authUrl);
                try {
                    assert.match(
                        await nodeFailure(),
                        /^The proxy refused the connection \(407: authentication needed\) to the node at .* through http:\/\/127\.0\.0\.1:\d+\. Set `http\.proxyAuthorization`/,
                    );
                    const credentials = Buffer.from(`${proxy.user}:${proxy.password}`).toString(
                        'base64',
                    );
                    await setHttp('proxyAuthorization', `Basic ${credentials}`);
                    assert.equal(await nodeNetworkId(), '1');
                    await logged(
                        new RegExp(`TCP_TUNNEL/200 CONNECT \\S+ ${proxy.user} `),
                        'an authenticated tunnel in the proxy log',
                    );
                } finally {
                    await setHttp('proxyAuthorization', undefined);
                    await setHttp('proxy', proxy.mode === 'setting' ? proxy.url : undefined);
                }
                assert.equal(await nodeNetworkId(), '1');
            },
        ));

    test("no setting names a proxy: VS Code's own resolution (a PAC answer) sends requests through it", async function () {
        // Only the `http.proxy` run can take the setting away; HTTPS_PROXY stays in the host's
        // environment, where it rightly wins over VS Code's resolution.
        if (proxy.mode !== 'setting') this.skip();
        await check("the proxy from VS Code's resolution only (a PAC answer)", async () => {
            // VS Code's own copy of the module its extension host resolves proxies with, where
            // it publishes its resolver (src/platform/network.ts reads it from there too).
            const agentModule = proxyAgentBeside(vscode.env.appRoot);
            const published = agentModule.default ?? agentModule;
            const original = published.resolveProxyURL;
            assert.equal(typeof original, 'function', 'this VS Code publishes its resolver');
            const nodeOrigin = new URL(testEnv().nodeUrl).origin;
            await setHttp('proxy', undefined);
            try {
                // The real resolver of this host, with nothing set: direct (code-server asks no
                // PAC), so the node's name, which only the proxy knows, cannot be found.
                assert.equal(await original!(`${nodeOrigin}/`), undefined);
                assert.match(await nodeFailure(), /Could not find the host of the node/);

                // VS Code's resolver again, made by the same module the same way, where the part
                // Electron plays on desktop (its PAC script or system proxy) names the squid.
                const squid = new URL(proxy.url).host;
                const asked: string[] = [];
                published.resolveProxyURL = agentModule.createProxyResolver(
                    hostResolverParams((url) => {
                        asked.push(url);
                        return Promise.resolve(`PROXY ${squid}`);
                    }),
                ).resolveProxyURL;
                await setHttp('noProxy', ['localhost']); // any change rebuilds the clients
                assert.equal(await nodeNetworkId(), '1', 'through the proxy VS Code named');
                assert.ok(
                    asked.some((url) => url.startsWith(nodeOrigin)),
                    `VS Code was asked for ${nodeOrigin}: ${asked.join(', ')}`,
                );
                const api = await extensionApi();
                assert.equal(api.clients.transport().proxyFor(nodeOrigin), proxy.url);
                await logged(
                    new RegExp(
                        `TCP_TUNNEL/200 CONNECT ${proxy.host.replace(/\./g, '\\.')}:${portOf(testEnv().nodeUrl)} `,
                    ),
                    'a tunnel to the node in the proxy log',
                );
            } finally {
                published.resolveProxyURL = original;
                await setHttp('noProxy', undefined);
                await setHttp('proxy', proxy.url);
            }
            assert.equal(await nodeNetworkId(), '1');
        });
    });

    test('TLS inspection: the system store trusts the root; with http.systemCertificates off, a sentence says why', async function () {
        if (!proxy.tls) this.skip();
        await check(
            'TLS inspection: system store, a sentence when off, http.proxyStrictSSL',
            async () => {
                // Read by VS Code's own reader of the store (src/platform/network.ts), the one
                // that also reads Windows' store; the extension's reader is then not used.
                assert.equal(
                    typeof proxyAgentBeside(vscode.env.appRoot).loadSystemCertificates,
                    'function',
                );
                assert.equal(await nodeNetworkId(), '1', 'trusted through the system store');
                await setHttp('systemCertificates', false);
                try {
                    assert.equal(
                        await nodeFailure(),
                        `The certificate of ${proxy.host} is not trusted: if your network inspects TLS, turn on \`http.systemCertificates\`.`,
                    );
                    // `http.proxyStrictSSL: false` turns the check off, as for VS Code's requests.
                    await setHttp('proxyStrictSSL', false);
                    assert.equal(await nodeNetworkId(), '1', 'accepted with proxyStrictSSL off');
                } finally {
                    await setHttp('proxyStrictSSL', undefined);
                    await setHttp('systemCertificates', undefined);
                }
                assert.equal(await nodeNetworkId(), '1');
            },
        );
    });
});
