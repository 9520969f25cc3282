#!/usr/bin/env node
// `npm test`: every tier in order (unit in plain Node, integration inside a real VS Code extension
// host, e2e in headless Chromium), each printing its own "tier: N passed, N failed" line.
// `node scripts/test.mjs unit|integration|proxy|e2e` runs one tier.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requested = process.argv.slice(2);
const tiers = requested.length ? requested : ['unit', 'integration', 'proxy', 'e2e'];

function run(title, command, args, env = {}) {
    const started = Date.now();
    console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ...env },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`=== ${title} finished in ${seconds} s with exit code ${result.status ?? result.signal}`);
    return result.status === 0;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const steps = {
    unit: () =>
        run('compile', npx, ['tsc', '-p', 'tsconfig.test.json']) &&
        run('unit', npx, [
            'mocha',
            '--reporter', path.join(root, 'scripts/summaryReporter.cjs'),
            '--reporter-option', 'tier=unit',
        ]),
    integration: () => hostTier('integration'),
    // The proxy suite again, behind a real squid: once named by `http.proxy` with the sandbox
    // behind TLS that only the system store trusts, once by HTTPS_PROXY in the environment.
    proxy: () =>
        hostTier('integration', { HOST_PROXY: 'setting', HOST_TLS: '1', TEST_GREP: '(integration) proxy' }) &&
        hostTier('integration', { HOST_PROXY: 'env', TEST_GREP: '(integration) proxy' }),
    e2e: () => hostTier('e2e'),
};

function hostTier(tier, env = {}) {
    const script = path.join(root, 'scripts/hostTest.mjs');
    if (!existsSync(script)) {
        console.log(`ERROR: ${tier} tier has no runner (scripts/hostTest.mjs missing).`);
        console.log(`${tier}: 0 passed, 1 failed`);
        return false;
    }
    return (
        run('build', 'npm', ['run', '--silent', 'build']) &&
        run(tier, process.execPath, [script, tier], env)
    );
}

let ok = true;
for (const tier of tiers) {
    const step = steps[tier];
    if (!step) {
        console.error(`Unknown tier "${tier}"; expected unit, integration, proxy or e2e.`);
        process.exit(2);
    }
    // Later tiers still run after a failure, so one run reports every tier's state.
    if (!step()) ok = false;
}
process.exit(ok ? 0 : 1);
