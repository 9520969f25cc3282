/**
 * Small measuring kit shared by the benchmark scripts: runs a contestant sequentially or at a
 * fixed concurrency, and reports requests per second, latency percentiles and the CPU time the
 * client process spent per call. Rounds interleave the contestants in balanced orders, so that a
 * busy neighbour on a shared machine hurts all of them alike, and comparisons are made between
 * measurements of the same round.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { Worker } from 'node:worker_threads';

import type { SandboxOptions, SandboxUrls, KnownIds } from '../test/sandbox/types';

export interface Measurement {
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    /** CPU time (user + system) of this process per call, in microseconds. */
    cpuUsPerCall: number;
}

export type Call = () => Promise<unknown>;

/** Runs `total` calls with `concurrency` workers; each latency is measured around one call. */
export async function measure(
    call: Call,
    total: number,
    concurrency: number,
): Promise<Measurement> {
    const latencies = new Float64Array(total);
    let next = 0;
    const cpuBefore = process.cpuUsage();
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
    const cpu = process.cpuUsage(cpuBefore);
    const sorted = Array.from(latencies).sort((a, b) => a - b);
    return {
        requestsPerSecond: (total / elapsedMs) * 1000,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        cpuUsPerCall: (cpu.user + cpu.system) / total,
    };
}

export function percentile(sorted: readonly number[], q: number): number {
    if (sorted.length === 0) return Number.NaN;
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
    return sorted[index]!;
}

/** The middle value; with an even count, the mean of the two middle ones (neither flatters). */
export function median(values: readonly number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const n = sorted.length;
    if (n === 0) return Number.NaN;
    return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/**
 * Half the interquartile range relative to the median, in percent: how much the middle half of
 * the rounds disagreed. Shown as `±x%`; unlike max - min it is not set by a single round in
 * which a neighbour process took the CPU.
 */
export function iqrPercent(values: readonly number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const m = percentile(sorted, 0.5);
    if (m === 0 || sorted.length === 0) return 0;
    return ((percentile(sorted, 0.75) - percentile(sorted, 0.25)) / 2 / m) * 100;
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
export async function startSandboxWorker(options: SandboxOptions = {}): Promise<{
    urls: SandboxUrls;
    known: Record<'mainnet' | 'fuji', KnownIds>;
    stop: () => Promise<void>;
}> {
    const worker = new Worker(path.join(__dirname, 'sandboxWorker.js'), { workerData: options });
    const ready = await new Promise<{
        urls: SandboxUrls;
        known: Record<'mainnet' | 'fuji', KnownIds>;
    }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
    });
    return {
        ...ready,
        stop: async () => {
            await worker.terminate();
        },
    };
}

/** Prints a Markdown table with aligned columns. */
export function markdownTable(
    header: readonly string[],
    rows: readonly (readonly string[])[],
): string {
    const widths = header.map((h, i) =>
        Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
    );
    const line = (cells: readonly string[]): string =>
        `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    return [
        line(header),
        `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
        ...rows.map(line),
    ].join('\n');
}

/** A sandbox in a child process (see sandboxProcess.ts). */
export interface SandboxProcess {
    urls: SandboxUrls;
    known: Record<'mainnet' | 'fuji', KnownIds>;
    pid: number | undefined;
    stop: () => Promise<void>;
}

const hasTaskset = (): boolean =>
    process.platform === 'linux' && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;

/**
 * Starts the sandbox in a child process, pinned to `cpu` when given (Linux `taskset`). A process
 * of its own, rather than a worker thread, keeps the server's CPU time and garbage out of the
 * figures of the client process, and lets the two be pinned to different cores.
 */
export async function startSandboxProcess(
    options: SandboxOptions = {},
    placement: { cpu?: number | undefined; nice?: number | undefined } = {},
): Promise<SandboxProcess> {
    const script = path.join(__dirname, 'sandboxProcess.js');
    const args = [script, JSON.stringify(options)];
    const pin = placement.cpu !== undefined && hasTaskset();
    const child: ChildProcess = pin
        ? spawn('taskset', ['-c', String(placement.cpu), process.execPath, ...args], {
              stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          })
        : spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ready = await new Promise<{
        urls: SandboxUrls;
        known: Record<'mainnet' | 'fuji', KnownIds>;
    }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as never));
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`the sandbox process exited (${code})`)));
    });
    if (placement.nice !== undefined && child.pid !== undefined) setNice(child.pid, placement.nice);
    const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
    });
    return {
        ...ready,
        pid: child.pid,
        stop: async () => {
            if (child.connected) child.disconnect();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(timer);
        },
    };
}

/**
 * Where the benchmark runs: raises this process and the sandbox above the neighbours' priority
 * when allowed (BENCH_NICE, default -10), so that a compiler running next to the benchmark
 * disturbs it less. BENCH_PIN=1 also pins this process to one core and the sandbox to another;
 * that is off by default because on a 2-core machine shared with other work it measured slower
 * and noisier: a pinned process cannot move away from a busy neighbour, and its own GC threads
 * then compete with it. Returns what was done, for the report.
 */
export function placeBenchmark(): {
    clientCpu?: number;
    sandboxCpu?: number;
    nice?: number;
    note: string;
} {
    const cpus = os.cpus().length;
    const notes: string[] = [];
    const result: { clientCpu?: number; sandboxCpu?: number; nice?: number; note: string } = {
        note: '',
    };
    if (process.env['BENCH_PIN'] === '1' && cpus >= 2 && hasTaskset()) {
        result.clientCpu = 0;
        result.sandboxCpu = cpus - 1;
        spawnSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
        notes.push(`client pinned to cpu 0, sandbox to cpu ${cpus - 1}`);
    } else {
        notes.push('no CPU pinning');
    }
    const nice = Number(process.env['BENCH_NICE'] ?? -10);
    if (nice !== 0 && setNice(process.pid, nice)) {
        result.nice = nice;
        notes.push(`nice ${nice}`);
    }
    result.note = notes.join(', ');
    return result;
}

function setNice(pid: number, nice: number): boolean {
    try {
        os.setPriority(pid, nice);
        return true;
    } catch {
        return false; // Not allowed for this user: the run goes on at normal priority.
    }
}

/**
 * Returns a full garbage collection, run between measurements so that garbage left by generating
 * the inputs (or by the previous contestant) is not collected on the next contestant's clock.
 * Node exposes `gc` only behind a flag, which a plain `node script.js` run does not pass, hence
 * the flag set at run time (only when a benchmark runs, not when tests import its generators).
 */
export function exposeGarbageCollector(): () => void {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
}

/**
 * Whether sequential rounds run with the client and its server on one CPU (`onOneCpu`), in words
 * for the report.
 */
export function sequentialPlacement(): string {
    return oneCpuAvailable()
        ? `sequential calls with the client and its server on one CPU (${oneCpu()})`
        : 'sequential calls on the CPUs the scheduler chose';
}

const oneCpuAvailable = (): boolean => process.env['BENCH_ONE_CPU'] !== '0' && hasTaskset();
const oneCpu = (): string => String(os.cpus().length - 1);

/**
 * Runs `body` with the main thread of this process and of each of `pids` on one CPU, then puts
 * them back on the CPUs they had. This is for sequential calls over loopback, where the caller and
 * the server take turns and never run at the same time. On a virtual machine of two vCPUs (the
 * project's), a round trip was fast when the scheduler had both processes on one vCPU and half
 * again as slow when a wake-up crossed to the other (0.12 vs 0.19–0.25 ms for `getTransaction`
 * when measured, with the collection before every block that `interleave` ran then). The
 * placement changed every few hundred milliseconds, so one contestant's blocks ran at 2,800 or at
 * 7,300 calls a second, and the ratios of two contestants in the same round spread by ±25%. With
 * both main threads on one CPU, a contestant's blocks agreed within ±4–9%; the round trip, now
 * 0.08 ms, is the machine's limit, against which a client's own work shows most. The helper
 * threads (the collector's, libuv's) stay free: pinned with them, they took the CPU from the
 * server for 3 ms at a time. Without Linux `taskset`, or with BENCH_ONE_CPU=0, it runs `body` as
 * it is.
 */
export async function onOneCpu<T>(pids: readonly number[], body: () => Promise<T>): Promise<T> {
    if (!oneCpuAvailable()) return body();
    const all = [process.pid, ...pids];
    const before = all.map((pid) => [pid, affinityList(pid)] as const);
    for (const pid of all)
        spawnSync('taskset', ['-cp', oneCpu(), String(pid)], { stdio: 'ignore' });
    try {
        return await body();
    } finally {
        for (const [pid, list] of before)
            if (list) spawnSync('taskset', ['-a', '-cp', list, String(pid)], { stdio: 'ignore' });
    }
}

/** A process's CPU affinity as taskset writes it ("0,1", "0-3"), or undefined if unreadable. */
function affinityList(pid: number): string | undefined {
    const out = spawnSync('taskset', ['-cp', String(pid)], { encoding: 'utf8' }).stdout ?? '';
    return /affinity list:\s*(\S+)/.exec(out)?.[1];
}

/**
 * The running orders of `n` contestants, one per round, as a Williams design: over its rounds (n,
 * or 2n when n is odd), each contestant runs once in every position and right after every other
 * contestant equally often. A block leaves work behind for the one after it (garbage to collect,
 * finalizers of the streams `fetch` made, sockets the server is still closing). Rotating the
 * order, as this did before, kept who follows whom fixed: the Data API client always ran after
 * global `fetch` and came out 3–4% slower there than after bare undici; the JSON-RPC bench's bare
 * undici always ran after viem.
 */
export function balancedOrders(n: number): number[][] {
    // First row 0, n-1, 1, n-2, 2, …: for even n its steps (mod n) are all different, so the rows
    // made by adding r to it put each contestant right after each other one once. For odd n
    // they put each after only half of the others (twice), and the reversed rows after the rest.
    const first: number[] = [];
    for (let low = 0, high = n - 1; first.length < n;) {
        first.push(low++);
        if (first.length < n) first.push(high--);
    }
    const rows = Array.from({ length: n }, (_, r) => first.map((c) => (c + r) % n));
    return n % 2 === 0 ? rows : [...rows, ...rows.map((row) => [...row].reverse())];
}

/** One contestant of an interleaved comparison. */
export interface Contestant {
    name: string;
    call: Call;
    /** Share of the round's calls this contestant makes (a slow one needs fewer for the same rate). */
    callShare?: number;
}

export interface InterleaveOptions {
    rounds: number;
    calls: number;
    concurrency: number;
    warmupCalls?: number;
    label?: string;
    /**
     * The server's processes: when the calls are sequential, the rounds run with them and this
     * process on one CPU (`onOneCpu`).
     */
    serverPids?: readonly (number | undefined)[];
}

/**
 * Runs every contestant `rounds` times, `calls` calls at `concurrency`, in the orders of
 * `balancedOrders`, after a warm-up of each. Returns the measurements per contestant, index =
 * round.
 */
export async function interleave(
    contestants: readonly Contestant[],
    options: InterleaveOptions,
): Promise<Map<string, Measurement[]>> {
    const pids = options.serverPids?.filter((pid): pid is number => pid !== undefined);
    if (pids && options.concurrency === 1)
        return onOneCpu(pids, () => interleaveHere(contestants, options));
    return interleaveHere(contestants, options);
}

async function interleaveHere(
    contestants: readonly Contestant[],
    options: InterleaveOptions,
): Promise<Map<string, Measurement[]>> {
    const results = new Map<string, Measurement[]>(contestants.map((c) => [c.name, []]));
    const callsOf = (c: Contestant): number =>
        Math.max(20, Math.ceil(options.calls * (c.callShare ?? 1)));
    const orders = balancedOrders(contestants.length);
    for (const c of contestants)
        await measure(c.call, options.warmupCalls ?? callsOf(c), options.concurrency);
    // One full collection after the warm-ups, none between blocks. A block leaves its garbage
    // to be collected on the clock of the next one, but the balanced orders put every contestant
    // after each other equally often. A full collection before every block, as this ran before,
    // put every block in the state just after one, which lasted beyond a block of 100 calls: the
    // parsers zod generates (`z.compile`) ran three times slower there, and the JSON-RPC client's
    // `platform.getCurrentValidators` took 0.50 ms a call instead of 0.35 ms, at 500 µs of CPU
    // instead of 156, where bare undici lost far less. A collection every 50 ms is no state
    // a client is in.
    exposeGarbageCollector()();
    for (let round = 0; round < options.rounds; round++) {
        const order = orders[round % orders.length]!.map((i) => contestants[i]!);
        for (const c of order)
            results.get(c.name)!.push(await measure(c.call, callsOf(c), options.concurrency));
        if (options.label)
            process.stderr.write(`\r${options.label}: round ${round + 1}/${options.rounds}   `);
    }
    if (options.label) process.stderr.write('\n');
    return results;
}

/** Medians over rounds of each figure, with the spread of the rate. */
export interface Summary {
    requestsPerSecond: number;
    spreadPercent: number;
    p50Ms: number;
    p99Ms: number;
    cpuUsPerCall: number;
    rounds: number;
}

export function summarize(ms: readonly Measurement[]): Summary {
    const rates = ms.map((m) => m.requestsPerSecond);
    return {
        requestsPerSecond: median(rates),
        spreadPercent: iqrPercent(rates),
        p50Ms: median(ms.map((m) => m.p50Ms)),
        p99Ms: median(ms.map((m) => m.p99Ms)),
        cpuUsPerCall: median(ms.map((m) => m.cpuUsPerCall)),
        rounds: ms.length,
    };
}

/**
 * A ratio of rates measured in the same rounds: the median of the per-round ratios a/b, with
 * its spread. Pairing by round cancels most of the load that other processes put on the
 * machine, which moves both contestants of a round together.
 */
export function pairedRatio(
    a: readonly Measurement[],
    b: readonly Measurement[],
): { ratio: number; spreadPercent: number } {
    const ratios = a.map((m, i) => m.requestsPerSecond / b[i]!.requestsPerSecond);
    return { ratio: median(ratios), spreadPercent: iqrPercent(ratios) };
}

/**
 * Places this process (`placeBenchmark`), starts the seeded sandbox in a process of its own and
 * runs `body` against it; the sandbox stops however `body` ends.
 */
export async function withBenchSandbox(
    body: (sandbox: SandboxProcess, placementNote: string) => Promise<void>,
): Promise<void> {
    const placement = placeBenchmark();
    const sandbox = await startSandboxProcess(
        { seed: 1 },
        { cpu: placement.sandboxCpu, nice: placement.nice },
    );
    try {
        await body(sandbox, placement.note);
    } finally {
        await sandbox.stop();
    }
}

/**
 * One contestant's figures in a set of interleaved rounds: the table cells (req/s, spread, p50,
 * p99, CPU per call, ratio to bare undici paired by round) and the same as JSON fields.
 */
export function contestantFigures(
    of: (name: string) => readonly Measurement[],
    name: string,
    bareName: string,
): { cells: string[]; fields: Record<string, unknown> } {
    const r = summarize(of(name));
    const vsBare = pairedRatio(of(name), of(bareName));
    return {
        cells: [
            name,
            r.requestsPerSecond.toFixed(0),
            `±${r.spreadPercent.toFixed(0)}%`,
            r.p50Ms.toFixed(3),
            r.p99Ms.toFixed(3),
            r.cpuUsPerCall.toFixed(0),
            `${vsBare.ratio.toFixed(2)} ±${vsBare.spreadPercent.toFixed(0)}%`,
        ],
        fields: {
            contestant: name,
            ...r,
            vsBareUndici: vsBare.ratio,
            vsBareSpreadPercent: vsBare.spreadPercent,
        },
    };
}

/** The machine, in one line, with the load average that tells how busy it was. */
export function machineLine(): string {
    const cpus = os.cpus();
    const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, load average ${load}`;
}

/** bench/results/ of the repository (scripts run from out/bench/). */
export const resultsDir = path.join(__dirname, '..', '..', 'bench', 'results');

/** Writes `<name>.md` and `<name>.json` into bench/results/ (each written whole, then renamed). */
export function writeResults(name: string, markdown: string, json: unknown): void {
    fs.mkdirSync(resultsDir, { recursive: true });
    const write = (file: string, text: string): void => {
        const target = path.join(resultsDir, file);
        fs.writeFileSync(`${target}.tmp`, text);
        fs.renameSync(`${target}.tmp`, target);
    };
    write(`${name}.md`, `${markdown.trimEnd()}\n`);
    write(`${name}.json`, `${JSON.stringify(json, null, 2)}\n`);
}

/** One row of a part's table of checks; `budget` absent means for information. */
export interface BenchCheck {
    readonly name: string;
    /** The row's stable id, which the README's short table picks it by (scripts/benchReport.mjs). */
    readonly key?: string | undefined;
    readonly value: number;
    readonly unit: string;
    readonly spreadPercent?: number | undefined;
    readonly budget?: number | undefined;
    readonly passed?: boolean | undefined;
    /** Without a budget: a word the figures decide (a scaling row's "linear"), shown after INFO. */
    readonly verdict?: string | undefined;
    readonly detail?: string | undefined;
}

/** A check of measured `values`: their median against `budget` (none: for information). */
export function timedCheck(
    name: string,
    values: readonly number[],
    unit: string,
    budget?: number,
    detail?: string,
): BenchCheck {
    const value = median(values);
    return {
        name,
        value,
        unit,
        spreadPercent: iqrPercent(values),
        ...(budget !== undefined ? { budget, passed: value <= budget } : {}),
        ...(detail ? { detail } : {}),
    };
}

/**
 * Prints and writes a part that reports a list of checks: the introduction, the machine line and
 * the table (measure, median, spread, budget, verdict, detail) as Markdown, and the checks with
 * `extra` as JSON. `figure` writes a check's value with its unit.
 */
export function writeChecks(
    name: string,
    intro: string,
    checks: readonly BenchCheck[],
    figure: (check: BenchCheck) => string,
    extra: Record<string, unknown> = {},
    machineNote = '',
): void {
    const rows = checks.map((c) => [
        c.name,
        figure(c),
        c.spreadPercent !== undefined ? `±${c.spreadPercent.toFixed(0)}%` : '',
        c.budget !== undefined ? `≤ ${c.budget} ${c.unit}` : '',
        c.budget === undefined
            ? c.verdict
                ? `INFO: ${c.verdict}`
                : 'INFO'
            : c.passed
              ? 'PASS'
              : 'MISS',
        c.detail ?? '',
    ]);
    const stamp = new Date().toISOString();
    const machine = machineLine();
    const text = [
        intro,
        `Machine: ${machine}${machineNote}. Taken ${stamp}.`,
        '',
        markdownTable(['measure', 'median', 'spread', 'budget', 'verdict', 'detail'], rows),
    ].join('\n');
    console.log(text);
    writeResults(name, text, { stamp, machine, ...extra, checks });
}

/** Ends a bench script run as a program: exit 0 when `done` resolves, else print and exit 1. */
export function exitWhenDone(done: Promise<unknown>): void {
    done.then(
        () => process.exit(0),
        (error: unknown) => {
            console.error(error);
            process.exit(1);
        },
    );
}
