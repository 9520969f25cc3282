#!/usr/bin/env node
// `npm run bench`: builds the production package, runs every benchmark, and prints ONE table with
// the budget verdicts (PASS / MISS; INFO where no budget applies). Each part writes its own
// bench/results/<part>.{md,json}; this script collects them into bench/results/summary.{md,json}
// and the section "The latest run" of docs/performance.md.
//
//   node scripts/bench.mjs [--only part,part] [--skip part,part] [--no-build] [--no-readme]
//   node scripts/bench.mjs --report-only   prints the summary and the docs/performance.md section from the
//                                          results files as they are, runs and writes nothing
//
// Parts, in running order (Node-side parts run as child processes, one at a time so that they do
// not disturb each other; host-side parts start VS Code's server build and headless Chromium):
//   size         dist/extension.js, dist/core.js, the webview bundle and the .vsix, from `npm run package`
//   load         bench/loadBench.ts: a Node process loading dist/main.js vs one that does not
//   client       bench/clientBench.ts: Data API client vs bare undici, fetch, chainkit (`npm run bench:client`)
//   rpc          bench/rpcBench.ts: node JSON-RPC client vs bare undici and @avalanche-sdk/client
//   realnode     bench/realNodeBench.ts: a REAL AvalancheGo with a Subnet-EVM L1 (built once by
//                scripts/avalanchego.mjs, as for the node test tier): every read-only node method,
//                client vs bare undici, and the Node view's refresh vs its slowest single call
//   identifiers  bench/identifiersBench.ts: identifier scan throughput and adversarial lines
//   local        bench/localBench.ts: local network discovery (cold, warm, heap) and the views read through the node
//   workspace    bench/workspaceBench.ts: Foundry and Hardhat artifacts parsed, the workspace index (set, heap, lookup),
//                the index of a generated 5,000-artifact project (build time with and without the parse worker
//                from this build's dist/, heap, longest block of the calling thread), decoding one transaction
//   trace        bench/traceBench.ts: the call trace engine (core/trace): a 5,000-frame trace decoded, a revert
//                site to its Solidity line, the heap of the largest trace kept, the step tracer's state
//                over a million steps
//   agent        bench/agentBench.ts: each agent tool's call, its own work beyond the client, the MCP
//                server of this build (start, a call over stdio), dist/mcp.js's size
//   latency      bench/latencyBench.ts: each agent tool through the MCP server of this build with 150 ms
//                added to the Data API, the Metrics API and the public node and 2 ms to a node on this
//                machine (#38): wall time, dependent round trips from the sandbox's request log,
//                requests, Data API compute units
//   watch        bench/watchBench.ts: requests a minute the watch list spends for 10 and 100 items
//   metrics      bench/metricsBench.ts: the real node's /ext/metrics page (recorded) parsed and scraped,
//                one chart update on the host, the heap of an hour of samples for one node
//   host         bench/hostProbe.ts in the extension host: activate() over fresh starts, idle cost
//   trees        `node scripts/hostTest.mjs bench trees` (bench/treesBench.ts): Subnets first page, heap, Node view
//   hovers       `node scripts/hostTest.mjs bench hovers` (bench/hoversBench.ts): cold and warm hovers per kind
//   hostLatency  `node scripts/hostTest.mjs bench hostLatency` (bench/hostLatencyBench.ts): the host's
//                actions (sidebar, hovers per kind, Node refresh) at 150 ms RTT, round trips counted (#38)
//   panels       the e2e tier's panel render tests (test/e2e/panels.e2e.ts): first 100 rows, scrolling 10,000,
//                and how drawing and scrolling grow with 1,000, 10,000 and 100,000 loaded rows
// A part that cannot run is reported as such in the table; its last results are not reused
// unless they were written by this run, so that the table never shows stale figures as fresh.
//
// Environment: BENCH_STARTS (fresh extension-host starts, default 11), BENCH_IDLE_MS (idle window,
// default 20000), and the knobs of each bench file (BENCH_ROUNDS, …).
import { spawn, spawnSync } from 'node:child_process';
import {
    cpSync,
    existsSync,
    mkdirSync,
    mkdtempSync,
    readFileSync,
    readdirSync,
    renameSync,
    rmSync,
    statSync,
    symlinkSync,
    writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import {
    endpointSettings,
    ensureCodeServer,
    freePort,
    killGroup,
    launchChromium,
    quietSettings,
    stageExtension,
    startCodeServer,
    testModeWorkbenchUrl,
    vscodeVersion,
    writeUserSettings,
} from './codeServer.mjs';
import { describeGrowth, readmeSection } from './benchReport.mjs';
import { vscePackageArguments } from './package.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'out');
const resultsDir = path.join(root, 'bench', 'results');
const logDir = path.join(root, '.vscode-test', 'bench');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const extensionId = `${manifest.publisher}.${manifest.name}`;

const allParts = [
    'size',
    'load',
    'client',
    'rpc',
    'realnode',
    'identifiers',
    'local',
    'workspace',
    'trace',
    'agent',
    'latency',
    'watch',
    'metrics',
    'host',
    'trees',
    'hovers',
    'hostLatency',
    'panels',
];
const args = process.argv.slice(2);
const listArg = (flag) => {
    const i = args.indexOf(flag);
    return i >= 0 ? (args[i + 1] ?? '').split(',').filter(Boolean) : undefined;
};
// A mistyped flag or part must not start a 20-minute run that measures something else.
const knownFlags = ['--only', '--skip', '--no-build', '--no-readme', '--report-only'];
const usageError = (message) => {
    console.error(
        `bench: ${message}\nusage: node scripts/bench.mjs [--only part,part] [--skip part,part] [--no-build] [--no-readme] | --report-only\nparts: ${allParts.join(', ')}`,
    );
    process.exit(2);
};
if (args.includes('--help') || args.includes('-h')) {
    // The header comment above is the help: the usage, then each part and what it measures.
    const header = readFileSync(new URL(import.meta.url), 'utf8').split('\nimport ')[0];
    console.log(header.replace(/^#!.*\n/, '').replace(/^\/\/ ?/gm, ''));
    process.exit(0);
}
for (const [i, arg] of args.entries()) {
    const isValue = i > 0 && ['--only', '--skip'].includes(args[i - 1] ?? '');
    if (!isValue && !knownFlags.includes(arg))
        usageError(`unknown argument ${JSON.stringify(arg)}`);
}
const only = listArg('--only');
const skip = listArg('--skip') ?? [];
for (const part of [...(only ?? []), ...skip]) {
    if (!allParts.includes(part)) usageError(`unknown part ${JSON.stringify(part)}`);
}
const parts = allParts.filter((p) => (only ? only.includes(p) : true) && !skip.includes(p));
const build = !args.includes('--no-build');
const updateReadme = !args.includes('--no-readme');
const reportOnly = args.includes('--report-only');
const starts = Number(process.env.BENCH_STARTS ?? 11);
const idleWindowMs = Number(process.env.BENCH_IDLE_MS ?? 20_000);

const started = Date.now();
const runStartedMs = Date.now();
const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const step = (message) => console.log(`[bench ${elapsed()}] ${message}`);

// ---------------------------------------------------------------------------------------------
// Cleanup: every process this script starts is stopped on every path out.

const stops = [];
let stopping = Promise.resolve();
/**
 * Runs the stop actions registered so far, last in first out, except the first `keep` (those of
 * the run as a whole, such as the build folder, when a part cleans up after itself); safe to
 * call again later.
 */
function stopAll(keep = 0) {
    stopping = stopping.then(async () => {
        while (stops.length > keep) {
            const stop = stops.pop();
            try {
                await stop.run();
            } catch (error) {
                console.log(`  (while stopping ${stop.name}: ${error.message ?? error})`);
            }
        }
    });
    return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
        console.log(`\nstopped by ${signal}`);
        void stopAll().finally(() => process.exit(130));
    });
}

/**
 * Runs a command in its own process group, output to a log file; resolves with its exit code.
 * The group is killed if this script is stopped.
 */
function runLogged(
    name,
    command,
    commandArgs,
    { env = {}, timeoutMs = 10 * 60_000, cwd = root } = {},
) {
    mkdirSync(logDir, { recursive: true });
    const logFile = path.join(logDir, `${name}.log`);
    return new Promise((resolve) => {
        const chunks = [];
        const child = spawn(command, commandArgs, {
            cwd,
            detached: true,
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        const stop = { name, run: () => killGroup(child) };
        stops.push(stop);
        child.stdout.on('data', (d) => chunks.push(d));
        child.stderr.on('data', (d) => chunks.push(d));
        const timer = setTimeout(() => {
            chunks.push(Buffer.from(`\n[bench: killed after ${timeoutMs / 1000} s]\n`));
            void killGroup(child);
        }, timeoutMs);
        child.on('close', (code) => {
            clearTimeout(timer);
            const index = stops.indexOf(stop);
            if (index >= 0) stops.splice(index, 1);
            writeFileSync(logFile, Buffer.concat(chunks));
            resolve({ code, logFile });
        });
        child.on('error', (error) => {
            chunks.push(Buffer.from(String(error)));
        });
    });
}

function tail(file, lines = 15) {
    try {
        return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
        return '';
    }
}

/** A results file written by this run (not a leftover of an earlier one), or undefined. */
function freshResult(name) {
    const file = path.join(resultsDir, `${name}.json`);
    if (!existsSync(file) || (!reportOnly && statSync(file).mtimeMs < runStartedMs))
        return undefined;
    return JSON.parse(readFileSync(file, 'utf8'));
}

function writeResult(name, markdown, json) {
    mkdirSync(resultsDir, { recursive: true });
    for (const [ext, text] of [
        ['md', `${markdown.trimEnd()}\n`],
        ['json', `${JSON.stringify(json, null, 2)}\n`],
    ]) {
        const target = path.join(resultsDir, `${name}.${ext}`);
        writeFileSync(`${target}.tmp`, text);
        renameSync(`${target}.tmp`, target);
    }
}

/** The middle value; with an even count, the mean of the two middle ones (neither flatters). */
const median = (values) => {
    const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    const n = sorted.length;
    if (n === 0) return Number.NaN;
    return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
};
const quantile = (values, q) => {
    const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    if (sorted.length === 0) return Number.NaN;
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const iqrPercent = (values) => {
    const m = median(values);
    return m ? ((quantile(values, 0.75) - quantile(values, 0.25)) / 2 / m) * 100 : 0;
};

// ---------------------------------------------------------------------------------------------
// Build

/**
 * The production build and the .vsix are made in a private folder (symlinks to src and
 * node_modules; copies of media/, the manifest and build files), not in dist/: other people rebuild dist/
 * in development mode while they work, and a size taken from a dev build would be meaningless.
 */
let dist = path.join(root, 'dist');

async function buildAll() {
    const buildDir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-bench-build-'));
    stops.push({
        name: 'build folder',
        run: () => rmSync(buildDir, { recursive: true, force: true }),
    });
    for (const entry of ['src', 'node_modules']) {
        symlinkSync(path.join(root, entry), path.join(buildDir, entry));
    }
    // A copy: vsce does not follow a symlinked folder, and the manifest's icon lives in media/.
    cpSync(path.join(root, 'media'), path.join(buildDir, 'media'), { recursive: true });
    cpSync(path.join(root, 'l10n'), path.join(buildDir, 'l10n'), { recursive: true });
    for (const file of [
        'package.json',
        'package.nls.json',
        'README.md',
        'CHANGELOG.md',
        'LICENSE',
        '.vscodeignore',
        'esbuild.mjs',
    ]) {
        if (existsSync(path.join(root, file)))
            cpSync(path.join(root, file), path.join(buildDir, file));
    }
    step('building the production bundles (esbuild.mjs --production, in a private folder)');
    const bundle = await runLogged('build', process.execPath, ['esbuild.mjs', '--production'], {
        cwd: buildDir,
    });
    if (bundle.code !== 0)
        throw new Error(
            `the production build failed; see ${bundle.logFile}\n${tail(bundle.logFile)}`,
        );
    step('packaging the .vsix (vsce package)');
    const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    const { args: vsceArgs } = vscePackageArguments(manifest);
    const pack = await runLogged('package', process.execPath, [vsce, ...vsceArgs], {
        cwd: buildDir,
    });
    if (pack.code !== 0)
        throw new Error(`vsce package failed; see ${pack.logFile}\n${tail(pack.logFile)}`);
    dist = path.join(buildDir, 'dist');
    step('compiling the benchmarks (tsc -p tsconfig.test.json)');
    const tsc = await runLogged('tsc', process.execPath, [
        path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        'tsconfig.test.json',
    ]);
    // tsc emits even when files of work in progress elsewhere have type errors.
    if (tsc.code !== 0)
        step(
            `  note: tsc reported type errors, output emitted anyway (${path.relative(root, tsc.logFile)})`,
        );
    for (const file of ['bench/loadBench.js', 'bench/clientBench.js', 'bench/hostProbe.js']) {
        if (!existsSync(path.join(out, file)))
            throw new Error(`compiling did not produce out/${file}`);
    }
}

// ---------------------------------------------------------------------------------------------
// Parts

const sizeBudgets = { extensionBytes: 150_000, vsixBytes: 1_500_000 };

function sizePart() {
    const size = (file) => (existsSync(file) ? statSync(file).size : Number.NaN);
    const webviewDir = path.join(dist, 'webview');
    const webviewFiles = existsSync(webviewDir)
        ? readdirSync(webviewDir).filter((f) => !f.endsWith('.map'))
        : [];
    const webview = Object.fromEntries(
        webviewFiles.map((f) => [f, size(path.join(webviewDir, f))]),
    );
    const result = {
        stamp: new Date().toISOString(),
        // What VS Code loads before activating: the entry point and the composition root it loads.
        extensionBytes: size(path.join(dist, 'extension.js')) + size(path.join(dist, 'main.js')),
        entryBytes: size(path.join(dist, 'extension.js')),
        coreBytes: size(path.join(dist, 'core.js')),
        webviewScriptBytes: (webview['main.js'] ?? 0) + (webview['main.css'] ?? 0),
        webviewAllBytes: Object.values(webview).reduce((a, b) => a + b, 0),
        webview,
        vsixBytes: size(path.join(dist, 'avalanche-explorer.vsix')),
        activationEvents: manifest.activationEvents ?? [],
        budgets: sizeBudgets,
    };
    const kb = (b) => `${(b / 1000).toFixed(1)} kB`;
    writeResult(
        'size',
        [
            `Sizes of the production build (esbuild.mjs --production, then vsce package), ${result.stamp}.`,
            '',
            '| file | size |',
            '|---|---:|',
            `| dist/extension.js + dist/main.js (loaded before activation) | ${kb(result.extensionBytes)} |`,
            `| of which dist/extension.js (the entry point: loads the bundles through V8's code cache) | ${kb(result.entryBytes)} |`,
            `| dist/core.js (loaded on first use) | ${kb(result.coreBytes)} |`,
            ...Object.entries(webview).map(([f, b]) => `| dist/webview/${f} | ${kb(b)} |`),
            `| dist/avalanche-explorer.vsix | ${kb(result.vsixBytes)} |`,
        ].join('\n'),
        result,
    );
    return result;
}

/**
 * The real node's part: AvalancheGo and the Subnet-EVM plugin from scripts/avalanchego.mjs (the
 * machine's cache; a first build takes minutes and needs Go and gcc, whose absence fails the part
 * with the install hint), then bench/realNodeBench.ts starts the network and measures.
 */
async function realNodePart() {
    step('realnode: providing AvalancheGo (scripts/avalanchego.mjs)');
    const { provideAvalanchego } = await import('./avalanchego.mjs');
    const tools = await provideAvalanchego({ log: (line) => step(`  avalanchego: ${line}`) });
    await nodePart('realnode', 'realNodeBench.js', { REALNODE_TOOLS: JSON.stringify(tools) });
}

async function nodePart(name, file, env = {}) {
    step(`${name}: node out/bench/${file}`);
    const run = await runLogged(name, process.execPath, [path.join(out, 'bench', file)], { env });
    if (run.code !== 0)
        throw new Error(
            `${file} failed (exit ${run.code}); see ${run.logFile}\n${tail(run.logFile)}`,
        );
}

/**
 * Activation over fresh extension-host starts, and the idle cost, measured by the probe
 * extension (bench/hostProbe.ts) in VS Code's server build. A reload of the workbench page starts
 * a new extension host process, so every start loads and activates the extension from scratch.
 * The extension runs from a development folder in ExtensionMode.Test, the only mode in which it
 * hands its debug counters to another extension; the probe, installed as usual, is also the tests
 * module whose `run()` keeps each host up until its start is measured (see testModeWorkbenchUrl).
 */
async function hostPart() {
    step('host: preparing VS Code server build');
    const entry = await ensureCodeServer((line) => step(`  ${line}`));
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-bench-'));
    stops.push({
        name: 'run folder',
        run: () =>
            process.env.KEEP_BENCH_DIR === '1'
                ? console.log(`  run folder kept: ${runDir}`)
                : rmSync(runDir, { recursive: true, force: true }),
    });
    const userDataDir = path.join(runDir, 'user-data');
    const extensionsDir = path.join(runDir, 'extensions');
    const workspaceDir = path.join(runDir, 'workspace');
    const probeResults = path.join(runDir, 'probe-results');
    mkdirSync(probeResults, { recursive: true });

    const { startSandbox } = await import(
        pathToFileURL(path.join(out, 'test', 'sandbox', 'index.js')).href
    );
    const sandbox = await startSandbox({});
    stops.push({ name: 'sandbox', run: () => sandbox.close() });
    const urls = {
        dataApiUrl: sandbox.dataApiUrl,
        metricsUrl: sandbox.metricsUrl,
        nodeUrl: sandbox.nodeUrl,
    };
    const { writeSampleWorkspace } = await import(
        pathToFileURL(path.join(out, 'test', 'fixtures', 'sampleWorkspace.js')).href
    );
    writeSampleWorkspace(workspaceDir, sandbox.known);
    writeUserSettings(userDataDir, { ...quietSettings, ...endpointSettings(urls) });
    const extensionDir = stageExtension(path.join(runDir, 'development'));
    // The production bundles of this run, not whatever dist/ holds now.
    rmSync(path.join(extensionDir, 'dist'), { recursive: true, force: true });
    cpSync(dist, path.join(extensionDir, 'dist'), {
        recursive: true,
        // The code caches of local runs stay behind: the first start must write its own.
        filter: (file) => !file.endsWith('.vsix') && !file.includes(`${path.sep}.code-cache`),
    });

    const probeDir = path.join(extensionsDir, `${manifest.publisher}.bench-probe-0.0.1`);
    mkdirSync(probeDir, { recursive: true });
    cpSync(path.join(out, 'bench', 'hostProbe.js'), path.join(probeDir, 'extension.js'));
    writeFileSync(
        path.join(probeDir, 'package.json'),
        JSON.stringify(
            {
                name: 'bench-probe',
                displayName: 'Avalanche Explorer benchmark probe',
                description:
                    'Staged only by scripts/bench.mjs: times the activation and idle cost of Avalanche Explorer.',
                publisher: manifest.publisher,
                version: '0.0.1',
                private: true,
                engines: { vscode: manifest.engines.vscode },
                // `*` so that it is active before the extension under test (`onStartupFinished`).
                activationEvents: ['*'],
                main: './extension.js',
                capabilities: { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true },
            },
            null,
            2,
        ),
    );
    const controlUrl = `${sandbox.dataApiUrl.replace(/\/+$/, '')}/__sandbox`;
    const writeProbeConfig = (start, idle) =>
        writeFileSync(
            path.join(probeDir, 'probe-config.json'),
            JSON.stringify({
                extensionId,
                extensionDir,
                resultsDir: probeResults,
                controlUrl,
                start,
                idle,
                idleWindowMs,
                // BENCH_PROFILE=<dir>: a CPU profile of loading and activating, per start.
                ...(process.env.BENCH_PROFILE
                    ? {
                          profileFile: path.join(
                              process.env.BENCH_PROFILE,
                              `activation-${start}.cpuprofile`,
                          ),
                      }
                    : {}),
            }),
        );

    const port = await freePort();
    step(`host: starting code-server on 127.0.0.1:${port}`);
    const server = await startCodeServer({
        entry,
        port,
        userDataDir,
        extensionsDir,
        folder: workspaceDir,
        logFile: path.join(runDir, 'code-server.log'),
        stateDir: runDir,
    });
    stops.push({ name: 'code-server', run: () => server.stop() });
    // The extension hosts are forked by the server when the page connects and inherit its
    // priority: above the neighbours', as for the Node-side parts, so that a compiler running
    // next to the benchmark preempts the host less (BENCH_NICE=0 to leave it).
    const nice = Number(process.env.BENCH_NICE ?? -10);
    if (nice !== 0) reniceGroup(server.child.pid, nice);
    const browser = await launchChromium();
    stops.push({ name: 'chromium', run: () => browser.close() });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const workbenchUrl = testModeWorkbenchUrl(server.url, workspaceDir, {
        developmentPath: extensionDir,
        testsPath: path.join(probeDir, 'extension.js'),
    });

    const records = [];
    for (let start = 1; start <= starts; start++) {
        const idle = start === starts ? ['fresh', 'afterViews'] : [];
        writeProbeConfig(start, idle);
        if (start === 1) await page.goto(workbenchUrl);
        else await page.reload();
        await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
        const file = path.join(probeResults, `start-${start}.json`);
        const deadline = Date.now() + 120_000 + idle.length * (idleWindowMs + 45_000);
        while (!existsSync(file)) {
            if (server.exited()) throw new Error('code-server exited during the host benchmark');
            if (Date.now() > deadline) throw new Error(`no probe result for start ${start}`);
            await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const record = JSON.parse(readFileSync(file, 'utf8'));
        if (record.error) throw new Error(`probe failed in start ${start}: ${record.error}`);
        records.push(record);
        const a = record.activation;
        step(
            `host: start ${start}/${starts}: load ${a.loadMs?.toFixed(2)} ms, activate() ${a.activateCallMs?.toFixed(2)} ms` +
                (idle.length
                    ? `, idle windows ${record.idle.map((w) => `${w.kind}: ${w.requests} requests, ${w.timersFired} timer runs`).join('; ')}`
                    : ''),
        );
    }

    const loads = records.map((r) => r.activation.loadMs);
    const calls = records.map((r) => r.activation.activateCallMs);
    const vsLoads = records.map((r) => r.activation.vscode.codeLoadingMs);
    const vsActivates = records.map((r) => r.activation.vscode.activateMs);
    const cpus = records.map((r) => r.activation.activateCpuMs);
    // How src/bootstrap/index.ts compiled dist/main.js in each start: from V8's code cache, or not.
    const mainCache = records.map(
        (r) => r.activation.bundleLoads?.find((l) => l.bundle === 'main.js')?.cache ?? 'unknown',
    );
    const cachedCalls = calls.filter((_, i) => mainCache[i] === 'used');
    const uncachedCalls = calls.filter((_, i) => mainCache[i] !== 'used');
    // What a start costs the host in all: loading the code, then the activate() call.
    const totals = calls.map((c, i) => c + loads[i]);
    const cachedTotals = totals.filter((_, i) => mainCache[i] === 'used');
    const uncachedTotals = totals.filter((_, i) => mainCache[i] !== 'used');
    const idle = records.at(-1).idle;
    const result = {
        stamp: new Date().toISOString(),
        vscodeVersion,
        starts,
        activation: {
            loadMs: median(loads),
            loadSpreadPercent: iqrPercent(loads),
            activateCallMs: median(calls),
            activateCallSpreadPercent: iqrPercent(calls),
            activateCallMaxMs: Math.max(...calls),
            activateCpuMs: median(cpus),
            mainCodeCache: mainCache,
            activateCallCachedMs: cachedCalls.length ? median(cachedCalls) : undefined,
            activateCallUncachedMs: uncachedCalls.length ? median(uncachedCalls) : undefined,
            loadAndActivateMs: median(totals),
            loadAndActivateCachedMs: cachedTotals.length ? median(cachedTotals) : undefined,
            loadAndActivateUncachedMs: uncachedTotals.length ? median(uncachedTotals) : undefined,
            vscodeCodeLoadingMs: median(vsLoads),
            vscodeActivateMs: median(vsActivates),
            perStart: records.map((r) => r.activation),
        },
        idle,
        idleWindowMs,
    };
    const ms = (v) => `${v.toFixed(2)} ms`;
    writeResult(
        'host',
        [
            `Extension host of VS Code ${vscodeVersion} (server build), ${starts} fresh starts (workbench reloads), ${result.stamp}.`,
            '',
            '| measure | median | spread | per start |',
            '|---|---:|---:|---|',
            `| require of dist/extension.js (code loading: the entry point, which loads dist/main.js) | ${ms(result.activation.loadMs)} | ±${result.activation.loadSpreadPercent.toFixed(0)}% | ${loads.map((v) => v.toFixed(1)).join(', ')} |`,
            `| activate() call | ${ms(result.activation.activateCallMs)} | ±${result.activation.activateCallSpreadPercent.toFixed(0)}% | ${calls.map((v) => v.toFixed(2)).join(', ')} |`,
            `| code loading + activate() | ${ms(median(totals))} | ±${iqrPercent(totals).toFixed(0)}% | ${totals.map((v) => v.toFixed(2)).join(', ')} |`,
            `| code cache of dist/main.js per start | | | ${mainCache.join(', ')} |`,
            `| starts compiling from the code cache: activate() / code loading + activate() | ${cachedCalls.length ? `${ms(median(cachedCalls))} / ${ms(median(cachedTotals))}` : '—'} | | ${cachedCalls.length} of ${calls.length} starts |`,
            `| starts without a usable cache (compile, then write it): activate() / code loading + activate() | ${uncachedCalls.length ? `${ms(median(uncachedCalls))} / ${ms(median(uncachedTotals))}` : '—'} | | ${uncachedCalls.length} of ${calls.length} starts |`,
            `| CPU time of the host process during activate() | ${ms(result.activation.activateCpuMs)} | ±${iqrPercent(cpus).toFixed(0)}% | ${cpus.map((v) => v.toFixed(2)).join(', ')} |`,
            `| VS Code's marks: code loading (whole ms) | ${result.activation.vscodeCodeLoadingMs} ms | | ${vsLoads.join(', ')} |`,
            `| VS Code's marks: activate (whole ms) | ${result.activation.vscodeActivateMs} ms | | ${vsActivates.join(', ')} |`,
            '',
            `Idle windows of ${idleWindowMs / 1000} s in the last start (requests counted by the sandbox; timers of the extension by wrapped setTimeout/setInterval in the host):`,
            '',
            '| window | requests | timers created | timer runs | detail |',
            '|---|---:|---:|---:|---|',
            ...idle.map(
                (w) =>
                    `| ${w.kind === 'fresh' ? 'views never opened' : 'after opening and closing the views'} | ${w.requests} | ${w.timersCreated} | ${w.timersFired} | ${[...w.requestSample, ...w.timerSites].join('; ') || '—'} |`,
            ),
        ].join('\n'),
        result,
    );
}

/** Sets the priority of every process in a process group (Linux `ps`); best effort. */
function reniceGroup(pgid, nice) {
    const ps = spawnSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' });
    for (const pid of (ps.stdout ?? '').split(/\s+/).filter(Boolean).map(Number)) {
        try {
            os.setPriority(pid, nice);
        } catch {
            // Gone already, or not allowed for this user: it keeps its priority.
        }
    }
}

/**
 * scripts/hostTest.mjs stages dist/ itself: the production bundles of this run are put there
 * right before each part that uses it, so that those parts measure what ships too (others may
 * have rebuilt dist/ in development mode in the meantime).
 */
function useProductionDist() {
    if (dist === path.join(root, 'dist')) return;
    cpSync(dist, path.join(root, 'dist'), {
        recursive: true,
        // The code caches of local runs stay behind: the first start must write its own.
        filter: (file) => !file.endsWith('.vsix') && !file.includes(`${path.sep}.code-cache`),
    });
    for (const map of [
        'extension.js.map',
        'core.js.map',
        'webview/main.js.map',
        'webview/main.css.map',
    ]) {
        rmSync(path.join(root, 'dist', map), { force: true });
    }
}

/** A benchmark that runs inside the host through `node scripts/hostTest.mjs bench <name>`. */
async function hostTestBench(name) {
    useProductionDist();
    const env = name === 'trees' ? await coldOpenings() : {};
    step(`${name}: node scripts/hostTest.mjs bench ${name} (bench/${name}Bench.ts)`);
    const run = await runLogged(
        name,
        process.execPath,
        [path.join(root, 'scripts', 'hostTest.mjs'), 'bench', name],
        { env },
    );
    if (!freshResult(name)) {
        throw new Error(
            `hostTest bench ${name} wrote no results (exit ${run.code}); see ${run.logFile}\n${tail(run.logFile)}`,
        );
    }
}

/** Fresh extension hosts that only open the container cold, besides the trees part's own. */
const extraColdOpenings = 4;

/**
 * Opening the container cold happens once per extension host, and one sample of it moved by
 * 100 ms between runs of the same code: a few more hosts open it and nothing else, and the trees
 * part reports the median of theirs and its own (bench/treesBench.ts).
 */
async function coldOpenings() {
    const samples = path.join(mkdtempSync(path.join(os.tmpdir(), 'avalanche-cold-')), 'cold.jsonl');
    writeFileSync(samples, '');
    for (let i = 1; i <= extraColdOpenings; i++) {
        step(`trees: cold opening ${i}/${extraColdOpenings} in a fresh extension host`);
        const run = await runLogged(
            `trees-cold-${i}`,
            process.execPath,
            [path.join(root, 'scripts', 'hostTest.mjs'), 'bench', 'trees'],
            { env: { BENCH_TREES_COLD_ONLY: samples } },
        );
        if (run.code !== 0) step(`  failed (exit ${run.code}); see ${run.logFile}`);
    }
    return { BENCH_TREES_COLD_SAMPLES: samples };
}

/**
 * The panels' render budgets come from the e2e tier (test/e2e/panels.e2e.ts measures them in
 * Chromium with the page's own performance figures). The two tests are run alone and their
 * "figures:" lines read back, unless the tier wrote bench/results/panels.json itself.
 */
async function panelsPart() {
    step(
        'panels: node scripts/hostTest.mjs e2e, the two render-budget tests of test/e2e/panels.e2e.ts',
    );
    useProductionDist();
    const run = await runLogged(
        'panels',
        process.execPath,
        [path.join(root, 'scripts', 'hostTest.mjs'), 'e2e'],
        {
            env: { TEST_GREP: 'panel figures', BENCH_PANEL_SCALING: '1' },
        },
    );
    if (freshResult('panels')) return;
    const text = readFileSync(run.logFile, 'utf8');
    const num = (re) => {
        const m = re.exec(text);
        return m ? Number(m[1].replace(/,/g, '')) : undefined;
    };
    const firstRows = num(
        /figures: 100 rows drawn in [\d.]+ ms after the message arrived, ([\d.]+) ms after the response/,
    );
    const firstRowsDraw = num(/figures: 100 rows drawn in ([\d.]+) ms after the message arrived/);
    const bigDraw = num(/figures: 10,000 rows drawn in ([\d.]+) ms/);
    // Per scroll pass, the longest task of the page's main thread from a Chromium trace: its wall
    // time and its CPU time, in a page of its own and inside the workbench (where code-server
    // serves webviews from the workbench's origin, so they share its renderer).
    const passesOf = (label) =>
        [
            ...text.matchAll(
                new RegExp(
                    `${label}, pass \\d+: .*?main thread: \\d+ tasks, longest ([\\d.]+) ms wall / ([\\d.]+) ms CPU, (\\d+) over 50 ms CPU`,
                    'g',
                ),
            ),
        ].map((m) => ({ wallMs: Number(m[1]), cpuMs: Number(m[2]), over50: Number(m[3]) }));
    const own = passesOf('own process');
    const inWorkbench = passesOf('in the workbench');
    if (firstRows === undefined && own.length === 0) {
        throw new Error(
            `the e2e panel tests printed no figures (exit ${run.code}); see ${run.logFile}\n${tail(run.logFile)}`,
        );
    }
    const checks = [];
    if (firstRows !== undefined) {
        checks.push({
            key: 'panels.firstRows',
            name: 'first 100 rows: from the response reaching the host to rows drawn',
            value: firstRows,
            unit: 'ms',
            budget: 150,
            passed: firstRows < 150 && /✔ panel figures: 100 rows/.test(text),
            detail: `drawing them took ${firstRowsDraw} ms in the page; one run`,
        });
    }
    if (own.length > 0) {
        const cpu = median(own.map((p) => p.cpuMs));
        const list = (passes, key) => passes.map((p) => p[key].toFixed(0)).join(', ');
        checks.push({
            key: 'panels.scroll10k',
            name: 'longest task (CPU) while scrolling 10,000 rows',
            value: cpu,
            unit: 'ms',
            budget: 50,
            passed: cpu <= 50 && /✔ panel figures: 10,000 loaded rows/.test(text),
            detail: `median of ${own.length} scroll passes in a page of its own, CPU ${list(own, 'cpuMs')} ms, wall ${list(own, 'wallMs')} ms; in the workbench CPU ${list(inWorkbench, 'cpuMs')} ms, wall ${list(inWorkbench, 'wallMs')} ms (the machine's load stretches wall time); 10,000 rows drawn in ${bigDraw} ms`,
        });
    }
    checks.push(...panelScaling(text));
    writeResult(
        'panels',
        [
            `Result panels in headless Chromium (e2e tier, test/e2e/panels.e2e.ts), ${new Date().toISOString()}.`,
            '',
            '| check | measured | budget | verdict | detail |',
            '|---|---:|---:|---|---|',
            ...checks.map(
                (c) =>
                    `| ${c.name} | ${fmt(c.value)} ${c.unit} | ${c.budget === undefined ? '—' : `${c.budget} ${c.unit}`} | ${c.budget === undefined ? 'info' : c.passed ? 'pass' : 'miss'} | ${c.detail} |`,
            ),
        ].join('\n'),
        { stamp: new Date().toISOString(), source: 'e2e figures', checks },
    );
}

/**
 * How the panel's cost grows with the rows loaded (1,000, 10,000, 100,000), from the e2e tier's
 * "figures: scaling" lines (a page of its own) and its "rows drawn" lines (the workbench, from
 * the response reaching the host). INFO rows, each with its linear / not linear verdict.
 */
function panelScaling(text) {
    // A test that mocha ran again prints its figures again: the last of each size counts.
    const bySize = (list, size) => [...new Map(list.map((p) => [size(p), p])).values()];
    const printed = [
        ...text.matchAll(
            /figures: scaling, ([\d,]+) rows in a page of its own: drawn in ([\d.]+) ms over (\d+) message\(s\), longest ([\d.]+) ms; scrolling (\d+) notches and four jumps: longest task ([\d.]+) ms CPU \/ ([\d.]+) ms wall/g,
        ),
    ].map((m) => ({
        rows: Number(m[1].replace(/,/g, '')),
        drawMs: Number(m[2]),
        messages: Number(m[3]),
        longestDrawMs: Number(m[4]),
        notches: Number(m[5]),
        cpuMs: Number(m[6]),
        wallMs: Number(m[7]),
    }));
    const points = bySize(printed, (p) => p.rows).sort((a, b) => a.rows - b.rows);
    if (points.length < 2) return [];
    const hostPrinted = [
        ...text.matchAll(
            /figures: ([\d,]+) rows drawn in ([\d.]+) ms \((\d+) ms after the response\)/g,
        ),
    ]
        .map((m) => ({
            size: Number(m[1].replace(/,/g, '')),
            drawMs: Number(m[2]),
            value: Number(m[3]),
        }))
        .filter((p) => p.size >= 1000);
    const hostDrawn = bySize(hostPrinted, (p) => p.size).sort((a, b) => a.size - b.size);
    const n = (v) => v.toLocaleString('en-US');
    const sizes = points.map((p) => n(p.rows)).join(', ');
    const largest = points.at(-1);
    // Timer and trace resolution: below 2 ms a ratio says nothing.
    const draw = describeGrowth(
        points.map((p) => ({ size: p.rows, value: p.drawMs })),
        { floor: 2 },
    );
    const scroll = describeGrowth(
        points.map((p) => ({ size: p.rows, value: p.cpuMs })),
        { floor: 2 },
    );
    const host = hostDrawn.length >= 2 ? describeGrowth(hostDrawn, { floor: 2 }) : undefined;
    const cap = `no cap on the rows: "Load more" appends pages of at most 10,000 (the Data API's largest page) and the host and the page keep them all; the sandbox holds 10,050 subnets, so ${n(largest.rows)} rows are the 10,000-row result followed by ${largest.messages - 1} copies posted as "Load more" posts its pages`;
    return [
        {
            key: 'panels.drawScaling',
            name: `result panel: drawing against rows loaded (${sizes})`,
            value: largest.drawMs,
            unit: 'ms',
            passed: draw.linear && (host?.linear ?? true),
            detail: `${draw.text}. Page of its own: ${points.map((p) => `${n(p.rows)} rows ${fmt(p.drawMs)} ms over ${p.messages} message(s)${p.messages > 1 ? `, longest ${fmt(p.longestDrawMs)} ms` : ''}`).join('; ')}. In the workbench, from the response reaching the host to rows drawn: ${hostDrawn.map((p) => `${n(p.size)} rows ${fmt(p.value)} ms`).join(', ')}${host ? ` (${host.text})` : ''}. ${cap}`,
        },
        {
            key: 'panels.scrollScaling',
            name: `result panel: longest task (CPU) while scrolling, against rows loaded (${sizes})`,
            value: largest.cpuMs,
            unit: 'ms',
            passed: scroll.linear,
            detail: `${scroll.text}. Page of its own, the same pass at each size (${largest.notches} wheel notches, then four jumps across the list): ${points.map((p) => `${n(p.rows)} rows ${fmt(p.cpuMs)} ms CPU / ${fmt(p.wallMs)} ms wall`).join('; ')}`,
        },
    ];
}

// ---------------------------------------------------------------------------------------------
// The combined table

function rowsFor(results, failures) {
    const rows = [];
    // `key`: the row's stable id, which the README's short table picks it by
    // (scripts/benchReport.mjs); a key is given to one row only.
    const add = (area, what, value, spread, budget, verdict, detail = '', key = undefined) => {
        if (key !== undefined && rows.some((r) => r.key === key)) key = undefined;
        rows.push({ area, what, value, spread, budget, verdict, detail, ...(key ? { key } : {}) });
    };
    // Rows of parts whose checks carry no `key` yet, known by their names meanwhile.
    const keyOf = (part, c) =>
        c.key ?? keysByName[part]?.find(([pattern]) => pattern.test(c.name))?.[1];
    const pct = (v) => (Number.isFinite(v) ? `±${v.toFixed(0)}%` : '');
    const kb = (b) => `${(b / 1000).toFixed(1)} kB`;
    const verdict = (ok) => (ok ? 'PASS' : 'MISS');

    const size = results.size;
    if (size) {
        add(
            'Size',
            'dist/extension.js + dist/main.js (loaded before activation), minified',
            kb(size.extensionBytes),
            '',
            '≤ 150 kB',
            verdict(size.extensionBytes <= sizeBudgets.extensionBytes),
            '',
            'size.startup',
        );
        add(
            'Size',
            'dist/core.js (zod, schemas, clients: first use)',
            kb(size.coreBytes),
            '',
            '',
            'INFO',
        );
        add(
            'Size',
            'webview bundle (main.js + main.css)',
            kb(size.webviewScriptBytes),
            '',
            '',
            'INFO',
            `with codicons: ${kb(size.webviewAllBytes)}`,
        );
        add(
            'Size',
            '.vsix',
            kb(size.vsixBytes),
            '',
            '≤ 1500 kB',
            verdict(size.vsixBytes <= sizeBudgets.vsixBytes),
            '',
            'size.vsix',
        );
        const star = size.activationEvents.includes('*');
        add(
            'Load',
            'activation events',
            size.activationEvents.join(', ') || '(none)',
            '',
            'no `*`',
            verdict(!star),
        );
    }
    const load = results.load;
    if (load) {
        add(
            'Load',
            'Node process loading dist/main.js vs one that does not',
            `${load.ratio.toFixed(2)}x`,
            pct(load.ratioSpreadPercent),
            '',
            'INFO',
            `${load.extensionWallMs.toFixed(0)} ms vs ${load.baselineWallMs.toFixed(0)} ms; loading main.js ${load.requireExtensionMs.toFixed(1)} ms, then core.js ${load.requireCoreMs.toFixed(1)} ms; from the code cache ${load.cachedExtensionMs.toFixed(1)} ms and ${load.cachedCoreMs.toFixed(1)} ms`,
        );
    }
    const host = results.host;
    if (host) {
        const a = host.activation;
        add(
            'Load',
            `activate() in the extension host (${host.starts} fresh starts)`,
            `${a.activateCallMs.toFixed(2)} ms`,
            pct(a.activateCallSpreadPercent),
            '≤ 10 ms',
            verdict(a.activateCallMs <= 10),
            `worst ${a.activateCallMaxMs.toFixed(2)} ms; CPU ${a.activateCpuMs.toFixed(2)} ms; before it, code loading ${a.loadMs.toFixed(1)} ms (dist/main.js from V8's code cache in ${a.mainCodeCache.filter((c) => c === 'used').length} of ${host.starts} starts); code loading + activate() ${a.loadAndActivateMs.toFixed(2)} ms, ${a.loadAndActivateCachedMs?.toFixed(2) ?? '—'} ms with the cache, ${a.loadAndActivateUncachedMs?.toFixed(2) ?? '—'} ms without`,
            'load.activate',
        );
        for (const w of host.idle) {
            const what = w.kind === 'fresh' ? 'views never opened' : 'views opened, then closed';
            add(
                'Idle',
                `requests in ${(w.windowMs / 1000).toFixed(0)} s, ${what}`,
                String(w.requests),
                '',
                '0',
                verdict(w.requests === 0),
                w.requestSample.join('; '),
                `idle.requests.${w.kind}`,
            );
            const live =
                w.liveTimersAtEnd !== undefined
                    ? `; live timers by the extension's own counter (ExtensionApi.debug): ${w.liveTimersAtStart} at the start, ${w.liveTimersAtEnd} at the end`
                    : '';
            // A timer still pending at the end would run later: idle means none left either.
            const quiet =
                w.timersFired === 0 && w.timersCreated === 0 && (w.liveTimersAtEnd ?? 0) === 0;
            add(
                'Idle',
                `timer runs in ${(w.windowMs / 1000).toFixed(0)} s, ${what}`,
                String(w.timersFired),
                '',
                '0',
                verdict(quiet),
                `${w.timersCreated} created${w.timerSites.length ? `: ${w.timerSites.join('; ')}` : ''}${live}`,
                `idle.timers.${w.kind}`,
            );
        }
    }
    const client = results.client;
    if (client) {
        for (const r of client.results) {
            add(
                'Data API',
                `${r.contestant}, ${r.mode}`,
                `${r.requestsPerSecond.toFixed(0)} req/s`,
                pct(r.spreadPercent),
                '',
                'INFO',
                `p50 ${r.p50Ms.toFixed(3)} ms, p99 ${r.p99Ms.toFixed(3)} ms, ${r.cpuUsPerCall.toFixed(0)} µs CPU/call`,
            );
        }
        const cpu = (mode, name) =>
            client.results.find((r) => r.mode === mode && r.contestant === name)?.cpuUsPerCall;
        for (const r of client.ratios) {
            const ours = cpu(r.mode, 'DataApiClient');
            const kit = cpu(r.mode, '@avalanche-sdk/chainkit');
            const bare = cpu(r.mode, 'bare undici.request');
            if (ours && kit && bare) {
                add(
                    'Data API',
                    `CPU per call: chainkit / client, bare undici / client, ${r.mode}`,
                    `${(kit / ours).toFixed(2)}x, ${(bare / ours).toFixed(2)}x`,
                    '',
                    '',
                    'INFO',
                    `${ours.toFixed(0)} µs per call in the client process, chainkit ${kit.toFixed(0)} µs, bare undici ${bare.toFixed(0)} µs (the rest of a call's time is the sandbox's and the kernel's, the same for all)`,
                );
            }
        }
        const rate = (mode, contestant) =>
            client.results.find((x) => x.mode === mode && x.contestant === contestant)
                ?.requestsPerSecond;
        for (const r of client.ratios) {
            const bareRate = rate(r.mode, 'bare undici.request');
            const kitRate = rate(r.mode, '@avalanche-sdk/chainkit');
            // What any undici-based client could reach against chainkit in this run.
            const ceiling =
                bareRate && kitRate
                    ? `; bare undici.request itself: ${(bareRate / kitRate).toFixed(2)}x chainkit`
                    : '';
            const budget = r.clientVsBareBudget ?? 0.8;
            add(
                'Data API',
                `client / bare undici.request, ${r.mode}`,
                `${r.clientVsBare.ratio.toFixed(2)}x`,
                pct(r.clientVsBare.spreadPercent),
                `≥ ${budget.toFixed(2)}x`,
                verdict(r.clientVsBare.ratio >= budget),
                'paired by round',
            );
            // For information: the budget is against bare undici, the limit of any undici client.
            add(
                'Data API',
                `client / @avalanche-sdk/chainkit, ${r.mode}`,
                r.clientVsChainkit ? `${r.clientVsChainkit.ratio.toFixed(2)}x` : '—',
                r.clientVsChainkit ? pct(r.clientVsChainkit.spreadPercent) : '',
                '',
                'INFO',
                r.clientVsChainkit
                    ? `paired by round${ceiling}`
                    : `not measured: ${r.chainkitRefused ?? 'no answer'}`,
            );
        }
    }
    const rpc = results.rpc;
    if (rpc) {
        for (const r of rpc.results) {
            if (r.contestant) {
                add(
                    'JSON-RPC',
                    `${r.contestant}, ${r.workload}, ${r.mode}`,
                    `${r.requestsPerSecond.toFixed(0)} req/s`,
                    pct(r.spreadPercent),
                    '',
                    'INFO',
                    `p50 ${r.p50Ms.toFixed(3)} ms, p99 ${r.p99Ms.toFixed(3)} ms; ${r.vsBareUndici.toFixed(2)}x bare`,
                );
            } else if (r.clientVsSdk) {
                add(
                    'JSON-RPC',
                    `client / @avalanche-sdk/client, ${r.workload}, ${r.mode}`,
                    `${r.clientVsSdk.ratio.toFixed(2)}x`,
                    pct(r.clientVsSdk.spreadPercent),
                    '',
                    'INFO',
                    'paired by round',
                );
            }
        }
        for (const r of rpc.ratios ?? []) {
            if (r.budget === undefined) continue;
            add(
                'JSON-RPC',
                `client / bare undici.request, ${r.workload}, ${r.mode}`,
                `${r.clientVsBare.ratio.toFixed(2)}x`,
                pct(r.clientVsBare.spreadPercent),
                `≥ ${r.budget}x`,
                verdict(r.clientVsBare.ratio >= r.budget),
                'paired by round; one HTTP request carrying ten calls, to /ext/bc/C/rpc',
            );
        }
    }
    const realnode = results.realnode;
    if (realnode) {
        for (const r of realnode.methods ?? []) {
            add(
                'Real node',
                `${r.method}: client / bare undici.request`,
                `${r.clientVsBare.ratio.toFixed(2)}x`,
                pct(r.clientVsBare.spreadPercent),
                `≥ ${r.budget}x`,
                verdict(r.passed),
                `p50 ${r.client.p50Ms.toFixed(3)} ms vs ${r.bare.p50Ms.toFixed(3)} ms; paired by round`,
            );
        }
        if (realnode.skipped?.length)
            add(
                'Real node',
                'methods not measured',
                String(realnode.skipped.length),
                '',
                '',
                'INFO',
                realnode.skipped.map((s) => `${s.method}: ${s.reason}`).join('; '),
            );
        const r = realnode.refresh;
        if (r)
            add(
                'Real node',
                `Node view refresh (${r.calls} calls) / its slowest single call, ${r.roundTripMs} ms round trip`,
                `${r.ratio.toFixed(2)}x`,
                pct(r.spreadPercent),
                `≤ ${r.budget}x`,
                verdict(r.passed),
                `${r.refreshMs.toFixed(2)} ms vs ${r.slowest} ${r.slowestMs.toFixed(2)} ms, through a proxy that holds each direction ${r.roundTripMs / 2} ms (a node across a network); network started in ${(realnode.networkStartMs / 1000).toFixed(0)} s`,
            );
        const l = realnode.refreshLoopback;
        if (l)
            add(
                'Real node',
                `Node view refresh (${l.calls} calls) / its slowest single call, loopback`,
                `${l.ratio.toFixed(2)}x`,
                pct(l.spreadPercent),
                '',
                'INFO',
                `${l.refreshMs.toFixed(2)} ms vs ${l.slowest} ${l.slowestMs.toFixed(2)} ms; ${l.vsSequential.toFixed(2)}x its calls made one after another. On loopback the node's own CPU bounds the refresh: its calls, sent together, share this machine's cores with the node`,
            );
    }
    const ids = results.identifiers;
    if (ids?.corpus?.mbPerSecond) {
        const c = ids.corpus;
        const mbps = c.mbPerSecond.median;
        add(
            'Hover',
            `identifier scan, mixed corpus (${c.megabytes} MB)`,
            `${mbps.toFixed(0)} MB/s`,
            '',
            '≥ 100 MB/s',
            verdict(mbps >= 100),
            `range ${c.mbPerSecond.min.toFixed(0)}–${c.mbPerSecond.max.toFixed(0)} MB/s over ${c.rounds} rounds; a bare charCodeAt loop ${c.baselineMbPerSecond.toFixed(0)} MB/s`,
        );
        for (const v of ids.verdicts ?? []) {
            const worst = /worst median ([\d.]+) ms/.exec(v)?.[1];
            if (/^(PASS|MISS) every/.test(v))
                add(
                    'Hover',
                    'identifier scan, worst 1 MB adversarial line',
                    `${worst ?? '?'} ms`,
                    '',
                    '< 50 ms',
                    v.startsWith('PASS') ? 'PASS' : 'MISS',
                    v.replace(/^(PASS|MISS) /, ''),
                );
            if (/^INFO 1 MB of distinct/.test(v))
                add(
                    'Hover',
                    'identifier scan, 1 MB of distinct valid ids',
                    `${worst ?? '?'} ms`,
                    '',
                    '',
                    'INFO',
                    v.replace(/^INFO /, ''),
                );
        }
        const scaling = ids.scaling;
        if (scaling?.points?.length)
            add(
                'Hover',
                'identifier scan time vs file size',
                scaling.points.map((p) => `${p.medianMs.toPrecision(3)} ms`).join(' / '),
                '',
                '',
                `INFO: ${scaling.verdict}`,
                `${scaling.points.map((p) => `${(p.chars / 1e3).toFixed(0)} kB: ${p.usPerKb.toFixed(1)} µs/kB`).join(', ')}; per kB the largest costs ${scaling.ratio.toFixed(2)}× the smallest (above ${scaling.linearRatio}× is not linear)`,
            );
    }
    // Parts that report a list of checks, each with its unit, budget and detail.
    const addChecks = (area, part, checks) => {
        for (const c of checks ?? [])
            add(
                area,
                c.name,
                `${c.unit === 'kB' ? c.value.toFixed(1) : fmt(c.value)} ${c.unit}`,
                pct(c.spreadPercent),
                c.budget !== undefined ? `≤ ${c.budget} ${c.unit}` : '',
                c.budget === undefined
                    ? c.verdict
                        ? `INFO: ${c.verdict}`
                        : 'INFO'
                    : verdict(c.passed),
                c.detail ?? '',
                keyOf(part, c),
            );
    };
    addChecks('Local', 'local', results.local?.checks);
    addChecks('Agent', 'agent', results.agent?.checks);
    addChecks('Latency', 'latency', results.latency?.checks);
    addChecks('Latency', 'hostLatency', results.hostLatency?.checks);
    addChecks('Watch list', 'watch', results.watch?.checks);
    addChecks('Node metrics', 'metrics', results.metrics?.checks);
    addChecks('Workspace', 'workspace', results.workspace?.checks);
    addChecks('Trace', 'trace', results.trace?.checks);
    addChecks('Real node', 'realnode', results.realnode?.checks);
    const hovers = results.hovers;
    if (hovers?.rows) {
        for (const r of hovers.rows) {
            add(
                'Hover',
                `${r.kind}: round trip cold / warm`,
                `${fmt(r.coldMs)} / ${fmt(r.warmMs)} ms`,
                '',
                `warm ≤ ${hovers.budgetMs} ms in provider`,
                verdict(r.passed),
                `in the providers: cold live lookup ${fmt(r.coldProviderMs)} ms; warm offline ${r.warmOffline}, warm live ${r.warmLive} (median / p95)`,
            );
            if (r.coldPassed !== undefined && hovers.coldBudgetMs !== undefined)
                add(
                    'Hover',
                    `${r.kind}: cold live lookup`,
                    `${fmt(r.coldProviderMs)} ms`,
                    '',
                    `≤ ${hovers.coldBudgetMs} ms in provider`,
                    verdict(r.coldPassed),
                    'median inside the live provider, live cache and directories forgotten',
                );
        }
        for (const c of hovers.checks ?? [])
            add(
                'Hover',
                c.name,
                String(c.value),
                '',
                c.budget ?? 'see measure',
                c.passed === undefined ? 'INFO' : verdict(c.passed),
                '',
                keyOf('hovers', c),
            );
        // For the README: the slowest kind's cold lookup, against the same budget as each kind's.
        const looked = hovers.rows.filter(
            (r) => Number.isFinite(r.coldProviderMs) && r.coldProviderMs > 0,
        );
        if (looked.length > 0) {
            const slowest = looked.reduce((a, b) => (b.coldProviderMs > a.coldProviderMs ? b : a));
            const budget = hovers.coldBudgetMs;
            add(
                'Hover',
                `hover over an id not seen before, slowest of ${looked.length} kinds: live lookup in the provider`,
                `${fmt(slowest.coldProviderMs)} ms`,
                '',
                budget !== undefined ? `≤ ${budget} ms` : '',
                budget !== undefined
                    ? verdict(looked.every((r) => r.coldProviderMs <= budget))
                    : 'INFO',
                `${slowest.kind}, ${fmt(slowest.coldMs)} ms round trip; every kind is in its own row above`,
                'hover.coldSlowest',
            );
        }
    }
    const trees = results.trees;
    if (trees?.checks) {
        for (const c of trees.checks)
            add(
                'Trees',
                c.name,
                `${fmt(c.value)} ${c.unit}`,
                '',
                c.budget !== undefined ? `≤ ${c.budget} ${c.unit}` : '',
                c.budget === undefined ? 'INFO' : verdict(c.passed),
                c.detail ?? '',
                keyOf('trees', c),
            );
    }
    const panels = results.panels;
    if (panels?.checks) {
        for (const c of panels.checks)
            add(
                'Panels',
                c.name,
                `${fmt(c.value)} ${c.unit}`,
                c.spreadPercent !== undefined ? pct(c.spreadPercent) : '',
                c.budget !== undefined ? `≤ ${c.budget} ${c.unit}` : '',
                c.budget === undefined ? 'INFO' : verdict(c.passed),
                c.detail ?? '',
                keyOf('panels', c),
            );
    }
    for (const [part, reason] of Object.entries(failures))
        add(part, 'did not run', '—', '', '', 'MISS', reason.split('\n')[0]);
    return rows;
}

/**
 * Keys of the rows made by parts that do not write a `key` in their checks yet, by name (first
 * match; a key goes to one row only). A part that writes `key` needs no entry here.
 */
const keysByName = {
    hovers: [[/^first hover of the session/, 'hover.first']],
    trees: [
        [/^Subnets: first page/, 'trees.subnetsFirstPage'],
        [/^(Opening the|Avalanche) (container|sidebar)|container cold/i, 'trees.containerCold'],
        [/^Subnets: heap growth after loading every page/, 'trees.subnetsHeap'],
    ],
    workspace: [[/^index build, 5,000 artifacts.*parsed in the worker$/, 'workspace.index5000']],
    // Results files written before the panels part gave keys.
    panels: [
        [/^first 100 rows/, 'panels.firstRows'],
        [/^longest task \(CPU\) while scrolling 10,000 rows/, 'panels.scroll10k'],
    ],
};

function fmt(v) {
    if (!Number.isFinite(v)) return String(v);
    return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
}

function markdownTable(rows) {
    const header = ['Area', 'Measure', 'Median', 'Spread', 'Budget', 'Verdict', 'Detail'];
    const cells = rows.map((r) =>
        [r.area, r.what, r.value, r.spread, r.budget, r.verdict, r.detail].map((c) =>
            String(c).replace(/\|/g, '\\|'),
        ),
    );
    return [
        `| ${header.join(' | ')} |`,
        `|${header.map((h, i) => (i === 2 || i === 3 ? '---:' : '---')).join('|')}|`,
        ...cells.map((c) => `| ${c.join(' | ')} |`),
    ].join('\n');
}

function machineLine() {
    const cpus = os.cpus();
    return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/** Replaces the section "## The latest run" of docs/performance.md, where the figures live. */
function writeReadme(markdown) {
    const readme = path.join(root, 'docs', 'performance.md');
    const text = readFileSync(readme, 'utf8');
    const heading = '## The latest run';
    const start = text.indexOf(`\n${heading}\n`);
    if (start < 0) throw new Error('docs/performance.md has no "## The latest run" section');
    const next = text.indexOf('\n## ', start + heading.length + 2);
    const section = `\n${heading}\n\n${markdown.trimEnd()}\n`;
    writeFileSync(readme, text.slice(0, start) + section + (next < 0 ? '' : text.slice(next)));
}

// ---------------------------------------------------------------------------------------------

async function main() {
    if (reportOnly) return report();
    step(`parts: ${parts.join(', ')}`);
    if (build) await buildAll();
    const failures = {};
    // What a part starts, it stops; what was registered before (the build folder) stays.
    const runStops = stops.length;
    const attempt = async (part, run) => {
        if (!parts.includes(part)) return;
        try {
            await run();
        } catch (error) {
            failures[part] = String(error.message ?? error);
            step(`${part}: FAILED: ${failures[part]}`);
        }
        await stopAll(runStops);
    };
    await attempt('size', async () => sizePart());
    await attempt('load', () => nodePart('load', 'loadBench.js', { BENCH_DIST: dist }));
    await attempt('client', () => nodePart('client', 'clientBench.js'));
    await attempt('rpc', () => nodePart('rpc', 'rpcBench.js'));
    await attempt('realnode', () => realNodePart());
    await attempt('identifiers', () => nodePart('identifiers', 'identifiersBench.js'));
    await attempt('local', () => nodePart('local', 'localBench.js'));
    // The parse worker of this run's production build; without a build, the bench bundles its own.
    await attempt('workspace', () =>
        nodePart('workspace', 'workspaceBench.js', build ? { BENCH_DIST: dist } : {}),
    );
    await attempt('trace', () => nodePart('trace', 'traceBench.js'));
    await attempt('agent', () =>
        nodePart('agent', 'agentBench.js', build ? { BENCH_DIST: dist } : {}),
    );
    await attempt('latency', () =>
        nodePart('latency', 'latencyBench.js', build ? { BENCH_DIST: dist } : {}),
    );
    await attempt('watch', () => nodePart('watch', 'watchBench.js'));
    await attempt('metrics', () => nodePart('metrics', 'metricsBench.js'));
    await attempt('host', () => hostPart());
    await attempt('trees', () => hostTestBench('trees'));
    await attempt('hovers', () => hostTestBench('hovers'));
    await attempt('hostLatency', () => hostTestBench('hostLatency'));
    await attempt('panels', () => panelsPart());

    const { rows, summary, readme, counts, stamp } = collect(failures);
    // A partial run (--only / --skip) prints its table but leaves the summary and the README to
    // full runs, so that they never show a mix of parts from different runs as one.
    const full = parts.length === allParts.length;
    if (full) {
        writeResult('summary', summary, {
            stamp: stamp.toISOString(),
            machine: machineLine(),
            parts,
            failures,
            rows,
            durationMs: Date.now() - started,
        });
    }
    console.log(`\n${summary}\n`);
    if (full && updateReadme) writeReadme(readme);
    await stopAll();
    process.exit(counts.MISS > 0 ? 1 : 0);
}

/**
 * The full table of the results this run wrote (bench/results/summary.md: every row, for
 * maintainers) and the README's section (a short table of what a user notices, picked by key).
 */
function collect(failures) {
    const results = {};
    for (const part of allParts) {
        const fresh = freshResult(part);
        if (fresh) results[part] = fresh;
        else if (parts.includes(part) && !failures[part]) {
            failures[part] = 'wrote no results';
        }
    }
    const rows = rowsFor(results, failures);
    const table = markdownTable(rows);
    const stamp = new Date();
    const counts = { PASS: 0, MISS: 0, INFO: 0 };
    for (const r of rows) counts[r.verdict]++;
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    const date = stamp.toISOString().slice(0, 10);
    const summary = [
        `\`npm run bench\` builds the production package and runs every benchmark (this run: ${minutes} min); the table is its latest output, with one Markdown and one JSON file per part next to it. docs/performance.md shows a short table of what a user notices, picked from this one.`,
        '',
        `Taken ${date} on ${machineLine()}; load average ${loadAtStart} when the run began (the machine is shared, and its neighbours' work shows in the spreads). Extension-host figures come from VS Code ${vscodeVersion} (server build) with headless Chromium. Each figure is a median over repeated runs; spread is half the interquartile range; ratios are medians of ratios measured in the same rounds. Budgets: ${counts.PASS} PASS, ${counts.MISS} MISS.`,
        '',
        table,
    ].join('\n');
    const readme = readmeSection({
        rows,
        minutes,
        date,
        machine: machineLine(),
        loadAtStart,
        vscodeVersion,
    });
    return { rows, summary, readme, counts, stamp };
}

/** `--report-only`: both texts from the results files as they are, printed, nothing written. */
function report() {
    const { summary, readme } = collect({});
    console.log(`${summary}\n\n---- docs/performance.md, ## The latest run ----\n\n${readme}`);
}

main().catch(async (error) => {
    console.error(error.stack ?? String(error));
    await stopAll();
    process.exit(1);
});
