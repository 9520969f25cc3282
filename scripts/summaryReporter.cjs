// Mocha's spec reporter plus the closing line CI reads: "<tier>: N passed, N failed".
// A run that executed no test is a failure, never a quiet pass.
'use strict';
const Mocha = require('mocha');

const { EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } =
    Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        const tier =
            (options.reporterOptions && options.reporterOptions.tier) ||
            process.env.TEST_TIER ||
            'tests';
        let passed = 0;
        let failed = 0;
        let skipped = 0;
        runner.on(EVENT_TEST_PASS, () => passed++);
        runner.on(EVENT_TEST_FAIL, () => failed++);
        runner.on(EVENT_TEST_PENDING, () => skipped++);
        runner.once(EVENT_RUN_END, () => {
            if (passed + failed === 0) {
                console.log(`ERROR: the ${tier} tier ran no test.`);
                failed = 1;
                runner.failures = Math.max(runner.failures || 0, 1);
                process.exitCode = 1;
            }
            const tail = skipped ? `, ${skipped} skipped` : '';
            console.log(`\n${tier}: ${passed} passed, ${failed} failed${tail}`);
        });
    }
}

module.exports = SummaryReporter;
