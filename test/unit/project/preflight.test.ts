import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../helpers/paths';

const rootDir = repoRoot;

interface Missing {
    package: string;
    why: string;
    tiers: string[];
}
interface Preflight {
    missingPackages: (
        tiers: string[],
        options: { env: NodeJS.ProcessEnv; codeServerInstalled: boolean },
    ) => Missing[];
    preflightMessage: (missing: Missing[]) => string;
}

async function preflight(): Promise<Preflight> {
    const url = pathToFileURL(path.join(rootDir, 'scripts', 'preflight.mjs')).href;
    return (await import(url)) as Preflight;
}

describe('(unit) preflight: the system packages of the test tiers', () => {
    let emptyPath: string;
    before(() => {
        emptyPath = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-path-'));
    });
    after(() => rmSync(emptyPath, { recursive: true, force: true }));

    it('names every missing command-line package at once, with one install line', async () => {
        const { missingPackages, preflightMessage } = await preflight();
        // No command on the PATH: every package found by its command is missing (chromium,
        // squid and libkrb5-dev are found by their files, which this machine may have).
        const missing = missingPackages(['unit', 'node', 'integration', 'proxy', 'e2e'], {
            env: { PATH: emptyPath },
            codeServerInstalled: false,
        });
        const names = missing.map((m) => m.package);
        for (const name of ['ripgrep', 'build-essential', 'python3', 'openssl', 'golang-go']) {
            assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
        }
        const message = preflightMessage(missing);
        const installLines = message.split('\n').filter((line) => /apt-get install/.test(line));
        assert.equal(installLines.length, 1, message);
        assert.ok(installLines[0]!.endsWith(` ${names.join(' ')}`), message);
    });

    it('asks only what the requested tiers need', async () => {
        const { missingPackages } = await preflight();
        const env = { PATH: emptyPath, AVALANCHE_SKIP_NODE_TIER: '1' };
        assert.deepEqual(
            missingPackages(['unit'], { env, codeServerInstalled: true }).map((m) => m.package),
            ['openssl'],
        );
        // Once code-server is installed its build tools are no longer needed; without the node
        // tier, neither is Go.
        const names = missingPackages(['integration', 'node'], {
            env,
            codeServerInstalled: true,
        }).map((m) => m.package);
        assert.ok(!names.includes('golang-go') && !names.includes('ripgrep'), names.join(', '));
    });

    it('finds everything on a machine set up by .ci/run (this one)', async () => {
        const { missingPackages } = await preflight();
        const missing = missingPackages(['unit', 'proxy'], {
            env: process.env,
            codeServerInstalled: true,
        });
        assert.deepEqual(
            missing.map((m) => m.package),
            [],
        );
    });
});
