/**
 * Real Avalanche identifier formats, so that ids from the sandbox pass the same parsers and
 * checksum checks as ids from the real network: cb58 (base58 + 4-byte SHA-256 checksum), node ids,
 * bech32 chain addresses, EIP-55 EVM addresses and CREATE contract addresses.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32 } from '@scure/base';

import { bytesToHex, hexToBytes } from './prng';
import type { SandboxNetwork } from './types';

/**
 * Well-known primary-network ids, as avalanchego's genesis makes them
 * (https://github.com/ava-labs/avalanchego/tree/master/genesis).
 */
export const wellKnown = {
    pChainId: '11111111111111111111111111111111LpoYY',
    mainnet: {
        networkId: 1,
        hrp: 'avax',
        xChainId: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
        cChainBlockchainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
        avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
        cChainId: '43114',
    },
    fuji: {
        networkId: 5,
        hrp: 'fuji',
        xChainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
        cChainBlockchainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
        avaxAssetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
        cChainId: '43113',
    },
    /** VM ids as avalanchego reports them in info.getVMs. */
    vms: {
        avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
        evm: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
        platform: 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT',
        subnetEvm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
        nftfx: 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT',
        propertyfx: 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy',
        secp256k1fx: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ',
    },
    /** The TeleporterMessenger v1 address, identical on every chain (keyless deployment). */
    teleporterMessenger: '0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf',
} as const;

/** Every primary-network `blockchainId` the API accepts: both networks' ids and the aliases. */
export const primaryBlockchainIds: readonly string[] = [
    wellKnown.pChainId,
    wellKnown.mainnet.xChainId,
    wellKnown.fuji.xChainId,
    wellKnown.mainnet.cChainBlockchainId,
    wellKnown.fuji.cChainBlockchainId,
    'p-chain',
    'x-chain',
    'c-chain',
];

export function networkInfo(network: SandboxNetwork): (typeof wellKnown)['mainnet' | 'fuji'] {
    return network === 'mainnet' ? wellKnown.mainnet : wellKnown.fuji;
}

const base58Codes = Array.from('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', (c) =>
    c.charCodeAt(0),
);

/**
 * Bitcoin-alphabet base58 with a fixed-size digit buffer: the generic radix conversion of
 * @scure/base dominated generating 10,000 subnets, and ids here are at most 36 bytes.
 */
function base58Encode(bytes: Uint8Array): string {
    const digits = new Uint8Array(Math.ceil(bytes.length * 1.38) + 1);
    let length = 0;
    for (const byte of bytes) {
        let carry = byte;
        for (let j = 0; j < length; j++) {
            carry += digits[j]! << 8;
            digits[j] = carry % 58;
            carry = (carry / 58) | 0;
        }
        while (carry > 0) {
            digits[length++] = carry % 58;
            carry = (carry / 58) | 0;
        }
    }
    let zeros = 0;
    while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
    const codes = new Array<number>(zeros + length);
    for (let i = 0; i < zeros; i++) codes[i] = 49;
    for (let j = 0; j < length; j++) codes[zeros + j] = base58Codes[digits[length - 1 - j]!]!;
    return String.fromCharCode(...codes);
}

export function cb58Encode(bytes: Uint8Array): string {
    const checksum = sha256(bytes).subarray(28);
    const all = new Uint8Array(bytes.length + 4);
    all.set(bytes);
    all.set(checksum, bytes.length);
    return base58Encode(all);
}

/** The payload bytes, or undefined when the text is not base58 or the checksum is wrong. */
export function cb58Decode(text: string): Uint8Array | undefined {
    let all: Uint8Array;
    try {
        all = base58.decode(text);
    } catch {
        return undefined;
    }
    if (all.length < 5) return undefined;
    const payload = all.subarray(0, all.length - 4);
    const checksum = sha256(payload).subarray(28);
    for (let i = 0; i < 4; i++) if (checksum[i] !== all[all.length - 4 + i]) return undefined;
    return payload;
}

/** A 32-byte id (tx, blockchain, subnet, asset, utxo) in cb58. */
export function isCb58Id(text: string): boolean {
    return cb58Decode(text)?.length === 32;
}

export function nodeIdFromBytes(bytes20: Uint8Array): string {
    return `NodeID-${cb58Encode(bytes20)}`;
}

export function isNodeId(text: string): boolean {
    return text.startsWith('NodeID-') && cb58Decode(text.slice(7))?.length === 20;
}

/** Bech32 address without chain prefix, e.g. `avax1…`. */
export function bech32Address(hrp: string, bytes20: Uint8Array): string {
    return bech32.encode(hrp, bech32.toWords(bytes20));
}

/**
 * Splits `P-avax1…`, `X-fuji1…` or a bare `avax1…` into its parts; undefined when the bech32
 * checksum or the length is wrong.
 */
export function parseChainAddress(
    text: string,
): { chain: string | undefined; hrp: string; bytes: Uint8Array } | undefined {
    const dash = text.indexOf('-');
    const chain = dash > 0 ? text.slice(0, dash) : undefined;
    const rest = dash > 0 ? text.slice(dash + 1) : text;
    try {
        const decoded = bech32.decode(rest as `${string}1${string}`);
        const bytes = bech32.fromWords(decoded.words);
        if (bytes.length !== 20) return undefined;
        return { chain, hrp: decoded.prefix, bytes };
    } catch {
        return undefined;
    }
}

/** EIP-55 mixed-case checksum of 20 address bytes. */
export function checksumAddress(bytes20: Uint8Array): string {
    const lower = bytesToHex(bytes20, '');
    const hash = keccak_256(new TextEncoder().encode(lower));
    const chars = new Array<string>(40);
    for (let i = 0; i < 40; i++) {
        const c = lower[i]!;
        const nibble = (hash[i >>> 1]! >>> (i % 2 === 0 ? 4 : 0)) & 15;
        chars[i] = nibble >= 8 ? c.toUpperCase() : c;
    }
    return `0x${chars.join('')}`;
}

const evmAddressRe = /^0x[0-9a-fA-F]{40}$/;
const hashRe = /^0x[0-9a-fA-F]{64}$/;

export function isEvmAddress(text: string): boolean {
    return evmAddressRe.test(text);
}

export function isEvmHash(text: string): boolean {
    return hashRe.test(text);
}

/** The address a contract gets from CREATE: keccak256(rlp([sender, nonce]))[12:]. */
export function createAddress(senderHex: string, nonce: number): Uint8Array {
    const sender = hexToBytes(senderHex);
    const nonceBytes = rlpInteger(nonce);
    const payloadLength = 21 + nonceBytes.length;
    const out = new Uint8Array(1 + payloadLength);
    out[0] = 0xc0 + payloadLength;
    out[1] = 0x80 + 20;
    out.set(sender, 2);
    out.set(nonceBytes, 22);
    return keccak_256(out).subarray(12);
}

function rlpInteger(n: number): Uint8Array {
    if (n === 0) return Uint8Array.of(0x80);
    if (n < 0x80) return Uint8Array.of(n);
    const bytes: number[] = [];
    let v = n;
    while (v > 0) {
        bytes.unshift(v & 0xff);
        v = Math.floor(v / 256);
    }
    return Uint8Array.of(0x80 + bytes.length, ...bytes);
}

export function keccakHex(data: Uint8Array | string): string {
    const input = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return bytesToHex(keccak_256(input));
}

/** `0x` + 4-byte selector of a Solidity signature. */
export function selector(signature: string): string {
    return keccakHex(signature).slice(0, 10);
}

export { bytesToHex, hexToBytes };
