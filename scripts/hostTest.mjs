#!/usr/bin/env node
// `node scripts/hostTest.mjs integration|e2e|bench`: runs a tier against the real extension in VS Code's
// server build (code-server) opened in headless Chromium, with the sandbox network in this process.
//   integration: the mocha suite runs inside the extension host, with the extension in
//                ExtensionMode.Test (the only mode in which it hands out its API): the workbench's
//                `payload` loads it from a staged development folder and names test/host-runner
//                as the tests module, which runs the suite; its results come back through a file.
//   e2e:         mocha runs test/e2e/*.e2e.ts here, with playwright-core driving the workbench;
//                the extension is installed in --extensions-dir and runs as the product does
//                (ExtensionMode.Production), next to a second extension, test/e2e/exportsProbe.ts.
//   bench:       like integration, but runs bench/<name>Bench.ts in the host against the sandbox at
//                scale large (writes bench/results/<name>.{md,json}); `bench hovers` picks
//                bench/hoversBench.ts, the default is trees.
// Prints the spec output and "<tier>: N passed, N failed", exits non-zero on any failure, and stops
// everything it started (code-server's process group, Chromium, the sandbox) on every path out.
// Environment: HOST_TEST_TIMEOUT_MS (default 10 min), KEEP_TEST_DIR=1 (keep the run folder),
// TEST_GREP (only tests whose title contains this text, or matches it when written /regex/), AVALANCHE_TEST_CONTRACTS_WORKSPACE (a
// directory test/realnode/cli.ts --workspace wrote, copied into the opened folder as
// realnode-contracts/ and named in the test env as contractsWorkspaceDir), HOST_PROXY=setting|env (integration: the
// sandbox is reachable only through a real squid on loopback, named by `http.proxy` or by
// HTTPS_PROXY in code-server's environment; see startProxyWorld), HOST_TLS=1 (with HOST_PROXY: the
// sandbox is served over HTTPS with a test root that only the system's store, in a private mount
// namespace, trusts), HOST_LOCALE=de (integration: VS Code's display language is German, with
// test/integration/translation.ts staged as the extension's German bundle; see stageLocale),
// UPDATE_SCREENSHOTS=1 (rewrite the README
// screenshots in media/screenshots/; otherwise only missing ones are written there, so that a test
// run leaves the work tree clean; every run's pictures are in .vscode-test/screenshots/).
import { spawnSync } from 'node:child_process';
import {
    chmodSync,
    cpSync,
    existsSync,
    mkdirSync,
    mkdtempSync,
    readdirSync,
    readFileSync,
    rmSync,
    statSync,
    writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath, pathToFileURL } from 'node:url';

import {
    endpointSettings,
    ensureCodeServer,
    freePort,
    launchChromium,
    quietSettings,
    stageExtension,
    startCodeServer,
    testModeWorkbenchUrl,
    writeUserSettings,
} from './codeServer.mjs';
import { startSquid } from './squid.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'out');
const tier = process.argv[2];
const benchName = process.argv[3] ?? 'trees';
if ((tier !== 'integration' && tier !== 'e2e' && tier !== 'bench') || !/^\w+$/.test(benchName)) {
    console.error('usage: node scripts/hostTest.mjs integration|e2e|bench [trees|hovers]');
    process.exit(2);
}
const timeoutMs = Number(process.env.HOST_TEST_TIMEOUT_MS) || 10 * 60_000;
const grep = process.env.TEST_GREP || undefined;
const proxyMode = process.env.HOST_PROXY || undefined;
const tlsMode = process.env.HOST_TLS === '1';
if (
    proxyMode !== undefined &&
    ((proxyMode !== 'setting' && proxyMode !== 'env') || tier !== 'integration')
) {
    console.error('HOST_PROXY=setting|env applies to the integration tier');
    process.exit(2);
}
const hostLocale = process.env.HOST_LOCALE || undefined;
if (hostLocale !== undefined && (hostLocale !== 'de' || tier !== 'integration')) {
    console.error('HOST_LOCALE=de applies to the integration tier');
    process.exit(2);
}
if (tlsMode && !proxyMode) {
    console.error('HOST_TLS=1 needs HOST_PROXY');
    process.exit(2);
}
/** A name only the test proxy resolves (to 127.0.0.1): requests that bypass it cannot connect. */
const proxyOnlyHost = 'sandbox.proxy-only.test';
const e2eContextKey = Symbol.for('avalanche-explorer.e2e');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (message) => console.log(`[${tier} ${elapsed()}] ${message}`);

/** Stop actions, run last-in first-out exactly once. */
const stops = [];
let stopping;
function stopAll() {
    stopping ??= (async () => {
        for (const stop of stops.reverse()) {
            try {
                await stop.run();
            } catch (error) {
                console.log(`  (while stopping ${stop.name}: ${error.message ?? error})`);
            }
        }
    })();
    return stopping;
}

let runDir;
let userDataDir;
let finished = false;

async function finish(code, reason) {
    if (finished) return;
    finished = true;
    clearTimeout(globalTimer);
    if (reason) {
        console.log(`\nERROR: ${reason}`);
        console.log(`${tier}: 0 passed, 1 failed`);
    }
    if (code !== 0) printLogs();
    await stopAll();
    if (runDir) {
        if (code === 0 && process.env.KEEP_TEST_DIR !== '1')
            rmSync(runDir, { recursive: true, force: true });
        else console.log(`Run folder kept: ${runDir}`);
    }
    process.exit(code);
}

// Armed once code-server is installed: the one-time install has its own limit.
let globalTimer;
let deadline = Date.now() + timeoutMs;
function armTimer() {
    deadline = Date.now() + timeoutMs;
    globalTimer = setTimeout(() => {
        void finish(1, `the ${tier} tier did not finish within ${Math.round(timeoutMs / 1000)} s`);
    }, timeoutMs);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => void finish(130, `stopped by ${signal}`));
}

/** Every file under `dir` whose path matches `test`. */
function findFiles(dir, test) {
    if (!dir || !existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(dir, file))
        .filter((file) => test(file) && statSync(file).isFile());
}

function extensionHostLogs(dir) {
    return findFiles(path.join(dir, 'logs'), (file) =>
        /exthost[^/]*\.log$/.test(path.basename(file)),
    );
}

function printLogs() {
    if (!runDir) return;
    console.log(`\nLogs of this run (folder ${runDir}):`);
    console.log(`  code-server:   ${path.join(runDir, 'code-server.log')}`);
    const hostLogs = extensionHostLogs(userDataDir ?? '');
    for (const file of hostLogs) console.log(`  extension host: ${file}`);
    const ours = findFiles(path.join(userDataDir ?? '', 'logs'), (file) =>
        file.includes('Avalanche Explorer'),
    );
    for (const file of ours) console.log(`  Avalanche Explorer output: ${file}`);
    for (const file of hostLogs) {
        const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
        console.log(`\n--- last ${Math.min(40, lines.length)} lines of ${path.basename(file)} ---`);
        console.log(lines.slice(-40).join('\n'));
    }
}

/** tsc writes out/ even when other files have type errors; the run needs only our outputs. */
function compileTests() {
    step('compiling tests (tsc -p tsconfig.test.json)');
    const logFile = path.join(root, '.vscode-test', 'tsc.log');
    mkdirSync(path.dirname(logFile), { recursive: true });
    const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.test.json'],
        {
            cwd: root,
            encoding: 'utf8',
        },
    );
    writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0) {
        const errors = (result.stdout.match(/error TS\d+/g) ?? []).length;
        console.log(
            `  note: tsc reported ${errors} type error(s), output emitted anyway (see ${path.relative(root, logFile)})`,
        );
    }
    const needed = [
        'test/sandbox/index.js',
        'test/fixtures/sampleWorkspace.js',
        'test/integration/index.js',
    ];
    if (tier === 'e2e') needed.push('test/e2e/harness.js', 'test/e2e/exportsProbe.js');
    if (tier === 'bench') needed.push(`bench/${benchName}Bench.js`);
    if (hostLocale) needed.push('test/integration/translation.js');
    const missing = needed.filter((file) => !existsSync(path.join(out, file)));
    if (missing.length)
        throw new Error(`compiling did not produce ${missing.map((f) => `out/${f}`).join(', ')}`);
}

function ensureBuilt() {
    if (existsSync(path.join(root, 'dist', 'extension.js'))) return;
    step('building the extension (npm run build)');
    const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
}

async function importOut(relative) {
    const mod = await import(pathToFileURL(path.join(out, relative)).href);
    return { ...mod.default, ...mod };
}

/**
 * The tests module (test/host-runner) in a folder of the run, with a config that says what to run
 * and where to write results; returns the folder, which the workbench's payload names.
 */
function stageHostRunner(dir, config) {
    cpSync(path.join(root, 'test', 'host-runner'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'run-config.json'), JSON.stringify(config, null, 2));
    return dir;
}

/**
 * VS Code in another display language, as a person who installed its language pack has it:
 * code-server takes `--locale`, but the workbench (and so `vscode.env.language` in the extension
 * host) switches only when `<user-data>/languagepacks.json` names a language pack for it, the file
 * VS Code writes when one is installed (src/vs/platform/languagePacks/node/languagePacks.ts and
 * src/vs/base/node/nls.ts in https://github.com/microsoft/vscode); without it the language stays
 * `en`. The Marketplace's pack cannot be downloaded here, so a pack without translations of
 * VS Code's own words is staged (the workbench stays English); the extension's German is
 * test/integration/translation.ts, written into the staged copy of the extension beside its
 * English bundle, never into the repository's l10n folder. Returns code-server's extra arguments.
 */
async function stageLocale(locale, { extensionsDir, developmentPath }) {
    const { testLocale, testTranslation } = await importOut('test/integration/translation.js');
    if (locale !== testLocale) throw new Error(`no test translation for ${locale}`);
    const packDir = path.join(extensionsDir, `test.language-pack-${locale}-0.0.1`);
    const messages = path.join(packDir, 'translations', 'main.i18n.json');
    mkdirSync(path.dirname(messages), { recursive: true });
    writeFileSync(messages, JSON.stringify({ version: '1.0.0', contents: {} }));
    writeFileSync(
        path.join(packDir, 'package.json'),
        JSON.stringify({
            name: `language-pack-${locale}`,
            publisher: 'test',
            version: '0.0.1',
            private: true,
            engines: { vscode: '^1.90.0' },
            categories: ['Language Packs'],
            contributes: {
                localizations: [
                    {
                        languageId: locale,
                        languageName: locale,
                        translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
                    },
                ],
            },
        }),
    );
    writeFileSync(
        path.join(userDataDir, 'languagepacks.json'),
        JSON.stringify({
            [locale]: {
                hash: `test-${locale}-0.0.1`,
                extensions: [
                    {
                        extensionIdentifier: { id: `test.language-pack-${locale}` },
                        version: '0.0.1',
                    },
                ],
                translations: { vscode: messages },
                label: locale,
            },
        }),
    );
    writeFileSync(
        path.join(developmentPath, 'l10n', `bundle.l10n.${locale}.json`),
        `${JSON.stringify(testTranslation, null, 4)}\n`,
    );
    return ['--locale', locale];
}

/** Id of the second extension of the e2e tier (test/e2e/exportsProbe.ts). */
const exportsProbeId = 'probe-publisher.exports-probe';

/**
 * The e2e tier's second extension, installed next to the extension under test as any other
 * extension would be: it reads what `getExtension()` hands out and writes it to `resultsFile`
 * when its command runs (test/e2e/exportsProbe.ts says what it records).
 */
function stageExportsProbe(extensionsDir, resultsFile) {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const [publisher, name] = exportsProbeId.split('.');
    const dir = path.join(extensionsDir, `${publisher}.${name}-0.0.1`);
    mkdirSync(dir, { recursive: true });
    cpSync(path.join(out, 'test', 'e2e', 'exportsProbe.js'), path.join(dir, 'extension.js'));
    const command = 'exportsProbe.readExports';
    const probeManifest = {
        name,
        displayName: 'Exports probe',
        description:
            'Staged only by scripts/hostTest.mjs for the e2e tier: an ordinary extension that lists what Avalanche Explorer exports to it.',
        publisher,
        version: '0.0.1',
        private: true,
        engines: { vscode: manifest.engines.vscode },
        activationEvents: [`onCommand:${command}`],
        main: './extension.js',
        contributes: {
            commands: [{ command, title: 'Read Avalanche Explorer Exports', category: 'Probe' }],
        },
        capabilities: { untrustedWorkspaces: { supported: true }, virtualWorkspaces: true },
    };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(probeManifest, null, 2));
    writeFileSync(path.join(dir, 'probe-config.json'), JSON.stringify({ resultsFile }, null, 2));
}

async function waitForFile(file, timeoutMsForFile, alive, onTick = async () => {}) {
    const deadline = Date.now() + timeoutMsForFile;
    let nextNote = Date.now() + 30_000;
    while (!existsSync(file)) {
        await onTick();
        if (!alive()) throw new Error('code-server exited before the suite finished');
        if (Date.now() > deadline)
            throw new Error(`no results after ${Math.round(timeoutMsForFile / 1000)} s`);
        if (Date.now() > nextNote) {
            step('  ... suite still running in the extension host');
            nextNote += 30_000;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * A suite in the extension host cannot photograph the workbench; it asks this process by writing
 * `screenshot-request.json` ({ name }) into the run folder and waits for `screenshot-done-<name>`.
 * Pictures go to .vscode-test/screenshots/, and into media/screenshots/ (the README's) when missing
 * there or with UPDATE_SCREENSHOTS=1, as the e2e tier does.
 */
async function takeRequestedScreenshot(page, dir) {
    const request = path.join(dir, 'screenshot-request.json');
    if (!existsSync(request)) return;
    let name;
    try {
        name = JSON.parse(readFileSync(request, 'utf8')).name;
    } catch {
        return; // half-written: read it on the next tick
    }
    rmSync(request, { force: true });
    if (typeof name !== 'string' || !/^[\w-]{1,60}$/.test(name)) return;
    const shots = path.join(root, '.vscode-test', 'screenshots');
    mkdirSync(shots, { recursive: true });
    const file = path.join(shots, `${name}.png`);
    await page.screenshot({ path: file });
    const readme = path.join(root, 'media', 'screenshots', `${name}.png`);
    if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(readme)) cpSync(file, readme);
    writeFileSync(path.join(dir, `screenshot-done-${name}`), '');
    step(`  screenshot ${name}.png`);
}

async function main() {
    compileTests();
    ensureBuilt();
    const codeServerEntry = await ensureCodeServer((line) => step(line));
    armTimer();

    runDir = mkdtempSync(path.join(os.tmpdir(), `avalanche-explorer-${tier}-`));
    userDataDir = path.join(runDir, 'user-data');
    const extensionsDir = path.join(runDir, 'extensions');
    const workspaceDir = path.join(runDir, 'workspace');

    step('starting the sandbox network');
    const { startSandbox } = await importOut('test/sandbox/index.js');
    const sandbox = await startSandbox(tier === 'bench' ? { scale: 'large' } : {});
    stops.push({ name: 'sandbox', run: () => sandbox.close() });
    const urls = {
        dataApiUrl: sandbox.dataApiUrl,
        metricsUrl: sandbox.metricsUrl,
        nodeUrl: sandbox.nodeUrl,
    };
    const controlUrl = `${sandbox.dataApiUrl.replace(/\/+$/, '')}/__sandbox`;
    step(`  data API ${urls.dataApiUrl}, metrics ${urls.metricsUrl}, node ${urls.nodeUrl}`);

    const { writeSampleWorkspace } = await importOut('test/fixtures/sampleWorkspace.js');
    writeSampleWorkspace(workspaceDir, sandbox.known);
    // The node tier's host part: the Foundry and Hardhat projects with the deployment records of
    // the real network's activity (test/realnode/cli.ts --workspace), inside the opened folder so
    // that the extension's workspace scan finds them from the start.
    const contractsWorkspaceDir = process.env.AVALANCHE_TEST_CONTRACTS_WORKSPACE
        ? path.join(workspaceDir, 'realnode-contracts')
        : undefined;
    if (contractsWorkspaceDir) {
        cpSync(process.env.AVALANCHE_TEST_CONTRACTS_WORKSPACE, contractsWorkspaceDir, {
            recursive: true,
        });
    }
    // The extension host's home: where local-network discovery looks (~/.avalanche-cli,
    // ~/.tmpnet). The node tier's host part gets the one the real network's files are in; the
    // other tiers get a throwaway one naming the sandbox's node as a running local network.
    const homeDir = process.env.AVALANCHE_TEST_HOME ?? path.join(runDir, 'home');
    if (!process.env.AVALANCHE_TEST_HOME) {
        const { writeLocalNetworkFiles } = await importOut('test/helpers/localNetworkFiles.js');
        const mainnet = sandbox.known.mainnet;
        writeLocalNetworkFiles(homeDir, {
            nodes: [{ uri: sandbox.nodeUrl.replace(/\/+$/, ''), pid: process.pid }],
            l1s: [
                {
                    name: 'sandboxl1',
                    subnetId: mainnet.l1SubnetId,
                    blockchainId: mainnet.l1BlockchainId,
                    evmChainId: Number(mainnet.l1EvmChainId),
                    tokenSymbol: 'SBX',
                },
            ],
        });
    }
    const world = proxyMode ? await startProxyWorld(urls) : undefined;
    if (world) Object.assign(urls, world.urls);
    writeUserSettings(userDataDir, {
        ...quietSettings,
        ...endpointSettings(urls),
        ...world?.settings,
    });
    // Integration and bench: the extension from a development folder, in ExtensionMode.Test; e2e:
    // installed, as a person has it.
    const hostSuite = tier === 'integration' || tier === 'bench';
    const developmentPath = hostSuite
        ? stageExtension(path.join(runDir, 'development'))
        : stageExtension(extensionsDir);
    const localeArgs = hostLocale
        ? await stageLocale(hostLocale, { extensionsDir, developmentPath })
        : [];
    const exportsProbeFile = path.join(runDir, 'exports-probe.json');
    if (tier === 'e2e') stageExportsProbe(extensionsDir, exportsProbeFile);

    // The node tier's host part: the real network that scripts/test.mjs started (test/realnode/cli.ts).
    const realNode = process.env.REALNODE_FILE
        ? JSON.parse(readFileSync(process.env.REALNODE_FILE, 'utf8'))
        : undefined;
    const testEnv = {
        ...urls,
        controlUrl,
        known: sandbox.known,
        workspaceDir,
        ...(contractsWorkspaceDir ? { contractsWorkspaceDir } : {}),
        homeDir,
        host: 'code-server',
        ...(world ? { proxy: world.testEnv } : {}),
        ...(hostLocale ? { locale: hostLocale } : {}),
        ...(realNode
            ? { realNode: { ...realNode, stateFile: `${process.env.REALNODE_FILE}.state` } }
            : {}),
        runDir,
    };
    const testEnvFile = path.join(runDir, 'test-env.json');
    writeFileSync(testEnvFile, JSON.stringify(testEnv, null, 2));
    const resultsFile = path.join(runDir, 'results.json');
    const testsPath = hostSuite
        ? stageHostRunner(path.join(runDir, 'host-runner'), {
              suiteIndex:
                  tier === 'bench'
                      ? path.join(out, 'bench', `${benchName}Bench.js`)
                      : path.join(out, 'test', 'integration', 'index.js'),
              testEnvFile,
              resultsFile,
              grep,
          })
        : undefined;

    const port = await freePort();
    step(`starting code-server on 127.0.0.1:${port}`);
    const server = await startCodeServer({
        entry: codeServerEntry,
        port,
        userDataDir,
        extensionsDir,
        folder: workspaceDir,
        logFile: path.join(runDir, 'code-server.log'),
        stateDir: runDir,
        env: { HOME: homeDir, ...(world?.env ?? {}) },
        wrap: world?.wrap ?? [],
        args: localeArgs,
    });
    stops.push({ name: 'code-server', run: () => server.stop() });

    step('opening the workbench in headless Chromium');
    const browser = await launchChromium();
    stops.push({ name: 'chromium', run: () => browser.close() });
    const page = await browser.newPage({
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
    });
    const consoleErrors = [];
    page.on('console', (message) => {
        if (message.type() === 'error') {
            consoleErrors.push({ text: message.text(), url: message.location()?.url ?? '' });
        }
    });
    page.on('pageerror', (error) =>
        consoleErrors.push({ text: error.stack ?? error.message, url: '' }),
    );
    // Once the tests module's `run()` has settled, the workbench stops the extension host and
    // calls this with 0 (resolved) or 1 (rejected). The results file was written before that, so
    // an exit without one means the suite never got to write it: say so instead of waiting.
    let hostExit;
    if (hostSuite) {
        await page.exposeFunction('codeAutomationExit', (code) => {
            hostExit = { code, at: Date.now() };
        });
    }
    const workbenchUrl = hostSuite
        ? testModeWorkbenchUrl(server.url, workspaceDir, { developmentPath, testsPath })
        : `${server.url}/?folder=${encodeURIComponent(workspaceDir)}`;
    await page.goto(workbenchUrl);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    step('workbench is up');

    if (hostSuite) {
        const results = await waitForFile(
            resultsFile,
            Math.max(30_000, deadline - Date.now() - 15_000),
            () => !server.exited(),
            async () => {
                await takeRequestedScreenshot(page, runDir);
                if (hostExit && Date.now() - hostExit.at > 5_000 && !existsSync(resultsFile)) {
                    throw new Error(
                        `the tests module finished (exit code ${hostExit.code}) without writing ${resultsFile}; see the extension host log`,
                    );
                }
            },
        );
        console.log('');
        // A run of part of the suite for another tier (the node tier's host part) closes with
        // that tier's name, so that its line is told apart from the integration tier's.
        const label = process.env.HOST_TIER_LABEL || tier;
        const shown = results.output.replace(
            new RegExp(`^${tier}: (?=\\d+ passed)`, 'gm'),
            `${label}: `,
        );
        process.stdout.write(shown);
        if (!new RegExp(`^${label}: \\d+ passed, \\d+ failed`, 'm').test(shown)) {
            console.log(`\n${label}: ${results.passed} passed, ${results.failed} failed`);
        }
        step(`${tier} tier done: ${results.passed} passed, ${results.failed} failed`);
        await finish(results.failed === 0 && results.passed > 0 ? 0 : 1);
        return;
    }

    globalThis[e2eContextKey] = {
        page,
        browser,
        workbenchUrl,
        serverUrl: server.url,
        ...urls,
        controlUrl,
        known: sandbox.known,
        sandbox,
        workspaceDir,
        userDataDir,
        runDir,
        exportsProbeId,
        exportsProbeFile,
        screenshotsDir: path.join(root, '.vscode-test', 'screenshots'),
        readmeScreenshotsDir: path.join(root, 'media', 'screenshots'),
        updateReadmeScreenshots: process.env.UPDATE_SCREENSHOTS === '1',
        consoleErrors,
        startExtraServer: (options) => startExtraServer(codeServerEntry, options),
    };
    // The contributed container appears once the extension registry reached the workbench.
    await page
        .locator('#workbench\\.parts\\.activitybar a[aria-label^="Avalanche"]')
        .first()
        .waitFor({ timeout: 60_000 });
    const failures = await runE2eMocha(page);
    step(`e2e tier done with ${failures} failure(s)`);
    await finish(failures === 0 ? 0 : 1);
}

/**
 * The world of the proxy tests: squid on loopback (an open port and one that demands Basic
 * credentials) that alone resolves `proxyOnlyHost`, the sandbox URLs under that name, and the
 * proxy named by `http.proxy` (HOST_PROXY=setting) or by HTTPS_PROXY in code-server's
 * environment (HOST_PROXY=env). The control route stays on 127.0.0.1, which VS Code and the
 * extension always reach directly.
 *
 * With HOST_TLS=1 each sandbox port gets a TLS front whose certificate a throw-away root signs;
 * code-server runs in a private mount namespace (`unshare -m`) where the system's bundle
 * (/etc/ssl/certs/ca-certificates.crt) also holds that root, so nothing on the machine changes and
 * only `http.systemCertificates` can make the extension trust it.
 */
async function startProxyWorld(sandboxUrls) {
    // Squid started by root drops to its own user, which must be able to reach its folder.
    chmodSync(runDir, 0o711);
    const squid = await startSquid({ dir: path.join(runDir, 'squid'), hosts: [proxyOnlyHost] });
    stops.push({ name: 'squid', run: () => squid.stop() });
    step(`  squid ${squid.url} (open), ${squid.authUrl} (credentials), log ${squid.accessLog}`);
    const urls = {};
    let wrap = [];
    let rootFile;
    if (tlsMode) {
        const { makeTestCertificates } = await importOut('test/helpers/testCertificates.js');
        const certs = makeTestCertificates([proxyOnlyHost]);
        stops.push({ name: 'test certificates', run: () => certs.remove() });
        rootFile = certs.rootFile;
        const fronts = new Map();
        for (const [key, value] of Object.entries(sandboxUrls)) {
            const url = new URL(value);
            let port = fronts.get(url.port);
            if (!port) {
                const front = tls.createServer({ key: certs.key, cert: certs.cert }, (socket) => {
                    const upstream = net.connect(Number(url.port), '127.0.0.1');
                    socket.pipe(upstream).pipe(socket);
                    socket.on('error', () => upstream.destroy());
                    upstream.on('error', () => socket.destroy());
                });
                await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
                stops.push({ name: 'TLS front', run: () => new Promise((r) => front.close(r)) });
                port = front.address().port;
                fronts.set(url.port, port);
            }
            urls[key] =
                `https://${proxyOnlyHost}:${port}${url.pathname.replace(/\/$/, '')}${url.search}`;
        }
        const bundle = path.join(runDir, 'system-ca-certificates.crt');
        const system = '/etc/ssl/certs/ca-certificates.crt';
        writeFileSync(
            bundle,
            `${existsSync(system) ? readFileSync(system, 'utf8') : ''}\n${certs.rootPem}`,
        );
        wrap = [
            'unshare',
            '-m',
            'sh',
            '-c',
            'mount --bind "$0" /etc/ssl/certs/ca-certificates.crt && exec "$@"',
            bundle,
        ];
    } else {
        for (const [key, value] of Object.entries(sandboxUrls)) {
            const url = new URL(value);
            url.hostname = proxyOnlyHost;
            urls[key] = url.href.replace(/\/$/, '');
        }
    }
    step(`  sandbox through the proxy: ${Object.values(urls).join(', ')}`);
    return {
        urls,
        settings: proxyMode === 'setting' ? { 'http.proxy': squid.url } : {},
        env: {
            ...(proxyMode === 'env' ? { HTTPS_PROXY: squid.url } : {}),
            // A machine whose NODE_EXTRA_CA_CERTS names the system bundle would make Node itself
            // trust the test root, and `http.systemCertificates: false` would prove nothing.
            ...(tlsMode ? { NODE_EXTRA_CA_CERTS: '' } : {}),
        },
        wrap,
        testEnv: {
            mode: proxyMode,
            tls: tlsMode,
            url: squid.url,
            authUrl: squid.authUrl,
            user: squid.user,
            password: squid.password,
            accessLog: squid.accessLog,
            host: proxyOnlyHost,
            ...(rootFile ? { rootFile } : {}),
        },
    };
}

/**
 * A second code-server beside the tier's own, for a journey that needs another start (workspace
 * trust on) with its own user data, extension copy and folder under the run folder. Stopped with
 * everything else on every path out; `stop()` may also be called earlier.
 */
async function startExtraServer(entry, { name, folder, urls, settings = {}, workspaceTrust }) {
    const dir = path.join(runDir, name);
    const extraUserDataDir = path.join(dir, 'user-data');
    const extensionsDir = path.join(dir, 'extensions');
    writeUserSettings(extraUserDataDir, {
        ...quietSettings,
        ...endpointSettings(urls),
        ...settings,
    });
    stageExtension(extensionsDir);
    const port = await freePort();
    step(`  starting a second code-server (${name}) on 127.0.0.1:${port}`);
    const server = await startCodeServer({
        entry,
        port,
        userDataDir: extraUserDataDir,
        extensionsDir,
        folder,
        logFile: path.join(dir, 'code-server.log'),
        stateDir: dir,
        workspaceTrust,
    });
    stops.push({ name: `code-server (${name})`, run: () => server.stop() });
    return {
        url: server.url,
        workbenchUrl: `${server.url}/?folder=${encodeURIComponent(folder)}`,
        userDataDir: extraUserDataDir,
        stop: () => server.stop(),
    };
}

/** Runs the journeys in this process; the last file checks the logs for errors of the extension. */
async function runE2eMocha(page) {
    const { default: Mocha } = await import('mocha');
    const mocha = new Mocha({
        ui: 'tdd',
        timeout: 90_000,
        reporter: path.join(root, 'scripts', 'summaryReporter.cjs'),
        reporterOptions: { tier: 'e2e' },
        fgrep: grep ?? '(e2e)',
    });
    const dir = path.join(out, 'test', 'e2e');
    // A person's first steps come first (the README screenshots follow that story), other
    // journeys in name order, and the log check last.
    const first = ['views.e2e.js', 'network.e2e.js', 'apiKey.e2e.js'];
    const rank = (file) =>
        file === 'noErrors.e2e.js' ? 1000 : first.includes(file) ? first.indexOf(file) : 100;
    const files = readdirSync(dir)
        .filter((file) => file.endsWith('.e2e.js'))
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    for (const file of files) mocha.addFile(path.join(dir, file));
    // A picture of the workbench at the moment a test failed, next to the logs.
    mocha.suite.afterEach(async function () {
        const test = this.currentTest;
        if (test?.state !== 'failed') return;
        const name = test
            .fullTitle()
            .replace(/[^A-Za-z0-9]+/g, '-')
            .slice(0, 100);
        const file = path.join(runDir, 'failures', `${name}.png`);
        mkdirSync(path.dirname(file), { recursive: true });
        await page.screenshot({ path: file }).catch(() => undefined);
        console.log(`    (screenshot of the failure: ${file})`);
    });
    await mocha.loadFilesAsync();
    console.log('');
    // The summary reporter turns a run that executed nothing into a failure before this resolves.
    return new Promise((resolve) => mocha.run((failures) => resolve(failures)));
}

main().catch((error) => finish(1, error.stack ?? String(error)));
