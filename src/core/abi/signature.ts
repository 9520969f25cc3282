/**
 * Canonical signatures, function selectors and event topics of ABI entries, as the Solidity ABI
 * specification defines them (https://docs.soliditylang.org/en/latest/abi-spec.html#function-selector):
 * a tuple is written as its component types in parentheses, and the aliases `uint`, `int`,
 * `fixed`, `ufixed` and `byte` take their full names, since the hash is of the full names.
 */
import { keccak256 } from '../ids/keccak256';
import type { AbiEntry, AbiParam } from './entry';

const aliases: Readonly<Record<string, string>> = {
    uint: 'uint256',
    int: 'int256',
    fixed: 'fixed128x18',
    ufixed: 'ufixed128x18',
    byte: 'bytes1',
};

/**
 * Past this many levels of tuples a hostile artifact could exhaust the stack; solc's own limit
 * on nesting is far lower than this, so no real ABI reaches it.
 */
const maxNesting = 64;

/**
 * The canonical type of one parameter: `tuple[]` with components `address` and `uint` becomes
 * `(address,uint256)[]`.
 * @throws Error when tuples nest more than 64 levels deep.
 */
export function canonicalType(param: AbiParam): string {
    return typeOf(param, 0);
}

function typeOf(param: AbiParam, depth: number): string {
    if (depth > maxNesting) throw new Error(`tuples nested more than ${maxNesting} levels deep`);
    const type = param.type;
    const cut = type.indexOf('[');
    const base = cut < 0 ? type : type.slice(0, cut);
    const suffix = cut < 0 ? '' : type.slice(cut);
    if (base === 'tuple') {
        const parts = (param.components ?? []).map((c) => typeOf(c, depth + 1));
        return `(${parts.join(',')})${suffix}`;
    }
    return (aliases[base] ?? base) + suffix;
}

interface Hashed {
    readonly signature: string;
    /** Keccak-256 of the signature, 64 lower-case hex digits without `0x`. */
    readonly hash: string;
}

// Entries are long-lived objects of the workspace index and the built-in table, so their hash is
// computed once; a hover over a log list asks for the same few topics many times.
const hashes = new WeakMap<AbiEntry, Hashed>();
const encoder = new TextEncoder();

function hashed(entry: AbiEntry): Hashed {
    let known = hashes.get(entry);
    if (known === undefined) {
        const signature = `${entry.name}(${entry.inputs.map((p) => typeOf(p, 0)).join(',')})`;
        const digest = keccak256(encoder.encode(signature));
        known = { signature, hash: Buffer.from(digest).toString('hex') };
        hashes.set(entry, known);
    }
    return known;
}

/**
 * The canonical signature of an entry, `transfer(address,uint256)`: its name and its input
 * types, which is what selectors and topics hash (names of parameters and `indexed` are not part
 * of it).
 * @throws Error when the entry's tuples nest more than 64 levels deep.
 */
export function canonicalSignature(entry: AbiEntry): string {
    return hashed(entry).signature;
}

/**
 * The 4-byte selector of a function or custom error, `0xa9059cbb`: the first four bytes of the
 * Keccak-256 of its canonical signature, lower-case hex.
 * @throws Error when the entry's tuples nest more than 64 levels deep.
 */
export function selectorOf(entry: AbiEntry): string {
    return `0x${hashed(entry).hash.slice(0, 8)}`;
}

/**
 * The topic 0 of a non-anonymous event, `0xddf252ad…`: the whole Keccak-256 of its canonical
 * signature, lower-case hex.
 * @throws Error when the entry's tuples nest more than 64 levels deep.
 */
export function topicOf(entry: AbiEntry): string {
    return `0x${hashed(entry).hash}`;
}
