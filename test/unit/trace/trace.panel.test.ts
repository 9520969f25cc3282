/**
 * The trace panel's core (core/query/trace.ts, core/query/results/trace.ts): the query checked
 * before anything is sent, run against a loopback node answering what the real node answered
 * (test/fixtures/trace/answers.json) with test/fixtures/trace-workspace as the workspace, the view
 * the panel draws (the why, the failure path, the line as an action naming only its frame), its
 * pages for a large trace read from the kept report, and the page messages the host accepts.
 */
import * as assert from 'node:assert/strict';
import path from 'node:path';

import {
    buildRows,
    buildView,
    checkQuery,
    directoryTraceFiles,
    directoryWorkspaceFiles,
    keptTraceReport,
    NodeRpcClient,
    parsePageMessage,
    parseQueryRequest,
    runTrace,
    tracePageFrames,
    TraceSources,
    WorkspaceKnowledge,
    type TraceDeps,
    type TracePage,
} from '../../../src/core';
import type { TraceQuery } from '../../../src/shared/query';
import type { Cell } from '../../../src/shared/viewModel';
import { fixturesDir } from '../../helpers/fixtures';
import { recordedNode, type Faults } from '../../helpers/traceNode';
import { recordedTraces } from '../../helpers/traces';

const workspace = path.join(fixturesDir, 'trace-workspace');
const recorded = recordedTraces();

function query(hash: string): TraceQuery {
    return { source: 'trace', network: 'local', chainId: '43112', hash };
}

async function withNode<T>(
    faults: Faults,
    run: (deps: TraceDeps & { endpoints: number }) => Promise<T>,
): Promise<T> {
    const node = await recordedNode(faults);
    const client = new NodeRpcClient({ url: node.url, retry: { maxRetries: 0 } });
    const knowledge = await new WorkspaceKnowledge(directoryWorkspaceFiles(workspace)).knowledge();
    const deps = {
        endpoints: 0,
        traceEndpoint(network: string, chainId: string) {
            deps.endpoints++;
            return Promise.resolve(
                network === 'local' && chainId === '43112'
                    ? {
                          target: { client, path: '/ext/bc/C/rpc' },
                          chain: { kind: 'c-chain' as const, name: 'C-Chain' },
                      }
                    : undefined,
            );
        },
        contracts: () => Promise.resolve(knowledge),
        traceSources: () => new TraceSources(directoryTraceFiles(workspace)),
    };
    try {
        return await run(deps);
    } finally {
        await client.close();
        await node.close();
    }
}

const signal = new AbortController().signal;

function actions(rows: readonly (readonly Cell[])[]): Extract<Cell, { k: 'action' }>[] {
    return rows.flat().filter((c): c is Extract<Cell, { k: 'action' }> => c.k === 'action');
}

describe('(unit) trace panel', function () {
    this.timeout(30_000);

    it('checks the query before anything is sent: a bad hash, chain id or network is refused', async () => {
        const good = query(recorded.chains.C.activity.txs['enter']!.hash);
        for (const bad of [
            { ...good, hash: '0x1234' },
            { ...good, hash: `${good.hash}00` },
            { ...good, chainId: '0x1' },
            { ...good, chainId: '' },
            { ...good, network: 'elsewhere' },
        ]) {
            assert.throws(() => checkQuery(bad), /hash|chainId|network/);
            await withNode({}, async (deps) => {
                await assert.rejects(runTrace(bad, deps, { signal }));
                assert.equal(deps.endpoints, 0, 'no endpoint looked up for a bad query');
            });
        }
        checkQuery(good);
    });

    it('a reverted transaction: the why with its contract and line, the failure path, each line an action naming its frame', async () => {
        const hash = recorded.chains.C.activity.txs['enter']!.hash;
        await withNode({}, async (deps) => {
            const page = await runTrace(query(hash), deps, { signal });
            const { view, items } = buildView(query(hash), page, { network: 'local' });
            assert.equal(view.notice?.tone, 'error');
            assert.match(
                view.notice.text,
                /^Reverted: TooDeep\(depth: 9, caller: 0x[0-9a-fA-F]{40}\) in Leaf at foundry\/src\/TraceLab\.sol:\d+$/,
            );
            assert.equal(items?.length, page.frameCount);
            const why = view.sections[0]!;
            assert.match(why.title, /^Why it failed/);
            // Root cause first, then each caller it failed, up to the transaction's own call.
            const path = page.failures[0]!.path.map((i) => i.frame.frame.index);
            assert.equal(path.at(-1), 0);
            assert.equal(why.table!.rows.length, path.length);
            const lines = actions(why.table!.rows);
            assert.ok(lines.length >= 1, 'the root cause has its line');
            assert.deepEqual(lines[0]!.action, { kind: 'openSource', frame: path[0] });
            assert.match(lines[0]!.label, /^foundry\/src\/TraceLab\.sol:\d+:\d+$/);
            // The same action in the table of all calls; the report is kept for the host.
            assert.ok(actions(view.main!.rows).some((a) => a.label === lines[0]!.label));
            assert.equal(keptTraceReport(query(hash))?.hash, hash.toLowerCase());
        });
    });

    it('a succeeded transaction with a caught failure says so; nothing failed, no notice', async () => {
        await withNode({}, async (deps) => {
            const tryEnter = query(recorded.chains.C.activity.txs['tryEnter']!.hash);
            const caught = buildView(tryEnter, await runTrace(tryEnter, deps, { signal }), {
                network: 'local',
            }).view;
            assert.equal(caught.notice?.tone, 'warn');
            assert.match(caught.sections[0]!.title, /^Caught failure 1/);
            const digest = query(recorded.chains.C.activity.txs['digest']!.hash);
            const ok = buildView(digest, await runTrace(digest, deps, { signal }), {
                network: 'local',
            }).view;
            assert.equal(ok.notice, undefined);
        });
    });

    it('a large trace comes a page at a time; later pages come from the kept report, not the node', async () => {
        const hash = recorded.chains.C.activity.txs['enter']!.hash;
        const calls = Array.from({ length: 450 }, (_, i) => ({
            type: 'STATICCALL',
            from: '0x1000000000000000000000000000000000000001',
            to: `0x${(0x2000 + i).toString(16).padStart(40, '0')}`,
            gas: '0x100',
            gasUsed: '0x10',
            input: '0x',
            output: '0x',
        }));
        const tree = {
            type: 'CALL',
            from: '0x1000000000000000000000000000000000000001',
            to: '0x1000000000000000000000000000000000000002',
            value: '0x0',
            gas: '0x100000',
            gasUsed: '0x1000',
            input: '0x',
            output: '0x',
            calls,
        };
        await withNode({ callTracer: { result: tree } }, async (deps) => {
            const first: TracePage = await runTrace(query(hash), deps, { signal });
            assert.equal(first.frameCount, 451);
            assert.equal(first.items.length, tracePageFrames);
            assert.equal(first.nextPageToken, String(tracePageFrames));
            const asked = deps.endpoints;
            const second = await runTrace(query(hash), deps, {
                signal,
                pageToken: first.nextPageToken,
            });
            assert.equal(deps.endpoints, asked, 'the second page asks nothing');
            assert.equal(second.items[0]!.frame.frame.index, tracePageFrames);
            const third = await runTrace(query(hash), deps, {
                signal,
                pageToken: second.nextPageToken,
            });
            assert.equal(third.items.length, 451 - 2 * tracePageFrames);
            assert.equal(third.nextPageToken, undefined);
            const rows = buildRows(query(hash), third.items, { network: 'local' });
            assert.equal(rows.length, third.items.length);
            // A depth-1 call is indented once.
            const call = rows[0]![1]!;
            assert.equal(call.k, 'text');
            assert.match(
                call.k === 'text' ? call.text : '',
                /^· STATICCALL 0x0000…[0-9a-fA-F]{4} \(transfer\)$/,
            );
        });
    });

    it('a loop that catches a failure each round: five sections, then a count', async () => {
        const hash = recorded.chains.C.activity.txs['tryEnter']!.hash;
        const tree = {
            type: 'CALL',
            from: '0x1000000000000000000000000000000000000001',
            to: '0x1000000000000000000000000000000000000002',
            value: '0x0',
            gas: '0x100000',
            gasUsed: '0x1000',
            input: '0x',
            output: '0x',
            calls: Array.from({ length: 20 }, (_, i) => ({
                type: 'CALL',
                from: '0x1000000000000000000000000000000000000002',
                to: `0x${(0x4000 + i).toString(16).padStart(40, '0')}`,
                gas: '0x100',
                gasUsed: '0x10',
                input: '0x',
                output: '0x',
                error: 'execution reverted',
            })),
        };
        await withNode({ callTracer: { result: tree } }, async (deps) => {
            const page = await runTrace(query(hash), deps, { signal });
            assert.equal(page.failures.length, 20);
            const { view } = buildView(query(hash), page, { network: 'local' });
            const caught = view.sections.filter((s) => s.title.startsWith('Caught failure'));
            assert.equal(caught.length, 5);
            assert.match(
                view.sections.find((s) => s.title === 'More caught failures')?.note ?? '',
                /^15 more failed calls were caught/,
            );
        });
    });

    it('the host accepts a trace query and an open-line action naming a frame, nothing more', () => {
        const hash = recorded.chains.C.activity.txs['enter']!.hash;
        assert.deepEqual(parseQueryRequest(query(hash)), query(hash));
        assert.equal(parseQueryRequest({ ...query(hash), hash: 'x' }), undefined);
        assert.equal(parseQueryRequest({ ...query(hash), extra: 1 }), undefined);
        assert.equal(parseQueryRequest({ ...query(hash), network: 'testnet' }), undefined);
        assert.deepEqual(
            parsePageMessage({ type: 'action', action: { kind: 'openSource', frame: 3 } }),
            { type: 'action', action: { kind: 'openSource', frame: 3 } },
        );
        for (const action of [
            { kind: 'openSource', frame: -1 },
            { kind: 'openSource', frame: 1.5 },
            { kind: 'openSource', frame: 2, file: '/etc/passwd' },
            { kind: 'openSource', file: 'src/A.sol', line: 1 },
        ]) {
            assert.equal(parsePageMessage({ type: 'action', action }), undefined);
        }
    });
});
