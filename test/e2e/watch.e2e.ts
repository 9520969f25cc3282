/**
 * The watch list as a person meets it: "Watch…" from the palette on an L1 validator whose balance
 * runs low, the runway warning that names it and its L1, and the Watch List row beside it (the
 * README's screenshot). The sandbox's control route sets the balance; the threshold is a user
 * setting written where VS Code reads it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
    clearNotifications,
    e2e,
    expandPane,
    openAvalancheContainer,
    openFile,
    quickInput,
    quickPickRow,
    resetWorkbench,
    runCommand,
    screenshot,
    viewPane,
    waitForNotification,
} from './harness';

async function control(route: string, method: string, body?: unknown): Promise<void> {
    const response = await fetch(`${e2e().controlUrl}/${route}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    assert.ok(response.ok, `${method} ${route}: ${response.status} ${await response.text()}`);
}

suite('(e2e) watch list', () => {
    const settingsFile = () => path.join(e2e().userDataDir, 'User', 'settings.json');
    let savedSettings: string | undefined;

    suiteSetup(async () => {
        await resetWorkbench();
        savedSettings = existsSync(settingsFile())
            ? readFileSync(settingsFile(), 'utf8')
            : undefined;
    });

    suiteTeardown(async () => {
        if (savedSettings !== undefined) writeFileSync(settingsFile(), savedSettings);
        await control('holds', 'DELETE');
        await clearNotifications();
    });

    test('a watched L1 validator running low: the warning naming it and its L1, its row (screenshot)', async () => {
        const { page, known } = e2e();
        const k = known.mainnet;
        // 0.05 AVAX at the sandbox's fee of 512 nAVAX a second lasts about 1.1 days: under the
        // default threshold of 3.
        await control('l1Validators/balance', 'POST', {
            validationId: k.l1ValidationId,
            balance: '50000000',
        });
        const settings = JSON.parse(savedSettings ?? '{}') as Record<string, unknown>;
        writeFileSync(
            settingsFile(),
            JSON.stringify(
                {
                    ...settings,
                    'avalanche.watch.pollWhileUnfocused': true,
                },
                null,
                4,
            ),
        );
        await openFile('README.md');
        await openAvalancheContainer();
        await page.waitForTimeout(1_000);
        await runCommand('Avalanche: Watch…');
        await quickPickRow(/L1 validator/)
            .first()
            .click();
        const input = quickInput();
        await input.waitFor({ timeout: 10_000 });
        await input.fill(k.l1ValidationId);
        await page.keyboard.press('Enter');
        const text = await waitForNotification(/of balance left at today's fee/, 60_000);
        assert.match(text, /L1 validator NodeID-/);
        assert.ok(text.includes(k.l1SubnetId), `the warning names the L1: ${text}`);
        const pane = viewPane('Watch List');
        await expandPane(pane);
        const row = pane.locator('.monaco-list-row').filter({ hasText: / left/ }).first();
        await row.waitFor({ timeout: 30_000 });
        await screenshot('watch-runway');
        // Leave the list empty for the journeys after this one: its inline "Stop Watching".
        await row.hover();
        await row.locator('.action-label[aria-label="Stop Watching"]').click();
        await row.waitFor({ state: 'detached', timeout: 10_000 });
    });
});
