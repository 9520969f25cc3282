// The tests module of the code-server tiers (`extensionTestsPath` in the workbench's `payload`, see
// scripts/hostTest.mjs): VS Code's extension host requires it once the extension under test is
// loaded from its development folder, in ExtensionMode.Test, and awaits `run()`. The script writes
// run-config.json next to this file; the suite's results go to the file it names, which the
// script polls. The suite itself is the one @vscode/test-electron runs (test/integration), or a
// benchmark of bench/ with the same `runSuite()`.
//
// When `run()` settles, the workbench stops the extension host (and tells the page through
// `codeAutomationExit`), so the results are written before it resolves. It resolves even when
// tests failed: the results file carries the verdict, and a rejection would only mean that no
// results could be written.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, copied and loaded as is */
const fs = require('node:fs');
const path = require('node:path');

function writeResults(file, results) {
    // Written then renamed, so the script never reads half a file.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(results, null, 2));
    fs.renameSync(`${file}.tmp`, file);
}

exports.run = async function run() {
    const config = JSON.parse(fs.readFileSync(path.join(__dirname, 'run-config.json'), 'utf8'));
    process.env.AVALANCHE_TEST_ENV = config.testEnvFile;
    let results;
    try {
        const suite = require(config.suiteIndex);
        results = await suite.runSuite({ capture: true, grep: config.grep });
    } catch (error) {
        const text = error instanceof Error ? error.stack || error.message : String(error);
        results = {
            passed: 0,
            failed: 1,
            skipped: 0,
            failures: [{ title: 'host test runner', message: text }],
            output: `The suite could not run:\n${text}\n`,
            durationMs: 0,
        };
    }
    writeResults(config.resultsFile, results);
};
