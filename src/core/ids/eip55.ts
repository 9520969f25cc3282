/**
 * EIP-55, the mixed-case checksum of an EVM address (https://eips.ethereum.org/EIPS/eip-55): the
 * checksummed form of a lower-case address, written into a buffer for the identifier scanner
 * (core/identifierRecords.ts compares it with the case written) and as a string, cached, for views.
 */
import { keccak256 } from './keccak256';
import { scanCounters } from './scanCounters';

/** The 40 hex digits of the last `eip55Into`, as ASCII codes; read before the next call. */
export const eip55Ascii = new Uint8Array(40);
const addressHash = new Uint8Array(32);

/** Leaves in `eip55Ascii` the 40 hex digits of the EIP-55 form of lower-case `0x…` `value`. */
export function eip55Into(value: string): void {
    for (let i = 0; i < 40; i++) eip55Ascii[i] = value.charCodeAt(i + 2);
    scanCounters.charReads += 40;
    scanCounters.checksumChecks++;
    keccak256(eip55Ascii, 40, addressHash);
    for (let i = 0; i < 40; i++) {
        const c = eip55Ascii[i]!;
        // Hex letters are upper case where the matching nibble of the hash is 8 or more.
        const nibble = (addressHash[i >>> 1]! >>> (i & 1 ? 0 : 4)) & 15;
        if (c >= 97 && nibble >= 8) eip55Ascii[i] = c - 32;
    }
}

/**
 * The EIP-55 checksummed form of an EVM address (`0x` + 40 hex digits, any case), or undefined
 * when `address` is not one.
 */
export function toChecksumAddress(address: string): string | undefined {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined;
    const lower = address.toLowerCase();
    const known = checksummed.get(lower);
    if (known !== undefined) return known;
    eip55Into(lower);
    const result = `0x${String.fromCharCode(...eip55Ascii)}`;
    // A view shows the same few addresses many times (a call trace names its contracts in every
    // frame): one Keccak-256 each, not one per time shown.
    if (checksummed.size >= maxChecksummed) checksummed.clear();
    checksummed.set(lower, result);
    return result;
}

/** Checksummed addresses by their lower-case form, forgotten all at once when full. */
const checksummed = new Map<string, string>();
const maxChecksummed = 4_096;
