#!/usr/bin/env node
// Builds AvalancheGo with Helicon (v1.15) and its Subnet-EVM plugin from AvalancheGo's source
// repository, for recording what such a node answers (test/realnode/record.ts). The node tier stays
// on scripts/avalanchego.mjs: the Go module proxy serves github.com/ava-labs/avalanchego@v1.15.0
// but not its graft/coreth, graft/subnet-evm and graft/evm modules, which the root go.mod replaces
// with ./graft/*, so v1.15 builds only from a checkout of the repository.
//
//   node scripts/avalanchego-source.mjs [--ref v1.15.0-fuji] [--repo <git url or path>]
//        [--src <checkout>] [--libevm <git url or path>] [--json]
//
// What it does, all outside this repository (nothing of AvalancheGo's enters it):
//   1. a checkout of --ref in <cache>/src/avalanchego, cloned from --repo (default
//      https://github.com/ava-labs/avalanchego.git), or the checkout --src names, as it is;
//   2. files the checkout lacks (a mirror without its largest blobs) copied from the published
//      modules in the Go module cache, only where the git blob hash is the same;
//   3. libevm: the pseudo-version the checkout's go.mod requires, from the module proxy, or (when
//      the proxy does not serve it) a checkout of that commit cloned from --libevm;
//   4. a go.work in the output directory that uses the checkout, its graft modules and
//      test/realnode/go, with the checkout's own replace directives (and libevm's);
//   5. go build: the node (./main, with the commit stamped as upstream's scripts/build.sh does),
//      the project's Subnet-EVM plugin main, l1setup, and the Helicon helper (`-tags helicon`),
//      into <cache>/avalanchego-<ref>-src/, the node rebuilt only when the commit changes.
// It prints what scripts/avalanchego.mjs prints, plus `heliconHelper` and `commit`; the last line
// of --json is the REALNODE_TOOLS value for the recorder:
//
//   REALNODE_TOOLS="$(node scripts/avalanchego-source.mjs --json | tail -n 1)" \
//       node out/test/realnode/record.js --out test/fixtures/realnode-v1.15
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
    chmodSync,
    copyFileSync,
    existsSync,
    mkdirSync,
    readFileSync,
    readdirSync,
    renameSync,
    rmSync,
    writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
    AVALANCHEGO_VERSION,
    ProvideError,
    SUBNET_EVM_VM_ID,
    cacheRoot,
    checkTools,
    commandHash,
    goEnv,
    withLock,
} from './avalanchego.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const moduleDir = path.join(root, 'test/realnode/go');
const defaultRef = 'v1.15.0-fuji';
const defaultRepo = 'https://github.com/ava-labs/avalanchego.git';

function run(command, args, options = {}) {
    const result = spawnSync(command, args, { encoding: 'utf8', ...options });
    if (result.status !== 0 && !options.allowFailure) {
        throw new ProvideError(
            `${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${(result.stderr ?? '').trim()}`,
        );
    }
    return result;
}

function git(dir, ...args) {
    return run('git', ['-C', dir, ...args]).stdout.trim();
}

function optionValue(argv, name) {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const value = argv[i + 1];
    if (!value || value.startsWith('--')) throw new ProvideError(`${name} needs a value`);
    return value;
}

/** A checkout of `ref` (cloned once), or the one `src` names as it is. */
function checkout({ ref, repo, src, log }) {
    if (src) {
        if (!existsSync(path.join(src, 'go.mod'))) throw new ProvideError(`${src} has no go.mod`);
        return path.resolve(src);
    }
    const dir = path.join(cacheRoot(), 'src', 'avalanchego');
    if (!existsSync(path.join(dir, '.git'))) {
        log(`git clone ${repo} ${dir}`);
        mkdirSync(path.dirname(dir), { recursive: true });
        run('git', ['clone', '--quiet', '--no-checkout', repo, dir], { stdio: 'inherit' });
    }
    if (
        run('git', ['-C', dir, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
            allowFailure: true,
        }).status !== 0
    ) {
        log(`git fetch --tags (${ref} not in ${dir} yet)`);
        git(dir, 'fetch', '--quiet', '--tags', 'origin');
    }
    const wanted = git(dir, 'rev-parse', `${ref}^{commit}`);
    if (
        run('git', ['-C', dir, 'rev-parse', 'HEAD'], { allowFailure: true }).stdout.trim() !==
        wanted
    ) {
        // A checkout that reports a missing blob still checks out everything else; step 2
        // fills in.
        run('git', ['-C', dir, 'checkout', '--quiet', '--force', '--detach', ref], {
            allowFailure: true,
        });
    }
    if (git(dir, 'rev-parse', 'HEAD') !== wanted) {
        throw new ProvideError(`could not check out ${ref} in ${dir}`);
    }
    return dir;
}

function goModCache() {
    return run('go', ['env', 'GOMODCACHE']).stdout.trim();
}

/**
 * Files of the checkout that git could not write (blobs missing from the repository it was cloned
 * from), copied from a published module version that has the same blob; returns what is still
 * missing.
 */
function restoreMissingFiles(dir, ref, log) {
    const missing = git(dir, 'ls-files', '--deleted').split('\n').filter(Boolean);
    if (missing.length === 0) return [];
    const modcache = path.join(goModCache(), 'github.com/ava-labs');
    const release = /^v\d+\.\d+\.\d+/.exec(ref)?.[0] ?? AVALANCHEGO_VERSION;
    // The root module at the release this ref leads to, and the graft modules at the pin: the
    // files that are missing in practice are large data files that rarely change.
    for (const spec of [
        `github.com/ava-labs/avalanchego@${release}`,
        `github.com/ava-labs/avalanchego/graft/coreth@${AVALANCHEGO_VERSION}`,
    ]) {
        run('go', ['mod', 'download', spec], { allowFailure: true, cwd: dir });
    }
    const left = [];
    for (const file of missing) {
        const blob = git(dir, 'ls-files', '--stage', '--', file).split(/\s+/)[1];
        const graft = /^graft\/([^/]+)\/(.+)$/.exec(file);
        const [prefix, rest] = graft
            ? [`avalanchego/graft/${graft[1]}@`, graft[2]]
            : ['avalanchego@', file];
        const moduleParent = path.join(modcache, path.dirname(prefix));
        const candidates = existsSync(moduleParent)
            ? readdirSync(moduleParent)
                  .filter((name) => name.startsWith(path.basename(prefix)))
                  .map((name) => path.join(moduleParent, name, rest))
            : [];
        const match = candidates.find(
            (candidate) =>
                existsSync(candidate) && git(dir, 'hash-object', '--', candidate) === blob,
        );
        if (!match) {
            left.push(file);
            continue;
        }
        copyFileSync(match, path.join(dir, file));
        chmodSync(path.join(dir, file), 0o644);
        log(
            `restored ${file} from ${path.relative(modcache, match)} (same blob ${blob.slice(0, 12)})`,
        );
    }
    return left;
}

/** The libevm module the checkout requires, from the proxy or as a checkout of its commit. */
function libevmReplacement({ dir, libevmRepo, log }) {
    const goMod = readFileSync(path.join(dir, 'go.mod'), 'utf8');
    const version = /^\s*github\.com\/ava-labs\/libevm (\S+)/m.exec(goMod)?.[1];
    if (!version) return undefined;
    const served = run('go', ['mod', 'download', `github.com/ava-labs/libevm@${version}`], {
        allowFailure: true,
        cwd: dir,
    });
    if (served.status === 0) return undefined;
    const commit = /-([0-9a-f]{12})$/.exec(version)?.[1];
    const libevm = path.join(cacheRoot(), 'src', 'libevm');
    const cloned = existsSync(path.join(libevm, '.git'));
    if ((!libevmRepo && !cloned) || !commit) {
        throw new ProvideError(
            `The Go module proxy does not serve github.com/ava-labs/libevm@${version}:\n` +
                `${served.stderr.trim()}\n` +
                `  Pass --libevm <git url or path of github.com/ava-labs/libevm>: the build then uses a checkout of ${commit ?? 'that version'}.`,
        );
    }
    if (!cloned) {
        log(`git clone ${libevmRepo} ${libevm}`);
        run('git', ['clone', '--quiet', '--no-checkout', libevmRepo, libevm], { stdio: 'inherit' });
    }
    run('git', ['-C', libevm, 'checkout', '--quiet', '--force', '--detach', commit], {
        allowFailure: true,
    });
    if (!git(libevm, 'rev-parse', 'HEAD').startsWith(commit)) {
        throw new ProvideError(
            `${libevmRepo ?? libevm} has no commit ${commit} (libevm ${version}); pass --libevm`,
        );
    }
    log(`libevm ${version} from a checkout of ${commit} (the proxy does not serve it)`);
    return libevm;
}

/** The go.work the builds use: the checkout, its graft modules, and this repository's module. */
function writeWorkspace({ dir, libevm, outDir }) {
    const goMod = readFileSync(path.join(dir, 'go.mod'), 'utf8');
    const goLine = /^go (\S+)$/m.exec(goMod)?.[1] ?? '1.25';
    const grafts = readdirSync(path.join(dir, 'graft'))
        .filter((name) => existsSync(path.join(dir, 'graft', name, 'go.mod')))
        .sort()
        .map((name) => path.join(dir, 'graft', name));
    // The checkout's own replace directives, except those that point inside it (./graft/*): the
    // workspace uses those modules directly.
    const replaces = goMod
        .split('\n')
        .filter((line) => /^replace\s/.test(line) && !/=>\s*\.\.?\//.test(line));
    if (libevm) replaces.push(`replace github.com/ava-labs/libevm => ${libevm}`);
    const file = path.join(outDir, 'go.work');
    writeFileSync(
        file,
        [
            '// Written by scripts/avalanchego-source.mjs in the avalanche-explorer repository.',
            `go ${goLine}`,
            '',
            'use (',
            ...[dir, ...grafts, moduleDir].map((p) => `\t${p}`),
            ')',
            '',
            ...replaces,
            '',
        ].join('\n'),
    );
    return file;
}

function build({ pkg, output, cwd, env, tags, ldflags, log }) {
    const temp = path.join(path.dirname(output), `.build-${path.basename(output)}-${process.pid}`);
    const args = ['build', '-pgo=off', ...(tags ? ['-tags', tags] : [])];
    if (ldflags) args.push('-ldflags', ldflags);
    args.push('-o', temp, pkg);
    log(`go ${args.join(' ').replace(temp, path.basename(output))} (in ${cwd})`);
    const started = Date.now();
    const result = spawnSync('go', args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) {
        rmSync(temp, { force: true });
        throw new ProvideError(
            `go build ${pkg} failed (exit ${result.status ?? result.signal}); its output is above.`,
        );
    }
    renameSync(temp, output);
    chmodSync(output, 0o755);
    const seconds = (Date.now() - started) / 1000;
    log(`built ${path.basename(output)} in ${seconds.toFixed(1)} s`);
    return seconds;
}

/** Builds what is missing and returns the tools for REALNODE_TOOLS. */
export function provideFromSource({
    ref = defaultRef,
    repo = defaultRepo,
    src,
    libevmRepo,
    log = (line) => console.log(`[avalanchego-source] ${line}`),
} = {}) {
    const tools = checkTools();
    const dir = checkout({ ref, repo, src, log });
    const commit = git(dir, 'rev-parse', 'HEAD');
    const label = src ? git(dir, 'describe', '--tags', '--always') : ref;
    const left = restoreMissingFiles(dir, label, log);
    if (left.length > 0) {
        throw new ProvideError(
            `The checkout ${dir} lacks ${left.join(', ')}, and no published module has the same file.`,
        );
    }
    const libevm = libevmReplacement({ dir, libevmRepo, log });
    const outDir = path.join(cacheRoot(), `avalanchego-${label}-src`);
    mkdirSync(outDir, { recursive: true });
    const workspace = writeWorkspace({ dir, libevm, outDir });
    const env = { ...goEnv(), GOWORK: workspace };
    // The project's commands are built against this commit: keyed by both.
    const key = (command) =>
        createHash('sha256')
            .update(`${commandHash(command)} ${commit}`)
            .digest('hex')
            .slice(0, 16);
    const out = {
        avalanchego: path.join(outDir, 'avalanchego'),
        pluginDir: path.join(outDir, `plugins-${key('subnet-evm-plugin')}`),
        l1setup: path.join(outDir, `l1setup-${key('l1setup')}`),
        heliconHelper: path.join(outDir, `helicon-${key('helicon')}`),
    };
    const buildFile = path.join(outDir, 'build.json');
    const previous = existsSync(buildFile) ? JSON.parse(readFileSync(buildFile, 'utf8')) : {};
    const buildSeconds = {};
    withLock(outDir, () => {
        if (!existsSync(out.avalanchego) || previous.commit !== commit) {
            buildSeconds.avalanchego = build({
                pkg: './main',
                output: out.avalanchego,
                cwd: dir,
                env,
                ldflags: `-X github.com/ava-labs/avalanchego/version.GitCommit=${commit}`,
                log,
            });
        }
        const plugin = path.join(out.pluginDir, SUBNET_EVM_VM_ID);
        if (!existsSync(plugin)) {
            mkdirSync(out.pluginDir, { recursive: true });
            buildSeconds.plugin = build({
                pkg: './cmd/subnet-evm-plugin',
                output: plugin,
                cwd: moduleDir,
                env,
                log,
            });
        }
        if (!existsSync(out.l1setup)) {
            buildSeconds.l1setup = build({
                pkg: './cmd/l1setup',
                output: out.l1setup,
                cwd: moduleDir,
                env,
                log,
            });
        }
        if (!existsSync(out.heliconHelper)) {
            buildSeconds.helicon = build({
                pkg: './cmd/helicon',
                output: out.heliconHelper,
                cwd: moduleDir,
                env,
                tags: 'helicon',
                log,
            });
        }
    });
    const built = Object.keys(buildSeconds).length > 0;
    if (built) {
        writeFileSync(
            buildFile,
            JSON.stringify(
                {
                    ref: label,
                    commit,
                    go: tools.version,
                    buildSeconds,
                    at: new Date().toISOString(),
                },
                null,
                2,
            ),
        );
    }
    return {
        version: label,
        ...out,
        commit,
        source: built ? 'built' : 'cache',
        buildSeconds,
    };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
    const argv = process.argv.slice(2);
    const json = argv.includes('--json');
    try {
        const started = Date.now();
        const result = provideFromSource({
            ref: optionValue(argv, '--ref') ?? defaultRef,
            repo: optionValue(argv, '--repo') ?? defaultRepo,
            src: optionValue(argv, '--src'),
            libevmRepo: optionValue(argv, '--libevm'),
            log: (line) =>
                (json ? process.stderr : process.stdout).write(`[avalanchego-source] ${line}\n`),
        });
        if (json) console.log(JSON.stringify(result));
        else {
            console.log(
                `avalanchego ${result.version} at ${result.commit} (${result.source}): ${result.avalanchego}`,
            );
            console.log(`Subnet-EVM plugin dir: ${result.pluginDir}`);
            console.log(`l1setup: ${result.l1setup}`);
            console.log(`Helicon helper: ${result.heliconHelper}`);
            console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
    } catch (error) {
        console.error(error instanceof ProvideError ? `ERROR: ${error.message}` : error);
        process.exit(1);
    }
}
