import assert from 'node:assert/strict';

import {
    e2e,
    quickInput,
    resetWorkbench,
    runCommand,
    screenshot,
    waitForNotification,
} from './harness';

const key = 'e2e-test-key-0123456789abcdef';

suite('(e2e) Data API key from the command palette', () => {
    suiteSetup(async () => {
        await resetWorkbench();
    });

    test('"Avalanche: Set Data API Key" asks in a password box and confirms in a notification', async () => {
        const { page } = e2e();
        await runCommand('Avalanche: Set Data API Key');
        const input = quickInput();
        await page
            .locator('.quick-input-widget .quick-input-box input[type="password"]')
            .waitFor({ timeout: 10_000 });
        await input.fill(key);
        await page.keyboard.press('Enter');
        const text = await waitForNotification(/key/i);
        assert.ok(!text.includes(key), 'the notification shows the key itself');
        await screenshot('api-key');
    });

    test('"Avalanche: Clear Data API Key" removes it again', async () => {
        await resetWorkbench();
        await runCommand('Avalanche: Clear Data API Key');
        await waitForNotification(/key/i);
    });
});
