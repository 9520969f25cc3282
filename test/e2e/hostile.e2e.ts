/**
 * Hostile data in the real browser: the sandbox in hostile-strings mode replaces every free-text
 * field (token names and symbols, chain names, memos, versions, logger names…) with HTML, script,
 * Markdown command links, `javascript:` URLs, bidi overrides and 10,000-character strings.
 *
 * - Panels of every kind: no element made from the data, no script run (no dialog), no resource
 *   loaded from the data (no request left the machine), no CSP violation in any panel frame.
 * - Hovers: the text is escaped, and every link in the hover is one the extension put there
 *   (its own commands, its explorer link).
 * - Very long strings and very large numbers are shortened on screen and copied whole.
 * - The extension host stays responsive throughout (a hover answers at once after all that).
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

import type { Frame, Locator, Request } from 'playwright-core';

import { isFullRun, recorded } from '../reliability/record';
import { startSandbox } from '../sandbox/index';
import type { Sandbox } from '../sandbox/types';
import { e2e, openFile, resetWorkbench, sandboxPorts } from './harness';
import { clipboard, command, panelFrame } from './palette';

interface FrameCheck {
    cspViolations: number;
    injected: number;
    remoteResources: number;
}

/**
 * What the data could have done to a page: elements and handlers inside `#root` (where the page
 * draws; VS Code adds its own styles to the head), live markup anywhere in the document, and
 * resources fetched from anywhere but the page's own origin.
 */
function checkFrame(frame: Frame): Promise<FrameCheck> {
    return frame.evaluate<FrameCheck>(`(() => {
        const root = document.getElementById('root');
        const markup = root.querySelectorAll('img, svg, iframe, object, embed, a, form, style, script, video, audio, math, link, meta, base').length;
        const handlers = [...root.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on') || (a.name === 'href' && /^(javascript|command):/i.test(a.value)))).length;
        const html = document.documentElement.outerHTML;
        const live = ['<script>alert', 'onerror="alert', 'onload="alert', 'href="javascript:', 'href="command:', '<svg/onload'].filter((p) => html.includes(p)).length;
        // Webview resources come from VS Code's resource host (served locally by its service
        // worker) or the workbench's own server; anything else came from the data.
        const local = (name) => { try { const u = new URL(name); return u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname.endsWith('.vscode-cdn.net') || u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol.startsWith('vscode'); } catch { return false; } };
        const remote = performance.getEntriesByType('resource').map((r) => r.name).filter((name) => !local(name));
        window.__remoteResources = remote;
        return { cspViolations: (window.__avalanchePanel || {}).cspViolations || 0, injected: markup + handlers + live, remoteResources: remote.length };
    })()`);
}

/** Every frame of the workbench that is a result panel page. */
async function panelFrames(): Promise<Frame[]> {
    const frames: Frame[] = [];
    for (const frame of e2e().page.frames()) {
        try {
            if ((await frame.locator('.panel-header').count()) > 0) frames.push(frame);
        } catch {
            // gone
        }
    }
    return frames;
}

function hoverWidget(): Locator {
    return e2e().page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ }).first();
}

/** Rests the mouse on `text` in the active editor and returns the hover once `until` shows. */
async function hoverOver(
    text: string,
    until: RegExp,
    timeoutMs = 20_000,
): Promise<{ widget: Locator; ms: number }> {
    const { page } = e2e();
    const editor = page.locator('.editor-instance .monaco-editor:visible').first();
    const line = editor
        .locator('.view-line', { hasText: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first();
    await line.waitFor({ timeout: 15_000 });
    const span = line.locator(':scope > span').first();
    let box = await span.boundingBox();
    for (let tries = 0; !box && tries < 50; tries++) {
        await page.waitForTimeout(100);
        box = await span.boundingBox();
    }
    assert.ok(box, 'the line is on screen');
    const content = (await line.textContent()) ?? '';
    const charWidth = box.width / Math.max(1, content.length);
    await page.mouse.move(box.x + box.width + 300, box.y + 200);
    await page.waitForTimeout(200);
    const started = Date.now();
    await page.mouse.move(box.x + (content.indexOf(text) + 6) * charWidth, box.y + box.height / 2, {
        steps: 4,
    });
    const widget = hoverWidget();
    await widget.waitFor({ state: 'visible', timeout: timeoutMs });
    const ms = Date.now() - started;
    // The live part joins the offline part when the lookup answers: wait until the text settles.
    const deadline = Date.now() + timeoutMs;
    let last = '';
    let stableSince = Date.now();
    for (;;) {
        const shown = (await widget.innerText().catch(() => '')) ?? '';
        if (shown !== last) {
            last = shown;
            stableSince = Date.now();
        }
        if (until.test(shown) && Date.now() - stableSince > 1_000) return { widget, ms };
        if (Date.now() > deadline)
            throw new Error(`the hover does not show ${until}: ${shown.slice(0, 500)}`);
        await page.waitForTimeout(100);
    }
}

/** Brings a workspace file to the front: its tab when it is open, Quick Open otherwise. */
async function showFile(relativePath: string): Promise<void> {
    const { page } = e2e();
    const tab = page.locator(`.tabs-container .tab[aria-label^="${relativePath}"]`).first();
    if ((await tab.count()) > 0) await tab.click();
    else await openFile(relativePath);
    await page
        .locator('.editor-instance .monaco-editor:visible')
        .first()
        .waitFor({ timeout: 10_000 });
}

suite('(e2e) reliability: hostile data', function () {
    this.timeout(300_000);
    const dialogs: string[] = [];
    const remoteRequests: string[] = [];
    const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }): void => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
    };
    const onRequest = (request: Request): void => {
        const url = request.url();
        let host = '';
        try {
            host = new URL(url).hostname;
        } catch {
            return;
        }
        if (url.startsWith('data:') || url.startsWith('blob:')) return;
        // VS Code's webview resource host is answered by its service worker, on this machine.
        if (host.endsWith('.vscode-cdn.net')) return;
        if (host !== '127.0.0.1' && host !== 'localhost') remoteRequests.push(url);
        else if (/\/x$|example\.invalid/.test(url)) remoteRequests.push(url);
    };
    let hostileFile = '';

    suiteSetup(async () => {
        const { page, sandbox, workspaceDir, known, serverUrl } = e2e();
        await resetWorkbench();
        await page
            .context()
            .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: serverUrl })
            .catch(() => undefined);
        page.on('dialog', onDialog);
        page.on('request', onRequest);
        sandbox.clearFaults();
        sandbox.settings.hostile = true;
        const k = known.mainnet;
        hostileFile = path.join(workspaceDir, 'reliability-hostile.txt');
        writeFileSync(
            hostileFile,
            [
                `address ${k.evmAddress}`,
                `transaction ${k.evmTxHash}`,
                `staking ${k.pChainAddress}`,
                `subnet ${k.l1SubnetId}`,
                `validator ${k.l1NodeId}`,
                `asset ${k.xAssetId}`,
                '',
            ].join('\n'),
        );
    });

    suiteTeardown(async () => {
        const { page, sandbox } = e2e();
        sandbox.settings.hostile = false;
        page.off('dialog', onDialog);
        page.off('request', onRequest);
        await resetWorkbench();
        await command('View: Close All Editors').catch(() => undefined);
        // Later suites hover and open the same ids: drop what was cached while hostile.
        await command('Avalanche: Forget Cached Data and Refresh').catch(() => undefined);
        rmSync(hostileFile, { force: true });
    });

    test('panels of every kind: nothing from the data becomes markup, runs or loads; no CSP violation', async () => {
        const k = e2e().known.mainnet;
        const all: [string, readonly string[], RegExp][] = [
            ['Data API: Transaction Details…', [k.cChainId, k.evmTxHash], /^Transaction 0x/],
            [
                'Data API: ERC-20 Balances of an Address…',
                [k.cChainId, k.evmAddress, ''],
                /^Address 0x/,
            ],
            ['Data API: Transactions of a Block…', [k.cChainId, k.evmBlockNumber], /^Block \d+/],
            [
                'Data API: Transfers of a Token Contract…',
                [k.cChainId, k.erc20Contract, ''],
                /^Token /,
            ],
            [
                'Data API: UTXOs of Primary-Network Addresses…',
                ['mainnet', 'p-chain', k.pChainAddress, ''],
                /^UTXOs of /,
            ],
            ['Data API: Subnets and L1s…', ['mainnet', ''], /^Subnets and L1s of mainnet/],
            [
                'Data API: Aggregated Signatures of a Warp Message…',
                ['mainnet', k.pChainTxHash],
                /^Aggregated signatures of /,
            ],
            ['Node: Peers (info.peers)…', [''], /^Peers/],
            ['Node: Node Version (info.getNodeVersion)', [], /^Node Version/],
            ['Data API: Supported EVM Chains…', [''], /^Supported EVM chains/],
            ['Data API: Show Export Operations', [], /^Export operations/],
            [
                'Data API: Primary-Network Transaction…',
                ['mainnet', 'p-chain', k.pChainTxHash],
                /^P-Chain transaction /,
            ],
        ];
        // `npm test`: four kinds (Data API detail and list, node, operations); the full run: all.
        const journeys = isFullRun() ? all : [all[0]!, all[1]!, all[8]!, all[10]!];
        await recorded(
            'hostile',
            `panels of ${journeys.length} queries${isFullRun() ? ' (every kind)' : ''}: markup, scripts, remote loads, CSP`,
            async (progress) => {
                const totals = { cspViolations: 0, injected: 0, remoteResources: 0 };
                const slowest = { title: '', ms: 0 };
                for (const [title, answers, heading] of journeys) {
                    const started = Date.now();
                    await command(`Avalanche: ${title}`, answers);
                    const frame = await panelFrame(heading);
                    const ms = Date.now() - started;
                    if (ms > slowest.ms) Object.assign(slowest, { title, ms });
                    const check = await checkFrame(frame);
                    totals.cspViolations += check.cspViolations;
                    totals.injected += check.injected;
                    totals.remoteResources += check.remoteResources;
                    assert.deepEqual(
                        check,
                        { cspViolations: 0, injected: 0, remoteResources: 0 },
                        title,
                    );
                    progress.cases++;
                }
                // Every panel frame still open, including ones opened from links: none was harmed.
                for (const frame of await panelFrames()) {
                    assert.deepEqual(await checkFrame(frame), {
                        cspViolations: 0,
                        injected: 0,
                        remoteResources: 0,
                    });
                }

                assert.deepEqual(dialogs, [], 'no script ran (alert, confirm)');
                assert.deepEqual(remoteRequests, [], 'nothing was fetched from the data');
                return {
                    cases: progress.cases,
                    detail: `CSP violations ${totals.cspViolations}, injected elements ${totals.injected}, remote resources ${totals.remoteResources + remoteRequests.length}, dialogs ${dialogs.length}; slowest panel ${slowest.ms} ms (${slowest.title}, palette prompts included)`,
                };
            },
        );
    });

    test('hovers: the text is escaped and every link is one the extension put there', async () => {
        const { known } = e2e();
        const k = known.mainnet;
        await showFile('reliability-hostile.txt');
        const allIds: [string, RegExp][] = [
            [k.evmAddress, /Tokens:/],
            [k.evmTxHash, /success|failed|Token transfers/],
            [k.pChainAddress, /UTXO/],
            [k.l1SubnetId, /\n.*\n.*\n/],
            [k.l1NodeId, /L1 validations|Peer/],
            [k.xAssetId, /\n.*\n.*\n/],
        ];
        const ids = isFullRun() ? allIds : allIds.slice(0, 3);
        await recorded(
            'hostile',
            `hovers over ${ids.length} ids: escaped text, only the extension's links`,
            async (progress) => {
                let links = 0;
                let slowestMs = 0;
                for (const [id, until] of ids) {
                    const { ms } = await hoverOver(id, until);
                    slowestMs = Math.max(slowestMs, ms);
                    const found = await e2e().page.evaluate<{
                        anchors: { href: string; text: string }[];
                        markup: number;
                        handlers: number;
                        text: string;
                    }>(`(() => {
                    const hover = [...document.querySelectorAll('.monaco-hover:not(.hidden)')].find((h) => h.innerText.trim() !== '');
                    const anchors = [...hover.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('data-href') || a.getAttribute('href') || '', text: a.textContent || '' }));
                    const markup = hover.querySelectorAll('img, script, iframe, svg, object, embed, form, video, audio').length;
                    const handlers = [...hover.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length;
                    return { anchors, markup, handlers, text: hover.innerText };
                })()`);
                    assert.equal(found.markup, 0, `${id}: markup in the hover`);
                    assert.equal(found.handlers, 0, `${id}: event handlers in the hover`);
                    for (const anchor of found.anchors) {
                        links++;
                        const own =
                            /^command:avalanche\.(hover\.(copy|openDetails|lookUpOnChain|fixChecksum)|dataApi\.setKey|watch\.add)(\?|$)/.test(
                                anchor.href,
                            ) ||
                            // A mined EVM transaction's "Trace" (#35): a trace query, nothing else.
                            /^command:avalanche\.query\.openPanel\?%5B%7B%22source%22%3A%22trace%22%2C/.test(
                                anchor.href,
                            ) ||
                            /^https:\/\/subnets(-test)?\.avax\.network\//.test(anchor.href);
                        assert.ok(
                            own,
                            `${id}: a link the extension did not make: ${anchor.href} (${anchor.text})`,
                        );
                    }
                    // The payloads that reached the hover are shown as text.
                    assert.doesNotMatch(found.text, /javascript:alert\(1\)\)/);
                    progress.cases++;
                    await e2e().page.mouse.move(5, 5);
                }
                return {
                    cases: progress.cases,
                    detail: `${links} links, all the extension's own; slowest hover ${slowestMs} ms`,
                };
            },
        );
    });

    test('very long strings are shortened on screen and copied whole', async () => {
        await recorded(
            'hostile',
            'long strings: shortened on screen, copied whole',
            async (progress) => {
                const { page } = e2e();
                const k = e2e().known.mainnet;
                // Token symbols and names of this address include the 10,000-character payload.
                await command('Avalanche: Data API: ERC-20 Balances of an Address…', [
                    k.cChainId,
                    k.evmAddress,
                    '',
                ]);
                const frame = await panelFrame(/^Address 0x/);
                const boxes = await frame.evaluate<
                    {
                        length: number;
                        width: number;
                        height: number;
                    }[]
                >(`(() => [...document.querySelectorAll('#root *')]
                .filter((el) => el.children.length === 0 && (el.textContent || '').length > 60)
                .map((el) => { const r = el.getBoundingClientRect(); return { length: el.textContent.length, width: r.width, height: r.height }; }))()`);
                const viewport = page.viewportSize()!;
                let tallest = 0;
                let widest = 0;
                for (const box of boxes) {
                    tallest = Math.max(tallest, box.height);
                    widest = Math.max(widest, box.width);
                    assert.ok(
                        box.height <= 80,
                        `a ${box.length}-character text takes ${Math.round(box.height)} px of height`,
                    );
                    assert.ok(
                        box.width <= viewport.width,
                        `a ${box.length}-character text takes ${Math.round(box.width)} px of width`,
                    );
                    progress.cases++;
                }
                const longest = Math.max(0, ...boxes.map((b) => b.length));
                // "Copy JSON" puts the whole answer on the clipboard: the payload in full.
                await frame.locator('button', { hasText: 'Copy JSON' }).first().click();
                await page.waitForTimeout(800);
                let copied = await clipboard();
                let where = 'clipboard';
                if (copied === undefined) {
                    // A browser that refuses clipboard reads: the Raw JSON tab shows the same text.
                    await frame
                        .locator('button, [role="tab"]', { hasText: 'Raw JSON' })
                        .first()
                        .click();
                    await page.waitForTimeout(800);
                    copied = await frame.locator('#root').innerText();
                    where = 'Raw JSON tab';
                }
                assert.ok(
                    copied.includes('A'.repeat(5_000)) && copied.includes('Z'.repeat(5_000)),
                    `the ${where} holds the 10,000-character string whole`,
                );
                progress.cases++;
                return {
                    cases: progress.cases,
                    detail: `${boxes.length} texts over 60 characters on screen (longest ${longest} characters) within ${Math.round(widest)}×${Math.round(tallest)} px; the ${where} holds the full 10,000 characters`,
                };
            },
        );
    });

    test('very large numbers are shortened on screen and copied whole', async () => {
        const context = e2e();
        const { page } = context;
        // uint256 maximum: the largest amount a chain can hold, 78 digits.
        const huge = (2n ** 256n - 1n).toString();
        // The node port answers with absurd fees for a while: the sandbox's node steps aside.
        const ports = sandboxPorts();
        await context.sandbox.close();
        const stand = await startSandbox({
            ports: { dataApi: ports.dataApi, metrics: ports.metrics, node: 0 },
        });
        const server: Server = createServer((req, res) => {
            let body = '';
            req.on('data', (c: Buffer) => (body += c.toString()));
            req.on('end', () => {
                let request: { id?: unknown; method?: string } = {};
                try {
                    request = JSON.parse(body || '{}') as typeof request;
                } catch {
                    // not JSON: answered with an error below
                }
                const result =
                    request.method === 'info.getTxFee'
                        ? { txFee: huge, createAssetTxFee: huge }
                        : undefined;
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end(
                    JSON.stringify(
                        result
                            ? { jsonrpc: '2.0', id: request.id, result }
                            : {
                                  jsonrpc: '2.0',
                                  id: request.id,
                                  error: { code: -32601, message: 'method not found' },
                              },
                    ),
                );
            });
        });
        await new Promise<void>((resolve) => server.listen(ports.node, '127.0.0.1', resolve));
        try {
            await recorded(
                'hostile',
                'large numbers (uint256 max): shortened on screen, copied whole',
                async (progress) => {
                    await command('Avalanche: Node: Transaction Fees, Deprecated (info.getTxFee)');
                    const frame = await panelFrame(/Fee/i);
                    const values = frame
                        .locator('#root [data-raw]')
                        .filter({ hasText: /115,792,089/ });
                    const count = await values.count();
                    if (count === 0)
                        assert.fail(
                            `the fee is not shown: ${(await frame.locator('#root').innerText()).slice(0, 600)}`,
                        );
                    const viewport = page.viewportSize()!;
                    let tallest = 0;
                    let widest = 0;
                    for (let i = 0; i < count; i++) {
                        const box = await values.nth(i).boundingBox();
                        if (!box) continue;
                        tallest = Math.max(tallest, box.height);
                        widest = Math.max(widest, box.width);
                        progress.cases++;
                    }
                    assert.ok(
                        tallest <= 80,
                        `a ${huge.length}-digit number takes ${Math.round(tallest)} px of height`,
                    );
                    assert.ok(widest <= viewport.width, `and ${Math.round(widest)} px of width`);
                    const raw = (await values.first().getAttribute('data-raw')) ?? '';
                    assert.equal(raw, huge, 'the value behind it keeps every digit');
                    await values.first().focus();
                    await page.keyboard.press('Control+C');
                    await page.waitForTimeout(600);
                    const copied = await clipboard();
                    if (copied !== undefined)
                        assert.equal(copied, huge, 'the clipboard holds every digit');
                    return {
                        cases: progress.cases,
                        detail: `${huge.length} digits shown within ${Math.round(widest)}×${Math.round(tallest)} px; ${copied === undefined ? 'copy value checked (data-raw)' : `copied ${copied.length} digits`}`,
                    };
                },
            );
        } finally {
            server.closeAllConnections();
            await new Promise((resolve) => server.close(resolve));
            await stand.close();
            (context as { sandbox: Sandbox }).sandbox = await startSandbox({ ports });
            context.sandbox.settings.hostile = true;
        }
    });

    test('the extension host stays responsive: an offline hover answers at once afterwards', async () => {
        const { known } = e2e();
        await recorded(
            'hostile',
            'extension host responsive after hostile panels and hovers',
            async () => {
                await resetWorkbench();
                await showFile('reliability-hostile.txt');
                const { ms } = await hoverOver(known.mainnet.evmAddress, /EVM address/, 10_000);
                assert.ok(ms < 3_000, `the hover took ${ms} ms`);
                await e2e().page.mouse.move(5, 5);
                return { cases: 1, detail: `offline hover in ${ms} ms` };
            },
        );
    });
});
