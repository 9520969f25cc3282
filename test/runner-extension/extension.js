// code-server has no `--extensionTestsPath`: this extension stands in for it. scripts/hostTest.mjs
// writes run-config.json next to this file; the suite's results go to the file it names, which
// the script polls. The suite itself is the one @vscode/test-electron runs (test/integration).
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as is */
const fs = require('node:fs');
const path = require('node:path');

function writeResults(file, results) {
    // Written then renamed, so the script never reads half a file.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(results, null, 2));
    fs.renameSync(`${file}.tmp`, file);
}

async function runAll() {
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
            failures: [{ title: 'test runner extension', message: text }],
            output: `The integration suite could not run:\n${text}\n`,
            durationMs: 0,
        };
    }
    writeResults(config.resultsFile, results);
}

exports.activate = function activate() {
    void runAll();
};

exports.deactivate = function deactivate() {};
