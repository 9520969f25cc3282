#!/usr/bin/env node
// `npm start`: the extension in a real VS Code (code-server) in your browser, against the sandbox
// network (default) or the public endpoints (--public). Prints the URL to open and keeps running
// until Ctrl-C, then stops everything it started. Logs go to .vscode-test/start/.
//
//   npm start [-- --public] [--port N] [--scale large] [--hostile] [--no-admin]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import {
    codeServerVersion,
    endpointSettings,
    ensureCodeServer,
    freePort,
    quietSettings,
    stageExtension,
    startCodeServer,
    vscodeVersion,
} from './codeServer.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stateDir = path.join(root, '.vscode-test', 'start');
const defaultPort = 8765;

const publicUrls = {
    dataApiUrl: 'https://data-api.avax.network',
    metricsUrl: 'https://metrics.avax.network',
    nodeUrl: 'https://api.avax.network',
};

function usage(message) {
    if (message) console.error(message);
    console.error(
        'usage: npm start [-- [--public] [--port N] [--scale small|large] [--hostile] [--no-admin]]\n' +
            '  --public     use the public Data API, Metrics API and api.avax.network (no sandbox)\n' +
            `  --port N     port of the VS Code page (default ${defaultPort}, or a free one)\n` +
            '  --scale      sandbox data size: small (default) or large (>= 10,000 subnets)\n' +
            '  --hostile    the sandbox answers with hostile text in every string field\n' +
            '  --no-admin   the sandbox node has no /ext/admin API',
    );
    process.exit(2);
}

let options;
try {
    options = parseArgs({
        options: {
            public: { type: 'boolean', default: false },
            port: { type: 'string' },
            scale: { type: 'string', default: 'small' },
            hostile: { type: 'boolean', default: false },
            'no-admin': { type: 'boolean', default: false },
            help: { type: 'boolean', short: 'h', default: false },
        },
    }).values;
} catch (error) {
    usage(error.message);
}
if (options.help) usage();
if (options.scale !== 'small' && options.scale !== 'large')
    usage(`--scale must be small or large, not "${options.scale}"`);
const requestedPort = options.port === undefined ? undefined : Number(options.port);
if (
    requestedPort !== undefined &&
    !(Number.isInteger(requestedPort) && requestedPort > 0 && requestedPort < 65536)
) {
    usage(`--port must be a TCP port number, not "${options.port}"`);
}
if (options.public && (options.hostile || options['no-admin'] || options.scale !== 'small')) {
    usage('--hostile, --no-admin and --scale change the sandbox; they do not apply with --public');
}

const stops = [];
let stopping;
function stopAll() {
    stopping ??= (async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
    })();
    return stopping;
}
async function exit(code) {
    await stopAll();
    process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
        console.log('\nStopping...');
        void exit(0);
    });
}

function say(line) {
    console.log(line);
}

/** Runs a build step quietly; its output goes to a log file, shown only when it fails. */
function quietStep(title, command, args, logName, { mustSucceed = true } = {}) {
    say(`- ${title}`);
    const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
    const logFile = path.join(stateDir, logName);
    writeFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0 && mustSucceed) {
        console.error(`${title} failed; see ${path.relative(root, logFile)}:\n`);
        console.error(readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n'));
        process.exit(1);
    }
    return result.status === 0;
}

async function portFree(port) {
    const net = await import('node:net');
    return new Promise((resolve) => {
        const server = net.createServer();
        server.once('error', () => resolve(false));
        server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
}

async function main() {
    mkdirSync(stateDir, { recursive: true });
    quietStep('building the extension', 'npm', ['run', '--silent', 'build'], 'build.log');
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    // Type errors elsewhere do not stop tsc from emitting what this script needs.
    quietStep(
        'compiling the sandbox and the sample workspace',
        process.execPath,
        [tsc, '-p', 'tsconfig.test.json'],
        'tsc.log',
        {
            mustSucceed: false,
        },
    );
    const entry = await ensureCodeServer((line) => say(`  ${line.trim()}`));

    const importOut = async (relative) => {
        const file = path.join(root, 'out', relative);
        if (!existsSync(file))
            throw new Error(`out/${relative} is missing (see .vscode-test/start/tsc.log)`);
        const mod = await import(pathToFileURL(file).href);
        return { ...mod.default, ...mod };
    };
    const { startSandbox } = await importOut('test/sandbox/index.js');
    const { writeSampleWorkspace } = await importOut('test/fixtures/sampleWorkspace.js');

    let urls = publicUrls;
    let sandbox;
    if (options.public) {
        // The sample ids come from the sandbox generator; on the public network they resolve to
        // nothing, which the workspace README says. The sandbox is closed at once.
        const idSource = await startSandbox({});
        writeSampleWorkspace(path.join(stateDir, 'workspace'), idSource.known);
        await idSource.close();
    } else {
        say(
            `- starting the sandbox network (${options.scale}${options.hostile ? ', hostile' : ''}${options['no-admin'] ? ', no admin API' : ''})`,
        );
        sandbox = await startSandbox({
            scale: options.scale,
            settings: { hostile: options.hostile, adminApi: !options['no-admin'] },
        });
        stops.push(() => sandbox.close());
        urls = {
            dataApiUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            nodeUrl: sandbox.nodeUrl,
        };
        writeSampleWorkspace(path.join(stateDir, 'workspace'), sandbox.known);
    }
    const workspaceDir = path.join(stateDir, 'workspace');
    if (options.public) {
        writeFileSync(
            path.join(workspaceDir, 'PUBLIC-NETWORK.md'),
            '# Public network\n\nThis window talks to the public Avalanche endpoints. The ids in the other sample files\n' +
                'come from the local sandbox and do not exist there; paste ids of your own to try hovers.\n\n' +
                '| Id | What |\n| --- | --- |\n' +
                '| `2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM` | X-Chain (mainnet) |\n' +
                '| `2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5` | C-Chain (mainnet) |\n' +
                '| `11111111111111111111111111111111LpoYY` | P-Chain |\n' +
                '| `FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z` | AVAX asset (mainnet) |\n',
        );
    }

    // The profile persists between runs (UI state, API key); settings are rewritten each time so
    // that they point at this run's endpoints.
    const userDataDir = path.join(stateDir, 'user-data');
    const settingsFile = path.join(userDataDir, 'User', 'settings.json');
    let previous = {};
    try {
        previous = JSON.parse(readFileSync(settingsFile, 'utf8'));
    } catch {
        // First run, or a settings file edited into something that is not plain JSON.
    }
    mkdirSync(path.dirname(settingsFile), { recursive: true });
    writeFileSync(
        settingsFile,
        `${JSON.stringify({ ...previous, ...quietSettings, ...endpointSettings(urls) }, null, 4)}\n`,
    );
    const extensionsDir = path.join(stateDir, 'extensions');
    stageExtension(extensionsDir);

    let port = requestedPort;
    if (port === undefined) port = (await portFree(defaultPort)) ? defaultPort : await freePort();
    else if (!(await portFree(port))) {
        console.error(`Port ${port} is in use; pick another with --port N.`);
        await exit(1);
    }
    say(`- starting VS Code (code-server ${codeServerVersion}, VS Code ${vscodeVersion})`);
    const logFile = path.join(stateDir, 'code-server.log');
    const server = await startCodeServer({
        entry,
        port,
        userDataDir,
        extensionsDir,
        folder: workspaceDir,
        logFile,
        stateDir,
    });
    stops.unshift(() => server.stop());
    server.child.on('exit', (code) => {
        if (stopping) return;
        console.error(
            `\ncode-server stopped unexpectedly (exit ${code}); see ${path.relative(root, logFile)}`,
        );
        void exit(1);
    });

    const rel = (p) => path.relative(root, p) || '.';
    say('');
    say('Avalanche Explorer is running in VS Code. Open:');
    say('');
    say(`    ${server.url}/?folder=${encodeURIComponent(workspaceDir)}`);
    say('');
    if (sandbox) {
        say(`  Data API     ${urls.dataApiUrl}   (sandbox)`);
        say(`  Metrics API  ${urls.metricsUrl}`);
        say(`  Node         ${urls.nodeUrl}`);
        say(`  Control      ${urls.dataApiUrl.replace(/\/+$/, '')}/__sandbox/state`);
    } else {
        say(`  Data API     ${urls.dataApiUrl}   (public)`);
        say(`  Metrics API  ${urls.metricsUrl}`);
        say(`  Node         ${urls.nodeUrl}`);
    }
    say(`  Workspace    ${rel(workspaceDir)}/ (regenerated on every start)`);
    say(`  Logs         ${rel(logFile)}, ${rel(path.join(userDataDir, 'logs'))}/`);
    say('');
    say('Press Ctrl-C to stop.');
}

main().catch(async (error) => {
    console.error(`\nnpm start failed: ${error.message ?? error}`);
    await exit(1);
});
