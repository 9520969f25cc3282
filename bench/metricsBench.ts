/**
 * The metrics path (`npm run bench`, part `metrics`): the real node's `/ext/metrics` page as
 * recorded from avalanchego v1.14.2 with its Subnet-EVM L1 (test/fixtures/realnode/metrics.prom,
 * written by test/realnode/record.ts `--only health`), parsed by the streaming reader alone, and
 * scraped and parsed over loopback HTTP as the dashboard does (the page served by a plain server
 * as the node serves it); one chart update on the host (a scrape recorded into the charts and the
 * hour's snapshot the page is sent); the heap an hour of samples holds for one node.
 *
 * The page's side of a chart update (uPlot's `setData` in the webview) is not measured here: it
 * needs the page in a browser (the e2e tier), which has no dashboard check yet.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import {
    keyCharts,
    metricsParser,
    NodeMetrics,
    NodeRpcClient,
    parsePrometheusText,
    keyFamilies,
} from '../src/core';
import { listenOnLoopback } from '../test/helpers/loopbackServer';
import { type BenchCheck, exitWhenDone, timedCheck, writeChecks } from './harness';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 30);
const pageFile = path.join(__dirname, '../../test/fixtures/realnode/metrics.prom');

async function main(): Promise<void> {
    const page = readFileSync(pageFile);
    const all = parsePrometheusText(page.toString('utf8'), { maxSeries: 1_000_000 });
    const checks: BenchCheck[] = [];
    const sizeKiB = (page.length / 1024).toFixed(0);
    const chunk = 64 * 1024;

    // Parse only, in the chunks a socket delivers.
    const parseMs: number[] = [];
    let kept = 0;
    for (let r = 0; r < rounds + 3; r++) {
        const started = performance.now();
        const parser = metricsParser();
        for (let at = 0; at < page.length; at += chunk) parser.write(page.subarray(at, at + chunk));
        kept = parser.end().kept;
        if (r >= 3) parseMs.push(performance.now() - started);
    }
    checks.push({
        ...timedCheck(
            `parse the real node's page (${sizeKiB} KiB, ${all.series.toLocaleString('en-US')} series)`,
            parseMs,
            'ms',
            10,
            `${kept} series of the dashboard's ${keyFamilies.size} families kept, the rest counted`,
        ),
        key: 'metrics.parse',
    });

    // Scrape and parse over loopback HTTP, as the dashboard does.
    const server = createServer((req, res) => {
        req.resume();
        res.writeHead(200, {
            'content-type': 'text/plain; version=0.0.4; charset=utf-8; escaping=underscores',
        });
        res.end(page);
    });
    const listening = await listenOnLoopback(server);
    const client = new NodeRpcClient({ url: listening.url });
    const metrics = new NodeMetrics(listening.url);
    const scrapeMs: number[] = [];
    for (let r = 0; r < rounds + 3; r++) {
        const started = performance.now();
        const outcome = await metrics.scrape(client);
        if (!outcome.ok) throw outcome.error;
        if (r >= 3) scrapeMs.push(performance.now() - started);
    }
    await client.close();
    await listening.close();
    checks.push({
        ...timedCheck(
            `scrape and parse it over loopback HTTP (${sizeKiB} KiB)`,
            scrapeMs,
            'ms',
            10,
            'one GET of /ext/metrics streamed into the reader, recorded into the charts',
        ),
        key: 'metrics.scrape',
    });

    // One chart update on the host: a scrape's page recorded into every chart, then the hour's
    // snapshot the page is sent.
    const wanted = parsePrometheusText(page.toString('utf8'), {
        maxSeries: 10_000,
        wanted: (f) => keyFamilies.has(f),
    });
    const updating = new NodeMetrics('http://bench');
    for (let k = 0; k < 360; k++) updating.record(wanted, k * 10_000);
    const updateMs: number[] = [];
    for (let r = 0; r < rounds + 3; r++) {
        const started = performance.now();
        updating.record(wanted, (360 + r) * 10_000);
        updating.history.snapshot();
        updating.alerts();
        if (r >= 3) updateMs.push(performance.now() - started);
    }
    checks.push({
        ...timedCheck(
            `one chart update on the host (${keyCharts.length} charts, an hour of rows)`,
            updateMs,
            'ms',
            4,
            'record a scrape into every chart, snapshot the 360 rows for the page, check the thresholds',
        ),
        key: 'metrics.update',
    });

    // The heap an hour of samples of one node holds.
    // Eight nodes, divided: one node's growth is near the heap's own noise (a single
    // measurement once came out negative).
    const nodes = 8;
    gc();
    gc();
    // Typed arrays' stores live outside the V8 heap: both are counted.
    const used = (): number => {
        const m = process.memoryUsage();
        return m.heapUsed + m.arrayBuffers;
    };
    const before = used();
    const hours: NodeMetrics[] = [];
    for (let n = 0; n < nodes; n++) {
        const hour = new NodeMetrics(`http://bench-hour-${n}`);
        for (let k = 0; k < 360; k++) hour.record(wanted, k * 10_000);
        hours.push(hour);
    }
    gc();
    gc();
    const heapMb = (used() - before) / 2 ** 20 / nodes;
    const hour = hours[0]!;
    checks.push({
        name: 'memory of an hour of samples for one node (360 rows)',
        key: 'metrics.hour',
        value: heapMb,
        unit: 'MB',
        budget: 10,
        passed: heapMb <= 10,
        detail: `heap and array-buffer growth after 360 scrapes, per node of ${nodes} (the last scrape's families kept for rates); the ring's typed arrays: ${(hour.history.bytes() / 1024).toFixed(0)} KiB`,
    });

    writeChecks(
        'metrics',
        `Node metrics: the real node's /ext/metrics page (recorded from avalanchego v1.14.2 with a Subnet-EVM L1: ${sizeKiB} KiB, ${all.series.toLocaleString('en-US')} series), parsed by the streaming reader and scraped over loopback HTTP; one chart update on the host; the heap of an hour of samples. Median of ${rounds} rounds.`,
        checks,
        (c) => `${c.value.toFixed(2)} ${c.unit}`,
        { pageBytes: page.length, series: all.series, kept },
    );
}

if (require.main === module) exitWhenDone(main());
