/**
 * The logs an ICM message leaves: TeleporterMessenger's events (send, delivery, execution,
 * receipt; https://github.com/ava-labs/icm-contracts/blob/main/contracts/teleporter/ITeleporterMessenger.sol)
 * and the Warp precompile's `SendWarpMessage` (subnet-evm `precompile/contracts/warp`). The
 * signatures are those of the built-in table (`core/abi/wellKnown.ts`), so a topic here and a
 * decoded log in a panel cannot disagree. Logs come from a chain's RPC and are hostile: each is
 * decoded within the decoder's bounds, and what does not decode is left out, never guessed.
 */
import { decodeLog } from '../abi/decode';
import { topicOf } from '../abi/signature';
import type { Candidate, DecodedArg, DecodedValue } from '../abi/types';
import { wellKnownCandidates } from '../abi/wellKnown';
import { bytesToHex } from '../ids/hex';
import { sha256 } from '../ids/sha256';
import type { RpcLog } from '../nodeRpc/schemas';

/** The Warp precompile's address on every Subnet-EVM chain and the C-Chain. */
export const warpPrecompile = '0x0200000000000000000000000000000000000005';

/** The largest payload kept to be decoded with the destination contract's ABI. */
export const maxPayloadBytes = 8192;

/** Relayer addresses kept of one message; the rest are counted. */
const maxListedRelayers = 16;

type EventName =
    | 'SendCrossChainMessage'
    | 'ReceiveCrossChainMessage'
    | 'MessageExecuted'
    | 'MessageExecutionFailed'
    | 'ReceiptReceived'
    | 'SendWarpMessage';

interface Events {
    readonly topics: Readonly<Record<EventName, string>>;
    readonly candidates: ReadonlyMap<string, readonly Candidate[]>;
}

let events: Events | undefined;

function table(): Events {
    if (events) return events;
    const wanted = new Set<string>([
        'SendCrossChainMessage',
        'ReceiveCrossChainMessage',
        'MessageExecuted',
        'MessageExecutionFailed',
        'ReceiptReceived',
        'SendWarpMessage',
    ]);
    const topics: Partial<Record<EventName, string>> = {};
    const candidates = new Map<string, Candidate[]>();
    for (const c of wellKnownCandidates()) {
        const group = c.group ?? '';
        if (c.entry.type !== 'event' || !wanted.has(c.entry.name)) continue;
        if (group !== 'ICM TeleporterMessenger' && group !== 'Subnet-EVM Warp') continue;
        const topic = topicOf(c.entry);
        topics[c.entry.name as EventName] = topic;
        candidates.set(topic, [c]);
    }
    events = { topics: topics as Record<EventName, string>, candidates };
    return events;
}

/** Topic 0 of each event an ICM message leaves. */
export function icmTopics(): Readonly<Record<EventName, string>> {
    return table().topics;
}

/** Where a log sits on its chain. */
export interface LogAt {
    readonly address: string;
    readonly txHash?: string | undefined;
    readonly block?: number | undefined;
    readonly logIndex?: number | undefined;
}

/** A fee: the ERC-20 it is paid in and the amount in its smallest unit. */
export interface IcmFee {
    readonly token: string;
    readonly amount: string;
}

/** The `TeleporterMessage` a send, a delivery or a failed execution carries. */
export interface TeleporterMessageFields {
    readonly nonce: string;
    readonly originSender: string;
    readonly destinationBlockchainId: string;
    readonly destinationAddress: string;
    readonly requiredGasLimit: string;
    readonly allowedRelayers: readonly string[];
    /** Relayer addresses past {@link maxListedRelayers}, or past the decoder's bound. */
    readonly allowedRelayersMore: number;
    /** Receipts of earlier messages the other way that ride along. */
    readonly receipts: number;
    /** The application payload's length in bytes. */
    readonly payloadBytes: number;
    /** The payload itself (`0x` hex), when whole and at most {@link maxPayloadBytes}. */
    readonly payload?: string | undefined;
}

/** One ICM log, decoded. */
export type IcmEvent =
    | {
          readonly kind: 'send';
          readonly messageId: string;
          readonly destinationBlockchainId: string;
          readonly message: TeleporterMessageFields;
          readonly fee: IcmFee;
          readonly at: LogAt;
      }
    | {
          readonly kind: 'receive';
          readonly messageId: string;
          readonly sourceBlockchainId: string;
          readonly deliverer: string;
          readonly rewardRedeemer: string;
          readonly message: TeleporterMessageFields;
          readonly at: LogAt;
      }
    | {
          readonly kind: 'executed' | 'executionFailed';
          readonly messageId: string;
          readonly sourceBlockchainId: string;
          readonly at: LogAt;
      }
    | {
          readonly kind: 'receipt';
          readonly messageId: string;
          readonly destinationBlockchainId: string;
          readonly relayerRewardAddress: string;
          readonly fee: IcmFee;
          readonly at: LogAt;
      }
    | {
          readonly kind: 'warp';
          readonly sender: string;
          readonly warpMessageId: string;
          /** From the unsigned Warp message the log carries, when it parses. */
          readonly networkId?: number | undefined;
          readonly sourceBlockchainId?: string | undefined;
          /** Whether the SHA-256 of the unsigned message is the id the log names. */
          readonly idMatches: boolean;
          readonly at: LogAt;
      };

function arg(args: readonly DecodedArg[], name: string): DecodedValue | undefined {
    return args.find((a) => a.name === name)?.value;
}

function scalar(value: DecodedValue | undefined): string {
    if (!value) return '';
    switch (value.k) {
        case 'address':
        case 'int':
        case 'bytes':
        case 'hashed':
            return value.value.toLowerCase();
        case 'bool':
            return String(value.value);
        default:
            return '';
    }
}

function fields(value: DecodedValue | undefined): readonly DecodedArg[] {
    return value?.k === 'tuple' ? value.fields : [];
}

function feeOf(value: DecodedValue | undefined): IcmFee {
    const f = fields(value);
    return { token: scalar(arg(f, 'feeTokenAddress')), amount: scalar(arg(f, 'amount')) || '0' };
}

function messageOf(value: DecodedValue | undefined): TeleporterMessageFields {
    const f = fields(value);
    const relayers = arg(f, 'allowedRelayerAddresses');
    const receipts = arg(f, 'receipts');
    const payload = arg(f, 'message');
    const listed = relayers?.k === 'list' ? relayers.items.map(scalar) : [];
    const more = relayers?.k === 'list' ? (relayers.more ?? 0) : 0;
    return {
        nonce: scalar(arg(f, 'messageNonce')),
        originSender: scalar(arg(f, 'originSenderAddress')),
        destinationBlockchainId: scalar(arg(f, 'destinationBlockchainID')),
        destinationAddress: scalar(arg(f, 'destinationAddress')),
        requiredGasLimit: scalar(arg(f, 'requiredGasLimit')),
        allowedRelayers: listed.slice(0, maxListedRelayers),
        allowedRelayersMore: more + Math.max(0, listed.length - maxListedRelayers),
        receipts: receipts?.k === 'list' ? receipts.items.length + (receipts.more ?? 0) : 0,
        payloadBytes:
            payload?.k === 'bytes' ? (payload.value.length - 2) / 2 + (payload.more ?? 0) : 0,
        ...(payload?.k === 'bytes' &&
        !payload.more &&
        payload.value.length <= 2 + maxPayloadBytes * 2
            ? { payload: payload.value.toLowerCase() }
            : {}),
    };
}

/** The largest Warp message log read: far above the 24 KiB payload Warp itself allows. */
const maxWarpLogBytes = 64 * 1024;

function hexBytes(hex: string): Uint8Array | undefined {
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(hex)) return undefined;
    const out = new Uint8Array((hex.length - 2) / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
    return out;
}

function wordAt(bytes: Uint8Array, at: number): number | undefined {
    if (at + 32 > bytes.length) return undefined;
    for (let i = at; i < at + 24; i++) if (bytes[i] !== 0) return undefined;
    let n = 0;
    for (let i = at + 24; i < at + 32; i++) n = n * 256 + bytes[i]!;
    return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * `SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)`: the
 * unsigned Warp message is AvalancheGo's codec (`vms/platformvm/warp/unsigned_message.go`:
 * codec version u16, network id u32, source chain id 32 bytes, payload), and its id is the
 * SHA-256 of those bytes.
 */
function readWarp(log: RpcLog, at: LogAt): IcmEvent | undefined {
    const [, senderTopic, idTopic] = log.topics;
    if (log.topics.length !== 3 || !senderTopic || !idTopic) return undefined;
    if (log.data.length > 2 + maxWarpLogBytes * 2) return undefined;
    const data = hexBytes(log.data);
    if (!data) return undefined;
    const offset = wordAt(data, 0);
    const length = offset === undefined ? undefined : wordAt(data, offset);
    if (offset === undefined || length === undefined || offset + 32 + length > data.length) {
        return undefined;
    }
    const unsigned = data.subarray(offset + 32, offset + 32 + length);
    const warpMessageId = idTopic.toLowerCase();
    const idMatches = bytesToHex(sha256(unsigned)) === warpMessageId;
    let networkId: number | undefined;
    let sourceBlockchainId: string | undefined;
    if (unsigned.length >= 38 && unsigned[0] === 0 && unsigned[1] === 0) {
        networkId =
            ((unsigned[2]! << 24) >>> 0) +
            (unsigned[3]! << 16) +
            (unsigned[4]! << 8) +
            unsigned[5]!;
        sourceBlockchainId = bytesToHex(unsigned.subarray(6, 38));
    }
    return {
        kind: 'warp',
        sender: `0x${senderTopic.slice(-40).toLowerCase()}`,
        warpMessageId,
        networkId,
        sourceBlockchainId,
        idMatches,
        at,
    };
}

/**
 * One log read as an ICM event, or undefined when it is none (another event, a removed log, a
 * log that does not decode as its topic says). Which contract emitted it is in `at.address`:
 * the caller decides whether that contract is the messenger it follows.
 */
export function readIcmLog(
    log: RpcLog & { blockNumber?: number; transactionHash?: string },
): IcmEvent | undefined {
    if (log.removed) return undefined;
    const topic0 = log.topics[0]?.toLowerCase();
    if (!topic0) return undefined;
    const at: LogAt = {
        address: log.address.toLowerCase(),
        txHash: log.transactionHash?.toLowerCase(),
        block: log.blockNumber,
        logIndex: log.logIndex,
    };
    const t = icmTopics();
    if (topic0 === t.SendWarpMessage) {
        return at.address === warpPrecompile ? readWarp(log, at) : undefined;
    }
    const candidates = table().candidates.get(topic0);
    if (!candidates) return undefined;
    const result = decodeLog(log.topics, log.data, candidates);
    if (result.status !== 'decoded') return undefined;
    const a = result.decoded.args;
    const messageId = scalar(arg(a, 'messageID'));
    switch (result.decoded.name) {
        case 'SendCrossChainMessage':
            return {
                kind: 'send',
                messageId,
                destinationBlockchainId: scalar(arg(a, 'destinationBlockchainID')),
                message: messageOf(arg(a, 'message')),
                fee: feeOf(arg(a, 'feeInfo')),
                at,
            };
        case 'ReceiveCrossChainMessage':
            return {
                kind: 'receive',
                messageId,
                sourceBlockchainId: scalar(arg(a, 'sourceBlockchainID')),
                deliverer: scalar(arg(a, 'deliverer')),
                rewardRedeemer: scalar(arg(a, 'rewardRedeemer')),
                message: messageOf(arg(a, 'message')),
                at,
            };
        case 'MessageExecuted':
        case 'MessageExecutionFailed':
            return {
                kind: result.decoded.name === 'MessageExecuted' ? 'executed' : 'executionFailed',
                messageId,
                sourceBlockchainId: scalar(arg(a, 'sourceBlockchainID')),
                at,
            };
        case 'ReceiptReceived':
            return {
                kind: 'receipt',
                messageId,
                destinationBlockchainId: scalar(arg(a, 'destinationBlockchainID')),
                relayerRewardAddress: scalar(arg(a, 'relayerRewardAddress')),
                fee: feeOf(arg(a, 'feeInfo')),
                at,
            };
        default:
            return undefined;
    }
}
