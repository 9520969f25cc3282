/**
 * The files Interchain Kit (https://github.com/ava-labs/interchain-kit, `packages/tmpnetjs`)
 * leaves in a project while its local network runs, parsed from their text. Its work directory is
 * `<project>/.interchain-kit` (`normalizeConfig` in `src/internal/config.ts`), or the one
 * `$INTERCHAIN_KIT_WORK_DIR` names (`findWorkDir` in `src/sdk/load.ts`); in it:
 *
 * - `artifacts/network.json`: `NetworkArtifactDoc` (`src/types.ts`, written by
 *   `src/orchestrator/artifacts.ts`): `funded { address, privateKey }`, `relayer { address }`,
 *   `cChain { name, evmChainId, blockchainId, rpcUrl, wsUrl?, teleporter, teleporterRegistry }`
 *   and `l1s[]`, each the same plus `subnetId` and `validatorManager`;
 * - `pids.json`: `{ hash?, processes: [{ name, pid, pgid, kind, … }] }` with `kind` one of
 *   `primary`, `l1`, `relayer`, `sigagg` (`src/internal/process.ts`); `down` deletes it and
 *   keeps the artifacts, so it says whether the network runs;
 * - `relayer.config.json` (`api-port`, default 8080; `metrics-port`, default 9090:
 *   `src/icm/relayer.ts`) and `signature-aggregator.config.json` (`api-port`: `src/icm/sigagg.ts`).
 *
 * `network.json` holds the funded account's private key and `relayer.config.json` the relayer's
 * (`account-private-key`). Neither is ever kept: every file here is parsed with a reviver that
 * drops any property named like a private key (and `network.json`'s `funded` whole) before the
 * parse returns, and only the named fields are read from what is left, so no structure, log line
 * or description made from these files can hold a key. Like the other discovery files, they are
 * untrusted: bounded, read as own properties, URLs checked and flagged `offLoopback`.
 */
import { parseUrl } from '../httpUrl';
import {
    boundedText,
    checkLocalUrl,
    maxLocalUrlLength,
    type LocalL1,
    type LocalNetwork,
    type LocalNode,
    type LocalRelayer,
} from './localNetwork';
import {
    cb58IdField,
    evmAddressField,
    field,
    isObject,
    maxLocalFileBytes,
    positiveInteger,
    type JsonObject,
} from './parseLocalFiles';

/** The kit's work directory in a project (`normalizeConfig` in `src/internal/config.ts`). */
export const interchainKitDirName = '.interchain-kit';
/** The environment variable the kit's scripts read the work directory from (`src/sdk/load.ts`). */
export const interchainKitWorkDirVariable = 'INTERCHAIN_KIT_WORK_DIR';

/** Most L1s read from one `network.json`. */
const maxL1s = 64;
/** Most process records read from one `pids.json`. */
const maxProcesses = 256;

/** Property names whose values are private keys: `privateKey`, `account-private-key`. */
const privateKeyName = /private[-_]?key/i;
/**
 * A run of 64 hex digits: the shape of a private key. No name or URL of the kit has one (ids are
 * cb58), so text holding one is not kept, whatever property it came from.
 */
const keyShaped = /[0-9a-fA-F]{64}/;

/**
 * Parses `text` as a JSON object without the properties that hold secrets: the reviver runs on
 * every property before `JSON.parse` returns, and a property it answers `undefined` for is
 * deleted, so the object handed back never held them.
 */
function parseWithoutSecrets(
    text: string,
    dropped: ReadonlySet<string> = new Set(),
): JsonObject | undefined {
    if (typeof text !== 'string' || text.length > maxLocalFileBytes) return undefined;
    try {
        const value: unknown = JSON.parse(text, (key: string, item: unknown) =>
            privateKeyName.test(key) || dropped.has(key) ? undefined : item,
        );
        return isObject(value) ? value : undefined;
    } catch {
        return undefined;
    }
}

/** What `network.json` says, without its private key. */
export interface InterchainKitNetworkFile {
    /** The C-Chain, with its ICM contracts. */
    readonly cChain?: LocalL1;
    readonly l1s: readonly LocalL1[];
    /** The EOA icm-relayer delivers with on every chain. */
    readonly relayerAddress?: string;
}

/** True for a string holding a private key's shape: tested before it is cut to any bound. */
function holdsKey(value: unknown): boolean {
    return typeof value === 'string' && keyShaped.test(value);
}

function chainName(value: unknown, fallback: string): string {
    return (holdsKey(value) ? undefined : boundedText(value, 64)) ?? fallback;
}

function chainUrl(value: unknown): { url: string; offLoopback: boolean } | undefined {
    return holdsKey(value) ? undefined : checkLocalUrl(value, false);
}

/** One `ChainHandle` or `L1Handle` of `network.json`, or undefined when it names no chain. */
function parseChain(value: unknown, sourceFile: string, fallbackName: string): LocalL1 | undefined {
    if (!isObject(value)) return undefined;
    const rpc = chainUrl(field(value, 'rpcUrl'));
    const blockchainId = cb58IdField(value, 'blockchainId');
    if (rpc === undefined && blockchainId === undefined) return undefined;
    const subnetId = cb58IdField(value, 'subnetId');
    const evmChainId = positiveInteger(field(value, 'evmChainId'));
    const icmMessenger = evmAddressField(value, 'teleporter');
    const icmRegistry = evmAddressField(value, 'teleporterRegistry');
    const validatorManager = evmAddressField(value, 'validatorManager');
    return {
        name: chainName(field(value, 'name'), fallbackName),
        rpcUrls: rpc ? [rpc.url] : [],
        sourceFile,
        ...(subnetId !== undefined ? { subnetId } : {}),
        ...(blockchainId !== undefined ? { blockchainId } : {}),
        ...(evmChainId !== undefined ? { evmChainId } : {}),
        ...(icmMessenger !== undefined ? { icmMessenger } : {}),
        ...(icmRegistry !== undefined ? { icmRegistry } : {}),
        ...(validatorManager !== undefined ? { validatorManager } : {}),
        ...(rpc?.offLoopback ? { offLoopback: true as const } : {}),
    };
}

/**
 * `<workDir>/artifacts/network.json` (`NetworkArtifactDoc`): the C-Chain, the L1s and the
 * relayer's address. `funded` is dropped while parsing, its private key with it; undefined when
 * the text is not such a file (no chain at all).
 */
export function parseInterchainKitNetwork(
    text: string,
    sourceFile: string,
): InterchainKitNetworkFile | undefined {
    const json = parseWithoutSecrets(text, new Set(['funded']));
    if (!json) return undefined;
    const cChain = parseChain(field(json, 'cChain'), sourceFile, 'C-Chain');
    const listed = field(json, 'l1s');
    const l1s: LocalL1[] = [];
    if (Array.isArray(listed)) {
        listed.slice(0, maxL1s).forEach((item, index) => {
            const l1 = parseChain(item, sourceFile, `L1 ${index + 1}`);
            if (l1) l1s.push(l1);
        });
    }
    if (cChain === undefined && l1s.length === 0) return undefined;
    const relayerAddress = evmAddressField(field(json, 'relayer'), 'address');
    return {
        l1s,
        ...(cChain !== undefined ? { cChain } : {}),
        ...(relayerAddress !== undefined ? { relayerAddress } : {}),
    };
}

/** Where a service the kit started listens, from its generated config. */
export interface InterchainKitServicePorts {
    readonly apiPort?: number;
    readonly metricsPort?: number;
}

function port(value: unknown): number | undefined {
    const n = positiveInteger(value);
    return n !== undefined && n < 65536 ? n : undefined;
}

/**
 * `<workDir>/relayer.config.json` or `signature-aggregator.config.json`: `api-port` and
 * `metrics-port` only. The relayer's `destination-blockchains` (each with the relayer's
 * `account-private-key`) and the chain lists are dropped while parsing.
 */
export function parseInterchainKitServiceConfig(
    text: string,
): InterchainKitServicePorts | undefined {
    const json = parseWithoutSecrets(
        text,
        new Set(['destination-blockchains', 'source-blockchains', 'manually-tracked-peers']),
    );
    if (!json) return undefined;
    const apiPort = port(field(json, 'api-port'));
    const metricsPort = port(field(json, 'metrics-port'));
    return {
        ...(apiPort !== undefined ? { apiPort } : {}),
        ...(metricsPort !== undefined ? { metricsPort } : {}),
    };
}

/** A process the kit started, from `pids.json`. */
export interface InterchainKitProcess {
    readonly pid: number;
    readonly kind: 'primary' | 'l1' | 'relayer' | 'sigagg';
}

const processKinds: ReadonlySet<string> = new Set(['primary', 'l1', 'relayer', 'sigagg']);

function pidOf(value: unknown): number | undefined {
    // As for process.json: 0 and negatives would name process groups in kill(2).
    return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31
        ? value
        : undefined;
}

/**
 * `<workDir>/pids.json` (`PidFileContents` in `src/internal/process.ts`): each record's pid and
 * kind. A record without a kind is `primary`, and the legacy `{ pids: [...] }` shape is a list of
 * them, as the kit's own readers take them (`readPidFile`, and `readPidFileTolerant` in
 * `src/cli.ts`). Undefined when the text is not such a file.
 */
export function parseInterchainKitPids(text: string): InterchainKitProcess[] | undefined {
    const json = parseWithoutSecrets(text);
    if (!json) return undefined;
    const records = field(json, 'processes');
    const legacy = field(json, 'pids');
    const found: InterchainKitProcess[] = [];
    if (Array.isArray(records)) {
        for (const record of records.slice(0, maxProcesses)) {
            const pid = pidOf(field(record, 'pid'));
            const kind = field(record, 'kind') ?? 'primary';
            if (pid === undefined || typeof kind !== 'string' || !processKinds.has(kind)) continue;
            found.push({ pid, kind: kind as InterchainKitProcess['kind'] });
        }
        return found;
    }
    if (Array.isArray(legacy)) {
        for (const item of legacy.slice(0, maxProcesses)) {
            const pid = pidOf(item);
            if (pid !== undefined) found.push({ pid, kind: 'primary' });
        }
        return found;
    }
    return undefined;
}

/**
 * A node's base URL from one of its chains' RPC URLs: the part before `/ext/` (the kit writes
 * `<apiURI>/ext/bc/<id>/rpc`, `src/network/spawn.ts` and `src/l1/create.ts`), without query.
 */
export function nodeBaseUrl(rpcUrl: string): string | undefined {
    // Any scheme, as before: every caller passes a URL `checkLocalUrl` already held to http(s).
    const url = parseUrl(rpcUrl, 'any');
    if (url === undefined) return undefined;
    const at = url.pathname.indexOf('/ext/');
    if (at < 0) return undefined;
    const base = `${url.origin}${url.pathname.slice(0, at)}`;
    return base.length <= maxLocalUrlLength ? base : undefined;
}

/** What the reader found in one work directory of the kit. */
export interface InterchainKitDirContents {
    /** The work directory, with symlinks resolved. */
    readonly workDir: string;
    /** Its `artifacts/network.json`. */
    readonly networkFile: string;
    readonly network: InterchainKitNetworkFile;
    /** `pids.json`; undefined when absent (the network is down). */
    readonly processes: readonly InterchainKitProcess[] | undefined;
    readonly relayer?: InterchainKitServicePorts | undefined;
    readonly signatureAggregator?: InterchainKitServicePorts | undefined;
}

/** True when one of the kit's AvalancheGo processes (a primary or an L1 node) is alive. */
function interchainKitRuns(
    contents: InterchainKitDirContents,
    alive: (pid: number) => boolean,
): boolean {
    return (contents.processes ?? []).some(
        (p) => (p.kind === 'primary' || p.kind === 'l1') && alive(p.pid),
    );
}

function loopbackUrl(port: number | undefined): string | undefined {
    return port === undefined ? undefined : `http://127.0.0.1:${port}`;
}

/**
 * The network of one work directory, or undefined while none of its nodes runs (`pids.json`
 * gone or naming dead processes only). The nodes are the bases of the chains' RPC URLs, the
 * C-Chain's first (its node serves every primary chain); the relayer's and the signature
 * aggregator's URLs are given only while their processes run.
 */
export function buildInterchainKitNetwork(
    contents: InterchainKitDirContents,
    alive: (pid: number) => boolean,
): LocalNetwork | undefined {
    if (!interchainKitRuns(contents, alive)) return undefined;
    const { network } = contents;
    const nodes: LocalNode[] = [];
    for (const chain of [...(network.cChain ? [network.cChain] : []), ...network.l1s]) {
        for (const rpcUrl of chain.rpcUrls) {
            const uri = nodeBaseUrl(rpcUrl);
            if (uri === undefined || nodes.some((n) => n.uri === uri)) continue;
            const off = checkLocalUrl(uri, false)?.offLoopback !== false;
            nodes.push({
                uri,
                source: 'interchain-kit',
                sourceFile: contents.networkFile,
                ...(off ? { offLoopback: true as const } : {}),
            });
        }
    }
    const runs = (kind: InterchainKitProcess['kind']): boolean =>
        (contents.processes ?? []).some((p) => p.kind === kind && alive(p.pid));
    const apiUrl = runs('relayer') ? loopbackUrl(contents.relayer?.apiPort) : undefined;
    const metricsUrl = runs('relayer') ? loopbackUrl(contents.relayer?.metricsPort) : undefined;
    const relayer: LocalRelayer = {
        ...(network.relayerAddress !== undefined ? { address: network.relayerAddress } : {}),
        ...(apiUrl !== undefined ? { apiUrl } : {}),
        ...(metricsUrl !== undefined ? { metricsUrl } : {}),
    };
    const aggregator = runs('sigagg')
        ? loopbackUrl(contents.signatureAggregator?.apiPort)
        : undefined;
    const parts = contents.workDir.split(/[\\/]/).filter(Boolean);
    const project = parts.length > 1 ? parts[parts.length - 2]! : contents.workDir;
    return {
        key: `interchain-kit:${contents.workDir}`,
        name: `Interchain Kit (${boundedText(project, 64) ?? 'project'})`,
        dir: contents.workDir,
        nodes,
        l1s: network.l1s,
        source: 'interchain-kit',
        ...(network.cChain !== undefined ? { cChain: network.cChain } : {}),
        ...(Object.keys(relayer).length > 0 ? { relayer } : {}),
        ...(aggregator !== undefined ? { signatureAggregatorUrl: aggregator } : {}),
    };
}
