/**
 * The built-in table (src/core/abi/wellKnown.ts): every entry's selector or topic computed with
 * our Keccak against viem's and, for a handful, against the published constants; the lookups;
 * and decoding real shapes (Teleporter, the validator manager, the precompiles) through it.
 */
import * as assert from 'node:assert/strict';

import {
    type Abi,
    type AbiEvent,
    type AbiFunction,
    encodeAbiParameters,
    encodeFunctionData,
    toEventSelector,
    toFunctionSelector,
} from 'viem';

import { decodeCall, decodeLog } from '../../../src/core/abi/decode';
import { canonicalSignature, selectorOf, topicOf } from '../../../src/core/abi/signature';
import type { Candidate, Decoded, DecodeResult } from '../../../src/core/abi/types';
import {
    precompileNames,
    wellKnownCandidates,
    wellKnownErrors,
    wellKnownEvents,
    wellKnownFunctions,
    wellKnownGroups,
} from '../../../src/core/abi/wellKnown';

const find = (group: string, signature: string): Candidate => {
    const found = wellKnownCandidates().find(
        (c) =>
            c.group?.split(', ').includes(group) === true &&
            canonicalSignature(c.entry) === signature,
    );
    assert.ok(found, `${group}: ${signature}`);
    return found;
};

describe('(unit) abi well-known table', function () {
    it('computes every selector and topic as viem does', function () {
        const all = wellKnownCandidates();
        assert.ok(all.length > 150);
        for (const { entry } of all) {
            if (entry.type === 'event')
                assert.equal(topicOf(entry), toEventSelector(entry as unknown as AbiEvent));
            else
                assert.equal(
                    selectorOf(entry),
                    toFunctionSelector(entry as unknown as AbiFunction),
                );
        }
    });

    it('gives the published constants', function () {
        const functions: Record<string, string> = {
            '0xa9059cbb': 'transfer(address,uint256)',
            '0x23b872dd': 'transferFrom(address,address,uint256)',
            '0x095ea7b3': 'approve(address,uint256)',
            '0xd505accf': 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
            '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
            '0xb88d4fde': 'safeTransferFrom(address,address,uint256,bytes)',
            '0xa22cb465': 'setApprovalForAll(address,bool)',
            '0xd0e30db0': 'deposit()',
            '0x2e1a7d4d': 'withdraw(uint256)',
        };
        for (const [selector, signature] of Object.entries(functions)) {
            const found = wellKnownFunctions(selector);
            assert.equal(found.length, 1, selector);
            assert.equal(canonicalSignature(found[0]!.entry), signature);
        }
        const events: Record<string, string> = {
            '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef':
                'Transfer(address,address,uint256)',
            '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925':
                'Approval(address,address,uint256)',
            '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31':
                'ApprovalForAll(address,address,bool)',
            '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62':
                'TransferSingle(address,address,address,uint256,uint256)',
            '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb':
                'TransferBatch(address,address,address,uint256[],uint256[])',
            '0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0':
                'OwnershipTransferred(address,address)',
            '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c':
                'Deposit(address,uint256)',
            '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65':
                'Withdrawal(address,uint256)',
        };
        for (const [topic, signature] of Object.entries(events)) {
            const found = wellKnownEvents(topic);
            assert.ok(found.length >= 1, topic);
            for (const c of found) assert.equal(canonicalSignature(c.entry), signature);
        }
    });

    it('keeps ERC-20 and ERC-721 Transfer apart and merges identical entries', function () {
        const transfers = wellKnownEvents(
            '0xDDF252AD1BE2C89B69C2B068FC378DAA952BA7F163C4A11628F55A4DF523B3EF',
        );
        assert.deepEqual(
            transfers.map((c) => c.group),
            ['ERC-20', 'ERC-721'],
        );
        assert.equal(wellKnownFunctions('0xa22cb465')[0]?.group, 'ERC-721, ERC-1155');
        assert.deepEqual(wellKnownFunctions('0x00000000'), []);
        for (const c of wellKnownCandidates())
            assert.deepEqual(c.origin, { tool: 'built-in', file: '' });
    });

    it('lists custom errors, leaving Error(string) and Panic(uint256) to the decoder', function () {
        assert.deepEqual(wellKnownErrors('0x08c379a0'), []);
        assert.deepEqual(wellKnownErrors('0x4e487b71'), []);
        const insufficient = wellKnownErrors(
            toFunctionSelector('ERC20InsufficientBalance(address,uint256,uint256)'),
        );
        assert.equal(insufficient[0]?.entry.name, 'ERC20InsufficientBalance');
    });

    it('names the Subnet-EVM precompiles by their fixed addresses', function () {
        assert.deepEqual(Object.keys(precompileNames).sort(), [
            '0x0200000000000000000000000000000000000000',
            '0x0200000000000000000000000000000000000001',
            '0x0200000000000000000000000000000000000002',
            '0x0200000000000000000000000000000000000003',
            '0x0200000000000000000000000000000000000004',
            '0x0200000000000000000000000000000000000005',
        ]);
        assert.equal(
            precompileNames['0x0200000000000000000000000000000000000001'],
            'Native Minter',
        );
        assert.equal(
            precompileNames['0x0200000000000000000000000000000000000005'],
            'Warp Messenger',
        );
        assert.equal(
            selectorOf(find('Subnet-EVM NativeMinter', 'mintNativeCoin(address,uint256)').entry),
            '0x4f5aaaba',
        );
        assert.equal(
            selectorOf(find('Subnet-EVM Warp', 'sendWarpMessage(bytes)').entry),
            '0xee5b48eb',
        );
    });

    it('has a source for every group and no empty group', function () {
        const names = wellKnownGroups.map((g) => g.group);
        assert.equal(new Set(names).size, names.length);
        for (const g of wellKnownGroups) assert.ok(g.signatures.length > 0, g.group);
    });
});

describe('(unit) abi well-known table: decoding through it', function () {
    const decoded = (r: DecodeResult): Decoded => {
        assert.equal(r.status, 'decoded', JSON.stringify(r));
        return r.decoded;
    };

    it('decodes a Teleporter sendCrossChainMessage with its nested structs', function () {
        const send = find(
            'ICM TeleporterMessenger',
            'sendCrossChainMessage((bytes32,address,(address,uint256),uint256,address[],bytes))',
        );
        assert.equal(selectorOf(send.entry), '0x62448850');
        const input = {
            destinationBlockchainID: `0x${'11'.repeat(32)}`,
            destinationAddress: '0x0000000000000000000000000000000000000abc',
            feeInfo: { feeTokenAddress: '0x0000000000000000000000000000000000000def', amount: 5n },
            requiredGasLimit: 100_000n,
            allowedRelayerAddresses: [],
            message: '0xdeadbeef',
        };
        const data = encodeFunctionData({ abi: [send.entry] as unknown as Abi, args: [input] });
        const d = decoded(decodeCall(data, wellKnownFunctions(data.slice(0, 10))));
        assert.equal(d.group, 'ICM TeleporterMessenger');
        const messageInput = d.args[0]!.value;
        assert.equal(messageInput.k, 'tuple');
        if (messageInput.k !== 'tuple') return;
        assert.deepEqual(
            messageInput.fields.map((f) => f.name),
            [
                'destinationBlockchainID',
                'destinationAddress',
                'feeInfo',
                'requiredGasLimit',
                'allowedRelayerAddresses',
                'message',
            ],
        );
        assert.deepEqual(messageInput.fields[5]?.value, {
            k: 'bytes',
            type: 'bytes',
            value: '0xdeadbeef',
        });
    });

    it('decodes a PoS initiateValidatorRegistration and tells it from the PoA one', function () {
        const native = find(
            'ICM StakingManager',
            'initiateValidatorRegistration(bytes,bytes,(uint32,address[]),(uint32,address[]),uint16,uint64,address)',
        );
        const owner = { threshold: 1, addresses: ['0x0000000000000000000000000000000000000001'] };
        const data = encodeFunctionData({
            abi: [native.entry] as unknown as Abi,
            args: [
                `0x${'aa'.repeat(20)}`,
                `0x${'bb'.repeat(48)}`,
                owner,
                owner,
                200,
                86_400n,
                '0x0000000000000000000000000000000000000002',
            ],
        });
        const candidates = wellKnownFunctions(data.slice(0, 10));
        assert.equal(candidates.length, 1);
        const d = decoded(decodeCall(data, candidates));
        assert.equal(d.args.find((a) => a.name === 'delegationFeeBips')?.value.k, 'int');
    });

    it('decodes an AllowList RoleSet log', function () {
        const roleSet = find('Subnet-EVM AllowList', 'RoleSet(uint256,address,address,uint256)');
        const word = (n: bigint): string => `0x${n.toString(16).padStart(64, '0')}`;
        const topics = [topicOf(roleSet.entry), word(2n), word(0xabcn), word(0xdefn)];
        const d = decoded(
            decodeLog(
                topics,
                encodeAbiParameters([{ type: 'uint256' }], [0n]),
                wellKnownEvents(topics[0]!),
            ),
        );
        assert.deepEqual(
            d.args.map((a) => a.name),
            ['role', 'account', 'sender', 'oldRole'],
        );
    });
});
