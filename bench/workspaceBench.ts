/**
 * The workspace's contract files: how long a Foundry artifact of realistic size takes to parse
 * (most of its bytes are the AST, solc's metadata and the bytecode, all of which `JSON.parse` reads
 * and the parser then skips), next to `JSON.parse` alone on the same text, which is the floor; the
 * same contract as a Hardhat artifact (no AST); one large artifact; and the index: adding 1,000
 * artifacts, the heap they keep, and a selector lookup.
 *
 * The artifacts are real compiler output: a generated contract (functions, events, errors, a
 * struct, an immutable) compiled with solc-js from npm, laid out as Foundry and Hardhat write them.
 * Budget: a 100 kB Foundry artifact parses in <= 2 ms (median per artifact, 1,000 per round).
 * Prints a Markdown table and writes bench/results/workspace.{md,json}.
 *
 * Environment: BENCH_ROUNDS (default 7), BENCH_ARTIFACTS (artifacts parsed per round, default 1000).
 */
import { createRequire } from 'node:module';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

import {
    parseFoundryArtifact,
    parseHardhatArtifact,
    WorkspaceIndex,
    type FileKnowledge,
} from '../src/core/workspace';

import { iqrPercent, machineLine, markdownTable, median, writeResults } from './harness';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 7);
const perRound = Number(process.env['BENCH_ARTIFACTS'] ?? 1000);

interface Check {
    name: string;
    value: number;
    unit: 'ms' | 'µs' | 'MB';
    spreadPercent?: number;
    budget?: number;
    passed?: boolean;
    detail?: string;
}

/** See identifiersBench.ts: `gc` behind a flag set at run time. */
function exposeGarbageCollector(): () => void {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
}

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

function timed(name: string, values: number[], detail: string, budgetUs?: number): Check {
    const value = median(values);
    return {
        name,
        value,
        unit: 'µs',
        spreadPercent: iqrPercent(values),
        ...(budgetUs !== undefined ? { budget: budgetUs, passed: value <= budgetUs } : {}),
        detail,
    };
}

function main(): void {
    const collectGarbage = exposeGarbageCollector();
    process.stderr.write('workspace: compiling the artifacts with solc-js\n');
    const typical = compileAbout(100_000);
    const large = compileAbout(2_000_000);
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

    const fmt = (c: Check): string =>
        c.unit === 'µs'
            ? c.value >= 1000
                ? `${(c.value / 1000).toFixed(2)} ms`
                : `${c.value.toFixed(c.value >= 100 ? 0 : 2)} µs`
            : `${c.value.toFixed(2)} ${c.unit}`;
    const rows = checks.map((c) => [
        c.name,
        fmt(c),
        c.spreadPercent !== undefined ? `±${c.spreadPercent.toFixed(0)}%` : '',
        c.budget !== undefined ? `≤ ${c.budget} ${c.unit}` : '',
        c.budget === undefined ? 'INFO' : c.passed ? 'PASS' : 'MISS',
        c.detail ?? '',
    ]);
    const stamp = new Date().toISOString();
    const machine = machineLine();
    const text = [
        `Workspace contract files: parse times of solc-compiled artifacts in Foundry's and Hardhat's layout, and the index. Medians over ${rounds} rounds; spread is half the interquartile range.`,
        `Machine: ${machine}. Taken ${stamp}.`,
        '',
        markdownTable(['measure', 'median', 'spread', 'budget', 'verdict', 'detail'], rows),
    ].join('\n');
    console.log(text);
    writeResults('workspace', text, { stamp, machine, rounds, perRound, checks });
}

if (require.main === module) {
    try {
        main();
        process.exit(0);
    } catch (error) {
        console.error(error);
        process.exit(1);
    }
}
