/**
 * `npm run test:electron`: the integration suite under @vscode/test-electron, for desktops that can
 * download VS Code (this project's build machines cannot; they use scripts/hostTest.mjs with
 * VS Code's server build instead). Runs the same suite on the manifest's minimum VS Code and on
 * stable, each in a fresh profile pointed at an in-process sandbox.
 * `AVALANCHE_VSCODE_VERSIONS=stable` (comma-separated) picks other versions.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { runTests } from '@vscode/test-electron';

import { writeSampleWorkspace } from '../fixtures/sampleWorkspace';
import type { TestEnv } from '../integration/testEnv';
import { testEnvVariable } from '../integration/testEnv';
import { startSandbox } from '../sandbox/index';

const root = path.resolve(__dirname, '..', '..', '..');

interface Manifest {
    engines: { vscode: string };
}

function versions(): string[] {
    const fromEnv = process.env['AVALANCHE_VSCODE_VERSIONS'];
    if (fromEnv)
        return fromEnv
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
    const minimum = /\d+\.\d+\.\d+/.exec(manifest.engines.vscode)?.[0];
    if (!minimum) throw new Error(`engines.vscode "${manifest.engines.vscode}" names no version`);
    return [minimum, 'stable'];
}

async function runOn(version: string): Promise<boolean> {
    const runDir = mkdtempSync(path.join(os.tmpdir(), `avalanche-explorer-electron-${version}-`));
    const sandbox = await startSandbox({});
    try {
        const workspaceDir = path.join(runDir, 'workspace');
        const userDataDir = path.join(runDir, 'user-data');
        writeSampleWorkspace(workspaceDir, sandbox.known);
        const quiet = JSON.parse(
            readFileSync(path.join(root, 'test', 'fixtures', 'quietSettings.json'), 'utf8'),
        ) as object;
        mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
        writeFileSync(
            path.join(userDataDir, 'User', 'settings.json'),
            JSON.stringify(
                {
                    ...quiet,
                    'avalanche.dataApi.url': sandbox.dataApiUrl,
                    'avalanche.metricsApi.url': sandbox.metricsUrl,
                    'avalanche.node.selectedUrl': sandbox.nodeUrl,
                },
                null,
                4,
            ),
        );
        const env: TestEnv = {
            dataApiUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            nodeUrl: sandbox.nodeUrl,
            controlUrl: `${sandbox.dataApiUrl.replace(/\/+$/, '')}/__sandbox`,
            known: sandbox.known,
            workspaceDir,
            host: 'electron',
        };
        const envFile = path.join(runDir, 'test-env.json');
        writeFileSync(envFile, JSON.stringify(env, null, 2));
        console.log(
            `\n=== integration suite on VS Code ${version} (desktop, @vscode/test-electron)`,
        );
        await runTests({
            version,
            extensionDevelopmentPath: root,
            extensionTestsPath: path.join(root, 'out', 'test', 'integration', 'index.js'),
            extensionTestsEnv: { [testEnvVariable]: envFile },
            launchArgs: [
                workspaceDir,
                '--disable-extensions',
                '--disable-workspace-trust',
                '--skip-welcome',
                '--skip-release-notes',
                '--user-data-dir',
                userDataDir,
            ],
        });
        return true;
    } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`VS Code ${version}: ${message}`);
        if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET/.test(message)) {
            console.error(
                '  VS Code could not be downloaded. Without internet, "npm run test:integration" runs the\n' +
                    "  same suite in VS Code's server build (code-server from npm).",
            );
        }
        return false;
    } finally {
        await sandbox.close();
        rmSync(runDir, { recursive: true, force: true });
    }
}

async function main(): Promise<void> {
    const results: string[] = [];
    let ok = true;
    for (const version of versions()) {
        const passed = await runOn(version);
        ok &&= passed;
        results.push(`VS Code ${version}: ${passed ? 'passed' : 'FAILED'}`);
    }
    console.log(`\n${results.join('\n')}`);
    process.exit(ok ? 0 : 1);
}

void main();
