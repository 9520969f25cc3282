/**
 * "Why did it revert" (core/trace), part `trace` of `npm run bench`: what the engine costs the
 * host between the node's answer and the view model, with test/fixtures/trace-workspace as the
 * workspace and the real node's recorded answers (test/fixtures/trace/answers.json) as the
 * frames' shapes. The step tracer's cost over a million steps is measured on the tracer itself (a
 * real node running such a transaction is not part of the bench).
 *
 * Rows:
 * - a 5,000-frame call tree, from the answer's text to the decoded frames and failures (the
 *   client's JSON parse, `readCallTree`, `decodeFrames`): budget 100 ms;
 * - the same answer to the trace panel's first page as the host posts it (`tracePage`,
 *   `buildView`, the message's JSON): budget 100 ms;
 * - a revert site put on its Solidity line once the artifact's source map is decompressed and the
 *   file read (`locateFailure` with the caches warm): budget 1 ms; and the decompression itself;
 * - the heap a 50,000-frame trace holds once decoded (the most a trace keeps: the tree's cap),
 *   read from an answer of 100,000 frames: budget 50 MB;
 * - the step tracer (`revertSitesTracer`) over a 1,000,000-step transaction, run in V8 with the
 *   calls a node makes: the most state it holds at once, budget 64 KB (bounded by call depth and
 *   its 128-jump rings, not by steps).
 *
 * Environment: BENCH_ROUNDS (default 15), BENCH_PIN and BENCH_NICE (see harness.ts).
 */
import path from 'node:path';

import {
    buildView,
    codeMapOf,
    decodeFrames,
    directoryTraceFiles,
    directoryWorkspaceFiles,
    locateFailure,
    matchFrameCode,
    readCallTree,
    revertSitesTracer,
    tracePage,
    TraceSources,
    WorkspaceKnowledge,
    type ContractKnowledge,
    type TraceReport,
} from '../src/core';
import { recordedTraces } from '../test/helpers/traces';
import {
    type BenchCheck,
    exposeGarbageCollector,
    median,
    placeBenchmark,
    timedCheck,
    writeChecks,
} from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 15);
const workspace = path.join(__dirname, '..', '..', 'test', 'fixtures', 'trace-workspace');
const url = 'http://127.0.0.1:9650/ext/bc/C/rpc';

const recorded = recordedTraces();
/**
 * The heap `build`'s result holds: the growth of the heap, between full collections, from before
 * it is built to while it is held, after one build made and let go first (the decoder's caches
 * and the heap's own sizing grow once, by 20-35 MB, and are not the trace's); and how much the
 * heap grew while it was built. The difference of the heap with the result and after letting it
 * go did not work: V8 kept what it had grown to.
 */
function heldBy(
    gc: () => void,
    build: () => ReturnType<typeof decodeFrames>,
): { peakMb: number; heldMb: number; frames: number } {
    const settle = (): number => {
        for (let i = 0; i < 4; i++) gc();
        return process.memoryUsage().heapUsed;
    };
    build();
    const start = settle();
    const value = build();
    const peak = process.memoryUsage().heapUsed - start;
    const held = settle() - start;
    return { peakMb: peak / 1024 / 1024, heldMb: held / 1024 / 1024, frames: value.frames.length };
}
const chain = recorded.chains.C;

function answerOf(method: string, params: unknown[]): unknown {
    const found = chain.answers[JSON.stringify([method, params])];
    if (!found || !('result' in found)) throw new Error(`nothing recorded for ${method}`);
    return found.result;
}

/** The recorded callTracer frame of a transaction of the C-Chain activity. */
function recordedTree(tx: string): Record<string, unknown> {
    const hash = chain.activity.txs[tx]!.hash;
    return answerOf('debug_traceTransaction', [
        hash,
        { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ]) as Record<string, unknown>;
}

/**
 * A tree of `frames` frames as the real node writes them: the recorded `tryEnter` (a successful
 * call with an event, over a failed chain of three) repeated under one top call, each copy with
 * its own depth argument so that no two calls share a decoding.
 */
function bigTree(frames: number): Record<string, unknown> {
    const unit = recordedTree('tryEnter');
    const perUnit = 4;
    const copies = Math.ceil((frames - 1) / perUnit);
    const calls: unknown[] = [];
    for (let i = 0; i < copies; i++) {
        const copy = JSON.parse(JSON.stringify(unit)) as { input: string; calls?: unknown[] };
        copy.input = `${copy.input.slice(0, -8)}${(i & 0xffffffff).toString(16).padStart(8, '0')}`;
        calls.push(copy);
    }
    return { ...recordedTree('digest'), calls: calls.slice(0, copies) };
}

/** Codes of the recorded contracts, for naming by code. */
function recordedCodes(): Map<string, string> {
    const codes = new Map<string, string>();
    for (const [key, answer] of Object.entries(chain.answers)) {
        const [method, params] = JSON.parse(key) as [string, [string]];
        if (method === 'eth_getCode' && typeof answer.result === 'string')
            codes.set(params[0], answer.result);
    }
    return codes;
}

function decode(text: string, knowledge: ContractKnowledge, codes: Map<string, string>): number {
    const tree = readCallTree(JSON.parse(text), url);
    const decoded = decodeFrames(tree, { knowledge, chainId: '43112', codes });
    return decoded.frames.length + decoded.failures.length;
}

async function main(): Promise<void> {
    const placement = placeBenchmark();
    const gc = exposeGarbageCollector();
    const checks: BenchCheck[] = [];
    const knowledge = await new WorkspaceKnowledge(directoryWorkspaceFiles(workspace)).knowledge();
    const codes = recordedCodes();

    // 1. 5,000 frames, from the answer's text to the view model.
    const text = JSON.stringify(bigTree(5_000));
    const frames = readCallTree(JSON.parse(text), url).frames.length;
    for (let i = 0; i < 3; i++) decode(text, knowledge, codes);
    const decodeMs: number[] = [];
    const decodeCpuMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
        gc();
        const cpu = process.cpuUsage();
        const started = performance.now();
        decode(text, knowledge, codes);
        decodeMs.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        decodeCpuMs.push((used.user + used.system) / 1000);
    }
    checks.push({
        ...timedCheck(
            `${frames.toLocaleString('en-US')}-frame call tree: answer text to decoded frames and failures`,
            decodeMs,
            'ms',
            100,
            `JSON.parse of ${(text.length / 1024 / 1024).toFixed(1)} MB, readCallTree, decodeFrames with the trace workspace's knowledge (${rounds} rounds, a collection before each); CPU ${median(decodeCpuMs).toFixed(0)} ms`,
        ),
        key: 'trace-decode-5000',
    });

    // 1b. The same answer to the trace panel's first page: the view model the host posts (#35).
    const query = {
        source: 'trace' as const,
        network: 'local',
        chainId: '43112',
        hash: chain.activity.txs['tryEnter']!.hash,
    };
    const panelMs: number[] = [];
    let posted = 0;
    let rows = 0;
    for (let r = 0; r < rounds; r++) {
        gc();
        const started = performance.now();
        const tree = readCallTree(JSON.parse(text), url);
        const decoded = decodeFrames(tree, { knowledge, chainId: '43112', codes });
        const report: TraceReport = {
            hash: query.hash,
            chainId: '43112',
            blockNumber: 1,
            status: 'succeeded',
            frames: decoded.frames,
            failures: decoded.failures,
            sources: new Map(),
            stepTrace: { status: 'skipped', reason: 'no call failed' },
            notes: tree.notes,
            cut: tree.cut,
        };
        const { view } = buildView(query, tracePage(report, 0), { network: 'local' });
        posted = JSON.stringify(view).length;
        panelMs.push(performance.now() - started);
        rows = view.main?.rows.length ?? 0;
    }
    checks.push({
        ...timedCheck(
            `trace panel: a ${frames.toLocaleString('en-US')}-frame answer to its first page's view model, as posted`,
            panelMs,
            'ms',
            100,
            `decoding as above, then tracePage and buildView (the failure paths, ${rows} rows of the first page) and the message's JSON (${(posted / 1024).toFixed(0)} KB); the page draws it as any panel's result (host part: first paint of a result)`,
        ),
        key: 'trace-panel-5000',
    });

    // 2. A revert site to its line, the source map decompressed and the file read.
    const sources = new TraceSources(directoryTraceFiles(workspace));
    const enter = readCallTree(recordedTree('enter'), url);
    const sites = answerOf('debug_traceTransaction', [
        chain.activity.txs['enter']!.hash,
        { tracer: revertSitesTracer, timeout: '25s' },
    ]) as { failed: [number, number, number, number, number[]][] };
    const [, depth, pc, op, jumps] = sites.failed[0]!;
    const site = { frame: 2, depth, pc, op, jumps };
    const leafFrame = enter.frames[2]!;
    const matched = await matchFrameCode(leafFrame, codes.get(leafFrame.to!), knowledge, sources);
    if ('reason' in matched) throw new Error(matched.reason);
    const first = await locateFailure(site, matched, sources);
    if (first.status !== 'found') throw new Error(first.reason);
    const lookups = 2_000;
    const lookupMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
        const started = performance.now();
        for (let i = 0; i < lookups; i++) await locateFailure(site, matched, sources);
        lookupMs.push((performance.now() - started) / lookups);
    }
    checks.push({
        ...timedCheck(
            'a revert site to its Solidity line, the source map decompressed and the file read',
            lookupMs,
            'ms',
            1,
            `locateFailure for Leaf's TooDeep (${first.location.file}:${first.location.line}), ${lookups} lookups a round`,
        ),
        key: 'trace-lookup',
    });
    const entryFrame = enter.frames[0]!;
    const entry = await matchFrameCode(entryFrame, codes.get(entryFrame.to!), knowledge, sources);
    const runtime = 'reason' in entry ? undefined : entry.debug.runtime;
    const indexMs: number[] = [];
    for (let r = 0; r < rounds && runtime; r++) {
        // A fresh copy: the map of a code is kept once decompressed.
        const copy = { ...runtime, bytes: Uint8Array.from(runtime.bytes) };
        const started = performance.now();
        codeMapOf(copy);
        indexMs.push(performance.now() - started);
    }
    checks.push({
        ...timedCheck(
            "a source map decompressed with its program counters indexed (once per artifact's code)",
            indexMs,
            'ms',
            undefined,
            `${runtime?.bytes.length ?? 0} bytes of code, ${runtime?.sourceMap.length ?? 0} characters of source map`,
        ),
        key: 'trace-index',
    });

    // 4. The step tracer over a million steps: what it keeps stays bounded. The node runs it in
    // goja; here V8 runs the same text with the calls go-ethereum's JS tracer makes
    // (eth/tracers/js/goja.go), so what is measured is the tracer's own state, not the node's.
    const stepped = runStepTracer(1_000_000);
    checks.push({
        name: 'the step tracer over a 1,000,000-step transaction: the most it keeps at once',
        key: 'trace-steps-1m',
        value: stepped.peakKb,
        unit: 'KB',
        budget: 64,
        passed: stepped.peakKb <= 64 && stepped.steps === 1_000_000,
        detail: `${stepped.steps.toLocaleString('en-US')} steps counted, ${stepped.jumps.toLocaleString('en-US')} of them jumps, 1,000 inner calls of which 10 fail, and the transaction's own call failing; its state (JSON) measured every 10,000 steps; the answer ${(stepped.answerBytes / 1024).toFixed(1)} KB; ${stepped.ms.toFixed(0)} ms in V8 (the struct logger would send every step)`,
    });

    // 3. The heap of the largest trace kept: 50,000 frames decoded, from 100,000 sent.
    const hugeText = JSON.stringify(bigTree(100_000));
    const {
        peakMb,
        heldMb,
        frames: keptFrames,
    } = heldBy(gc, () =>
        decodeFrames(readCallTree(JSON.parse(hugeText), url), {
            knowledge,
            chainId: '43112',
            codes,
        }),
    );
    checks.push({
        name: `heap held by the largest trace kept: ${keptFrames.toLocaleString('en-US')} frames decoded`,
        key: 'trace-heap',
        value: heldMb,
        unit: 'MB',
        budget: 50,
        passed: heldMb <= 50,
        detail: `read from an answer of ${(hugeText.length / 1024 / 1024).toFixed(1)} MB and 100,000 frames (the tree keeps the first 50,000), every fourth frame a call of its own with a caught failure; the heap grew by ${peakMb.toFixed(0)} MB before the parsed answer was collected`,
    });

    writeChecks(
        'trace',
        'The call trace engine (core/trace) over the trace workspace and the real node’s recorded answers: decoding, line lookup and the heap of the largest trace.',
        checks,
        (c) => `${c.value < 10 ? c.value.toFixed(3) : c.value.toFixed(1)} ${c.unit}`,
        { rounds },
        `; ${placement.note}`,
    );
}

interface StepTracer {
    step(log: unknown): void;
    enter(frame: unknown): void;
    exit(frame: unknown): void;
    result(ctx: unknown): unknown;
}

/**
 * `steps` instructions through `revertSitesTracer`: the transaction's call loops (a JUMPI every
 * eighth instruction) and makes 1,000 inner calls of 500 steps, one in a hundred failing, then
 * fails itself. Returns the largest state the tracer held, sampled every 10,000 steps.
 */
function runStepTracer(steps: number): {
    steps: number;
    jumps: number;
    peakKb: number;
    answerBytes: number;
    ms: number;
} {
    // The tracer is the extension's own constant, evaluated as the node evaluates it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const make = new Function(`return (${revertSitesTracer});`) as () => StepTracer;
    const tracer = make();
    let depth = 1;
    let pc = 0;
    let op = 0;
    let jumps = 0;
    const log = {
        getDepth: () => depth,
        getPC: () => pc,
        op: { toNumber: () => op },
    };
    let peak = 0;
    const started = performance.now();
    let inner = 0;
    for (let n = 0; n < steps; n++) {
        const inCall = n % 1_000 >= 500 && n % 1_000 < 1_000 && inner > 0;
        if (n % 1_000 === 500) {
            tracer.enter({});
            depth = 2;
            inner++;
        }
        pc = (n % 8) * 3 + (inCall ? 100 : 0);
        op = n % 8 === 7 ? 0x57 : 0x60;
        if (op === 0x57) jumps++;
        tracer.step(log);
        if (n % 1_000 === 999) {
            const failed = inner % 100 === 0;
            tracer.exit({ getError: () => (failed ? 'execution reverted' : undefined) });
            depth = 1;
        }
        if (n % 10_000 === 0) peak = Math.max(peak, JSON.stringify(tracer).length);
    }
    peak = Math.max(peak, JSON.stringify(tracer).length);
    const answer = JSON.stringify(tracer.result({ error: 'execution reverted' }));
    const ms = performance.now() - started;
    const counted = (JSON.parse(answer) as { steps: number }).steps;
    return { steps: counted, jumps, peakKb: peak / 1024, answerBytes: answer.length, ms };
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
