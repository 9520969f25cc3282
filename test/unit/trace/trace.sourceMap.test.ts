/**
 * From a program counter to a Solidity line (core/trace: sourceMap.ts, codeMatch.ts) over real
 * solc output: the committed Foundry and Hardhat trees of test/fixtures/trace-workspace (written
 * by test/realnode/contract/compile.mjs with solc-js) and a contract compiled here with solc, whose
 * file holds characters of every UTF-8 width before the line that reverts. The decompression is
 * held to a plain reading of solc's documented format; matching masks only immutables, library
 * addresses and the metadata tail; hostile source maps are refused, not read.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import {
    compiledCode,
    decompressSourceMap,
    instructionCount,
    instructionIndexes,
    isSourceMapProblem,
    matchCode,
    metadataTail,
    rangeAt,
    SourceText,
    type CompiledCode,
    type SourceMapTable,
} from '../../../src/core/trace';
import { readImmutableReferences } from '../../../src/core/workspace/bytecode';
import { fixturesDir } from '../../helpers/fixtures';

const traceWorkspace = path.join(fixturesDir, 'trace-workspace');

interface FoundryJson {
    deployedBytecode: { object: string; sourceMap: string; immutableReferences?: unknown };
    bytecode: { object: string; sourceMap: string };
}

function foundry(name: string): FoundryJson {
    return JSON.parse(
        readFileSync(path.join(traceWorkspace, 'foundry/out/TraceLab.sol', `${name}.json`), 'utf8'),
    ) as FoundryJson;
}

function runtimeOf(name: string): CompiledCode {
    const json = foundry(name);
    const ranges = readImmutableReferences(json.deployedBytecode.immutableReferences);
    assert.notEqual(ranges, 'invalid');
    const code = compiledCode(
        json.deployedBytecode.object,
        json.deployedBytecode.sourceMap,
        ranges === 'invalid' ? [] : ranges,
    );
    assert.ok(!('problem' in code), JSON.stringify(code));
    return code;
}

/** solc's format read the plain way: split, then each empty field repeats the one before. */
function referenceEntries(map: string): [number, number, number, string][] {
    const out: [number, number, number, string][] = [];
    let previous: [number, number, number, string] = [-1, -1, -1, '-'];
    for (const entry of map.split(';')) {
        const fields = entry.split(':');
        const next: [number, number, number, string] = [...previous];
        for (let i = 0; i < 4; i++) {
            const field = fields[i];
            if (field === undefined || field === '') continue;
            if (i < 3) next[i] = Number(field);
            else next[3] = field;
        }
        out.push(next);
        previous = next;
    }
    return out;
}

function table(map: string, max = 1_000_000): SourceMapTable {
    const read = decompressSourceMap(map, max);
    assert.ok(!isSourceMapProblem(read), JSON.stringify(read));
    return read;
}

function markerLine(text: string, marker: string): number {
    return text.split('\n').findIndex((line) => line.endsWith(`// @revert ${marker}`)) + 1;
}

describe('(unit) trace: source maps and code matching over real solc output', () => {
    const hardhatInfo = (): {
        output: {
            contracts: Record<
                string,
                Record<string, { evm: { deployedBytecode: { sourceMap: string } } }>
            >;
        };
    } => {
        const dir = path.join(traceWorkspace, 'hardhat/artifacts/build-info');
        const name = readFileSync(
            path.join(traceWorkspace, 'hardhat/artifacts/contracts/TraceLab.sol/Entry.dbg.json'),
            'utf8',
        );
        const buildInfo = (JSON.parse(name) as { buildInfo: string }).buildInfo.split('/').pop()!;
        return JSON.parse(readFileSync(path.join(dir, buildInfo), 'utf8')) as ReturnType<
            typeof hardhatInfo
        >;
    };

    it('decompresses every source map of both trees as solc documents the format', () => {
        const maps: string[] = [];
        for (const name of ['Entry', 'Leaf', 'Relay']) {
            const json = foundry(name);
            maps.push(json.deployedBytecode.sourceMap, json.bytecode.sourceMap);
        }
        for (const byName of Object.values(hardhatInfo().output.contracts)) {
            for (const contract of Object.values(byName)) {
                maps.push(contract.evm.deployedBytecode.sourceMap);
            }
        }
        assert.ok(maps.length >= 9);
        for (const map of maps) {
            const read = table(map);
            const expected = referenceEntries(map);
            assert.equal(read.count, expected.length);
            for (let i = 0; i < read.count; i++) {
                const [s, l, f, j] = expected[i]!;
                assert.deepEqual(
                    [read.start[i], read.length[i], read.file[i], read.jump[i]],
                    [s, l, f, j === 'i' ? 1 : j === 'o' ? 2 : 0],
                    `entry ${i}`,
                );
            }
        }
    });

    it('numbers instructions past PUSH data, and the map covers the code before its data', () => {
        const code = runtimeOf('Entry');
        const indexes = instructionIndexes(code.bytes);
        // Byte 0 is PUSH1 0x80: its data byte is no instruction.
        assert.equal(code.bytes[0], 0x60);
        assert.deepEqual([indexes[0], indexes[1], indexes[2]], [0, -1, 1]);
        const count = instructionCount(code.bytes);
        assert.equal(Math.max(...indexes) + 1, count);
        // Entry's code embeds Leaf's creation code and the metadata after its own instructions:
        // the source map stops where they begin.
        const map = table(code.sourceMap, count);
        assert.ok(map.count < count, `${map.count} entries, ${count} instructions`);
    });

    it("puts Leaf's REVERT of TooDeep on the marked line, and its data bytes on nothing", () => {
        const code = runtimeOf('Leaf');
        const map = table(code.sourceMap, instructionCount(code.bytes));
        const indexes = instructionIndexes(code.bytes);
        const text = readFileSync(path.join(traceWorkspace, 'foundry/src/TraceLab.sol'));
        const source = new SourceText(text);
        const reverts: number[] = [];
        for (let pc = 0; pc < code.bytes.length; pc++) {
            if (indexes[pc]! < 0 || code.bytes[pc] !== 0xfd) continue;
            const range = rangeAt(map, indexes, pc);
            // Source id 1 is TraceLab.sol in the Foundry build info.
            if (range?.file === 1) reverts.push(source.position(range.start)!.line);
        }
        assert.ok(reverts.includes(markerLine(text.toString('utf8'), 'leaf')), String(reverts));
        // The byte after PUSH1 is data, not an instruction.
        assert.equal(rangeAt(map, indexes, 1), undefined);
        assert.equal(rangeAt(map, indexes, -1), undefined);
        assert.equal(rangeAt(map, indexes, code.bytes.length + 5), undefined);
        assert.equal(rangeAt(map, indexes, 1.5), undefined);
    });

    it('counts columns in UTF-16 units over a file with every UTF-8 width, compiled by solc here', () => {
        const solc = createRequire(__filename)('solc') as { compile(input: string): string };
        const content = [
            '// SPDX-License-Identifier: MIT',
            'pragma solidity ^0.8.24;',
            '// é ✓ 𝔘 — widths 2, 3 and 4',
            'contract Wide {',
            '    function go(uint256 x) external pure returns (uint256) {',
            '        /* 𝔘𝔘 */ require(x < 1, unicode"é"); // @revert wide',
            '        return x;',
            '    }',
            '}',
            '',
        ].join('\n');
        const output = JSON.parse(
            solc.compile(
                JSON.stringify({
                    language: 'Solidity',
                    sources: { 'Wide.sol': { content } },
                    settings: {
                        evmVersion: 'paris',
                        outputSelection: {
                            '*': {
                                '*': [
                                    'evm.deployedBytecode.object',
                                    'evm.deployedBytecode.sourceMap',
                                ],
                            },
                        },
                    },
                }),
            ),
        ) as {
            errors?: { severity: string; formattedMessage: string }[];
            contracts: Record<
                string,
                Record<string, { evm: { deployedBytecode: { object: string; sourceMap: string } } }>
            >;
        };
        assert.deepEqual(
            (output.errors ?? [])
                .filter((e) => e.severity === 'error')
                .map((e) => e.formattedMessage),
            [],
        );
        const deployed = output.contracts['Wide.sol']!['Wide']!.evm.deployedBytecode;
        const code = compiledCode(`0x${deployed.object}`, deployed.sourceMap, []) as CompiledCode;
        const map = table(code.sourceMap, instructionCount(code.bytes));
        const indexes = instructionIndexes(code.bytes);
        const text = new SourceText(Buffer.from(content, 'utf8'));
        const lines = new Set<string>();
        for (let pc = 0; pc < code.bytes.length; pc++) {
            if (indexes[pc]! < 0 || code.bytes[pc] !== 0xfd) continue;
            const range = rangeAt(map, indexes, pc);
            if (range?.file !== 0) continue;
            const at = text.position(range.start)!;
            lines.add(`${at.line}:${at.column}`);
        }
        // `require` starts after 8 spaces and `/* 𝔘𝔘 */ ` (two surrogate pairs): column 20 in
        // UTF-16 units, where counting bytes would say 24.
        assert.ok(lines.has('6:20'), [...lines].join(' '));
        assert.equal(text.lineText(6, 200), '/* 𝔘𝔘 */ require(x < 1, unicode"é"); // @revert wide');
        assert.equal(text.lineCount, 10);
        assert.equal(text.position(Buffer.byteLength(content) + 1), undefined);
        assert.deepEqual(text.position(Buffer.byteLength(content)), { line: 10, column: 1 });
    });

    it('refuses hostile source maps instead of reading them', () => {
        const problem = (map: string): string => {
            const read = decompressSourceMap(map, 100);
            assert.ok(isSourceMapProblem(read), map);
            return read.problem;
        };
        assert.match(problem('1:2:0:x'), /jump field/);
        assert.match(problem('1:2:0:-:0:9'), /more than 5 fields/);
        assert.match(problem('99999999999:1:0'), /32 bits/);
        assert.match(problem('1:2:<script>'), /outside its format/);
        assert.match(problem('-:1:0'), /minus sign without digits/);
        // A map longer than the code's instructions is read only that far.
        const long = `${'1:2:0;'.repeat(1_000_000)}1:2:0`;
        const read = decompressSourceMap(long, 10);
        assert.ok(!isSourceMapProblem(read));
        assert.equal(read.count, 10);
        // An entry with a negative offset or length is no place.
        const empty = table('-1:-1:-1;5:2:0');
        const indexes = new Int32Array([0, 1]);
        assert.equal(rangeAt(empty, indexes, 0), undefined);
        assert.deepEqual(rangeAt(empty, indexes, 1), {
            start: 5,
            length: 2,
            file: 0,
            jump: 'none',
        });
    });

    it('matches chain code with its immutables, library addresses and metadata masked, nothing else', () => {
        const leaf = runtimeOf('Leaf');
        assert.ok(leaf.immutables.length > 0);
        const deployed = Buffer.from(leaf.bytes);
        for (const [start, length] of leaf.immutables) deployed.fill(0x42, start, start + length);
        assert.equal(matchCode(deployed, leaf, 'runtime'), 'exact');
        // One byte of code changed: another contract.
        const other = Buffer.from(deployed);
        other[10] = other[10]! ^ 1;
        assert.equal(matchCode(other, leaf, 'runtime'), undefined);
        // The metadata hash changed (a comment in the sources): the same code, said apart.
        const tail = metadataTail(leaf.bytes)!;
        const recompiled = Buffer.from(deployed);
        recompiled[tail[0] + 10] = recompiled[tail[0] + 10]! ^ 1;
        assert.equal(matchCode(recompiled, leaf, 'runtime'), 'metadata');
        assert.equal(matchCode(deployed.subarray(1), leaf, 'runtime'), undefined);

        // A library's code starts with PUSH20 of its own address, zeros in the artifact.
        const relay = runtimeOf('Relay');
        const library = Buffer.from(relay.bytes);
        library.fill(0xab, 1, 21);
        assert.equal(matchCode(library, relay, 'runtime'), 'exact');

        // Entry links Relay: its artifact holds a placeholder where the address goes.
        const entryJson = foundry('Entry');
        assert.match(entryJson.deployedBytecode.object, /__\$[0-9a-f]{34}\$__/);
        const entry = runtimeOf('Entry');
        assert.ok(entry.links.length > 0);
        const linked = Buffer.from(
            entryJson.deployedBytecode.object
                .slice(2)
                .replace(/__\$[0-9a-f]{34}\$__/g, 'cd'.repeat(20)),
            'hex',
        );
        assert.equal(matchCode(linked, entry, 'runtime'), 'exact');

        // A creation: the creation code, then its constructor's arguments.
        const creation = compiledCode(
            foundry('Leaf').bytecode.object,
            foundry('Leaf').bytecode.sourceMap,
            [],
        ) as CompiledCode;
        const input = Buffer.concat([creation.bytes, Buffer.alloc(32, 0)]);
        assert.equal(matchCode(input, creation, 'creation'), 'exact');
        assert.equal(matchCode(creation.bytes.subarray(0, 100), creation, 'creation'), undefined);
    });

    it('refuses artifact code that is not code', () => {
        assert.deepEqual(compiledCode(undefined, '', []), { problem: 'the artifact has no code' });
        assert.deepEqual(compiledCode('0x', '', []), { problem: 'the artifact has no code' });
        assert.match((compiledCode('0x600', '', []) as { problem: string }).problem, /whole bytes/);
        assert.match((compiledCode('0xzz', '', []) as { problem: string }).problem, /not hex/);
        assert.match(
            (compiledCode('0x6001', '', [[1, 40]]) as { problem: string }).problem,
            /outside its code/,
        );
        assert.match(
            (compiledCode('0x6001', undefined, []) as { problem: string }).problem,
            /no source map/,
        );
        assert.match(
            (compiledCode(`0x${'60'.repeat(1024 * 1024 + 1)}`, '', []) as { problem: string })
                .problem,
            /within 1 MiB/,
        );
    });
});
