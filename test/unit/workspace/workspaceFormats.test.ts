import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { keccak_256 } from '@noble/hashes/sha3.js';

import {
    canonicalSignature,
    classify,
    parseWorkspaceFile,
    runtimeHashOf,
    selectorOf,
    topicOf,
    workspaceExcludeGlob,
    workspaceFileGlobs,
    type AbiEntry,
    type FileKnowledge,
    type WorkspaceFileKind,
} from '../../../src/core/workspace';
import { fixturesDir } from '../../helpers/fixtures';

/** The fixtures of make.mjs, laid out as a workspace would hold them. */
const root = path.join(fixturesDir, 'workspace-artifacts');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

function parse(file: string, text = read(file)): FileKnowledge {
    const knowledge = parseWorkspaceFile(file, text);
    assert.ok(knowledge, `${file} is classified`);
    return knowledge;
}

const keccakHex = (text: string): string =>
    `0x${Buffer.from(keccak_256(new TextEncoder().encode(text))).toString('hex')}`;

const counterAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const deployer = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

interface FoundryFixture {
    deployedBytecode: {
        object: string;
        immutableReferences: Record<string, { start: number; length: number }[]>;
    };
    methodIdentifiers: Record<string, string>;
}
const foundryCounter = JSON.parse(read('foundry/out/Counter.sol/Counter.json')) as FoundryFixture;

/** A minimal glob matcher for VS Code's syntax as used here: `**`, `*`, `{a,b}`. */
function globToRegExp(glob: string): RegExp {
    let out = '';
    for (let i = 0; i < glob.length; i++) {
        const c = glob[i]!;
        if (glob.startsWith('**/', i)) {
            out += '(?:.*/)?';
            i += 2;
        } else if (glob.startsWith('/**', i) && /^(?:$|[,}])/.test(glob.slice(i + 3))) {
            out += '(?:/.*)?';
            i += 2;
        } else if (c === '*') out += '[^/]*';
        else if (c === '{') out += '(?:';
        else if (c === '}') out += ')';
        else if (c === ',') out += '|';
        else out += c.replace(/[.+?^$()[\]\\|]/g, '\\$&');
    }
    return new RegExp(`^${out}$`);
}

describe('(unit) workspace files: classify and globs', () => {
    const table: [string, WorkspaceFileKind | undefined][] = [
        ['out/Counter.sol/Counter.json', 'foundry-artifact'],
        ['contracts/out/Counter.sol/Counter.0.8.19.json', 'foundry-artifact'],
        ['out/Token.vy/Token.json', 'foundry-artifact'],
        ['out/build-info/3f2a.json', undefined],
        ['out/Counter.sol/notes.txt', undefined],
        ['artifacts/contracts/Counter.sol/Counter.json', 'hardhat-artifact'],
        ['artifacts/@openzeppelin/contracts/token/ERC20/ERC20.sol/ERC20.json', 'hardhat-artifact'],
        ['artifacts/contracts/Counter.sol/Counter.dbg.json', undefined],
        ['artifacts/build-info/4f1c.json', undefined],
        ['broadcast/Deploy.s.sol/43113/run-latest.json', 'foundry-broadcast'],
        ['broadcast/Deploy.s.sol/43113/deploy-latest.json', 'foundry-broadcast'],
        ['broadcast/Deploy.s.sol/43113/run-1717000000.json', 'foundry-broadcast'],
        ['broadcast/Deploy.s.sol/43113/dry-run/run-latest.json', undefined],
        ['broadcast/multi/Deploy.s.sol-latest/run.json', 'foundry-broadcast'],
        ['broadcast/Deploy.s.sol/fuji/run-latest.json', undefined],
        ['cache/Deploy.s.sol/43113/run-latest.json', undefined],
        ['ignition/deployments/chain-43113/deployed_addresses.json', 'ignition-addresses'],
        ['ignition/deployments/chain-43113/journal.jsonl', 'ignition-journal'],
        ['ignition/deployments/chain-43113/artifacts/M#Counter.json', 'ignition-artifact'],
        ['ignition/deployments/chain-43113/artifacts/M#Counter.dbg.json', undefined],
        ['ignition/deployments/chain-43113/build-info/x.json', undefined],
        ['ignition/deployments/chain-43113/deployment_stamps.json', undefined],
        ['deployments/fuji/Counter.json', 'hardhat-deploy'],
        ['deployments/fuji/.chainId', 'hardhat-deploy-chain-id'],
        ['deployments/fuji/solcInputs/3f5a.json', undefined],
        ['deployments/fuji/.migrations.json', undefined],
        ['.avalanche-cli/subnets/myl1/sidecar.json', 'avalanche-cli-sidecar'],
        ['myl1_sidecar.json', 'avalanche-cli-sidecar'],
        ['l1/genesis.json', 'subnet-evm-genesis'],
        ['myl1_genesis.json', 'subnet-evm-genesis'],
        ['node_modules/x/artifacts/contracts/A.sol/A.json', undefined],
        ['lib/forge-std/out/Test.sol/Test.json', undefined],
        ['src/app.json', undefined],
        ['../outside/out/A.sol/A.json', undefined],
        ['', undefined],
    ];
    for (const [file, kind] of table) {
        it(`${file || '(empty)'} → ${kind ?? 'none'}`, () => {
            assert.equal(classify(file), kind);
            assert.equal(classify(`./${file}`), file === '' ? undefined : kind);
        });
    }

    it('the include globs find every classified path, the exclude glob the excluded ones', () => {
        const include = workspaceFileGlobs.map(globToRegExp);
        const exclude = globToRegExp(workspaceExcludeGlob);
        for (const [file, kind] of table) {
            if (kind === undefined) continue;
            assert.ok(
                include.some((r) => r.test(file)),
                `${file} matches an include glob`,
            );
            assert.ok(!exclude.test(file), `${file} is not excluded`);
        }
        for (const file of [
            'out/build-info/3f2a.json',
            'artifacts/contracts/Counter.sol/Counter.dbg.json',
            'node_modules/x/artifacts/contracts/A.sol/A.json',
            'lib/forge-std/out/Test.sol/Test.json',
            'cache/Deploy.s.sol/43113/run-latest.json',
        ]) {
            assert.ok(exclude.test(file), `${file} is excluded`);
        }
    });

    it('a long or odd path is refused without work', () => {
        assert.equal(classify(`${'a/'.repeat(3000)}out/A.sol/A.json`), undefined);
        assert.equal(classify(7 as unknown as string), undefined);
        assert.equal(parseWorkspaceFile('src/app.json', '{}'), undefined);
    });
});

describe('(unit) workspace files: compiled artifacts', () => {
    it('Foundry: name and source from the compilation target, ABI, runtime hash with the immutable zeroed', () => {
        const k = parse('foundry/out/Counter.sol/Counter.json');
        assert.deepEqual(k.problems, []);
        assert.equal(k.artifacts.length, 1);
        const a = k.artifacts[0]!;
        assert.equal(a.contractName, 'Counter');
        assert.equal(a.sourceName, 'src/Counter.sol');
        assert.deepEqual(a.origin, {
            tool: 'foundry',
            file: 'foundry/out/Counter.sol/Counter.json',
        });
        assert.deepEqual(a.abi.map((e) => `${e.type} ${e.name}`).sort(), [
            'constructor ',
            'error TooLarge',
            'event Incremented',
            'event Stepped',
            'function applySteps',
            'function increment',
            'function number',
            'function owner',
            'function setNumber',
        ]);
        const ref = Object.values(foundryCounter.deployedBytecode.immutableReferences)[0]![0]!;
        const [start, length] = [ref.start, ref.length];
        assert.deepEqual(a.immutables, [[start, length]]);
        const code = foundryCounter.deployedBytecode.object;
        assert.equal(a.runtimeLength, (code.length - 2) / 2);
        assert.match(a.runtimeHash ?? '', /^0x[0-9a-f]{64}$/);
        // The same code as eth_getCode returns it: the constructor wrote the owner in the range.
        const onChain =
            code.slice(0, 2 + start * 2) +
            deployer.slice(2).padStart(64, '0') +
            code.slice(2 + (start + length) * 2);
        assert.notEqual(onChain, code);
        assert.equal(runtimeHashOf(onChain, a.immutables), a.runtimeHash);
        assert.notEqual(runtimeHashOf(onChain), a.runtimeHash);
        assert.equal(
            a.runtimeHash,
            `0x${Buffer.from(keccak_256(Buffer.from(code.slice(2), 'hex'))).toString('hex')}`,
        );
    });

    it('selectors and topics are those solc computes, tuples written out', () => {
        const a = parse('foundry/out/Counter.sol/Counter.json').artifacts[0]!;
        for (const entry of a.abi.filter((e) => e.type === 'function')) {
            const signature = canonicalSignature(entry);
            assert.equal(selectorOf(entry), `0x${foundryCounter.methodIdentifiers[signature]}`);
        }
        const byName = (name: string): AbiEntry => a.abi.find((e) => e.name === name)!;
        assert.equal(canonicalSignature(byName('applySteps')), 'applySteps((uint256,address)[])');
        assert.equal(canonicalSignature(byName('Stepped')), 'Stepped((uint256,address)[])');
        assert.equal(topicOf(byName('Stepped')), keccakHex('Stepped((uint256,address)[])'));
        assert.equal(topicOf(byName('Incremented')), keccakHex('Incremented(address,uint256)'));
        assert.equal(
            selectorOf(byName('TooLarge')),
            keccakHex('TooLarge(uint256,uint256)').slice(0, 10),
        );
    });

    it('unlinked library calls and interfaces have no runtime hash, and that is no problem', () => {
        for (const name of ['Doubler', 'ICounter']) {
            const k = parse(`foundry/out/Counter.sol/${name}.json`);
            assert.deepEqual(k.problems, []);
            assert.equal(k.artifacts[0]!.runtimeHash, undefined, name);
        }
        const hh = parse('hardhat/artifacts/src/Counter.sol/Doubler.json');
        assert.equal(hh.artifacts[0]!.runtimeHash, undefined);
        assert.equal(runtimeHashOf('0x6080__$0123456789abcdef0123456789abcdef01$__'), undefined);
        assert.equal(runtimeHashOf('0x'), undefined);
        assert.equal(runtimeHashOf('0x123'), undefined);
    });

    it('Foundry without metadata: the name from the file, versioned or not', () => {
        const text = JSON.stringify({ abi: [], deployedBytecode: { object: '0x6001' } });
        const k = parse('out/Counter.sol/Counter.0.8.19.json', text);
        assert.equal(k.artifacts[0]?.contractName, 'Counter');
        assert.equal(k.artifacts[0]?.sourceName, undefined);
        const raw = JSON.stringify({
            abi: [],
            rawMetadata: JSON.stringify({ settings: { compilationTarget: { 'src/A.sol': 'A' } } }),
        });
        assert.equal(parse('out/A.sol/B.json', raw).artifacts[0]?.contractName, 'A');
    });

    it('Hardhat 2: no immutable references, so the hash is of the code as is and marked so', () => {
        const foundry = parse('foundry/out/Counter.sol/Counter.json').artifacts[0]!;
        const k = parse('hardhat/artifacts/src/Counter.sol/Counter.json');
        assert.deepEqual(k.problems, []);
        const a = k.artifacts[0]!;
        assert.equal(a.contractName, 'Counter');
        assert.equal(a.sourceName, 'src/Counter.sol');
        assert.equal(a.immutablesUnknown, true);
        assert.equal(a.immutables, undefined);
        // solc leaves immutables zero in the artifact: the same hash as Foundry's.
        assert.equal(a.runtimeHash, foundry.runtimeHash);
        assert.equal(a.origin.tool, 'hardhat');
    });

    it('Hardhat 3 artifacts carry immutable references; Ignition stores Hardhat artifacts', () => {
        const foundry = parse('foundry/out/Counter.sol/Counter.json').artifacts[0]!;
        const hh3 = parse('hardhat3/artifacts/src/Counter.sol/Counter.json').artifacts[0]!;
        assert.deepEqual(hh3.immutables, foundry.immutables);
        assert.equal(hh3.immutablesUnknown, undefined);
        assert.equal(hh3.runtimeHash, foundry.runtimeHash);
        const ignition = parse(
            'ignition/deployments/chain-43113/artifacts/CounterModule#Counter.json',
        ).artifacts[0]!;
        assert.equal(ignition.origin.tool, 'hardhat-ignition');
        assert.equal(ignition.contractName, 'Counter');
    });

    it('an output folder renamed to the other tool’s name: the file’s shape decides', () => {
        const hardhat = read('hardhat/artifacts/src/Counter.sol/Counter.json');
        const foundry = read('foundry/out/Counter.sol/Counter.json');
        const underOut = parse('out/Counter.sol/Counter.json', hardhat).artifacts[0]!;
        assert.equal(underOut.origin.tool, 'hardhat');
        assert.equal(underOut.immutablesUnknown, true);
        const underArtifacts = parse('artifacts/Counter.sol/Counter.json', foundry).artifacts[0]!;
        assert.equal(underArtifacts.origin.tool, 'foundry');
        assert.equal(underArtifacts.sourceName, 'src/Counter.sol');
    });

    it('immutable ranges outside the code or malformed give no hash and a problem', () => {
        const outside = JSON.stringify({
            abi: [],
            deployedBytecode: {
                object: '0x60016002',
                immutableReferences: { '3': [{ start: 2, length: 32 }] },
            },
        });
        const k = parse('out/A.sol/A.json', outside);
        assert.equal(k.artifacts[0]?.runtimeHash, undefined);
        assert.match(k.problems.join('\n'), /outside the runtime bytecode/);
        const malformed = JSON.stringify({
            abi: [],
            deployedBytecode: { object: '0x6001', immutableReferences: { '3': 'x' } },
        });
        assert.match(parse('out/A.sol/A.json', malformed).problems.join('\n'), /malformed/);
    });
});

describe('(unit) workspace files: deployment records', () => {
    const broadcastFile = 'foundry/broadcast/Counter.s.sol/43113/run-latest.json';

    it('Foundry broadcast: sent transactions with receipts, the CREATE as a deployment', () => {
        const k = parse(broadcastFile);
        assert.equal(k.transactions.length, 2);
        assert.match(k.problems.join('\n'), /1 transaction\(s\) without a hash/);
        const [create, call] = k.transactions;
        assert.equal(create!.chainId, '43113');
        assert.equal(create!.kind, 'CREATE');
        assert.equal(create!.contractName, 'Counter');
        assert.equal(create!.contractAddress, counterAddress);
        assert.equal(create!.from, deployer);
        assert.equal(call!.kind, 'CALL');
        assert.equal(call!.functionSignature, 'setNumber(uint256)');
        assert.equal(call!.to, counterAddress);
        assert.deepEqual(k.deployments, [
            {
                chainId: '43113',
                address: counterAddress,
                contractName: 'Counter',
                txHash: create!.hash,
                origin: { tool: 'foundry-broadcast', file: broadcastFile },
            },
        ]);
    });

    it('Foundry broadcast: the folder wins over a `chain` that disagrees, and says so', () => {
        const json = JSON.parse(read(broadcastFile)) as { chain: number };
        json.chain = 1;
        const k = parse(broadcastFile, JSON.stringify(json));
        assert.equal(k.deployments[0]?.chainId, '43113');
        assert.match(k.problems.join('\n'), /`chain` 1 differs from the folder's 43113/);
    });

    it('Foundry multi-chain broadcast: each sequence with its own chain; additional contracts', () => {
        const one = JSON.parse(read(broadcastFile)) as {
            chain: number;
            transactions: { additionalContracts: unknown[] }[];
        };
        one.transactions[0]!.additionalContracts = [
            {
                transactionType: 'CREATE',
                contractName: 'Child',
                address: '0x1111111111111111111111111111111111111111',
                initCode: '0x6001',
            },
        ];
        const two = { ...one, chain: 99999 };
        const file = 'broadcast/multi/Counter.s.sol-latest/run.json';
        const k = parse(file, JSON.stringify({ deployments: [one, two], timestamp: 1 }));
        assert.deepEqual(
            k.deployments.map((d) => `${d.chainId} ${d.contractName}`),
            ['43113 Counter', '43113 Child', '99999 Counter', '99999 Child'],
        );
    });

    it('Ignition: addresses by future id with the chain of the folder; the journal’s transactions', () => {
        const addresses = parse('ignition/deployments/chain-43113/deployed_addresses.json');
        assert.deepEqual(addresses.deployments, [
            {
                chainId: '43113',
                address: counterAddress,
                contractName: 'Counter',
                label: 'CounterModule#Counter',
                origin: {
                    tool: 'hardhat-ignition',
                    file: 'ignition/deployments/chain-43113/deployed_addresses.json',
                },
            },
        ]);
        const journal = parse('ignition/deployments/chain-43113/journal.jsonl');
        assert.deepEqual(journal.problems, []);
        assert.equal(journal.directoryChainId, undefined);
        assert.deepEqual(
            journal.transactions.map((t) => [t.chainId, t.kind, t.label, t.contractAddress]),
            [
                ['43113', 'CREATE', 'CounterModule#Counter', counterAddress],
                ['43113', 'CALL', 'CounterModule#Counter.setNumber', counterAddress],
            ],
        );
    });

    it('Ignition: a deployment id of the user’s takes its chain from the journal', () => {
        const addresses = parse('ignition/deployments/staging/deployed_addresses.json');
        assert.equal(addresses.deployments[0]?.chainId, undefined);
        const journal = parse('ignition/deployments/staging/journal.jsonl');
        assert.deepEqual(journal.directoryChainId, {
            directory: 'ignition/deployments/staging',
            chainId: '99999',
        });
        assert.equal(journal.transactions[0]?.chainId, '99999');
    });

    it('Ignition: a wiped future has no record; broken lines are counted', () => {
        const text = `${read('ignition/deployments/chain-43113/journal.jsonl')}{"futureId":"CounterModule#Counter.setNumber","type":"WIPE_APPLY"}\n{"type":"TRANSACTION_CONFIRM",\n`;
        const k = parse('ignition/deployments/chain-43113/journal.jsonl', text);
        assert.deepEqual(
            k.transactions.map((t) => t.label),
            ['CounterModule#Counter'],
        );
        assert.match(k.problems.join('\n'), /1 journal lines that are not JSON/);
    });

    it('hardhat-deploy: the record, its transaction, and the folder’s .chainId', () => {
        const file = 'hardhat-deploy/deployments/fuji/Counter.json';
        const k = parse(file);
        assert.deepEqual(k.problems, []);
        const d = k.deployments[0]!;
        assert.equal(d.address, counterAddress);
        assert.equal(d.networkName, 'fuji');
        assert.equal(d.chainId, undefined);
        assert.equal(d.contractName, 'Counter');
        assert.equal(d.label, 'Counter');
        assert.equal(d.abi?.length, 9);
        assert.equal(k.transactions[0]?.hash, d.txHash);
        assert.equal(k.transactions[0]?.kind, 'CREATE');
        const chain = parse('hardhat-deploy/deployments/fuji/.chainId');
        assert.deepEqual(chain.directoryChainId, {
            directory: 'hardhat-deploy/deployments/fuji',
            chainId: '43113',
        });
        assert.deepEqual(
            parse('deployments/fuji/.chainId', '43113\n').directoryChainId?.chainId,
            '43113',
        );
        for (const junk of ['fuji', '0x1', '-1', '', '1'.repeat(30)]) {
            const bad = parse('deployments/fuji/.chainId', junk);
            assert.equal(bad.directoryChainId, undefined, junk);
            assert.equal(bad.problems.length, 1);
        }
    });
});

describe('(unit) workspace files: avalanche-cli', () => {
    const sidecarFile = 'avalanche-cli/subnets/myl1/sidecar.json';

    it('sidecar: contracts per network, a validator manager on another chain has no EVM chain id', () => {
        const k = parse(sidecarFile);
        assert.deepEqual(k.problems, []);
        const rows = k.deployments.map((d) => [d.networkName, d.chainId, d.label, d.address]);
        assert.deepEqual(rows, [
            [
                'Local Network',
                '99999',
                'ICM messenger',
                '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf',
            ],
            [
                'Local Network',
                '99999',
                'ICM registry',
                '0x17ab05351fc94a1a67bf3f56ddbb941ae6c63e25',
            ],
            [
                'Local Network',
                '99999',
                'validator manager of myl1',
                '0x0feedc0de0000000000000000000000000000000',
            ],
            ['Fuji', '99999', 'ICM messenger', '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf'],
            ['Fuji', '99999', 'ICM registry', '0x17ab05351fc94a1a67bf3f56ddbb941ae6c63e25'],
            [
                'Fuji',
                undefined,
                'validator manager of myl1',
                '0x0feedc0de0000000000000000000000000000000',
            ],
        ]);
        assert.equal(
            k.deployments[5]?.blockchainId,
            'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
        );
        assert.equal(k.deployments[0]?.contractName, 'TeleporterMessenger');
        assert.deepEqual(
            k.namedAddresses?.map((n) => n.name),
            [
                'validator manager owner of myl1',
                'validator proxy admin owner of myl1',
                'validator manager owner of myl1',
                'validator proxy admin owner of myl1',
            ],
        );
    });

    it('a sidecar.json of another tool gives nothing and says why', () => {
        const k = parse('app/sidecar.json', '{"image":"nginx","ports":[80]}');
        assert.deepEqual(k.deployments, []);
        assert.match(k.problems[0]!, /not an avalanche-cli sidecar/);
    });

    it('genesis: enabled precompiles, their roles, and predeployed code matched by hash', () => {
        const k = parse('avalanche-cli/subnets/myl1/genesis.json');
        assert.deepEqual(k.problems, []);
        const store = parse('foundry/out/Counter.sol/Store.json').artifacts[0]!;
        assert.deepEqual(
            k.deployments.map((d) => [d.address, d.contractName, d.label]),
            [
                [
                    '0x0200000000000000000000000000000000000001',
                    'INativeMinter',
                    'Native Minter precompile',
                ],
                [
                    '0x0200000000000000000000000000000000000002',
                    'IAllowList',
                    'Transaction Allow List precompile',
                ],
                [
                    '0x0200000000000000000000000000000000000004',
                    'IRewardManager',
                    'Reward Manager precompile',
                ],
                [
                    '0x0200000000000000000000000000000000000005',
                    'IWarpMessenger',
                    'Warp Messenger precompile',
                ],
                ['0x0c0deba5e0000000000000000000000000000000', undefined, 'Validator Manager'],
            ],
        );
        assert.ok(k.deployments.every((d) => d.chainId === '99999'));
        assert.equal(k.deployments[4]?.codeHash, store.runtimeHash);
        assert.deepEqual(
            k.namedAddresses?.map((n) => [n.name, n.address]),
            [
                ['Native Minter admin', '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'],
                ['Transaction Allow List admin', '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'],
                ['Transaction Allow List enabled', deployer],
                ['Reward Manager admin', '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'],
                ['Reward Manager reward address', deployer],
            ],
        );
    });

    it('a genesis without config.chainId is another tool’s', () => {
        const k = parse('genesis.json', '{"networkID":1,"allocations":[]}');
        assert.deepEqual(k.deployments, []);
        assert.match(k.problems[0]!, /not an EVM genesis/);
    });
});
