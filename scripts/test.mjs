#!/usr/bin/env node
// `npm test`: every tier in order (unit in plain Node; node against a real AvalancheGo and a real
// Subnet-EVM L1; integration inside a real VS Code extension host, then its proxy suite behind a real
// squid; e2e in headless Chromium), each printing its own "tier: N passed, N failed" line.
// `node scripts/test.mjs unit|node|integration|proxy|e2e` runs one tier.
//
// The node tier needs Go and gcc (scripts/avalanchego.mjs builds AvalancheGo once per version)
// or AVALANCHEGO_PATH/AVALANCHEGO_PLUGIN_DIR. Without them it fails and says what to install;
// AVALANCHE_SKIP_NODE_TIER=1 skips it on purpose (and says so in its summary line).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { installedCodeServer } from './codeServer.mjs';
import { failureBlock } from './failureBlock.mjs';
import { missingPackages, preflightMessage } from './preflight.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requested = process.argv.slice(2);
const tiers = requested.length ? requested : ['unit', 'node', 'integration', 'proxy', 'e2e'];

let compiled = false;
/** The closing lines of each failed step, printed again at the very end (see below). */
const failedTails = [];
const tailLines = 120;

/**
 * Runs one step with its output shown as it comes, keeping its last lines: a CI log is often read
 * from its tail, and a failed tier's mocha summary ("N failing" and each error) would otherwise be
 * far above it, under the tiers that ran after it.
 */
function run(title, command, args, env = {}) {
    const started = Date.now();
    console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {
        cwd: root,
        stdio: ['inherit', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
    });
    let tail = '';
    // Enough to hold a host tier's failure block under the extension host's logs.
    const keep = (chunk, stream) => {
        stream.write(chunk);
        tail = (tail + chunk.toString('utf8')).slice(-1024 * 1024);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    return new Promise((resolve) => {
        child.once('error', (error) => {
            console.log(`=== ${title} could not start: ${error.message}`);
            resolve(false);
        });
        child.once('close', (code, signal) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`=== ${title} finished in ${seconds} s with exit code ${code ?? signal}`);
            if (code !== 0) {
                failedTails.push({
                    title,
                    lines: tail.split('\n').slice(-tailLines).join('\n'),
                    failures: failureBlock(tail),
                });
            }
            resolve(code === 0);
        });
    });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
async function compileTests() {
    if (compiled) return true;
    compiled = await run('compile', npx, ['tsc', '-p', 'tsconfig.test.json']);
    return compiled;
}

const steps = {
    unit: async () =>
        (await compileTests()) &&
        run('unit', npx, [
            'mocha',
            '--reporter',
            path.join(root, 'scripts/summaryReporter.cjs'),
            '--reporter-option',
            'tier=unit',
        ]),
    node: () => nodeTier(),
    // The node tier's extension-host part alone (for working on it; `npm test` runs it in `node`).
    'node-host': () => nodeTier({ plain: false }),
    // The suite, then its localised part alone in a host whose display language is German,
    // reusing the build (about 45 s more): a translation is a file (test/integration/localisedHost.test.ts).
    integration: async () =>
        (await hostTier('integration')) &&
        run(
            'integration (de)',
            process.execPath,
            [path.join(root, 'scripts/hostTest.mjs'), 'integration'],
            {
                HOST_LOCALE: 'de',
                HOST_TIER_LABEL: 'localised',
                TEST_GREP: '(integration) localised host',
            },
        ),
    // The proxy suite again, behind a real squid: once named by `http.proxy` with the sandbox
    // behind TLS that only the system store trusts, once by HTTPS_PROXY in the environment.
    proxy: async () =>
        (await hostTier('integration', {
            HOST_PROXY: 'setting',
            HOST_TLS: '1',
            TEST_GREP: '(integration) proxy',
        })) && hostTier('integration', { HOST_PROXY: 'env', TEST_GREP: '(integration) proxy' }),
    e2e: () => hostTier('e2e'),
};

/**
 * The node tier: provides AvalancheGo (build or cache), then runs the plain-Node suites, which start
 * one real local network in their root hook. Parts that need the extension host can follow as
 * further steps here, reusing `tools`.
 */
async function nodeTier({ plain: runPlain = true } = {}) {
    if (process.env.AVALANCHE_SKIP_NODE_TIER === '1') {
        console.log('\n=== node: skipped because AVALANCHE_SKIP_NODE_TIER=1');
        console.log('node: 0 passed, 0 failed, skipped on request (AVALANCHE_SKIP_NODE_TIER=1)');
        return true;
    }
    const started = Date.now();
    console.log('\n=== node: providing AvalancheGo (scripts/avalanchego.mjs)');
    const provided = spawnSync(
        process.execPath,
        [path.join(root, 'scripts/avalanchego.mjs'), '--json'],
        {
            cwd: root,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'inherit'],
        },
    );
    const tools = provided.status === 0 ? provided.stdout.trim().split('\n').pop() : undefined;
    if (!tools) {
        console.log('ERROR: the node tier has no AvalancheGo (the reason is above).');
        console.log('Set AVALANCHE_SKIP_NODE_TIER=1 to run the other tiers without it.');
        console.log('node: 0 passed, 1 failed');
        return false;
    }
    console.log(
        `=== node: AvalancheGo ready after ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // The MCP server suite runs the bundle (dist/mcp.js), as a client would.
    if (!(await compileTests()) || !(await run('build', 'npm', ['run', '--silent', 'build']))) {
        return false;
    }
    const plain =
        !runPlain ||
        (await run(
            'node',
            npx,
            [
                'mocha',
                '--config',
                path.join(root, 'test/node/mocharc.json'),
                '--reporter',
                path.join(root, 'scripts/summaryReporter.cjs'),
                '--reporter-option',
                'tier=node',
            ],
            { REALNODE_TOOLS: tools },
        ));
    // Later parts still run after a failure, so one run reports the state of each.
    const host = await nodeHostPart(tools);
    return plain && host;
}

/**
 * The node tier's extension-host part: the real network started by test/realnode/cli.ts in a
 * process of its own (so that a test can kill and restart the node by signalling it), then the
 * '(node host)' suites in VS Code's extension host against it. The network goes down on every
 * path out, and its logs stay in test-results/ when the host part failed. The CLI also writes the
 * Foundry and Hardhat projects with the deployment records of its activity (`--workspace`), which
 * scripts/hostTest.mjs copies into the opened folder (AVALANCHE_TEST_CONTRACTS_WORKSPACE).
 */
async function nodeHostPart(tools) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-node-host-'));
    const file = path.join(dir, 'network.json');
    console.log('\n=== node (host): starting the real network');
    const cli = spawn(
        process.execPath,
        [
            path.join(root, 'out/test/realnode/cli.js'),
            '--out',
            file,
            '--discovery-home',
            path.join(dir, 'home'),
            '--workspace',
            path.join(dir, 'contracts'),
        ],
        {
            cwd: root,
            env: { ...process.env, REALNODE_TOOLS: tools },
            stdio: 'inherit',
        },
    );
    const exited = new Promise((resolve) => cli.once('exit', resolve));
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const deadline = Date.now() + 10 * 60_000;
    // The CLI writes the file once the network is up (and prints REALNODE READY).
    while (!existsSync(file) && cli.exitCode === null && Date.now() < deadline) await sleep(250);
    try {
        if (!existsSync(file)) {
            console.log('ERROR: the real network did not come up for the host part (see above).');
            console.log('node-host: 0 passed, 1 failed');
            return false;
        }
        // Awaited here: the finally below stops the network, which the tier still needs.
        return await hostTier('integration', {
            REALNODE_FILE: file,
            AVALANCHE_TEST_HOME: path.join(dir, 'home'),
            AVALANCHE_TEST_CONTRACTS_WORKSPACE: path.join(dir, 'contracts'),
            TEST_GREP: '(node host)',
            HOST_TIER_LABEL: 'node-host',
        });
    } finally {
        if (cli.exitCode === null && cli.signalCode === null) {
            cli.kill('SIGTERM');
            await Promise.race([exited, sleep(30_000)]);
            if (cli.exitCode === null && cli.signalCode === null) cli.kill('SIGKILL');
        }
        rmSync(dir, { recursive: true, force: true });
    }
}

async function hostTier(tier, env = {}) {
    const script = path.join(root, 'scripts/hostTest.mjs');
    if (!existsSync(script)) {
        console.log(`ERROR: ${tier} tier has no runner (scripts/hostTest.mjs missing).`);
        console.log(`${tier}: 0 passed, 1 failed`);
        return false;
    }
    return (
        (await run('build', 'npm', ['run', '--silent', 'build'])) &&
        run(tier, process.execPath, [script, tier], env)
    );
}

// Every system package the tiers need, named at once with the line that installs them all.
const missing = missingPackages(tiers, { codeServerInstalled: Boolean(installedCodeServer()) });
if (missing.length) {
    console.error(preflightMessage(missing));
    process.exit(1);
}

let ok = true;
const outcomes = [];
for (const tier of tiers) {
    const step = steps[tier];
    if (!step) {
        console.error(
            `Unknown tier "${tier}"; expected unit, node, node-host, integration, proxy or e2e.`,
        );
        process.exit(2);
    }
    // Later tiers still run after a failure, so one run reports every tier's state.
    const passed = await step();
    outcomes.push(`${tier} ${passed ? 'passed' : 'FAILED'}`);
    if (!passed) ok = false;
}
// Repeated at the very end: a CI log is often read from its tail, far below a failed tier.
for (const { title, lines } of failedTails) {
    console.log(`\n=== the last ${tailLines} lines of the failed step "${title}", again:`);
    console.log(lines);
}
// Last of all, each failed step's failing tests and errors, short enough to survive a log's tail.
for (const { title, failures } of failedTails) {
    if (!failures) continue;
    console.log(`\n=== "${title}" failed these:`);
    console.log(failures);
}
console.log(`\n=== npm test: ${outcomes.join(', ')}`);
process.exit(ok ? 0 : 1);
