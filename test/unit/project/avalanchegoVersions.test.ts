/**
 * scripts/avalanchego.mjs asks the Go module proxy whether an AvalancheGo release newer than the
 * pin can be built the same way (its graft modules served too). The version order and the choice
 * are pure functions; the asking runs against a real loopback server that speaks the module proxy
 * protocol (/@v/list, /@v/<version>.info), including the answers proxy.golang.org gives for
 * AvalancheGo v1.15.0 (the root module listed, its graft modules 404).
 */
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { listenOnLoopback } from '../../helpers/loopbackServer';
import { repoRoot } from '../../helpers/paths';

interface Verdict {
    newest?: string;
    unserved: { version: string; missing: string[] }[];
    line: string;
}
interface Answer {
    newest?: string;
    line: string;
    cached?: boolean;
    unreachable?: boolean;
}
interface Script {
    AVALANCHEGO_VERSION: string;
    GRAFT_MODULES: string[];
    compareVersions(this: void, a: string, b: string): number;
    newerReleases(pin: string, versions: string[]): string[];
    servableVerdict(
        pin: string,
        versions: string[],
        served: (module: string, version: string) => boolean,
        proxy: string,
    ): Verdict;
    goProxyUrl(setting: string): string | undefined;
    checkNewerServable(options: {
        pin?: string;
        proxy?: string;
        cacheDir?: string;
        now?: Date;
        timeoutMs?: number;
    }): Promise<Answer>;
}

const rootDir = repoRoot;
let script: Script;

/** What proxy.golang.org listed for github.com/ava-labs/avalanchego on 2026-11-28 (a part). */
const listed = [
    'v1.14.2',
    'v1.14.2-firewood',
    'v1.14.2-rc.9',
    'v1.14.3-rc.2',
    'v1.15.0',
    'v1.15.0-fuji-rc.0',
    'v1.15.0-fuji-rc.7',
    'v1.15.0-rc.2',
    'v1.9.17-rc.0',
    'v1.13.5',
];

describe('(unit) scripts/avalanchego.mjs: is a newer AvalancheGo servable?', function () {
    this.timeout(20_000);

    before(async () => {
        script = (await import(
            pathToFileURL(path.join(rootDir, 'scripts/avalanchego.mjs')).href
        )) as Script;
    });

    it('orders versions as semver does: numbers as numbers, a release after its pre-releases', () => {
        const { compareVersions } = script;
        assert.ok(compareVersions('v1.15.0', 'v1.9.17') > 0);
        assert.ok(compareVersions('v1.14.10', 'v1.14.9') > 0);
        assert.ok(compareVersions('v1.15.0', 'v1.15.0-rc.2') > 0);
        assert.ok(compareVersions('v1.15.0-rc.10', 'v1.15.0-rc.2') > 0);
        // Semver compares pre-release identifiers as text: `fuji` before `fuji-rc`. Only
        // releases are candidates, so tags such as these never decide anything.
        assert.ok(compareVersions('v1.15.0-fuji', 'v1.15.0-fuji-rc.7') < 0);
        assert.ok(compareVersions('v1.15.0-fuji-rc.0', 'v1.15.0-rc.2') < 0);
        assert.equal(compareVersions('v1.14.2', 'v1.14.2'), 0);
        assert.ok(compareVersions('nonsense', 'v0.0.1') < 0);
    });

    it('takes only releases newer than the pin as candidates, newest first', () => {
        assert.deepEqual(script.newerReleases('v1.14.2', [...listed, 'v1.15.1', 'v1.15.0']), [
            'v1.15.1',
            'v1.15.0',
        ]);
        assert.deepEqual(script.newerReleases('v1.15.1', listed), []);
    });

    it('picks the newest release whose graft modules are all served, and says why others are not', () => {
        const served = new Set([
            'graft/coreth v1.15.1',
            'graft/subnet-evm v1.15.1',
            'graft/evm v1.15.1',
            'graft/coreth v1.15.2',
        ]);
        const verdict = script.servableVerdict(
            'v1.14.2',
            [...listed, 'v1.15.1', 'v1.15.2'],
            (module, version) => served.has(`${module} ${version}`),
            'https://proxy.example',
        );
        assert.equal(verdict.newest, 'v1.15.1');
        assert.deepEqual(verdict.unserved, [
            { version: 'v1.15.2', missing: ['graft/subnet-evm', 'graft/evm'] },
        ]);
        assert.match(verdict.line, /^newer servable release: v1\.15\.1 .*the pin is v1\.14\.2/);
        assert.match(verdict.line, /AVALANCHEGO_VERSION/);

        const none = script.servableVerdict(
            'v1.14.2',
            listed,
            () => false,
            'https://proxy.example',
        );
        assert.equal(none.newest, undefined);
        assert.equal(
            none.line,
            'the pin v1.14.2 is the newest release https://proxy.example can build ' +
                '(v1.15.0 lacks graft/coreth, graft/subnet-evm, graft/evm)',
        );
        const newest = script.servableVerdict('v1.15.0', listed, () => false, 'https://p');
        assert.equal(newest.line, 'the pin v1.15.0 is the newest release https://p can build');
    });

    it('reads the first HTTP proxy of a GOPROXY setting', () => {
        assert.equal(
            script.goProxyUrl('https://proxy.golang.org,direct'),
            'https://proxy.golang.org',
        );
        assert.equal(script.goProxyUrl('off|http://127.0.0.1:3000/'), 'http://127.0.0.1:3000');
        assert.equal(script.goProxyUrl('direct'), undefined);
        assert.equal(script.goProxyUrl(''), 'https://proxy.golang.org');
    });

    describe('asking a module proxy', () => {
        let cacheDir: string;
        const requests: string[] = [];
        /** Graft module versions the loopback proxy serves. */
        let graftServed = new Set<string>();
        let proxy: { url: string; close(): Promise<void> };

        before(async () => {
            const prefix = '/github.com/ava-labs/avalanchego';
            proxy = await listenOnLoopback(
                createServer((req, res) => {
                    const url = req.url ?? '';
                    requests.push(url);
                    if (url === `${prefix}/@v/list`) {
                        res.end(`${listed.join('\n')}\n`);
                        return;
                    }
                    // Like proxy.golang.org for these modules: no list, a version by name.
                    const info =
                        /^\/github\.com\/ava-labs\/avalanchego\/(.+)\/@v\/(.+)\.info$/.exec(url);
                    if (info && graftServed.has(`${info[1]} ${info[2]}`)) {
                        res.end(JSON.stringify({ Version: info[2] }));
                        return;
                    }
                    res.statusCode = 404;
                    res.end('not found');
                }),
            );
        });
        after(() => proxy.close());
        beforeEach(() => {
            cacheDir = mkdtempSync(path.join(os.tmpdir(), 'avx-proxy-check-'));
            requests.length = 0;
            graftServed = new Set();
        });
        afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

        it('says the pin is the newest servable when v1.15.0 has no graft modules, once a day', async () => {
            const now = new Date('2026-11-28T10:00:00Z');
            const first = await script.checkNewerServable({ proxy: proxy.url, cacheDir, now });
            assert.equal(first.newest, undefined);
            assert.equal(first.cached, undefined);
            assert.match(first.line, /the pin v1\.14\.2 is the newest release/);
            assert.ok(
                requests.includes('/github.com/ava-labs/avalanchego/graft/evm/@v/v1.15.0.info'),
            );
            assert.deepEqual(readdirSync(cacheDir), ['proxy-versions-2026-11-28.json']);

            requests.length = 0;
            const again = await script.checkNewerServable({ proxy: proxy.url, cacheDir, now });
            assert.equal(again.cached, true);
            assert.equal(again.line, first.line);
            assert.deepEqual(requests, [], 'the same day asks nothing');

            const tomorrow = new Date('2026-11-29T10:00:00Z');
            graftServed = new Set(script.GRAFT_MODULES.map((m) => `${m} v1.15.0`));
            const next = await script.checkNewerServable({
                proxy: proxy.url,
                cacheDir,
                now: tomorrow,
            });
            assert.equal(next.newest, 'v1.15.0');
            assert.match(next.line, /^newer servable release: v1\.15\.0/);
        });

        it('never fails when the proxy is unreachable, says so, and asks again next time', async () => {
            const closed = await listenOnLoopback(createServer());
            await closed.close();
            const answer = await script.checkNewerServable({
                proxy: closed.url,
                cacheDir,
                timeoutMs: 2000,
            });
            assert.equal(answer.unreachable, true);
            assert.match(
                answer.line,
                /^could not ask http:\/\/127\.0\.0\.1:\d+ .*ECONNREFUSED.*the pin stays$/,
            );
            assert.equal(
                existsSync(
                    path.join(
                        cacheDir,
                        `proxy-versions-${new Date().toISOString().slice(0, 10)}.json`,
                    ),
                ),
                false,
            );
        });
    });
});
