/**
 * What the workspace knows, in memory: each file's `FileKnowledge` (from the parsers here), and
 * the lookups the decoder, the hovers and the views ask: which ABI entries have this selector or
 * topic, which records name this address or transaction, which artifact has this runtime hash.
 *
 * A file's part is replaced whole when the file changes and removed whole when it goes, so the
 * index never holds half of an old file. ABI entries are interned: the same entry (same
 * signature, names and types, which a project's interfaces, mocks and deployments repeat
 * hundreds of times) is one object however many files have it, and a lookup answers it once,
 * with the first file that still has it as its origin.
 */
import type { Candidate } from '../abi/types';
import { selectorOf, topicOf } from '../abi/signature';
import { chainId as chainIdOf, dirOf } from './json';
import type {
    AbiEntry,
    ContractArtifact,
    DeployedContract,
    FileKnowledge,
    NamedAddress,
    Origin,
    RecordedTransaction,
} from './types';

export * from './abi';
export { canonicalSignature, selectorOf, topicOf } from '../abi/signature';
export * from './artifacts';
export * from './avalancheCli';
export * from './bytecode';
export * from './classify';
export * from './deployments';
export * from './interchainKit';
export { maxProblemsPerFile, maxWorkspaceFileChars } from './json';
export type * from './types';

/** Counts for the Output channel and the benchmarks. */
export interface WorkspaceIndexStats {
    readonly files: number;
    readonly artifacts: number;
    /** Distinct ABI entries after interning. */
    readonly abiEntries: number;
    readonly deployments: number;
    readonly transactions: number;
    readonly namedAddresses: number;
    readonly problems: number;
}

/** Entries of one selector (or topic): each distinct entry with the files that have it. */
type EntryTable = Map<string, Map<AbiEntry, Map<string, Origin>>>;

interface Interned {
    readonly key: string;
    readonly entry: AbiEntry;
    refs: number;
}

/** What one file added, kept so that removing it takes out exactly that. */
interface Stored {
    readonly knowledge: FileKnowledge;
    /** The interned entries it uses, one per use (not their keys: a key is kept once, here). */
    readonly interned: readonly Interned[];
}

const selectorPattern = /^0x[0-9a-f]{8}$/;
const topicPattern = /^0x[0-9a-f]{64}$/;
const addressPattern = /^0x[0-9a-f]{40}$/;

function normalizeHex(value: string, pattern: RegExp): string | undefined {
    if (typeof value !== 'string') return undefined;
    const lower = value.toLowerCase();
    const prefixed = lower.startsWith('0x') ? lower : `0x${lower}`;
    return pattern.test(prefixed) ? prefixed : undefined;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
}

function remove<K, V>(map: Map<K, V[]>, key: K, values: ReadonlySet<unknown>): void {
    const list = map.get(key);
    if (!list) return;
    const kept = list.filter((value) => !values.has(value));
    if (kept.length === 0) map.delete(key);
    else map.set(key, kept);
}

/**
 * Records that repeat one another: the same thing said by copies of one file in one folder
 * (Foundry's `run-latest.json` and the `run-<time>.json` of the same run).
 */
function sameRecordKey(
    origin: Origin,
    chain: string | undefined,
    parts: readonly (string | undefined)[],
): string {
    return [origin.tool, dirOf(origin.file), chain ?? '', ...parts.map((p) => p ?? '')].join('|');
}

/** The in-memory index of the workspace's contract files. Pure: no I/O, no timers. */
export class WorkspaceIndex {
    private readonly files = new Map<string, Stored>();
    private readonly interned = new Map<string, Interned>();
    /**
     * The same, by the interned object: the parse worker sends an entry a project repeats once
     * and then that object each time (parsePool.ts), which is then found without writing its key.
     */
    private readonly internedObjects = new Map<AbiEntry, Interned>();
    private readonly functionTable: EntryTable = new Map();
    private readonly eventTable: EntryTable = new Map();
    private readonly errorTable: EntryTable = new Map();
    private readonly byAddress = new Map<string, DeployedContract[]>();
    private readonly byTransaction = new Map<string, RecordedTransaction[]>();
    private readonly byRuntimeHash = new Map<string, ContractArtifact[]>();
    private readonly byName = new Map<string, ContractArtifact[]>();
    /** Artifacts by runtime code length: the immutable layouts to try on one chain's code. */
    private readonly byRuntimeLength = new Map<number, ContractArtifact[]>();
    /** Artifacts by creation code length: where a failed creation's code may come from. */
    private readonly byCreationLength = new Map<number, ContractArtifact[]>();
    private readonly namesByAddress = new Map<string, NamedAddress[]>();
    /** directory → file → chain id, from `.chainId` files and Ignition journals. */
    private readonly directoryChains = new Map<string, Map<string, string>>();
    private counts = { artifacts: 0, deployments: 0, transactions: 0, named: 0, problems: 0 };

    /**
     * The table and key an entry is looked up by: functions and errors by selector, events by
     * topic (an anonymous event has none), constructors by nothing. Both ids are cached per
     * interned entry, so this is cheap enough to recompute on removal instead of storing it.
     */
    private placeOf(entry: AbiEntry): readonly [EntryTable, string] | undefined {
        switch (entry.type) {
            case 'function':
                return [this.functionTable, selectorOf(entry)];
            case 'error':
                return [this.errorTable, selectorOf(entry)];
            case 'event':
                return entry.anonymous === true ? undefined : [this.eventTable, topicOf(entry)];
            default:
                return undefined;
        }
    }

    /** Adds a file's knowledge, replacing what the same file said before. */
    set(knowledge: FileKnowledge): void {
        this.delete(knowledge.file);
        const used: Interned[] = [];
        const internAbi = (entries: readonly AbiEntry[], origin: Origin): AbiEntry[] =>
            entries.map((entry) => {
                let found = this.internedObjects.get(entry);
                if (!found) {
                    const key = JSON.stringify(entry);
                    found = this.interned.get(key);
                    if (!found) {
                        found = { key, entry, refs: 0 };
                        this.interned.set(key, found);
                        this.internedObjects.set(entry, found);
                    }
                }
                found.refs++;
                used.push(found);
                const shared = found.entry;
                const place = this.placeOf(shared);
                if (place) {
                    const [table, id] = place;
                    let byEntry = table.get(id);
                    if (!byEntry) {
                        byEntry = new Map();
                        table.set(id, byEntry);
                    }
                    let origins = byEntry.get(shared);
                    if (!origins) {
                        origins = new Map();
                        byEntry.set(shared, origins);
                    }
                    if (!origins.has(knowledge.file)) origins.set(knowledge.file, origin);
                }
                return shared;
            });

        const artifacts = knowledge.artifacts.map((artifact) => ({
            ...artifact,
            abi: internAbi(artifact.abi, artifact.origin),
        }));
        const deployments = knowledge.deployments.map((deployment) =>
            deployment.abi
                ? { ...deployment, abi: internAbi(deployment.abi, deployment.origin) }
                : deployment,
        );
        const stored: Stored = {
            knowledge: { ...knowledge, artifacts, deployments },
            interned: used,
        };
        this.files.set(knowledge.file, stored);

        for (const artifact of artifacts) {
            this.eachArtifactList(artifact, (map, key) => push(map, key, artifact));
        }
        for (const deployment of deployments)
            push(this.byAddress, deployment.address.toLowerCase(), deployment);
        for (const tx of knowledge.transactions)
            push(this.byTransaction, tx.hash.toLowerCase(), tx);
        for (const named of knowledge.namedAddresses ?? []) {
            push(this.namesByAddress, named.address.toLowerCase(), named);
        }
        const hint = knowledge.directoryChainId;
        if (hint) {
            let byFile = this.directoryChains.get(hint.directory);
            if (!byFile) {
                byFile = new Map();
                this.directoryChains.set(hint.directory, byFile);
            }
            byFile.set(knowledge.file, hint.chainId);
        }
        this.counts.artifacts += artifacts.length;
        this.counts.deployments += deployments.length;
        this.counts.transactions += knowledge.transactions.length;
        this.counts.named += knowledge.namedAddresses?.length ?? 0;
        this.counts.problems += knowledge.problems.length;
    }

    /** Each list an artifact is filed in, with its key there: what adding and removing share. */
    private eachArtifactList(
        artifact: ContractArtifact,
        visit: <K>(map: Map<K, ContractArtifact[]>, key: K) => void,
    ): void {
        if (artifact.runtimeHash !== undefined) {
            visit(this.byRuntimeHash, artifact.runtimeHash.toLowerCase());
        }
        if (artifact.runtimeLength !== undefined)
            visit(this.byRuntimeLength, artifact.runtimeLength);
        if (artifact.creationLength !== undefined) {
            visit(this.byCreationLength, artifact.creationLength);
        }
        visit(this.byName, artifact.contractName);
    }

    /** Removes everything the file contributed; a file never added is a no-op. */
    delete(file: string): void {
        const stored = this.files.get(file);
        if (!stored) return;
        this.files.delete(file);
        const { knowledge } = stored;

        for (const { entry } of stored.interned) {
            const place = this.placeOf(entry);
            const byEntry = place?.[0].get(place[1]);
            const origins = byEntry?.get(entry);
            if (!place || !byEntry || !origins) continue;
            origins.delete(file);
            if (origins.size === 0) byEntry.delete(entry);
            if (byEntry.size === 0) place[0].delete(place[1]);
        }
        for (const found of stored.interned) {
            if (--found.refs === 0) {
                this.interned.delete(found.key);
                this.internedObjects.delete(found.entry);
            }
        }

        const artifacts = new Set<unknown>(knowledge.artifacts);
        for (const artifact of knowledge.artifacts) {
            this.eachArtifactList(artifact, (map, key) => remove(map, key, artifacts));
        }
        const deployments = new Set<unknown>(knowledge.deployments);
        for (const deployment of knowledge.deployments) {
            remove(this.byAddress, deployment.address.toLowerCase(), deployments);
        }
        const transactions = new Set<unknown>(knowledge.transactions);
        for (const tx of knowledge.transactions)
            remove(this.byTransaction, tx.hash.toLowerCase(), transactions);
        const named = new Set<unknown>(knowledge.namedAddresses ?? []);
        for (const item of knowledge.namedAddresses ?? []) {
            remove(this.namesByAddress, item.address.toLowerCase(), named);
        }
        const hint = knowledge.directoryChainId;
        if (hint) {
            const byFile = this.directoryChains.get(hint.directory);
            byFile?.delete(file);
            if (byFile?.size === 0) this.directoryChains.delete(hint.directory);
        }
        this.counts.artifacts -= knowledge.artifacts.length;
        this.counts.deployments -= knowledge.deployments.length;
        this.counts.transactions -= knowledge.transactions.length;
        this.counts.named -= knowledge.namedAddresses?.length ?? 0;
        this.counts.problems -= knowledge.problems.length;
    }

    /** The files in the index, in the order they were added. */
    fileNames(): string[] {
        return [...this.files.keys()];
    }

    /** What the index holds of one file (ABI entries interned), or undefined. */
    file(file: string): FileKnowledge | undefined {
        return this.files.get(file)?.knowledge;
    }

    /** Function entries with this 4-byte selector (`0x` and 8 hex digits, any case). */
    functions(selector: string): Candidate[] {
        return this.candidates(this.functionTable, normalizeHex(selector, selectorPattern));
    }

    /** Non-anonymous events with this topic 0 (`0x` and 64 hex digits, any case). */
    events(topic0: string): Candidate[] {
        return this.candidates(this.eventTable, normalizeHex(topic0, topicPattern));
    }

    /** Custom errors with this 4-byte selector. */
    errors(selector: string): Candidate[] {
        return this.candidates(this.errorTable, normalizeHex(selector, selectorPattern));
    }

    private candidates(table: EntryTable, id: string | undefined): Candidate[] {
        const byEntry = id === undefined ? undefined : table.get(id);
        if (!byEntry) return [];
        const found: Candidate[] = [];
        for (const [entry, origins] of byEntry) {
            const origin = origins.values().next().value;
            if (origin) found.push({ entry, origin });
        }
        return found;
    }

    /**
     * The chain id a record stands for: its own, else the one its folder's `.chainId` or Ignition
     * journal says (when several files of one folder say one, the first added).
     */
    private chainOf(record: { readonly chainId?: string | undefined; readonly origin: Origin }) {
        if (record.chainId !== undefined) return record.chainId;
        const byFile = this.directoryChains.get(dirOf(record.origin.file));
        return byFile?.values().next().value;
    }

    /**
     * Records of a contract at `address` on chain `chainId` (decimal, or a 0x quantity), the chain
     * filled in from the folder's chain id where the record has none; every chain when `chainId`
     * is undefined. Repeats of one record by copies of the same file are answered once.
     */
    contractAt(chainId: string | undefined, address: string): DeployedContract[] {
        return this.recordsOn(
            chainId,
            normalizeHex(address, addressPattern),
            this.byAddress,
            (r) => [r.networkName, r.contractName, r.label, r.txHash],
        );
    }

    /** Records of transaction `hash` on chain `chainId` (every chain when undefined). */
    transaction(chainId: string | undefined, hash: string): RecordedTransaction[] {
        return this.recordsOn(
            chainId,
            normalizeHex(hash, topicPattern),
            this.byTransaction,
            (r) => [r.contractAddress, r.contractName, r.functionSignature, r.label],
        );
    }

    /**
     * The records under `key` on chain `chainId` (each with the chain its folder gives it when it
     * names none), a record repeated by copies of one file (`what` says what makes two the same)
     * answered once.
     */
    private recordsOn<R extends { readonly chainId?: string | undefined; readonly origin: Origin }>(
        chainId: string | undefined,
        key: string | undefined,
        table: ReadonlyMap<string, readonly R[]>,
        what: (record: R) => readonly (string | undefined)[],
    ): R[] {
        const chain = chainId === undefined ? undefined : chainIdOf(chainId);
        if (key === undefined || (chainId !== undefined && chain === undefined)) return [];
        const seen = new Set<string>();
        const found: R[] = [];
        for (const record of table.get(key) ?? []) {
            const recordChain = this.chainOf(record);
            if (chain !== undefined && recordChain !== chain) continue;
            const same = sameRecordKey(record.origin, recordChain, what(record));
            if (seen.has(same)) continue;
            seen.add(same);
            found.push(
                recordChain !== undefined && record.chainId === undefined
                    ? { ...record, chainId: recordChain }
                    : record,
            );
        }
        return found;
    }

    /** Roles the workspace gives `address` on chain `chainId` (a precompile's admin). */
    namesAt(chainId: string | undefined, address: string): NamedAddress[] {
        const at = normalizeHex(address, addressPattern);
        const chain = chainId === undefined ? undefined : chainIdOf(chainId);
        if (at === undefined || (chainId !== undefined && chain === undefined)) return [];
        return (this.namesByAddress.get(at) ?? []).filter(
            (named) => chain === undefined || this.chainOf(named) === chain,
        );
    }

    /** Artifacts whose runtime code (immutables zeroed) hashes to `hash`. */
    artifactByRuntimeHash(hash: string): ContractArtifact[] {
        const key = normalizeHex(hash, topicPattern);
        return key === undefined ? [] : [...(this.byRuntimeHash.get(key) ?? [])];
    }

    /** Artifacts whose runtime code is `length` bytes long. */
    artifactsOfRuntimeLength(length: number): ContractArtifact[] {
        return [...(this.byRuntimeLength.get(length) ?? [])];
    }

    /**
     * Artifacts whose creation code, followed by whole 32-byte words of constructor arguments,
     * is `initLength` bytes long: the ones a creation's code may be. At most `max`, the longest
     * creation codes first (they leave the fewest bytes to arguments).
     */
    artifactsForCreation(initLength: number, max: number): ContractArtifact[] {
        const lengths = [...this.byCreationLength.keys()]
            .filter((length) => length <= initLength && (initLength - length) % 32 === 0)
            .sort((a, b) => b - a);
        const found: ContractArtifact[] = [];
        for (const length of lengths) {
            for (const artifact of this.byCreationLength.get(length)!) {
                if (found.length >= max) return found;
                found.push(artifact);
            }
        }
        return found;
    }

    /** Artifacts of contracts named `contractName` (bare name, case-sensitive). */
    artifactsNamed(contractName: string): ContractArtifact[] {
        return [...(this.byName.get(contractName) ?? [])];
    }

    /** What the index holds now. */
    stats(): WorkspaceIndexStats {
        return {
            files: this.files.size,
            artifacts: this.counts.artifacts,
            abiEntries: this.interned.size,
            deployments: this.counts.deployments,
            transactions: this.counts.transactions,
            namedAddresses: this.counts.named,
            problems: this.counts.problems,
        };
    }
}
