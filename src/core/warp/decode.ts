/**
 * Decodes a signed Warp message, as the Data API's signature aggregator returns it (hex, no `0x`),
 * into its parts: the unsigned message, its payload, the P-Chain message that payload may carry,
 * and the BLS bit-set signature. The layouts are AvalancheGo's linear codec (big-endian integers,
 * `uint32` lengths before byte slices, a `uint16` codec version before each top-level value and a
 * `uint32` type id before each interface value, in registration order):
 *
 * - https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/warp/message.go,
 *   `unsigned_message.go`, `signature.go`, `codec.go` (BitSetSignature is type 0),
 * - https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/warp/payload/codec.go
 *   (Hash 0, AddressedCall 1; at most 24 KiB),
 * - https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/warp/message/codec.go
 *   (SubnetToL1Conversion 0, RegisterL1Validator 1, L1ValidatorRegistration 2,
 *   L1ValidatorWeight 3).
 *
 * The bytes come from the network, so nothing in them is trusted: every length is checked against
 * what is left, trailing bytes are an error as in AvalancheGo's codec manager, and `uint64`s stay
 * `bigint` (weights and expiries do not fit a JS number).
 */
import { bech32, hex } from '@scure/base';

import { cb58Encode, nodeIdPrefix } from '../ids/cb58';
import { bytesToHex } from '../ids/hex';
import { hrpForNetworkId } from '../knownIds';

/** The one codec version each of the three Warp codecs registers. */
const codecVersion = 0;
/** `payload.MaxMessageSize`: the payload codec refuses anything longer. */
const maxPayloadBytes = 24 * 1024;
/** A BLS signature (G2, compressed) and public key (G1, compressed), `utils/crypto/bls`. */
const blsSignatureBytes = 96;
const blsPublicKeyBytes = 48;
/** Far beyond any real message; it keeps hostile input from costing a large allocation. */
const maxSignedMessageHexLength = 2 * 1024 * 1024;
/** Signer indices kept for display; the count is exact beyond it. */
export const maxListedSigners = 4096;

/** The owner of a validator's remaining balance or of its disabling (`message.PChainOwner`). */
export interface PChainOwner {
    readonly threshold: number;
    /** P-Chain addresses (`P-<hrp>1…`) of the owner's 20-byte short ids. */
    readonly addresses: readonly string[];
}

/** The messages the P-Chain signs or receives, in `vms/platformvm/warp/message`. */
export type PChainWarpMessage =
    | {
          readonly kind: 'SubnetToL1Conversion';
          /** The conversion id: the hash of the converted subnet's initial validators and manager. */
          readonly conversionId: string;
      }
    | {
          readonly kind: 'RegisterL1Validator';
          readonly subnetId: string;
          /** `NodeID-…` when 20 bytes, else the bytes in hex (AvalancheGo would refuse it). */
          readonly nodeId: string;
          readonly blsPublicKey: string;
          /** Unix seconds. */
          readonly expiry: bigint;
          readonly remainingBalanceOwner: PChainOwner;
          readonly disableOwner: PChainOwner;
          readonly weight: bigint;
      }
    | {
          readonly kind: 'L1ValidatorRegistration';
          readonly validationId: string;
          readonly registered: boolean;
      }
    | {
          readonly kind: 'L1ValidatorWeight';
          readonly validationId: string;
          readonly nonce: bigint;
          readonly weight: bigint;
      };

/** The payload of the unsigned message, `vms/platformvm/warp/payload`. */
export type WarpPayload =
    | { readonly kind: 'Hash'; readonly hash: string }
    | {
          readonly kind: 'AddressedCall';
          /** Hex with `0x`; empty for the P-Chain's own messages. */
          readonly sourceAddress: string;
          readonly payloadLength: number;
          /** The P-Chain message carried, when the payload is one. */
          readonly message?: PChainWarpMessage | undefined;
          /** Why the payload is not a P-Chain message, when the source address is empty. */
          readonly messageError?: string | undefined;
      };

export interface BitSetSignature {
    /** Indices into the source subnet's canonical validator set, ascending (at most `maxListedSigners`). */
    readonly signers: readonly number[];
    readonly signerCount: number;
    /** The bit set as sent, hex with `0x`. */
    readonly signersHex: string;
    /** AvalancheGo refuses a bit set with leading zero bytes (`ErrInvalidBitSet`). */
    readonly paddedBitSet: boolean;
    /** The aggregate BLS signature, hex with `0x`. */
    readonly signature: string;
}

export interface SignedWarpMessage {
    readonly networkId: number;
    readonly sourceChainId: string;
    /** The source chain is the P-Chain (32 zero bytes): the L1 the message is for signs it. */
    readonly fromPChain: boolean;
    readonly payload: WarpPayload;
    readonly signature: BitSetSignature;
    /** Length of the whole signed message in bytes. */
    readonly length: number;
}

export type WarpDecodeResult =
    | { readonly ok: true; readonly message: SignedWarpMessage }
    | { readonly ok: false; readonly error: string };

class Malformed extends Error {}

/** A cursor over bytes that refuses to read past the end. */
class Reader {
    private offset = 0;

    constructor(
        private readonly bytes: Uint8Array,
        private readonly what: string,
    ) {}

    private take(n: number, field: string): Uint8Array {
        if (n > this.bytes.length - this.offset) {
            throw new Malformed(
                `the ${this.what} ends inside ${field} (needs ${n} bytes at offset ${this.offset}, ${this.bytes.length - this.offset} left)`,
            );
        }
        const out = this.bytes.subarray(this.offset, this.offset + n);
        this.offset += n;
        return out;
    }

    u16(field: string): number {
        const b = this.take(2, field);
        return (b[0]! << 8) | b[1]!;
    }

    u32(field: string): number {
        const b = this.take(4, field);
        return ((b[0]! << 24) >>> 0) + ((b[1]! << 16) | (b[2]! << 8) | b[3]!);
    }

    u64(field: string): bigint {
        const b = this.take(8, field);
        let v = 0n;
        for (const byte of b) v = (v << 8n) | BigInt(byte);
        return v;
    }

    bool(field: string): boolean {
        const b = this.take(1, field)[0]!;
        if (b > 1)
            throw new Malformed(`${field} in the ${this.what} is ${b}, not a boolean (0 or 1)`);
        return b === 1;
    }

    fixed(n: number, field: string): Uint8Array {
        return this.take(n, field);
    }

    /** A `uint32` length, then that many bytes. */
    slice(field: string): Uint8Array {
        const n = this.u32(`the length of ${field}`);
        return this.take(n, field);
    }

    version(): void {
        const v = this.u16('the codec version');
        if (v !== codecVersion) {
            throw new Malformed(
                `the ${this.what} has codec version ${v}; only ${codecVersion} exists`,
            );
        }
    }

    end(): void {
        const left = this.bytes.length - this.offset;
        if (left !== 0) throw new Malformed(`the ${this.what} has ${left} trailing bytes`);
    }
}

function id(bytes: Uint8Array): string {
    return cb58Encode(bytes);
}

function owner(r: Reader, field: string, hrp: string): PChainOwner {
    const threshold = r.u32(`the threshold of ${field}`);
    const count = r.u32(`the address count of ${field}`);
    // 20 bytes each: a count the bytes left cannot hold fails here, before anything is allocated.
    const addresses: string[] = [];
    for (let i = 0; i < count; i++) {
        const short = r.fixed(20, `address ${i} of ${field}`);
        addresses.push(`P-${bech32.encode(hrp, bech32.toWords(short))}`);
    }
    return { threshold, addresses };
}

/** Decodes the payload of an AddressedCall as one of the P-Chain's messages. */
function decodePChainMessage(bytes: Uint8Array, networkId: number): PChainWarpMessage {
    const r = new Reader(bytes, 'P-Chain message');
    r.version();
    const type = r.u32('the message type');
    let message: PChainWarpMessage;
    switch (type) {
        case 0:
            message = {
                kind: 'SubnetToL1Conversion',
                conversionId: id(r.fixed(32, 'the conversion id')),
            };
            break;
        case 1: {
            const hrp = hrpForNetworkId(networkId);
            const subnetId = id(r.fixed(32, 'the subnet id'));
            const node = r.slice('the node id');
            message = {
                kind: 'RegisterL1Validator',
                subnetId,
                nodeId:
                    node.length === 20 ? `${nodeIdPrefix}${cb58Encode(node)}` : bytesToHex(node),
                blsPublicKey: bytesToHex(r.fixed(blsPublicKeyBytes, 'the BLS public key')),
                expiry: r.u64('the expiry'),
                remainingBalanceOwner: owner(r, 'the remaining balance owner', hrp),
                disableOwner: owner(r, 'the disable owner', hrp),
                weight: r.u64('the weight'),
            };
            break;
        }
        case 2:
            message = {
                kind: 'L1ValidatorRegistration',
                validationId: id(r.fixed(32, 'the validation id')),
                registered: r.bool('registered'),
            };
            break;
        case 3:
            message = {
                kind: 'L1ValidatorWeight',
                validationId: id(r.fixed(32, 'the validation id')),
                nonce: r.u64('the nonce'),
                weight: r.u64('the weight'),
            };
            break;
        default:
            throw new Malformed(`P-Chain message type ${type} is unknown (0 to 3 exist)`);
    }
    r.end();
    return message;
}

function decodePayload(bytes: Uint8Array, networkId: number): WarpPayload {
    if (bytes.length > maxPayloadBytes) {
        throw new Malformed(
            `the payload is ${bytes.length} bytes; AvalancheGo accepts at most ${maxPayloadBytes}`,
        );
    }
    const r = new Reader(bytes, 'payload');
    r.version();
    const type = r.u32('the payload type');
    let payload: WarpPayload;
    switch (type) {
        case 0:
            payload = { kind: 'Hash', hash: id(r.fixed(32, 'the hash')) };
            break;
        case 1: {
            const sourceAddress = r.slice('the source address');
            const inner = r.slice('the addressed payload');
            let message: PChainWarpMessage | undefined;
            let messageError: string | undefined;
            // The P-Chain signs only AddressedCalls without a source address
            // (`vms/platformvm/network/warp.go`); anything else is a VM's own payload.
            if (sourceAddress.length === 0) {
                try {
                    message = decodePChainMessage(inner, networkId);
                } catch (e) {
                    if (!(e instanceof Malformed)) throw e;
                    messageError = e.message;
                }
            }
            payload = {
                kind: 'AddressedCall',
                sourceAddress: bytesToHex(sourceAddress),
                payloadLength: inner.length,
                message,
                messageError,
            };
            break;
        }
        default:
            throw new Malformed(
                `payload type ${type} is unknown (0 Hash and 1 AddressedCall exist)`,
            );
    }
    r.end();
    return payload;
}

/** Bit i of a big-endian bit set is bit i % 8 of the i / 8-th byte from the end (`utils/set/bits.go`). */
function signerIndices(bits: Uint8Array): { indices: number[]; count: number } {
    const indices: number[] = [];
    let count = 0;
    for (let byte = bits.length - 1; byte >= 0; byte--) {
        const value = bits[byte]!;
        if (value === 0) continue;
        const base = (bits.length - 1 - byte) * 8;
        for (let bit = 0; bit < 8; bit++) {
            if ((value >> bit) & 1) {
                count++;
                if (indices.length < maxListedSigners) indices.push(base + bit);
            }
        }
    }
    return { indices, count };
}

function hexBytes(text: string): Uint8Array {
    const body = text.trim().replace(/^0x/i, '');
    if (body.length > maxSignedMessageHexLength) {
        throw new Malformed(
            `the message is ${body.length} hex digits long, more than the ${maxSignedMessageHexLength} read`,
        );
    }
    if (body.length % 2 !== 0) throw new Malformed('the message has an odd number of hex digits');
    if (!/^[0-9a-fA-F]*$/.test(body)) throw new Malformed('the message is not hexadecimal');
    return hex.decode(body);
}

/** Decodes the bytes of a signed Warp message (`warp.ParseMessage`). */
function decodeSignedWarpBytes(bytes: Uint8Array): WarpDecodeResult {
    try {
        const r = new Reader(bytes, 'signed message');
        r.version();
        const networkId = r.u32('the network id');
        const source = r.fixed(32, 'the source chain id');
        const payloadBytes = r.slice('the payload');
        const signatureType = r.u32('the signature type');
        if (signatureType !== 0) {
            throw new Malformed(
                `signature type ${signatureType} is unknown (only 0, a BLS bit set, exists)`,
            );
        }
        const bits = r.slice('the signer bit set');
        const signature = r.fixed(blsSignatureBytes, 'the aggregate signature');
        r.end();
        const payload = decodePayload(payloadBytes, networkId);
        const { indices, count } = signerIndices(bits);
        return {
            ok: true,
            message: {
                networkId,
                sourceChainId: id(source),
                fromPChain: source.every((b) => b === 0),
                payload,
                signature: {
                    signers: indices,
                    signerCount: count,
                    signersHex: bytesToHex(bits),
                    paddedBitSet: bits.length > 0 && bits[0] === 0,
                    signature: bytesToHex(signature),
                },
                length: bytes.length,
            },
        };
    } catch (e) {
        if (e instanceof Malformed) return { ok: false, error: sentence(e.message) };
        throw e;
    }
}

/** Decodes a signed Warp message in hex (with or without `0x`); never throws on bad input. */
export function decodeSignedWarpMessage(text: string): WarpDecodeResult {
    let bytes: Uint8Array;
    try {
        bytes = hexBytes(text);
    } catch (e) {
        if (e instanceof Malformed) return { ok: false, error: sentence(e.message) };
        throw e;
    }
    return decodeSignedWarpBytes(bytes);
}

function sentence(reason: string): string {
    return `Not a signed Warp message: ${reason}.`;
}
