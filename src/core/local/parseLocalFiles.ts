/**
 * The files avalanche-cli and AvalancheGo's tmpnet write about local networks, parsed from their
 * text. None of these functions throws: a file half-written, truncated, huge or hand-edited gives
 * `undefined` or leaves a field out. Fields are read as own properties only, and nothing read is
 * merged into another object, so a `__proto__` key is just an unknown key.
 *
 * Formats, as of the sources named at each parser:
 * - avalanche-cli: `~/.avalanche-cli/localNetworks.json`, `subnets/<name>/sidecar.json` and
 *   `subnets/<name>/genesis.json` (https://github.com/ava-labs/avalanche-cli, `pkg/constants/constants.go`,
 *   `pkg/localnet/localnetMeta.go`, `pkg/models/sidecar.go`).
 * - tmpnet: a network directory with `config.json`, one directory per node with `process.json`,
 *   and `subnets/<name>.json`
 *   (https://github.com/ava-labs/avalanchego/tree/v1.14.2/tests/fixture/tmpnet).
 */
import {
    boundedText,
    chainRpcUrl,
    checkLocalUrl,
    maxLocalUrlLength,
    type LocalL1,
    type LocalNetwork,
    type LocalNetworkSource,
    type LocalNode,
} from './localNetwork';
import { isCb58Id, isNodeId } from '../ids/cb58';

/** Largest file read: every real one is a few kilobytes (a genesis with allocations, tens). */
export const maxLocalFileBytes = 1_000_000;
/** Most RPC URLs kept per L1. */
const maxRpcUrls = 16;
/** Most chains read from one tmpnet subnet file. */
const maxChainsPerSubnet = 16;
/** Most nodes whose URLs become an L1's RPC URLs. */
const maxNodeRpcUrls = 8;

/** AvalancheGo's empty id (`ids.Empty`), which Go writes for an id not set yet. */
const emptyId = '11111111111111111111111111111111LpoYY';

/** avalanche-cli's key of the local network in a sidecar's `Networks` (`models.Local.String()`). */
const avalancheCliLocalNetworkName = 'Local Network';

/** A parsed JSON object, read through `field` only. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses text as a JSON object, or `undefined` (too long, not JSON, not an object). */
function parseJsonObject(text: string, maxLength = maxLocalFileBytes): JsonObject | undefined {
    if (typeof text !== 'string' || text.length > maxLength) return undefined;
    try {
        const value: unknown = JSON.parse(text);
        return isObject(value) ? value : undefined;
    } catch {
        return undefined;
    }
}

/** An own property of a JSON object, or undefined: never one inherited from a prototype. */
export function field(object: unknown, key: string): unknown {
    return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** A cb58 id (32 bytes, checksummed) under `key`, not AvalancheGo's empty id. */
export function cb58IdField(object: unknown, key: string): string | undefined {
    const value = field(object, key);
    return typeof value === 'string' && value !== emptyId && isCb58Id(value) ? value : undefined;
}

const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/;
const zeroAddress = /^0x0{40}$/;

/** A `0x` + 40 hex EVM address under `key`, not the zero address, as the file spells it. */
export function evmAddressField(object: unknown, key: string): string | undefined {
    const value = field(object, key);
    return typeof value === 'string' && evmAddressPattern.test(value) && !zeroAddress.test(value)
        ? value
        : undefined;
}

/** A positive safe integer from a JSON number or a decimal string. */
export function positiveInteger(value: unknown): number | undefined {
    const number =
        typeof value === 'number'
            ? value
            : typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)
              ? Number(value)
              : Number.NaN;
    return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** What AvalancheGo writes to `process.json` while it runs (`config/node/process_context.go`). */
export interface ProcessContext {
    readonly pid?: number;
    readonly uri: string;
    readonly offLoopback: boolean;
    readonly stakingAddress?: string;
}

/**
 * `<node dir>/process.json`: `{"pid":…,"uri":"http://127.0.0.1:9650","stakingAddress":"127.0.0.1:9651"}`
 * (https://github.com/ava-labs/avalanchego/blob/v1.14.2/config/node/process_context.go). Without a
 * usable http(s) `uri` there is nothing to talk to, so the file gives `undefined`.
 */
export function parseProcessContext(text: string): ProcessContext | undefined {
    const json = parseJsonObject(text);
    const uri = checkLocalUrl(field(json, 'uri'), true);
    if (!json || !uri) return undefined;
    const pid = field(json, 'pid');
    const staking = boundedText(field(json, 'stakingAddress'), 64);
    return {
        uri: uri.url,
        offLoopback: uri.offLoopback,
        // Linux pids stay below 2^22; 0 and negatives would name process groups in kill(2).
        ...(typeof pid === 'number' && Number.isInteger(pid) && pid > 0 && pid < 2 ** 31
            ? { pid }
            : {}),
        ...(staking !== undefined && /^[\w.:[\]-]+$/.test(staking)
            ? { stakingAddress: staking }
            : {}),
    };
}

/**
 * `~/.avalanche-cli/localNetworks.json`: `{"networkDir":"<tmpnet network dir>"}`, written while
 * `avalanche network start` runs
 * (https://github.com/ava-labs/avalanche-cli/blob/main/pkg/localnet/localnetMeta.go). Only an
 * absolute path is taken.
 */
export function parseAvalancheCliMeta(text: string): { networkDir: string } | undefined {
    const dir = field(parseJsonObject(text), 'networkDir');
    if (typeof dir !== 'string' || dir.length === 0 || dir.length > 4096) return undefined;
    if (/[\u0000-\u001f]/.test(dir)) return undefined;
    const absolute = dir.startsWith('/') || /^[A-Za-z]:[\\/]/.test(dir) || dir.startsWith('\\\\');
    return absolute ? { networkDir: dir } : undefined;
}

/** What a tmpnet network's `config.json` tells about it. */
export interface TmpnetNetworkConfig {
    readonly networkId?: number;
    readonly uuid?: string;
    readonly owner?: string;
}

/**
 * `<network dir>/config.json` (`serializedNetworkConfig` in
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/tests/fixture/tmpnet/network_config.go):
 * `networkID`, `uuid`, `owner`, each left out when empty.
 */
export function parseTmpnetNetworkConfig(text: string): TmpnetNetworkConfig | undefined {
    const json = parseJsonObject(text);
    if (!json) return undefined;
    const networkId = positiveInteger(field(json, 'networkID'));
    const uuid = boundedText(field(json, 'uuid'), 64);
    const owner = boundedText(field(json, 'owner'), 64);
    return {
        ...(networkId !== undefined && networkId < 2 ** 32 ? { networkId } : {}),
        ...(uuid !== undefined ? { uuid } : {}),
        ...(owner !== undefined ? { owner } : {}),
    };
}

/** The EVM chain id in a Subnet-EVM genesis (`config.chainId`), as avalanche-cli writes it. */
function parseEvmGenesisChainId(text: string): number | undefined {
    return positiveInteger(field(field(parseJsonObject(text), 'config'), 'chainId'));
}

function withOffLoopback(l1: Omit<LocalL1, 'offLoopback'>): LocalL1 {
    const off = l1.rpcUrls.some((url) => checkLocalUrl(url, false)?.offLoopback !== false);
    return off ? { ...l1, offLoopback: true } : l1;
}

function rpcUrlList(value: unknown): string[] {
    if (!Array.isArray(value)) return [];
    const urls: string[] = [];
    for (const item of value.slice(0, maxRpcUrls)) {
        const checked = checkLocalUrl(item, false);
        if (checked && !urls.includes(checked.url)) urls.push(checked.url);
    }
    return urls;
}

/**
 * `~/.avalanche-cli/subnets/<name>/sidecar.json` (`Sidecar` and `NetworkData` in
 * https://github.com/ava-labs/avalanche-cli/blob/main/pkg/models/sidecar.go, Go field names as
 * keys): the L1 as deployed on `network` (default avalanche-cli's local network). `genesisText`
 * is the `genesis.json` beside it, for the EVM chain id when the sidecar has none (`ChainID` is
 * the EVM chain id as text: `cmd/blockchaincmd/import_public.go` sets it from the genesis).
 * `undefined` when the sidecar has no entry for that network.
 */
export function parseSidecar(
    text: string,
    sourceFile: string,
    genesisText?: string,
    network = avalancheCliLocalNetworkName,
): LocalL1 | undefined {
    const json = parseJsonObject(text);
    const networks = field(json, 'Networks');
    const data = field(networks, network);
    const name = boundedText(field(json, 'Name'));
    if (!json || !isObject(data) || name === undefined) return undefined;
    const subnetId = cb58IdField(data, 'SubnetID');
    const blockchainId = cb58IdField(data, 'BlockchainID');
    const evmChainId =
        positiveInteger(field(json, 'ChainID')) ??
        (genesisText === undefined ? undefined : parseEvmGenesisChainId(genesisText));
    const vm = boundedText(field(json, 'VM'), 40);
    const vmId = cb58IdField(json, 'ImportedVMID');
    const tokenSymbol = boundedText(field(json, 'TokenSymbol'), 16);
    const icmMessenger = evmAddressField(data, 'TeleporterMessengerAddress');
    const icmRegistry = evmAddressField(data, 'TeleporterRegistryAddress');
    const validatorManager = evmAddressField(data, 'ValidatorManagerAddress');
    const managerChain = cb58IdField(data, 'ValidatorManagerBlockchainID');
    const specialized = evmAddressField(data, 'SpecializedValidatorManagerAddress');
    const managerOwner = evmAddressField(json, 'ValidatorManagerOwner');
    const proxyOwner = evmAddressField(json, 'ProxyContractOwner');
    return withOffLoopback({
        name,
        rpcUrls: rpcUrlList(field(data, 'RPCEndpoints')),
        sourceFile,
        ...(subnetId !== undefined ? { subnetId } : {}),
        ...(blockchainId !== undefined ? { blockchainId } : {}),
        ...(evmChainId !== undefined ? { evmChainId } : {}),
        ...(vm !== undefined ? { vm } : {}),
        ...(vmId !== undefined ? { vmId } : {}),
        ...(tokenSymbol !== undefined ? { tokenSymbol } : {}),
        ...(icmMessenger !== undefined ? { icmMessenger } : {}),
        ...(icmRegistry !== undefined ? { icmRegistry } : {}),
        ...(validatorManager !== undefined ? { validatorManager } : {}),
        ...(managerChain !== undefined ? { validatorManagerBlockchainId: managerChain } : {}),
        ...(specialized !== undefined ? { specializedValidatorManager: specialized } : {}),
        ...(managerOwner !== undefined ? { validatorManagerOwner: managerOwner } : {}),
        ...(proxyOwner !== undefined ? { proxyContractOwner: proxyOwner } : {}),
    });
}

/** Most networks read from one sidecar: avalanche-cli knows four kinds, plus one per cluster. */
const maxSidecarNetworks = 16;

/**
 * The keys of a sidecar's `Networks` (`Local Network`, `Fuji`, `Mainnet`, `Devnet`,
 * `Cluster <name>`: `models.Network.Name()` in avalanche-cli), in file order, for
 * `parseSidecar` to read each; at most 16, each a bounded text.
 */
export function sidecarNetworkNames(text: string): string[] {
    const networks = field(parseJsonObject(text), 'Networks');
    if (!isObject(networks)) return [];
    return Object.keys(networks)
        .filter((name) => isObject(networks[name]) && boundedText(name) === name)
        .slice(0, maxSidecarNetworks);
}

/** Decodes a Go `[]byte` field (base64 in JSON) holding a JSON genesis, bounded. */
function genesisChainId(value: unknown): number | undefined {
    if (typeof value !== 'string' || value.length > (maxLocalFileBytes * 4) / 3 + 4) {
        return undefined;
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined;
    return parseEvmGenesisChainId(Buffer.from(value, 'base64').toString('utf8'));
}

/**
 * `<network dir>/subnets/<name>.json` (`Subnet` and `Chain` in
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/tests/fixture/tmpnet/subnet.go, Go field
 * names as keys, `Genesis` as base64): one L1 per chain. RPC URLs come later, from the nodes.
 */
export function parseTmpnetSubnet(text: string, sourceFile: string): LocalL1[] {
    const json = parseJsonObject(text);
    const name = boundedText(field(json, 'Name'));
    const chains = field(json, 'Chains');
    if (!json || name === undefined || !Array.isArray(chains)) return [];
    const subnetId = cb58IdField(json, 'SubnetID');
    const l1s: LocalL1[] = [];
    const usable = chains.slice(0, maxChainsPerSubnet).filter(isObject);
    usable.forEach((chain, index) => {
        const blockchainId = cb58IdField(chain, 'ChainID');
        const vmId = cb58IdField(chain, 'VMID');
        const evmChainId = genesisChainId(field(chain, 'Genesis'));
        l1s.push({
            name: usable.length > 1 ? `${name} (${index + 1})` : name,
            rpcUrls: [],
            sourceFile,
            ...(subnetId !== undefined ? { subnetId } : {}),
            ...(blockchainId !== undefined ? { blockchainId } : {}),
            ...(vmId !== undefined ? { vmId } : {}),
            ...(evmChainId !== undefined ? { evmChainId } : {}),
        });
    });
    return l1s;
}

/** A tmpnet node directory's name is its node id (`EnsureNodeConfig` in tmpnet's network.go). */
export function nodeIdFromDirName(name: string): string | undefined {
    return name.length <= 60 && isNodeId(name) ? name : undefined;
}

/** What the reader found in one tmpnet network directory. */
export interface TmpnetDirContents {
    /** The directory with symlinks resolved. */
    readonly dir: string;
    readonly config?: TmpnetNetworkConfig | undefined;
    /** Nodes whose process is alive. */
    readonly nodes: readonly LocalNode[];
    /** L1s of `subnets/*.json`. */
    readonly subnets: readonly LocalL1[];
}

function mergeL1(base: LocalL1, extra: LocalL1 | undefined, nodeUrls: readonly string[]): LocalL1 {
    const merged: LocalL1 = extra ? { ...base, ...extra } : base;
    const urls = [...nodeUrls, ...base.rpcUrls, ...(extra?.rpcUrls ?? [])];
    // Recomputed below from the merged URLs.
    const { offLoopback, ...rest } = merged;
    void offLoopback;
    return withOffLoopback({ ...rest, rpcUrls: [...new Set(urls)].slice(0, maxRpcUrls) });
}

/**
 * One network from a tmpnet directory and, for avalanche-cli's, the sidecars of its L1s: each
 * L1 gets the RPC URLs of the running loopback nodes first (a restarted network has new ports,
 * which the sidecar's stored endpoints miss), and a sidecar's name, token and contracts win over
 * the bare tmpnet subnet file of the same blockchain.
 */
export function buildLocalNetwork(
    source: LocalNetworkSource,
    contents: TmpnetDirContents,
    sidecars: readonly LocalL1[] = [],
): LocalNetwork {
    const loopbackNodes = contents.nodes.filter((node) => !node.offLoopback);
    const nodeUrlsOf = (l1: LocalL1): string[] =>
        l1.blockchainId === undefined
            ? []
            : loopbackNodes
                  .slice(0, maxNodeRpcUrls)
                  .map((node) => chainRpcUrl(node.uri, l1.blockchainId!))
                  .filter((url) => url.length <= maxLocalUrlLength);
    const l1s: LocalL1[] = [];
    const used = new Set<LocalL1>();
    for (const subnet of contents.subnets) {
        const sidecar = sidecars.find(
            (s) => s.blockchainId !== undefined && s.blockchainId === subnet.blockchainId,
        );
        if (sidecar) used.add(sidecar);
        l1s.push(mergeL1(subnet, sidecar, nodeUrlsOf(subnet)));
    }
    for (const sidecar of sidecars) {
        if (!used.has(sidecar)) l1s.push(mergeL1(sidecar, undefined, nodeUrlsOf(sidecar)));
    }
    const base = contents.dir.split(/[\\/]/).filter(Boolean).pop() ?? contents.dir;
    const owner = contents.config?.owner;
    const name =
        source === 'avalanche-cli'
            ? `avalanche-cli local network (${base})`
            : `tmpnet ${owner !== undefined ? `${owner} ` : ''}(${base})`;
    const networkId = contents.config?.networkId;
    return {
        key: `${source}:${contents.dir}`,
        name,
        dir: contents.dir,
        nodes: contents.nodes,
        l1s,
        source,
        ...(networkId !== undefined ? { networkId } : {}),
    };
}

/**
 * Drops a network whose running nodes all belong to one listed before it (the same pid and URI
 * is the same process): avalanche-cli's network is also a tmpnet directory that
 * `TMPNET_NETWORK_DIR` may name.
 */
export function dedupeLocalNetworks(networks: readonly LocalNetwork[]): LocalNetwork[] {
    const kept: LocalNetwork[] = [];
    const seen = new Set<string>();
    for (const network of networks) {
        if (kept.some((k) => k.key === network.key)) continue;
        const ids = network.nodes.map((n) => `${n.pid ?? ''}@${n.uri}`);
        if (ids.length > 0 && ids.every((id) => seen.has(id))) continue;
        ids.forEach((id) => seen.add(id));
        kept.push(network);
    }
    return kept;
}
