/**
 * Compiled contracts: Foundry's and Hardhat's artifact files, parsed from their text. Each parser
 * takes the workspace-relative path (forward slashes) and the text, and never throws: a file that
 * is not what its path says gives no artifact and a problem in words.
 *
 * Formats, as checked in the tools' sources:
 * - Foundry `out/<File>.sol/<Contract>.json` (also `<Contract>.<solc version>.json` when one file
 *   was compiled by several solc versions): `ConfigurableContractArtifact` in
 *   https://github.com/foundry-rs/compilers/blob/main/crates/artifacts/solc/src/configurable.rs,
 *   camelCase keys: `abi`, `bytecode`, `deployedBytecode` { `object`, `sourceMap`,
 *   `linkReferences`, `immutableReferences` }, `methodIdentifiers`, `rawMetadata` (solc's metadata
 *   string), `metadata` (the same, parsed), `ast`, `id`. `object` is 0x hex, or the unlinked hex
 *   with `__$<hash>$__` placeholders. The contract's own name and source are
 *   `metadata.settings.compilationTarget` (`{ "src/Counter.sol": "Counter" }`, solc's metadata
 *   format: https://docs.soliditylang.org/en/latest/metadata.html).
 * - Hardhat 2 `artifacts/<sourceName>/<Contract>.json`, `_format: "hh-sol-artifact-1"`:
 *   `Artifact` in https://github.com/NomicFoundation/hardhat/blob/030bcf0a9052635f8f5f72bb66be8f2002202fde/packages/hardhat-core/src/types/artifacts.ts
 *   (`contractName`, `sourceName`, `abi`, `bytecode`, `deployedBytecode` as 0x strings,
 *   `linkReferences`, `deployedLinkReferences`). It has no `immutableReferences`: those are only in
 *   the build info, so the artifact is marked `immutablesUnknown` and its runtime hash matches
 *   only a deployment without immutables.
 * - Hardhat 3, `_format: "hh3-artifact-1"`: the same fields plus optional `immutableReferences`,
 *   `buildInfoId` and `inputSourceName` (`Artifact` in
 *   https://github.com/NomicFoundation/hardhat/blob/main/packages/hardhat/src/types/artifacts.ts).
 * - Hardhat Ignition's `ignition/deployments/<id>/artifacts/<futureId>.json` are Hardhat artifacts
 *   (`storeUserProvidedArtifact` in hardhat-ignition's `file-deployment-loader.ts`), read here
 *   with the tool `hardhat-ignition`.
 * Build infos (`out/build-info/`, `artifacts/build-info/`) and Hardhat's `*.dbg.json` are not
 * artifacts: `classify` never routes them here.
 */
import { abiProblems, readAbi } from './abi';
import {
    codeBytes,
    hashWithZeroedRanges,
    maxRuntimeCodeBytes,
    readImmutableReferences,
    type ByteRange,
} from './bytecode';
import { address, baseName, field, isObject, parseJson, Problems, text } from './json';
import type {
    ContractArtifact,
    DeployedContract,
    FileKnowledge,
    KnowledgeTool,
    Origin,
} from './types';

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]{0,255}$/;
/** Longest source name kept (`node_modules/@scope/pkg/contracts/…/File.sol`). */
const maxSourceNameLength = 1_024;
/** Longest `rawMetadata` parsed for the compilation target; solc's is tens of kilobytes. */
const maxRawMetadataChars = 4 * 1024 * 1024;

/** A file's knowledge with nothing but problems. */
export function nothingFrom(file: string, problems: Problems): FileKnowledge {
    return { file, artifacts: [], deployments: [], transactions: [], problems: problems.list() };
}

/** Where a local network file says a contract is: the fields every record of one chain shares. */
export type RecordPlace = Pick<DeployedContract, 'chainId' | 'networkName' | 'blockchainId'>;

/**
 * A function that records a contract a local network file names on one chain: an address that
 * is not one is skipped, so a file's missing or odd field costs one record, not the file.
 */
export function deploymentRecorder(
    deployments: DeployedContract[],
    here: RecordPlace,
    origin: Origin,
): (at: string | undefined, label: string, contractName?: string) => void {
    return (at, label, contractName) => {
        const lower = address(at);
        if (lower === undefined) return;
        deployments.push({
            ...here,
            address: lower,
            label,
            ...(contractName !== undefined ? { contractName } : {}),
            origin,
        });
    };
}

/** `out/Counter.sol/Counter.0.8.19.json` → `Counter`. */
function contractNameFromPath(file: string): string | undefined {
    const name = baseName(file)
        .replace(/\.json$/, '')
        .replace(/\.\d+\.\d+\.\d+$/, '');
    return identifier.test(name) ? name : undefined;
}

interface Target {
    readonly sourceName: string;
    readonly contractName: string;
}

function targetOf(metadata: unknown): Target | undefined {
    const target = field(field(metadata, 'settings'), 'compilationTarget');
    if (!isObject(target)) return undefined;
    const keys = Object.keys(target);
    // solc compiles one contract per metadata: exactly one entry.
    if (keys.length !== 1) return undefined;
    const sourceName = text(keys[0], maxSourceNameLength);
    const contractName = target[keys[0]!];
    if (sourceName === undefined || typeof contractName !== 'string') return undefined;
    return identifier.test(contractName) ? { sourceName, contractName } : undefined;
}

/** The compilation target from Foundry's parsed `metadata`, else from `rawMetadata`. */
function foundryTarget(json: unknown): Target | undefined {
    const parsed = targetOf(field(json, 'metadata'));
    if (parsed) return parsed;
    const raw = field(json, 'rawMetadata');
    if (typeof raw !== 'string' || raw.length > maxRawMetadataChars) return undefined;
    try {
        return targetOf(JSON.parse(raw));
    } catch {
        return undefined;
    }
}

interface Runtime {
    readonly runtimeHash?: string;
    readonly immutables?: readonly ByteRange[];
    readonly runtimeLength?: number;
}

const placeholder = /__\$[0-9a-fA-F]{34}\$__/g;
const hexOnly = /^[0-9a-fA-F]*$/;

/**
 * Byte length of code that may hold solc's library placeholders (`__$` + 34 hex digits + `$__`,
 * the width of the 20-byte address linked in their place); undefined for anything else.
 */
function unlinkedLength(code: unknown): number | undefined {
    if (typeof code !== 'string' || code.length > maxRuntimeCodeBytes * 2 + 2) return undefined;
    const hex = code.startsWith('0x') ? code.slice(2) : code;
    if (hex.length === 0 || hex.length % 2 !== 0) return undefined;
    return hexOnly.test(hex.replace(placeholder, '')) ? hex.length / 2 : undefined;
}

/** The creation code's length, when the artifact has creation code. */
function creationOf(code: unknown): { creationLength?: number } {
    const length = unlinkedLength(code);
    return length === undefined ? {} : { creationLength: length };
}

/**
 * Hash, immutables and length of an artifact's runtime code; nothing for empty (interface,
 * abstract) or unlinked code, which are normal; a problem for ranges that do not fit.
 */
function runtimeOf(
    code: unknown,
    immutableReferences: unknown,
    immutablesKnown: boolean,
    problems: Problems,
): Runtime {
    const bytes = typeof code === 'string' ? codeBytes(code) : undefined;
    if (!bytes) {
        // Unlinked code has no hash, but its length still narrows the artifacts chain code is
        // compared with byte by byte (core/trace).
        const length = unlinkedLength(code);
        return length === undefined ? {} : { runtimeLength: length };
    }
    if (!immutablesKnown) {
        return { runtimeHash: hashWithZeroedRanges(bytes, [])!, runtimeLength: bytes.length };
    }
    const ranges = readImmutableReferences(immutableReferences);
    if (ranges === 'invalid') {
        problems.add('immutableReferences malformed: no runtime hash');
        return { runtimeLength: bytes.length };
    }
    const runtimeLength = bytes.length;
    const runtimeHash = hashWithZeroedRanges(bytes, ranges);
    if (runtimeHash === undefined) {
        problems.add('immutableReferences outside the runtime bytecode: no runtime hash');
        return { runtimeLength };
    }
    return { runtimeHash, immutables: ranges, runtimeLength };
}

function artifactKnowledge(file: string, artifact: ContractArtifact, problems: Problems) {
    return {
        file,
        artifacts: [artifact],
        deployments: [],
        transactions: [],
        problems: problems.list(),
    } satisfies FileKnowledge;
}

/** A Foundry artifact (`out/<File>.sol/<Contract>.json`). */
export function parseFoundryArtifact(file: string, fileText: string): FileKnowledge {
    const problems = new Problems(file);
    const json = parseJson(fileText, problems);
    if (json === undefined) return nothingFrom(file, problems);
    const abi = readAbi(field(json, 'abi'));
    if (!isObject(json) || !abi) {
        problems.add('not a Foundry artifact (no `abi` array)');
        return nothingFrom(file, problems);
    }
    abiProblems(abi, 'abi').forEach((p) => problems.add(p));
    const target = foundryTarget(json);
    const contractName = target?.contractName ?? contractNameFromPath(file);
    if (contractName === undefined) {
        problems.add('no contract name (no compilation target, and the file name is not one)');
        return nothingFrom(file, problems);
    }
    const deployed = field(json, 'deployedBytecode');
    const origin: Origin = { tool: 'foundry', file };
    const runtime = runtimeOf(
        field(deployed, 'object'),
        field(deployed, 'immutableReferences'),
        true,
        problems,
    );
    return artifactKnowledge(
        file,
        {
            contractName,
            ...(target ? { sourceName: target.sourceName } : {}),
            abi: abi.entries,
            ...runtime,
            ...creationOf(field(field(json, 'bytecode'), 'object')),
            origin,
        },
        problems,
    );
}

const hardhatFormat = /^hh[a-z0-9-]{0,40}-artifact-\d{1,3}$/;

/**
 * A Hardhat artifact (`artifacts/<sourceName>/<Contract>.json`), or one Ignition stored beside a
 * deployment (`tool` `hardhat-ignition`).
 */
export function parseHardhatArtifact(
    file: string,
    fileText: string,
    tool: KnowledgeTool = 'hardhat',
): FileKnowledge {
    const problems = new Problems(file);
    const json = parseJson(fileText, problems);
    if (json === undefined) return nothingFrom(file, problems);
    const format = field(json, '_format');
    const abi = readAbi(field(json, 'abi'));
    if (typeof format !== 'string' || !hardhatFormat.test(format) || !abi) {
        problems.add('not a Hardhat artifact (no `_format` hh…-artifact-N, or no `abi` array)');
        return nothingFrom(file, problems);
    }
    abiProblems(abi, 'abi').forEach((p) => problems.add(p));
    const declared = field(json, 'contractName');
    const contractName =
        typeof declared === 'string' && identifier.test(declared)
            ? declared
            : contractNameFromPath(file);
    if (contractName === undefined) {
        problems.add('no valid `contractName`');
        return nothingFrom(file, problems);
    }
    const sourceName = text(field(json, 'sourceName'), maxSourceNameLength);
    // Hardhat 2's format has no immutable references; Hardhat 3's may have them.
    const immutablesKnown = format !== 'hh-sol-artifact-1';
    const runtime = runtimeOf(
        field(json, 'deployedBytecode'),
        field(json, 'immutableReferences'),
        immutablesKnown,
        problems,
    );
    return artifactKnowledge(
        file,
        {
            contractName,
            ...(sourceName !== undefined ? { sourceName } : {}),
            abi: abi.entries,
            ...runtime,
            ...creationOf(field(json, 'bytecode')),
            ...(immutablesKnown ? {} : { immutablesUnknown: true as const }),
            origin: { tool, file },
        },
        problems,
    );
}
