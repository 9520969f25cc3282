/**
 * Small measuring kit shared by the benchmark scripts: runs a contestant sequentially or at a
 * fixed concurrency, and reports requests per second and latency percentiles. Rounds interleave
 * the contestants so that a busy neighbour on a shared machine hurts all of them alike.
 */
import { Worker } from 'node:worker_threads';
import * as path from 'node:path';

import type { SandboxOptions, SandboxUrls, KnownIds } from '../test/sandbox/types';

export interface Measurement {
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
}

export type Call = () => Promise<unknown>;

/** Runs `total` calls with `concurrency` workers; each latency is measured around one call. */
export async function measure(call: Call, total: number, concurrency: number): Promise<Measurement> {
    const latencies = new Float64Array(total);
    let next = 0;
    const started = performance.now();
    async function worker(): Promise<void> {
        while (next < total) {
            const index = next++;
            const t0 = performance.now();
            await call();
            latencies[index] = performance.now() - t0;
        }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsedMs = performance.now() - started;
    const sorted = Array.from(latencies).sort((a, b) => a - b);
    return {
        requestsPerSecond: (total / elapsedMs) * 1000,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
    };
}

export function percentile(sorted: readonly number[], q: number): number {
    if (sorted.length === 0) return Number.NaN;
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
    return sorted[index]!;
}

export function median(values: readonly number[]): number {
    return percentile([...values].sort((a, b) => a - b), 0.5);
}

/** Spread as (max - min) / median, in percent: how much the rounds disagreed. */
export function spreadPercent(values: readonly number[]): number {
    const m = median(values);
    return m === 0 ? 0 : ((Math.max(...values) - Math.min(...values)) / m) * 100;
}

/**
 * Starts the sandbox in a worker thread: the server then has its own event loop (and, on two
 * cores, its own core), so that it does not steal time from the client being measured.
 */
export async function startSandboxWorker(
    options: SandboxOptions = {},
): Promise<{ urls: SandboxUrls; known: Record<'mainnet' | 'fuji', KnownIds>; stop: () => Promise<void> }> {
    const worker = new Worker(path.join(__dirname, 'sandboxWorker.js'), { workerData: options });
    const ready = await new Promise<{ urls: SandboxUrls; known: Record<'mainnet' | 'fuji', KnownIds> }>(
        (resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
        },
    );
    return {
        ...ready,
        stop: async () => {
            await worker.terminate();
        },
    };
}

/** Prints a Markdown table with aligned columns. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: readonly string[]): string =>
        `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
