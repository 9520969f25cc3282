/**
 * Where lenses and links go in a deployment record (src/core/workspace/anchors.ts): every quoted
 * transaction hash and contract address the record's parser accepted, at the offset of the value
 * inside its quotes in the text as the editor holds it, the first place of each value flagged.
 * The records are the tools' own output (workspace-artifacts) and the sample workspace's broadcast.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { deploymentAnchors, type Anchor } from '../../../src/core/workspace/anchors';
import {
    broadcastIds,
    contractsWorkspaceDir,
    sampleBroadcastFile,
    sampleBroadcastText,
    workspaceArtifactsDir,
} from '../../helpers/workspaceTree';

const broadcastFile = 'foundry/broadcast/Counter.s.sol/43113/run-latest.json';
const read = (file: string): string => readFileSync(path.join(workspaceArtifactsDir, file), 'utf8');

const counterAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const deployer = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const createHash = '0xe85112e20669d807e489f1a3c4de76e520803eac47e6ab88ec076e94786217a4';
const callHash = '0x9ac1cab93db76a21a09981eca9e741f7f61dd7b43932342e87aca76ff5d6f7cf';

/** Offsets of every `"value"` in `text` (any case), found without the code under test. */
function placesOf(text: string, value: string): number[] {
    const lower = value.toLowerCase();
    const places: number[] = [];
    const pattern = new RegExp(`"(0x${value.slice(2)})"`, 'gi');
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        assert.equal(m[1]!.toLowerCase(), lower);
        places.push(m.index + 1);
    }
    return places;
}

/** Each anchor points at its value inside quotes; the first of each value, and only it, is flagged. */
function checkPlaces(text: string, anchors: readonly Anchor[]): void {
    const seen = new Set<string>();
    let last = -1;
    for (const a of anchors) {
        assert.ok(a.offset > last, 'in the order of the text');
        last = a.offset;
        assert.equal(text.slice(a.offset, a.offset + a.length).toLowerCase(), a.value);
        assert.equal(text[a.offset - 1], '"');
        assert.equal(text[a.offset + a.length], '"');
        assert.equal(a.value, a.value.toLowerCase());
        assert.equal(a.length, a.kind === 'transaction' ? 66 : 42);
        assert.equal(a.first, !seen.has(a.value), `${a.value} at ${a.offset}`);
        seen.add(a.value);
    }
}

function at(anchors: readonly Anchor[], value: string): Anchor[] {
    return anchors.filter((a) => a.value === value);
}

describe('(unit) deployment anchors', () => {
    it('a Foundry broadcast: its transactions and created contract, everywhere they are quoted', () => {
        const text = read(broadcastFile);
        const anchors = deploymentAnchors(broadcastFile, text);
        checkPlaces(text, anchors);
        assert.deepEqual(
            [...new Set(anchors.map((a) => a.value))].sort(),
            [callHash, counterAddress, createHash].sort(),
        );
        for (const value of [createHash, callHash, counterAddress]) {
            const found = at(anchors, value);
            assert.deepEqual(
                found.map((a) => a.offset),
                placesOf(text, value),
                value,
            );
            assert.ok(found.length >= 2, `${value} is in the transaction and its receipt`);
        }
        assert.deepEqual(at(anchors, createHash)[0], {
            kind: 'transaction',
            value: createHash,
            chainId: '43113',
            contractName: 'Counter',
            offset: text.indexOf(createHash),
            length: 66,
            first: true,
            file: broadcastFile,
        });
        assert.deepEqual(
            at(anchors, counterAddress).map((a) => [a.kind, a.chainId, a.contractName]),
            placesOf(text, counterAddress).map(() => ['contract', '43113', 'Counter']),
        );
        // The sender and the block are quoted too, but no record is about them.
        assert.ok(text.includes(`"${deployer}"`));
        assert.deepEqual(at(anchors, deployer), []);
        const blockHash = /"blockHash": "(0x[0-9a-f]{64})"/.exec(text)![1]!;
        assert.deepEqual(at(anchors, blockHash), []);
    });

    it('the sample workspace’s broadcast: five transactions, the token and the vault', () => {
        const text = sampleBroadcastText();
        const anchors = deploymentAnchors(sampleBroadcastFile, text);
        checkPlaces(text, anchors);
        const firsts = anchors.filter((a) => a.first);
        assert.deepEqual(
            firsts.map((a) => [a.kind, a.value, a.chainId]),
            [
                ['transaction', broadcastIds.tokenDeployTxHash, '43114'],
                ['contract', broadcastIds.tokenContract.toLowerCase(), '43114'],
                ['transaction', broadcastIds.vaultDeployTxHash, '43114'],
                ['contract', broadcastIds.vaultContract.toLowerCase(), '43114'],
                ['transaction', broadcastIds.tokenTransferTxHash, '43114'],
                ['transaction', broadcastIds.tokenApproveTxHash, '43114'],
                ['transaction', broadcastIds.vaultDepositTxHash, '43114'],
            ],
        );
        assert.equal(
            at(anchors, broadcastIds.tokenTransferTxHash)[0]?.contractName,
            'ExplorerToken',
        );
        // The recipient is an argument, checksummed in the text: no record is about it.
        assert.ok(text.includes(broadcastIds.tokenRecipient));
        assert.deepEqual(at(anchors, broadcastIds.tokenRecipient.toLowerCase()), []);
    });

    it('offsets stay those of the text when it holds checksummed values and letters whose lower case is longer', () => {
        // 'İ' is one UTF-16 unit; its lower case is two. A token named in Turkish must not move
        // every lens after it.
        const checksummed = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
        const upperHash = `0x${createHash.slice(2).toUpperCase()}`;
        const text = read(broadcastFile)
            .replace('"arguments": [\n', '"arguments": [\n        "İSTANBUL İZMİR",\n')
            .replace(
                `"contractAddress": "${counterAddress}"`,
                `"contractAddress": "${checksummed}"`,
            )
            .replace(`"hash": "${createHash}"`, `"hash": "${upperHash}"`);
        assert.ok(text.includes('İSTANBUL') && text.includes(checksummed));
        const anchors = deploymentAnchors(broadcastFile, text);
        checkPlaces(text, anchors);
        assert.deepEqual(
            at(anchors, counterAddress).map((a) => a.offset),
            placesOf(text, counterAddress),
        );
        assert.equal(
            anchors.find((a) => a.first && a.value === counterAddress)?.offset,
            text.indexOf(checksummed),
        );
        assert.equal(at(anchors, createHash)[0]?.offset, text.indexOf(upperHash));
    });

    it('Ignition and hardhat-deploy records: addresses with their chain and name, creation hashes', () => {
        const addressesFile = 'ignition/deployments/chain-43113/deployed_addresses.json';
        const addresses = deploymentAnchors(addressesFile, read(addressesFile));
        assert.deepEqual(addresses, [
            {
                kind: 'contract',
                value: counterAddress,
                chainId: '43113',
                contractName: 'Counter',
                offset: placesOf(read(addressesFile), counterAddress)[0],
                length: 42,
                first: true,
                file: addressesFile,
            },
        ]);
        const journalFile = 'ignition/deployments/chain-43113/journal.jsonl';
        const journal = read(journalFile);
        const fromJournal = deploymentAnchors(journalFile, journal);
        checkPlaces(journal, fromJournal);
        assert.ok(fromJournal.some((a) => a.kind === 'transaction' && a.chainId === '43113'));

        const deployFile = 'hardhat-deploy/deployments/fuji/Counter.json';
        const deploy = read(deployFile);
        const fromDeploy = deploymentAnchors(deployFile, deploy);
        checkPlaces(deploy, fromDeploy);
        const kinds = new Set(fromDeploy.map((a) => a.kind));
        assert.deepEqual([...kinds].sort(), ['contract', 'transaction']);
        // The record alone does not say its chain: the folder's .chainId does, in the index.
        assert.ok(fromDeploy.every((a) => a.chainId === undefined && a.contractName === 'Counter'));
    });

    it('a file that is no deployment record gives none', () => {
        const artifact = readFileSync(
            path.join(contractsWorkspaceDir, 'foundry/out/ExplorerVault.sol/ExplorerVault.json'),
            'utf8',
        );
        const broadcast = read(broadcastFile);
        for (const [file, text] of [
            ['foundry/out/ExplorerVault.sol/ExplorerVault.json', artifact],
            ['hardhat-deploy/deployments/fuji/.chainId', '43113'],
            // The right shape at a path no parser reads.
            ['notes/run-latest.json', broadcast],
            ['README.md', broadcast],
            // A broadcast's path with a broadcast that no longer parses.
            [broadcastFile, broadcast.slice(0, broadcast.length / 2)],
            [broadcastFile, '{"transactions": "none"}'],
            [broadcastFile, ''],
        ]) {
            assert.deepEqual(deploymentAnchors(file!, text!), [], file);
        }
    });

    it('a value quoted thousands of times gets at most 2,000 anchors', () => {
        const text = read(broadcastFile).replace(
            '"receipts": [',
            `"extra": [${Array.from({ length: 3000 }, () => `"${createHash}"`).join(',')}],\n  "receipts": [`,
        );
        const anchors = deploymentAnchors(broadcastFile, text);
        assert.equal(anchors.length, 2000);
        checkPlaces(text, anchors);
    });
});
