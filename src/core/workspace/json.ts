/**
 * Small readers shared by the workspace parsers. Every file they read is the user's (or a
 * dependency's, or anyone's who can write to the workspace), so values are read as own properties
 * only, nothing read is merged into an object of ours (a `__proto__` key is just a key), strings
 * are bounded and stripped of control and bidi characters, and nothing throws.
 */
import { boundedText } from '../local/localNetwork';
import { evmAddressPattern, evmHashPattern } from '../ids/evmPatterns';

export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Largest text any parser here reads, whatever the caller passes: a Foundry artifact of a large
 * contract with its AST is a few megabytes; 64 MB leaves room for the biggest we have seen while
 * keeping one `JSON.parse` within a few hundred milliseconds.
 */
export const maxWorkspaceFileChars = 64 * 1024 * 1024;

/** Most problems kept per file: one bad file must not flood the Output channel. */
export const maxProblemsPerFile = 20;

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property of a JSON object, or undefined: never one inherited from a prototype. */
export function field(object: unknown, key: string): unknown {
    return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Problems of one file, bounded; the last one says how many more there were. */
export class Problems {
    private readonly items: string[] = [];
    private dropped = 0;

    constructor(private readonly file: string) {}

    /** Adds a problem, prefixed with the file; past the cap it is only counted. */
    add(message: string): void {
        if (this.items.length < maxProblemsPerFile - 1) this.items.push(`${this.file}: ${message}`);
        else this.dropped++;
    }

    /** The problems, the count of those left out last. */
    list(): string[] {
        return this.dropped === 0
            ? [...this.items]
            : [...this.items, `${this.file}: ${this.dropped} more problems not listed`];
    }
}

/** Parses text as JSON; a problem (never an exception) when it is too long or not JSON. */
export function parseJson(text: string, problems: Problems): unknown {
    if (typeof text !== 'string') {
        problems.add('not text');
        return undefined;
    }
    if (text.length > maxWorkspaceFileChars) {
        problems.add(`skipped: larger than ${maxWorkspaceFileChars / 1024 / 1024} MB`);
        return undefined;
    }
    try {
        return JSON.parse(text) as unknown;
    } catch (error) {
        // V8's message names a position and a few characters of the text, which are the file's:
        // the position is enough to find it.
        const position = /position (\d+)/.exec(String((error as Error).message))?.[1];
        problems.add(
            `not valid JSON${position !== undefined ? ` (at character ${position})` : ''}`,
        );
        return undefined;
    }
}

/** A name or other short text from a file, without control or bidi characters, or undefined. */
export function text(value: unknown, max = 256): string | undefined {
    return boundedText(value, max);
}

const zeroAddressPattern = /^0x0{40}$/;

/** A lower-case 0x address, or undefined (not an address, or the zero address). */
export function address(value: unknown): string | undefined {
    if (typeof value !== 'string') return undefined;
    // Genesis allocations are keyed without the 0x (Go's `common.UnprefixedAddress`).
    const prefixed = value.length === 40 ? `0x${value}` : value;
    if (!evmAddressPattern.test(prefixed) || zeroAddressPattern.test(prefixed)) return undefined;
    return prefixed.toLowerCase();
}

/** A lower-case 0x 32-byte hash, or undefined. */
export function hash32(value: unknown): string | undefined {
    return typeof value === 'string' && evmHashPattern.test(value)
        ? value.toLowerCase()
        : undefined;
}

/**
 * An EVM chain id as decimal text, from a JSON number, a decimal string or a 0x quantity; at most
 * 20 digits (a uint64 has 20), positive. A number past 2^53 has lost digits in `JSON.parse`, so it
 * is refused rather than rounded.
 */
export function chainId(value: unknown): string | undefined {
    if (typeof value === 'number') {
        return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
    }
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    if (/^[0-9]{1,20}$/.test(trimmed)) {
        const decimal = trimmed.replace(/^0+/, '');
        return decimal === '' ? undefined : decimal;
    }
    if (/^0x[0-9a-fA-F]{1,16}$/.test(trimmed)) {
        const decimal = BigInt(trimmed).toString();
        return decimal === '0' ? undefined : decimal;
    }
    return undefined;
}

/** The directory part of a workspace-relative path ('' for a file at the root). */
export function dirOf(path: string): string {
    const cut = path.lastIndexOf('/');
    return cut < 0 ? '' : path.slice(0, cut);
}

/** The last segment of a workspace-relative path. */
export function baseName(path: string): string {
    return path.slice(path.lastIndexOf('/') + 1);
}
