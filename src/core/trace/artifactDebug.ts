/**
 * What it takes to put a program counter of an artifact's code on a Solidity line, read from the
 * files the workspace index does not keep: the code, its source map and immutable ranges, and
 * the compilation's source ids with the file each names.
 *
 * - Foundry: `out/<File>.sol/<Name>.json` has `deployedBytecode` and `bytecode` with `object`,
 *   `sourceMap` (and `immutableReferences`), `id` (the contract's own source id) and `metadata`
 *   (each source's keccak256); the ids of the other sources of the compilation are in
 *   `out/build-info/<id>.json`, whose `source_id_to_path` forge writes for every compilation
 *   (`BuildContext` in https://github.com/foundry-rs/compilers/blob/main/crates/compilers/src/buildinfo.rs),
 *   the full solc input and output only with `build_info = true`.
 * - Hardhat 2: the artifact has no source map; its `<Name>.dbg.json` names the build info
 *   (`artifacts/build-info/<md5>.json`, `hh-sol-build-info-1`), whose
 *   `output.contracts[source][name].evm` has the codes and maps, `output.sources[source].id` the
 *   ids and `input.sources[source].content` the sources as compiled.
 * Hardhat 3's split build infos and Ignition's stored artifacts have no source maps here.
 *
 * Every file is read within a cap and parsed without trusting it; a build info is boiled down to
 * the few strings used and the parsed tree let go.
 */
import { keccak256 } from '../ids/keccak256';
import { inertLine } from '../text/inert';
import { readImmutableReferences, type ByteRange } from '../workspace/bytecode';
import { field, isObject } from '../workspace/json';
import type { ContractArtifact } from '../workspace/types';

import { compiledCode, type CompiledCode } from './codeMatch';
import { isWorkspacePath, type TraceFiles } from './files';
import {
    decompressSourceMap,
    instructionCount,
    instructionIndexes,
    isSourceMapProblem,
    SourceText,
    type SourceMapTable,
} from './sourceMap';

/** A source file of a compilation. */
export interface DebugSource {
    /** The source unit name the compiler saw (`src/Leaf.sol`, `@openzeppelin/…`). */
    readonly name: string;
    /** Workspace-relative paths where the file may be now, most likely first. */
    readonly paths: readonly string[];
    /** Keccak-256 (0x hex) of the content compiled, when the artifact says. */
    readonly keccak256?: string | undefined;
    /** The content compiled, when the build info carries it (Hardhat). */
    readonly content?: string | undefined;
}

/** An artifact's codes with their source maps, and the sources they point into. */
export interface ArtifactDebug {
    readonly artifact: ContractArtifact;
    readonly runtime: CompiledCode | undefined;
    readonly creation: CompiledCode | undefined;
    /** Source files by source id (only the compilation's own sources: generated ones are absent). */
    readonly sources: ReadonlyMap<number, DebugSource>;
    /** Where the source ids come from, in words, when not from a build info of the compilation. */
    readonly idsNote: string | undefined;
    /**
     * Signatures by selector (`0x` + 8 hex digits) from solc's `methodIdentifiers`, which name
     * the external functions of a library the ABI leaves out (those with internal types).
     */
    readonly methods: ReadonlyMap<string, string>;
}

/** solc's `methodIdentifiers` (`{ "forward(Leaf,uint256)": "d18f4172" }`), by selector. */
function methodsOf(value: unknown): Map<string, string> {
    const methods = new Map<string, string>();
    if (!isObject(value)) return methods;
    for (const signature of Object.keys(value).slice(0, 4096)) {
        const selector = value[signature];
        if (
            typeof selector === 'string' &&
            /^[0-9a-fA-F]{8}$/.test(selector) &&
            signature.length <= 1024
        ) {
            methods.set(`0x${selector.toLowerCase()}`, signature);
        }
    }
    return methods;
}

/** A problem in words. */
export interface DebugProblem {
    readonly problem: string;
}

/** The caps of the files read. */
const debugFileLimits = {
    /** A Foundry artifact (`workspaceFileByteLimits`'s cap for them). */
    artifactBytes: 32 * 1024 * 1024,
    /** A build info: the whole solc input and output of a compilation. */
    buildInfoBytes: 64 * 1024 * 1024,
    /** Hardhat's `.dbg.json`, a line naming the build info. */
    debugFileBytes: 64 * 1024,
    /** A Solidity file. */
    sourceBytes: 8 * 1024 * 1024,
    /** Build infos looked at in one `out/build-info`. */
    buildInfos: 64,
} as const;

const decoder = new TextDecoder('utf-8', { fatal: false });

/** A decompressed source map with its instruction indexes, made once per code. */
export interface CodeMap {
    readonly table: SourceMapTable;
    readonly indexes: Int32Array;
}

const codeMaps = new WeakMap<CompiledCode, CodeMap | DebugProblem>();

/** The source map of `code`, decompressed once (later calls answer from the first). */
export function codeMapOf(code: CompiledCode): CodeMap | DebugProblem {
    let map = codeMaps.get(code);
    if (!map) {
        const table = decompressSourceMap(code.sourceMap, instructionCount(code.bytes));
        map = isSourceMapProblem(table)
            ? { problem: table.problem }
            : { table, indexes: instructionIndexes(code.bytes) };
        codeMaps.set(code, map);
    }
    return map;
}

/** True when `value` is a problem. */
export function isDebugProblem(value: object): value is DebugProblem {
    return 'problem' in value;
}

/** Where a file could not be read, in words. */
function refusal(rel: string, read: Awaited<ReturnType<TraceFiles['read']>>): string {
    const file = inertLine(rel, 200);
    if (!read.refused) return '';
    switch (read.refused.reason) {
        case 'missing':
            return `${file} is not in the workspace`;
        case 'too-large':
        case 'grew':
            return `${file} is larger than the trace reads`;
        case 'outside':
            return `${file} is outside the workspace`;
        case 'not-a-file':
            return `${file} is ${read.refused.kind}, not a file`;
        case 'failed':
            return `${file} could not be read`;
    }
}

type JsonRead = { readonly json: unknown } | DebugProblem;

async function readJson(files: TraceFiles, rel: string, maxBytes: number): Promise<JsonRead> {
    const read = await files.read(rel, maxBytes);
    if (read.refused) return { problem: refusal(rel, read) };
    try {
        return { json: JSON.parse(decoder.decode(read.bytes)) as unknown };
    } catch {
        return { problem: `${inertLine(rel, 200)} is not JSON` };
    }
}

/** The segments of a path, and the path of the first `count` of them with a trailing slash. */
function prefix(rel: string, count: number): string {
    const parts = rel.split('/').slice(0, count);
    return parts.length === 0 ? '' : `${parts.join('/')}/`;
}

/**
 * Where a source name may be in the workspace: under the project's root, under its
 * `node_modules` (Hardhat's npm imports), and for an absolute name (an older forge's) the root
 * joined with its shorter tails.
 */
function sourcePaths(root: string, name: string): string[] {
    const paths: string[] = [];
    const add = (rel: string): void => {
        if (isWorkspacePath(rel) && !paths.includes(rel)) paths.push(rel);
    };
    if (name.startsWith('/') || /^[A-Za-z]:[\\/]/.test(name)) {
        const parts = name
            .replace(/\\/g, '/')
            .split('/')
            .filter((p) => p !== '');
        for (let keep = Math.min(parts.length - 1, 6); keep >= 1; keep--) {
            add(`${root}${parts.slice(parts.length - keep).join('/')}`);
        }
        return paths;
    }
    add(`${root}${name}`);
    add(`${root}node_modules/${name}`);
    return paths;
}

/** The keccak256 of each source a Foundry artifact's metadata lists. */
function metadataHashes(json: unknown): Map<string, string> {
    let metadata = field(json, 'metadata');
    if (!isObject(metadata)) {
        const raw = field(json, 'rawMetadata');
        if (typeof raw === 'string' && raw.length <= 4 * 1024 * 1024) {
            try {
                metadata = JSON.parse(raw) as unknown;
            } catch {
                metadata = undefined;
            }
        }
    }
    const hashes = new Map<string, string>();
    const sources = field(metadata, 'sources');
    if (!isObject(sources)) return hashes;
    for (const name of Object.keys(sources)) {
        const hash = field(sources[name], 'keccak256');
        if (typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash)) {
            hashes.set(name, hash.toLowerCase());
        }
    }
    return hashes;
}

function immutablesOf(value: unknown): ByteRange[] | DebugProblem {
    const ranges = readImmutableReferences(value);
    return ranges === 'invalid' ? { problem: 'its immutableReferences are malformed' } : ranges;
}

/** A compiled code of an artifact, or undefined (an interface, an abstract contract). */
function codeOf(
    object: unknown,
    sourceMap: unknown,
    immutables: readonly ByteRange[],
): CompiledCode | undefined {
    const code = compiledCode(object, sourceMap, immutables);
    return 'problem' in code ? undefined : code;
}

/** The contracts of a Hardhat build info, boiled down to what the trace uses. */
interface HardhatBuildInfo {
    readonly contracts: ReadonlyMap<string, HardhatContract>;
    readonly ids: ReadonlyMap<number, string>;
    readonly contents: ReadonlyMap<string, string>;
}

interface HardhatContract {
    readonly runtime: CompiledCode | undefined;
    readonly creation: CompiledCode | undefined;
    readonly methods: ReadonlyMap<string, string>;
}

/** The source id → name map of one Foundry build info. */
type FoundryIds = ReadonlyMap<number, string>;

/**
 * Reads and keeps the debug information of artifacts, build infos and source files for one
 * version of the workspace: a caller makes a new one when the workspace's contracts change.
 * Each file is read once, however many frames ask.
 */
export class TraceSources {
    private readonly debug = new WeakMap<ContractArtifact, Promise<ArtifactDebug | DebugProblem>>();
    private readonly hardhat = new Map<string, Promise<HardhatBuildInfo | DebugProblem>>();
    private readonly foundry = new Map<string, Promise<FoundryIds[]>>();
    private readonly texts = new Map<string, Promise<SourceText | DebugProblem>>();

    constructor(readonly files: TraceFiles) {}

    /** The debug information of `artifact`, read on the first call. */
    debugOf(artifact: ContractArtifact): Promise<ArtifactDebug | DebugProblem> {
        let found = this.debug.get(artifact);
        if (!found) {
            found = this.load(artifact).catch((error: unknown) => ({
                problem: `reading it failed: ${inertLine(error instanceof Error ? error.message : String(error), 200)}`,
            }));
            this.debug.set(artifact, found);
        }
        return found;
    }

    /** A workspace file's text, read on the first call (at most `debugFileLimits.sourceBytes`). */
    sourceText(rel: string): Promise<SourceText | DebugProblem> {
        let found = this.texts.get(rel);
        if (!found) {
            found = this.files
                .read(rel, debugFileLimits.sourceBytes)
                .then((read) =>
                    read.refused ? { problem: refusal(rel, read) } : new SourceText(read.bytes),
                );
            this.texts.set(rel, found);
        }
        return found;
    }

    private load(artifact: ContractArtifact): Promise<ArtifactDebug | DebugProblem> {
        switch (artifact.origin.tool) {
            case 'foundry':
                return this.loadFoundry(artifact);
            case 'hardhat':
                return this.loadHardhat(artifact);
            default:
                return Promise.resolve({ problem: 'its tool keeps no source map' });
        }
    }

    private async loadFoundry(artifact: ContractArtifact): Promise<ArtifactDebug | DebugProblem> {
        const file = artifact.origin.file;
        const read = await readJson(this.files, file, debugFileLimits.artifactBytes);
        if ('problem' in read) return read;
        const json = read.json;
        const deployed = field(json, 'deployedBytecode');
        const immutables = immutablesOf(field(deployed, 'immutableReferences'));
        if ('problem' in immutables) return immutables;
        const runtime = codeOf(field(deployed, 'object'), field(deployed, 'sourceMap'), immutables);
        const created = field(json, 'bytecode');
        const creation = codeOf(field(created, 'object'), field(created, 'sourceMap'), []);
        if (!runtime && !creation) return { problem: 'the artifact has no source map' };
        const parts = file.split('/');
        const outAt = parts.lastIndexOf('out', parts.length - 3);
        if (outAt < 0) return { problem: 'the artifact is not under an out/ folder' };
        const root = prefix(file, outAt);
        const ownId = field(json, 'id');
        const ownName = artifact.sourceName;
        const hashes = metadataHashes(json);
        let ids: ReadonlyMap<number, string> | undefined;
        let idsNote: string | undefined;
        if (typeof ownId === 'number' && ownName !== undefined) {
            for (const candidate of await this.foundryIds(`${root}out/build-info`)) {
                if (candidate.get(ownId) === ownName) {
                    ids = candidate;
                    break;
                }
            }
            if (!ids) {
                ids = new Map([[ownId, ownName]]);
                idsNote = `no build info in ${inertLine(root, 200)}out/build-info names the other source files of its compilation`;
            }
        } else {
            return { problem: 'the artifact has no source id (`id`) or compilation target' };
        }
        const sources = new Map<number, DebugSource>();
        for (const [id, name] of ids) {
            sources.set(id, { name, paths: sourcePaths(root, name), keccak256: hashes.get(name) });
        }
        return {
            artifact,
            runtime,
            creation,
            sources,
            idsNote,
            methods: methodsOf(field(json, 'methodIdentifiers')),
        };
    }

    /** Every build info's source ids in `dir`, read once per folder. */
    private foundryIds(dir: string): Promise<FoundryIds[]> {
        let found = this.foundry.get(dir);
        if (!found) {
            found = (async () => {
                const names = await this.files.list(dir, debugFileLimits.buildInfos);
                const all: FoundryIds[] = [];
                for (const name of names.filter((n) => n.endsWith('.json'))) {
                    const read = await readJson(
                        this.files,
                        `${dir}/${name}`,
                        debugFileLimits.buildInfoBytes,
                    );
                    const map =
                        'problem' in read ? undefined : field(read.json, 'source_id_to_path');
                    if (!isObject(map)) continue;
                    const ids = new Map<number, string>();
                    for (const key of Object.keys(map)) {
                        const path = map[key];
                        if (
                            /^\d{1,9}$/.test(key) &&
                            typeof path === 'string' &&
                            path.length <= 4096
                        )
                            ids.set(Number(key), path);
                    }
                    all.push(ids);
                }
                return all;
            })();
            this.foundry.set(dir, found);
        }
        return found;
    }

    private async loadHardhat(artifact: ContractArtifact): Promise<ArtifactDebug | DebugProblem> {
        const file = artifact.origin.file;
        const sourceName = artifact.sourceName;
        if (sourceName === undefined) return { problem: 'the artifact names no source file' };
        const tail = `artifacts/${sourceName}/${artifact.contractName}.json`;
        if (!file.endsWith(tail)) return { problem: 'the artifact is not where Hardhat writes it' };
        const root = file.slice(0, file.length - tail.length);
        const dbgFile = file.replace(/\.json$/, '.dbg.json');
        const dbg = await readJson(this.files, dbgFile, debugFileLimits.debugFileBytes);
        if ('problem' in dbg) return dbg;
        const relative = field(dbg.json, 'buildInfo');
        if (typeof relative !== 'string') return { problem: 'its .dbg.json names no build info' };
        const buildInfo = resolveRelative(file, relative);
        if (buildInfo === undefined) {
            return { problem: 'its .dbg.json names a build info outside the workspace' };
        }
        const info = await this.hardhatBuildInfo(buildInfo);
        if ('problem' in info) return info;
        const contract = info.contracts.get(`${sourceName}:${artifact.contractName}`);
        if (!contract) return { problem: 'its build info does not have it' };
        const sources = new Map<number, DebugSource>();
        for (const [id, name] of info.ids) {
            sources.set(id, {
                name,
                paths: sourcePaths(root, name),
                content: info.contents.get(name),
            });
        }
        return {
            artifact,
            runtime: contract.runtime,
            creation: contract.creation,
            sources,
            idsNote: undefined,
            methods: contract.methods,
        };
    }

    private hardhatBuildInfo(rel: string): Promise<HardhatBuildInfo | DebugProblem> {
        let found = this.hardhat.get(rel);
        if (!found) {
            found = readJson(this.files, rel, debugFileLimits.buildInfoBytes).then((read) =>
                'problem' in read ? read : boilHardhat(read.json),
            );
            this.hardhat.set(rel, found);
        }
        return found;
    }
}

/** `relative` (a `.dbg.json`'s `buildInfo`) resolved against the folder of `file`. */
function resolveRelative(file: string, relative: string): string | undefined {
    if (relative.length > 4096 || relative.startsWith('/') || relative.includes('\\'))
        return undefined;
    const parts = file.split('/').slice(0, -1);
    for (const part of relative.split('/')) {
        if (part === '..') {
            if (parts.length === 0) return undefined;
            parts.pop();
        } else if (part !== '.' && part !== '') {
            parts.push(part);
        }
    }
    const rel = parts.join('/');
    return isWorkspacePath(rel) ? rel : undefined;
}

/** What the trace uses of a Hardhat build info. */
function boilHardhat(json: unknown): HardhatBuildInfo | DebugProblem {
    const output = field(json, 'output');
    const outContracts = field(output, 'contracts');
    const outSources = field(output, 'sources');
    if (!isObject(outContracts) || !isObject(outSources)) {
        return { problem: 'its build info has no solc output' };
    }
    const contracts = new Map<string, HardhatContract>();
    for (const source of Object.keys(outContracts)) {
        const byName = outContracts[source];
        if (!isObject(byName)) continue;
        for (const name of Object.keys(byName)) {
            const evm = field(byName[name], 'evm');
            const deployed = field(evm, 'deployedBytecode');
            const created = field(evm, 'bytecode');
            const immutables = immutablesOf(field(deployed, 'immutableReferences'));
            const hex = (value: unknown): unknown =>
                typeof value === 'string' && value !== '' ? `0x${value}` : undefined;
            contracts.set(`${source}:${name}`, {
                runtime:
                    'problem' in immutables
                        ? undefined
                        : codeOf(
                              hex(field(deployed, 'object')),
                              field(deployed, 'sourceMap'),
                              immutables,
                          ),
                creation: codeOf(hex(field(created, 'object')), field(created, 'sourceMap'), []),
                methods: methodsOf(field(evm, 'methodIdentifiers')),
            });
        }
    }
    const ids = new Map<number, string>();
    for (const source of Object.keys(outSources)) {
        const id = field(outSources[source], 'id');
        if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) ids.set(id, source);
    }
    const contents = new Map<string, string>();
    const inputSources = field(field(json, 'input'), 'sources');
    if (isObject(inputSources)) {
        for (const source of Object.keys(inputSources)) {
            const content = field(inputSources[source], 'content');
            if (typeof content === 'string') contents.set(source, content);
        }
    }
    return { contracts, ids, contents };
}

/** Keccak-256 of bytes as 0x hex. */
export function keccakHex(bytes: Uint8Array): string {
    return `0x${Buffer.from(keccak256(bytes)).toString('hex')}`;
}
