/**
 * Whether code on a chain is an artifact's compiled code, byte for byte, leaving out only the
 * bytes that legitimately differ between the artifact and the deployment:
 * - immutables, which the artifact leaves as zeros and the constructor fills in
 *   (`immutableReferences`);
 * - linked library addresses, which an unlinked artifact holds as `__$<hash>$__` placeholders;
 * - a library's own address, which a deployed library's code starts with (`PUSH20 <address>`
 *   as its call guard: https://docs.soliditylang.org/en/latest/contracts.html#call-protection-for-libraries;
 *   the artifact has 20 zero bytes there);
 * - the CBOR metadata at the end (https://docs.soliditylang.org/en/latest/metadata.html), whose
 *   hash of the sources changes with a comment: such a match is said apart (`metadata`), since
 *   the lines may then have moved.
 * A creation's code is followed by its constructor arguments, so only its prefix is compared.
 */
import type { ByteRange } from '../workspace/bytecode';

/** Code of a compilation, as the source map describes it. */
export interface CompiledCode {
    /** The code, each library placeholder as 20 zero bytes. */
    readonly bytes: Uint8Array;
    /** solc's compressed source map of this code. */
    readonly sourceMap: string;
    /** Where library addresses go (the placeholders). */
    readonly links: readonly ByteRange[];
    /** Where immutables go (runtime code only). */
    readonly immutables: readonly ByteRange[];
}

/** The largest code read from an artifact: EIP-170's 24 KiB, with room for chains that raise it. */
const maxCompiledCodeBytes = 1024 * 1024;

const placeholder = /__\$[0-9a-fA-F]{34}\$__/g;
const hexOnly = /^[0-9a-fA-F]*$/;

/**
 * An artifact's code (`0x` hex, possibly unlinked) with its source map and immutable ranges, or
 * a problem in words.
 */
export function compiledCode(
    objectHex: unknown,
    sourceMap: unknown,
    immutables: readonly ByteRange[],
): CompiledCode | { readonly problem: string } {
    if (typeof objectHex !== 'string' || objectHex.length === 0)
        return { problem: 'the artifact has no code' };
    if (typeof sourceMap !== 'string') return { problem: 'the artifact has no source map' };
    const hex = objectHex.startsWith('0x') ? objectHex.slice(2) : objectHex;
    if (hex.length === 0) return { problem: 'the artifact has no code' };
    if (hex.length % 2 !== 0 || hex.length > maxCompiledCodeBytes * 2)
        return { problem: 'the artifact’s code is not whole bytes within 1 MiB' };
    const links: ByteRange[] = [];
    const plain = hex.replace(placeholder, (_match, offset: number) => {
        links.push([offset / 2, 20]);
        return '0'.repeat(40);
    });
    if (!hexOnly.test(plain)) return { problem: 'the artifact’s code is not hex' };
    if (links.some(([start]) => !Number.isInteger(start)))
        return { problem: 'a library placeholder of the artifact is not on a byte boundary' };
    const bytes = Buffer.from(plain, 'hex');
    for (const [start, length] of immutables) {
        if (start < 0 || start + length > bytes.length)
            return { problem: 'an immutable of the artifact lies outside its code' };
    }
    return { bytes, sourceMap, links, immutables };
}

/** How chain code matched a compilation. */
export type CodeMatch =
    /** Byte for byte, outside immutables and library addresses. */
    | 'exact'
    /** The same code with other metadata: compiled from sources that differ (comments at least). */
    | 'metadata';

/** The CBOR metadata at the end of `bytes`: its range, or undefined when there is none. */
export function metadataTail(bytes: Uint8Array, end = bytes.length): ByteRange | undefined {
    if (end < 2) return undefined;
    const cborLength = (bytes[end - 2]! << 8) | bytes[end - 1]!;
    const start = end - 2 - cborLength;
    // A CBOR map of 1 to 5 entries (0xa1..0xa5) begins solc's metadata.
    if (cborLength === 0 || start < 0 || bytes[start]! < 0xa1 || bytes[start]! > 0xa5)
        return undefined;
    return [start, cborLength + 2];
}

/** The library call guard `PUSH20 <20 zero bytes> ADDRESS` at the start of a library's code. */
function libraryGuard(bytes: Uint8Array): ByteRange | undefined {
    if (bytes.length < 23 || bytes[0] !== 0x73 || bytes[21] !== 0x30) return undefined;
    for (let i = 1; i < 21; i++) if (bytes[i] !== 0) return undefined;
    return [1, 20];
}

/** True when `a` and `b` hold the same bytes in [from, to). */
function same(a: Uint8Array, b: Uint8Array, from: number, to: number): boolean {
    if (to <= from) return true;
    return Buffer.compare(a.subarray(from, to), b.subarray(from, to)) === 0;
}

/**
 * Whether `chain` (runtime code from `eth_getCode`, or a creation's input with its arguments)
 * is `compiled`; undefined when it is not.
 */
export function matchCode(
    chain: Uint8Array,
    compiled: CompiledCode,
    kind: 'runtime' | 'creation',
): CodeMatch | undefined {
    const code = compiled.bytes;
    if (kind === 'runtime' ? chain.length !== code.length : chain.length < code.length)
        return undefined;
    const masks: ByteRange[] = [...compiled.links];
    if (kind === 'runtime') {
        masks.push(...compiled.immutables);
        const guard = libraryGuard(code);
        if (guard) masks.push(guard);
    }
    const tail = metadataTail(code);
    if (tail) masks.push(tail);
    masks.sort((x, y) => x[0] - y[0]);
    let at = 0;
    for (const [start, length] of masks) {
        if (!same(chain, code, at, start)) return undefined;
        at = Math.max(at, start + length);
    }
    if (!same(chain, code, at, code.length)) return undefined;
    if (!tail) return 'exact';
    return same(chain, code, tail[0], tail[0] + tail[1]) ? 'exact' : 'metadata';
}
