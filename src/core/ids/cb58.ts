/**
 * cb58, AvalancheGo's text form of ids: base58 of the bytes followed by the last 4 bytes of their
 * SHA-256 (`utils/cb58/cb58.go`). Node ids add the `NodeID-` prefix to a 20-byte short id
 * (`ids/node_id.go`). Checking the checksum here catches a mistyped id before a request is sent.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';

const checksumLength = 4;

/** The prefix AvalancheGo puts before the cb58 form of a node id. */
export const nodeIdPrefix = 'NodeID-';

/** Encodes bytes as cb58 (base58 with a 4-byte SHA-256 checksum). */
export function cb58Encode(bytes: Uint8Array): string {
    const digest = sha256(bytes);
    const withChecksum = new Uint8Array(bytes.length + checksumLength);
    withChecksum.set(bytes);
    withChecksum.set(digest.subarray(digest.length - checksumLength), bytes.length);
    return base58.encode(withChecksum);
}

/**
 * Decodes cb58 text and returns the bytes without the checksum, or `undefined` when the text is
 * not base58 or its checksum does not match.
 */
export function cb58Decode(text: string): Uint8Array | undefined {
    let decoded: Uint8Array;
    try {
        decoded = base58.decode(text);
    } catch {
        return undefined;
    }
    if (decoded.length < checksumLength) return undefined;
    const payload = decoded.subarray(0, decoded.length - checksumLength);
    const checksum = decoded.subarray(decoded.length - checksumLength);
    const digest = sha256(payload);
    for (let i = 0; i < checksumLength; i++) {
        if (digest[digest.length - checksumLength + i] !== checksum[i]) return undefined;
    }
    return payload;
}

/**
 * Texts already found to be valid ids. A check costs about 10 µs (base58, then SHA-256 in
 * JavaScript), a tenth of a JSON-RPC round trip on loopback, and the same ids come back again
 * and again: a view's refresh, the watch list, each call's params. Bounded, and emptied whole
 * when full, which is cheaper than keeping an order.
 */
const validIds = new Set<string>();
const validNodeIds = new Set<string>();
const maxRemembered = 1024;

function remembered(set: Set<string>, text: string, valid: boolean): boolean {
    if (valid) {
        if (set.size >= maxRemembered) set.clear();
        // A copy: an id matched in a document is a slice of the document's text, and V8 keeps
        // the whole text alive for as long as the slice is.
        set.add([...text].join(''));
    }
    return valid;
}

/** True for the cb58 form of a 32-byte id: blockchain, subnet, transaction, asset or VM id. */
export function isCb58Id(text: string): boolean {
    // 32 bytes + checksum encode to at most 50 characters; the length test keeps huge input cheap.
    if (text.length > 50) return false;
    return validIds.has(text) || remembered(validIds, text, cb58Decode(text)?.length === 32);
}

/** True for `NodeID-<cb58 of 20 bytes>` with a valid checksum. */
export function isNodeId(text: string): boolean {
    if (!text.startsWith(nodeIdPrefix) || text.length > nodeIdPrefix.length + 40) return false;
    if (validNodeIds.has(text)) return true;
    const body = text.slice(nodeIdPrefix.length);
    return remembered(validNodeIds, text, cb58Decode(body)?.length === 20);
}
