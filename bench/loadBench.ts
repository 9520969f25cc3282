/**
 * What loading the extension costs a Node process: a process that loads dist/main.js as the entry point does
 * (with a stand-in `vscode` module, see loadChild.ts) against one that only injects the stand-in,
 * as a ratio of wall-clock times from spawn to exit, over interleaved fresh processes. Also the
 * require times measured inside the process, and what the first use adds (dist/core.js: zod, the
 * schemas and the clients). Writes bench/results/load.{md,json}. Run after a production build.
 *
 * Environment: BENCH_LOAD_RUNS (default 15), BENCH_DIST (the bundles' folder, default dist/).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { iqrPercent, machineLine, markdownTable, median, writeResults } from './harness';

const runs = Number(process.env['BENCH_LOAD_RUNS'] ?? 15);
const dist = process.env['BENCH_DIST'] ?? path.join(__dirname, '..', '..', 'dist');
const child = path.join(__dirname, 'loadChild.js');

interface Run {
    wallMs: number;
    extensionMs?: number;
    coreMs?: number;
}

function spawnOnce(mode: string, cacheDir?: string): Run {
    const started = performance.now();
    const args = [child, mode, dist, ...(cacheDir ? [cacheDir] : [])];
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const wallMs = performance.now() - started;
    if (result.status !== 0) throw new Error(`${mode} child failed: ${result.stderr}`);
    return { wallMs, ...(JSON.parse(result.stdout) as Omit<Run, 'wallMs'>) };
}

function main(): void {
    const modes = ['baseline', 'extension', 'core'] as const;
    const results: Record<(typeof modes)[number], Run[]> = {
        baseline: [],
        extension: [],
        core: [],
    };
    spawnOnce('extension'); // warms the file cache
    // What later starts in the extension host do: compile from the code cache a first run wrote.
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-code-cache-'));
    const cached: Run[] = [];
    try {
        spawnOnce('core', cacheDir);
        for (let round = 0; round < runs; round++) {
            // Rotating order, so that no mode always runs right after another.
            for (let i = 0; i < modes.length; i++) {
                const mode = modes[(i + round) % modes.length]!;
                results[mode].push(spawnOnce(mode));
            }
            cached.push(spawnOnce('core', cacheDir));
        }
    } finally {
        rmSync(cacheDir, { recursive: true, force: true });
    }
    const wall = (mode: (typeof modes)[number]): number[] => results[mode].map((r) => r.wallMs);
    const ratios = results.extension.map((r, i) => r.wallMs / results.baseline[i]!.wallMs);
    const requireMs = results.extension.map((r) => r.extensionMs ?? Number.NaN);
    const coreMs = results.core.map((r) => r.coreMs ?? Number.NaN);
    const summary = {
        baselineWallMs: median(wall('baseline')),
        baselineSpreadPercent: iqrPercent(wall('baseline')),
        extensionWallMs: median(wall('extension')),
        extensionSpreadPercent: iqrPercent(wall('extension')),
        ratio: median(ratios),
        ratioSpreadPercent: iqrPercent(ratios),
        requireExtensionMs: median(requireMs),
        requireExtensionSpreadPercent: iqrPercent(requireMs),
        requireCoreMs: median(coreMs),
        requireCoreSpreadPercent: iqrPercent(coreMs),
        cachedExtensionMs: median(cached.map((r) => r.extensionMs ?? Number.NaN)),
        cachedCoreMs: median(cached.map((r) => r.coreMs ?? Number.NaN)),
    };
    const ms = (v: number): string => `${v.toFixed(1)} ms`;
    const rows = [
        [
            'Node process with the stand-in vscode only',
            ms(summary.baselineWallMs),
            `±${summary.baselineSpreadPercent.toFixed(0)}%`,
        ],
        [
            'Node process that loads dist/main.js',
            ms(summary.extensionWallMs),
            `±${summary.extensionSpreadPercent.toFixed(0)}%`,
        ],
        [
            'ratio (paired by round)',
            `${summary.ratio.toFixed(3)}x`,
            `±${summary.ratioSpreadPercent.toFixed(0)}%`,
        ],
        [
            'dist/main.js (no code cache), inside the process',
            ms(summary.requireExtensionMs),
            `±${summary.requireExtensionSpreadPercent.toFixed(0)}%`,
        ],
        [
            'then dist/core.js (no code cache), on first use',
            ms(summary.requireCoreMs),
            `±${summary.requireCoreSpreadPercent.toFixed(0)}%`,
        ],
        ['dist/main.js from the code cache, inside the process', ms(summary.cachedExtensionMs), ''],
        ['then dist/core.js from the code cache', ms(summary.cachedCoreMs), ''],
    ];
    const machine = machineLine();
    const stamp = new Date().toISOString();
    const text = [
        `Loading the extension in a fresh Node process: ${runs} interleaved rounds, medians; spread is half the interquartile range. Wall time from spawn to exit.`,
        `Machine: ${machine}. Taken ${stamp}.`,
        '',
        markdownTable(['measure', 'median', 'spread'], rows),
    ].join('\n');
    console.log(text);
    writeResults('load', text, { machine, stamp, runs, ...summary });
}

main();
