/**
 * ICM (Teleporter) message ids, computed the way TeleporterMessenger computes them: the
 * keccak-256 of the ABI encoding of the messenger's own address, the source and destination
 * blockchain ids and the message nonce (`calculateMessageID`,
 * https://github.com/ava-labs/icm-contracts/blob/main/contracts/teleporter/TeleporterMessenger.sol).
 * The messenger's address is part of the id, so a log from another contract that copies a real
 * message's fields cannot carry a real message's id.
 */
import { cb58Decode, cb58Encode } from '../ids/cb58';
import { bytesToHex } from '../ids/hex';
import { keccak256 } from '../ids/keccak256';

const hex32 = /^0x[0-9a-fA-F]{64}$/;
const address = /^0x[0-9a-fA-F]{40}$/;

/**
 * A blockchain id as `0x` and 64 lower-case hex digits, from its cb58 form or from hex; undefined
 * for anything else.
 */
export function blockchainIdHex(id: string): string | undefined {
    if (hex32.test(id)) return id.toLowerCase();
    if (id.length > 50) return undefined;
    const bytes = cb58Decode(id);
    return bytes?.length === 32 ? bytesToHex(bytes) : undefined;
}

/** The cb58 form of a blockchain id given as `0x` and 64 hex digits (or already cb58). */
export function blockchainIdCb58(id: string): string {
    if (!hex32.test(id)) return id;
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i++) bytes[i] = parseInt(id.slice(2 + i * 2, 4 + i * 2), 16);
    return cb58Encode(bytes);
}

function put(out: Uint8Array, word: number, hex: string): void {
    const digits = hex.slice(2).padStart(64, '0');
    for (let i = 0; i < 32; i++) out[word * 32 + i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16);
}

/**
 * The id TeleporterMessenger at `messenger` gives the message with `nonce` sent from
 * `sourceBlockchainId` to `destinationBlockchainId` (both `0x` + 64 hex digits), as `0x` + 64
 * lower-case hex digits.
 * @throws Error when an argument is not of its form (a nonce above 2^256 − 1 included).
 */
export function teleporterMessageId(
    messenger: string,
    sourceBlockchainId: string,
    destinationBlockchainId: string,
    nonce: bigint,
): string {
    if (!address.test(messenger)) throw new Error('the messenger is not an EVM address');
    if (!hex32.test(sourceBlockchainId) || !hex32.test(destinationBlockchainId)) {
        throw new Error('a blockchain id is not 32 bytes of hex');
    }
    if (nonce < 0n || nonce >= 2n ** 256n) throw new Error('the nonce is not a uint256');
    // abi.encode of (address, bytes32, bytes32, uint256): four 32-byte words, the address
    // right-aligned in its word.
    const encoded = new Uint8Array(128);
    put(encoded, 0, messenger);
    put(encoded, 1, sourceBlockchainId);
    put(encoded, 2, destinationBlockchainId);
    put(encoded, 3, `0x${nonce.toString(16)}`);
    return bytesToHex(keccak256(encoded));
}
