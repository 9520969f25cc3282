/**
 * The ICM message panel (#37) in the real workbench, as a person opens it from the palette
 * against the sandbox, whose C-Chain sends Teleporter messages its L1s deliver: the three
 * numbered prompts, then the timeline of a delivered and executed message. Screenshot for the
 * README.
 */
import assert from 'node:assert/strict';

import { e2e, resetWorkbench, screenshot } from './harness';
import { command, panelFrame } from './palette';

suite('(e2e) ICM message panel', () => {
    suiteSetup(async () => {
        await resetWorkbench();
    });

    test('the palette’s three prompts open the timeline of a delivered and executed message', async () => {
        const k = e2e().known.mainnet;
        // `answer` waits for each prompt's title to change: the numbered titles let it.
        await command('Avalanche: Follow an ICM (Teleporter) Message…', [
            'Avalanche C-Chain',
            'Source transaction hash',
            k.icmExecutedTxHash,
        ]);
        const frame = await panelFrame(/^ICM message$/);
        const text = (await frame.locator('#root').textContent()) ?? '';
        assert.match(text, /delivered and executed/);
        assert.match(text, /recomputed from its contents: matches/);
        for (const step of ['Sent', 'Delivered', 'Executed']) {
            assert.match(text, new RegExp(step), `${step} in the timeline`);
        }
        assert.equal(await frame.evaluate<number>('window.__avalanchePanel.cspViolations'), 0);
        await screenshot('panel-icm');
    });
});
