/**
 * A measuring extension for the real extension host (VS Code's server build), staged next to
 * Avalanche Explorer by scripts/bench.mjs as `avalanche-explorer.bench-probe` and activated on
 * `*`, that is before Avalanche Explorer (`onStartupFinished`). It measures from the outside,
 * without help from the extension under test:
 *
 * - Activation: a `Module._load` hook times the require of the extension's main file (what VS
 *   Code calls code loading) and wraps its exported `activate` to time the call (VS Code's
 *   "activate call time"). VS Code's own marks (`code/extHost/willLoadExtensionCode/<id>` …, in
 *   whole milliseconds) are read too, from `globalThis.MonacoPerformanceMarks`.
 * - Idle cost: an async hook notes every timer (`Timeout`) whose creation stack passes through
 *   the extension's folder (its bundles and its copy of undici), and counts those created and
 *   those that fire during a window; the sandbox counts the requests it receives in that window.
 *
 * Each start writes `<resultsDir>/start-<n>.json`; scripts/bench.mjs reloads the workbench (a
 * reload starts a fresh extension host) and reads them. No import of project code: this file is
 * copied alone into the staged extension.
 */
import { createHook } from 'node:async_hooks';
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
    fired: number;
    destroyed: boolean;
    site: string;
}

const config = JSON.parse(
    readFileSync(path.join(__dirname, 'probe-config.json'), 'utf8'),
) as ProbeConfig;
const mainFile = path.join(config.extensionDir, 'dist', 'extension.js');
const timing: { loadMs?: number; activateCallMs?: number; activateStartedAt?: number } = {};

// ------------------------------------------------------------------------------------------
// Timers of the extension under test.

const timers = new Map<number, TimerRecord>();
const extensionDirPrefix = config.extensionDir + path.sep;
let hookBusy = false;
const hook = createHook({
    init(asyncId, type) {
        if (type !== 'Timeout' || hookBusy) return;
        hookBusy = true;
        try {
            const limit = Error.stackTraceLimit;
            Error.stackTraceLimit = 40;
            const stack = new Error().stack ?? '';
            Error.stackTraceLimit = limit;
            const lines = stack.split('\n');
            const ours = lines.find((line) => line.includes(extensionDirPrefix));
            if (ours) {
                timers.set(asyncId, {
                    createdAtMs: performance.now(),
                    fired: 0,
                    destroyed: false,
                    site: ours.trim().replace(extensionDirPrefix, ''),
                });
            }
        } finally {
            hookBusy = false;
        }
    },
    before(asyncId) {
        const record = timers.get(asyncId);
        if (record) record.fired++;
    },
    destroy(asyncId) {
        const record = timers.get(asyncId);
        if (record) record.destroyed = true;
    },
});
hook.enable();

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
    };
    timing.loadMs = performance.now() - started;
    // esbuild's exports are getters; VS Code uses whatever this require returns.
    return {
        ...exports,
        activate(...args: unknown[]): unknown {
            timing.activateStartedAt = performance.now();
            try {
                return exports.activate(...args);
            } finally {
                timing.activateCallMs = performance.now() - timing.activateStartedAt;
                stopProfile();
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
    /** Timers of the extension still pending at the end of the window. */
    timersPending: number;
    /** What opening the views cost before the window, for context. */
    requestsWhileOpen?: number;
}

async function idleWindow(kind: 'fresh' | 'afterViews'): Promise<IdleResult> {
    let requestsWhileOpen: number | undefined;
    if (kind === 'afterViews') {
        await clearSandboxRequests();
        await vscode.commands.executeCommand('workbench.view.extension.avalanche');
        // Every view of the container loads its first rows; the Node view polls while visible.
        await sleep(3000);
        await settle(1500, 20_000);
        requestsWhileOpen = (await sandboxRequests()).length;
        await vscode.commands.executeCommand('workbench.view.explorer');
        await sleep(1000);
        await settle(1500, 15_000);
    } else {
        await settle(1500, 15_000);
    }
    await clearSandboxRequests();
    const start = performance.now();
    const firedBefore = new Map([...timers].map(([id, t]) => [id, t.fired]));
    await sleep(config.idleWindowMs);
    const end = performance.now();
    const requests = await sandboxRequests();
    let created = 0;
    let fired = 0;
    const sites = new Set<string>();
    let pending = 0;
    for (const [id, t] of timers) {
        const firedInWindow = t.fired - (firedBefore.get(id) ?? 0);
        const createdInWindow = t.createdAtMs >= start && t.createdAtMs <= end;
        if (createdInWindow) created++;
        fired += firedInWindow;
        if (createdInWindow || firedInWindow > 0) sites.add(t.site);
        if (!t.destroyed) pending++;
    }
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
        timersPending: pending,
        ...(requestsWhileOpen !== undefined ? { requestsWhileOpen } : {}),
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

async function run(): Promise<void> {
    const file = path.join(config.resultsDir, `start-${config.start}.json`);
    try {
        const extension = vscode.extensions.getExtension(config.extensionId);
        if (!extension) throw new Error(`${config.extensionId} is not installed in this host`);
        await until(() => extension.isActive, 90_000, `${config.extensionId} to activate`);
        const marks = vscodeMarks();
        const activation = {
            loadMs: timing.loadMs,
            activateCallMs: timing.activateCallMs,
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
            timersCreatedDuringActivation: [...timers.values()]
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

export function activate(): void {
    void run();
}

export function deactivate(): void {
    hook.disable();
}
