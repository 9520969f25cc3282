import assert from 'node:assert/strict';

import { e2e, extensionErrors } from './harness';

// Runs after every journey (scripts/hostTest.mjs orders this file last).
suite('(e2e) errors', () => {
    test('no error from the extension in the workbench console, the extension host log or its own log', async () => {
        // The extension host writes its logs asynchronously.
        await e2e().page.waitForTimeout(1_000);
        const errors = extensionErrors();
        const report = errors.map((e) => `--- ${e.source}\n${e.text}`).join('\n');
        assert.equal(errors.length, 0, `errors from the extension:\n${report}`);
    });
});
