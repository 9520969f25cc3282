/**
 * A measuring extension for the real extension host (VS Code's server build), installed by
 * scripts/bench.mjs as `avalanche-explorer.bench-probe` and activated on `*`, that is before
 * Avalanche Explorer (`onStartupFinished`), which runs from a development folder in
 * ExtensionMode.Test. It is also that run's tests module: `run()` holds the extension host until
 * this start's results are written (the workbench stops the host once it resolves). It measures
 * from the outside, without help from the extension under test beyond its debug counters:
 *
 * - Activation: a `Module._load` hook times the require of the extension's main file (what VS
 *   Code calls code loading) and wraps its exported `activate` to time the call (VS Code's
 *   "activate call time"). VS Code's own marks (`code/extHost/willLoadExtensionCode/<id>` …, in
 *   whole milliseconds) are read too, from `globalThis.MonacoPerformanceMarks`.
 * - Idle cost: wrapped `setTimeout`/`setInterval` note every timer whose creation stack passes
 *   through the extension's folder (its bundles and its copy of undici), and count those created
 *   and the runs of their callbacks during a window; the sandbox counts the requests it receives
 *   in that window.
 *
 * Each start writes `<resultsDir>/start-<n>.json`; scripts/bench.mjs reloads the workbench (a
 * reload starts a fresh extension host) and reads them. No import of project code: this file is
 * copied alone into the staged extension.
 */
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import * as inspector from 'node:inspector';
import Module from 'node:module';
import * as path from 'node:path';

import * as vscode from 'vscode';

interface ProbeConfig {
    /** Id of the extension under test, `publisher.name`. */
    extensionId: string;
    /** Its staged folder: timers created by code under it are its timers. */
    extensionDir: string;
    /** Where `start-<n>.json` goes. */
    resultsDir: string;
    /** `<dataApiUrl>/__sandbox`. */
    controlUrl: string;
    /** Which start this is (1-based); the config is rewritten before every reload. */
    start: number;
    /** Idle windows to run in this start, in order. */
    idle: ('fresh' | 'afterViews')[];
    idleWindowMs: number;
    /** Write a CPU profile of code loading and the activate call to this file (to find causes). */
    profileFile?: string;
}

interface TimerRecord {
    createdAtMs: number;
    /** Runs of its callback so far (a refreshed or repeating timer runs more than once). */
    fired: number;
    site: string;
}

const config = JSON.parse(
    readFileSync(path.join(__dirname, 'probe-config.json'), 'utf8'),
) as ProbeConfig;
const mainFile = path.join(config.extensionDir, 'dist', 'extension.js');
const timing: {
    loadMs?: number;
    activateCallMs?: number;
    /** CPU time of the host process during the call (all threads; the call itself is on one). */
    activateCpuMs?: number;
    activateStartedAt?: number;
    /** How the entry point loaded each bundle in this start (src/bootstrap/index.ts `bundleLoads`). */
    bundleLoads?: unknown;
} = {};

// ------------------------------------------------------------------------------------------
// Timers of the extension under test. The global `setTimeout` and `setInterval` are wrapped
// (undici looks them up at call time too); an async hook would see the same timers but turns on
// promise tracking for the whole host, which would slow the very activation being timed.

const timers: TimerRecord[] = [];
const extensionDirPrefix = config.extensionDir + path.sep;

/** The first stack frame inside the extension's folder, or undefined for everyone else's timers. */
function ourSite(): string | undefined {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    const line = stack.split('\n').find((l) => l.includes(extensionDirPrefix));
    return line?.trim().replace(extensionDirPrefix, '');
}

type TimerFunction = (
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
) => unknown;
function wrapTimer(name: 'setTimeout' | 'setInterval'): void {
    const original = globalThis[name] as unknown as TimerFunction;
    const wrapped = function (
        this: unknown,
        callback: unknown,
        ms?: number,
        ...args: unknown[]
    ): unknown {
        const site = typeof callback === 'function' ? ourSite() : undefined;
        if (!site) return original.call(this, callback as (...a: unknown[]) => void, ms, ...args);
        const record: TimerRecord = { createdAtMs: performance.now(), fired: 0, site };
        timers.push(record);
        return original.call(
            this,
            function (this: unknown, ...callbackArgs: unknown[]) {
                record.fired++;
                (callback as (...a: unknown[]) => void).apply(this, callbackArgs);
            },
            ms,
            ...args,
        );
    };
    // Keeps util.promisify(setTimeout) and the like working.
    Object.defineProperties(wrapped, Object.getOwnPropertyDescriptors(original));
    (globalThis as Record<string, unknown>)[name] = wrapped;
}
wrapTimer('setTimeout');
wrapTimer('setInterval');

// ------------------------------------------------------------------------------------------
// Code loading and the activate call.

let session: inspector.Session | undefined;
/** The in-process inspector answers synchronously, so the profile brackets exactly the load. */
function startProfile(): void {
    if (!config.profileFile) return;
    session = new inspector.Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 100 });
    session.post('Profiler.start');
}

function stopProfile(): void {
    const current = session;
    if (!current || !config.profileFile) return;
    session = undefined;
    current.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(config.profileFile!, JSON.stringify(result.profile));
        current.disconnect();
    });
}

const loader = Module as unknown as {
    _load: (request: string, parent: unknown, isMain: boolean) => unknown;
};
const originalLoad = loader._load;
loader._load = function (request, parent, isMain) {
    // VS Code requires an extension's main file by its absolute path; nothing else is touched
    // (resolving every request here would add to the very load being timed).
    const isExtensionMain =
        path.isAbsolute(request) &&
        path.resolve(request).replace(/\.js$/, '') === mainFile.replace(/\.js$/, '');
    if (!isExtensionMain) return originalLoad.call(this, request, parent, isMain);
    startProfile();
    const started = performance.now();
    const exports = originalLoad.call(this, request, parent, isMain) as {
        activate: (...args: unknown[]) => unknown;
        deactivate?: () => unknown;
        bundleLoads?: () => unknown;
    };
    timing.loadMs = performance.now() - started;
    // esbuild's exports are getters; VS Code uses whatever this require returns.
    return {
        ...exports,
        activate(...args: unknown[]): unknown {
            const cpuBefore = process.cpuUsage();
            timing.activateStartedAt = performance.now();
            try {
                return exports.activate(...args);
            } finally {
                timing.activateCallMs = performance.now() - timing.activateStartedAt;
                const cpu = process.cpuUsage(cpuBefore);
                timing.activateCpuMs = (cpu.user + cpu.system) / 1000;
                stopProfile();
                timing.bundleLoads = exports.bundleLoads?.();
            }
        },
        deactivate: exports.deactivate,
    };
};

// ------------------------------------------------------------------------------------------

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(20);
    }
}

interface RecordedRequest {
    service: string;
    url: string;
    operations: string[];
}

async function sandboxRequests(): Promise<RecordedRequest[]> {
    const response = await fetch(`${config.controlUrl}/requests`);
    const body = (await response.json()) as RecordedRequest[] | { requests: RecordedRequest[] };
    const list = Array.isArray(body) ? body : body.requests;
    return list.filter((r) => !r.url.startsWith('/__sandbox'));
}

async function clearSandboxRequests(): Promise<void> {
    await fetch(`${config.controlUrl}/requests`, { method: 'DELETE' });
}

/** Waits until the sandbox has seen no request for `quietMs` (at most `maxMs`). */
async function settle(quietMs: number, maxMs: number): Promise<void> {
    const deadline = Date.now() + maxMs;
    let seen = -1;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
        const count = (await sandboxRequests()).length;
        if (count !== seen) {
            seen = count;
            quietSince = Date.now();
        } else if (Date.now() - quietSince >= quietMs) {
            return;
        }
        await sleep(250);
    }
}

interface IdleResult {
    kind: 'fresh' | 'afterViews';
    windowMs: number;
    requests: number;
    requestSample: string[];
    timersCreated: number;
    timersFired: number;
    timerSites: string[];
    /** Live timers by the extension's own debug counter (ExtensionApi.debug.liveCounts). */
    liveTimersAtStart?: number;
    liveTimersAtEnd?: number;
    /** What the open views did before the window: shows that the counting sees them at all. */
    requestsWhileOpen?: number;
    timersWhileOpen?: number;
}

/** The extension's own count of its live timers (ExtensionApi.debug), when it offers one. */
function liveTimerCount(): number | undefined {
    const api = vscode.extensions.getExtension(config.extensionId)?.exports as
        { debug?: { liveCounts?: () => { timers: number } } } | undefined;
    return api?.debug?.liveCounts?.().timers;
}

async function idleWindow(kind: 'fresh' | 'afterViews'): Promise<IdleResult> {
    let requestsWhileOpen: number | undefined;
    let timersWhileOpen: number | undefined;
    if (kind === 'afterViews') {
        const timersBefore = timers.length;
        await clearSandboxRequests();
        await vscode.commands.executeCommand('workbench.view.extension.avalanche');
        // Every view of the container loads its first rows; the Node view polls while visible.
        await sleep(3000);
        await settle(1500, 20_000);
        requestsWhileOpen = (await sandboxRequests()).length;
        timersWhileOpen = timers.length - timersBefore;
        await vscode.commands.executeCommand('workbench.view.explorer');
        await sleep(1000);
        await settle(1500, 15_000);
    } else {
        await settle(1500, 15_000);
    }
    await clearSandboxRequests();
    const start = performance.now();
    const firedBefore = timers.map((t) => t.fired);
    const liveTimersAtStart = liveTimerCount();
    await sleep(config.idleWindowMs);
    const end = performance.now();
    const liveTimersAtEnd = liveTimerCount();
    const requests = await sandboxRequests();
    let created = 0;
    let fired = 0;
    const sites = new Set<string>();
    timers.forEach((t, i) => {
        const firedInWindow = t.fired - (firedBefore[i] ?? 0);
        const createdInWindow = t.createdAtMs >= start && t.createdAtMs <= end;
        if (createdInWindow) created++;
        fired += firedInWindow;
        if (createdInWindow || firedInWindow > 0) sites.add(t.site);
    });
    return {
        kind,
        windowMs: end - start,
        requests: requests.length,
        requestSample: requests
            .slice(0, 5)
            .map((r) => `${r.service} ${r.url} ${r.operations.join(',')}`),
        timersCreated: created,
        timersFired: fired,
        timerSites: [...sites].slice(0, 10),
        ...(liveTimersAtStart !== undefined ? { liveTimersAtStart } : {}),
        ...(liveTimersAtEnd !== undefined ? { liveTimersAtEnd } : {}),
        ...(requestsWhileOpen !== undefined ? { requestsWhileOpen } : {}),
        ...(timersWhileOpen !== undefined ? { timersWhileOpen } : {}),
    };
}

function writeJson(file: string, value: unknown): void {
    writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2));
    renameSync(`${file}.tmp`, file);
}

interface PerformanceMark {
    name: string;
    startTime: number;
}

function vscodeMarks(): Record<string, number> {
    const marks =
        (
            globalThis as { MonacoPerformanceMarks?: { getMarks(): PerformanceMark[] } }
        ).MonacoPerformanceMarks?.getMarks() ?? [];
    const ours: Record<string, number> = {};
    for (const mark of marks) {
        if (mark.name.endsWith(`/${config.extensionId}`))
            ours[mark.name.split('/')[2] ?? mark.name] = mark.startTime;
    }
    return ours;
}

async function measure(): Promise<void> {
    const file = path.join(config.resultsDir, `start-${config.start}.json`);
    try {
        const extension = vscode.extensions.getExtension(config.extensionId);
        if (!extension) throw new Error(`${config.extensionId} is not installed in this host`);
        await until(() => extension.isActive, 90_000, `${config.extensionId} to activate`);
        const marks = vscodeMarks();
        const activation = {
            loadMs: timing.loadMs,
            activateCallMs: timing.activateCallMs,
            activateCpuMs: timing.activateCpuMs,
            bundleLoads: timing.bundleLoads,
            vscode: {
                codeLoadingMs:
                    marks['didLoadExtensionCode'] !== undefined &&
                    marks['willLoadExtensionCode'] !== undefined
                        ? marks['didLoadExtensionCode'] - marks['willLoadExtensionCode']
                        : undefined,
                activateMs:
                    marks['didActivateExtension'] !== undefined &&
                    marks['willActivateExtension'] !== undefined
                        ? marks['didActivateExtension'] - marks['willActivateExtension']
                        : undefined,
                marks,
            },
            timersCreatedDuringActivation: timers
                .filter(
                    (t) =>
                        timing.activateStartedAt !== undefined &&
                        t.createdAtMs >= timing.activateStartedAt &&
                        t.createdAtMs <= timing.activateStartedAt + (timing.activateCallMs ?? 0),
                )
                .map((t) => t.site),
            pid: process.pid,
        };
        const idle: IdleResult[] = [];
        for (const kind of config.idle) idle.push(await idleWindow(kind));
        writeJson(file, { start: config.start, activation, idle });
    } catch (error) {
        writeJson(file, {
            start: config.start,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
    }
}

let measuring: Promise<void> | undefined;

export function activate(): void {
    measuring = measure();
}

/**
 * The tests module's entry (`extensionTestsPath` names this file): VS Code calls it once the
 * eager extensions, this one included, are active, and stops the host when it resolves, so it
 * resolves once this start's results are written (`measure()` never rejects). The host requires
 * the tests module with Node's `require`, by the path it loaded this extension from, so this is
 * the instance whose `activate()` started measuring.
 */
export function run(): Promise<void> {
    return measuring ?? Promise.reject(new Error('the probe was not activated before its run()'));
}

export function deactivate(): void {
    // The wrapped timers stay: the host is going away.
}
