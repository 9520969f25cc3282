/**
 * What panels and hovers ask of the workspace's contracts: the name at an address, and the
 * decoding of a call, a log or a revert. It puts the index and the built-in table in one order of
 * preference: the ABI of the contract a record says is at that address alone when it decodes the
 * data, else every workspace artifact, then the built-in signatures. Synchronous: the index is
 * built before a view asks.
 */
import { decodeCall, decodeLog, decodeOutput, decodeRevert } from '../abi/decode';
import { canonicalSignature } from '../abi/signature';
import type { Candidate, DecodeResult } from '../abi/types';
import {
    precompileNames,
    wellKnownErrors,
    wellKnownEvents,
    wellKnownFunctions,
} from '../abi/wellKnown';
import type { WorkspaceIndex } from './index';
import { runtimeHashOf } from './bytecode';
import type { ContractArtifact, Origin } from './types';

/** How a name was found, said next to it. */
export type NameSource = 'deployment' | 'bytecode' | 'precompile' | 'role';

export interface AddressName {
    readonly name: string;
    readonly how: NameSource;
    readonly origin: Origin;
    /** The artifact whose ABI applies, when one is known. */
    readonly artifact?: ContractArtifact | undefined;
}

/** A log as both the Data API and JSON-RPC give it. */
export interface LogLike {
    readonly address: string;
    readonly topics: readonly string[];
    readonly data: string;
}

/** Most artifacts hashed against one chain's code (each immutable layout is one hash). */
const maxLayoutsPerCode = 64;

export class ContractKnowledge {
    constructor(private readonly index: WorkspaceIndex | undefined) {}

    /** True when the workspace contributed anything (the UI then says what it did not know). */
    get hasWorkspace(): boolean {
        return (this.index?.stats().files ?? 0) > 0;
    }

    /** True when the workspace has an artifact of that contract name. */
    hasArtifact(contractName: string): boolean {
        return (this.index?.artifactsNamed(contractName).length ?? 0) > 0;
    }

    /**
     * True when the artifact of that name nearest to `near` (the record's file) has immutables it
     * does not locate (Hardhat 2 keeps `immutableReferences` only in its build info): chain code
     * with them filled in cannot be compared with it.
     */
    immutablesUnlocated(contractName: string, near?: string): boolean {
        const nearest = closest(this.index?.artifactsNamed(contractName) ?? [], near);
        return nearest?.immutablesUnknown === true;
    }

    /** The name of `address` on `chainId` from a deployment record or the precompile table. */
    nameOf(chainId: string | undefined, address: string): AddressName | undefined {
        const lower = address.toLowerCase();
        const records = this.index?.contractAt(chainId, lower) ?? [];
        for (const record of records) {
            const name = record.contractName ?? record.label;
            if (!name) continue;
            const artifact = record.contractName
                ? this.index?.artifactsNamed(record.contractName)[0]
                : undefined;
            return { name, how: 'deployment', origin: record.origin, artifact };
        }
        const precompile = Object.hasOwn(precompileNames, lower)
            ? precompileNames[lower]
            : undefined;
        if (precompile) {
            return {
                name: precompile,
                how: 'precompile',
                origin: { tool: 'built-in', file: '' },
            };
        }
        return undefined;
    }

    /**
     * The role a workspace file gives `address` on `chainId` when it is no contract of a record
     * (Interchain Kit's relayer, a precompile's admin in a genesis): the first file's.
     */
    roleOf(chainId: string | undefined, address: string): AddressName | undefined {
        const [first] = this.index?.namesAt(chainId, address) ?? [];
        return first ? { name: first.name, how: 'role', origin: first.origin } : undefined;
    }

    /**
     * The artifact whose runtime bytecode is exactly `code` (the chain's `eth_getCode`), its
     * immutables zeroed the way the artifact marks them. Two different contracts with the same
     * code are both returned: the caller says the match is ambiguous.
     */
    byCode(code: string): ContractArtifact[] {
        if (!this.index || code.length <= 2) return [];
        const bytes = (code.length - 2) / 2;
        const layouts = new Map<string, ContractArtifact['immutables']>();
        for (const artifact of this.index.artifactsOfRuntimeLength(bytes)) {
            const key = JSON.stringify(artifact.immutables ?? []);
            if (!layouts.has(key)) layouts.set(key, artifact.immutables);
            if (layouts.size >= maxLayoutsPerCode) break;
        }
        const found = new Map<string, ContractArtifact>();
        for (const immutables of layouts.values()) {
            const hash = runtimeHashOf(code, immutables ?? []);
            if (!hash) continue;
            for (const artifact of this.index.artifactByRuntimeHash(hash)) {
                found.set(`${artifact.contractName}\u0000${artifact.origin.file}`, artifact);
            }
        }
        return [...found.values()];
    }

    /**
     * The artifacts chain code of `codeLength` bytes may be, to compare byte by byte: those of
     * that runtime length, including unlinked ones and ones whose immutables are unknown, which
     * `byCode`'s hashes cannot match. At most `max`.
     */
    runtimeCandidates(codeLength: number, max: number): ContractArtifact[] {
        return (this.index?.artifactsOfRuntimeLength(codeLength) ?? []).slice(0, max);
    }

    /** The artifacts a creation's code (`initLength` bytes with its arguments) may be. */
    creationCandidates(initLength: number, max: number): ContractArtifact[] {
        return this.index?.artifactsForCreation(initLength, max) ?? [];
    }

    /**
     * The name `code` (a chain's `eth_getCode`) gives its address: the contract whose artifact it
     * is, when the artifacts it matches are all of one contract (copies in several projects).
     */
    nameByCode(code: string): AddressName | undefined {
        const matches = this.byCode(code);
        const [first] = matches;
        if (!first || matches.some((a) => a.contractName !== first.contractName)) return undefined;
        return { name: first.contractName, how: 'bytecode', origin: first.origin, artifact: first };
    }

    decodeCall(chainId: string | undefined, to: string | undefined, input: string): DecodeResult {
        const selector = input.slice(0, 10).toLowerCase();
        return this.inOrder(
            chainId,
            to,
            'function',
            (i) => i.functions(selector),
            wellKnownFunctions(selector),
            (candidates) => decodeCall(input, candidates),
        );
    }

    /**
     * Decodes what a call returned (`output`) as the outputs of the function its `input` decodes
     * as, with the entry `decodeCall` chose (`decodedCall`, when the caller has it already):
     * `'unknown'` when the call itself does not decode to one function.
     */
    decodeReturn(
        chainId: string | undefined,
        to: string | undefined,
        input: string,
        output: string,
        decodedCall?: DecodeResult,
    ): DecodeResult {
        const call = decodedCall ?? this.decodeCall(chainId, to, input);
        if (call.status !== 'decoded') {
            return { status: 'unknown', selector: input.slice(0, 10).toLowerCase() };
        }
        const selector = input.slice(0, 10).toLowerCase();
        const own = this.index && to ? this.ownEntries(chainId, to, 'function') : [];
        const all = this.index ? this.index.functions(selector) : [];
        const chosen = [...own, ...all, ...wellKnownFunctions(selector)].find((c) => {
            if (c.entry.type !== 'function' || c.entry.name !== call.decoded.name) return false;
            try {
                return canonicalSignature(c.entry) === call.decoded.signature;
            } catch {
                return false;
            }
        });
        return chosen ? decodeOutput(output, chosen) : { status: 'unknown', selector };
    }

    decodeLog(chainId: string | undefined, log: LogLike): DecodeResult {
        const topic = (log.topics[0] ?? '').toLowerCase();
        return this.inOrder(
            chainId,
            log.address,
            'event',
            (i) => i.events(topic),
            wellKnownEvents(topic),
            (candidates) => decodeLog(log.topics, log.data, candidates),
        );
    }

    decodeRevert(chainId: string | undefined, to: string | undefined, data: string): DecodeResult {
        const selector = data.slice(0, 10).toLowerCase();
        return this.inOrder(
            chainId,
            to,
            'error',
            (i) => i.errors(selector),
            wellKnownErrors(selector),
            (candidates) => decodeRevert(data, candidates),
        );
    }

    /**
     * Decodes with the entries of the contract at `address` (its record's ABI, or its artifact's)
     * alone first: that contract runs its own function of a selector and emits its own events, so
     * another artifact's entry of the same selector is not a second reading. Only when they do not
     * decode it are every workspace artifact's and the built-in table's tried, in that order.
     */
    private inOrder(
        chainId: string | undefined,
        address: string | undefined,
        kind: 'function' | 'event' | 'error',
        fromIndex: (index: WorkspaceIndex) => readonly Candidate[],
        builtIn: readonly Candidate[],
        decode: (candidates: readonly Candidate[]) => DecodeResult,
    ): DecodeResult {
        const all = this.index ? fromIndex(this.index) : [];
        const own = this.index && address ? this.ownEntries(chainId, address, kind) : [];
        // An anonymous event has no topic of its own and fits any log with as many topics, so it
        // settles nothing: it is only weighed with the others.
        const settling = own.filter((c) => c.entry.anonymous !== true);
        if (settling.length > 0) {
            const result = decode(settling);
            if (result.status === 'decoded' || result.status === 'ambiguous') return result;
        }
        const mine = new Set(own.map((c) => c.entry));
        return decode([...own, ...all.filter((c) => !mine.has(c.entry)), ...builtIn]);
    }

    /**
     * The entries of `kind` of the contracts records put at `address`, each with its artifact's or
     * record's origin: the index answers an entry many files share with the first file that has
     * it, which need not be this contract's.
     */
    private ownEntries(
        chainId: string | undefined,
        address: string,
        kind: 'function' | 'event' | 'error',
    ): Candidate[] {
        const own: Candidate[] = [];
        for (const record of this.index?.contractAt(chainId, address.toLowerCase()) ?? []) {
            // Copies of the contract's artifact in other projects of the workspace come after the
            // one beside the record, so the ABI is said to come from that one.
            const artifacts = record.contractName
                ? byNearness(
                      this.index?.artifactsNamed(record.contractName) ?? [],
                      record.origin.file,
                  )
                : [];
            for (const { abi, origin } of artifacts) {
                for (const entry of abi) if (entry.type === kind) own.push({ entry, origin });
            }
            for (const entry of record.abi ?? []) {
                if (entry.type === kind) own.push({ entry, origin: record.origin });
            }
        }
        return own;
    }
}

/**
 * Whether a chain's code is the artifact of `contractName` (when the record names one), else
 * which artifacts it is, in words for a lens. `near` is the record's file: of several copies of
 * one artifact (two projects of a monorepo building the same contract), the one in the record's
 * own project is named.
 */
export function codeVerdict(
    knowledge: ContractKnowledge,
    code: string,
    contractName: string | undefined,
    near?: string,
): string {
    const matches = knowledge.byCode(code);
    if (contractName) {
        const named = closest(
            matches.filter((a) => a.contractName === contractName),
            near,
        );
        if (named) return `code matches ${originText(named.origin)}`;
        if (!knowledge.hasArtifact(contractName)) {
            return `no artifact of ${clean(contractName)} in the workspace to compare`;
        }
        if (matches.length === 0 && knowledge.immutablesUnlocated(contractName, near)) {
            return `not compared: ${clean(contractName)}'s artifact does not say where its immutables are`;
        }
        return matches.length > 0
            ? `code differs from ${clean(contractName)}'s artifact; it matches ${clean(matches[0]!.contractName)}`
            : `code differs from ${clean(contractName)}'s artifact (rebuilt since, or other settings)`;
    }
    const names = [...new Set(matches.map((a) => a.contractName))];
    if (names.length === 0) return 'code matches no artifact in the workspace';
    if (names.length > 1) {
        return `code matches ${names.length} contracts: ${names.slice(0, 3).map(clean).join(', ')}`;
    }
    return `code matches ${originText(closest(matches, near)!.origin)}`;
}

/**
 * Of artifacts that are copies of one contract, the one sharing the longest folder prefix with
 * `near` (the first when no file is given).
 */
export function closest(
    artifacts: readonly ContractArtifact[],
    near: string | undefined,
): ContractArtifact | undefined {
    return near === undefined ? artifacts[0] : byNearness(artifacts, near)[0];
}

/** Artifacts ordered by how many leading folders they share with `near`, most first (stable). */
function byNearness(artifacts: readonly ContractArtifact[], near: string): ContractArtifact[] {
    const target = near.split('/');
    const shared = (file: string): number => {
        const parts = file.split('/');
        let n = 0;
        while (n < parts.length - 1 && n < target.length - 1 && parts[n] === target[n]) n++;
        return n;
    };
    return artifacts
        .map((artifact, i) => ({ artifact, i, n: shared(artifact.origin.file) }))
        .sort((a, b) => b.n - a.n || a.i - b.i)
        .map((x) => x.artifact);
}

/** Where an ABI or a name came from, in words. */
export function originText(origin: Origin): string {
    const tool = toolNames[origin.tool];
    return origin.file ? `${clean(origin.file)} (${tool})` : tool;
}

const toolNames: Record<Origin['tool'], string> = {
    foundry: 'Foundry artifact',
    hardhat: 'Hardhat artifact',
    'foundry-broadcast': 'Foundry broadcast',
    'hardhat-ignition': 'Hardhat Ignition deployment',
    'hardhat-deploy': 'hardhat-deploy record',
    'avalanche-cli': 'avalanche-cli L1 file',
    'interchain-kit': 'Interchain Kit network file',
    'built-in': 'built-in signatures',
};

/** How a name was found, in words: "deployed, per broadcast/… (Foundry broadcast)". */
export function nameHow(name: AddressName): string {
    switch (name.how) {
        case 'deployment':
            return `deployed, per ${originText(name.origin)}`;
        case 'bytecode':
            return `code matches ${originText(name.origin)}`;
        case 'role':
            return `named, per ${originText(name.origin)}`;
        case 'precompile':
            return 'Avalanche precompile';
    }
}

/** A name found for an address, with how it was found. */
export function nameText(name: AddressName): string {
    return `${clean(name.name)} · ${nameHow(name)}`;
}

/** Control characters out and a length bound: names come from the user's files. */
function clean(text: string): string {
    return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, 200);
}
