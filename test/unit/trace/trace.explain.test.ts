/**
 * `explainTransaction` (core/trace/why.ts) end to end against a loopback node that answers what
 * the real node answered (test/fixtures/trace/answers.json, recorded by
 * test/realnode/recordTrace.ts), with test/fixtures/trace-workspace (or a copy of it, changed) as
 * the workspace: the report of each kind of failure, what it says when a file changed or went
 * away or an artifact is hostile, and the sentence of every refusal a node gives.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

import {
    ContractKnowledge,
    directoryTraceFiles,
    directoryWorkspaceFiles,
    explainTransaction,
    isTraceUnavailableError,
    NodeRpcClient,
    revertSitesTracer,
    TraceSources,
    tracingConfigSnippet,
    whyLines,
    WorkspaceKnowledge,
    type TraceChain,
    type TraceReport,
    type TraceUnavailableError,
} from '../../../src/core';
import { fixturesDir } from '../../helpers/fixtures';
import { recordedNode, type Faults } from '../../helpers/traceNode';
import { recordedTraces } from '../../helpers/traces';

const workspace = path.join(fixturesDir, 'trace-workspace');
const recorded = recordedTraces();

interface Run {
    readonly report: TraceReport;
    readonly asked: readonly string[];
}

const cChain: TraceChain = { kind: 'c-chain', name: 'C-Chain' };

async function explain(
    chain: 'C' | 'L1',
    tx: string,
    options: {
        root?: string;
        faults?: Faults;
        trace?: TraceChain;
        noWorkspace?: boolean;
    } = {},
): Promise<Run> {
    const node = await recordedNode(options.faults);
    const client = new NodeRpcClient({ url: node.url, retry: { maxRetries: 0 } });
    try {
        const root = options.root ?? workspace;
        const knowledge = options.noWorkspace
            ? undefined
            : await new WorkspaceKnowledge(directoryWorkspaceFiles(root)).knowledge();
        const report = await explainTransaction({
            target: { client, path: `/ext/bc/${chain}/rpc` },
            hash: recorded.chains[chain].activity.txs[tx]!.hash,
            chain: options.trace ?? cChain,
            knowledge,
            sources: options.noWorkspace ? undefined : new TraceSources(directoryTraceFiles(root)),
        });
        return { report, asked: node.asked };
    } finally {
        await client.close();
        await node.close();
    }
}

async function refusal(
    chain: 'C' | 'L1',
    faults: Faults,
    trace: TraceChain = cChain,
): Promise<TraceUnavailableError> {
    const error = await explain(chain, 'enter', { faults, trace }).then(
        () => assert.fail('no refusal'),
        (e: unknown) => e,
    );
    assert.ok(isTraceUnavailableError(error), String(error));
    assert.doesNotMatch(error.message, /-32601|code -/);
    return error;
}

function markerLine(file: string, marker: string, root = workspace): number {
    return (
        readFileSync(path.join(root, file), 'utf8')
            .split('\n')
            .findIndex((line) => line.endsWith(`// @revert ${marker}`)) + 1
    );
}

/** A throwaway copy of the trace workspace, changed by `change`. */
function changedCopy(change: (root: string) => void): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'avx-trace-'));
    cpSync(workspace, root, { recursive: true });
    change(root);
    return root;
}

describe('(unit) trace: why a transaction reverted, against recorded node answers', () => {
    const copies: string[] = [];
    after(() => {
        for (const copy of copies) rmSync(copy, { recursive: true, force: true });
    });
    const copy = (change: (root: string) => void): string => {
        const root = changedCopy(change);
        copies.push(root);
        return root;
    };

    it('explains a custom error three calls down: the tree, the names, the path, each line', async () => {
        const { report, asked } = await explain('C', 'enter');
        const activity = recorded.chains.C.activity;
        assert.equal(report.status, 'reverted');
        assert.deepEqual(
            report.frames.map((f) => [f.title, f.role, f.contract?.how]),
            [
                [`Entry.enter(leaf: ${activity.leaf}, depth: 9)`, 'propagated', 'bytecode'],
                [
                    `Relay.forward(0x000000000000000000000000${activity.leaf.slice(2).toLowerCase()}, 9)`,
                    'propagated',
                    'bytecode',
                ],
                ['Leaf.check(depth: 9)', 'root-cause', 'bytecode'],
            ],
        );
        const lines = [...report.sources.entries()].map(([index, source]) => [
            index,
            source.status === 'found'
                ? `${source.location.file}:${source.location.line}`
                : source.reason,
        ]);
        const file = 'foundry/src/TraceLab.sol';
        assert.deepEqual(lines, [
            [2, `${file}:${markerLine(file, 'leaf')}`],
            [1, `${file}:${markerLine(file, 'relay')}`],
            [0, `${file}:${markerLine(file, 'entry')}`],
        ]);
        // The receipt first, then the tree, then the step trace and the code at once.
        assert.deepEqual(asked.slice(0, 4), [
            'eth_chainId',
            'eth_getTransactionReceipt',
            'debug_traceTransaction',
            'debug_traceTransaction',
        ]);
        const text = whyLines(report);
        assert.equal(
            text[0],
            `Transaction ${activity.txs['enter']!.hash} reverted (block ${report.blockNumber}).`,
        );
        assert.equal(
            text[2],
            `Failed first in Leaf.check(depth: 9): TooDeep(depth: 9, caller: ${activity.entry})`,
        );
        assert.match(
            text[3]!,
            /^ {2}root cause: Leaf\.check\(depth: 9\) at foundry\/src\/TraceLab\.sol:\d+:\d+: if \(depth > limit\) revert TooDeep/,
        );
    });

    it('puts a Hardhat compilation’s creation and panic on their lines through its build info', async () => {
        const spawn = (await explain('L1', 'spawn')).report;
        const file = 'hardhat/contracts/TraceLab.sol';
        const create = spawn.sources.get(1);
        assert.equal(
            create?.status === 'found' && create.location.line,
            markerLine(file, 'constructor'),
        );
        assert.equal(
            spawn.frames[1]!.contract?.detail,
            'creation code matches hardhat/artifacts/contracts/TraceLab.sol/Leaf.json (Hardhat artifact)',
        );
        const ratio = (await explain('L1', 'ratio')).report;
        const line = ratio.sources.get(0);
        assert.ok(line?.status === 'found');
        assert.equal(line.location.line, markerLine(file, 'divide'));
        assert.equal(line.location.via, 'call-site');
        assert.equal(line.location.file, file);
        // The modifier's line is in another file of the compilation.
        const guarded = (await explain('C', 'guarded')).report.sources.get(0);
        assert.ok(guarded?.status === 'found');
        assert.equal(guarded.location.file, 'foundry/src/TraceBase.sol');
        assert.equal(guarded.location.line, markerLine('foundry/src/TraceBase.sol', 'guard'));
    });

    it('says when the file changed since it was compiled, or went away, or is not the one compiled', async () => {
        const file = 'foundry/src/TraceBase.sol';
        const edited = copy((root) => {
            const text = readFileSync(path.join(root, file), 'utf8');
            writeFileSync(
                path.join(root, file),
                text.replace('pragma solidity', '// a new line\npragma solidity'),
            );
        });
        const changed = (await explain('C', 'guarded', { root: edited })).report.sources.get(0);
        assert.ok(changed?.status === 'found');
        assert.equal(
            changed.location.caution,
            `${file} changed since it was compiled: the line may be off`,
        );
        // The bytes the map points at moved down by the new line.
        assert.equal(changed.location.line, markerLine(file, 'guard', edited) - 1);

        const gone = copy((root) => rmSync(path.join(root, file)));
        const missing = (await explain('C', 'guarded', { root: gone })).report.sources.get(0);
        assert.deepEqual(missing, {
            status: 'unavailable',
            reason: 'src/TraceBase.sol, a source of Entry, is not in the workspace',
        });

        const cut = copy((root) => writeFileSync(path.join(root, file), 'contract Short {}\n'));
        const short = (await explain('C', 'guarded', { root: cut })).report.sources.get(0);
        assert.equal(short?.status, 'unavailable');
        assert.match(
            short?.status === 'unavailable' ? short.reason : '',
            /^the source map points past the end of foundry\/src\/TraceBase\.sol \(byte \d+ of 18\): it is not the file that was compiled$/,
        );
    });

    it('says so when the code matches no artifact, and never points at another contract’s line', async () => {
        const noLeaf = copy((root) => {
            rmSync(path.join(root, 'foundry/out/TraceLab.sol/Leaf.json'));
            rmSync(path.join(root, 'hardhat'), { recursive: true });
        });
        const { report } = await explain('C', 'enter', { root: noLeaf });
        const leaf = report.sources.get(2);
        assert.equal(leaf?.status, 'unavailable');
        assert.match(
            leaf?.status === 'unavailable' ? leaf.reason : '',
            /^The code at 0x[0-9a-f]{40} matches no artifact in the workspace/,
        );
        assert.equal(report.frames[2]!.contract, undefined);
        assert.equal(report.sources.get(0)?.status, 'found');
    });

    it('refuses hostile artifacts: a garbage source map, an id no build info has, a build info that is not JSON', async () => {
        const artifact = 'foundry/out/TraceLab.sol/Leaf.json';
        const garbage = copy((root) => {
            const json = JSON.parse(readFileSync(path.join(root, artifact), 'utf8')) as {
                deployedBytecode: { sourceMap: string };
            };
            json.deployedBytecode.sourceMap = `1:2:0:<x>;${'9'.repeat(40)}`;
            writeFileSync(path.join(root, artifact), JSON.stringify(json));
            rmSync(path.join(root, 'hardhat'), { recursive: true });
        });
        const map = (await explain('C', 'enter', { root: garbage })).report.sources.get(2);
        assert.deepEqual(map, {
            status: 'unavailable',
            reason: 'its source map cannot be read: the source map has a jump field other than i, o or -',
        });

        const bogusId = copy((root) => {
            const json = JSON.parse(readFileSync(path.join(root, artifact), 'utf8')) as {
                id: number;
            };
            json.id = 77;
            writeFileSync(path.join(root, artifact), JSON.stringify(json));
            rmSync(path.join(root, 'hardhat'), { recursive: true });
        });
        const id = (await explain('C', 'enter', { root: bogusId })).report.sources.get(2);
        assert.equal(id?.status, 'unavailable');
        assert.match(
            id?.status === 'unavailable' ? id.reason : '',
            /cannot name: no build info in foundry\/out\/build-info names the other source files/,
        );

        const brokenInfo = copy((root) => {
            const dir = path.join(root, 'hardhat/artifacts/build-info');
            for (const name of ['aece93345e45d2e9c9042bdda325c68f.json']) {
                writeFileSync(path.join(dir, name), '{ not json');
            }
            rmSync(path.join(root, 'foundry'), { recursive: true });
        });
        const info = (await explain('L1', 'enter', { root: brokenInfo })).report.sources.get(2);
        assert.equal(info?.status, 'unavailable');
        assert.match(
            info?.status === 'unavailable' ? info.reason : '',
            /hardhat\/artifacts\/build-info\/aece93345e45d2e9c9042bdda325c68f\.json is not JSON/,
        );
    });

    it('without a workspace: precompiles and built-in signatures only, and no step trace', async () => {
        const { report, asked } = await explain('C', 'digest', { noWorkspace: true });
        assert.deepEqual(
            report.frames.map((f) => f.contract?.name),
            [undefined, 'sha256', 'ecrecover'],
        );
        assert.deepEqual(report.stepTrace, { status: 'skipped', reason: 'no call failed' });
        assert.ok(!asked.includes('eth_getCode'));
        const failed = await explain('C', 'enter', { noWorkspace: true });
        assert.deepEqual(failed.report.stepTrace, {
            status: 'skipped',
            reason: 'no workspace contracts to put the failing instructions on Solidity lines',
        });
        assert.equal(failed.asked.filter((m) => m === 'debug_traceTransaction').length, 1);
        assert.deepEqual(failed.report.sources.get(2), {
            status: 'unavailable',
            reason: 'the workspace has no contracts to compare the code with',
        });
    });

    it("a node without the tracer: the recorded -32601 becomes the chain config's sentence", async () => {
        const c = await refusal('C', { callTracer: recorded.refusal });
        assert.equal(c.reason, 'tracer-off');
        assert.equal(c.configSnippet, tracingConfigSnippet());
        assert.equal(
            tracingConfigSnippet(),
            '{"eth-apis":["eth","eth-filter","net","web3","internal-eth","internal-blockchain","internal-transaction","debug-tracer"]}',
        );
        assert.match(
            c.message,
            /^The C-Chain \(C-Chain\) does not serve debug_traceTransaction on this node \(the node says: the method debug_traceTransaction does not exist\/is not available\)\. Before AvalancheGo 1\.15/,
        );
        assert.match(c.message, /C\/config\.json/);
        assert.match(
            c.message,
            /From the Helicon upgrade \(AvalancheGo 1\.15\) the C-Chain traces without configuration/,
        );

        const tmpnet = await refusal(
            'C',
            { callTracer: recorded.refusal },
            {
                kind: 'c-chain',
                local: {
                    source: 'tmpnet',
                    networkDir: '/home/dev/.tmpnet/networks/20261128-101010',
                },
            },
        );
        assert.equal(
            tmpnet.configPlaces[0],
            '"primaryChainConfigs": {"C": …} in the network\'s /home/dev/.tmpnet/networks/20261128-101010/config.json (tmpnet; avalanche-cli\'s local network is one)',
        );
        const l1 = await refusal(
            'L1',
            { callTracer: recorded.refusal },
            {
                kind: 'subnet-evm',
                name: 'explorertest',
                blockchainId: '2SrUXnexjsSdaUUjYzCJSoZh5mu8bnvceiZkktacFj6Dwxsga',
                local: {
                    source: 'tmpnet',
                    l1File: '/home/dev/.tmpnet/networks/latest/subnets/explorertest.json',
                },
            },
        );
        assert.deepEqual(l1.configPlaces, [
            'the chain\'s "Config" (the JSON as a string) in tmpnet\'s subnet file /home/dev/.tmpnet/networks/latest/subnets/explorertest.json',
            'AvalancheGo\'s chain config directory: <--chain-config-dir>/2SrUXnexjsSdaUUjYzCJSoZh5mu8bnvceiZkktacFj6Dwxsga/config.json (by default ~/.avalanchego/configs/chains/2SrUXnexjsSdaUUjYzCJSoZh5mu8bnvceiZkktacFj6Dwxsga/config.json), or the same JSON under "2SrUXnexjsSdaUUjYzCJSoZh5mu8bnvceiZkktacFj6Dwxsga" in --chain-config-content',
        ]);
        const other = await refusal(
            'C',
            { callTracer: { error: { code: -32601, message: 'Method not found' } } },
            { kind: 'evm', name: 'Beam' },
        );
        assert.match(
            other.message,
            /^Chain Beam's endpoint does not serve debug_traceTransaction \(the node says: Method not found\)/,
        );
    });

    it('pruned state, an unknown transaction and a timeout each say what they are', async () => {
        for (const message of [
            'required historical state unavailable (reexec=128)',
            'missing trie node 1a2b3c4d5e6f (path ) state 0x1a2b is not available',
        ]) {
            const pruned = await refusal('C', { callTracer: { error: { code: -32000, message } } });
            assert.equal(pruned.reason, 'state-pruned');
            assert.equal(pruned.configSnippet, '{"pruning-enabled":false}');
            assert.match(
                pruned.message,
                new RegExp(
                    `^The node no longer has the state before block \\d+ to replay this transaction \\(the node says: ${message.replace(/[()]/g, '\\$&')}\\)`,
                ),
            );
        }
        const unknown = await refusal('C', { receipt: null });
        assert.equal(unknown.reason, 'unknown-transaction');
        const timeout = await refusal('C', {
            callTracer: { error: { code: -32000, message: 'execution timeout' } },
        });
        assert.equal(timeout.reason, 'timeout');
        assert.match(timeout.message, /stopped tracing after 25 s/);
    });

    it('a node that refuses JavaScript tracers: the tree and the errors stand, the lines say why not', async () => {
        const { report } = await explain('C', 'enter', {
            faults: {
                step: { error: { code: -32000, message: 'TypeError: could not compile tracer' } },
            },
        });
        assert.equal(report.stepTrace.status, 'failed');
        assert.equal(
            report.stepTrace.status === 'failed' && report.stepTrace.error?.reason,
            'js-tracer-refused',
        );
        assert.equal(report.frames[2]!.failure?.text.startsWith('TooDeep('), true);
        assert.equal(report.failures.length, 1);
        const reason = report.sources.get(2);
        assert.equal(reason?.status, 'unavailable');
        assert.match(
            reason?.status === 'unavailable' ? reason.reason : '',
            /^The node refuses JavaScript tracers \(the node says: TypeError: could not compile tracer\)/,
        );
        assert.match(
            whyLines(report).join('\n'),
            /No Solidity lines: The node refuses JavaScript tracers/,
        );
    });

    it('runs the tracer as geth calls its hooks: one record per failed frame, the last pc, the jumps', () => {
        assert.doesNotMatch(revertSitesTracer, /\n/);
        const tracer = runInNewContext(`(${revertSitesTracer})`) as {
            step(log: unknown): void;
            enter(frame: unknown): void;
            exit(result: unknown): void;
            result(context: unknown): unknown;
        };
        const step = (depth: number, pc: number, op: number): void =>
            tracer.step({ getDepth: () => depth, getPC: () => pc, op: { toNumber: () => op } });
        // The transaction's call jumps, calls a child that jumps and reverts, calls a second
        // child (a precompile: no steps) that succeeds, then reverts itself.
        step(1, 0, 0x60);
        step(1, 10, 0x56);
        step(1, 20, 0xf1);
        tracer.enter({});
        step(2, 0, 0x60);
        step(2, 7, 0x57);
        step(2, 30, 0xfd);
        tracer.exit({ getError: () => 'execution reverted' });
        step(1, 21, 0xfa);
        tracer.enter({});
        tracer.exit({ getError: () => undefined });
        step(1, 40, 0x57);
        step(1, 50, 0xfd);
        const result = tracer.result({ error: 'execution reverted' });
        assert.deepEqual(JSON.parse(JSON.stringify(result)), {
            steps: 9,
            failed: [
                [1, 1, 30, 0xfd, [7]],
                [0, 0, 50, 0xfd, [10, 40]],
            ],
        });
        // A frame that ran no instruction (it failed on entry) says so with pc -1.
        const fresh = runInNewContext(`(${revertSitesTracer})`) as typeof tracer;
        fresh.enter({});
        fresh.exit({ getError: () => 'out of gas' });
        assert.deepEqual(JSON.parse(JSON.stringify(fresh.result({}))), {
            steps: 0,
            failed: [[1, 1, -1, -1, []]],
        });
        assert.ok(new ContractKnowledge(undefined));
    });
});
