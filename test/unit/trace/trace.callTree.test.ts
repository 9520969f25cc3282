/**
 * The callTracer's answer read into frames (core/trace/callTree.ts) and the failures found in
 * them (frames.ts `findFailures`): the real node's answers recorded in test/fixtures/trace, and
 * hostile ones, as deep as JSON nests, as wide as the answer cap allows, and of the wrong shape.
 * Nothing recurses, everything kept is bounded, and what was left out is said.
 */
import * as assert from 'node:assert/strict';

import { isResponseFormatError } from '../../../src/core/http/errors';
import {
    callTreeLimits,
    findFailures,
    readCallTree,
    readRevertSites,
    revertSitesTracer,
    type CallFrame,
} from '../../../src/core/trace';
import { recordedTraces } from '../../helpers/traces';

const url = 'http://127.0.0.1:9650/ext/bc/C/rpc';

/** The recorded callTracer answer of one transaction. */
function callTracerAnswer(chain: 'C' | 'L1', tx: string): unknown {
    const recorded = recordedTraces().chains[chain];
    const hash = recorded.activity.txs[tx]!.hash;
    const key = JSON.stringify([
        'debug_traceTransaction',
        [hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }],
    ]);
    return recorded.answers[key]!.result;
}

const frame = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    type: 'CALL',
    from: `0x${'1'.repeat(40)}`,
    to: `0x${'2'.repeat(40)}`,
    gas: '0x10',
    gasUsed: '0x5',
    input: '0x',
    value: '0x0',
    ...extra,
});

describe('(unit) trace: the call tree and its failures', () => {
    it("reads the real node's tree of a custom error three calls down", () => {
        const recorded = recordedTraces().chains.C.activity;
        const tree = readCallTree(callTracerAnswer('C', 'enter'), url);
        assert.equal(tree.cut, false);
        assert.deepEqual(tree.notes, []);
        assert.deepEqual(
            tree.frames.map((f) => [f.index, f.parent, f.depth, f.type, f.to, f.children]),
            [
                [0, -1, 0, 'CALL', recorded.entry.toLowerCase(), [1]],
                [1, 0, 1, 'DELEGATECALL', recorded.relay.toLowerCase(), [2]],
                [2, 1, 2, 'CALL', recorded.leaf.toLowerCase(), []],
            ],
        );
        for (const f of tree.frames) {
            assert.equal(f.error, 'execution reverted');
            assert.match(f.output, /^0x23e13a2d/);
            assert.ok(f.gasUsed > 0 && f.gas > f.gasUsed);
            assert.equal(f.value, '0');
        }
        // The caught failure's event is kept (its frame succeeded), in its place among the calls.
        const caught = readCallTree(callTracerAnswer('C', 'tryEnter'), url);
        assert.equal(caught.frames[0]!.error, undefined);
        assert.equal(caught.frames[0]!.logs.length, 1);
        assert.equal(caught.frames[0]!.logs[0]!.position, 1);
        // A failed creation has no address.
        const spawn = readCallTree(callTracerAnswer('L1', 'spawn'), url);
        assert.equal(spawn.frames[1]!.type, 'CREATE');
        assert.equal(spawn.frames[1]!.to, undefined);
        assert.equal(spawn.frames[1]!.revertReason, 'limit must be positive');
    });

    it('finds each failure, the path it took, and who caught it', () => {
        const enter = readCallTree(callTracerAnswer('L1', 'enter'), url);
        const found = findFailures(enter.frames);
        assert.deepEqual(found.failures, [{ rootCause: 2, path: [2, 1, 0], caughtBy: undefined }]);
        assert.deepEqual([...found.roles.entries()].sort(), [
            [0, 'propagated'],
            [1, 'propagated'],
            [2, 'root-cause'],
        ]);
        const caught = findFailures(readCallTree(callTracerAnswer('L1', 'tryEnter'), url).frames);
        assert.deepEqual(caught.failures, [{ rootCause: 3, path: [3, 2, 1], caughtBy: 0 }]);

        // A caller that catches and reverts with an error of its own wraps the failure; one that
        // fails after another call did not fail first; two failures side by side are two.
        const tree = readCallTree(
            frame({
                error: 'execution reverted',
                output: '0xaaaaaaaa',
                calls: [
                    frame({ error: 'out of gas' }),
                    frame({
                        error: 'execution reverted',
                        output: '0xbbbbbbbb',
                        calls: [frame({ error: 'execution reverted', output: '0xcccccccc' })],
                    }),
                ],
            }),
            url,
        );
        const mixed = findFailures(tree.frames);
        assert.deepEqual(mixed.failures, [
            { rootCause: 3, path: [3, 2, 0], caughtBy: undefined },
            { rootCause: 1, path: [1], caughtBy: 0 },
        ]);
        assert.equal(mixed.roles.get(0), 'wrapped');
        assert.equal(mixed.roles.get(2), 'wrapped');
    });

    it('reads a chain of 200,000 nested calls without recursion, keeping the EVM’s 1,024 levels', () => {
        let text = '';
        const depth = 200_000;
        const open = JSON.stringify(frame()).slice(0, -1) + ',"calls":[';
        for (let i = 0; i < depth; i++) text += open;
        text += JSON.stringify(frame());
        for (let i = 0; i < depth; i++) text += ']}';
        const started = performance.now();
        const tree = readCallTree(JSON.parse(text), url);
        const ms = performance.now() - started;
        assert.equal(tree.frames.length, callTreeLimits.maxDepth + 1);
        assert.equal(tree.frames.at(-1)!.depth, callTreeLimits.maxDepth);
        assert.equal(tree.cut, true);
        assert.deepEqual(tree.notes, [
            "Calls nested deeper than the EVM's limit of 1024 levels were left out: no EVM makes them, so the node's answer is wrong.",
        ]);
        assert.ok(ms < 2_000, `${ms} ms`);
    });

    it('keeps the first 50,000 of 100,000 calls, in call order, and says so', () => {
        const calls = Array.from({ length: 100_000 }, (_, i) =>
            frame({ input: `0x${i.toString(16).padStart(8, '0')}` }),
        );
        const tree = readCallTree(frame({ calls }), url);
        assert.equal(tree.frames.length, callTreeLimits.maxFrames);
        assert.equal(tree.frames[1]!.input, '0x00000000');
        assert.equal(tree.frames.at(-1)!.input, `0x${(49_998).toString(16).padStart(8, '0')}`);
        assert.equal(tree.cut, true);
        assert.deepEqual(tree.notes, [
            'The trace has more than 50,000 calls: the first 50,000 in call order are shown.',
        ]);
        assert.equal(tree.frames[0]!.children.length, callTreeLimits.maxFrames - 1);
    });

    it('keeps a frame of the wrong shape as malformed, without its children, and says how many', () => {
        const tree = readCallTree(
            frame({
                calls: [
                    frame({ gas: 12, calls: [frame()] }),
                    frame({ type: 'JUMP' }),
                    'not a frame',
                    frame({ to: '0x1234' }),
                    frame({ error: `\u202e${'x'.repeat(1_000_000)}` }),
                    frame({ logs: Array.from({ length: 3 }, () => ({ address: '0x12' })) }),
                ],
            }),
            url,
        );
        assert.deepEqual(
            tree.frames.map((f) => f.malformed?.split(':')[0]),
            [undefined, 'gas', 'type', 'frame', 'to', undefined, 'logs'],
        );
        assert.equal(tree.frames[1]!.children.length, 0);
        assert.equal(tree.frames.length, 7);
        // The hostile error text is bounded and its direction override shown, not acted on.
        const error = tree.frames[5]!.error!;
        assert.ok(error.startsWith('⟨U+202E⟩'));
        assert.ok(error.length <= callTreeLimits.maxErrorChars);
        assert.deepEqual(tree.notes, [
            "5 calls of the node's answer had an unexpected shape and are shown without detail.",
        ]);
        assert.equal(tree.cut, false);
    });

    it('refuses an answer that is no frame at all', () => {
        for (const answer of [null, 'trace', [], { type: 'CALL' }, 42]) {
            assert.throws(
                () => readCallTree(answer, url),
                (error: unknown) =>
                    isResponseFormatError(error) && /is not a callTracer frame/.test(error.message),
            );
        }
    });

    it('keeps at most 50,000 logs over the whole tree', () => {
        const log = { address: `0x${'3'.repeat(40)}`, topics: [], data: '0x', position: '0x0' };
        const calls = Array.from({ length: 6 }, () =>
            frame({ logs: Array.from({ length: 10_000 }, () => log) }),
        );
        const tree = readCallTree(frame({ calls }), url);
        const logs = tree.frames.reduce((n, f: CallFrame) => n + f.logs.length, 0);
        assert.equal(logs, callTreeLimits.maxLogs);
        assert.equal(tree.cut, true);
        assert.match(tree.notes.join(' '), /more than 50,000 events/);
    });

    it("reads the tracer's revert sites, and refuses another shape", () => {
        const recorded = recordedTraces().chains.C;
        const hash = recorded.activity.txs['enter']!.hash;
        const key = JSON.stringify([
            'debug_traceTransaction',
            [hash, { tracer: revertSitesTracer, timeout: '25s' }],
        ]);
        const sites = readRevertSites(recorded.answers[key]!.result, url);
        assert.equal(sites.cut, false);
        assert.ok(sites.steps > 100);
        assert.deepEqual(
            [...sites.byFrame.values()].map((s) => [s.frame, s.depth, s.op]),
            [
                [2, 2, 0xfd],
                [1, 1, 0xfd],
                [0, 0, 0xfd],
            ],
        );
        for (const bad of [
            { steps: -1, failed: [] },
            { steps: 1, failed: [[0, 0, 1, 2, 'x']] },
            { steps: 1, failed: [[0, 0, 1, 999, []]] },
            { steps: 1, failed: Array.from({ length: 5_000 }, () => [0, 0, 1, 1, []]) },
        ]) {
            assert.throws(() => readRevertSites(bad, url), isResponseFormatError);
        }
    });
});
