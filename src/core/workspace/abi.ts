/**
 * ABI entries read from the workspace: checked and bounded (their signatures, selectors and topics are
 * computed by ../abi/signature). The shape is solc's JSON ABI (https://docs.soliditylang.org/en/latest/abi-spec.html#json),
 * which Foundry, Hardhat and hardhat-deploy all copy as solc wrote it.
 *
 * An entry is kept only when it could be a real one: a function, event, error or constructor with
 * an identifier for a name, at most 64 inputs (and 64 outputs), tuples nested at most 8 deep, at
 * most 1,024 parameters in all, and every type an ABI type. Anything else is dropped and counted:
 * the decoder matches selectors against these entries, and a name is shown to the user as text.
 * `fallback` and `receive` are dropped without a word: they are in most ABIs and have no selector.
 */
import type { AbiEntry, AbiParam } from './types';
import { field, isObject, text } from './json';

/** Most entries kept per ABI (an artifact's or a deployment's); the rest are counted as dropped. */
export const maxAbiEntries = 2_000;
/** Most inputs (and, apart, outputs) of one entry. */
const maxAbiParams = 64;
/** Deepest tuple nesting kept: `(((…)))` past this is not a contract anyone compiled. */
const maxAbiNesting = 8;
/** Most parameters of one entry counting every tuple component, so 64^8 cannot be reached. */
const maxParamsPerEntry = 1_024;
/** Longest entry or parameter name (solc has no limit; real ones are far shorter). */
const maxAbiNameLength = 256;
/** Longest `internalType` kept (`struct Outer.Inner[]`, `contract IERC20`). */
const maxInternalTypeLength = 256;

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An ABI type: an elementary type of the spec or `tuple`, then any array suffixes (at most 8, each
 * fixed size a positive number of at most 10 digits). Sizes are checked apart (`uint7`, `bytes33` are not types).
 */
const typePattern =
    /^(u?int|bytes|u?fixed|address|bool|string|function|tuple)([0-9]{0,3}(?:x[0-9]{1,2})?)((?:\[(?:[1-9][0-9]{0,9})?\]){0,8})$/;

function sizeIsValid(base: string, size: string): boolean {
    if (size === '') return true;
    switch (base) {
        case 'int':
        case 'uint': {
            const bits = Number(size);
            return /^[1-9][0-9]*$/.test(size) && bits % 8 === 0 && bits >= 8 && bits <= 256;
        }
        case 'bytes': {
            const bytes = Number(size);
            return /^[1-9][0-9]?$/.test(size) && bytes >= 1 && bytes <= 32;
        }
        case 'fixed':
        case 'ufixed': {
            const match = /^([1-9][0-9]*)x([0-9]+)$/.exec(size);
            if (!match) return false;
            const bits = Number(match[1]);
            const decimals = Number(match[2]);
            return bits % 8 === 0 && bits >= 8 && bits <= 256 && decimals <= 80;
        }
        default:
            return false;
    }
}

/** Why a parameter list was refused, for the count of dropped entries. */
class Refused extends Error {}

interface Budget {
    params: number;
}

function readParam(value: unknown, depth: number, budget: Budget, event: boolean): AbiParam {
    if (!isObject(value)) throw new Refused();
    if (++budget.params > maxParamsPerEntry) throw new Refused();
    const type = field(value, 'type');
    if (typeof type !== 'string' || type.length > 64) throw new Refused();
    const match = typePattern.exec(type);
    if (!match || !sizeIsValid(match[1]!, match[2]!)) throw new Refused();
    const name = field(value, 'name');
    if (name !== undefined && name !== null && typeof name !== 'string') throw new Refused();
    const paramName = typeof name === 'string' ? name : '';
    if (paramName !== '' && (paramName.length > maxAbiNameLength || !identifier.test(paramName))) {
        throw new Refused();
    }
    let components: AbiParam[] | undefined;
    if (match[1] === 'tuple') {
        if (depth >= maxAbiNesting) throw new Refused();
        // solc has no empty structs, so a tuple always lists its components.
        const listed = field(value, 'components');
        if (!Array.isArray(listed) || listed.length === 0) throw new Refused();
        components = readParams(listed, depth + 1, budget, false);
        if (components === undefined) throw new Refused();
    }
    const internalType = text(field(value, 'internalType'), maxInternalTypeLength);
    const indexed = field(value, 'indexed');
    return {
        name: paramName,
        type,
        ...(event && typeof indexed === 'boolean' ? { indexed } : {}),
        ...(components !== undefined ? { components } : {}),
        ...(internalType !== undefined ? { internalType } : {}),
    };
}

function readParams(
    value: unknown,
    depth: number,
    budget: Budget,
    event: boolean,
): AbiParam[] | undefined {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.length > maxAbiParams) return undefined;
    return value.map((param) => readParam(param, depth, budget, event));
}

const mutabilities = new Set(['pure', 'view', 'nonpayable', 'payable']);

/** One entry checked, or `'skip'` (fallback, receive) or `'drop'` (malformed). */
function readEntry(value: unknown): AbiEntry | 'skip' | 'drop' {
    if (!isObject(value)) return 'drop';
    const type = field(value, 'type') ?? 'function'; // solc < 0.4 left `type` out of functions
    if (type === 'fallback' || type === 'receive') return 'skip';
    if (type !== 'function' && type !== 'event' && type !== 'error' && type !== 'constructor') {
        return 'drop';
    }
    let name = '';
    if (type !== 'constructor') {
        const raw = field(value, 'name');
        if (typeof raw !== 'string' || raw.length > maxAbiNameLength || !identifier.test(raw)) {
            return 'drop';
        }
        name = raw;
    }
    const budget: Budget = { params: 0 };
    try {
        const inputs = readParams(field(value, 'inputs'), 0, budget, type === 'event');
        if (inputs === undefined) return 'drop';
        const outputs =
            type === 'function' ? readParams(field(value, 'outputs'), 0, budget, false) : [];
        if (outputs === undefined) return 'drop';
        const mutability = field(value, 'stateMutability');
        const anonymous = field(value, 'anonymous');
        return {
            type,
            name,
            inputs,
            ...(type === 'function' ? { outputs } : {}),
            ...(type === 'event' ? { anonymous: anonymous === true } : {}),
            ...(typeof mutability === 'string' && mutabilities.has(mutability)
                ? { stateMutability: mutability }
                : {}),
        };
    } catch (error) {
        if (error instanceof Refused) return 'drop';
        throw error;
    }
}

/** What `readAbi` kept, and how many entries it dropped as malformed or past the cap. */
export interface ReadAbi {
    readonly entries: AbiEntry[];
    readonly malformed: number;
    readonly overCap: number;
}

/**
 * Reads a JSON ABI (an array of entries); undefined when it is not an array at all. Entries past
 * `maxAbiEntries` are not read.
 */
export function readAbi(value: unknown): ReadAbi | undefined {
    if (!Array.isArray(value)) return undefined;
    const entries: AbiEntry[] = [];
    let malformed = 0;
    const limit = Math.min(value.length, maxAbiEntries);
    for (let i = 0; i < limit; i++) {
        const entry = readEntry(value[i]);
        if (entry === 'drop') malformed++;
        else if (entry !== 'skip') entries.push(entry);
    }
    return { entries, malformed, overCap: value.length - limit };
}

/** The problems of one `readAbi`, in words. */
export function abiProblems(read: ReadAbi, what: string): string[] {
    const problems: string[] = [];
    if (read.malformed > 0) {
        problems.push(
            `${what}: ${read.malformed} ABI ${read.malformed === 1 ? 'entry' : 'entries'} dropped (not a function, event, error or constructor of a valid shape)`,
        );
    }
    if (read.overCap > 0) {
        problems.push(
            `${what}: ${read.overCap} ABI entries past the first ${maxAbiEntries} not read`,
        );
    }
    return problems;
}
