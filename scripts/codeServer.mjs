// VS Code's server build (the `code-server` npm package), installed on first use into a git-ignored
// cache. It is not a project dependency on purpose: its install builds native modules and fetches
// ripgrep from GitHub, which would break a plain `npm install` on a machine that only reaches npm.
// The three install traps it handles are named where they are handled below.
import { spawn, spawnSync } from 'node:child_process';
import {
    closeSync,
    copyFileSync,
    cpSync,
    existsSync,
    mkdirSync,
    mkdtempSync,
    openSync,
    readFileSync,
    rmSync,
    writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const codeServerVersion = '4.100.3';
/** The VS Code release inside that code-server build. */
export const vscodeVersion = '1.100.3';

// @vscode/ripgrep 1.15.11 (pinned by code-server 4.100.3) looks for this tarball before downloading.
const ripgrepCacheDir = path.join(os.tmpdir(), 'vscode-ripgrep-cache-1.15.11');
const ripgrepTarball = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const codeServerDir = path.join(root, '.vscode-test', 'code-server');
const installTimeoutMs = 15 * 60_000;
const markerFile = path.join(codeServerDir, `.installed-${codeServerVersion}`);
const entryFile = path.join(
    codeServerDir,
    'node_modules',
    'code-server',
    'out',
    'node',
    'entry.js',
);

/** Path of code-server's Node entry point (run with `process.execPath`), or undefined if absent. */
export function installedCodeServer() {
    return existsSync(markerFile) && existsSync(entryFile) ? entryFile : undefined;
}

function which(command) {
    const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
    return result.status === 0 ? result.stdout.trim() : undefined;
}

/** Stops early, with the fix, when a system package that the install needs is missing. */
function checkSystem() {
    const missing = [];
    const rg = which('rg');
    if (!rg) missing.push('ripgrep');
    // The `kerberos` native module includes gssapi headers from libkrb5-dev.
    if (!existsSync('/usr/include/gssapi/gssapi.h') && !which('krb5-config'))
        missing.push('libkrb5-dev');
    if (!which('make') || !which('g++')) missing.push('build-essential');
    if (!which('python3')) missing.push('python3');
    if (missing.length) {
        throw new Error(
            `code-server needs system packages that are missing: ${missing.join(', ')}.\n` +
                `  Install them with: apt-get install -y ${missing.join(' ')}`,
        );
    }
    return rg;
}

/** Puts a tarball holding the system `rg` where @vscode/ripgrep's postinstall looks first. */
function seedRipgrep(rg) {
    const target = path.join(ripgrepCacheDir, ripgrepTarball);
    if (existsSync(target)) return;
    mkdirSync(ripgrepCacheDir, { recursive: true });
    const stage = mkdtempSync(path.join(os.tmpdir(), 'rg-stage-'));
    try {
        copyFileSync(rg, path.join(stage, 'rg'));
        const tar = spawnSync('tar', ['-czf', `${target}.tmp`, '-C', stage, 'rg'], {
            stdio: 'inherit',
        });
        if (tar.status !== 0) throw new Error(`tar failed with status ${tar.status}`);
        spawnSync('mv', [`${target}.tmp`, target]);
    } finally {
        rmSync(stage, { recursive: true, force: true });
    }
}

/**
 * Installs code-server once per machine (idempotent, guarded by a marker file) and returns the
 * path of its entry point. `log` receives short progress lines.
 */
export async function ensureCodeServer(log = (line) => console.log(line)) {
    const ready = installedCodeServer();
    if (ready) return ready;
    const release = await takeInstallLock(log);
    try {
        // Another process may have finished the install while this one waited.
        return installedCodeServer() ?? (await install(log));
    } finally {
        release();
    }
}

const lockFile = path.join(root, '.vscode-test', 'code-server.lock');

function processAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return error.code === 'EPERM';
    }
}

/** Test tiers and `npm start` may run at once: only one of them installs, the others wait. */
async function takeInstallLock(log) {
    mkdirSync(path.dirname(lockFile), { recursive: true });
    let told = false;
    for (;;) {
        try {
            writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
            return () => rmSync(lockFile, { force: true });
        } catch (error) {
            if (error.code !== 'EEXIST') throw error;
        }
        let holder;
        try {
            holder = Number(readFileSync(lockFile, 'utf8').trim());
        } catch {
            continue; // Released between the two calls.
        }
        if (!Number.isInteger(holder) || !processAlive(holder)) {
            rmSync(lockFile, { force: true });
            continue;
        }
        if (!told) {
            log(`Waiting for process ${holder}, which is installing code-server`);
            told = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
    }
}

async function install(log) {
    const rg = checkSystem();
    seedRipgrep(rg);
    rmSync(codeServerDir, { recursive: true, force: true });
    mkdirSync(codeServerDir, { recursive: true });
    writeFileSync(
        path.join(codeServerDir, 'package.json'),
        JSON.stringify(
            {
                name: 'code-server-cache',
                private: true,
                description: 'test cache, see scripts/codeServer.mjs',
            },
            null,
            2,
        ),
    );
    const logFile = path.join(codeServerDir, 'install.log');
    log(
        `Installing code-server@${codeServerVersion} (VS Code ${vscodeVersion}) into ${path.relative(root, codeServerDir)}/`,
    );
    log(`  once per machine, about 1.5 min on 2 cores; log: ${path.relative(root, logFile)}`);

    const env = {
        ...process.env,
        // Its postinstall refuses to run as root without this.
        npm_config_unsafe_perm: 'true',
        // node-pty's postinstall runs `npx node-gyp`, which would otherwise wait at a prompt.
        npm_config_yes: 'true',
        npm_config_fund: 'false',
        npm_config_audit: 'false',
        npm_config_update_notifier: 'false',
    };
    // node-gyp downloads Node headers unless it is told where installed ones are.
    if (
        !env.npm_config_nodedir &&
        existsSync(
            path.join(
                path.dirname(path.dirname(process.execPath)),
                'include',
                'node',
                'common.gypi',
            ),
        )
    ) {
        env.npm_config_nodedir = path.dirname(path.dirname(process.execPath));
    }
    const started = Date.now();
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const status = await new Promise((resolve) => {
        const out = [];
        const child = spawn(
            npm,
            [
                'install',
                '--no-save',
                '--no-package-lock',
                '--loglevel',
                'http',
                `code-server@${codeServerVersion}`,
            ],
            { cwd: codeServerDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        const ticker = setInterval(
            () => log(`  ... still installing (${Math.round((Date.now() - started) / 1000)} s)`),
            20000,
        );
        // A stalled install (a postinstall waiting on the network) must not hang the caller.
        const limit = setTimeout(() => {
            out.push(Buffer.from(`\n[killed after ${installTimeoutMs / 60_000} min]\n`));
            child.kill('SIGKILL');
        }, installTimeoutMs);
        child.on('close', () => clearTimeout(limit));
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', (code) => {
            clearInterval(ticker);
            writeFileSync(logFile, Buffer.concat(out));
            resolve(code);
        });
        child.on('error', (error) => {
            clearInterval(ticker);
            out.push(Buffer.from(String(error)));
            writeFileSync(logFile, Buffer.concat(out));
            resolve(-1);
        });
    });
    if (status !== 0 || !existsSync(entryFile)) {
        const tail = existsSync(logFile)
            ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')
            : '';
        throw new Error(
            `npm install code-server@${codeServerVersion} failed (exit ${status}).\n${tail}\n  Full log: ${logFile}`,
        );
    }
    writeFileSync(markerFile, `${new Date().toISOString()}\n`);
    log(`  code-server installed in ${Math.round((Date.now() - started) / 1000)} s`);
    return entryFile;
}

// ---------------------------------------------------------------------------------------------
// Starting a workbench: shared by scripts/hostTest.mjs (integration, e2e) and scripts/start.mjs.

/**
 * Settings that keep the workbench quiet and offline: no welcome page, telemetry or prompts.
 * Shared with test/electron/runElectron.ts through the JSON file.
 */
export const quietSettings = JSON.parse(
    readFileSync(path.join(root, 'test', 'fixtures', 'quietSettings.json'), 'utf8'),
);

/** Endpoint settings of the extension; defaults in the manifest stay the public ones. */
export function endpointSettings(urls) {
    return {
        'avalanche.dataApi.url': urls.dataApiUrl,
        'avalanche.metricsApi.url': urls.metricsUrl,
        'avalanche.node.selectedUrl': urls.nodeUrl,
    };
}

/** Writes `<userDataDir>/User/settings.json`. */
export function writeUserSettings(userDataDir, settings) {
    const userDir = path.join(userDataDir, 'User');
    mkdirSync(userDir, { recursive: true });
    writeFileSync(path.join(userDir, 'settings.json'), `${JSON.stringify(settings, null, 4)}\n`);
}

/**
 * Copies the built extension into `<extensionsDir>/<publisher>.<name>-<version>/` with what the
 * .vsix would hold (see .vscodeignore), and returns that folder.
 */
export function stageExtension(extensionsDir) {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    if (!existsSync(path.join(root, manifest.main ?? 'dist/extension.js'))) {
        throw new Error(`${manifest.main} is missing: run "npm run build" first.`);
    }
    const target = path.join(
        extensionsDir,
        `${manifest.publisher}.${manifest.name}-${manifest.version}`,
    );
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    for (const entry of [
        'package.json',
        'package.nls.json',
        'l10n',
        'README.md',
        'LICENSE',
        'dist',
        'media',
    ]) {
        const source = path.join(root, entry);
        if (!existsSync(source)) continue;
        cpSync(source, path.join(target, entry), {
            recursive: true,
            // Screenshots are for the README on the marketplace page, not for the runtime; the
            // code caches of local runs are not part of the build (each host writes its own), nor
            // is the build's metafile (esbuild.mjs).
            filter: (file) =>
                !file.includes(`${path.sep}media${path.sep}screenshots`) &&
                !file.includes(`${path.sep}.code-cache`) &&
                path.basename(file) !== 'metafile.json',
        });
    }
    return target;
}

/**
 * The workbench URL that opens `folder` and runs the extension in `developmentPath` in
 * ExtensionMode.Test, with `testsPath` (a module exporting `run()`, or a folder with an
 * index.js) as its tests: what `--extensionDevelopmentPath` and `--extensionTestsPath` do for the
 * desktop build, which code-server has no flags for. Its web workbench takes them from the
 * `payload` query parameter instead, as `vscode-remote://` URIs on the server's own authority.
 * The extension must not also be installed in `--extensions-dir` (there would be two).
 *
 * When `run()` settles, the workbench stops the extension host and calls the page's
 * `codeAutomationExit(code)` if the page has one (code 0 when `run()` resolved, 1 when it
 * rejected); the page stays open.
 */
export function testModeWorkbenchUrl(serverUrl, folder, { developmentPath, testsPath }) {
    const authority = new URL(serverUrl).host;
    const remote = (file) => `vscode-remote://${authority}${pathToFileURL(file).pathname}`;
    const payload = JSON.stringify([
        ['extensionDevelopmentPath', remote(developmentPath)],
        ['extensionTestsPath', remote(testsPath)],
    ]);
    return `${serverUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
}

/** A free TCP port on 127.0.0.1 (the OS picks it; there is a small window before it is used). */
export function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.unref();
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
    });
}

/** Resolves once `url` answers 2xx, or rejects after `timeoutMs` (or when `alive()` turns false). */
export async function waitForHttp(url, timeoutMs, alive = () => true) {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
        if (!alive()) throw new Error(`the server exited before ${url} answered`);
        try {
            const response = await fetch(url);
            if (response.ok) return;
            last = `HTTP ${response.status}`;
        } catch (error) {
            last = String(error.cause?.code ?? error.message);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/** Environment of child processes, without variables of an enclosing VS Code window. */
function cleanEnv(extra) {
    const env = { ...process.env };
    for (const key of Object.keys(env)) {
        if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') delete env[key];
    }
    return { ...env, ...extra };
}

/**
 * Starts code-server in its own process group on 127.0.0.1:`port`, logging to `logFile`.
 * Returns { url, child, stop() }; `stop()` ends the whole group (the server and its extension
 * hosts) and is safe to call twice.
 *
 * Workspace trust stays off unless `workspaceTrust` is true: with it on, every fresh browser
 * profile would first meet the trust dialog, which only the untrusted-workspace check answers.
 * That check also needs `security.workspace.trust.enabled: true` in its user settings
 * (quietSettings turns it off). `args`: more of code-server's options (such as `--locale`).
 */
export async function startCodeServer({
    entry,
    port,
    userDataDir,
    extensionsDir,
    folder,
    logFile,
    stateDir,
    workspaceTrust = false,
    env = {},
    wrap = [],
    args: extraArgs = [],
}) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const out = openSync(logFile, 'a');
    const args = [
        entry,
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${port}`,
        '--config',
        path.join(stateDir, 'config.yaml'),
        '--disable-telemetry',
        '--disable-update-check',
        ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
        '--disable-getting-started-override',
        '--ignore-last-opened',
        '--extensions-dir',
        extensionsDir,
        '--user-data-dir',
        userDataDir,
        ...extraArgs,
        folder,
    ];
    // `wrap`: a command that starts the server, e.g. `unshare` for a private view of the system's
    // certificate store.
    const command = wrap.length ? wrap[0] : process.execPath;
    const commandArgs = wrap.length ? [...wrap.slice(1), process.execPath, ...args] : args;
    const child = spawn(command, commandArgs, {
        cwd: stateDir,
        detached: true,
        stdio: ['ignore', out, out],
        env: cleanEnv({
            // code-server keeps state (config, heartbeat, coder.json) under XDG folders; keep them
            // inside this run instead of the user's home.
            XDG_CONFIG_HOME: path.join(stateDir, 'xdg-config'),
            XDG_DATA_HOME: path.join(stateDir, 'xdg-data'),
            XDG_CACHE_HOME: path.join(stateDir, 'xdg-cache'),
            ...env,
        }),
    });
    closeSync(out);
    let exited = false;
    child.on('exit', () => {
        exited = true;
    });
    const stop = () => killGroup(child, () => exited);
    const url = `http://127.0.0.1:${port}`;
    try {
        await waitForHttp(`${url}/healthz`, 60_000, () => !exited);
    } catch (error) {
        await stop();
        throw error;
    }
    return { url, child, stop, exited: () => exited };
}

/** Ends a detached child's process group: SIGTERM, then SIGKILL after a grace period. */
export async function killGroup(child, exited = () => child.exitCode !== null, graceMs = 3000) {
    if (!child.pid) return;
    const signal = (sig) => {
        try {
            process.kill(-child.pid, sig);
            return true;
        } catch {
            return false;
        }
    };
    if (!signal('SIGTERM')) return;
    const deadline = Date.now() + graceMs;
    while (!exited() && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    // Extension hosts may outlive the server; the group kill reaches them too.
    signal('SIGKILL');
}

/** Launches the system Chromium through playwright-core (never a downloaded browser). */
export async function launchChromium() {
    const { chromium } = await import('playwright-core');
    const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) =>
        existsSync(p),
    );
    if (!executablePath) {
        throw new Error(
            'Chromium is missing: install the Debian package with "apt-get install -y chromium".',
        );
    }
    return chromium.launch({
        executablePath,
        headless: true,
        // The script stops the browser itself, in order, with everything else.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
        ],
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    ensureCodeServer().then(
        (entry) => console.log(`code-server ready: ${entry}`),
        (error) => {
            console.error(String(error.message ?? error));
            process.exit(1);
        },
    );
}
