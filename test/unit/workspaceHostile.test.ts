import * as assert from 'node:assert/strict';

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
} from '../../src/core/workspace';

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
