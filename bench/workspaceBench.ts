/**
 * The workspace's contract files: how long a Foundry artifact of realistic size takes to parse
 * (most of its bytes are the AST, solc's metadata and the bytecode, all of which `JSON.parse` reads
 * and the parser then skips), next to `JSON.parse` alone on the same text, which is the floor; the
 * same contract as a Hardhat artifact (no AST); one large artifact; and the index: adding 1,000
 * artifacts, the heap they keep, and a selector lookup.
 *
 * Then the index as the extension builds it (`WorkspaceKnowledge.get()`, here over the directory
 * walk the tests use) on a generated Foundry project of 5,000 artifacts and a few broadcasts, with
 * the parse worker and without it: wall time, the heap the index keeps, and the longest stretch
 * the calling thread could not run anything else (what the extension host's hovers and UI would
 * wait); next to it the walk alone and the files read and parsed in one plain loop, which show
 * where the time goes. The project is written as forge writes it by default (no AST), then again
 * with `ast = true`. And the decoding of one transaction against the index of
 * test/fixtures/contracts-workspace: its call, its log and a revert reason, as a panel asks.
 *
 * The artifacts are real compiler output: a generated contract (functions, events, errors, a
 * struct, an immutable) compiled with solc-js from npm, laid out as Foundry and Hardhat write them.
 * Budgets: a 100 kB Foundry artifact parses in <= 2 ms (median per artifact, 1,000 per round); the
 * 5,000-artifact index (forge's default output) builds in <= 2 s and keeps <= 50 MB of heap, and
 * the worker build blocks the calling thread <= 50 ms at a time; one transaction decodes in
 * <= 1 ms. Prints a Markdown table and writes bench/results/workspace.{md,json}.
 *
 * Environment: BENCH_ROUNDS (default 7), BENCH_ARTIFACTS (artifacts parsed per round, default
 * 1000), BENCH_WORKSPACE_ARTIFACTS (artifacts of the generated project, default 5000),
 * BENCH_BUILD_ROUNDS (index builds per mode, default 5; half as many with the AST), BENCH_DIST (a
 * production build's dist/, whose workspaceWorker.js is the worker; without it the bench bundles
 * the worker itself), BENCH_PIN=1 and BENCH_NICE (see harness.ts).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { buildSync } from 'esbuild';
import {
    encodeAbiParameters,
    encodeEventTopics,
    encodeFunctionData,
    type Abi,
    type Address,
} from 'viem';

import { nodeTransactionExtras } from '../src/core/query/results/decoded';
import {
    parseFoundryArtifact,
    parseHardhatArtifact,
    parseWorkspaceFile,
    WorkspaceIndex,
    type FileKnowledge,
} from '../src/core/workspace';
import {
    directoryWorkspaceFiles,
    WorkspaceKnowledge,
} from '../src/core/workspace/workspaceKnowledge';
import type { RpcReceipt, RpcTransaction } from '../src/core/nodeRpc/schemas';

import {
    type BenchCheck,
    exitWhenDone,
    exposeGarbageCollector,
    iqrPercent,
    median,
    placeBenchmark,
    timedCheck,
    writeChecks,
} from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 7);
const perRound = Number(process.env['BENCH_ARTIFACTS'] ?? 1000);
const workspaceArtifacts = Number(process.env['BENCH_WORKSPACE_ARTIFACTS'] ?? 5000);
const buildRounds = Number(process.env['BENCH_BUILD_ROUNDS'] ?? 5);

/** The repository: the bench runs compiled, from out/bench/. */
const repoRoot = path.join(__dirname, '..', '..');

type Check = BenchCheck;

interface SolcOutputContract {
    abi: unknown[];
    metadata: string;
    evm: {
        bytecode: { object: string; sourceMap: string; linkReferences: unknown };
        deployedBytecode: {
            object: string;
            sourceMap: string;
            linkReferences: unknown;
            immutableReferences?: unknown;
        };
        methodIdentifiers: Record<string, string>;
    };
}

interface SolcOutput {
    contracts: Record<string, Record<string, SolcOutputContract>>;
    sources: Record<string, { id: number; ast: unknown }>;
    errors?: { severity: string; formattedMessage: string }[];
}

/**
 * A contract of `functions` small functions, each with its event and error, plus one that takes a
 * struct and the getters of an immutable and a mapping: about as many ABI entries per kilobyte of
 * AST as a token or vault contract has.
 */
function contractSource(functions: number): string {
    const parts = [
        '// SPDX-License-Identifier: MIT',
        'pragma solidity ^0.8.20;',
        'contract Vault {',
        '    struct Position { uint256 amount; address owner; uint64 until; }',
        '    address public immutable admin;',
        '    mapping(address => Position) public positions;',
        '    event Opened(address indexed owner, Position position);',
        '    constructor(address admin_) { admin = admin_; }',
        '    function open(Position calldata p) external { positions[msg.sender] = p; emit Opened(msg.sender, p); }',
    ];
    for (let i = 0; i < functions; i++) {
        parts.push(
            `    event Moved${i}(address indexed from, uint256 amount);`,
            `    error Refused${i}(uint256 amount, uint256 limit);`,
            `    function move${i}(uint256 amount) external returns (uint256) {`,
            `        if (amount > ${1000 + i}) revert Refused${i}(amount, ${1000 + i});`,
            `        emit Moved${i}(msg.sender, amount);`,
            `        return amount + uint160(admin);`,
            '    }',
        );
    }
    parts.push('}');
    return parts.join('\n');
}

function compile(functions: number): { foundry: string; hardhat: string; selector: string } {
    const solc = createRequire(__filename)('solc') as { compile(input: string): string };
    const sourceName = 'src/Vault.sol';
    const input = {
        language: 'Solidity',
        sources: { [sourceName]: { content: contractSource(functions) } },
        settings: {
            optimizer: { enabled: true, runs: 200 },
            outputSelection: {
                '*': {
                    '': ['ast'],
                    '*': [
                        'abi',
                        'metadata',
                        'evm.bytecode.object',
                        'evm.bytecode.sourceMap',
                        'evm.bytecode.linkReferences',
                        'evm.deployedBytecode.object',
                        'evm.deployedBytecode.sourceMap',
                        'evm.deployedBytecode.linkReferences',
                        'evm.deployedBytecode.immutableReferences',
                        'evm.methodIdentifiers',
                    ],
                },
            },
        },
    };
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
    const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
    if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
    const c = output.contracts[sourceName]!['Vault']!;
    const source = output.sources[sourceName]!;
    // Foundry's layout (ConfigurableContractArtifact), on one line.
    const foundry = JSON.stringify({
        abi: c.abi,
        bytecode: {
            object: `0x${c.evm.bytecode.object}`,
            sourceMap: c.evm.bytecode.sourceMap,
            linkReferences: c.evm.bytecode.linkReferences,
        },
        deployedBytecode: {
            object: `0x${c.evm.deployedBytecode.object}`,
            sourceMap: c.evm.deployedBytecode.sourceMap,
            linkReferences: c.evm.deployedBytecode.linkReferences,
            immutableReferences: c.evm.deployedBytecode.immutableReferences ?? {},
        },
        methodIdentifiers: c.evm.methodIdentifiers,
        rawMetadata: c.metadata,
        metadata: JSON.parse(c.metadata) as unknown,
        id: source.id,
        ast: source.ast,
    });
    const hardhat = JSON.stringify(
        {
            _format: 'hh-sol-artifact-1',
            contractName: 'Vault',
            sourceName,
            abi: c.abi,
            bytecode: `0x${c.evm.bytecode.object}`,
            deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
            linkReferences: c.evm.bytecode.linkReferences,
            deployedLinkReferences: c.evm.deployedBytecode.linkReferences,
        },
        // Hardhat writes its artifacts indented by two spaces.
        null,
        2,
    );
    const selector = `0x${Object.values(c.evm.methodIdentifiers)[0]!}`;
    return { foundry, hardhat, selector };
}

/** A contract whose Foundry artifact is about `bytes` long. */
function compileAbout(bytes: number): ReturnType<typeof compile> {
    const probe = compile(4);
    const perFunction = (compile(8).foundry.length - probe.foundry.length) / 4;
    const functions = Math.max(1, Math.round(4 + (bytes - probe.foundry.length) / perFunction));
    return compile(functions);
}

/** Median per-item time over the rounds of `count` calls of `run`, in microseconds. */
function perItem(count: number, run: (i: number) => unknown): number[] {
    const values: number[] = [];
    let sink = 0;
    for (let round = 0; round < rounds; round++) {
        const t0 = performance.now();
        for (let i = 0; i < count; i++) if (run(i) !== undefined) sink++;
        values.push(((performance.now() - t0) * 1000) / count);
    }
    if (sink < 0) throw new Error('unreachable');
    return values;
}

const timed = (name: string, values: number[], detail: string, budgetUs?: number) =>
    timedCheck(name, values, 'µs', budgetUs, detail);

// ---------------------------------------------------------------------------------------------
// The index of a generated 5,000-artifact project, as the extension builds it

/** One compiled contract the generated artifacts are made from, with its creation code. */
interface Template {
    readonly foundry: string;
    readonly creation: string;
}

function template(compiled: ReturnType<typeof compile>): Template {
    const json = JSON.parse(compiled.foundry) as { bytecode: { object: string } };
    return { foundry: compiled.foundry, creation: json.bytecode.object };
}

/** Contract names read like a project's rather than one word numbered 5,000 times. */
const nameStems = ['Vault', 'Token', 'Pool', 'Router', 'Oracle', 'Staking', 'Governor', 'Bridge'];

/**
 * Artifact `i` of the generated project: the template under its own contract name, with its own
 * `open`, `Opened`, `move0`, `Moved0` and `Refused0` (so each artifact adds ABI entries the index
 * has not interned yet, while the rest are shared the way interfaces and libraries are), and its
 * own metadata hash in the CBOR tail solc appends to both bytecodes
 * (https://docs.soliditylang.org/en/latest/metadata.html#encoding-of-the-metadata-hash-in-the-bytecode),
 * so that no two runtime hashes are equal. The lengths and immutable offsets do not change.
 */
function variant(text: string, name: string, i: number): string {
    const hash = createHash('sha256').update(name).digest('hex');
    return text
        .replace(/\bVault\b/g, name)
        .replace(/\b(open|Opened|move0|Moved0|Refused0)\b/g, `$1V${i}`)
        .replace(/a2646970667358221220[0-9a-f]{64}/g, `a2646970667358221220${hash}`);
}

/** A 20-byte address or 32-byte hash that is the same on every run. */
function fakeHex(seed: string, bytes: 20 | 32): string {
    return `0x${createHash('sha256')
        .update(seed)
        .digest('hex')
        .slice(0, bytes * 2)}`;
}

const deployer = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

/**
 * A Foundry broadcast (`ScriptSequence`, pretty-printed as `forge script --broadcast` saves it:
 * https://github.com/foundry-rs/foundry/blob/master/crates/script-sequence/src/sequence.rs) of
 * one CREATE per contract, each with its successful receipt.
 */
function broadcastText(
    chainId: number,
    deployed: readonly { name: string; address: string; creation: string }[],
): string {
    const hashOf = (d: { address: string }): string => fakeHex(`${chainId}:${d.address}`, 32);
    return JSON.stringify(
        {
            transactions: deployed.map((d, nonce) => ({
                hash: hashOf(d),
                transactionType: 'CREATE',
                contractName: d.name,
                contractAddress: d.address,
                function: null,
                arguments: [deployer],
                transaction: {
                    from: deployer,
                    gas: '0x7a120',
                    value: '0x0',
                    input: `${d.creation}${deployer.slice(2).padStart(64, '0')}`,
                    nonce: `0x${nonce.toString(16)}`,
                    chainId: `0x${chainId.toString(16)}`,
                },
                additionalContracts: [],
                isFixedGasLimit: false,
            })),
            receipts: deployed.map((d, n) => ({
                status: '0x1',
                cumulativeGasUsed: '0x5208',
                logs: [],
                logsBloom: `0x${'0'.repeat(512)}`,
                type: '0x2',
                transactionHash: hashOf(d),
                transactionIndex: '0x0',
                blockHash: fakeHex(`block ${chainId}:${n}`, 32),
                blockNumber: `0x${(100 + n).toString(16)}`,
                gasUsed: '0x5208',
                effectiveGasPrice: '0x5d21dba00',
                from: deployer,
                to: null,
                contractAddress: d.address,
            })),
            libraries: [],
            pending: [],
            returns: {},
            timestamp: 1717000000,
            chain: chainId,
            commit: 'a1b2c3d',
        },
        null,
        2,
    );
}

interface GeneratedWorkspace {
    readonly artifacts: number;
    readonly broadcasts: number;
    readonly bytes: number;
    /** The mix of artifact sizes, in words. */
    readonly mix: string;
    /** A contract the broadcasts deploy on 43114, to check the records were read. */
    readonly deployedOn43114: string;
    /** Every file written, relative to the root. */
    readonly files: readonly string[];
}

/**
 * Writes `out/<Name>.sol/<Name>.json` for `count` artifacts under `root`, sizes mixed as a
 * project's are (many small contracts and interfaces, fewer large ones): two in five from each
 * of the two smaller templates, one in five from the ~100 kB one; and the broadcasts of two
 * deployment scripts on the C-Chain and Fuji, with the timestamped copy Foundry keeps next to
 * `run-latest.json`.
 */
function writeGeneratedWorkspace(
    root: string,
    templates: readonly [Template, Template, Template],
    count: number,
): GeneratedWorkspace {
    const pick = (i: number): Template => templates[i % 5 < 2 ? 0 : i % 5 < 4 ? 1 : 2];
    let bytes = 0;
    const files: string[] = [];
    const deployable: { name: string; creation: string }[] = [];
    for (let i = 0; i < count; i++) {
        const name = `${nameStems[i % nameStems.length]!}${i}`;
        const t = pick(i);
        const text = variant(t.foundry, name, i);
        const dir = path.join(root, 'out', `${name}.sol`);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `${name}.json`), text);
        files.push(`out/${name}.sol/${name}.json`);
        bytes += text.length;
        if (i < 40) deployable.push({ name, creation: variant(t.creation, name, i) });
    }
    const at = (chainId: number, list: readonly { name: string; creation: string }[]) =>
        list.map((d) => ({ ...d, address: fakeHex(`${chainId}:${d.name}`, 20) }));
    const broadcasts: [string, string][] = [
        [
            'broadcast/Deploy.s.sol/43114/run-latest.json',
            broadcastText(43114, at(43114, deployable.slice(0, 25))),
        ],
        [
            'broadcast/Deploy.s.sol/43113/run-latest.json',
            broadcastText(43113, at(43113, deployable.slice(0, 25))),
        ],
        [
            'broadcast/Upgrade.s.sol/43114/run-latest.json',
            broadcastText(43114, at(43114, deployable.slice(25))),
        ],
    ];
    broadcasts.push(['broadcast/Deploy.s.sol/43114/run-1717000000.json', broadcasts[0]![1]]);
    for (const [rel, text] of broadcasts) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
        files.push(rel);
        bytes += text.length;
    }
    const kB = (t: Template): string => `${Math.round(t.foundry.length / 1024)} kB`;
    return {
        artifacts: count,
        broadcasts: broadcasts.length,
        bytes,
        mix: `2 in 5 artifacts of ${kB(templates[0])}, 2 in 5 of ${kB(templates[1])}, 1 in 5 of ${kB(templates[2])}`,
        deployedOn43114: at(43114, deployable.slice(0, 1))[0]!.address,
        files,
    };
}

/**
 * The parse worker's bundle: the production build's when `npm run bench` passes its dist/, else
 * bundled here from the same entry as esbuild.mjs's `dist/workspaceWorker.js`, so that the bench
 * never runs a stale worker from a development dist/.
 */
function parseWorkerScript(scratch: string): { script: string; how: string } {
    const dist = process.env['BENCH_DIST'];
    const production = dist ? path.join(dist, 'workspaceWorker.js') : undefined;
    if (production && fs.existsSync(production)) {
        return { script: production, how: "the production build's dist/workspaceWorker.js" };
    }
    const script = path.join(scratch, 'workspaceWorker.js');
    buildSync({
        entryPoints: [path.join(repoRoot, 'src', 'core', 'workspace', 'parseWorker.ts')],
        outfile: script,
        bundle: true,
        minify: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: ['vscode', 'undici'],
        logLevel: 'warning',
    });
    return { script, how: 'the worker bundled by the bench with esbuild (no BENCH_DIST)' };
}

interface BuildRun {
    readonly ms: number;
    readonly heapMb: number;
    /** The longest the calling thread's event loop waited, in ms. */
    readonly blockMs: number;
    readonly blockP99Ms: number;
}

/**
 * One build as the extension runs it: a fresh `WorkspaceKnowledge` over the folder, `get()`
 * awaited. The heap is measured after full collections on both sides, with the index still held;
 * the loop delay is sampled every millisecond while the build runs.
 */
async function buildOnce(
    root: string,
    workerScript: string | undefined,
    expected: GeneratedWorkspace,
    collectGarbage: () => void,
): Promise<BuildRun> {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const wk = new WorkspaceKnowledge(directoryWorkspaceFiles(root), { workerScript });
    try {
        loop.enable();
        const t0 = performance.now();
        const index = await wk.get();
        const ms = performance.now() - t0;
        loop.disable();
        collectGarbage();
        const heapMb = (process.memoryUsage().heapUsed - before) / 1e6;
        const stats = index.stats();
        if (
            stats.files !== expected.artifacts + expected.broadcasts ||
            stats.artifacts !== expected.artifacts ||
            stats.problems !== 0 ||
            index.contractAt('43114', expected.deployedOn43114).length === 0
        ) {
            throw new Error(`the index is not whole: ${JSON.stringify(stats)}`);
        }
        return {
            ms,
            heapMb,
            blockMs: loop.max / 1e6,
            blockP99Ms: loop.percentile(99) / 1e6,
        };
    } finally {
        wk.dispose();
        // The worker ends on its own thread: let it go before the next round starts one.
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

/** The listing alone: the directory walk `directoryWorkspaceFiles` does first, in milliseconds. */
async function walkOnce(root: string, files: readonly string[]): Promise<number> {
    const t0 = performance.now();
    const found = await directoryWorkspaceFiles(root).find(
        files.length + 1,
        new AbortController().signal,
    );
    const ms = performance.now() - t0;
    if (found.length !== files.length) throw new Error(`the walk found ${found.length} files`);
    return ms;
}

/**
 * The floor under a build: every file read whole and parsed in one synchronous loop, with no
 * walk, no per-file promises and no index, in milliseconds.
 */
function readAndParseOnce(root: string, files: readonly string[]): number {
    const t0 = performance.now();
    let parsed = 0;
    for (const rel of files) {
        if (parseWorkspaceFile(rel, fs.readFileSync(path.join(root, rel), 'utf8'))) parsed++;
    }
    const ms = performance.now() - t0;
    if (parsed !== files.length) throw new Error(`${files.length - parsed} files were not parsed`);
    return ms;
}

/** How forge writes the artifacts of the generated project. */
interface Layout {
    /** `ast = true` in foundry.toml: the artifacts carry solc's AST. */
    readonly ast: boolean;
    readonly rounds: number;
    /** Whether the budgets apply (to forge's default output) or the rows are for information. */
    readonly budgeted: boolean;
}

/**
 * Forge's default output has no AST (`ast = false` in foundry.toml unless set; the sources are
 * cited in test/realnode/contract/compile.mjs, which writes the fixtures the same way);
 * `ast = true` puts solc's AST back in every artifact, where it is most of the bytes. `id` stays,
 * as forge writes it either way.
 */
function withoutAst(t: Template): Template {
    const json = JSON.parse(t.foundry) as Record<string, unknown>;
    delete json['ast'];
    return { ...t, foundry: JSON.stringify(json) };
}

/**
 * The index built on a generated project, with the worker and without, and the floor under both,
 * in a rotating order by round.
 */
async function workspaceBuildChecks(
    templates: readonly [Template, Template, Template],
    layout: Layout,
    collectGarbage: () => void,
): Promise<{
    checks: Check[];
    workspace: Omit<GeneratedWorkspace, 'files'>;
    worker: string;
    workerRuns: BuildRun[];
}> {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-bench-workspace-'));
    try {
        const root = path.join(scratch, 'project');
        const label = layout.ast ? 'ast = true' : "forge's default output";
        process.stderr.write(`workspace: writing ${workspaceArtifacts} artifacts (${label})\n`);
        const ws = writeGeneratedWorkspace(
            root,
            layout.ast
                ? templates
                : [withoutAst(templates[0]), withoutAst(templates[1]), withoutAst(templates[2])],
            workspaceArtifacts,
        );
        const worker = parseWorkerScript(scratch);
        const modes = [
            { key: 'worker', script: worker.script },
            { key: 'here', script: undefined },
        ] as const;
        const runs: Record<(typeof modes)[number]['key'], BuildRun[]> = { worker: [], here: [] };
        const floor: number[] = [];
        const walk: number[] = [];
        const contestants = [
            ...modes.map((mode) => async () => {
                runs[mode.key].push(await buildOnce(root, mode.script, ws, collectGarbage));
            }),
            () => {
                floor.push(readAndParseOnce(root, ws.files));
                return Promise.resolve();
            },
            async () => void walk.push(await walkOnce(root, ws.files)),
        ];
        for (let round = 0; round < layout.rounds; round++) {
            process.stderr.write(
                `\rworkspace: index builds, round ${round + 1}/${layout.rounds}   `,
            );
            for (let i = 0; i < contestants.length; i++) {
                await contestants[(i + round) % contestants.length]!();
            }
        }
        process.stderr.write('\n');
        const size = `${ws.artifacts.toLocaleString('en-US')} artifacts, ${(ws.bytes / 1e6).toFixed(0)} MB`;
        const stats = (values: readonly number[]): Pick<Check, 'value' | 'spreadPercent'> => ({
            value: median(values),
            spreadPercent: iqrPercent(values),
        });
        const budget = (limit: number, value: number): Pick<Check, 'budget' | 'passed'> =>
            layout.budgeted ? { budget: limit, passed: value <= limit } : {};
        const checks: Check[] = [];
        for (const mode of modes) {
            const r = runs[mode.key];
            const how =
                mode.key === 'worker'
                    ? 'parsed in the worker'
                    : 'parsed on the calling thread (the fallback when the worker cannot start)';
            const ms = r.map((x) => x.ms);
            const heaps = r.map((x) => x.heapMb);
            const blocks = r.map((x) => x.blockMs);
            checks.push({
                name: `index build, ${size} (${label}), ${how}`,
                unit: 'ms',
                ...stats(ms),
                ...budget(2000, median(ms)),
                detail: `wall time of WorkspaceKnowledge.get() over a directory walk: list, stat, read, parse and index ${ws.artifacts} artifacts and ${ws.broadcasts} broadcasts, the files in the OS cache as right after a build; ${ws.mix}; first round ${r[0]!.ms.toFixed(0)} ms, ${layout.rounds} rounds${mode.key === 'worker' ? `; ${worker.how}` : ''}${layout.budgeted ? '' : `; the same files read and parsed in one synchronous loop: ${median(floor).toFixed(0)} ms`}`,
            });
            if (layout.budgeted) {
                checks.push({
                    name: `index heap after that build, ${how}`,
                    unit: 'MB',
                    ...stats(heaps),
                    ...budget(50, median(heaps)),
                    detail: `heap used after a full GC with the index held, minus before the build: ${((median(heaps) * 1e6) / ws.artifacts / 1024).toFixed(1)} kB per artifact`,
                });
            }
            if (layout.budgeted || mode.key === 'worker') {
                const block = median(blocks);
                checks.push({
                    name: `longest block of the calling thread during that build, ${how}`,
                    unit: 'ms',
                    ...stats(blocks),
                    ...(mode.key === 'worker' ? budget(50, block) : {}),
                    detail: `the max of perf_hooks.monitorEventLoopDelay (1 ms resolution) in each build, median over the rounds, worst ${Math.max(...blocks).toFixed(0)} ms; p99 of the delays ${median(r.map((x) => x.blockP99Ms)).toFixed(1)} ms; wall clock, so time the OS gave other processes counts too${mode.key === 'worker' ? '' : '; no budget: the extension parses here only when the worker fails'}`,
                });
            }
        }
        if (layout.budgeted) {
            checks.push({
                name: 'of which the directory walk (directoryWorkspaceFiles.find)',
                unit: 'ms',
                ...stats(walk),
                detail: `listing the ${ws.files.length} files, 16 folders at a time, one readdir each: the Node stand-in the bench and the tests use; the extension lists with VS Code's findFiles instead (src/platform/vscodeWorkspaceFiles.ts)`,
            });
            checks.push({
                name: 'floor: the same files read and parsed in one synchronous loop',
                unit: 'ms',
                ...stats(floor),
                detail: 'readFileSync and parseWorkspaceFile of each file in turn, no directory walk, no promises, no index: what the builds add to it is the cost of listing and reading file by file',
            });
        }
        const workspace: Omit<GeneratedWorkspace, 'files'> = {
            artifacts: ws.artifacts,
            broadcasts: ws.broadcasts,
            bytes: ws.bytes,
            mix: ws.mix,
            deployedOn43114: ws.deployedOn43114,
        };
        return { checks, workspace, worker: worker.how, workerRuns: runs.worker };
    } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
    }
}

/** Artifacts of the smaller projects of the scaling rows; the largest is the budgeted one's. */
const scalingArtifacts = [100, 1000];

/**
 * Past this ratio of per-artifact cost between the largest and the smallest project the build is
 * called not linear (below it the difference is the fixed cost of a build and the machine's noise).
 */
const linearRatio = 1.5;

/**
 * The index build with the worker on projects of 100 and 1,000 artifacts of the same mix, next
 * to the budgeted build of `workspaceArtifacts`: time and heap per artifact, and whether they
 * grow linearly.
 */
async function scalingChecks(
    templates: readonly [Template, Template, Template],
    largest: { artifacts: number; runs: readonly BuildRun[] },
    collectGarbage: () => void,
): Promise<Check[]> {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-bench-scaling-'));
    try {
        const worker = parseWorkerScript(scratch);
        const noAst = [
            withoutAst(templates[0]),
            withoutAst(templates[1]),
            withoutAst(templates[2]),
        ] as const;
        const points: { artifacts: number; runs: readonly BuildRun[] }[] = [];
        for (const count of scalingArtifacts.filter((n) => n < largest.artifacts)) {
            const root = path.join(scratch, `project-${count}`);
            process.stderr.write(`workspace: scaling, ${count} artifacts\n`);
            const ws = writeGeneratedWorkspace(root, noAst, count);
            const runs: BuildRun[] = [];
            for (let round = 0; round < buildRounds; round++) {
                runs.push(await buildOnce(root, worker.script, ws, collectGarbage));
            }
            points.push({ artifacts: count, runs });
        }
        points.push(largest);
        const checks: Check[] = [];
        for (const [what, unit, of, per] of [
            ['time', 'ms', (r: BuildRun) => r.ms, 'ms'],
            ['heap', 'MB', (r: BuildRun) => r.heapMb, 'kB'],
        ] as const) {
            const perArtifact = (p: (typeof points)[number]): number =>
                (median(p.runs.map(of)) * (per === 'kB' ? 1000 : 1)) / p.artifacts;
            const ratio = perArtifact(points.at(-1)!) / perArtifact(points[0]!);
            for (const p of points) {
                const values = p.runs.map(of);
                const last = p === points.at(-1);
                checks.push({
                    name: `scaling: index build ${what} vs artifacts, ${p.artifacts.toLocaleString('en-US')} artifacts (parsed in the worker)`,
                    unit,
                    value: median(values),
                    spreadPercent: iqrPercent(values),
                    ...(last ? { verdict: ratio <= linearRatio ? 'linear' : 'not linear' } : {}),
                    detail: `${perArtifact(p).toFixed(per === 'kB' ? 1 : 3)} ${per} per artifact; ${p.runs.length} builds${last ? `; per artifact, ${points.at(-1)!.artifacts} cost ${ratio.toFixed(2)}× what ${points[0]!.artifacts} did (above ${linearRatio}× is not linear)` : ''}`,
                });
            }
        }
        return checks;
    } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
    }
}

// ---------------------------------------------------------------------------------------------
// Decoding one transaction against the index of the committed fixtures

const fixtureWorkspace = path.join(repoRoot, 'test', 'fixtures', 'contracts-workspace');

/**
 * The decodes a transaction panel makes for an ERC-20 transfer of ExplorerToken on the C-Chain:
 * its input, its Transfer log and, had it failed, its revert reason (an `Error(string)`, the
 * shape of `require` with a message). The index is built from test/fixtures/contracts-workspace
 * (the Foundry and Hardhat trees) the way the extension builds it, plus the Foundry broadcast that
 * deployed the token, so that the token's own ABI comes first as it does for a deployed contract.
 */
async function decodeChecks(): Promise<Check[]> {
    const chainId = '43114';
    const token = fakeHex('ExplorerToken', 20) as Address;
    const tokenFile = path.join(fixtureWorkspace, 'foundry', 'out', 'ExplorerToken.sol');
    const artifact = JSON.parse(
        fs.readFileSync(path.join(tokenFile, 'ExplorerToken.json'), 'utf8'),
    ) as { abi: Abi; bytecode: { object: string } };
    const wk = new WorkspaceKnowledge(directoryWorkspaceFiles(fixtureWorkspace));
    try {
        const index = await wk.get();
        // What the watcher adds once `forge script --broadcast` has written its record.
        const record = 'foundry/broadcast/Deploy.s.sol/43114/run-latest.json';
        index.set(
            parseWorkspaceFile(
                record,
                broadcastText(43114, [
                    { name: 'ExplorerToken', address: token, creation: artifact.bytecode.object },
                ]),
            )!,
        );
        const contracts = await wk.knowledge();
        const from = deployer as Address;
        const to = fakeHex('recipient', 20) as Address;
        const value = 1234n * 10n ** 18n;
        const input = encodeFunctionData({
            abi: artifact.abi,
            functionName: 'transfer',
            args: [to, value],
        });
        const log = {
            address: token,
            topics: encodeEventTopics({
                abi: artifact.abi,
                eventName: 'Transfer',
                args: { from, to },
            }) as string[],
            data: encodeAbiParameters([{ type: 'uint256' }], [value]),
        };
        const revert = `0x08c379a0${encodeAbiParameters([{ type: 'string' }], ['ExplorerToken: allowance exceeded']).slice(2)}`;
        const once = () => ({
            call: contracts.decodeCall(chainId, token, input),
            log: contracts.decodeLog(chainId, log),
            revert: contracts.decodeRevert(chainId, token, revert),
        });
        const check = once();
        for (const [what, result, name] of [
            ['call', check.call, 'transfer'],
            ['log', check.log, 'Transfer'],
            ['revert', check.revert, 'Error'],
        ] as const) {
            if (result.status !== 'decoded' || result.decoded.name !== name) {
                throw new Error(`the ${what} did not decode: ${JSON.stringify(result)}`);
            }
        }
        if (check.call.status === 'decoded' && check.call.decoded.origin.tool === 'built-in') {
            throw new Error("the call was decoded with the built-in table, not the token's ABI");
        }

        const tx: RpcTransaction = {
            hash: fakeHex('transfer', 32),
            blockHash: fakeHex('block', 32),
            blockNumber: 100,
            transactionIndex: 0,
            from,
            to: token,
            value: '0',
            gas: '60000',
            nonce: 7,
            input,
            type: 2,
            chainId,
        };
        const receipt: RpcReceipt = {
            transactionHash: tx.hash,
            transactionIndex: 0,
            blockHash: tx.blockHash!,
            blockNumber: 100,
            from,
            to: token,
            cumulativeGasUsed: '51000',
            gasUsed: '51000',
            effectiveGasPrice: '25000000000',
            contractAddress: null,
            logs: [{ ...log, logIndex: 0, removed: false }],
            status: 'success',
        };
        const context = {
            network: 'mainnet',
            contracts,
            evmChainId: chainId,
            evmTx: { receipt },
        };
        const panel = nodeTransactionExtras(tx, context);
        if (panel.sections.length !== 2) {
            throw new Error(
                `the panel has ${panel.sections.length} sections, not a call and a log`,
            );
        }

        const iterations = 20_000;
        for (let i = 0; i < 2_000; i++) once();
        const stats = index.stats();
        return [
            timed(
                'decode one transaction: an ERC-20 transfer call, its Transfer log, an Error(string) revert',
                perItem(iterations, once),
                `ContractKnowledge.decodeCall + decodeLog + decodeRevert over the index of test/fixtures/contracts-workspace (${stats.files} files, ${stats.abiEntries} ABI entries) and the token's broadcast; per transaction, ${iterations} per round`,
                1_000,
            ),
            timed(
                "a transfer's decoded panel parts (nodeTransactionExtras: status, fee, contract name, call and log sections)",
                perItem(iterations, () => nodeTransactionExtras(tx, context)),
                'the view model of the node transaction panel, from the transaction and its receipt',
            ),
        ];
    } finally {
        wk.dispose();
    }
}

async function main(): Promise<void> {
    // Before any thread starts: the parse worker and libuv's pool inherit the priority.
    const placement = placeBenchmark();
    const collectGarbage = exposeGarbageCollector();
    process.stderr.write('workspace: compiling the artifacts with solc-js\n');
    const typical = compileAbout(100_000);
    const large = compileAbout(2_000_000);
    // The smaller sizes of the generated project: no `move` functions, and two of them.
    const small = compile(0);
    const medium = compile(2);
    const kB = (text: string): string => `${(text.length / 1024).toFixed(0)} kB`;
    const checks: Check[] = [];

    const check = parseFoundryArtifact('out/Vault.sol/Vault.json', typical.foundry);
    const abiLength = (JSON.parse(typical.foundry) as { abi: unknown[] }).abi.length;
    if (check.problems.length > 0 || check.artifacts[0]?.abi.length !== abiLength) {
        throw new Error(`the artifact did not parse whole: ${check.problems.join('; ')}`);
    }
    process.stderr.write('workspace: parsing\n');
    // Warm-up: the first calls compile the parser's code paths.
    for (let i = 0; i < 50; i++) parseFoundryArtifact('out/Vault.sol/Vault.json', typical.foundry);
    const foundryFile = (i: number): string => `out/Vault${i}.sol/Vault.json`;
    checks.push(
        timed(
            `Foundry artifact, parse: ${kB(typical.foundry)} (AST, metadata, bytecode)`,
            perItem(perRound, (i) => parseFoundryArtifact(foundryFile(i), typical.foundry)),
            `per artifact; ${perRound} per round, ${rounds} rounds; 2 ms budget`,
            2_000,
        ),
        timed(
            `JSON.parse alone of the same ${kB(typical.foundry)}`,
            perItem(perRound, () => JSON.parse(typical.foundry) as unknown),
            'the floor: what any reader of the file pays',
        ),
        timed(
            `Hardhat artifact of the same contract, parse: ${kB(typical.hardhat)}`,
            perItem(perRound, (i) =>
                parseHardhatArtifact(`artifacts/src/Vault${i}.sol/Vault.json`, typical.hardhat),
            ),
            `per artifact; no AST in Hardhat's artifact`,
        ),
    );
    const largeRuns = Math.max(5, Math.round(perRound / 100));
    checks.push(
        timed(
            `Foundry artifact, parse: ${kB(large.foundry)}`,
            perItem(largeRuns, (i) => parseFoundryArtifact(foundryFile(i), large.foundry)),
            `per artifact; ${largeRuns} per round`,
        ),
    );

    process.stderr.write('workspace: the index\n');
    const parsed: FileKnowledge[] = Array.from({ length: perRound }, (_, i) =>
        parseFoundryArtifact(foundryFile(i), typical.foundry),
    );
    const setTimes: number[] = [];
    const heaps: number[] = [];
    let index = new WorkspaceIndex();
    for (let round = 0; round < rounds; round++) {
        index = new WorkspaceIndex();
        const t0 = performance.now();
        for (const knowledge of parsed) index.set(knowledge);
        setTimes.push(((performance.now() - t0) * 1000) / parsed.length);
    }
    // What the index keeps: parsed inside the round and handed over, so nothing else holds them.
    for (let round = 0; round < Math.max(3, Math.round(rounds / 2)); round++) {
        index = new WorkspaceIndex();
        collectGarbage();
        const base = process.memoryUsage().heapUsed;
        for (let i = 0; i < perRound; i++) {
            index.set(parseFoundryArtifact(foundryFile(i), typical.foundry));
        }
        collectGarbage();
        heaps.push((process.memoryUsage().heapUsed - base) / 1e6);
    }
    const stats = index.stats();
    const entries = parsed[0]!.artifacts[0]!.abi.length;
    checks.push(
        timed(
            `index.set() of ${perRound} artifacts of ${entries} ABI entries each`,
            setTimes,
            `per artifact; ${stats.abiEntries} distinct entries after interning`,
        ),
        {
            name: `index heap with ${perRound} such artifacts`,
            unit: 'MB',
            value: median(heaps),
            spreadPercent: iqrPercent(heaps),
            detail: `after a full GC, each artifact parsed and handed to the index (which then holds the only reference): ${((median(heaps) * 1e6) / perRound / 1024).toFixed(1)} kB per artifact`,
        },
    );
    const selector = typical.selector;
    if (index.functions(selector).length !== 1)
        throw new Error('the selector lookup found nothing');
    checks.push(
        timed(
            'index.functions(selector) with 1 candidate',
            perItem(100_000, () => index.functions(selector)),
            `per lookup; ${stats.files} files in the index`,
        ),
    );

    const templates = [template(small), template(medium), template(typical)] as const;
    const built = await workspaceBuildChecks(
        templates,
        { ast: false, rounds: buildRounds, budgeted: true },
        collectGarbage,
    );
    const builtWithAst = await workspaceBuildChecks(
        templates,
        { ast: true, rounds: Math.max(3, Math.ceil(buildRounds / 2)), budgeted: false },
        collectGarbage,
    );
    checks.push(...built.checks, ...builtWithAst.checks);
    checks.push(
        ...(await scalingChecks(
            templates,
            { artifacts: workspaceArtifacts, runs: built.workerRuns },
            collectGarbage,
        )),
    );
    process.stderr.write('workspace: decoding\n');
    checks.push(...(await decodeChecks()));

    const fmt = (c: BenchCheck): string =>
        c.unit === 'µs'
            ? c.value >= 1000
                ? `${(c.value / 1000).toFixed(2)} ms`
                : `${c.value.toFixed(c.value >= 100 ? 0 : 2)} µs`
            : `${c.value.toFixed(2)} ${c.unit}`;
    writeChecks(
        'workspace',
        `Workspace contract files: parse times of solc-compiled artifacts in Foundry's and Hardhat's layout, the index, the index of a generated ${workspaceArtifacts.toLocaleString('en-US')}-artifact project as the extension builds it, and decoding a transaction. Medians over ${rounds} rounds (index builds: ${buildRounds} per mode); spread is half the interquartile range.`,
        checks,
        fmt,
        {
            placement: placement.note,
            rounds,
            perRound,
            buildRounds,
            generatedWorkspace: {
                defaultOutput: built.workspace,
                withAst: builtWithAst.workspace,
                worker: built.worker,
            },
        },
        `; ${placement.note}`,
    );
}

if (require.main === module) exitWhenDone(main());
