/**
 * What the benchmarks run inside the extension host (`node scripts/hostTest.mjs bench trees|hovers`)
 * share: the lines they print (the host has no terminal the runner could read, so the output goes
 * back in the result), and the ending: the table, the "bench: N passed, N failed" line,
 * bench/results/<name>.{md,json}, and the result in the shape test/host-runner expects.
 */
import * as fs from 'node:fs';
import * as inspector from 'node:inspector';
import * as os from 'node:os';
import * as path from 'node:path';

import * as vscode from 'vscode';

import type { SuiteResult } from '../test/integration/index';
import { writeResults } from './harness';

/**
 * With BENCH_PROFILE_DIR set, starts a CPU profile of the extension host (sampled every 100 µs)
 * that `stop()` writes there as `<name>.cpuprofile`; without it, undefined.
 */
export async function startHostProfile(
    name: string,
): Promise<{ stop(): Promise<void> } | undefined> {
    const dir = process.env['BENCH_PROFILE_DIR'];
    if (!dir) return undefined;
    const session = new inspector.Session();
    session.connect();
    const post = (method: string, params?: object) =>
        new Promise<unknown>((resolve, reject) =>
            session.post(method, params, (error, result) =>
                error ? reject(error) : resolve(result),
            ),
        );
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
    return {
        async stop() {
            const { profile } = (await post('Profiler.stop')) as { profile: unknown };
            fs.mkdirSync(dir, { recursive: true });
            fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
            session.disconnect();
        },
    };
}

export interface HostBenchLog {
    readonly lines: string[];
    readonly log: (line?: string) => void;
}

/** Prints a line to the host's console and keeps it for the result. */
export function hostBenchLog(): HostBenchLog {
    const lines: string[] = [];
    return {
        lines,
        log: (line = '') => {
            lines.push(line);
            console.log(line);
        },
    };
}

export interface HostBenchEnd {
    /** File name in bench/results/. */
    readonly name: string;
    /** The Markdown heading of the results file. */
    readonly heading: string;
    /** Said after the time and the machine: the sandbox scale, the number of runs. */
    readonly about: string;
    /** A paragraph before the table, when the figures need explaining. */
    readonly notes?: string;
    readonly markdown: string;
    /** Written after `stamp` and `machine` in the JSON file. */
    readonly json: Record<string, unknown>;
    readonly passed: number;
    readonly failures: SuiteResult['failures'];
    readonly started: number;
}

/** Prints the table and the summary line, writes the results files and returns the result. */
export function finishHostBench({ lines, log }: HostBenchLog, end: HostBenchEnd): SuiteResult {
    log('');
    log(end.markdown);
    const failed = end.failures.length;
    log('');
    log(`bench: ${end.passed} passed, ${failed} failed`);
    try {
        const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, VS Code ${vscode.version}`;
        const stamp = new Date().toISOString();
        const notes = end.notes === undefined ? '' : `${end.notes}\n\n`;
        writeResults(
            end.name,
            `${end.heading}\n\n${stamp}, ${machine}, ${end.about}\n\n${notes}${end.markdown}`,
            { stamp, machine, ...end.json },
        );
    } catch (error) {
        log(`Could not write bench/results: ${String(error)}`);
    }
    return {
        passed: end.passed,
        failed,
        skipped: 0,
        failures: end.failures,
        output: `${lines.join('\n')}\n`,
        durationMs: Date.now() - end.started,
    };
}
