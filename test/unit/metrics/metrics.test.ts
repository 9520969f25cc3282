/**
 * The metrics path: the streaming Prometheus reader on the real node's page
 * (test/fixtures/realnode/metrics.prom, recorded from avalanchego v1.14.2) and on the format's
 * corners, the Key Metrics charts and their rates over two scrapes of the sandbox node, the hour
 * ring, the alerts, and hostile pages (recorded for the reliability table): an endless page, a
 * million series, label values with markup and bidi characters, NaN and Inf samples.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

import {
    chainLabel,
    describeAlert,
    isResponseTooLargeError,
    keyCharts,
    keyFamilies,
    MetricsHistory,
    metricsParser,
    NodeMetrics,
    NodeRpcClient,
    parsePrometheusText,
    PrometheusTextParser,
    seriesKey,
} from '../../../src/core';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { recorded } from '../../reliability/record';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox/types';
import { repoRoot } from '../../helpers/paths';

/** Characters that must never reach a surface: controls, separators, bidi and invisible marks. */
const unsafeChars = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const realPage = readFileSync(path.join(repoRoot, 'test/fixtures/realnode/metrics.prom'), 'utf8');

describe('(unit) metrics: the Prometheus text reader', () => {
    it('reads the real node page: every family the charts need, types and help', () => {
        const all = parsePrometheusText(realPage, { maxSeries: 1_000_000 });
        assert.ok(all.series > 2_500, `${all.series} series`);
        assert.equal(all.badLines, 0);
        assert.equal(all.kept, all.series);
        const kept = metricsParser();
        kept.write(realPage);
        const parsed = kept.end();
        assert.equal(parsed.series, all.series);
        assert.ok(parsed.kept < 400, `${parsed.kept} kept`);
        for (const family of keyFamilies) {
            assert.ok(parsed.families.has(family), `${family} on the real page`);
        }
        const disk = parsed.families.get('avalanche_resource_tracker_disk_available_percentage')!;
        assert.equal(disk.type, 'gauge');
        assert.equal(disk.help, 'Percentage of database volume available');
        assert.equal(parsed.families.get('avalanche_snowman_polls_successful')?.type, 'counter');
        const chains = parsed.families
            .get('avalanche_snowman_blks_processing')!
            .samples.map((s) => s.labels['chain']);
        assert.ok(chains.includes('C') && chains.includes('P'), chains.join(','));
    });

    it('tells a page cut short (its last line without a line feed) from a whole one', () => {
        assert.equal(parsePrometheusText(realPage, { maxSeries: 10 }).unterminated, false);
        const half = realPage.slice(0, Math.floor(realPage.length / 2));
        const cut = half.endsWith('\n') ? half.slice(0, -1) : half;
        assert.equal(parsePrometheusText(`${cut}<!-- x -->`, { maxSeries: 10 }).unterminated, true);
        assert.equal(parsePrometheusText('a 1\n# EOF', { maxSeries: 10 }).unterminated, false);
    });

    it('reads a page cut into chunks of any size alike, characters split included', () => {
        const text = `# HELP a_total Tëst\n# TYPE a_total counter\na_total{x="é€😀"} 1\n${realPage.slice(0, 20_000)}`;
        const whole = parsePrometheusText(text, { maxSeries: 10_000 });
        const bytes = Buffer.from(text, 'utf8');
        for (const size of [1, 2, 3, 7, 64, 1000]) {
            const parser = new PrometheusTextParser({ maxSeries: 10_000 });
            for (let at = 0; at < bytes.length; at += size)
                parser.write(bytes.subarray(at, at + size));
            const got = parser.end();
            assert.equal(got.series, whole.series, `chunks of ${size}`);
            assert.deepEqual(
                { ...got.families.get('a_total')?.samples[0]?.labels },
                { x: 'é€😀' },
                `chunks of ${size}`,
            );
        }
    });

    it('reads a byte order mark and broken UTF-8 as TextDecoder does, in chunks of any size', () => {
        const bytes = Buffer.concat([
            Buffer.from([0xef, 0xbb, 0xbf]),
            Buffer.from('# TYPE a gauge\na{x="'),
            Buffer.from([0xc3, 0x28, 0xe2, 0x82, 0xf0, 0x9f, 0x98]),
            Buffer.from('é"} 1\nb 2\n'),
        ]);
        const expected = new TextDecoder('utf-8').decode(bytes);
        for (const size of [1, 2, 3, 5, bytes.length]) {
            const parser = new PrometheusTextParser({ maxSeries: 10 });
            for (let at = 0; at < bytes.length; at += size)
                parser.write(bytes.subarray(at, at + size));
            const got = parser.end();
            assert.equal(got.chars, expected.length, `chunks of ${size}`);
            assert.equal(got.badLines, 0, `chunks of ${size}`);
            assert.equal(got.families.get('a')?.type, 'gauge', `chunks of ${size}`);
            assert.equal(
                got.families.get('a')?.samples[0]?.labels['x'],
                expected.slice(expected.indexOf('x="') + 3, expected.indexOf('"}')),
                `chunks of ${size}`,
            );
        }
    });

    it('puts a sample in the family its name has when read: a type declared later moves the later ones', () => {
        // The parser remembers each name's family; a declaration must not leave it stale.
        const page = [
            'h_bucket{le="1"} 1',
            'h_count 1',
            '# TYPE h histogram',
            'h_bucket{le="1"} 2',
            'h_count 2',
            '# TYPE h_count counter',
            'h_count 3',
            'other_total 4',
            '',
        ].join('\n');
        const wanted = new Set(['h', 'h_bucket', 'h_count']);
        for (const limits of [
            { maxSeries: 100 },
            { maxSeries: 100, wanted: (f: string) => wanted.has(f) },
        ]) {
            const parsed = parsePrometheusText(page, limits);
            const values = (family: string): number[] =>
                parsed.families.get(family)?.samples.map((s) => s.value) ?? [];
            assert.deepEqual(values('h_bucket'), [1]);
            assert.deepEqual(values('h'), [2, 2]);
            assert.deepEqual(values('h_count'), [1, 3]);
            assert.deepEqual(values('other_total'), 'wanted' in limits ? [] : [4]);
        }
    });

    it('reads escapes, NaN and Inf, timestamps, exemplars, histograms, quoted names and # EOF', () => {
        const page = [
            '# HELP h A help with a \\\\ backslash and a \\n newline',
            '# TYPE h histogram',
            'h_bucket{le="0.5"} 3',
            'h_bucket{le="+Inf"} 5',
            'h_sum 2.5',
            'h_count 5',
            '# TYPE s summary',
            's{quantile="0.99"} NaN',
            's_sum +Inf',
            's_count -Inf',
            'g{path="C:\\\\dir",q="say \\"hi\\"",n="a\\nb"} 1.5e+09 1700000000000',
            'ex_total{a="b"} 4 # {trace_id="x"} 1',
            '{"my.metric", kind="dotted"} 7',
            'not a sample line',
            '# EOF',
            'after_eof 1',
        ].join('\n');
        const parsed = parsePrometheusText(page, { maxSeries: 100 });
        const h = parsed.families.get('h')!;
        assert.equal(h.type, 'histogram');
        assert.equal(h.help, 'A help with a \\ backslash and a newline');
        assert.deepEqual(
            h.samples.map((s) => [s.name, s.labels['le'], s.value]),
            [
                ['h_bucket', '0.5', 3],
                ['h_bucket', '+Inf', 5],
                ['h_sum', undefined, 2.5],
                ['h_count', undefined, 5],
            ],
        );
        const s = parsed.families.get('s')!;
        assert.ok(Number.isNaN(s.samples[0]!.value));
        assert.equal(s.samples[1]!.value, Infinity);
        assert.equal(s.samples[2]!.value, -Infinity);
        const g = parsed.families.get('g')!.samples[0]!;
        // Label values are inert: the newline becomes a space.
        assert.deepEqual({ ...g.labels }, { path: 'C:\\dir', q: 'say "hi"', n: 'a b' });
        assert.equal(g.value, 1.5e9);
        assert.equal(g.timestampMs, 1_700_000_000_000);
        assert.equal(parsed.families.get('ex_total')!.samples[0]!.value, 4);
        assert.equal(parsed.families.get('my.metric')!.samples[0]!.labels['kind'], 'dotted');
        assert.equal(parsed.badLines, 1);
        assert.ok(!parsed.families.has('after_eof'));
        assert.equal(seriesKey(g), 'g{n="a b",path="C:\\\\dir",q="say \\"hi\\""}');
    });
});

describe('(unit) metrics: charts, rates, history and alerts', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    before(async () => {
        sandbox = await startSandbox();
    });
    after(() => sandbox.close());
    afterEach(() => {
        sandbox.settings.diskFreePercent = 29;
        sandbox.settings.nodeDown = false;
    });

    it('turns two scrapes of the sandbox node into rates, and its page is the real one in shape', async () => {
        const client = new NodeRpcClient({ url: sandbox.nodeUrl });
        const metrics = new NodeMetrics(sandbox.nodeUrl);
        let clock = Date.now();
        const first = await metrics.scrape(client, { now: () => clock });
        assert.ok(first.ok, first.ok ? '' : first.error.message);
        // The rates need a scrape before: none yet.
        assert.deepEqual(metrics.history.latest('acceptedBlocks'), []);
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        clock += 1_100;
        const second = await metrics.scrape(client, { now: () => clock });
        assert.ok(second.ok);
        const blocks = metrics.history.latest('acceptedBlocks');
        assert.ok(blocks.length >= 4, JSON.stringify(blocks));
        assert.ok(
            blocks.every((b) => b.value >= 0 && Number.isFinite(b.value)),
            JSON.stringify(blocks),
        );
        const success = metrics.history.latest('querySuccess');
        assert.ok(
            success.some((p) => p.value === 100),
            JSON.stringify(success),
        );
        assert.deepEqual(metrics.history.latest('diskFree'), [
            { key: 'free', label: 'free', value: 29 },
        ]);
        assert.deepEqual(metrics.alerts(), []);
        await client.close();

        // The sandbox serves every family the charts read, with the real page's type and labels.
        const real = parsePrometheusText(realPage, {
            maxSeries: 100_000,
            wanted: (f) => keyFamilies.has(f),
        });
        const response = await fetch(`${sandbox.nodeUrl}/ext/metrics`);
        assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
        const mine = parsePrometheusText(await response.text(), {
            maxSeries: 100_000,
            wanted: (f) => keyFamilies.has(f),
        });
        for (const family of keyFamilies) {
            const r = real.families.get(family)!;
            const m = mine.families.get(family);
            assert.ok(m, `${family} in the sandbox`);
            assert.equal(m.type, r.type, family);
            const labels = (f: typeof r): string =>
                [...new Set(f.samples.flatMap((s) => Object.keys(s.labels)))].sort().join(',');
            assert.equal(labels(m), labels(r), `${family} labels`);
        }
    });

    it('raises the page threshold when disk space falls, and a gap when the node is down', async () => {
        const client = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
        const metrics = new NodeMetrics(sandbox.nodeUrl);
        sandbox.settings.diskFreePercent = 8;
        await metrics.scrape(client);
        let alerts = metrics.alerts();
        assert.deepEqual(
            alerts.map((a) => [a.chartId, a.level]),
            [['diskFree', 'warn']],
        );
        sandbox.settings.diskFreePercent = 4;
        await metrics.scrape(client);
        alerts = metrics.alerts();
        assert.deepEqual(
            alerts.map((a) => [a.chartId, a.level]),
            [['diskFree', 'page']],
        );
        assert.equal(describeAlert(alerts[0]!), 'Disk space free 4.00% (page below 5.00%)');
        sandbox.settings.nodeDown = true;
        const down = await metrics.scrape(client);
        assert.equal(down.ok, false);
        assert.equal(metrics.history.lastWasDown, true);
        assert.deepEqual(metrics.alerts(), []);
        const snapshot = metrics.history.snapshot();
        assert.deepEqual(snapshot.up, [true, true, false]);
        const disk = snapshot.charts.find((c) => c.id === 'diskFree')!.lines[0]!;
        assert.deepEqual(disk.values, [8, 4, null]);
        sandbox.settings.nodeDown = false;
        const back = await metrics.scrape(client);
        assert.ok(back.ok);
        await client.close();
    });

    it('does not alert on health checks not yet run after a start: the gauge read as the health report', async () => {
        const client = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
        const metrics = new NodeMetrics(sandbox.nodeUrl);
        const healthCalls = (): number =>
            sandbox.requests.filter((r) => r.operations.includes('health.health')).length;
        const failingAlerts = (alerts: readonly { chartId: string; value: number }[]): number[] =>
            alerts.filter((a) => a.chartId === 'healthFailing').map((a) => a.value);
        try {
            // Nothing past the threshold: the health report is not read.
            sandbox.clearRequests();
            await metrics.scrape(client);
            assert.deepEqual(failingAlerts(await metrics.alertsWithHealth(client)), []);
            assert.equal(healthCalls(), 0);
            // Three checks registered, none run (a node just started): the gauge reads 3, past
            // the page threshold of 2, but none of them has failed.
            sandbox.settings.unrunHealthChecks = ['bls', 'network', 'router'];
            await metrics.scrape(client);
            assert.deepEqual(failingAlerts(metrics.alerts()), [3]);
            assert.deepEqual(failingAlerts(await metrics.alertsWithHealth(client)), []);
            assert.equal(healthCalls(), 1);
            // Three run and failing: the page threshold holds.
            sandbox.settings.unrunHealthChecks = [];
            sandbox.settings.failingHealthChecks = ['bls', 'network', 'router'];
            await metrics.scrape(client);
            const alerts = await metrics.alertsWithHealth(client);
            assert.deepEqual(failingAlerts(alerts), [3]);
            assert.match(describeAlert(alerts[0]!), /^Failing health checks 3 \(page above 2\)$/);
            // A node whose health API does not answer keeps the gauge's alert.
            sandbox.settings.failingHealthChecks = [];
            sandbox.settings.unrunHealthChecks = ['bls', 'network', 'router'];
            await metrics.scrape(client);
            const before = healthCalls();
            const refuse = sandbox.addFault({
                service: 'node',
                target: 'health.health',
                fault: { kind: 'status', status: 404 },
            });
            try {
                assert.deepEqual(failingAlerts(await metrics.alertsWithHealth(client)), [3]);
                assert.equal(healthCalls(), before + 1);
            } finally {
                refuse();
            }
        } finally {
            sandbox.settings.unrunHealthChecks = [];
            sandbox.settings.failingHealthChecks = [];
            await client.close();
        }
    });

    it('keeps one hour in a ring of fixed size, well under 10 MB', () => {
        const history = new MetricsHistory(360);
        const metrics = new NodeMetrics('http://x', 360);
        const page = parsePrometheusText(realPage, {
            maxSeries: 10_000,
            wanted: (f) => keyFamilies.has(f),
        });
        for (let k = 0; k < 400; k++) metrics.record(page, 1_700_000_000_000 + k * 10_000);
        for (let k = 0; k < 400; k++)
            history.add(k * 1000, new Map([['peers', [{ key: 'p', label: 'p', value: k }]]]));
        assert.equal(history.size, 360);
        const snap = history.snapshot();
        assert.equal(snap.times[0], 40);
        assert.equal(snap.charts.find((c) => c.id === 'peers')!.lines[0]!.values[359], 399);
        assert.equal(metrics.history.size, 360);
        assert.ok(metrics.history.bytes() < 10 * 2 ** 20, `${metrics.history.bytes()} bytes`);
        assert.equal(
            chainLabel('2SrUXnexjsSdaUUjYzCJSoZh5mu8bnvceiZkktacFj6Dwxsga').length < 30,
            true,
        );
        assert.equal(keyCharts.length, 20);
    });
});

describe('(unit) metrics: hostile pages', function () {
    this.timeout(60_000);

    it('an endless page is cut at 16 MiB while it streams, and memory stays flat', async () => {
        await recorded('hostile', 'metrics: endless page', async () => {
            let sent = 0;
            const line = Buffer.from('avalanche_network_peers 1\n'.repeat(2_000));
            const server = createServer((req, res) => {
                req.resume();
                res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
                const pump = (): void => {
                    while (res.write(line)) sent += line.length;
                };
                res.on('drain', pump);
                pump();
            });
            const listening = await listenOnLoopback(server);
            try {
                const client = new NodeRpcClient({ url: listening.url });
                const metrics = new NodeMetrics(listening.url);
                const heapBefore = process.memoryUsage().heapUsed;
                const outcome = await metrics.scrape(client);
                const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
                await client.close();
                assert.equal(outcome.ok, false);
                assert.ok(
                    !outcome.ok && isResponseTooLargeError(outcome.error),
                    String(!outcome.ok && outcome.error),
                );
                assert.ok(!outcome.ok && !unsafeChars.test(outcome.error.message));
                assert.ok(metrics.history.lastWasDown);
                assert.ok(heapMb < 32, `heap +${heapMb.toFixed(1)} MB`);
                return {
                    cases: 1,
                    detail: `cut at 16 MiB after ${(sent / 2 ** 20).toFixed(0)} MiB sent; heap +${heapMb.toFixed(1)} MB`,
                };
            } finally {
                await listening.close();
            }
        });
    });

    it('a scrape given up by its caller is not shared with the next one', async () => {
        const server = createServer((req, res) => {
            req.resume();
            setTimeout(() => {
                res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
                res.end(realPage);
            }, 300);
        });
        const listening = await listenOnLoopback(server);
        try {
            const client = new NodeRpcClient({ url: listening.url });
            const metrics = new NodeMetrics(listening.url);
            const controller = new AbortController();
            const first = metrics.scrape(client, { signal: controller.signal });
            controller.abort();
            // Asked again before the first has settled (a panel's Refresh right after a tick).
            const next = metrics.scrape(client);
            await assert.rejects(first, { name: 'AbortError' });
            const second = await next;
            await client.close();
            assert.ok(second.ok);
            assert.equal(metrics.history.size, 1);
        } finally {
            await listening.close();
        }
    });

    it('a page with no metrics (a proxy’s error page) is a failed scrape and a gap, not zeros', async () => {
        const server = createServer((req, res) => {
            req.resume();
            res.writeHead(200, { 'content-type': 'text/html' });
            res.end('<html><body>Bad gateway</body></html>\n');
        });
        const listening = await listenOnLoopback(server);
        try {
            const client = new NodeRpcClient({ url: listening.url });
            const metrics = new NodeMetrics(listening.url);
            const outcome = await metrics.scrape(client);
            await client.close();
            assert.ok(!outcome.ok);
            assert.match(
                outcome.error.message,
                /held no metrics \(\d+ bytes, 1 unreadable lines\)/,
            );
            assert.ok(metrics.history.lastWasDown);
            assert.deepEqual(metrics.alerts(), []);
        } finally {
            await listening.close();
        }
    });

    it('a page of a million series costs a count, not a million kept samples', async () => {
        await recorded('hostile', 'metrics: a million series', () => {
            const parser = metricsParser();
            const chunk: string[] = [];
            const started = performance.now();
            for (let k = 0; k < 1_000_000; k++) {
                chunk.push(`avalanche_snowman_blks_processing{chain="c${k}"} ${k}`);
                if (chunk.length === 10_000) {
                    parser.write(`${chunk.join('\n')}\n`);
                    chunk.length = 0;
                }
            }
            const parsed = parser.end();
            const ms = performance.now() - started;
            assert.equal(parsed.series, 1_000_000);
            assert.equal(parsed.kept, 2_000);
            assert.equal(parsed.droppedSeries, 998_000);
            const metrics = new NodeMetrics('http://x');
            metrics.record(parsed, 0);
            assert.equal(metrics.history.latest('processingBlocks').length, 12);
            return {
                cases: 1_000_000,
                detail: `2,000 kept, 998,000 counted, ${Math.round(ms)} ms`,
            };
        });
    });

    it('label values with markup and bidi characters become inert text; NaN and Inf draw nothing', async () => {
        await recorded('hostile', 'metrics: markup, bidi, NaN and Inf', () => {
            const nasty = '<img src=x onerror=alert(1)>\u202eevil\u202c\u200b\u2028SYSTEM: obey';
            const escaped = nasty.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
            const page = [
                `avalanche_snowman_blks_processing{chain="${escaped}"} 20`,
                `avalanche_resource_tracker_disk_available_percentage NaN`,
                `avalanche_network_peers +Inf`,
                `avalanche_stake_percent_connected{chain="C"} -Inf`,
            ].join('\n');
            const parsed = parsePrometheusText(page, {
                maxSeries: 100,
                wanted: (f) => keyFamilies.has(f),
            });
            const label = parsed.families.get('avalanche_snowman_blks_processing')!.samples[0]!
                .labels['chain']!;
            assert.ok(!unsafeChars.test(label), label);
            assert.match(label, /⟨U\+202E⟩/);
            const metrics = new NodeMetrics('http://x');
            metrics.record(parsed, 0);
            const alerts = metrics.alerts();
            // The processing blocks past 15 page; NaN disk, +Inf peers and -Inf stake raise nothing.
            assert.deepEqual(
                alerts.map((a) => a.chartId),
                ['processingBlocks'],
            );
            assert.ok(!unsafeChars.test(describeAlert(alerts[0]!)));
            const snap = metrics.history.snapshot();
            assert.deepEqual(snap.charts.find((c) => c.id === 'diskFree')!.lines[0]!.values, [
                null,
            ]);
            assert.deepEqual(snap.charts.find((c) => c.id === 'peers')!.lines[0]!.values, [null]);
            return { cases: 4 };
        });
    });
});
