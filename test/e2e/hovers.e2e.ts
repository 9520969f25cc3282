/**
 * Hovers as a person meets them: open a sample file, rest the mouse on an address, a transaction
 * hash, a node id and a mistyped address, read what appears, follow a link in the hover, fix the
 * checksum with the light bulb. The pictures go to media/screenshots/hover-*.png (taken with the
 * pointer still on the identifier, unlike the harness's `screenshot`, which moves it away).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Locator } from 'playwright-core';

import { breakChecksum } from '../fixtures/sampleWorkspace';
import { e2e, openFile, resetWorkbench, runCommand } from './harness';
import { paletteOptimise } from './pngPalette';

/** The visible hover widget. */
function hoverWidget(): Locator {
    return e2e().page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ }).first();
}

/** Where `text` is on screen in the active editor (a few characters into it). */
async function locate(
    text: string,
): Promise<{ x: number; y: number; awayX: number; awayY: number }> {
    const { page } = e2e();
    // The visible editor: other tabs keep their (hidden) editors in the page.
    const editor = page.locator('.editor-instance .monaco-editor:visible').first();
    await editor.waitFor();
    // A regular expression: `hasText` with a string ignores case, and a mistyped address differs
    // from the right one only in case.
    const exact = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const line = editor.locator('.view-line', { hasText: exact }).first();
    await line.waitFor({ timeout: 15_000 });
    // The line's text is in its one child span; the line element itself is as wide as the editor.
    // Just after a file opens its lines are drawn again (tokens arrive), so ask until it holds.
    let box = await line.locator(':scope > span').first().boundingBox();
    for (let tries = 0; !box && tries < 50; tries++) {
        await page.waitForTimeout(100);
        box = await line.locator(':scope > span').first().boundingBox();
    }
    assert.ok(box, 'the line is on screen');
    const content = (await line.textContent()) ?? '';
    const at = content.indexOf(text);
    assert.ok(at >= 0);
    // A monospace font: every character of the line is as wide as the next.
    const charWidth = box.width / Math.max(1, content.length);
    return {
        x: box.x + (at + 6) * charWidth,
        y: box.y + box.height / 2,
        awayX: box.x + box.width + 300,
        awayY: box.y + 200,
    };
}

/** Moves the mouse onto `text` in the active editor, the way a person points at it. */
async function pointAt(text: string): Promise<void> {
    const { page } = e2e();
    const where = await locate(text);
    // Away first, so that the hover of the previous identifier closes.
    await page.mouse.move(where.awayX, where.awayY);
    await page.waitForTimeout(150);
    await page.mouse.move(where.x, where.y, { steps: 4 });
}

/** Waits until the hover shows `text` (the live part arrives after the offline part). */
async function hoverShows(text: RegExp, timeoutMs = 20_000): Promise<string> {
    const widget = hoverWidget();
    await widget.waitFor({ state: 'visible', timeout: timeoutMs });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const shown = (await widget.innerText().catch(() => '')) ?? '';
        if (text.test(shown)) return shown;
        if (Date.now() > deadline) throw new Error(`the hover does not show ${text}: ${shown}`);
        await e2e().page.waitForTimeout(100);
    }
}

/** A picture with the pointer where it is (the hover stays open). */
async function capture(name: string): Promise<void> {
    const { page, screenshotsDir, readmeScreenshotsDir, updateReadmeScreenshots } = e2e();
    mkdirSync(screenshotsDir, { recursive: true });
    const file = path.join(screenshotsDir, `${name}.png`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    const readme = path.join(readmeScreenshotsDir, `${name}.png`);
    if (updateReadmeScreenshots || !existsSync(readme)) {
        mkdirSync(readmeScreenshotsDir, { recursive: true });
        writeFileSync(readme, paletteOptimise(readFileSync(file)));
    }
}

suite('(e2e) hovers', function () {
    this.timeout(120_000);

    suiteSetup(async () => {
        // Earlier journeys may leave faults, hostile text or a stopped node behind.
        const { sandbox } = e2e();
        sandbox.clearFaults();
        sandbox.settings.hostile = false;
        sandbox.settings.nodeDown = false;
        await resetWorkbench();
        // ...and answers cached while they were on (the hostile suite hovers these same ids).
        await runCommand('Avalanche: Forget Cached Data and Refresh');
        await resetWorkbench();
    });

    suiteTeardown(() => {
        e2e().sandbox.clearFaults();
    });

    test('resting the mouse on an address shows what it is, then its balances and transactions', async () => {
        const { known } = e2e();
        await openFile('hovers/Samples.sol');
        await pointAt(known.mainnet.evmAddress);
        const shown = await hoverShows(/On Avalanche C-Chain/);
        assert.match(shown, /EVM address · EIP-55 checksum valid/);
        assert.match(shown, /Balance: [\d,.]+ AVAX/);
        assert.match(shown, /Latest transactions/);
        assert.match(shown, /Copy · Open details · Other chain… · Open in explorer/);
        // Offline part first, live part below it.
        assert.ok(shown.indexOf('EVM address') < shown.indexOf('On Avalanche C-Chain'));
        await capture('hover-address');
    });

    test('a transaction hash shows status, parties, transfers and its teleporter message', async () => {
        const { known } = e2e();
        await openFile('hovers/samples.py');
        await pointAt(known.mainnet.evmTxHash);
        const shown = await hoverShows(/Transaction on Avalanche C-Chain/);
        assert.match(shown, /✓ success/);
        assert.match(shown, /Token transfers \(\d+\)/);
        await capture('hover-transaction');
    });

    test('a contract the workspace deployed is named, and one it built is named by its code', async () => {
        const { known } = e2e();
        await openFile('src/contracts.ts');
        await pointAt(known.mainnet.counterContract);
        const counter = await hoverShows(/Counter · code matches/);
        assert.match(counter, /Counter\.sol\/Counter\.json \(Foundry artifact\)/);
        await pointAt(known.mainnet.tokenContract);
        const token = await hoverShows(/ExplorerToken · deployed, per/);
        assert.match(
            token,
            /foundry\/broadcast\/Deploy\.s\.sol\/43114\/run-latest\.json \(Foundry broadcast\)/,
        );
        await capture('hover-named-contract');
    });

    test('a node id shows its L1 validation and what the connected node sees', async () => {
        const { known } = e2e();
        await openFile('hovers/samples.yaml');
        await pointAt(known.mainnet.l1NodeId);
        const shown = await hoverShows(/L1 validations \(1\)/);
        assert.match(shown, /Node ID · cb58 checksum valid/);
        assert.match(shown, /Peer of the connected node/);
        await capture('hover-node');
    });

    test('a mistyped address says so, and the light bulb fixes it', async () => {
        const { known, page } = e2e();
        const broken = breakChecksum(known.mainnet.evmAddress);
        await openFile('hovers/samples.md');
        await pointAt(broken);
        const shown = await hoverShows(/checksum does not match/);
        assert.ok(shown.includes(known.mainnet.evmAddress), 'the checksummed form is shown');
        assert.match(shown, /Fix checksum/);
        await capture('hover-checksum');
        // Put the cursor on the address and ask for quick fixes, as with Ctrl+.
        const where = await locate(broken);
        await page.mouse.click(where.x, where.y);
        await page.keyboard.press('Escape');
        const fix = page
            .locator('.actionList .monaco-list-row.action')
            .filter({ hasText: /Fix EIP-55 checksum/ })
            .first();
        // Asking while the editor's own request at the new cursor is still under way can answer
        // "No code actions available": ask again, as a person would.
        for (let attempt = 0; attempt < 4; attempt++) {
            await page.keyboard.press('Control+.');
            if (
                await fix.waitFor({ timeout: 5_000 }).then(
                    () => true,
                    () => false,
                )
            )
                break;
            await page.keyboard.press('Escape');
            await page.waitForTimeout(500);
        }
        await fix.waitFor({ timeout: 5_000 });
        await capture('hover-quickfix');
        // The fix is the first (preferred) entry and has the focus: Enter applies it.
        await page.keyboard.press('Enter');
        const line = page.locator('.editor-instance .view-line', { hasText: 'Typo' }).first();
        await expectText(line, known.mainnet.evmAddress);
        // Leave the sample as generated for later journeys.
        await page.keyboard.press('Control+Z');
        await expectText(line, broken);
    });

    test('a rate limit is one calm line, and the offline part still shows', async () => {
        const { known, sandbox } = e2e();
        const undo = sandbox.addFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 30 },
            // Every primary-network lookup: the asset is also found through the transaction
            // that created it (getTxByHash), asked at the same time.
            target: '/v1/networks',
            service: 'dataApi',
        });
        try {
            await openFile('hovers/samples.go');
            await pointAt(known.mainnet.xAssetId);
            const shown = await hoverShows(/rate limit reached/);
            assert.match(shown, /cb58 id · cb58 checksum valid/);
            assert.match(
                shown,
                /Data API rate limit reached, retrying in \d+ s · Set an API key for higher limits/,
            );
            await capture('hover-rate-limit');
        } finally {
            undo();
        }
    });

    test('"Open details" in the hover opens the result panel', async () => {
        const { known, page } = e2e();
        await openFile('hovers/samples.rs');
        await pointAt(known.mainnet.evmTxHash);
        await hoverShows(/Transaction on Avalanche C-Chain/);
        const link = hoverWidget().locator('a', { hasText: 'Open details' }).first();
        await link.hover();
        await link.click();
        const tab = page.locator('.tabs-container .tab', { hasText: /Transaction|0x/ }).last();
        await tab.waitFor({ timeout: 20_000 });
        assert.ok(await page.locator('.webview, iframe.webview').first().isVisible());
    });
});

async function expectText(line: Locator, text: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
        const content = (await line.textContent()) ?? '';
        if (content.includes(text)) return;
        if (Date.now() > deadline) throw new Error(`the line does not read ${text}: ${content}`);
        await e2e().page.waitForTimeout(100);
    }
}
