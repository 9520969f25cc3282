import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { keccak_256 } from '@noble/hashes/sha3.js';

import {
    parseWorkspaceFile,
    selectorOf,
    WorkspaceIndex,
    type AbiEntry,
    type ContractArtifact,
    type FileKnowledge,
} from '../../../src/core/workspace';
import { fixturesDir } from '../../helpers/fixtures';

const root = path.join(fixturesDir, 'workspace-artifacts');

/** Every fixture file as a workspace-relative path, in a stable order. */
function fixtureFiles(dir = root): string[] {
    return readdirSync(dir)
        .sort()
        .flatMap((name) => {
            const full = path.join(dir, name);
            return statSync(full).isDirectory() ? fixtureFiles(full) : [path.relative(root, full)];
        })
        .map((file) => file.split(path.sep).join('/'));
}

function loadAll(index = new WorkspaceIndex()): { index: WorkspaceIndex; files: string[] } {
    const files: string[] = [];
    for (const file of fixtureFiles()) {
        const knowledge = parseWorkspaceFile(file, readFileSync(path.join(root, file), 'utf8'));
        if (!knowledge) continue;
        index.set(knowledge);
        files.push(file);
    }
    return { index, files };
}

const selector = (signature: string): string =>
    `0x${Buffer.from(keccak_256(new TextEncoder().encode(signature)))
        .subarray(0, 4)
        .toString('hex')}`;
const topic = (signature: string): string =>
    `0x${Buffer.from(keccak_256(new TextEncoder().encode(signature))).toString('hex')}`;

const counterAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const storeAddress = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';

function fn(name: string, types: string[], names = types.map(() => '')): AbiEntry {
    return {
        type: 'function',
        name,
        inputs: types.map((type, i) => ({ name: names[i]!, type })),
        outputs: [],
        stateMutability: 'nonpayable',
    };
}

function artifactFile(file: string, contractName: string, abi: AbiEntry[]): FileKnowledge {
    const artifact: ContractArtifact = { contractName, abi, origin: { tool: 'foundry', file } };
    return { file, artifacts: [artifact], deployments: [], transactions: [], problems: [] };
}

describe('(unit) workspace index', () => {
    it('the fixtures: one entry per distinct ABI entry, whatever the number of files that have it', () => {
        const { index, files } = loadAll();
        const stats = index.stats();
        assert.equal(stats.files, files.length);
        // Counter's entries are in five artifacts and one deployment: each is answered once.
        const candidates = index.functions(selector('setNumber(uint256)'));
        assert.equal(candidates.length, 1);
        assert.equal(candidates[0]!.entry.name, 'setNumber');
        assert.equal(candidates[0]!.origin.file, 'foundry/out/Counter.sol/Counter.json');
        assert.equal(index.events(topic('Incremented(address,uint256)')).length, 1);
        assert.equal(index.events(topic('Stepped((uint256,address)[])')).length, 1);
        assert.equal(index.errors(selector('TooLarge(uint256,uint256)')).length, 1);
        assert.equal(index.functions(selector('TooLarge(uint256,uint256)')).length, 0);
        // Lookups take any case and a missing 0x; junk is no match, not an error.
        const upper = selector('increment()').slice(2).toUpperCase();
        assert.equal(index.functions(upper).length, 1);
        assert.deepEqual(index.functions('0x1234'), []);
        assert.deepEqual(index.events('not a topic'), []);
    });

    it('contractAt: every record naming the address on the chain, the folder’s chain id filled in', () => {
        const { index } = loadAll();
        const onFuji = index.contractAt('43113', counterAddress.toUpperCase().replace('0X', '0x'));
        assert.deepEqual(onFuji.map((d) => [d.origin.tool, d.chainId]).sort(), [
            // run-latest.json and run-1717000000.json say the same: answered once.
            ['foundry-broadcast', '43113'],
            ['hardhat-deploy', '43113'],
            ['hardhat-ignition', '43113'],
        ]);
        assert.equal(onFuji.find((d) => d.origin.tool === 'hardhat-deploy')?.networkName, 'fuji');
        assert.deepEqual(index.contractAt('0xa869', counterAddress), onFuji);
        assert.deepEqual(index.contractAt('1', counterAddress), []);
        assert.deepEqual(index.contractAt('fuji', counterAddress), []);
        // The staging deployment's folder says nothing; its journal says 99999.
        const staging = index.contractAt('99999', storeAddress);
        assert.deepEqual(
            staging.map((d) => [d.origin.file, d.chainId, d.label]),
            [
                [
                    'ignition/deployments/staging/deployed_addresses.json',
                    '99999',
                    'CounterModule#Counter',
                ],
            ],
        );
        assert.ok(index.contractAt(undefined, counterAddress).length >= 3);
    });

    it('avalanche-cli records: the L1’s contracts and roles, the genesis code tied to its artifact', () => {
        const { index } = loadAll();
        const manager = index.contractAt('99999', '0x0FEEDC0DE0000000000000000000000000000000');
        assert.deepEqual(
            manager.map((d) => d.networkName),
            ['Local Network'],
        );
        const fujiManager = index
            .contractAt(undefined, '0x0feedc0de0000000000000000000000000000000')
            .filter((d) => d.networkName === 'Fuji');
        assert.equal(fujiManager[0]?.chainId, undefined);
        const genesisCode = index.contractAt(
            '99999',
            '0x0c0deba5e0000000000000000000000000000000',
        )[0]!;
        assert.deepEqual(
            index.artifactByRuntimeHash(genesisCode.codeHash!).map((a) => a.contractName),
            ['Store'],
        );
        assert.deepEqual(
            index.namesAt('99999', '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc').map((n) => n.name),
            [
                // genesis.json is added before sidecar.json; the sidecar names each owner per network.
                'Native Minter admin',
                'Transaction Allow List admin',
                'Reward Manager admin',
                'validator manager owner of myl1',
                'validator proxy admin owner of myl1',
                'validator manager owner of myl1',
                'validator proxy admin owner of myl1',
            ],
        );
    });

    it('artifacts by runtime hash and by name; transactions by chain and hash', () => {
        const { index } = loadAll();
        const foundry = index.file('foundry/out/Counter.sol/Counter.json')!.artifacts[0]!;
        assert.deepEqual(
            index
                .artifactByRuntimeHash(foundry.runtimeHash!.toUpperCase().replace('0X', '0x'))
                .map((a) => a.origin.file)
                .sort(),
            [
                'foundry/out/Counter.sol/Counter.json',
                'hardhat/artifacts/src/Counter.sol/Counter.json',
                'hardhat3/artifacts/src/Counter.sol/Counter.json',
                'ignition/deployments/chain-43113/artifacts/CounterModule#Counter.json',
            ],
        );
        assert.equal(index.artifactsNamed('Counter').length, 4);
        assert.deepEqual(index.artifactsNamed('Nope'), []);
        const call = index
            .file('foundry/broadcast/Counter.s.sol/43113/run-latest.json')!
            .transactions.find((t) => t.kind === 'CALL')!;
        assert.deepEqual(
            index.transaction('43113', call.hash).map((t) => t.origin.file),
            ['foundry/broadcast/Counter.s.sol/43113/run-1717000000.json'],
        );
        assert.deepEqual(index.transaction('1', call.hash), []);
        const deployTx = index.file('hardhat-deploy/deployments/fuji/Counter.json')!.deployments[0]!
            .txHash!;
        assert.equal(index.transaction('43113', deployTx)[0]?.chainId, '43113');
    });

    it('removing a file takes out exactly its part; removing all leaves nothing', () => {
        const { index, files } = loadAll();
        const before = index.stats();
        const file = 'foundry/out/Counter.sol/Counter.json';
        const knowledge = index.file(file)!;
        index.delete(file);
        const after = index.stats();
        assert.equal(after.files, before.files - 1);
        assert.equal(after.artifacts, before.artifacts - 1);
        // Counter's entries are still in other files; the candidate now names the next one.
        const candidates = index.functions(selector('setNumber(uint256)'));
        assert.equal(candidates.length, 1);
        assert.notEqual(candidates[0]!.origin.file, file);
        assert.equal(index.artifactsNamed('Counter').length, 3);
        index.set(knowledge);
        assert.deepEqual(index.stats(), before);
        // Setting the same file again replaces it: nothing doubles.
        index.set(knowledge);
        assert.deepEqual(index.stats(), before);
        for (const name of files) index.delete(name);
        index.delete('never/added.json');
        assert.deepEqual(index.stats(), {
            files: 0,
            artifacts: 0,
            abiEntries: 0,
            deployments: 0,
            transactions: 0,
            namedAddresses: 0,
            problems: 0,
        });
        assert.deepEqual(index.functions(selector('setNumber(uint256)')), []);
        assert.deepEqual(index.contractAt(undefined, counterAddress), []);
        assert.deepEqual(index.contractAt('99999', storeAddress), []);
    });

    it('a .chainId removed takes the chain away from its folder’s records', () => {
        const { index } = loadAll();
        index.delete('hardhat-deploy/deployments/fuji/.chainId');
        assert.ok(
            !index
                .contractAt('43113', counterAddress)
                .some((d) => d.origin.tool === 'hardhat-deploy'),
        );
        assert.equal(
            index
                .contractAt(undefined, counterAddress)
                .find((d) => d.origin.tool === 'hardhat-deploy')?.chainId,
            undefined,
        );
    });

    it('a selector collision across two artifacts returns both candidates', () => {
        // burn(uint256) and collate_propagate_storage(bytes16) share 0x42966c68.
        const burn = fn('burn', ['uint256']);
        const other = fn('collate_propagate_storage', ['bytes16']);
        assert.equal(selectorOf(burn), selectorOf(other));
        const index = new WorkspaceIndex();
        index.set(artifactFile('out/A.sol/A.json', 'A', [burn]));
        index.set(artifactFile('out/B.sol/B.json', 'B', [other]));
        const found = index.functions('0x42966c68');
        assert.deepEqual(
            found.map((c) => [c.entry.name, c.origin.file]),
            [
                ['burn', 'out/A.sol/A.json'],
                ['collate_propagate_storage', 'out/B.sol/B.json'],
            ],
        );
        index.delete('out/A.sol/A.json');
        assert.deepEqual(
            index.functions('0x42966c68').map((c) => c.entry.name),
            ['collate_propagate_storage'],
        );
    });

    it('the same signature with other parameter names is another entry; identical ones are one object', () => {
        const index = new WorkspaceIndex();
        index.set(
            artifactFile('a.json', 'A', [fn('transfer', ['address', 'uint256'], ['to', 'amount'])]),
        );
        index.set(
            artifactFile('b.json', 'B', [fn('transfer', ['address', 'uint256'], ['dst', 'wad'])]),
        );
        index.set(
            artifactFile('c.json', 'C', [fn('transfer', ['address', 'uint256'], ['to', 'amount'])]),
        );
        assert.equal(index.functions(selector('transfer(address,uint256)')).length, 2);
        assert.equal(index.stats().abiEntries, 2);
        assert.equal(
            index.file('a.json')!.artifacts[0]!.abi[0],
            index.file('c.json')!.artifacts[0]!.abi[0],
        );
    });

    it('10,000 artifacts repeating one interface keep one copy of each entry', () => {
        const abi = [
            fn('transfer', ['address', 'uint256'], ['to', 'amount']),
            fn('approve', ['address', 'uint256'], ['spender', 'amount']),
            { type: 'event', name: 'Transfer', inputs: [], anonymous: false } as AbiEntry,
        ];
        const index = new WorkspaceIndex();
        for (let i = 0; i < 10_000; i++) {
            // Fresh objects per file, as the parser makes them.
            const copy = JSON.parse(JSON.stringify(abi)) as AbiEntry[];
            index.set(artifactFile(`out/T${i}.sol/T${i}.json`, `T${i}`, copy));
        }
        assert.equal(index.stats().abiEntries, 3);
        assert.equal(index.functions(selector('approve(address,uint256)')).length, 1);
        for (let i = 0; i < 10_000; i++) index.delete(`out/T${i}.sol/T${i}.json`);
        assert.equal(index.stats().abiEntries, 0);
    });
});
