import assert from 'node:assert/strict';

import {
    e2e,
    expandPane,
    openAvalancheContainer,
    openFile,
    resetWorkbench,
    screenshot,
    viewPane,
} from './harness';

const views = ['Chains', 'Subnets & L1s', 'Validators', 'Node'];

suite('(e2e) Avalanche views', () => {
    suiteSetup(async () => {
        await resetWorkbench();
    });

    test('the activity bar icon opens the Avalanche container', async () => {
        const sideBar = await openAvalancheContainer();
        assert.ok(await sideBar.isVisible());
    });

    for (const title of views) {
        test(`the ${title} view shows content`, async () => {
            await openAvalancheContainer();
            const pane = viewPane(title);
            await pane.waitFor({ timeout: 15_000 });
            await expandPane(pane);
            // Either tree rows or the view's welcome content (text and buttons), never a blank pane.
            const body = pane.locator('.pane-body');
            const content = body.locator('.monaco-list-row, .welcome-view-content');
            // The first view to load after a cold start also waits for the extension host.
            await content.first().waitFor({ timeout: 45_000 });
            // A row can be in the list a moment before its label is drawn.
            let text = '';
            for (let deadline = Date.now() + 15_000; !text && Date.now() < deadline;) {
                text = (await body.innerText()).trim();
                if (!text) await e2e().page.waitForTimeout(200);
            }
            assert.ok(text.length > 0, `the ${title} view is blank`);
        });
    }

    test('screenshot of the four views beside a sample file', async () => {
        await openFile('README.md');
        await openAvalancheContainer();
        await screenshot('views');
    });
});
