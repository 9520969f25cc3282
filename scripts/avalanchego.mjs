#!/usr/bin/env node
// Provides a real AvalancheGo, its Subnet-EVM plugin and the project's P-Chain helper (l1setup)
// for the `node` test tier, all at one pinned version.
//
//   node scripts/avalanchego.mjs          builds what is missing, prints the paths
//   node scripts/avalanchego.mjs --json   the same, as one JSON object on the last line
//
// AVALANCHEGO_PATH (the avalanchego binary) and AVALANCHEGO_PLUGIN_DIR (a directory holding the
// Subnet-EVM plugin under its VM id) take precedence over the build. Otherwise both are built from
// their Go modules through the wrapper module in test/realnode/go, once per version, into
// ~/.cache/avalanche-explorer/realnode/avalanchego-<version>/ (or $XDG_CACHE_HOME/...), outside the
// checkout so that every clone on the machine reuses them. The plugin's main package and l1setup
// are project code (test/realnode/go/cmd): each binary is keyed by a hash of its sources and
// rebuilt when they change (a minute or less once the Go build cache is warm).
//
// Each run also asks the Go module proxy once a day whether a newer AvalancheGo release than the
// pin can be built the same way (its graft modules served too) and says so in one line, so the pin
// moves the day it can; an unreachable proxy only changes that line.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
    chmodSync,
    existsSync,
    mkdirSync,
    readFileSync,
    readdirSync,
    renameSync,
    rmSync,
    statSync,
    writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * v1.14.2, not the newer v1.15.0: it is the latest stable release for which the Go module proxy
 * serves the graft modules (graft/subnet-evm, graft/coreth, graft/evm) the node and the plugin are
 * built from; at v1.15.0 those are 404 on proxy.golang.org. Node and plugin must share a version
 * (their plugin protocol versions have to match). Change it together with test/realnode/go/go.mod.
 */
export const AVALANCHEGO_VERSION = 'v1.14.2';
/** Subnet-EVM's VM id: the node loads a plugin only from a file named by its VM id. */
export const SUBNET_EVM_VM_ID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';

const moduleDir = path.join(root, 'test/realnode/go');
const nodePackage = 'github.com/ava-labs/avalanchego/main';
// The project's own main over Subnet-EVM's VM package: upstream's plugin main exits on machines whose
// hard open-files limit is below 32768 (see the comment in that file).
const pluginPackage = './cmd/subnet-evm-plugin';
const helperPackage = './cmd/l1setup';

/** Thrown with a message that says what is missing and how to install it. */
export class ProvideError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ProvideError';
    }
}

export function cacheRoot() {
    const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    return path.join(base, 'avalanche-explorer', 'realnode');
}

export function versionDir(version = AVALANCHEGO_VERSION) {
    return path.join(cacheRoot(), `avalanchego-${version}`);
}

function which(command) {
    const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
    return result.status === 0 ? result.stdout.trim() : undefined;
}

export function goEnv() {
    return {
        ...process.env,
        // The node links C code (blst, secp256k1, zstd, c-kzg); blst needs the portable flag
        // on CPUs it cannot probe, as avalanchego's own build script sets it.
        CGO_ENABLED: '1',
        CGO_CFLAGS: process.env.CGO_CFLAGS || '-O2 -D__BLST_PORTABLE__',
    };
}

export function checkTools() {
    const go = which('go');
    if (!go) {
        throw new ProvideError(
            'Go is missing: the node tier builds AvalancheGo and its P-Chain helper with it.\n' +
                '  Install it: on Debian/Ubuntu `sudo apt-get install golang-go` (an older Go fetches the\n' +
                '  go 1.25 toolchain that test/realnode/go/go.mod asks for through the module proxy), or from\n' +
                '  https://go.dev/dl/. Even with AVALANCHEGO_PATH set the helper needs Go;\n' +
                '  AVALANCHE_SKIP_NODE_TIER=1 skips the tier.',
        );
    }
    if (!which(process.env.CC || 'gcc') && !which('cc')) {
        throw new ProvideError(
            'A C compiler is missing: AvalancheGo needs cgo (blst, secp256k1, zstd).\n' +
                '  Install it: on Debian/Ubuntu `sudo apt-get install gcc g++ libc6-dev`.',
        );
    }
    const version = spawnSync('go', ['version'], { encoding: 'utf8' }).stdout.trim();
    return { go, version };
}

/** True when the module is already in the module cache (no proxy needed then). */
function moduleCached(version) {
    const gopath = spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).stdout.trim();
    return existsSync(
        path.join(gopath, 'cache/download/github.com/ava-labs/avalanchego/@v', `${version}.zip`),
    );
}

async function checkProxy(version) {
    if (moduleCached(version)) return;
    const proxy = (
        spawnSync('go', ['env', 'GOPROXY'], { encoding: 'utf8' }).stdout.trim() ||
        'https://proxy.golang.org'
    )
        .split(/[,|]/)
        .find((entry) => /^https?:/.test(entry));
    if (!proxy) {
        throw new ProvideError(
            `GOPROXY names no HTTP proxy, and avalanchego ${version} is not in the module cache.\n` +
                '  Set one: `go env -w GOPROXY=https://proxy.golang.org,direct`.',
        );
    }
    const url = `${proxy.replace(/\/$/, '')}/github.com/ava-labs/avalanchego/graft/subnet-evm/@v/${version}.info`;
    try {
        const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        if (response.ok) return;
        throw new ProvideError(
            `The Go module proxy does not serve Subnet-EVM ${version} (${url} answered ${response.status}).\n` +
                '  Pin a version it serves in scripts/avalanchego.mjs and test/realnode/go/go.mod.',
        );
    } catch (error) {
        if (error instanceof ProvideError) throw error;
        throw new ProvideError(
            `The Go module proxy is unreachable (${url}: ${error.cause?.code ?? error.message}).\n` +
                '  Building AvalancheGo downloads about 200 modules through it. Allow HTTPS to it, set\n' +
                '  `go env -w GOPROXY=<your proxy>`, or set AVALANCHEGO_PATH and AVALANCHEGO_PLUGIN_DIR.',
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Is there a newer release the proxy can build?

/** The modules a node and its plugin are built from; a release is usable when all are served. */
export const GRAFT_MODULES = ['graft/coreth', 'graft/subnet-evm', 'graft/evm'];
const avalanchegoModule = 'github.com/ava-labs/avalanchego';

/**
 * A semantic version as the proxy lists it (`v1.15.0`, `v1.15.0-fuji-rc.0`), or undefined.
 * `pre` is the pre-release text ('' for a release).
 */
export function parseVersion(text) {
    const match = /^v(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text);
    if (!match) return undefined;
    return { major: +match[1], minor: +match[2], patch: +match[3], pre: match[4] ?? '' };
}

/** Semver order (a release after its pre-releases); unparsable versions sort first. */
export function compareVersions(a, b) {
    const x = parseVersion(a);
    const y = parseVersion(b);
    if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0);
    for (const key of ['major', 'minor', 'patch']) {
        if (x[key] !== y[key]) return x[key] - y[key];
    }
    if (x.pre === y.pre) return 0;
    if (!x.pre || !y.pre) return x.pre ? -1 : 1;
    const xs = x.pre.split('.');
    const ys = y.pre.split('.');
    for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
        if (xs[i] === undefined || ys[i] === undefined) return xs[i] === undefined ? -1 : 1;
        const [xn, yn] = [/^\d+$/.test(xs[i]), /^\d+$/.test(ys[i])];
        if (xn && yn && +xs[i] !== +ys[i]) return +xs[i] - +ys[i];
        if (xn !== yn) return xn ? -1 : 1;
        if (xs[i] !== ys[i]) return xs[i] < ys[i] ? -1 : 1;
    }
    return 0;
}

/**
 * The releases (no pre-release: `-fuji`, `-rc.N` are not pinned) newer than `pin`, newest first.
 */
export function newerReleases(pin, versions) {
    return [...new Set(versions)]
        .filter((v) => parseVersion(v)?.pre === '' && compareVersions(v, pin) > 0)
        .sort((a, b) => compareVersions(b, a));
}

/**
 * The verdict on the pin: `newest` is the newest release newer than `pin` that every graft module
 * serves (`served(module, version)`), or undefined; `unserved` the newer releases passed over.
 * `line` says it for the node tier's output.
 */
export function servableVerdict(pin, versions, served, proxy) {
    const unserved = [];
    for (const version of newerReleases(pin, versions)) {
        const missing = GRAFT_MODULES.filter((module) => !served(module, version));
        if (missing.length === 0) {
            return {
                newest: version,
                unserved,
                line:
                    `newer servable release: ${version} (its graft modules are on ${proxy}); the pin is ${pin}: ` +
                    'move AVALANCHEGO_VERSION in scripts/avalanchego.mjs and test/realnode/go/go.mod to it',
            };
        }
        unserved.push({ version, missing });
    }
    const passed = unserved.length
        ? ` (${unserved.map((u) => `${u.version} lacks ${u.missing.join(', ')}`).join('; ')})`
        : '';
    return {
        newest: undefined,
        unserved,
        line: `the pin ${pin} is the newest release ${proxy} can build${passed}`,
    };
}

/** The first HTTP(S) proxy of GOPROXY (the environment's, else `go env`), or undefined. */
export function goProxyUrl(setting) {
    const entry = (setting || 'https://proxy.golang.org')
        .split(/[,|]/)
        .find((item) => /^https?:\/\//.test(item));
    return entry?.replace(/\/$/, '');
}

function configuredProxy() {
    if (process.env.GOPROXY) return goProxyUrl(process.env.GOPROXY);
    const fromGo = spawnSync('go', ['env', 'GOPROXY'], { encoding: 'utf8' });
    return goProxyUrl(fromGo.status === 0 ? fromGo.stdout.trim() : '');
}

/** The body of one proxy URL, undefined on 404/410 (not served); throws when unreachable. */
async function proxyText(url, timeoutMs) {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 404 || response.status === 410 || response.status === 403) {
        await response.body?.cancel();
        return undefined;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.text();
}

/**
 * Asks `proxy` (the module proxy protocol: /@v/list, /@v/<version>.info) for the newest
 * AvalancheGo release newer than `pin` whose graft modules it serves. Once a day per proxy and pin
 * the answer comes from `cacheDir`; an unreachable proxy is an answer too (`unreachable`), not an
 * error, and is asked again next time.
 */
export async function checkNewerServable({
    pin = AVALANCHEGO_VERSION,
    proxy = configuredProxy(),
    cacheDir = cacheRoot(),
    now = new Date(),
    timeoutMs = 5000,
} = {}) {
    if (!proxy) {
        return {
            line: `GOPROXY names no HTTP proxy: not asked whether a release newer than ${pin} exists`,
        };
    }
    const day = now.toISOString().slice(0, 10);
    const file = path.join(cacheDir, `proxy-versions-${day}.json`);
    const key = `${proxy} ${pin}`;
    let cache = {};
    try {
        cache = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
        // none yet today
    }
    if (cache[key]) return { ...cache[key], cached: true };
    try {
        const base = `${proxy}/${avalanchegoModule}`;
        const list = (await proxyText(`${base}/@v/list`, timeoutMs)) ?? '';
        const versions = list
            .split('\n')
            .map((v) => v.trim())
            .filter(Boolean);
        // A module's own list can lag behind (a caching proxy lists what it fetched): a version
        // missing from it is asked for by name, the newest candidates only.
        const lists = Object.fromEntries(
            await Promise.all(
                GRAFT_MODULES.map(async (module) => [
                    module,
                    new Set(
                        ((await proxyText(`${base}/${module}/@v/list`, timeoutMs)) ?? '')
                            .split('\n')
                            .map((v) => v.trim()),
                    ),
                ]),
            ),
        );
        const candidates = newerReleases(pin, versions).slice(0, 5);
        const served = {};
        await Promise.all(
            candidates.flatMap((version) =>
                GRAFT_MODULES.map(async (module) => {
                    const known =
                        lists[module].has(version) ||
                        (await proxyText(`${base}/${module}/@v/${version}.info`, timeoutMs)) !==
                            undefined;
                    served[`${module} ${version}`] = known;
                }),
            ),
        );
        const verdict = servableVerdict(
            pin,
            candidates,
            (module, version) => served[`${module} ${version}`] === true,
            proxy,
        );
        const answer = { newest: verdict.newest, line: verdict.line };
        mkdirSync(cacheDir, { recursive: true });
        writeFileSync(file, JSON.stringify({ ...cache, [key]: answer }, null, 2));
        return answer;
    } catch (error) {
        const reason = error?.cause?.code ?? error?.name ?? String(error);
        return {
            unreachable: true,
            line: `could not ask ${proxy} whether a release newer than ${pin} is servable (${reason}); the pin stays`,
        };
    }
}

function goBuild(pkg, output, log) {
    // Built beside the version directory's entries, not inside the plugin directory: the node
    // refuses to start when that directory holds a file not named by a VM id.
    const temp = path.join(
        path.dirname(path.dirname(output)),
        `.build-${path.basename(output)}-${process.pid}`,
    );
    const started = Date.now();
    log(
        `go build ${pkg}${pkg === nodePackage ? ' (5 to 13 minutes on 2 cores with a cold Go cache)' : ''}`,
    );
    const result = spawnSync('go', ['build', '-pgo=off', '-o', temp, pkg], {
        cwd: moduleDir,
        env: goEnv(),
        stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) {
        rmSync(temp, { force: true });
        throw new ProvideError(
            `go build ${pkg} failed (exit ${result.status ?? result.signal}); its output is above.`,
        );
    }
    // Renamed into place only once complete, so an interrupted build is never taken as done.
    renameSync(temp, output);
    const seconds = (Date.now() - started) / 1000;
    log(`built ${path.basename(output)} in ${seconds.toFixed(1)} s`);
    return seconds;
}

/** Hash of what a command of the wrapper module depends on in the repository. */
export function commandHash(command) {
    const hash = createHash('sha256');
    const files = ['go.mod', 'go.sum'];
    const walk = (dir) => {
        for (const name of readdirSync(path.join(moduleDir, dir)).sort()) {
            const rel = path.join(dir, name);
            if (statSync(path.join(moduleDir, rel)).isDirectory()) walk(rel);
            else if (name.endsWith('.go')) files.push(rel);
        }
    };
    walk(path.join('cmd', command));
    for (const file of files) {
        hash.update(file)
            .update('\0')
            .update(readFileSync(path.join(moduleDir, file)));
    }
    return hash.digest('hex').slice(0, 16);
}

export function withLock(dir, fn) {
    const lock = path.join(dir, '.lock');
    const deadline = Date.now() + 60 * 60_000;
    for (;;) {
        try {
            mkdirSync(lock);
            break;
        } catch {
            // Another build (a second checkout's test run) holds it; a lock older than an hour is
            // left over from a killed build.
            const age = Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
            if (age > 60 * 60_000) rmSync(lock, { recursive: true, force: true });
            else if (Date.now() > deadline) throw new ProvideError(`Timed out waiting for ${lock}`);
            else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
        }
    }
    try {
        return fn();
    } finally {
        rmSync(lock, { recursive: true, force: true });
    }
}

/**
 * Returns `{ avalanchego, pluginDir, l1setup, version, source, buildSeconds }`, building what is
 * missing. Throws ProvideError with an install hint when a tool is missing.
 */
export async function provideAvalanchego({
    log = (line) => console.log(`[avalanchego] ${line}`),
} = {}) {
    const envNode = process.env.AVALANCHEGO_PATH;
    const envPlugins = process.env.AVALANCHEGO_PLUGIN_DIR;
    const dir = versionDir();
    const newer = await checkNewerServable();
    log(newer.cached ? `${newer.line} (asked today)` : newer.line);
    // The plugin and the helper are built from the repository's own main packages, so each is
    // keyed by a hash of its sources: a checkout on another commit builds its own next to it.
    const cached = {
        avalanchego: path.join(dir, 'avalanchego'),
        pluginDir: path.join(dir, `plugins-${commandHash('subnet-evm-plugin')}`),
    };
    const pluginFile = (pluginDir) => path.join(pluginDir, SUBNET_EVM_VM_ID);
    const buildSeconds = {};
    let source = 'cache';

    if (envNode && !existsSync(envNode)) {
        throw new ProvideError(`AVALANCHEGO_PATH=${envNode} does not exist.`);
    }
    if (envPlugins && !existsSync(pluginFile(envPlugins))) {
        throw new ProvideError(
            `AVALANCHEGO_PLUGIN_DIR=${envPlugins} has no file named ${SUBNET_EVM_VM_ID} (the Subnet-EVM plugin, named by its VM id).`,
        );
    }
    // The helper is built in every case, so Go and gcc are needed even with both overrides.
    const tools = checkTools();
    mkdirSync(cached.pluginDir, { recursive: true });
    const needNode = !envNode && !existsSync(cached.avalanchego);
    const needPlugin = !envPlugins && !existsSync(pluginFile(cached.pluginDir));
    const helper = path.join(dir, `l1setup-${commandHash('l1setup')}`);
    const needHelper = !existsSync(helper);
    if (needNode || needPlugin || needHelper) {
        if (needNode || needPlugin) await checkProxy(AVALANCHEGO_VERSION);
        withLock(dir, () => {
            if (needNode && !existsSync(cached.avalanchego)) {
                buildSeconds.avalanchego = goBuild(nodePackage, cached.avalanchego, log);
            }
            if (needPlugin && !existsSync(pluginFile(cached.pluginDir))) {
                buildSeconds.plugin = goBuild(pluginPackage, pluginFile(cached.pluginDir), log);
                chmodSync(pluginFile(cached.pluginDir), 0o755);
            }
            // Older helpers stay: another checkout on the machine may be on another commit.
            if (!existsSync(helper)) buildSeconds.l1setup = goBuild(helperPackage, helper, log);
        });
        if (needNode || needPlugin) {
            source = 'built';
            writeFileSync(
                path.join(dir, 'build.json'),
                JSON.stringify(
                    {
                        version: AVALANCHEGO_VERSION,
                        go: tools.version,
                        buildSeconds,
                        at: new Date().toISOString(),
                    },
                    null,
                    2,
                ),
            );
        }
    }
    const total = Object.values(buildSeconds).reduce((a, b) => a + b, 0);
    if (total > 0) log(`build time ${total.toFixed(1)} s (${JSON.stringify(buildSeconds)})`);
    const result = {
        version: AVALANCHEGO_VERSION,
        avalanchego: envNode || cached.avalanchego,
        pluginDir: envPlugins || cached.pluginDir,
        l1setup: helper,
        source: envNode || envPlugins ? 'env' : source,
        buildSeconds,
    };
    if (envNode) checkOverrideVersion(envNode, log);
    return result;
}

/** A node of another version still runs the tests; the note explains differing answers. */
function checkOverrideVersion(binary, log) {
    const out = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    const text = `${out.stdout ?? ''}`.trim();
    if (!text.includes(AVALANCHEGO_VERSION.slice(1))) {
        log(`note: AVALANCHEGO_PATH reports "${text}", the tests pin ${AVALANCHEGO_VERSION}`);
    }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
    const json = process.argv.includes('--json');
    try {
        const started = Date.now();
        const result = await provideAvalanchego({
            log: (line) =>
                (json ? process.stderr : process.stdout).write(`[avalanchego] ${line}\n`),
        });
        if (json) console.log(JSON.stringify(result));
        else {
            console.log(`avalanchego ${result.version} (${result.source}): ${result.avalanchego}`);
            console.log(`Subnet-EVM plugin dir: ${result.pluginDir}`);
            console.log(`l1setup: ${result.l1setup}`);
            console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
    } catch (error) {
        console.error(error instanceof ProvideError ? `ERROR: ${error.message}` : error);
        process.exit(1);
    }
}
