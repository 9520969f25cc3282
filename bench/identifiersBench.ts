/**
 * Throughput of the identifier detector on a mixed source corpus (Solidity, TypeScript, JSON,
 * Markdown, .env, Go, YAML with real ids sprinkled in), and its time on 1 MB single-line
 * adversarial inputs built to defeat a scanner (near-misses, giant runs, checksum-heavy tokens).
 * Budgets: >= 100 MB/s on the corpus; every adversarial case < 50 ms. Everything is generated
 * deterministically from a seed. Prints a Markdown table and writes bench/results/identifiers.{md,json}.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32 } from '@scure/base';

import { clearIdentifierCache, findIdentifiers } from '../src/core/identifiers';
import { resetScanCounters, scanCounters } from '../src/core/ids/scanCounters';
import { cb58Encode } from '../src/core/ids/cb58';

import { markdownTable, median, exposeGarbageCollector } from './harness';

/** A seeded generator (mulberry32), so that the corpus and the cases are the same on every run. */
export function seededRandom(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
}

function randomBytes(random: () => number, length: number): Uint8Array {
    return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const base58Chars = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const bech32Chars = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const hexChars = '0123456789abcdef';

function pick(random: () => number, alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)]!;
    return out;
}

/** Real, valid ids of every kind, computed with the shared cb58 helper, @scure/base and @noble/hashes. */
export const makeIds = {
    address: (random: () => number): string => {
        const lower = hexOf(randomBytes(random, 20));
        const hash = keccak_256(new TextEncoder().encode(lower));
        let out = '0x';
        for (let i = 0; i < 40; i++) {
            const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 15;
            out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
        }
        return out;
    },
    hash: (random: () => number): string => `0x${hexOf(randomBytes(random, 32))}`,
    cb58: (random: () => number): string => cb58Encode(randomBytes(random, 32)),
    nodeId: (random: () => number): string => `NodeID-${cb58Encode(randomBytes(random, 20))}`,
    pAddress: (random: () => number, hrp = 'avax'): string =>
        `P-${bech32.encode(hrp, bech32.toWords(randomBytes(random, 20)))}`,
};

/** Builds a string of about `size` characters by repeating `next()`. */
function fill(size: number, next: () => string): string {
    const parts: string[] = [];
    let length = 0;
    while (length < size) {
        const part = next();
        parts.push(part);
        length += part.length;
    }
    // A flat string, like a document's text, rather than a view into a longer one.
    return Buffer.from(parts.join('').slice(0, size), 'latin1').toString('latin1');
}

export interface AdversarialCase {
    name: string;
    text: string;
    /** Near-misses carry the < 50 ms budget; lines of distinct valid ids show the cost of one checksum per id. */
    nearMiss: boolean;
}

/**
 * Single-line adversarial inputs of `size` characters: near-misses aimed at each way a scanner can
 * go wrong, then lines of distinct valid ids (every token needs its own checksum).
 */
export function adversarialCases(size: number): AdversarialCase[] {
    const r = seededRandom(7);
    const cases: { name: string; text: string }[] = [
        { name: '`0x` + 39 hex, spaced', text: fill(size, () => `0x${pick(r, hexChars, 39)} `) },
        {
            name: '`0x` + 39 hex, glued (one word)',
            text: fill(size, () => `0x${pick(r, hexChars, 39)}`),
        },
        { name: '`0x` + 41 hex, spaced', text: fill(size, () => `0x${pick(r, hexChars, 41)} `) },
        { name: 'one giant hex run', text: `0x${pick(r, hexChars, size - 2)}` },
        { name: 'one giant base58 run', text: pick(r, base58Chars, size) },
        {
            name: 'base58 words of id length, spaced',
            text: fill(size, () => `${pick(r, base58Chars, 49)} `),
        },
        {
            name: 'base58 words of id length, quoted',
            text: fill(size, () => `"${pick(r, base58Chars, 49)}",`),
        },
        {
            name: '`NodeID-` + 33 base58 (bad checksum)',
            text: fill(size, () => `NodeID-${pick(r, base58Chars, 33)} `),
        },
        { name: '`NodeID-` chained', text: fill(size, () => 'NodeID-') },
        {
            name: '`P-avax1` + 38 bech32 (bad checksum)',
            text: fill(size, () => `P-avax1${pick(r, bech32Chars, 38)} `),
        },
        {
            name: '`P-avax1` + junk, glued',
            text: fill(size, () => `P-avax1${pick(r, base58Chars, 5)}`),
        },
        { name: '`P-` chained', text: fill(size, () => 'P-') },
        {
            name: '`\\n` escapes before near-misses',
            text: fill(size, () => `\\n0x${pick(r, hexChars, 39)}`),
        },
        {
            name: 'valid mixed-case addresses, distinct',
            text: fill(size, () => `${makeIds.address(r)},`),
        },
        { name: 'valid tx hashes, distinct', text: fill(size, () => `${makeIds.hash(r)},`) },
        { name: 'valid cb58 ids, distinct', text: fill(size, () => `${makeIds.cb58(r)},`) },
        {
            name: 'valid P-Chain addresses, distinct',
            text: fill(size, () => `${makeIds.pAddress(r)},`),
        },
    ];
    return cases.map((c) => ({ ...c, nearMiss: !c.name.startsWith('valid ') }));
}

/**
 * A mixed source corpus of about `size` characters: Solidity, TypeScript, JSON, Markdown, .env,
 * Go and YAML files of ordinary code with ids sprinkled in (about one per 600 characters; most
 * come from a pool, as a workspace repeats its own contracts and chains).
 */
export function mixedCorpus(size: number): string {
    const r = seededRandom(42);
    const kinds = [
        makeIds.address,
        makeIds.hash,
        makeIds.cb58,
        makeIds.nodeId,
        makeIds.pAddress,
    ] as const;
    const pool = Array.from({ length: 400 }, (_, i) => kinds[i % kinds.length]!(r));
    const fresh = (): string => kinds[Math.floor(r() * kinds.length)]!(r);
    const id = (): string => (r() < 0.8 ? pool[Math.floor(r() * pool.length)]! : fresh());
    const int = (): number => Math.floor(r() * 1000);
    const word = (): string => pick(r, 'abcdefghijklmnopqrstuvwxyz', 3 + Math.floor(r() * 8));
    const name = (): string => word() + word()[0]!.toUpperCase() + word();
    const sentence = (): string => Array.from({ length: 6 + Math.floor(r() * 10) }, word).join(' ');
    const codeLines: (() => string)[] = [
        () => `        const ${name()} = await ${word()}.${name()}(${word()}, ${int()});`,
        () => `        if (${word()}.length > ${int()} && !${name()}) return ${word()};`,
        () => `        // ${sentence()}`,
        () => `        ${word()}.push({ ${word()}: ${name()}, ${word()}: '${word()}' });`,
        () =>
            `        for (let i = 0; i < ${name()}.length; i++) total += ${word()}[i] * ${int()};`,
        () => `        throw new Error(\`${sentence()}: \${${word()}}\`);`,
    ];
    const code = (lines: number): string =>
        Array.from({ length: lines }, () => codeLines[Math.floor(r() * codeLines.length)]!()).join(
            '\n',
        );
    const files: (() => string)[] = [
        () => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice ${sentence()}
contract ${name()}Vault {
    address public constant TOKEN = ${makeIds.address(r)};
    mapping(address => uint256) private balances;
    uint256 public ${name()} = ${int()};

    function deposit(uint256 amount) external {
        require(amount > ${int()}, "${sentence()}");
        IERC20(address(${id()})).transferFrom(msg.sender, address(this), amount);
        balances[msg.sender] += amount;
        emit Deposited(msg.sender, amount, block.timestamp);
    }

    /// ${sentence()}
    function ${name()}(uint256 ${word()}, uint256 ${word()}) internal pure returns (uint256) {
        uint256 ${word()} = ${word()} * 10 ** 18 / (${word()} + ${int()});
        return ${word()} > ${int()} ? ${word()} : ${int()};
    }
}
`,
        () => `import { ${name()}, type ${name()} } from './${word()}';

export const config = {
    rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
    owner: '${id()}',
    retries: ${int()},
};

export async function ${name()}(client: Client, ${word()}: string): Promise<number> {
    let total = 0;
${code(8)}
    return total;
}

export function ${name()}(${word()}: readonly string[]): string[] {
${code(6)}
    return ${word()}.filter((x) => x !== '${word()}');
}
`,
        () => `{
  "name": "${word()}",
  "version": "${int()}.${int()}.0",
  "description": "${sentence()}",
  "subnetId": "${id()}",
  "validators": ["${id()}"],
  "weight": ${int()},
  "${name()}": { "enabled": true, "limit": ${int()}, "mode": "${word()}" }
}
`,
        () => `## ${sentence()}

${sentence()}. ${sentence()}, see \`${id()}\` in the [explorer](https://subnets.avax.network/).
${sentence()}. ${sentence()}.

\`\`\`ts
${code(5)}
\`\`\`

${sentence()}. ${sentence()}. ${sentence()}.
`,
        () => `# ${sentence()}
PRIVATE_RPC=https://${word()}.example.com/ext/bc/C/rpc
CONTRACT_ADDRESS=${id()}
CHAIN_ID=43114
LOG_LEVEL=${word()}
${word().toUpperCase()}_TIMEOUT_MS=${int()}
`,
        () => `func ${name()}(ctx context.Context, ${word()} string) error {
	id, err := ids.FromString("${id()}")
	if err != nil {
		return fmt.Errorf("${sentence()}: %w", err)
	}
	for _, ${word()} := range ${name()} {
		if ${word()}.${name()}() > ${int()} {
			log.Info("${sentence()}", zap.Stringer("id", id))
		}
	}
	return nil
}
`,
        () => `${word()}:
  enabled: true
  subnet: ${id()}
  note: ${sentence()}
  limits: [${int()}, ${int()}]
  ${word()}: ${word()}
`,
    ];
    return fill(size, () => files[Math.floor(r() * files.length)]!());
}

function time(run: () => void): number {
    const t0 = performance.now();
    run();
    return performance.now() - t0;
}

/** Scan sizes of the scaling rows: how the cost of a hover's scan grows with the file. */
const scalingSizes = [10_000, 100_000, 1_000_000, 10_000_000];

/**
 * Past this ratio of per-kilobyte cost between the largest and the smallest size the scan is
 * called not linear (below it the difference is the fixed cost of a call and the machine's noise).
 */
const linearRatio = 1.5;

interface ScalingPoint {
    readonly chars: number;
    readonly medianMs: number;
    readonly usPerKb: number;
}

/**
 * The scan of the mixed corpus at each of `scalingSizes`, cold token cache as in the rounds
 * above; enough runs per size that the small ones are not one timer tick.
 */
function scaling(collectGarbage: () => void): { points: ScalingPoint[]; ratio: number } {
    const points = scalingSizes.map((size) => {
        const text = mixedCorpus(size);
        const runs = size >= 10_000_000 ? 5 : 21;
        const repeat = Math.max(1, Math.round(1_000_000 / size));
        for (let i = 0; i < 2; i++) findIdentifiers(text);
        const times: number[] = [];
        for (let run = 0; run < runs; run++) {
            collectGarbage();
            const t0 = performance.now();
            for (let r = 0; r < repeat; r++) {
                clearIdentifierCache();
                findIdentifiers(text);
            }
            times.push((performance.now() - t0) / repeat);
        }
        const ms = median(times);
        return { chars: text.length, medianMs: ms, usPerKb: (ms * 1000) / (text.length / 1000) };
    });
    return { points, ratio: points.at(-1)!.usPerKb / points[0]!.usPerKb };
}

interface Contestant {
    name: string;
    run: () => void;
    times: number[];
}

function main(): void {
    const collectGarbage = exposeGarbageCollector();
    const corpusSize = 8_000_000;
    const rounds = 21;
    const adversarialSize = 1_000_000;

    const corpus = mixedCorpus(corpusSize);
    const corpusMb = Buffer.byteLength(corpus) / 1e6;
    const cases = adversarialCases(adversarialSize);
    // Warm up the JIT on the corpus and on every adversarial shape before measuring.
    for (let i = 0; i < 3; i++) findIdentifiers(corpus);
    for (const c of cases) findIdentifiers(c.text);

    const found = findIdentifiers(corpus);
    const counts = new Map<string, number>();
    for (const id of found) counts.set(id.kind, (counts.get(id.kind) ?? 0) + 1);

    let sink = 0;
    const contestants: Contestant[] = [
        { name: 'corpus', run: () => void findIdentifiers(corpus), times: [] },
        {
            // The cheapest possible pass: read every character once and do nothing with it.
            name: 'baseline',
            run: () => {
                let sum = 0;
                for (let k = 0; k < corpus.length; k++) sum = (sum + corpus.charCodeAt(k)) | 0;
                sink ^= sum;
            },
            times: [],
        },
        ...cases.map((c) => ({ name: c.name, run: () => void findIdentifiers(c.text), times: [] })),
    ];
    // Rounds interleave the contestants, so that a busy neighbour on a shared machine slows them
    // alike instead of ruining one row. Each run starts with a cold cache and a collected heap.
    for (let round = 0; round < rounds; round++) {
        for (const c of contestants) {
            clearIdentifierCache();
            collectGarbage();
            c.times.push(time(c.run));
        }
    }
    const timesOf = (name: string): number[] => contestants.find((c) => c.name === name)!.times;
    const scanMbPerS = timesOf('corpus').map((ms) => corpusMb / (ms / 1000));
    const baselineMbPerS = timesOf('baseline').map((ms) => corpusMb / (ms / 1000));
    const scanMedian = median(scanMbPerS);

    const rows: string[][] = [
        [
            `mixed corpus (${corpusMb.toFixed(1)} MB, ${found.length} ids)`,
            `${scanMedian.toFixed(0)} MB/s`,
            `${Math.min(...scanMbPerS).toFixed(0)}–${Math.max(...scanMbPerS).toFixed(0)} MB/s`,
            '>= 100 MB/s',
            scanMedian >= 100 ? 'PASS' : 'MISS',
        ],
        [
            'baseline: bare charCodeAt loop, same corpus',
            `${median(baselineMbPerS).toFixed(0)} MB/s`,
            `${Math.min(...baselineMbPerS).toFixed(0)}–${Math.max(...baselineMbPerS).toFixed(0)} MB/s`,
            '',
            '',
        ],
    ];
    const adversarial: {
        name: string;
        nearMiss: boolean;
        medianMs: number;
        minMs: number;
        maxMs: number;
        readsPerChar: number;
        checksums: number;
        found: number;
    }[] = [];
    for (const c of cases) {
        clearIdentifierCache();
        resetScanCounters();
        const count = findIdentifiers(c.text).length;
        const times = timesOf(c.name);
        const entry = {
            name: c.name,
            nearMiss: c.nearMiss,
            medianMs: median(times),
            minMs: Math.min(...times),
            maxMs: Math.max(...times),
            readsPerChar: scanCounters.charReads / c.text.length,
            checksums: scanCounters.checksumChecks,
            found: count,
        };
        adversarial.push(entry);
        rows.push([
            `1 MB line: ${c.name} (${count} found, ${entry.checksums} checksums, ${entry.readsPerChar.toFixed(2)} reads/char)`,
            `${entry.medianMs.toFixed(1)} ms`,
            `${entry.minMs.toFixed(1)}–${entry.maxMs.toFixed(1)} ms`,
            c.nearMiss ? '< 50 ms' : '(none)',
            c.nearMiss ? (entry.medianMs < 50 ? 'PASS' : 'MISS') : '',
        ]);
    }
    if (sink === 0) console.log('(the baseline read nothing)');

    const scaled = scaling(collectGarbage);
    const scalingVerdict = scaled.ratio <= linearRatio ? 'linear' : 'not linear';
    const sizeLabel = (chars: number): string =>
        chars >= 1e6 ? `${(chars / 1e6).toFixed(0)} MB` : `${(chars / 1e3).toFixed(0)} kB`;
    for (const p of scaled.points) {
        rows.push([
            `scan time vs file size: ${sizeLabel(p.chars)} of the mixed corpus (${p.usPerKb.toFixed(1)} µs per kB)`,
            `${p.medianMs.toFixed(p.medianMs < 1 ? 3 : 1)} ms`,
            '',
            '',
            p === scaled.points.at(-1) ? `INFO: ${scalingVerdict}` : '',
        ]);
    }

    const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const stamp = new Date().toISOString();
    const kinds = [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
    const perKb = (found.length / (corpus.length / 1000)).toFixed(2);
    const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const nearMisses = adversarial.filter((a) => a.nearMiss);
    const worstNearMiss = Math.max(...nearMisses.map((a) => a.medianMs));
    const worstValid = Math.max(...adversarial.filter((a) => !a.nearMiss).map((a) => a.medianMs));
    const verdicts = [
        `${scanMedian >= 100 ? 'PASS' : 'MISS'} corpus >= 100 MB/s (${scanMedian.toFixed(0)} MB/s, ${((scanMedian / median(baselineMbPerS)) * 100).toFixed(0)}% of the bare loop)`,
        `${worstNearMiss < 50 ? 'PASS' : 'MISS'} every 1 MB near-miss line < 50 ms (worst median ${worstNearMiss.toFixed(1)} ms)`,
        `INFO 1 MB of distinct valid ids, one checksum each: worst median ${worstValid.toFixed(1)} ms`,
        `INFO scan time vs file size, ${scaled.points.map((p) => sizeLabel(p.chars)).join(' … ')}: ${scalingVerdict} (per kB, the largest costs ${scaled.ratio.toFixed(2)}× the smallest; above ${linearRatio}× is not linear)`,
    ];
    const text = [
        `findIdentifiers: ${rounds} interleaved rounds, medians; before each run the token cache is cleared and the heap collected.`,
        `Corpus: ${perKb} ids per 1000 characters; by kind: ${kinds}.`,
        `Machine: ${machine}, load average ${load} (shared machine: compare with the baseline row). Taken ${stamp}.`,
        '',
        markdownTable(['input', 'median', 'spread', 'budget', 'verdict'], rows),
        '',
        ...verdicts,
    ].join('\n');
    console.log(text);

    const dir = path.join(__dirname, '..', '..', 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'identifiers.md'), `${text}\n`);
    const json = {
        machine,
        loadAverage: os.loadavg(),
        stamp,
        corpus: {
            megabytes: corpusMb,
            rounds,
            identifiers: found.length,
            byKind: Object.fromEntries(counts),
            mbPerSecond: {
                median: scanMedian,
                min: Math.min(...scanMbPerS),
                max: Math.max(...scanMbPerS),
            },
            baselineMbPerSecond: median(baselineMbPerS),
        },
        adversarial: { megabytes: adversarialSize / 1e6, rounds, cases: adversarial },
        scaling: {
            points: scaled.points,
            ratio: scaled.ratio,
            verdict: scalingVerdict,
            linearRatio,
        },
        verdicts,
    };
    fs.writeFileSync(path.join(dir, 'identifiers.json'), `${JSON.stringify(json, null, 2)}\n`);
}

if (require.main === module) main();
