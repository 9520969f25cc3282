import assert from 'node:assert/strict';

import {
    e2e,
    quickPickLabels,
    quickPickRow,
    resetWorkbench,
    runCommand,
    screenshot,
    statusBarItem,
} from './harness';

suite('(e2e) choose network from the command palette', () => {
    suiteSetup(async () => {
        await resetWorkbench();
    });

    test('the status bar shows the network', async () => {
        await statusBarItem(/mainnet/i)
            .first()
            .waitFor({ timeout: 30_000 });
    });

    test('"Avalanche: Choose Network" offers mainnet and fuji and switches to fuji', async () => {
        const { page } = e2e();
        await runCommand('Avalanche: Choose Network');
        const labels = await quickPickLabels();
        assert.ok(
            labels.some((l) => /mainnet/i.test(l)),
            `no mainnet in ${labels.join(', ')}`,
        );
        assert.ok(
            labels.some((l) => /fuji/i.test(l)),
            `no fuji in ${labels.join(', ')}`,
        );
        await screenshot('choose-network');
        await quickPickRow(/fuji/i).first().click();
        await statusBarItem(/fuji/i).first().waitFor({ timeout: 15_000 });
        assert.equal(await page.locator('.quick-input-widget').isVisible(), false);
    });

    test('a local network found on this machine is offered, and choosing it reads the node', async () => {
        const { page } = e2e();
        await runCommand('Avalanche: Choose Network');
        // The host's home holds avalanche-cli's files for a network whose node is the sandbox's.
        const row = quickPickRow(/network_\d/);
        await row.first().waitFor({ timeout: 15_000 });
        assert.match(await row.first().innerText(), /sandboxl1/);
        await screenshot('choose-local-network');
        await row.first().click();
        await statusBarItem(/local/i).first().waitFor({ timeout: 15_000 });
        assert.equal(await page.locator('.quick-input-widget').isVisible(), false);
    });

    test('switching back to mainnet', async () => {
        await runCommand('Avalanche: Choose Network');
        await quickPickRow(/mainnet/i)
            .first()
            .click();
        await statusBarItem(/mainnet/i)
            .first()
            .waitFor({ timeout: 15_000 });
    });
});
