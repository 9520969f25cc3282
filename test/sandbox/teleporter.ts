/**
 * Teleporter logs as TeleporterMessenger and the Warp precompile emit them: the event layouts of
 * ITeleporterMessenger.sol (https://github.com/ava-labs/icm-contracts/blob/main/contracts/teleporter/ITeleporterMessenger.sol),
 * ABI-encoded by viem, and the unsigned Warp message of AvalancheGo's codec
 * (vms/platformvm/warp/unsigned_message.go, payload/addressed_call.go) whose SHA-256 is the Warp
 * log's id. The message id is computed here independently of the extension (viem's keccak over
 * viem's encoding), so a test compares two implementations.
 */
import { createHash } from 'node:crypto';

import { encodeAbiParameters, keccak256, toEventSelector, type Hex } from 'viem';

const message = {
    type: 'tuple',
    components: [
        { name: 'messageNonce', type: 'uint256' },
        { name: 'originSenderAddress', type: 'address' },
        { name: 'destinationBlockchainID', type: 'bytes32' },
        { name: 'destinationAddress', type: 'address' },
        { name: 'requiredGasLimit', type: 'uint256' },
        { name: 'allowedRelayerAddresses', type: 'address[]' },
        {
            name: 'receipts',
            type: 'tuple[]',
            components: [
                { name: 'receivedMessageNonce', type: 'uint256' },
                { name: 'relayerRewardAddress', type: 'address' },
            ],
        },
        { name: 'message', type: 'bytes' },
    ],
} as const;
const fee = {
    type: 'tuple',
    components: [
        { name: 'feeTokenAddress', type: 'address' },
        { name: 'amount', type: 'uint256' },
    ],
} as const;
const msgSig = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)';
const topics = {
    send: toEventSelector(`SendCrossChainMessage(bytes32,bytes32,${msgSig},(address,uint256))`),
    receive: toEventSelector(`ReceiveCrossChainMessage(bytes32,bytes32,address,address,${msgSig})`),
    executed: toEventSelector('MessageExecuted(bytes32,bytes32)'),
    failed: toEventSelector(`MessageExecutionFailed(bytes32,bytes32,${msgSig})`),
    receipt: toEventSelector('ReceiptReceived(bytes32,bytes32,address,(address,uint256))'),
    warp: toEventSelector('SendWarpMessage(address,bytes32,bytes)'),
};

/** A log as eth_getLogs and receipts carry it (before its block and transaction are set). */
export interface RawLog {
    address: string;
    topics: string[];
    data: string;
}

export interface MessageSpec {
    messenger: Hex;
    sourceId: Hex;
    destinationId: Hex;
    nonce: bigint;
    sender: Hex;
    destinationAddress: Hex;
    feeToken?: Hex;
    feeAmount?: bigint;
    requiredGasLimit?: bigint;
    relayers?: Hex[];
    payload?: Hex;
    networkId?: number;
}

const pad = (address: string): Hex => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

function u32(n: number): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
}

/**
 * Every log one message leaves, with its id computed the contract's way; built once per spec
 * (the chain builds it when it makes the transaction, and every receipt and log filter over it
 * asks again).
 */
export function teleporterMessage(spec: MessageSpec): TeleporterLogs {
    let built = builtMessages.get(spec);
    if (!built) {
        built = buildTeleporterMessage(spec);
        builtMessages.set(spec, built);
    }
    return built;
}

type TeleporterLogs = ReturnType<typeof buildTeleporterMessage>;
const builtMessages = new WeakMap<MessageSpec, TeleporterLogs>();

function buildTeleporterMessage(spec: MessageSpec) {
    const messageId = keccak256(
        encodeAbiParameters(
            [{ type: 'address' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }],
            [spec.messenger, spec.sourceId, spec.destinationId, spec.nonce],
        ),
    );
    const value = {
        messageNonce: spec.nonce,
        originSenderAddress: spec.sender,
        destinationBlockchainID: spec.destinationId,
        destinationAddress: spec.destinationAddress,
        requiredGasLimit: spec.requiredGasLimit ?? 100_000n,
        allowedRelayerAddresses: spec.relayers ?? [],
        receipts: [],
        message: spec.payload ?? '0x1234',
    };
    const feeValue = {
        feeTokenAddress: spec.feeToken ?? `0x${'00'.repeat(20)}`,
        amount: spec.feeAmount ?? 0n,
    } as const;
    const messageBytes = Buffer.from(encodeAbiParameters([message], [value]).slice(2), 'hex');
    // AddressedCall (type 1) from the messenger, inside an unsigned Warp message.
    const messenger = Buffer.from(spec.messenger.slice(2), 'hex');
    const addressed = Buffer.concat([
        Buffer.from([0, 0]),
        u32(1),
        u32(messenger.length),
        messenger,
        u32(messageBytes.length),
        messageBytes,
    ]);
    const unsigned = Buffer.concat([
        Buffer.from([0, 0]),
        u32(spec.networkId ?? 1337),
        Buffer.from(spec.sourceId.slice(2), 'hex'),
        u32(addressed.length),
        addressed,
    ]);
    const warpId = `0x${createHash('sha256').update(unsigned).digest('hex')}`;
    return {
        messageId,
        warpId,
        send: {
            address: spec.messenger,
            topics: [topics.send, messageId, spec.destinationId],
            data: encodeAbiParameters([message, fee], [value, feeValue]),
        } satisfies RawLog,
        warp: {
            address: '0x0200000000000000000000000000000000000005',
            topics: [topics.warp, pad(spec.messenger), warpId],
            data: encodeAbiParameters([{ type: 'bytes' }], [`0x${unsigned.toString('hex')}`]),
        } satisfies RawLog,
        receive: (deliverer: Hex, rewardRedeemer: Hex, messenger = spec.messenger): RawLog => ({
            address: messenger,
            topics: [topics.receive, messageId, spec.sourceId, pad(deliverer)],
            data: encodeAbiParameters([{ type: 'address' }, message], [rewardRedeemer, value]),
        }),
        executed: (messenger = spec.messenger): RawLog => ({
            address: messenger,
            topics: [topics.executed, messageId, spec.sourceId],
            data: '0x',
        }),
        failed: (messenger = spec.messenger): RawLog => ({
            address: messenger,
            topics: [topics.failed, messageId, spec.sourceId],
            data: encodeAbiParameters([message], [value]),
        }),
        receipt: (relayerReward: Hex): RawLog => ({
            address: spec.messenger,
            topics: [topics.receipt, messageId, spec.destinationId, pad(relayerReward)],
            data: encodeAbiParameters([fee], [feeValue]),
        }),
    };
}
