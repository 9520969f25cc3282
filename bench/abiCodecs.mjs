#!/usr/bin/env node
// The ABI codecs on npm that issue #16 weighs, compared the way src/core/abi/decode.ts uses one:
// for each, esbuild bundles a small entry that imports only what decoding calls, events and
// reverts needs (platform node, cjs, minified, as esbuild.mjs builds dist/core.js), and the
// bundle itself is then timed and fed hostile data, so that the figures are those of the code
// that would ship. Prints two Markdown tables and writes bench/results/abiCodecs.{md,json}.
//
// Only viem (the tests' oracle) and this project's decoder are installed in the project. The
// other candidates are measured from a scratch folder, so that they never become dependencies:
//
//   npm install --prefix /tmp/abi-codecs viem ox ethers micro-eth-signer web3-eth-abi @ethersproject/abi
//   node bench/abiCodecs.mjs --modules /tmp/abi-codecs/node_modules
//
// A candidate that cannot be resolved is listed as skipped. Options: --rounds N (default 7),
// --ms N (milliseconds per timed run, default 150), --no-write (print only).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requireFromRoot = createRequire(path.join(root, 'package.json'));
const esbuild = requireFromRoot('esbuild');
const viem = requireFromRoot('viem');

const args = process.argv.slice(2);
const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const modulesDir = path.resolve(option('--modules', path.join(root, 'node_modules')));
const rounds = Number(option('--rounds', '7'));
const runMs = Number(option('--ms', '150'));
const write = !args.includes('--no-write');
const hostileTimeoutMs = 5_000;
const hostileHeapMb = 256;

// ---------------------------------------------------------------------------------------------
// The candidates. Each entry exports `call`, `log` and `error`: given one ABI entry (with its
// selector or topic, computed here), each returns the function the timed loop calls. Objects a
// codec wants built once per ABI (an ethers `Interface`, a micro-eth-signer `Decoder`) are built
// there, outside the loop, as a decoder would cache them.

const candidates = [
    {
        name: 'viem',
        detail: 'decodeFunctionData, decodeEventLog, decodeErrorResult',
        packages: ['viem'],
        source: `
            import { decodeErrorResult, decodeEventLog, decodeFunctionData } from 'viem';
            export const call = ({ entry }) => { const abi = [entry]; return (data) => decodeFunctionData({ abi, data }); };
            export const log = ({ entry }) => { const abi = [entry]; return (topics, data) => decodeEventLog({ abi, topics, data, strict: true }); };
            export const error = ({ entry }) => { const abi = [entry]; return (data) => decodeErrorResult({ abi, data }); };`,
    },
    {
        name: 'viem (parameters)',
        detail: 'decodeAbiParameters only; selector and topics matched by the caller',
        packages: ['viem'],
        source: `
            import { decodeAbiParameters } from 'viem';
            ${parametersOnly('(params) => params', '(params, hex) => decodeAbiParameters(params, hex)')}`,
    },
    {
        name: 'ox',
        detail: 'AbiFunction.decodeData, AbiEvent.decode, AbiError.decode',
        packages: ['ox'],
        source: `
            import * as AbiError from 'ox/AbiError';
            import * as AbiEvent from 'ox/AbiEvent';
            import * as AbiFunction from 'ox/AbiFunction';
            export const call = ({ entry }) => { const f = AbiFunction.from(entry); return (data) => AbiFunction.decodeData(f, data); };
            export const log = ({ entry }) => { const e = AbiEvent.from(entry); return (topics, data) => AbiEvent.decode(e, { topics, data }); };
            export const error = ({ entry }) => { const e = AbiError.from(entry); return (data) => AbiError.decode(e, data); };`,
    },
    {
        name: 'ox (parameters)',
        detail: 'AbiParameters.decode only; selector and topics matched by the caller',
        packages: ['ox'],
        source: `
            import * as AbiParameters from 'ox/AbiParameters';
            ${parametersOnly('(params) => params', '(params, hex) => AbiParameters.decode(params, hex)')}`,
    },
    {
        name: 'ethers v6',
        detail: 'Interface.decodeFunctionData, decodeEventLog, decodeErrorResult',
        packages: ['ethers'],
        source: `
            import { Interface } from 'ethers';
            const one = (entry) => { const i = new Interface([entry]); return [i, i.fragments[0]]; };
            export const call = ({ entry }) => { const [i, f] = one(entry); return (data) => i.decodeFunctionData(f, data); };
            export const log = ({ entry }) => { const [i, f] = one(entry); return (topics, data) => i.decodeEventLog(f, data, topics); };
            // Error(string) is built into an Interface, which refuses it as a user-defined error.
            export const error = ({ entry }) => {
                if (entry.name === 'Error') { const i = new Interface([]); return (data) => i.parseError(data); }
                const [i, f] = one(entry); return (data) => i.decodeErrorResult(f, data);
            };`,
    },
    {
        name: 'ethers v6 (AbiCoder)',
        detail: 'AbiCoder.decode only; selector and topics matched by the caller',
        packages: ['ethers'],
        source: `
            import { AbiCoder, ParamType } from 'ethers';
            const coder = AbiCoder.defaultAbiCoder();
            ${parametersOnly('(params) => params.map((p) => ParamType.from(p))', '(types, hex) => coder.decode(types, hex)')}`,
    },
    {
        name: 'micro-eth-signer',
        detail: 'abi.js: Decoder.decode, events().decode, decodeError',
        packages: ['micro-eth-signer'],
        source: `
            import { Decoder, decodeError, events } from 'micro-eth-signer/abi.js';
            const to = '0x0000000000000000000000000000000000000001';
            const bytes = (hex) => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
            export const call = ({ entry }) => { const d = new Decoder(); d.add(to, [entry]); return (data) => { const r = d.decode(to, bytes(data)); if (r === undefined) throw new Error('not decoded'); return r; }; };
            export const log = ({ entry }) => { const e = events([entry])[entry.name]; return (topics, data) => e.decode(topics, data); };
            export const error = ({ entry }) => { const abi = [entry]; return (data) => { const r = decodeError(data, abi); if (r === undefined) throw new Error('not decoded'); return r; }; };`,
    },
    {
        name: 'web3-eth-abi',
        detail: 'decodeFunctionCall, decodeLog, decodeParameters (errors)',
        packages: ['web3-eth-abi'],
        source: `
            import { decodeFunctionCall, decodeLog, decodeParameters } from 'web3-eth-abi';
            export const call = ({ entry }) => (data) => decodeFunctionCall(entry, data, true);
            export const log = ({ entry }) => (topics, data) => decodeLog(entry.inputs, data, topics.slice(1));
            export const error = ({ entry, selector }) => (data) => {
                if (data.slice(0, 10) !== selector) throw new Error('selector');
                return decodeParameters(entry.inputs, '0x' + data.slice(10));
            };`,
    },
    {
        name: '@ethersproject/abi (v5)',
        detail: 'Interface.decodeFunctionData, decodeEventLog, decodeErrorResult',
        packages: ['@ethersproject/abi'],
        source: `
            import { defaultAbiCoder, Interface } from '@ethersproject/abi';
            const one = (entry) => { const i = new Interface([entry]); return [i, i.fragments[0]]; };
            export const call = ({ entry }) => { const [i, f] = one(entry); return (data) => i.decodeFunctionData(f, data); };
            export const log = ({ entry }) => { const [i, f] = one(entry); return (topics, data) => i.decodeEventLog(f, data, topics); };
            // v5 refuses Error(string) as a user-defined error and has no parser for the built-in one.
            export const error = ({ entry, selector }) => {
                if (entry.name !== 'Error') { const [i, f] = one(entry); return (data) => i.decodeErrorResult(f, data); }
                return (data) => {
                    if (data.slice(0, 10) !== selector) throw new Error('selector');
                    return defaultAbiCoder.decode(['string'], '0x' + data.slice(10));
                };
            };`,
    },
    {
        name: 'this project: src/core/abi/decode.ts on viem',
        detail: 'decodeCall, decodeLog, decodeRevert: viem (parameters) with the selector and topic matching, strictness checks, bounds and display values',
        packages: ['viem'],
        project: true,
        source: `
            import { decodeCall, decodeLog, decodeRevert } from './src/core/abi/decode';
            const origin = { tool: 'built-in', file: '' };
            const ok = (r) => { if (r.status !== 'decoded') throw new Error(r.status + ': ' + (r.reason ?? '')); return r; };
            export const call = ({ entry }) => { const c = [{ entry, origin }]; return (data) => ok(decodeCall(data, c)); };
            export const log = ({ entry }) => { const c = [{ entry, origin }]; return (topics, data) => ok(decodeLog(topics, data, c)); };
            export const error = ({ entry }) => { const c = [{ entry, origin }]; return (data) => ok(decodeRevert(data, c)); };`,
    },
];

/**
 * An entry over a codec's bare parameter decoder, doing the selector and topic work itself:
 * `prepare` turns ABI parameters into what `decode` takes, once per entry.
 */
function parametersOnly(prepare, decode) {
    return `
        const prepare = ${prepare};
        const decode = ${decode};
        const plain = (p) => ({ name: p.name, type: p.type, components: p.components });
        export const call = ({ entry, selector }) => {
            const p = prepare(entry.inputs.map(plain));
            return (data) => {
                if (data.slice(0, 10) !== selector) throw new Error('selector');
                return decode(p, '0x' + data.slice(10));
            };
        };
        export const error = call;
        export const log = ({ entry, topic }) => {
            const indexed = entry.inputs.filter((p) => p.indexed).map((p) => prepare([plain(p)]));
            const rest = prepare(entry.inputs.filter((p) => !p.indexed).map(plain));
            return (topics, data) => {
                if (topics[0] !== topic || topics.length !== indexed.length + 1) throw new Error('topics');
                const values = indexed.map((p, i) => decode(p, topics[i + 1])[0]);
                return values.concat(decode(rest, data));
            };
        };`;
}

// ---------------------------------------------------------------------------------------------
// The workloads, encoded with viem.

const erc20Transfer = {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
        { name: 'to', type: 'address' },
        { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
};
const transferEvent = {
    type: 'event',
    name: 'Transfer',
    anonymous: false,
    inputs: [
        { name: 'from', type: 'address', indexed: true },
        { name: 'to', type: 'address', indexed: true },
        { name: 'value', type: 'uint256', indexed: false },
    ],
};
const errorString = { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] };
const complexCall = {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
        {
            name: 'calls',
            type: 'tuple[]',
            components: [
                { name: 'target', type: 'address' },
                { name: 'value', type: 'uint256' },
                { name: 'data', type: 'bytes' },
            ],
        },
        { name: 'labels', type: 'string[]' },
        { name: 'flags', type: 'uint8[3]' },
        {
            name: 'groups',
            type: 'tuple[][]',
            components: [
                { name: 'ok', type: 'bool' },
                { name: 'id', type: 'bytes32' },
            ],
        },
        { name: 'deadline', type: 'int64' },
    ],
    outputs: [],
};

const alice = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const bob = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
const amount = 1_234_500_000_000_000_000_000n;
const innerCall = viem.encodeFunctionData({ abi: [erc20Transfer], args: [bob, amount] });
const complexArgs = [
    [
        { target: alice, value: 0n, data: innerCall },
        { target: bob, value: 10n ** 18n, data: '0x' },
        { target: alice, value: 7n, data: innerCall },
    ],
    ['first', 'second: a longer label that spans two words', 'ünïcödé'],
    [1, 2, 255],
    [
        [
            { ok: true, id: `0x${'11'.repeat(32)}` },
            { ok: false, id: `0x${'22'.repeat(32)}` },
        ],
        [{ ok: true, id: `0x${'33'.repeat(32)}` }],
    ],
    -1_700_000_000n,
];
const revertMessage = 'ERC20: transfer amount exceeds balance';

const selectorOf = (entry) => viem.toFunctionSelector(entry);
const workloads = [
    {
        name: 'ERC-20 transfer call',
        kind: 'call',
        entry: erc20Transfer,
        input: [viem.encodeFunctionData({ abi: [erc20Transfer], args: [bob, amount] })],
        expect: [amount.toString(), bob.slice(2).toLowerCase()],
    },
    {
        name: 'Transfer log, 3 topics',
        kind: 'log',
        entry: transferEvent,
        input: [
            viem.encodeEventTopics({
                abi: [transferEvent],
                eventName: 'Transfer',
                args: { from: alice, to: bob },
            }),
            viem.encodeAbiParameters([{ type: 'uint256' }], [amount]),
        ],
        expect: [amount.toString(), alice.slice(2).toLowerCase(), bob.slice(2).toLowerCase()],
    },
    {
        name: 'Error(string) revert',
        kind: 'error',
        entry: errorString,
        input: [viem.encodeErrorResult({ abi: [errorString], args: [revertMessage] })],
        expect: [revertMessage],
    },
    {
        name: 'tuple[], string[], uint8[3], tuple[][] call',
        kind: 'call',
        entry: complexCall,
        input: [viem.encodeFunctionData({ abi: [complexCall], args: complexArgs })],
        expect: ['ünïcödé', '-1700000000', '33'.repeat(32), (10n ** 18n).toString()],
    },
];

// ---------------------------------------------------------------------------------------------
// Hostile input, each decoded in a worker with a heap cap and a deadline: a codec must throw,
// never hang or allocate without bound; it must decode calldata with trailing bytes (which
// Solidity accepts); dirty address words are only described (Solidity's decoder refuses them).

const word = (n) => BigInt(n).toString(16).padStart(64, '0');
const fn = (name, types) => ({
    type: 'function',
    name,
    stateMutability: 'nonpayable',
    inputs: types.map((type, i) => ({ name: `a${i}`, type })),
    outputs: [],
});
const bytesFn = fn('f', ['bytes']);
const stringFn = fn('g', ['string']);
const arrayFn = fn('h', ['uint256[]']);
const nestedFn = fn('k', ['uint256[][][]']);
const stringsFn = fn('m', ['string[]']);
const transferCall = workloads[0].input[0];

/** Three levels of 1,000 offsets all pointing at one shared child: 10^9 values from ~96 kB. */
function sharedTailBomb() {
    const n = 1000;
    // Each array: length word, then n offsets relative to the word after the length, all to the
    // next array, which follows directly after this one's n words.
    const level = () => word(n) + word(n * 32).repeat(n);
    return `${selectorOf(nestedFn)}${word(32)}${level()}${level()}${word(n)}${word(0).repeat(n)}`;
}

/** 2,000 strings all pointing at one 50 kB tail: 100 MB of text from 114 kB. */
function sharedStringBomb() {
    const n = 2000;
    const tail = 50_000;
    const text = '61'.repeat(tail).padEnd(Math.ceil(tail / 32) * 64, '0');
    return `${selectorOf(stringsFn)}${word(32)}${word(n)}${word(n * 32).repeat(n)}${word(tail)}${text}`;
}

const hostile = [
    {
        name: 'bytes offset 2^64 (past the end)',
        entry: bytesFn,
        data: `${selectorOf(bytesFn)}${word(2n ** 64n)}`,
        want: 'throws',
    },
    {
        name: 'string length 2^255',
        entry: stringFn,
        data: `${selectorOf(stringFn)}${word(32)}${word(2n ** 255n)}${'61'.repeat(32)}`,
        want: 'throws',
    },
    {
        name: 'uint256[] length 2^32 − 1, 3 items present',
        entry: arrayFn,
        data: `${selectorOf(arrayFn)}${word(32)}${word(2n ** 32n - 1n)}${word(1).repeat(3)}`,
        want: 'throws',
    },
    {
        name: 'uint256[] length 2^255',
        entry: arrayFn,
        data: `${selectorOf(arrayFn)}${word(32)}${word(2n ** 255n)}${word(1).repeat(3)}`,
        want: 'throws',
    },
    {
        name: 'uint256[][][] sharing one tail (10^9 values in 96 kB)',
        entry: nestedFn,
        data: sharedTailBomb(),
        want: 'throws',
    },
    {
        name: 'string[] sharing one tail (100 MB of text in 114 kB)',
        entry: stringsFn,
        data: sharedStringBomb(),
        want: 'throws',
    },
    {
        name: 'ERC-20 transfer cut by one byte',
        entry: erc20Transfer,
        data: transferCall.slice(0, -2),
        want: 'throws',
    },
    {
        name: 'ERC-20 transfer + 20 trailing bytes (ERC-2771 style)',
        entry: erc20Transfer,
        data: `${transferCall}${'ab'.repeat(20)}`,
        want: 'decodes',
    },
    {
        name: 'address word with dirty high bytes',
        entry: erc20Transfer,
        data: `${transferCall.slice(0, 10)}${'ff'.repeat(12)}${transferCall.slice(34)}`,
        want: 'either',
    },
];

// ---------------------------------------------------------------------------------------------

const scratch = mkdtempSync(path.join(os.tmpdir(), 'abi-codecs-'));

async function bundle(candidate) {
    const resolveDir = candidate.project ? root : path.dirname(modulesDir);
    const manifest = (pkg) => path.join(resolveDir, 'node_modules', pkg, 'package.json');
    for (const pkg of candidate.packages) {
        if (!existsSync(manifest(pkg)))
            return { skipped: `${pkg} is not installed in ${modulesDir}` };
    }
    let result;
    try {
        result = await esbuild.build({
            stdin: {
                contents: candidate.source,
                resolveDir,
                sourcefile: 'entry.mjs',
                loader: 'ts',
            },
            bundle: true,
            platform: 'node',
            format: 'cjs',
            target: 'node20',
            minify: true,
            write: false,
            logLevel: 'silent',
            metafile: true,
        });
    } catch (error) {
        return { skipped: `esbuild: ${String(error.message).split('\n')[0]}` };
    }
    const code = result.outputFiles[0].contents;
    const file = path.join(scratch, `${candidate.name.replace(/[^a-z0-9]+/gi, '-')}.cjs`);
    writeFileSync(file, code);
    const version = candidate.packages
        .map((p) => JSON.parse(readFileSync(manifest(p), 'utf8')).version)
        .join(', ');
    return { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, version };
}

function prepare(mod, workload) {
    const { entry } = workload;
    const selector = selectorOf(entry);
    const topic = entry.type === 'event' ? viem.toEventSelector(entry) : '';
    return mod[workload.kind]({ entry, selector, topic });
}

/** JSON of any codec's answer, with its integers in decimal and its bytes in hex. */
const json = (value) =>
    JSON.stringify(value, (_k, v) =>
        typeof v === 'bigint'
            ? v.toString()
            : v?.type === 'BigNumber' && typeof v.hex === 'string'
              ? (v.hex.startsWith('-') ? -BigInt(v.hex.slice(1)) : BigInt(v.hex)).toString()
              : v instanceof Uint8Array
                ? Buffer.from(v).toString('hex')
                : v,
    ) ?? '';

/** Whether a codec's answer holds the values that were encoded (in whichever shape it uses). */
function holdsExpected(result, workload) {
    const text = json(Array.isArray(result) ? [...result] : result).toLowerCase();
    const deep = (v) =>
        typeof v?.toArray === 'function'
            ? v.toArray(true).map(deep)
            : Array.isArray(v)
              ? v.map(deep)
              : v;
    const viaArray = json(deep(result)).toLowerCase();
    const missing = workload.expect.filter(
        (e) => !text.includes(e.toLowerCase()) && !viaArray.includes(e.toLowerCase()),
    );
    if (missing.length)
        console.log(`  ${workload.name}: missing ${missing.join(', ')} in ${text.slice(0, 300)}`);
    return missing.length === 0;
}

function timeOnce(run, input) {
    let ops = 0;
    const started = performance.now();
    let elapsed = 0;
    do {
        for (let i = 0; i < 64; i++) run(...input);
        ops += 64;
        elapsed = performance.now() - started;
    } while (elapsed < runMs);
    return (ops / elapsed) * 1000;
}

const median = (values) => {
    const s = [...values].sort((a, b) => a - b);
    const n = s.length;
    return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const spread = (values) => {
    const s = [...values].sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
    return ((q(0.75) - q(0.25)) / 2 / q(0.5)) * 100;
};

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const mod = require(workerData.file);
const started = performance.now();
try {
    const run = mod.call({ entry: workerData.entry, selector: workerData.selector });
    const value = run(workerData.data);
    parentPort.postMessage({ outcome: 'decodes', ms: performance.now() - started,
        detail: JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))?.slice(0, 120) ?? '' });
} catch (error) {
    parentPort.postMessage({ outcome: 'throws', ms: performance.now() - started,
        detail: String(error?.shortMessage ?? error?.message ?? error).split('\\n')[0].slice(0, 120) });
}`;

function runHostile(file, test) {
    return new Promise((resolve) => {
        const worker = new Worker(workerSource, {
            eval: true,
            workerData: {
                file,
                entry: test.entry,
                selector: selectorOf(test.entry),
                data: test.data,
            },
            resourceLimits: { maxOldGenerationSizeMb: hostileHeapMb, maxYoungGenerationSizeMb: 32 },
            stdout: true,
            stderr: true,
        });
        const started = performance.now();
        let settled = false;
        const settle = (value) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            void worker.terminate();
            resolve(value);
        };
        const timer = setTimeout(
            () =>
                settle({
                    outcome: 'timeout',
                    ms: hostileTimeoutMs,
                    detail: `still running after ${hostileTimeoutMs} ms`,
                }),
            hostileTimeoutMs,
        );
        worker.on('message', settle);
        worker.on('error', (error) =>
            settle({
                outcome: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : 'crashes',
                ms: performance.now() - started,
                detail: String(error.message).slice(0, 120),
            }),
        );
        worker.on('exit', () =>
            settle({
                outcome: 'crashes',
                ms: performance.now() - started,
                detail: 'worker exited',
            }),
        );
    });
}

// ---------------------------------------------------------------------------------------------

async function main() {
    const loadAtStart = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const rows = [];
    for (const candidate of candidates) {
        const built = await bundle(candidate);
        if (built.skipped) {
            console.log(`skipped ${candidate.name}: ${built.skipped}`);
            rows.push({ candidate, skipped: built.skipped });
            continue;
        }
        const mod = createRequire(import.meta.url)(built.file);
        const runs = [];
        const correct = workloads.map((w, i) => {
            try {
                runs[i] = prepare(mod, w);
                return holdsExpected(runs[i](...w.input), w);
            } catch (error) {
                console.log(`${candidate.name}, ${w.name}: ${error.message.split('\n')[0]}`);
                return false;
            }
        });
        rows.push({ candidate, ...built, runs, correct, samples: workloads.map(() => []) });
        console.log(
            `built ${candidate.name}: ${(built.bytes / 1024).toFixed(1)} kB min, ${(built.gzip / 1024).toFixed(1)} kB gzip`,
        );
    }
    const live = rows.filter((r) => !r.skipped);
    // Warm-up, then rounds in a rotating order so that a busy neighbour slows all alike.
    for (const r of live)
        r.runs.forEach((run, i) => r.correct[i] && timeOnce(run, workloads[i].input));
    for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < live.length; k++) {
            const r = live[(k + round) % live.length];
            r.runs.forEach((run, i) => {
                if (r.correct[i]) r.samples[i].push(timeOnce(run, workloads[i].input));
            });
        }
        process.stdout.write(`round ${round + 1}/${rounds}\r`);
    }
    for (const r of live) {
        r.hostile = [];
        for (const test of hostile) r.hostile.push(await runHostile(r.file, test));
    }
    rmSync(scratch, { recursive: true, force: true });

    const speedHeader = [
        'codec',
        'version',
        'min kB',
        'gzip kB',
        ...workloads.map((w) => `${w.name} (ops/s)`),
    ];
    const speedRows = rows.map((r) =>
        r.skipped
            ? [r.candidate.name, '', '', '', ...workloads.map(() => 'skipped')]
            : [
                  r.candidate.name,
                  r.version,
                  (r.bytes / 1024).toFixed(1),
                  (r.gzip / 1024).toFixed(1),
                  ...r.samples.map((s, i) =>
                      r.correct[i]
                          ? `${fmtOps(median(s))} ±${spread(s).toFixed(0)}%`
                          : 'wrong or throws',
                  ),
              ],
    );
    const hostileHeader = ['codec', ...hostile.map((h) => `${h.name} (want: ${h.want})`)];
    const hostileRows = live.map((r) => [
        r.candidate.name,
        ...r.hostile.map((h, i) => {
            const verdict =
                hostile[i].want === 'either' || hostile[i].want === h.outcome ? '' : ' ✗';
            return `${h.outcome}${verdict}, ${h.ms < 1 ? '<1' : h.ms.toFixed(0)} ms`;
        }),
    ]);
    const details = live.flatMap((r) =>
        r.hostile.map(
            (h, i) => `- ${r.candidate.name}, ${hostile[i].name}: ${h.outcome}: ${h.detail}`,
        ),
    );
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadAtStart}`;
    const markdown = [
        `ABI codecs, bundled with esbuild (platform node, cjs, minified) from a small entry each; ops/s are medians of ${rounds} interleaved rounds of ${runMs} ms (spread: half the IQR). ${machine}. Taken ${new Date().toISOString()}.`,
        '',
        ...candidates.map((c) => `- **${c.name}**: ${c.detail}`),
        '',
        table(speedHeader, speedRows),
        '',
        `Hostile input, decoded as a call in a worker with a ${hostileHeapMb} MB heap and a ${hostileTimeoutMs / 1000} s deadline (✗: not what a safe decoder does):`,
        '',
        table(hostileHeader, hostileRows),
        '',
        'What each codec said:',
        '',
        ...details,
    ].join('\n');
    console.log(`\n${markdown}\n`);
    if (write) {
        const out = path.join(root, 'bench/results/abiCodecs');
        writeFileSync(`${out}.md`, `${markdown}\n`);
        writeFileSync(
            `${out}.json`,
            `${JSON.stringify(
                {
                    machine,
                    rounds,
                    runMs,
                    rows: rows.map((r) => ({
                        codec: r.candidate.name,
                        skipped: r.skipped,
                        version: r.version,
                        bytes: r.bytes,
                        gzip: r.gzip,
                        opsPerSecond: r.samples?.map((s, i) => ({
                            workload: workloads[i].name,
                            correct: r.correct[i],
                            median: s.length ? median(s) : null,
                            spreadPercent: s.length ? spread(s) : null,
                        })),
                        hostile: r.hostile?.map((h, i) => ({
                            case: hostile[i].name,
                            want: hostile[i].want,
                            ...h,
                        })),
                    })),
                },
                null,
                2,
            )}\n`,
        );
    }
}

function fmtOps(v) {
    return v >= 1e6
        ? `${(v / 1e6).toFixed(2)} M`
        : v >= 1e3
          ? `${(v / 1e3).toFixed(1)} k`
          : v.toFixed(0);
}

function table(header, rows) {
    const esc = (c) => String(c).replace(/\|/g, '\\|');
    return [
        `| ${header.map(esc).join(' | ')} |`,
        `|${header.map((_h, i) => (i >= 2 ? '---:' : '---')).join('|')}|`,
        ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
    ].join('\n');
}

main().catch((error) => {
    console.error(error.stack ?? String(error));
    rmSync(scratch, { recursive: true, force: true });
    process.exit(1);
});
