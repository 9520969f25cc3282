/**
 * Secrets and trust in the real extension host.
 *
 * - The Data API key reaches only the Data API origin: with a key set and required by the
 *   sandbox, the views, hovers, a Metrics API panel and node calls run, and every request the
 *   sandbox recorded is checked (the e2e tier repeats this in the browser and adds the log file,
 *   error messages, exports and "Copy as curl").
 * - A workspace `.vscode/settings.json` that names a node URL: nothing reaches that URL before
 *   the user agrees (the real extension keeps using the user's node while its consent dialog
 *   waits), and the consent wiring in this host (a `Config` over the real settings layers with a
 *   scripted answer) uses the value once allowed and ignores it once denied.
 * - Untrusted workspaces: this host runs with workspace trust disabled (code-server is started
 *   with --disable-workspace-trust), so `isTrusted` is always true here. What is checked here is
 *   that the manifest declares every request-routing setting restricted (VS Code then drops
 *   their workspace values in untrusted workspaces); the policy itself, untrusted included, is
 *   covered in plain Node by test/unit/project/settingsPolicy.test.ts and test/unit/reliability/fuzz.policy.test.ts,
 *   and a real untrusted workspace (a second code-server with trust on) by test/e2e/trust.e2e.ts.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import { Config, consentStateKey } from '../../src/platform/config';
import { restrictedSettingKeys, settingId, SettingKey } from '../../src/platform/settingKeys';
import type { ConsentRequest } from '../../src/platform/settingsPolicy';
import { InMemoryMemento } from '../helpers/inMemoryMemento';
import { listenOnLoopback } from '../helpers/loopbackServer';
import { recorded } from '../reliability/record';
import { headerText } from '../sandbox/httpUtil';
import { activated, manifest } from './helpers';
import { clearSandboxRequests, sandboxRequests, setSandboxSettings, testEnv } from './testEnv';

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A server nobody should talk to: it records what reaches it and answers like a node would. */
async function rogueServer(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
    const hits: string[] = [];
    const server: Server = createServer((req: IncomingMessage, res) => {
        hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
    return { ...(await listenOnLoopback(server)), hits };
}

suite('(integration) reliability: secrets and trust', function () {
    this.timeout(90_000);
    let api: ExtensionApi;

    suiteSetup(async () => {
        api = (await activated()).exports as ExtensionApi;
    });

    test('the Data API key goes only to the Data API origin, never in a URL', async () => {
        const env = testEnv();
        const known = env.known.mainnet;
        const key = 'integration-secret-key-5f1d2c9a';
        await recorded(
            'secrets',
            'API key reaches only the Data API origin (extension host)',
            async (progress) => {
                await api.secrets.setDataApiKey(key);
                await setSandboxSettings({ requireApiKey: key });
                try {
                    await clearSandboxRequests();
                    await api.trees.refresh('subnets');
                    await api.trees.providers.subnets.getChildren(undefined);
                    await api.trees.refresh('chains');
                    const top = await api.trees.providers.chains.getChildren(undefined);
                    for (const row of top) await api.trees.providers.chains.getChildren(row);
                    await api.trees.refresh('node');
                    api.hovers.engine.forget();
                    const doc = await vscode.workspace.openTextDocument({
                        language: 'plaintext',
                        content: `a = ${known.evmAddress}\nb = ${known.pChainAddress}\nc = ${known.l1NodeId}`,
                    });
                    for (let line = 0; line < 3; line++) {
                        await vscode.commands.executeCommand(
                            'vscode.executeHoverProvider',
                            doc.uri,
                            new vscode.Position(line, 6),
                        );
                    }
                    const holders = api.queries.panels.open({
                        source: 'dataApi',
                        operation: 'getAddressesByBalanceOverTime',
                        params: {
                            chainId: known.cChainId,
                            address: known.erc20Contract,
                            threshold: '1',
                            pageSize: 10,
                        },
                    });
                    const node = api.queries.panels.open({
                        source: 'node',
                        method: 'info.getNodeVersion',
                        texts: {},
                    });
                    const deadline = Date.now() + 15_000;
                    while (
                        (holders.snapshot().loading || node.snapshot().loading) &&
                        Date.now() < deadline
                    )
                        await sleep(100);
                    holders.close();
                    node.close();

                    const requests = await sandboxRequests();
                    progress.requests = requests.length;
                    const byService = { dataApi: 0, metrics: 0, node: 0 };
                    for (const request of requests) {
                        byService[request.service]++;
                        assert.ok(
                            !request.url.includes(key),
                            `the key is in a URL: ${request.url}`,
                        );
                        const headers = headerText(request);
                        if (request.service === 'dataApi') {
                            assert.equal(
                                request.headers['x-glacier-api-key'],
                                key,
                                `a Data API request without the key: ${request.url}`,
                            );
                        } else {
                            assert.ok(
                                !headers.includes(key),
                                `the key went to the ${request.service}: ${request.url}`,
                            );
                            assert.equal(request.headers['x-glacier-api-key'], undefined);
                        }
                    }
                    assert.ok(
                        byService.dataApi > 0 && byService.metrics > 0 && byService.node > 0,
                        `requests per service: ${JSON.stringify(byService)}`,
                    );
                    return {
                        cases: requests.length,
                        requests: requests.length,
                        detail: `Data API ${byService.dataApi} (all with the key), Metrics API ${byService.metrics} and node ${byService.node} (none with it)`,
                    };
                } finally {
                    await setSandboxSettings({ requireApiKey: undefined });
                    await api.secrets.clearDataApiKey();
                }
            },
        );
    });

    test('a workspace naming a node URL: no request reaches it before consent; allow and deny', async () => {
        const rogue = await rogueServer();
        const section = vscode.workspace.getConfiguration('avalanche');
        const userNode = api.config.get(SettingKey.SelectedNodeUrl);
        await recorded(
            'trust',
            'workspace node URL: nothing sent before consent (extension host)',
            async (progress) => {
                try {
                    await section.update(
                        'node.selectedUrl',
                        rogue.url,
                        vscode.ConfigurationTarget.Workspace,
                    );
                    await sleep(500);
                    // The extension asks (a modal nobody answers here) and keeps the user's node.
                    assert.equal(api.config.get(SettingKey.SelectedNodeUrl), userNode);
                    assert.notEqual(api.config.sourceOf(SettingKey.SelectedNodeUrl), 'workspace');
                    await clearSandboxRequests();
                    await api.trees.refresh('node');
                    const panel = api.queries.panels.open({
                        source: 'node',
                        method: 'info.getNodeVersion',
                        texts: {},
                    });
                    const deadline = Date.now() + 10_000;
                    while (panel.snapshot().loading && Date.now() < deadline) await sleep(100);
                    panel.close();
                    await sleep(1_000);
                    assert.deepEqual(
                        rogue.hits,
                        [],
                        'requests reached the workspace URL before consent',
                    );
                    const toUserNode = (await sandboxRequests()).filter(
                        (r) => r.service === 'node',
                    ).length;
                    assert.ok(toUserNode > 0, 'the views went on talking to the user’s node');
                    progress.requests = toUserNode;

                    // The same settings layers through a Config whose consent dialog is scripted.
                    const asked: ConsentRequest[] = [];
                    for (const answer of ['allow', 'deny'] as const) {
                        const memento = new InMemoryMemento();
                        const config = new Config(memento, (request) => {
                            asked.push(request);
                            return Promise.resolve(answer);
                        });
                        try {
                            assert.equal(
                                config.get(SettingKey.SelectedNodeUrl),
                                userNode,
                                'before the answer',
                            );
                            await config.confirmWorkspaceOverrides();
                            const expected = answer === 'allow' ? rogue.url : userNode;
                            assert.equal(
                                config.get(SettingKey.SelectedNodeUrl),
                                expected,
                                `after ${answer}`,
                            );
                            assert.equal(
                                config.sourceOf(SettingKey.SelectedNodeUrl),
                                answer === 'allow' ? 'workspace' : 'user',
                            );
                            assert.ok(memento.get(consentStateKey), 'the answer is remembered');
                        } finally {
                            config.dispose();
                        }
                    }
                    assert.equal(asked.length, 2);
                    assert.equal(asked[0]!.key, SettingKey.SelectedNodeUrl);
                    assert.equal(asked[0]!.value, rogue.url);
                    assert.deepEqual(rogue.hits, [], 'nothing reached it while asking either');
                    return {
                        cases: 3,
                        requests: toUserNode,
                        detail: `0 requests to the workspace URL; ${toUserNode} to the user's node; allow → workspace value, deny → user value`,
                    };
                } finally {
                    await section.update(
                        'node.selectedUrl',
                        undefined,
                        vscode.ConfigurationTarget.Workspace,
                    );
                    await rogue.close();
                }
            },
        );
    });

    test('every request-routing setting is declared restricted for untrusted workspaces', async () => {
        await recorded(
            'trust',
            'untrusted workspace: routing settings restricted (manifest; policy in unit tests)',
            () => {
                const capabilities = (
                    manifest() as unknown as {
                        capabilities: {
                            untrustedWorkspaces: {
                                supported: unknown;
                                restrictedConfigurations: string[];
                            };
                        };
                    }
                ).capabilities;
                assert.equal(capabilities.untrustedWorkspaces.supported, 'limited');
                const declared = new Set(capabilities.untrustedWorkspaces.restrictedConfigurations);
                for (const key of restrictedSettingKeys)
                    assert.ok(declared.has(settingId(key)), `${settingId(key)} is restricted`);
                // Documented limit of this host: trust is disabled, so the workspace counts as trusted.
                assert.equal(vscode.workspace.isTrusted, true);
                return {
                    cases: restrictedSettingKeys.length,
                    detail: `${restrictedSettingKeys.length} settings restricted; untrusted resolution covered by unit tests (this host runs with trust disabled)`,
                };
            },
        );
    });
});
