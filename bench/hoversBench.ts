/**
 * The hovers' budgets, measured inside the real extension host against the sandbox at scale
 * `large`: `node scripts/hostTest.mjs bench hovers` (after `npm run build`).
 *
 * Per identifier kind, through `vscode.executeHoverProvider` (what the editor asks when the pointer
 * rests), over the sample workspace's `hovers/samples.go`:
 * - cold: the live cache and the chain/subnet directories forgotten, so the hover waits for the
 *   Data API and the node (median of several runs); the budget is 40 ms inside the live provider;
 * - warm: the identifier cached; the budget is 2 ms inside the providers (offline part and cached
 *   live part, as the providers time themselves), the round trip through the workbench is shown
 *   for reference.
 * Also: the very first hover (it loads the core bundle), one request for concurrent hovers, and
 * nothing at all for text that is not an identifier.
 *
 * Prints a table and writes bench/results/hovers.{md,json}. `runSuite` has the shape
 * test/host-runner expects, so hostTest.mjs runs it like the integration suite (the extension in
 * ExtensionMode.Test, which is what hands its API to this file).
 */
import * as path from 'node:path';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../src/extension';
import { breakChecksum } from '../test/fixtures/sampleWorkspace';
import { activated } from '../test/integration/helpers';
import {
    clearSandboxRequests,
    sandboxRequests,
    sandboxState,
    testEnv,
} from '../test/integration/testEnv';
import type { SuiteResult } from '../test/integration/index';
import type { KnownIds } from '../test/sandbox/types';
import { median, percentile } from './harness';
import { finishHostBench, hostBenchLog, startHostProfile } from './hostBench';

const coldRuns = 5;
const warmRuns = 30;
const cachedBudgetMs = 2;
/** The first hover after VS Code starts: its offline part, and the whole hover (#19). */
const firstOfflineBudgetMs = 30;
const firstWholeBudgetMs = 150;
/** A cold live lookup inside the live provider (median), every identifier kind (#19). */
const coldBudgetMs = 40;

interface Row {
    kind: string;
    sample: string;
    coldMs: number;
    coldProviderMs: number;
    warmMs: number;
    /** Median and 95th percentile inside the offline provider. */
    warmOffline: string;
    /** The same inside the live provider, answering from the cache. */
    warmLive: string;
    passed: boolean;
    /** Whether the cold live lookup kept within `coldBudgetMs`; undefined when none is made. */
    coldPassed?: boolean;
}

function p95(values: readonly number[]): number {
    return percentile(
        [...values].sort((a, b) => a - b),
        0.95,
    );
}

function samples(k: KnownIds): { kind: string; text: string; live: boolean }[] {
    return [
        { kind: 'EVM address (account)', text: k.evmAddress, live: true },
        { kind: 'EVM address (ERC-20 contract)', text: k.erc20Contract, live: true },
        { kind: 'transaction hash', text: k.evmTxHash, live: true },
        { kind: 'block hash', text: k.evmBlockHash, live: true },
        { kind: 'P-Chain address', text: k.pChainAddress, live: true },
        { kind: 'X-Chain address', text: k.xChainAddress, live: true },
        { kind: 'NodeID (L1 validator)', text: k.l1NodeId, live: true },
        { kind: 'cb58 subnet id', text: k.l1SubnetId, live: true },
        { kind: 'cb58 blockchain id', text: k.l1BlockchainId, live: true },
        { kind: 'cb58 asset id', text: k.xAssetId, live: true },
        { kind: 'cb58 P-Chain tx id', text: k.pChainTxHash, live: true },
        { kind: 'broken EIP-55 checksum', text: breakChecksum(k.evmAddress), live: false },
    ];
}

async function hover(document: vscode.TextDocument, text: string): Promise<number> {
    return (await timedHover(document, text)).ms;
}

/** A hover over `text`: when it was sent, and how long until the command returned. */
async function timedHover(
    document: vscode.TextDocument,
    text: string,
): Promise<{ sentAt: number; ms: number }> {
    const offset = document.getText().indexOf(text);
    if (offset < 0) throw new Error(`${text} is not in ${document.uri.fsPath}`);
    const position = document.positionAt(offset + 2);
    const sentAt = performance.now();
    await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        position,
    );
    return { sentAt, ms: performance.now() - sentAt };
}

/**
 * Waits until the workbench answers a hover over plain text promptly (three in a row under
 * 30 ms, at most 10 s). Just after the file opens, the workbench is still busy with it (and
 * code-server's host with its own port scan): a first hover sent then waited 0.5 to 0.7 s before
 * any provider was asked, a wait no pointer resting on a word meets and no provider can shorten.
 * Returns how long it took.
 */
async function settle(document: vscode.TextDocument): Promise<number> {
    const started = performance.now();
    const deadline = Date.now() + 10_000;
    for (let quick = 0; quick < 3 && Date.now() < deadline;) {
        const asked = performance.now();
        await vscode.commands.executeCommand(
            'vscode.executeHoverProvider',
            document.uri,
            new vscode.Position(0, 0),
        );
        quick = performance.now() - asked < 30 ? quick + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return performance.now() - started;
}

/** The entry module VS Code loaded (a require of the same file returns it from Node's cache). */
function entryOf(extensionPath: string): { bundleLoads(): unknown } {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path.join(extensionPath, 'dist', 'extension.js')) as { bundleLoads(): unknown };
}

const f = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));

function table(rows: readonly Row[]): string {
    return [
        `| kind | cold: round trip (median) | cold: live provider | cold: ≤ ${coldBudgetMs} ms in provider | warm: round trip (median) | warm: offline provider (median / p95) | warm: cached live provider (median / p95) | warm: median ≤ ${cachedBudgetMs} ms in provider |`,
        '|---|---:|---:|---|---:|---:|---:|---|',
        ...rows.map(
            (r) =>
                `| ${r.kind} | ${f(r.coldMs)} ms | ${f(r.coldProviderMs)} ms | ${r.coldPassed === undefined ? 'no lookup' : r.coldPassed ? 'PASS' : 'MISS'} | ${f(r.warmMs)} ms | ${r.warmOffline} | ${r.warmLive} | ${r.passed ? 'pass' : 'FAIL'} |`,
        ),
    ].join('\n');
}

/** Runs the benchmark; never rejects (a crash is a failed check). */
export async function runSuite(): Promise<SuiteResult> {
    const started = Date.now();
    const output = hostBenchLog();
    const { log } = output;
    const failures: SuiteResult['failures'] = [];
    const rows: Row[] = [];
    const extra: {
        name: string;
        value: string;
        budget?: string;
        /** Undefined: shown for information, no budget applies. */
        passed?: boolean;
        /** The row's key for the README's table (scripts/bench.mjs). */
        key?: string;
    }[] = [];
    try {
        const extension = await activated();
        const api = extension.exports as ExtensionApi;
        const engineOf = () => api.hovers.engine;
        const { timings, starts } = api.hovers.testing;
        const state = (await sandboxState()) as { scale?: string };
        log(
            `Hovers benchmark in VS Code ${vscode.version} (extension host pid ${process.pid}), sandbox scale ${state.scale ?? '?'}`,
        );
        const known = testEnv().known.mainnet;
        // A Go file: no language server answers hovers there, so round trips are ours alone.
        const file = path.join(testEnv().workspaceDir, 'hovers', 'samples.go');
        const document = await vscode.workspace.openTextDocument(file);
        await vscode.window.showTextDocument(document);

        // The first hover of the session loads the core bundle (detector, clients, builders).
        const settledMs = await settle(document);
        if (timings.offline.length > 0) throw new Error('settling hovered over an identifier');
        log(`first hover: the workbench settled in ${f(settledMs)} ms after opening the file`);
        await clearSandboxRequests();
        const firstAt = Date.now();
        const profiler = await startHostProfile('first-hover');
        const first = await timedHover(document, known.evmAddress);
        await profiler?.stop();
        for (const r of await sandboxRequests())
            log(
                `first hover: +${r.atMs - firstAt} ms ${r.service} ${r.operations.join(',')} ${r.url}`,
            );
        log(
            `first hover: bundle loads ${JSON.stringify(entryOf(extension.extensionPath).bundleLoads())}`,
        );
        // The budget judges the round trip, which is what a person waits for. The extension's
        // part ends when the live provider hands its hover to VS Code; what comes before the
        // first provider is asked and after that hand-over (VS Code converting the Markdown, the
        // workbench collecting the providers' answers and replying) is the workbench's, shown in
        // a row of its own so that a miss says whose time it is.
        const firstOffline = timings.offline[0] ?? Number.NaN;
        const askedAt = Math.min(
            starts.offline[0] ?? Number.NaN,
            starts.liveLoaded[0] ?? Number.NaN,
        );
        const handedAt =
            (starts.liveLoaded[0] ?? Number.NaN) + (timings.liveLoaded[0] ?? Number.NaN);
        const firstWhole = handedAt - first.sentAt;
        const before = askedAt - first.sentAt;
        const after = first.ms - firstWhole;
        log(
            `first hover: offline provider asked +${f(before)} ms, took ${f(firstOffline)} ms; live provider asked +${f((starts.liveLoaded[0] ?? Number.NaN) - first.sentAt)} ms, handed over +${f(firstWhole)} ms; command returned +${f(first.ms)} ms`,
        );
        extra.push({
            name: 'first hover of the session: offline part (includes loading the core bundle) / whole hover with its cold lookup',
            value: `${f(firstOffline)} ms / ${f(first.ms)} ms`,
            budget: `≤ ${firstOfflineBudgetMs} / ≤ ${firstWholeBudgetMs} ms`,
            passed: firstOffline <= firstOfflineBudgetMs && first.ms <= firstWholeBudgetMs,
            key: 'hover.first',
        });
        extra.push({
            name: "first hover of the session: the extension's part (sent to handed over) / the workbench's own share, before any provider was asked and after the hand-over",
            value: `${f(firstWhole)} ms / ${f(before)} + ${f(after)} ms (round trip ${f(first.ms)} ms)`,
            key: 'hover.firstWorkbench',
        });

        for (const sample of samples(known)) {
            const engine = engineOf();
            const cold: number[] = [];
            const coldProvider: number[] = [];
            for (let run = 0; run < coldRuns; run++) {
                engine.forget();
                const before = timings.liveLoaded.length;
                cold.push(await hover(document, sample.text));
                coldProvider.push(...timings.liveLoaded.slice(before));
            }
            const warm: number[] = [];
            const offlineBefore = timings.offline.length;
            const liveBefore = timings.liveCached.length;
            for (let run = 0; run < warmRuns; run++) warm.push(await hover(document, sample.text));
            const offline = timings.offline.slice(offlineBefore);
            const live = timings.liveCached.slice(liveBefore);
            // Judged on the median: on a shared two-core machine a single run can meet a GC pause
            // or a busy neighbour; the 95th percentile is shown beside it.
            const passed =
                median(offline) <= cachedBudgetMs &&
                (!sample.live || (live.length === warmRuns && median(live) <= cachedBudgetMs));
            rows.push({
                kind: sample.kind,
                sample: sample.text,
                coldMs: median(cold),
                coldProviderMs: sample.live ? median(coldProvider) : 0,
                warmMs: median(warm),
                warmOffline: `${f(median(offline))} / ${f(p95(offline))} ms`,
                warmLive: sample.live ? `${f(median(live))} / ${f(p95(live))} ms` : 'not looked up',
                passed,
                ...(sample.live ? { coldPassed: median(coldProvider) <= coldBudgetMs } : {}),
            });
        }

        // Concurrent hovers over one identifier: one request.
        engineOf().forget();
        await clearSandboxRequests();
        await Promise.all(Array.from({ length: 5 }, () => hover(document, known.evmTxHash)));
        const shared = (await sandboxRequests()).filter((r) =>
            r.operations.includes('getTransaction'),
        ).length;
        extra.push({
            name: '5 concurrent hovers over one transaction: getTransaction requests',
            value: String(shared),
            passed: shared === 1,
        });

        // Text that is not an identifier: no lookup at all.
        const loads = engineOf().stats.loads;
        const plain = await vscode.workspace.openTextDocument({
            content: 'export const samples = 123e4567-e89b-12d3-a456-426614174000;\n',
        });
        const plainMs: number[] = [];
        for (let run = 0; run < warmRuns; run++) plainMs.push(await hover(plain, 'samples'));
        for (let run = 0; run < warmRuns; run++) plainMs.push(await hover(plain, '123e4567'));
        const started2 = engineOf().stats.loads - loads;
        extra.push({
            name: 'hovers over text that is not an identifier: lookups started',
            value: `${started2} (round trip median ${f(median(plainMs))} ms)`,
            passed: started2 === 0,
        });
    } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        failures.push({ title: 'hovers benchmark', message });
        log(`The benchmark failed: ${message}`);
    }
    for (const r of rows.filter((r) => !r.passed)) {
        failures.push({
            title: r.kind,
            message: `a cached hover took more than ${cachedBudgetMs} ms in the providers (median)`,
        });
    }
    for (const r of rows.filter((r) => r.coldPassed === false)) {
        failures.push({
            title: `${r.kind}: cold live lookup`,
            message: `${f(r.coldProviderMs)} ms in the live provider (median), over the ${coldBudgetMs} ms budget`,
        });
    }
    for (const e of extra.filter((e) => e.passed === false))
        failures.push({ title: e.name, message: e.value });
    const markdown = `${table(rows)}\n\n| check | measured | budget | verdict |\n|---|---:|---:|---|\n${extra
        .map(
            (e) =>
                `| ${e.name} | ${e.value} | ${e.budget ?? ''} | ${e.passed === undefined ? 'info' : e.passed ? 'pass' : 'FAIL'} |`,
        )
        .join('\n')}`;
    const notes =
        'Round trip: `vscode.executeHoverProvider` from the extension host through the workbench (code-server in headless Chromium) and back, with every hover provider of the file. Provider times: measured by the two hover providers themselves. Cold: live cache and directories forgotten before each run. Warm: the same identifier again.';
    return finishHostBench(output, {
        name: 'hovers',
        heading: '# Hovers benchmark',
        about: `sandbox scale large, ${coldRuns} cold and ${warmRuns} warm runs per kind.`,
        notes,
        markdown,
        json: { coldRuns, warmRuns, budgetMs: cachedBudgetMs, coldBudgetMs, rows, checks: extra },
        passed:
            rows.filter((r) => r.passed).length +
            rows.filter((r) => r.coldPassed === true).length +
            extra.filter((e) => e.passed === true).length,
        failures,
        started,
    });
}
