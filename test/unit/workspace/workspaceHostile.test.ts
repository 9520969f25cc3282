import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
    cpSync,
    mkdirSync,
    mkdtempSync,
    rmSync,
    symlinkSync,
    truncateSync,
    writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import {
    readBounded,
    readBoundedSync,
    realPathsSync,
    type BoundedReadOptions,
} from '../../../src/core/boundedRead';
import {
    directoryWorkspaceFiles,
    WorkspaceKnowledge,
    type WorkspaceFiles,
} from '../../../src/core/workspace/workspaceKnowledge';
import { recorded } from '../../reliability/record';
import { classifiedFiles, contractsWorkspaceDir, knowledgeOf } from '../../helpers/workspaceTree';
import {
    canonicalSignature,
    maxAbiEntries,
    maxProblemsPerFile,
    maxWorkspaceFileChars,
    parseAvalancheCliSidecar,
    parseFoundryArtifact,
    parseFoundryBroadcast,
    parseHardhatArtifact,
    parseHardhatDeploy,
    parseIgnitionAddresses,
    parseIgnitionJournal,
    parseSubnetEvmGenesis,
    parseWorkspaceFile,
    readAbi,
    WorkspaceIndex,
    type FileKnowledge,
} from '../../../src/core/workspace';
import { outRoot } from '../../helpers/paths';

/** Every parser with a path its kind would have. */
const parsers: [string, (file: string, text: string) => FileKnowledge][] = [
    ['out/A.sol/A.json', parseFoundryArtifact],
    ['artifacts/contracts/A.sol/A.json', (f, t) => parseHardhatArtifact(f, t)],
    ['broadcast/A.s.sol/1/run-latest.json', parseFoundryBroadcast],
    ['ignition/deployments/chain-1/deployed_addresses.json', parseIgnitionAddresses],
    ['ignition/deployments/chain-1/journal.jsonl', parseIgnitionJournal],
    ['deployments/fuji/A.json', parseHardhatDeploy],
    ['subnets/a/sidecar.json', parseAvalancheCliSidecar],
    ['subnets/a/genesis.json', parseSubnetEvmGenesis],
];

function recordCount(k: FileKnowledge): number {
    return (
        k.artifacts.length +
        k.deployments.length +
        k.transactions.length +
        (k.namedAddresses?.length ?? 0)
    );
}

function artifactWith(abi: unknown, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({ abi, deployedBytecode: { object: '0x6001' }, ...extra });
}

describe('(unit) workspace files: hostile input', () => {
    it('malformed JSON, wrong types and missing fields give problems, never an exception', () => {
        const inputs = [
            '',
            '{',
            '{"abi": [',
            'null',
            '[]',
            '"text"',
            '42',
            '{"abi": {}, "transactions": "x", "deployments": 7}',
            '{"abi": [null, 1, "x", []], "deployedBytecode": 5, "_format": 3}',
            '{"transactions": [null, 1, {"hash": 5}], "receipts": {"x": 1}, "chain": "x"}',
            '{"address": 5, "abi": null, "Networks": [], "Name": {}}',
            '{"config": {"chainId": "many"}, "alloc": []}',
            '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
            '\u0000\u0001\u0002',
            '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]',
            `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        ];
        for (const [file, parse] of parsers) {
            for (const text of inputs) {
                const k = parse(file, text);
                assert.equal(k.file, file);
                assert.ok(Array.isArray(k.problems), `${file}: ${text.slice(0, 30)}`);
                assert.ok(k.problems.length <= maxProblemsPerFile);
            }
            assert.equal(parse(file, undefined as unknown as string).file, file);
        }
        assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
        const bad = parseFoundryArtifact('out/A.sol/A.json', '{"abi": [');
        assert.match(bad.problems[0]!, /^out\/A\.sol\/A\.json: not valid JSON/);
    });

    it('text past the ceiling is refused before JSON.parse', () => {
        const huge = ' '.repeat(maxWorkspaceFileChars + 1);
        for (const [file, parse] of parsers) {
            const started = performance.now();
            const k = parse(file, huge);
            assert.equal(recordCount(k), 0);
            assert.match(k.problems.join('\n'), /larger than|too large/, file);
            assert.ok(performance.now() - started < 1_000, file);
        }
    });

    it('a 50 MB name, type or bytecode is dropped, quickly', () => {
        const big = 'a'.repeat(50 * 1024 * 1024);
        const cases: [string, string][] = [
            [
                'name',
                artifactWith([
                    { type: 'function', name: big, inputs: [] },
                    { type: 'function', name: 'g', inputs: [] },
                ]),
            ],
            [
                'type',
                artifactWith([
                    { type: 'function', name: 'f', inputs: [{ name: 'x', type: big }] },
                    { type: 'function', name: 'g', inputs: [] },
                ]),
            ],
            [
                'bytecode',
                artifactWith([{ type: 'function', name: 'g', inputs: [] }], {
                    deployedBytecode: { object: `0x${big}` },
                }),
            ],
        ];
        for (const [what, text] of cases) {
            const started = performance.now();
            const k = parseFoundryArtifact('out/A.sol/A.json', text);
            const ms = performance.now() - started;
            assert.deepEqual(
                k.artifacts[0]?.abi.map((e) => e.name),
                ['g'],
                what,
            );
            if (what === 'bytecode') assert.equal(k.artifacts[0]?.runtimeHash, undefined);
            assert.ok(ms < 5_000, `${what}: ${ms} ms`);
            if (what !== 'bytecode') assert.match(k.problems.join('\n'), /1 ABI entry dropped/);
        }
    });

    it('markup and control characters in names: entries dropped, free text bounded and kept as text', () => {
        const read = readAbi([
            { type: 'function', name: '<img src=x onerror=alert(1)>', inputs: [] },
            { type: 'event', name: 'E', inputs: [{ name: '<b>x</b>', type: 'uint256' }] },
            { type: 'error', name: 'R\u202eevil', inputs: [] },
            {
                type: 'function',
                name: 'ok',
                inputs: [
                    {
                        name: 'x',
                        type: 'tuple',
                        internalType: `struct <script>alert(1)</script>${'y'.repeat(1000)}\u0007`,
                        components: [{ name: 'a', type: 'uint256' }],
                    },
                ],
            },
        ])!;
        assert.equal(read.malformed, 3);
        assert.equal(read.entries.length, 1);
        const internalType = read.entries[0]!.inputs[0]!.internalType!;
        assert.ok(internalType.startsWith('struct <script>'));
        assert.equal(internalType.length, 256);
        assert.ok(!internalType.includes('\u0007'));
    });

    it('types are ABI types: bad sizes, unknown names, deep tuples and too many params are dropped', () => {
        const one = (type: string, components?: unknown): number =>
            readAbi([{ type: 'function', name: 'f', inputs: [{ name: '', type, components }] }])!
                .entries.length;
        for (const type of [
            'uint256',
            'uint8',
            'int',
            'bytes32',
            'bytes',
            'address[]',
            'bool[2][]',
        ]) {
            assert.equal(one(type), 1, type);
        }
        assert.equal(one('fixed128x18'), 1);
        assert.equal(one('tuple[]', [{ name: 'a', type: 'uint256' }]), 1);
        for (const type of [
            'uint7',
            'uint264',
            'bytes0',
            'bytes33',
            'uint256[0]',
            'address payable',
            'mapping(address=>uint256)',
            'Uint256',
            'tuple',
            'string[][][][][][][][][]',
            '',
        ]) {
            assert.equal(one(type), 0, type);
        }
        let nested: unknown = [{ name: 'leaf', type: 'uint256' }];
        for (let depth = 0; depth < 9; depth++)
            nested = [{ name: '', type: 'tuple', components: nested }];
        assert.equal(readAbi([{ type: 'function', name: 'deep', inputs: nested }])!.malformed, 1);
        const wide = Array.from({ length: 65 }, () => ({ name: '', type: 'uint256' }));
        assert.equal(readAbi([{ type: 'function', name: 'wide', inputs: wide }])!.malformed, 1);
        // 64 wide at each of three levels would be 262,144 parameters: refused by the total.
        const level = (inner: unknown): unknown =>
            Array.from({ length: 64 }, () => ({ name: '', type: 'tuple', components: inner }));
        const bushy = level(level(Array.from({ length: 64 }, () => ({ name: '', type: 'uint8' }))));
        assert.equal(readAbi([{ type: 'function', name: 'bushy', inputs: bushy }])!.malformed, 1);
        // fallback and receive have no selector: left out without a problem.
        const special = readAbi([
            { type: 'fallback' },
            { type: 'receive', stateMutability: 'payable' },
        ])!;
        assert.deepEqual([special.entries.length, special.malformed], [0, 0]);
    });

    it('1,000 overloaded functions are all kept, each with its own signature; past 2,000 entries are cut', () => {
        const overloads = Array.from({ length: 1_000 }, (_, i) => ({
            type: 'function',
            name: 'f',
            inputs: [{ name: 'x', type: `uint256[${i + 1}]` }],
            outputs: [],
            stateMutability: 'pure',
        }));
        const k = parseFoundryArtifact('out/A.sol/A.json', artifactWith(overloads));
        const abi = k.artifacts[0]!.abi;
        assert.equal(abi.length, 1_000);
        assert.equal(new Set(abi.map(canonicalSignature)).size, 1_000);
        const index = new WorkspaceIndex();
        index.set(k);
        assert.equal(index.stats().abiEntries, 1_000);

        const many = Array.from({ length: 2_500 }, (_, i) => ({
            type: 'function',
            name: `f${i}`,
            inputs: [],
        }));
        const capped = parseFoundryArtifact('out/B.sol/B.json', artifactWith(many));
        assert.equal(capped.artifacts[0]!.abi.length, maxAbiEntries);
        assert.match(capped.problems.join('\n'), /500 ABI entries past the first 2000 not read/);
    });

    it('Hardhat: an unknown _format, a bad contractName, and unlinked code', () => {
        const base = {
            _format: 'hh-sol-artifact-1',
            contractName: 'A',
            sourceName: 'contracts/A.sol',
            abi: [],
            bytecode: '0x',
            deployedBytecode: '0x__$0123456789abcdef0123456789abcdef01$__6001',
            linkReferences: {},
            deployedLinkReferences: { 'contracts/L.sol': { L: [{ start: 0, length: 20 }] } },
        };
        const file = 'artifacts/contracts/A.sol/A.json';
        const unlinked = parseHardhatArtifact(file, JSON.stringify(base));
        assert.deepEqual(unlinked.problems, []);
        assert.equal(unlinked.artifacts[0]?.runtimeHash, undefined);
        const foreign = parseHardhatArtifact(file, JSON.stringify({ ...base, _format: 'truffle' }));
        assert.equal(foreign.artifacts.length, 0);
        assert.match(foreign.problems[0]!, /not a Hardhat artifact/);
        const badName = parseHardhatArtifact(
            file,
            JSON.stringify({ ...base, contractName: '<svg onload=alert(1)>' }),
        );
        // The file name stands in for a contract name that is not an identifier.
        assert.equal(badName.artifacts[0]?.contractName, 'A');
    });

    it('per-file caps: 5,000 transactions, deployments past the cap counted', () => {
        const hash = (i: number): string => `0x${i.toString(16).padStart(64, '0')}`;
        const addr = (i: number): string => `0x${(i + 1).toString(16).padStart(40, '0')}`;
        const n = 6_000;
        const text = JSON.stringify({
            transactions: Array.from({ length: n }, (_, i) => ({
                hash: hash(i),
                transactionType: 'CREATE',
                contractName: 'A',
                contractAddress: addr(i),
                transaction: { from: addr(0) },
            })),
            receipts: Array.from({ length: n }, (_, i) => ({
                transactionHash: hash(i),
                status: '0x1',
            })),
            chain: 1,
        });
        const k = parseFoundryBroadcast('broadcast/A.s.sol/1/run-latest.json', text);
        assert.equal(k.transactions.length, 5_000);
        assert.equal(k.deployments.length, 5_000);

        const addresses: Record<string, string> = {};
        for (let i = 0; i < n; i++) addresses[`M#C${i}`] = addr(i);
        const ignition = parseIgnitionAddresses(
            'ignition/deployments/chain-1/deployed_addresses.json',
            JSON.stringify(addresses),
        );
        assert.equal(ignition.deployments.length, 5_000);
        assert.match(ignition.problems.join('\n'), /1000 records past the first 5000/);
    });

    it('hostile keys and values in deployment files are skipped, not trusted', () => {
        const k = parseIgnitionAddresses(
            'ignition/deployments/chain-1/deployed_addresses.json',
            '{"__proto__": "0x1111111111111111111111111111111111111111", "M#<b>": "0x2222222222222222222222222222222222222222", "M#Ok": "0x0000000000000000000000000000000000000000", "M#Good": "0x3333333333333333333333333333333333333333", "M#Num": 5}',
        );
        assert.deepEqual(
            k.deployments.map((d) => d.label),
            ['M#Good'],
        );
        assert.match(k.problems[0]!, /4 entries/);
        const deploy = parseHardhatDeploy(
            'deployments/fuji/Evil<b>.json',
            JSON.stringify({
                address: '0x3333333333333333333333333333333333333333',
                abi: [],
                metadata: '{"settings":{"compilationTarget":{"a.sol":"<img>"}}}',
            }),
        );
        assert.equal(deploy.deployments[0]?.contractName, undefined);
        assert.equal(deploy.deployments[0]?.label, 'Evil<b>');
    });

    it('problems are capped per file and say how many more there were', () => {
        // A multi-chain broadcast of 64 sequences without transactions: one problem each.
        const text = JSON.stringify({
            deployments: Array.from({ length: 64 }, () => ({ chain: 1 })),
        });
        const k = parseFoundryBroadcast('broadcast/multi/A.s.sol-latest/run.json', text);
        assert.equal(k.problems.length, maxProblemsPerFile);
        assert.match(k.problems.at(-1)!, /45 more problems not listed/);
    });

    it('parseWorkspaceFile routes by path and survives every fixture shape with junk', () => {
        for (const file of [
            'out/A.sol/A.json',
            'artifacts/c/A.sol/A.json',
            'broadcast/multi/A.s.sol-latest/run.json',
            'deployments/x/.chainId',
            'ignition/deployments/x/artifacts/M#A.json',
        ]) {
            const k = parseWorkspaceFile(file, '{"deployments": [1, null, {"transactions": 5}]}');
            assert.ok(k, file);
            assert.equal(recordCount(k), 0, file);
        }
    });
});

/** The parse worker's body as tsc writes it (this file runs as out/test/unit/…). */
const workerScript = path.join(outRoot, 'src', 'core', 'workspace', 'parseWorker.js');
const mib = 1024 * 1024;

/** The highest resident set this process reached, in bytes (`maxRSS` is in kilobytes). */
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

/**
 * Runs `run` and says how long it took and how far it raised memory: the resident set sampled
 * every few milliseconds over its start (a build on this thread would block the sampling, hence
 * the process's own high-water mark too, which moves only past the peak of earlier tests).
 */
async function measured<T>(
    run: () => Promise<T>,
): Promise<{ value: T; ms: number; rssGrowth: number; peakGrowth: number }> {
    const rssBefore = process.memoryUsage().rss;
    const peakBefore = peakRss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 2);
    const started = performance.now();
    try {
        const value = await run();
        const ms = performance.now() - started;
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        return { value, ms, rssGrowth: rssPeak - rssBefore, peakGrowth: peakRss() - peakBefore };
    } finally {
        clearInterval(sampler);
    }
}

/** Makes a FIFO (Linux and macOS). */
function mkfifo(file: string): void {
    execFileSync('mkfifo', [file]);
}

/**
 * Opens `fifo` for writing after `ms` in another process, and closes it at once: a reader that
 * waits on the FIFO (the bug this file guards against) then ends instead of hanging the run. The
 * returned function stops it when nobody was waiting.
 */
function unblockLater(fifo: string, ms: number): () => void {
    const child = spawn(
        process.execPath,
        ['-e', `setTimeout(() => require('fs').writeFileSync(process.argv[1], ''), ${ms})`, fifo],
        { stdio: 'ignore' },
    );
    return () => void child.kill('SIGKILL');
}

function listen(server: Server, file: string): Promise<void> {
    return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(file, () => resolve());
    });
}

describe('(unit) bounded reads of files on disk', function () {
    this.timeout(20_000);
    let dir: string;
    let outside: string;
    beforeEach(() => {
        dir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-bounded-'));
        outside = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-outside-'));
    });
    afterEach(() => {
        rmSync(dir, { recursive: true, force: true });
        rmSync(outside, { recursive: true, force: true });
    });

    /** Both variants, which must agree. */
    async function both(file: string, options: BoundedReadOptions) {
        const sync = readBoundedSync(file, options);
        const async = await readBounded(file, options);
        assert.deepEqual(async.refused, sync.refused, file);
        if (!sync.refused && !async.refused) {
            assert.deepEqual(Buffer.from(async.bytes), Buffer.from(sync.bytes), file);
        }
        return sync;
    }

    it('a regular file is read up to the cap, and refused past it', async () => {
        const file = path.join(dir, 'a.json');
        writeFileSync(file, 'x'.repeat(100));
        const read = await both(file, { maxBytes: 100 });
        assert.equal(read.refused, undefined);
        assert.equal(Buffer.from(read.refused ? [] : read.bytes).toString(), 'x'.repeat(100));
        assert.deepEqual((await both(file, { maxBytes: 99 })).refused, {
            reason: 'too-large',
            size: 100,
        });
        writeFileSync(file, '');
        assert.equal((await both(file, { maxBytes: 10 })).refused, undefined);
        assert.deepEqual((await both(path.join(dir, 'none'), { maxBytes: 10 })).refused, {
            reason: 'missing',
        });
    });

    it('the cap holds on the bytes read: a file whose size says 0 and holds more', async function () {
        // Linux's /proc files report 0 bytes and hold some.
        const file = '/proc/self/status';
        if (process.platform !== 'linux') this.skip();
        assert.deepEqual((await both(file, { maxBytes: 16 })).refused, { reason: 'grew' });
        const read = await both('/proc/self/cmdline', { maxBytes: 64 * 1024 });
        assert.ok(!read.refused && read.bytes.byteLength > 0);
    });

    it('devices, FIFOs, sockets and directories are refused at once, never read', async () => {
        const fifo = path.join(dir, 'fifo.json');
        mkfifo(fifo);
        const socket = path.join(dir, 'socket.json');
        const server = createServer();
        await listen(server, socket);
        const stop = unblockLater(fifo, 10_000);
        try {
            const started = performance.now();
            const cases: [string, string][] = [
                ['/dev/zero', 'a character device'],
                [fifo, 'a FIFO'],
                [socket, 'a socket'],
                [dir, 'a directory'],
            ];
            for (const [file, kind] of cases) {
                assert.deepEqual(
                    (await both(file, { maxBytes: 1024 })).refused,
                    { reason: 'not-a-file', kind },
                    file,
                );
            }
            assert.ok(performance.now() - started < 2_000);
        } finally {
            stop();
            server.close();
        }
    });

    it('within folders: a link inside is read, one out of them is refused before it is opened', async () => {
        const inside = path.join(dir, 'inside.json');
        writeFileSync(inside, '{}');
        const secret = path.join(outside, 'secret.json');
        writeFileSync(secret, '{"secret": 1}');
        symlinkSync(inside, path.join(dir, 'to-inside.json'));
        symlinkSync(secret, path.join(dir, 'to-secret.json'));
        symlinkSync('/dev/zero', path.join(dir, 'zero.json'));
        symlinkSync(outside, path.join(dir, 'linked'));
        // The folder named through a link of its own: its real path is what counts.
        const folderLink = path.join(outside, 'folder-link');
        symlinkSync(dir, folderLink);
        const within = realPathsSync([folderLink]);
        assert.equal(within.length, 1);
        const read = (file: string) =>
            both(path.join(folderLink, file), { maxBytes: 1024, within });
        assert.equal((await read('inside.json')).refused, undefined);
        assert.equal((await read('to-inside.json')).refused, undefined);
        for (const file of ['to-secret.json', 'zero.json', 'linked/secret.json']) {
            assert.deepEqual((await read(file)).refused, { reason: 'outside' }, file);
        }
        // Without `within`, links are followed (the home folder's tools' files).
        assert.equal(
            (await both(path.join(dir, 'to-secret.json'), { maxBytes: 1024 })).refused,
            undefined,
        );
        assert.deepEqual(realPathsSync([path.join(dir, 'gone'), dir]), realPathsSync([dir]));
    });
});

describe('(unit) workspace files on disk: hostile entries', function () {
    this.timeout(120_000);
    const treeFiles = classifiedFiles(contractsWorkspaceDir);
    let outside: string;
    before(() => {
        // A folder out of every workspace, with an artifact whose name would show were it read.
        outside = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-outside-'));
        mkdirSync(path.join(outside, 'Secret.sol'));
        writeFileSync(
            path.join(outside, 'Secret.sol', 'Secret.json'),
            JSON.stringify({
                abi: [{ type: 'function', name: 'leak', inputs: [] }],
                deployedBytecode: { object: '0x6002' },
            }),
        );
    });
    after(() => rmSync(outside, { recursive: true, force: true }));

    /**
     * How the files are found: the MCP server's walk, or every path VS Code's `findFiles` answers
     * when it follows links (`search.followSymlinks`, on by default), read as the extension reads
     * a `file:` URI.
     */
    const listers = {
        walk: (dir: string): WorkspaceFiles => directoryWorkspaceFiles(dir),
        'listed as findFiles does': (dir: string, listed: readonly string[]): WorkspaceFiles => ({
            ...directoryWorkspaceFiles(dir),
            find: () =>
                Promise.resolve(
                    [...treeFiles, ...listed].map((rel) => ({ key: path.join(dir, rel), rel })),
                ),
        }),
    };

    interface HostileCase {
        readonly check: string;
        /** Adds the hostile entry to the workspace `dir`; what it returns is undone afterwards. */
        readonly make: (dir: string) => Promise<(() => void) | void> | (() => void) | void;
        /** Per lister: the entry the index records, and its problem. */
        readonly walk: readonly [string, string];
        readonly listed: readonly [string, string];
    }

    const artifact = 'foundry/out/Evil.sol/Evil.json';
    const outsideLink = 'skipped: links outside the workspace';
    const cases: HostileCase[] = [
        {
            check: '/dev/zero linked as an artifact',
            make: (dir) => symlinkSync('/dev/zero', path.join(dir, artifact)),
            walk: [artifact, outsideLink],
            listed: [artifact, outsideLink],
        },
        {
            check: 'a FIFO named like an artifact',
            make: (dir) => {
                mkfifo(path.join(dir, artifact));
                return unblockLater(path.join(dir, artifact), 15_000);
            },
            walk: [artifact, 'skipped: not a regular file (a FIFO)'],
            listed: [artifact, 'skipped: not a regular file (a FIFO)'],
        },
        {
            check: 'a socket named like an artifact',
            make: async (dir) => {
                const server = createServer();
                await listen(server, path.join(dir, artifact));
                return () => void server.close();
            },
            walk: [artifact, 'skipped: not a regular file (a socket)'],
            listed: [artifact, 'skipped: not a regular file (a socket)'],
        },
        {
            check: 'a link to an artifact out of the folder',
            make: (dir) =>
                symlinkSync(
                    path.join(outside, 'Secret.sol', 'Secret.json'),
                    path.join(dir, artifact),
                ),
            walk: [artifact, outsideLink],
            listed: [artifact, outsideLink],
        },
        {
            check: 'a linked directory out of the folder',
            make: (dir) => {
                rmSync(path.join(dir, 'foundry/out/Evil.sol'), { recursive: true });
                symlinkSync(
                    path.join(outside, 'Secret.sol'),
                    path.join(dir, 'foundry/out/Secret.sol'),
                );
            },
            // The walk does not enter it; findFiles does, and the read refuses what it found.
            walk: ['foundry/out/Secret.sol', outsideLink],
            listed: ['foundry/out/Secret.sol/Secret.json', outsideLink],
        },
        {
            check: 'a 1 GiB sparse file named like an artifact',
            make: (dir) => {
                writeFileSync(path.join(dir, artifact), '');
                truncateSync(path.join(dir, artifact), 1024 * mib);
            },
            walk: [artifact, 'skipped: 1024 MB, larger than the 32 MB read for one file'],
            listed: [artifact, 'skipped: 1024 MB, larger than the 32 MB read for one file'],
        },
    ];

    for (const hostile of cases) {
        it(`${hostile.check}: skipped with its problem, promptly, the rest indexed`, async () => {
            await recorded('hostile workspace', hostile.check, async (progress) => {
                const dir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-hostile-'));
                let undo: (() => void) | void = undefined;
                let slowest = 0;
                let rssGrowth = 0;
                let peakGrowth = 0;
                try {
                    cpSync(contractsWorkspaceDir, dir, { recursive: true });
                    mkdirSync(path.join(dir, 'foundry/out/Evil.sol'), { recursive: true });
                    undo = await hostile.make(dir);
                    for (const [lister, files] of [
                        ['walk', listers.walk(dir)],
                        [
                            'findFiles',
                            listers['listed as findFiles does'](dir, [hostile.listed[0]]),
                        ],
                    ] as const) {
                        const [entry, problem] = lister === 'walk' ? hostile.walk : hostile.listed;
                        for (const worker of [true, false]) {
                            const how = `${lister}, ${worker ? 'worker' : 'no worker'}`;
                            const knowledge = new WorkspaceKnowledge(files, {
                                workerScript: worker ? workerScript : undefined,
                            });
                            try {
                                const build = await measured(() => knowledge.get());
                                const index = build.value;
                                assert.deepEqual(index.file(entry)?.problems, [problem], how);
                                assert.deepEqual(index.artifactsNamed('Secret'), [], how);
                                assert.deepEqual(
                                    index.fileNames().sort(),
                                    [...treeFiles, entry].sort(),
                                    how,
                                );
                                for (const file of treeFiles) {
                                    assert.deepEqual(
                                        index.file(file),
                                        knowledgeOf(contractsWorkspaceDir, file),
                                        `${how}: ${file}`,
                                    );
                                }
                                // Before the bounded reads: /dev/zero was read at 300 MB a
                                // second until memory ran out, a FIFO never answered.
                                assert.ok(build.ms < 5_000, `${how}: ${Math.round(build.ms)} ms`);
                                for (const growth of [build.rssGrowth, build.peakGrowth]) {
                                    assert.ok(growth < 128 * mib, `${how}: +${growth} bytes`);
                                }
                                slowest = Math.max(slowest, build.ms);
                                rssGrowth = Math.max(rssGrowth, build.rssGrowth);
                                peakGrowth = Math.max(peakGrowth, build.peakGrowth);
                                progress.cases++;
                            } finally {
                                knowledge.dispose();
                            }
                        }
                    }
                    const mb = (bytes: number): string => (bytes / mib).toFixed(1);
                    return {
                        cases: progress.cases,
                        detail: `walk and findFiles' listing, with and without the worker: slowest build ${Math.round(slowest)} ms, resident set +${mb(rssGrowth)} MB at most, peak +${mb(peakGrowth)} MB (process peak ${mb(peakRss())} MB)`,
                    };
                } finally {
                    if (undo) undo();
                    rmSync(dir, { recursive: true, force: true });
                }
            });
        });
    }
});
