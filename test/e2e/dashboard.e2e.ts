/**
 * The node dashboard (#36) and the trace panel (#35) in the real workbench, as a person opens
 * them from the palette against the sandbox: the dashboard draws its uPlot charts with the
 * samples of two scrapes, its table view holds the same numbers, it follows the theme; the trace
 * panel of a failed transaction shows the path from the call that failed first to the top, and
 * its frame's Solidity line opens beside it, marked.
 * Screenshots for the README.
 */
import assert from 'node:assert/strict';

import type { Frame } from 'playwright-core';

import { e2e, quickInput, quickPickRow, resetWorkbench, screenshot } from './harness';
import { command, panelFrame } from './palette';

/** The dashboard's page (its own header, not the result panels'), once it charts `samples`. */
async function dashboardFrame(samples: number, timeoutMs = 60_000): Promise<Frame> {
    const { page } = e2e();
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    while (Date.now() < deadline) {
        for (const frame of page.frames()) {
            try {
                if ((await frame.locator('.dash-header h1').count()) === 0) continue;
                seen = await frame.evaluate<number>(
                    'window.dashboardStats?.lastModel?.times.length ?? 0',
                );
                if (seen >= samples) return frame;
            } catch {
                // Frames come and go while panels open.
            }
        }
        await page.waitForTimeout(300);
    }
    throw new Error(`no dashboard with ${samples} samples drawn (last seen ${seen})`);
}

async function chooseTheme(name: string): Promise<void> {
    await command('Preferences: Color Theme');
    await quickInput().fill(name);
    await quickPickRow(name).first().waitFor({ timeout: 10_000 });
    await e2e().page.keyboard.press('Enter');
    await e2e().page.waitForTimeout(800);
}

suite('(e2e) node dashboard and trace panel', () => {
    suiteSetup(async () => {
        await resetWorkbench();
    });

    test('the dashboard draws its charts with two scrapes of samples, as tables too, themed', async () => {
        await command('Avalanche: Open Node Dashboard');
        // The first scrape is at once; Refresh takes the next without waiting an interval. CPU is
        // a rate of a counter: its first point needs two scrapes, its second a third.
        let frame = await dashboardFrame(1);
        for (const samples of [2, 3]) {
            await frame.getByRole('button', { name: 'Refresh' }).click();
            frame = await dashboardFrame(samples);
        }
        const drawn = await frame.evaluate<{
            canvases: number;
            cards: string[];
            times: number;
            csp: number;
        }>(`(() => {
            const s = window.dashboardStats;
            return {
                canvases: document.querySelectorAll('.dash-plot canvas').length,
                cards: [...document.querySelectorAll('.dash-card')].map((c) => c.id),
                times: s.lastModel.times.length,
                csp: s.cspViolations,
            };
        })()`);
        assert.equal(drawn.csp, 0);
        assert.ok(drawn.times >= 3, `${drawn.times} samples`);
        for (const id of ['peers', 'cpu', 'memory']) {
            assert.ok(drawn.cards.includes(`chart-${id}`), `${id} among ${drawn.cards.join(', ')}`);
        }
        assert.ok(drawn.canvases >= 3, `${drawn.canvases} uPlot canvases`);
        // Each of the three has at least two points, and a canvas of its size.
        for (const id of ['peers', 'cpu', 'memory']) {
            const points = await frame.evaluate<number>(
                `window.dashboardStats.lastModel.charts.find((c) => c.id === '${id}').lines.reduce((n, l) => Math.max(n, l.values.filter((v) => typeof v === 'number').length), 0)`,
            );
            assert.ok(points >= 2, `${id}: ${points} data points`);
            const box = await frame.locator(`#chart-${id} canvas`).first().boundingBox();
            assert.ok(
                box && box.width > 50 && box.height > 50,
                `${id}: canvas ${JSON.stringify(box)}`,
            );
        }
        // Peers, CPU and memory in the picture (the charts before them are consensus health).
        await frame.locator('#chart-peers').scrollIntoViewIfNeeded();
        await screenshot('node-dashboard');

        // The table view, for screen readers: the same numbers, a row a sample.
        await frame.getByRole('button', { name: 'Show the numbers as tables' }).click();
        const rows = await frame
            .locator('.dash-table[aria-label="Peers"] tbody tr')
            .count()
            .catch(() => 0);
        assert.ok(rows >= 2, `${rows} rows in the Peers table`);
        const cards = await frame.locator('.dash-card[aria-label]').count();
        assert.ok(cards >= 3, 'every chart card is labelled');

        // Themed from VS Code's colours: the page follows a theme change.
        await chooseTheme('Light Modern');
        frame = await dashboardFrame(2);
        assert.match(await frame.evaluate<string>('document.body.className'), /vscode-light/);
        await chooseTheme('Dark Modern');
        frame = await dashboardFrame(2);
        assert.match(await frame.evaluate<string>('document.body.className'), /vscode-dark/);
    });

    test('the trace panel of a failed transaction shows the failing path to the top', async () => {
        const k = e2e().known.mainnet;
        await command('Avalanche: Trace Transaction…', [k.cChainId, k.vaultCustomErrorTxHash]);
        const frame = await panelFrame(/^Trace 0x/);
        const notice = (await frame.locator('.notice').first().textContent()) ?? '';
        assert.match(notice, /Reverted: TooLarge\(.*\) in ExplorerVault/);
        const text = (await frame.locator('#root').textContent()) ?? '';
        assert.match(text, /Why it failed: the first failing call, then each caller it failed/);
        assert.equal(await frame.evaluate<number>('window.__avalanchePanel.cspViolations'), 0);
        await screenshot('panel-trace');

        // The sandbox serves the real node's step trace of this call: the frame names its line,
        // and a click opens the source beside the panel with that line marked.
        const source = frame.locator('button[title^="foundry/src/ExplorerVault.sol:25:"]');
        await source.first().waitFor({ timeout: 15_000 });
        await source.first().click();
        const { page } = e2e();
        await page
            .locator('.tab[aria-label^="ExplorerVault.sol"]')
            .first()
            .waitFor({ timeout: 15_000 });
        await page
            .locator('.monaco-editor .view-line', {
                hasText: 'revert TooLarge(amount, maxDeposit)',
            })
            .first()
            .waitFor({ timeout: 15_000 });
        // The marked line: a whole-line decoration on line 25 (diffEditor.removedLineBackground).
        // The extension sets it once the editor has opened, and the editor draws it a frame or
        // more after its text: waited for, as the text is (CI's loaded machine drew it later).
        await page.waitForFunction(
            `document.querySelectorAll('.monaco-editor .view-overlays [class*="ced-"]').length >= 1`,
            undefined,
            { timeout: 15_000 },
        );
        await screenshot('panel-trace-line');
    });
});
