import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../helpers/paths';

type FailureBlock = (output: string, maxLines?: number) => string;

/** A computed specifier keeps TypeScript from resolving (and typing) the .mjs script. */
async function failureBlock(): Promise<FailureBlock> {
    const module = (await import(
        pathToFileURL(path.join(repoRoot, 'scripts/failureBlock.mjs')).href
    )) as { failureBlock: FailureBlock };
    return module.failureBlock;
}

describe('(unit) npm test: the failing tests repeated at the end of a run', () => {
    it("cuts mocha's failure block out from under the extension host's logs", async () => {
        const output = [
            '  ✔ one',
            '  1) two',
            '',
            '  1 passing (2s)',
            '  \x1b[31m1 failing\x1b[0m',
            '',
            '  1) (e2e) panels',
            '       opens the trace:',
            '     AssertionError: expected a frame',
            '',
            '',
            '',
            'e2e: 1 passed, 1 failed',
            '--- last 40 lines of remoteexthost.log ---',
            '2026-11-29 [info] Extension host exiting',
        ].join('\n');
        const block = (await failureBlock())(output);
        assert.match(block, /^ {2}1 failing\n\n {2}1\) \(e2e\) panels\n/);
        assert.match(block, /AssertionError: expected a frame\n$/);
        assert.doesNotMatch(block, /remoteexthost|passed, 1 failed/);
    });

    it('is empty when mocha printed no failure, and cut short when it printed many', async () => {
        const cut = await failureBlock();
        assert.equal(cut('e2e: 0 passed, 1 failed\nERROR: the tier did not finish'), '');
        const many = ['3 failing', ...Array.from({ length: 100 }, (_, i) => `line ${i}`)].join(
            '\n',
        );
        const block = cut(many, 10).split('\n');
        assert.equal(block.length, 11);
        assert.equal(block.at(-1), '  …');
    });
});
