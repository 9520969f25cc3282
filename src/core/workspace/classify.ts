/**
 * Which tool wrote a workspace file, from its path alone, so that a file watcher can route an
 * event without reading anything; and the globs the platform hands to `findFiles`. Paths are
 * workspace-relative with forward slashes. A project may sit in a subfolder (a monorepo), so every
 * pattern matches at any depth; folders of dependencies and caches never do.
 */
import { parseFoundryArtifact, parseHardhatArtifact } from './artifacts';
import { parseAvalancheCliSidecar, parseSubnetEvmGenesis } from './avalancheCli';
import {
    parseFoundryBroadcast,
    parseHardhatDeploy,
    parseHardhatDeployChainId,
    parseIgnitionAddresses,
    parseIgnitionJournal,
} from './deployments';
import { parseInterchainKitArtifacts } from './interchainKit';
import type { FileKnowledge } from './types';

/** The kinds of file the workspace parsers read. */
export type WorkspaceFileKind =
    | 'foundry-artifact'
    | 'hardhat-artifact'
    | 'ignition-artifact'
    | 'foundry-broadcast'
    | 'ignition-addresses'
    | 'ignition-journal'
    | 'hardhat-deploy'
    | 'hardhat-deploy-chain-id'
    | 'avalanche-cli-sidecar'
    | 'subnet-evm-genesis'
    | 'interchain-kit-network';

/**
 * Include globs for `workspace.findFiles`, one per shape (VS Code's glob syntax, no nested
 * braces). `*.sol` as a folder is how both compilers name an artifact's folder after its source.
 */
export const workspaceFileGlobs: readonly string[] = [
    // Foundry: out/<File>.sol/<Contract>.json
    '**/out/**/*.sol/*.json',
    '**/out/**/*.vy/*.json',
    '**/out/**/*.yul/*.json',
    // Hardhat: artifacts/<sourceName>/<Contract>.json
    '**/artifacts/**/*.sol/*.json',
    '**/artifacts/**/*.vy/*.json',
    // Foundry broadcasts: broadcast/<Script>.s.sol/<chainId>/{run-latest,run-<time>}.json and
    // broadcast/multi/<Script>.s.sol-latest/run.json
    '**/broadcast/*/*/*.json',
    // Hardhat Ignition
    '**/ignition/deployments/*/deployed_addresses.json',
    '**/ignition/deployments/*/journal.jsonl',
    '**/ignition/deployments/*/artifacts/*.json',
    // hardhat-deploy
    '**/deployments/*/*.json',
    '**/deployments/*/.chainId',
    // avalanche-cli (subnets/<name>/sidecar.json, or <name>_sidecar.json before its migration)
    '**/*sidecar.json',
    '**/*genesis.json',
    // Interchain Kit: <project>/.interchain-kit/artifacts/network.json
    '**/.interchain-kit/artifacts/network.json',
];

/** The include globs as one pattern. */
export const workspaceFilesGlob = `{${workspaceFileGlobs.join(',')}}`;

/**
 * The exclude glob for `findFiles`: dependencies (`node_modules`, Foundry's `lib`), caches
 * (Foundry's `cache/` also keeps a copy of each broadcast with the RPC URLs in it), build infos
 * (a whole compiler run: megabytes, and no artifact of their own), Hardhat's `*.dbg.json`, and
 * the folders of Interchain Kit's work directory other than its artifacts (its nodes' databases,
 * snapshots, binaries and logs).
 */
export const workspaceExcludeGlob =
    '{**/node_modules/**,**/lib/**,**/cache/**,**/build-info/**,**/.git/**,**/*.dbg.json,' +
    '**/.interchain-kit/data/**,**/.interchain-kit/snapshots/**,**/.interchain-kit/bin/**,' +
    '**/.interchain-kit/logs/**}';

/** Folder names under which no file is read, wherever they are. */
const excludedSegments = new Set(['node_modules', 'lib', 'cache', 'build-info', '.git', 'dry-run']);

/** Interchain Kit's work directory (`normalizeConfig` in its `src/internal/config.ts`). */
const interchainKitDir = '.interchain-kit';

/**
 * True for a folder under Interchain Kit's work directory that holds nothing the index reads:
 * every one but `artifacts` (its nodes' data is thousands of files). For walks that see one
 * folder name at a time; `parentRel` is the workspace-relative path of the folder's parent.
 */
export function isSkippedInterchainKitFolder(parentRel: string, name: string): boolean {
    const parent = parentRel.slice(parentRel.lastIndexOf('/') + 1);
    return parent === interchainKitDir && name !== 'artifacts';
}

/**
 * A size the platform may pass as the most it reads of each kind, in bytes. Artifacts carry the
 * AST; a broadcast or journal grows with every run; the others are small.
 */
export const workspaceFileByteLimits: Readonly<Record<WorkspaceFileKind, number>> = {
    'foundry-artifact': 32 * 1024 * 1024,
    'hardhat-artifact': 16 * 1024 * 1024,
    'ignition-artifact': 16 * 1024 * 1024,
    'foundry-broadcast': 32 * 1024 * 1024,
    'ignition-addresses': 4 * 1024 * 1024,
    'ignition-journal': 32 * 1024 * 1024,
    'hardhat-deploy': 16 * 1024 * 1024,
    'hardhat-deploy-chain-id': 64,
    'avalanche-cli-sidecar': 1024 * 1024,
    'subnet-evm-genesis': 16 * 1024 * 1024,
    // A few kilobytes per chain.
    'interchain-kit-network': 1024 * 1024,
};

const sourceFolder = /\.(?:sol|vy|yul)$/;

/**
 * The kind of a workspace-relative path (forward slashes; a leading `./` or `/` is ignored), or
 * undefined for a file no parser reads.
 */
export function classify(path: string): WorkspaceFileKind | undefined {
    if (typeof path !== 'string' || path.length === 0 || path.length > 4096) return undefined;
    const segments = path.replace(/^\.?\/+/, '').split('/');
    if (segments.some((s) => excludedSegments.has(s) || s === '' || s === '..')) return undefined;
    const file = segments[segments.length - 1]!;
    const n = segments.length;
    const at = (name: string): number => segments.lastIndexOf(name);

    if (file.endsWith('.dbg.json')) return undefined;

    // Interchain Kit's work directory holds one file for the index; the rest (its nodes' data,
    // the relayer's config with its private key) is not read, whatever it is named.
    const kit = segments.lastIndexOf(interchainKitDir);
    if (kit >= 0) {
        return n - kit === 3 && segments[kit + 1] === 'artifacts' && file === 'network.json'
            ? 'interchain-kit-network'
            : undefined;
    }

    // Ignition before hardhat-deploy and Hardhat: its folders are `deployments/` and `artifacts/`.
    const ignition = segments.findIndex(
        (s, i) => s === 'ignition' && segments[i + 1] === 'deployments',
    );
    if (ignition >= 0) {
        const rest = segments.slice(ignition + 2);
        if (rest.length === 2 && rest[1] === 'deployed_addresses.json') return 'ignition-addresses';
        if (rest.length === 2 && rest[1] === 'journal.jsonl') return 'ignition-journal';
        if (rest.length === 3 && rest[1] === 'artifacts' && file.endsWith('.json')) {
            return 'ignition-artifact';
        }
        return undefined;
    }

    if (file.endsWith('sidecar.json')) return 'avalanche-cli-sidecar';
    if (file === 'genesis.json' || file.endsWith('_genesis.json')) return 'subnet-evm-genesis';

    const broadcast = at('broadcast');
    if (broadcast >= 0 && n - broadcast === 4 && file.endsWith('.json')) {
        const [folder, chainOrRun] = [segments[broadcast + 1]!, segments[broadcast + 2]!];
        if (folder === 'multi')
            return /-(?:latest|[0-9]+)$/.test(chainOrRun) ? 'foundry-broadcast' : undefined;
        if (/^[0-9]{1,20}$/.test(chainOrRun) && /^(?:.+-latest|run-[0-9]+)\.json$/.test(file)) {
            return 'foundry-broadcast';
        }
        return undefined;
    }

    const deployments = at('deployments');
    if (deployments >= 0 && n - deployments === 3) {
        if (file === '.chainId') return 'hardhat-deploy-chain-id';
        if (file.endsWith('.json') && !file.startsWith('.')) return 'hardhat-deploy';
        return undefined;
    }

    if (!file.endsWith('.json') || n < 3 || !sourceFolder.test(segments[n - 2]!)) return undefined;
    const out = segments.indexOf('out');
    const artifacts = segments.indexOf('artifacts');
    if (artifacts >= 0 && (out < 0 || artifacts < out)) return 'hardhat-artifact';
    if (out >= 0) return 'foundry-artifact';
    return undefined;
}

function hardhatShaped(text: string): boolean {
    return typeof text === 'string' && /^\s*\{\s*"_format"\s*:/.test(text.slice(0, 256));
}

/**
 * Parses a file by the kind of its path; undefined when `classify` says no parser reads it. Never
 * throws: a file that is not what its path says gives no records and a problem.
 */
export function parseWorkspaceFile(path: string, text: string): FileKnowledge | undefined {
    const kind = classify(path);
    if (kind === undefined) return undefined;
    const file = path.replace(/^\.?\/+/, '');
    switch (kind) {
        case 'foundry-artifact':
        case 'hardhat-artifact':
            // Either tool's output folder can be renamed (`out = "artifacts"` in foundry.toml,
            // `paths.artifacts` in Hardhat's config), so the file's first key decides: Hardhat
            // writes `_format` first, Foundry `abi`.
            return hardhatShaped(text)
                ? parseHardhatArtifact(file, text, 'hardhat')
                : parseFoundryArtifact(file, text);
        case 'ignition-artifact':
            return parseHardhatArtifact(file, text, 'hardhat-ignition');
        case 'foundry-broadcast':
            return parseFoundryBroadcast(file, text);
        case 'ignition-addresses':
            return parseIgnitionAddresses(file, text);
        case 'ignition-journal':
            return parseIgnitionJournal(file, text);
        case 'hardhat-deploy':
            return parseHardhatDeploy(file, text);
        case 'hardhat-deploy-chain-id':
            return parseHardhatDeployChainId(file, text);
        case 'avalanche-cli-sidecar':
            return parseAvalancheCliSidecar(file, text);
        case 'subnet-evm-genesis':
            return parseSubnetEvmGenesis(file, text);
        case 'interchain-kit-network':
            return parseInterchainKitArtifacts(file, text);
    }
}
