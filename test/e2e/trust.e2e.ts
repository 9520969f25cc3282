/**
 * Untrusted workspaces in the real workbench (issue #8): the rest of the tiers start code-server
 * with workspace trust disabled, so `isTrusted` is always true there. This journey starts a second
 * code-server with trust on, opens a fresh folder whose `.vscode/settings.json` points the node,
 * Data API and Metrics API at local servers that record every hit, and answers the trust dialog
 * "No, I don't trust the authors" as a person who cloned something unknown would.
 *
 * It then uses the views and a hover and checks that nothing reached those servers, that the
 * extension host saw the workspace as untrusted (its activation log line says so, no consent
 * dialog came up, the status bar names the user's node), and that it kept working against the
 * user's own endpoints: a sandbox of its own, so that every request it records comes from this
 * workbench. VS Code itself drops restricted workspace values in untrusted workspaces before the
 * extension's `inspect()` sees them; the extension's own untrusted branch (settingsPolicy.ts) is
 * a second line that the unit tests cover. The trusted-but-unconsented case is
 * test/integration/security.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { BrowserContext, Locator, Page } from 'playwright-core';

import { recorded } from '../reliability/record';
import { startSandbox } from '../sandbox/index';
import type { Sandbox } from '../sandbox/types';
import { e2e, type ExtraServer, extensionLog } from './harness';

interface Rogue {
    readonly name: string;
    readonly url: string;
    readonly hits: string[];
    close(): Promise<void>;
}

/** A server nobody should talk to: it records what reaches it and answers like a node would. */
async function rogueServer(name: string): Promise<Rogue> {
    const hits: string[] = [];
    const server: Server = createServer((req, res) => {
        hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
        name,
        url: `http://127.0.0.1:${port}`,
        hits,
        close: () =>
            new Promise((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}

const routingSettings = {
    node: 'avalanche.node.selectedUrl',
    dataApi: 'avalanche.dataApi.url',
    metrics: 'avalanche.metricsApi.url',
} as const;

/** Polls `probe` until it returns a value, or fails with `what` after `timeoutMs`. */
async function eventually<T>(
    page: Page,
    what: string,
    probe: () => Promise<T | undefined> | T | undefined,
    timeoutMs = 45_000,
): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await probe();
        if (value !== undefined) return value;
        if (Date.now() > deadline) assert.fail(`${what} (after ${timeoutMs / 1000} s)`);
        await page.waitForTimeout(250);
    }
}

suite('(e2e) reliability: untrusted workspace', function () {
    this.timeout(180_000);
    let sandbox: Sandbox | undefined;
    const rogues: Rogue[] = [];
    let server: ExtraServer | undefined;
    let context: BrowserContext | undefined;
    let page: Page | undefined;

    suiteTeardown(async () => {
        await context?.close().catch(() => undefined);
        await server?.stop();
        await Promise.all(rogues.map((r) => r.close()));
        await sandbox?.close();
    });

    test('settings that route requests are ignored, and the user’s endpoints still work', async () => {
        const { browser, runDir, startExtraServer } = e2e();
        await recorded(
            'trust',
            'untrusted workspace: its node and API URLs ignored (browser, trust on)',
            async (progress) => {
                try {
                    sandbox = await startSandbox();
                    const known = sandbox.known.mainnet;
                    for (const name of Object.keys(routingSettings)) {
                        rogues.push(await rogueServer(name));
                    }
                    const folder = path.join(runDir, 'untrusted-workspace');
                    mkdirSync(path.join(folder, '.vscode'), { recursive: true });
                    writeFileSync(
                        path.join(folder, '.vscode', 'settings.json'),
                        `${JSON.stringify(
                            Object.fromEntries(
                                rogues.map((r) => [
                                    routingSettings[r.name as keyof typeof routingSettings],
                                    r.url,
                                ]),
                            ),
                            null,
                            4,
                        )}\n`,
                    );
                    writeFileSync(path.join(folder, 'ids.txt'), `address = ${known.evmAddress}\n`);

                    const started = await startExtraServer({
                        name: 'untrusted',
                        folder,
                        urls: {
                            dataApiUrl: sandbox.dataApiUrl,
                            metricsUrl: sandbox.metricsUrl,
                            nodeUrl: sandbox.nodeUrl,
                        },
                        settings: {
                            'security.workspace.trust.enabled': true,
                            'security.workspace.trust.startupPrompt': 'always',
                        },
                        workspaceTrust: true,
                    });
                    server = started;
                    context = await browser.newContext({
                        viewport: { width: 1280, height: 800 },
                        deviceScaleFactor: 1,
                    });
                    const workbench = await context.newPage();
                    page = workbench;
                    await workbench.goto(started.workbenchUrl);
                    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });

                    // VS Code asks once the folder is open; the extension host may already run.
                    const dialog = workbench
                        .locator('.monaco-dialog-box')
                        .filter({ hasText: /trust the authors/i });
                    await dialog.waitFor({ timeout: 45_000 });
                    await dialog
                        .getByRole('button', { name: /No, I don.t trust the authors/ })
                        .click();
                    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
                    await workbench
                        .locator('#workbench\\.parts\\.statusbar .statusbar-item')
                        .filter({ hasText: /Restricted Mode/ })
                        .first()
                        .waitFor({ timeout: 15_000 });

                    // The Node view answers from the user's node.
                    const icon = workbench
                        .locator(
                            '#workbench\\.parts\\.activitybar .action-item a[aria-label^="Avalanche"]',
                        )
                        .first();
                    await icon.waitFor({ timeout: 45_000 });
                    await icon.click();
                    const nodePane = workbench
                        .locator('#workbench\\.parts\\.sidebar .pane')
                        .filter({
                            has: workbench.locator('.pane-header h3.title', { hasText: /^Node$/i }),
                        });
                    await nodePane.waitFor({ timeout: 30_000 });
                    const header = nodePane.locator('.pane-header');
                    if ((await header.getAttribute('aria-expanded')) === 'false')
                        await header.click();
                    await nodePane
                        .locator('.monaco-list-row')
                        .filter({ hasText: /^Reachable/ })
                        .first()
                        .waitFor({ timeout: 45_000 });

                    // A hover answers from the user's Data API.
                    await openFile(workbench, 'ids.txt');
                    const hoverText = await hover(
                        workbench,
                        known.evmAddress,
                        /On Avalanche C-Chain/,
                    );
                    assert.match(hoverText, /Balance: [\d,.]+ AVAX/);

                    // No consent dialog: in an untrusted workspace there is nothing to consent to.
                    assert.equal(
                        await workbench
                            .locator('.monaco-dialog-box')
                            .filter({ hasText: /This workspace wants Avalanche Explorer/ })
                            .count(),
                        0,
                        'a consent dialog asked about a workspace URL',
                    );

                    // What the extension host saw. VS Code drops the workspace values of restricted
                    // settings before the extension reads them, so its log names only the trust
                    // state, and the status bar names the node it uses.
                    const log = await eventually(workbench, 'the extension log names trust', () => {
                        const text = extensionLog(started.userDataDir);
                        return /Activated in .*\buntrusted workspace\)/.test(text)
                            ? text
                            : undefined;
                    });
                    assert.doesNotMatch(log, /Workspace value of avalanche\.[\w.]+: allow/);
                    assert.ok(log.includes(`Node client created for ${sandbox.nodeUrl}`), log);
                    assert.ok(
                        log.includes(`Data API client created for ${sandbox.dataApiUrl}`),
                        log,
                    );
                    for (const rogue of rogues)
                        assert.ok(!log.includes(rogue.url), `the log names ${rogue.url}`);
                    const userNodeHost = new URL(sandbox.nodeUrl).host;
                    await workbench
                        .locator('#workbench\\.parts\\.statusbar .statusbar-item')
                        .filter({ hasText: `mainnet · ${userNodeHost}` })
                        .first()
                        .waitFor({ timeout: 15_000 });

                    // Late requests (polling, the rest of the hover) would still be caught here.
                    await workbench.waitForTimeout(1_000);
                    const byService = { dataApi: 0, metrics: 0, node: 0 };
                    for (const request of sandbox.requests) byService[request.service]++;
                    progress.requests = sandbox.requests.length;
                    for (const rogue of rogues) {
                        assert.deepEqual(
                            rogue.hits,
                            [],
                            `requests reached the workspace's ${rogue.name} URL`,
                        );
                    }
                    assert.ok(
                        byService.node > 0 && byService.dataApi > 0,
                        `the user's endpoints got too little: ${JSON.stringify(byService)}`,
                    );
                    return {
                        cases: rogues.length,
                        requests: sandbox.requests.length,
                        detail: `0 requests to the workspace's node, Data API and Metrics URLs; user's node ${byService.node}, Data API ${byService.dataApi}; isTrusted false in the host`,
                    };
                } catch (error) {
                    if (page) {
                        const file = path.join(runDir, 'failures', 'untrusted-workspace.png');
                        mkdirSync(path.dirname(file), { recursive: true });
                        await page.screenshot({ path: file }).catch(() => undefined);
                        console.log(`    (screenshot of the untrusted workbench: ${file})`);
                    }
                    throw error;
                }
            },
        );
    });
});

/** Opens a workspace file through Quick Open (the harness's helpers drive the other page). */
async function openFile(page: Page, name: string): Promise<void> {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ timeout: 15_000 });
    await input.fill(name);
    await page
        .locator('.quick-input-widget .quick-input-list .monaco-list-row')
        .filter({ hasText: name })
        .first()
        .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await page
        .locator(`.tabs-container .tab[aria-label^="${name}"]`)
        .first()
        .waitFor({ timeout: 15_000 });
}

/** Rests the mouse on `text` in the editor until the hover shows `expected`; returns the hover. */
async function hover(page: Page, text: string, expected: RegExp): Promise<string> {
    const line: Locator = page
        .locator('.editor-instance .monaco-editor:visible .view-line', { hasText: text })
        .first();
    await line.waitFor({ timeout: 15_000 });
    // Other hovers (the activity bar's tooltip) are `.monaco-hover` too: only the editor's counts.
    const widget = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: expected }).first();
    let pointedAtMs = 0;
    return eventually(page, `the hover shows ${expected}`, async () => {
        if (await widget.isVisible()) return (await widget.innerText()).trim();
        // Point again now and then: a hover that closed (focus moved, a re-render) stays closed.
        if (Date.now() - pointedAtMs < 8_000) return undefined;
        const box = await line.locator(':scope > span').first().boundingBox();
        if (!box) return undefined;
        const content = (await line.textContent()) ?? '';
        const charWidth = box.width / Math.max(1, content.length);
        const x = box.x + (content.indexOf(text) + 6) * charWidth;
        await page.mouse.move(x, box.y + 250);
        await page.waitForTimeout(150);
        await page.mouse.move(x, box.y + box.height / 2, { steps: 4 });
        pointedAtMs = Date.now();
        return undefined;
    });
}
