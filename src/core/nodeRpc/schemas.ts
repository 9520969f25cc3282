/**
 * Wire schemas, wire types, camelCase domain types and normalisers for every result in the node
 * method table, side by side. They mirror the same upstreams as `methods.ts`.
 *
 * Every schema is built on first use through `lazy()`: zod schema construction costs a few
 * milliseconds per schema and must not run when the extension activates.
 *
 * Tolerance is deliberate, because real nodes differ from the docs (test/fixtures/realnode holds
 * what a real AvalancheGo 1.14.2 answers):
 * AvalancheGo sends 64-bit numbers and percentages as quoted strings (`json.Uint64`, `Float64`)
 * while docs examples and other servers send plain numbers, so both are accepted; Go `nil` slices
 * arrive as `null`, so lists accept null and normalise to `[]`; unknown keys are ignored, except
 * where a view wants them all (info.upgrades, chain config), where they are kept.
 */
import * as z from 'zod';

import {
    bigUintWire,
    floatWire,
    hexToDecimal,
    hexToNumber,
    hexWire,
    lazy,
    listOf,
    listWire,
    smallHexWire,
    smallUintWire,
    sortedEntries,
    toDecimal,
    toNumber,
} from './wire';

// ---------------------------------------------------------------------------------------------
// Empty results (admin.alias, profilers, ...)

/** `{}` (json2 `api.EmptyReply`); `null` is accepted too. Unknown keys are ignored. */
export const EmptyWireSchema = lazy(() => z.union([z.object({}), z.null()]));
/** An empty result (admin.alias, aliasChain, the profilers), as the node sends it. */
export type EmptyWire = z.infer<ReturnType<typeof EmptyWireSchema>>;
/** A method that answers nothing but success. */
export type EmptyResult = Record<string, never>;
/** Turns an empty result (admin.alias, aliasChain, the profilers) into its camelCase domain form. */
export function normalizeEmpty(_wire: EmptyWire): EmptyResult {
    return {};
}

// ---------------------------------------------------------------------------------------------
// admin.*

/** Wire schema of the admin.getChainAliases result, built on first use. */
export const ChainAliasesWireSchema = lazy(() => z.object({ aliases: listWire(z.string()) }));
/** The admin.getChainAliases result, as the node sends it. */
export type ChainAliasesWire = z.infer<ReturnType<typeof ChainAliasesWireSchema>>;
/** Every alias of a chain, its id included. */
export interface ChainAliases {
    aliases: string[];
}
/** Turns the admin.getChainAliases result into its camelCase domain form. */
export function normalizeChainAliases(wire: ChainAliasesWire): ChainAliases {
    return { aliases: listOf(wire.aliases) };
}

function loggerLevelsRecordWire() {
    return z.record(z.string(), z.object({ logLevel: z.string(), displayLevel: z.string() }));
}

/** Wire schema of the admin.getLoggerLevel result, built on first use. */
export const LoggerLevelsWireSchema = lazy(() =>
    z.object({ loggerLevels: loggerLevelsRecordWire().nullish() }),
);
/** The admin.getLoggerLevel result, as the node sends it. */
export type LoggerLevelsWire = z.infer<ReturnType<typeof LoggerLevelsWireSchema>>;
/** One logger's levels; names are AvalancheGo's upper-case level names. */
export interface LoggerLevel {
    loggerName: string;
    logLevel: string;
    displayLevel: string;
}
/** The node's loggers and their levels, ordered by logger name. */
export interface LoggerLevels {
    loggerLevels: LoggerLevel[];
}
function loggerLevelList(
    record: Record<string, { logLevel: string; displayLevel: string }> | null | undefined,
): LoggerLevel[] {
    return sortedEntries(record).map(([loggerName, levels]) => ({
        loggerName,
        logLevel: levels.logLevel,
        displayLevel: levels.displayLevel,
    }));
}
/** Turns the admin.getLoggerLevel result into its camelCase domain form. */
export function normalizeLoggerLevels(wire: LoggerLevelsWire): LoggerLevels {
    return { loggerLevels: loggerLevelList(wire.loggerLevels) };
}

/** The docs show `{}`; the code (`LoggerLevelReply`) answers `{loggerLevels}`. Both are valid. */
export const SetLoggerLevelWireSchema = lazy(() =>
    z.union([z.object({ loggerLevels: loggerLevelsRecordWire().nullish() }), z.null()]),
);
/** The admin.setLoggerLevel result, as the node sends it. */
export type SetLoggerLevelWire = z.infer<ReturnType<typeof SetLoggerLevelWireSchema>>;
/** What admin.setLoggerLevel reports back. */
export interface SetLoggerLevelResult {
    /** The levels after the change, when the node reports them. */
    loggerLevels?: LoggerLevel[];
}
/** Turns the admin.setLoggerLevel result into its camelCase domain form. */
export function normalizeSetLoggerLevel(wire: SetLoggerLevelWire): SetLoggerLevelResult {
    return wire?.loggerLevels ? { loggerLevels: loggerLevelList(wire.loggerLevels) } : {};
}

/** Wire schema of the admin.loadVMs result, built on first use. */
export const LoadVmsWireSchema = lazy(() =>
    z.object({
        newVMs: z.record(z.string(), listWire(z.string())).nullish(),
        // omitempty upstream: present only when a VM failed to load
        failedVMs: z.record(z.string(), z.string()).nullish(),
    }),
);
/** The admin.loadVMs result, as the node sends it. */
export type LoadVmsWire = z.infer<ReturnType<typeof LoadVmsWireSchema>>;
/** VMs loaded by admin.loadVMs (with their aliases) and those that failed, with the reason. */
export interface LoadVmsResult {
    newVms: { vmId: string; aliases: string[] }[];
    failedVms: { vmId: string; error: string }[];
}
/** Turns the admin.loadVMs result into its camelCase domain form. */
export function normalizeLoadVms(wire: LoadVmsWire): LoadVmsResult {
    return {
        newVms: sortedEntries(wire.newVMs).map(([vmId, aliases]) => ({
            vmId,
            aliases: listOf(aliases),
        })),
        failedVms: sortedEntries(wire.failedVMs).map(([vmId, error]) => ({ vmId, error })),
    };
}

// ---------------------------------------------------------------------------------------------
// info.*

/** Wire schema of the info.acps result, built on first use. */
export const AcpsWireSchema = lazy(() =>
    z.object({
        acps: z
            .record(
                z.string().regex(/^\d{1,10}$/, 'expected an ACP number'),
                z.object({
                    supportWeight: bigUintWire().optional(),
                    supporters: listWire(z.string()),
                    objectWeight: bigUintWire().optional(),
                    objectors: listWire(z.string()),
                    abstainWeight: bigUintWire().optional(),
                }),
            )
            .nullish(),
    }),
);
/** The info.acps result, as the node sends it. */
export type AcpsWire = z.infer<ReturnType<typeof AcpsWireSchema>>;
/** Peer stake's preferences on one Avalanche Community Proposal; weights are decimal strings. */
export interface AcpPreference {
    acp: number;
    supportWeight: string;
    supporters: string[];
    objectWeight: string;
    objectors: string[];
    abstainWeight: string;
}
/** Preferences on every ACP the peers voted on, ordered by ACP number. */
export interface Acps {
    acps: AcpPreference[];
}
/** Turns the info.acps result into its camelCase domain form. */
export function normalizeAcps(wire: AcpsWire): Acps {
    const acps = Object.entries(wire.acps ?? {}).map(([number, acp]) => ({
        acp: Number(number),
        supportWeight: toDecimal(acp.supportWeight ?? 0),
        supporters: listOf(acp.supporters),
        objectWeight: toDecimal(acp.objectWeight ?? 0),
        objectors: listOf(acp.objectors),
        abstainWeight: toDecimal(acp.abstainWeight ?? 0),
    }));
    return { acps: acps.sort((a, b) => a.acp - b.acp) };
}

/** Wire schema of the info.isBootstrapped result, built on first use. */
export const IsBootstrappedWireSchema = lazy(() => z.object({ isBootstrapped: z.boolean() }));
/** The info.isBootstrapped result, as the node sends it. */
export type IsBootstrappedWire = z.infer<ReturnType<typeof IsBootstrappedWireSchema>>;
/** Whether the chain has finished bootstrapping on the node. */
export interface IsBootstrapped {
    isBootstrapped: boolean;
}
/** Turns the info.isBootstrapped result into its camelCase domain form. */
export function normalizeIsBootstrapped(wire: IsBootstrappedWire): IsBootstrapped {
    return { isBootstrapped: wire.isBootstrapped };
}

/** Wire schema of the info.getBlockchainID result, built on first use. */
export const BlockchainIdWireSchema = lazy(() => z.object({ blockchainID: z.string().min(1) }));
/** The info.getBlockchainID result, as the node sends it. */
export type BlockchainIdWire = z.infer<ReturnType<typeof BlockchainIdWireSchema>>;
/** The blockchain id an alias stands for. */
export interface BlockchainIdResult {
    blockchainId: string;
}
/** Turns the info.getBlockchainID result into its camelCase domain form. */
export function normalizeBlockchainId(wire: BlockchainIdWire): BlockchainIdResult {
    return { blockchainId: wire.blockchainID };
}

/** Wire schema of the info.getNetworkID result, built on first use. */
export const NetworkIdWireSchema = lazy(() => z.object({ networkID: smallUintWire() }));
/** The info.getNetworkID result, as the node sends it. */
export type NetworkIdWire = z.infer<ReturnType<typeof NetworkIdWireSchema>>;
/** 1 = mainnet, 5 = fuji, 12345 = local. */
export interface NetworkIdResult {
    networkId: number;
}
/** Turns the info.getNetworkID result into its camelCase domain form. */
export function normalizeNetworkId(wire: NetworkIdWire): NetworkIdResult {
    return { networkId: toNumber(wire.networkID) };
}

/** Wire schema of the info.getNetworkName result, built on first use. */
export const NetworkNameWireSchema = lazy(() => z.object({ networkName: z.string() }));
/** The info.getNetworkName result, as the node sends it. */
export type NetworkNameWire = z.infer<ReturnType<typeof NetworkNameWireSchema>>;
/** `mainnet`, `fuji`, `local` or `network-<id>`. */
export interface NetworkNameResult {
    networkName: string;
}
/** Turns the info.getNetworkName result into its camelCase domain form. */
export function normalizeNetworkName(wire: NetworkNameWire): NetworkNameResult {
    return { networkName: wire.networkName };
}

/** Wire schema of the info.getNodeID result, built on first use. */
export const NodeIdWireSchema = lazy(() =>
    z.object({
        nodeID: z.string().min(1),
        nodePOP: z.object({ publicKey: z.string(), proofOfPossession: z.string() }).nullish(),
    }),
);
/** The info.getNodeID result, as the node sends it. */
export type NodeIdWire = z.infer<ReturnType<typeof NodeIdWireSchema>>;
/** The node's id and BLS credentials. */
export interface NodeIdResult {
    nodeId: string;
    /** BLS key (48-byte hex) and proof of possession (96-byte hex), when the node has one. */
    nodePop?: { publicKey: string; proofOfPossession: string };
}
/** Turns the info.getNodeID result into its camelCase domain form. */
export function normalizeNodeId(wire: NodeIdWire): NodeIdResult {
    const result: NodeIdResult = { nodeId: wire.nodeID };
    if (wire.nodePOP) {
        result.nodePop = {
            publicKey: wire.nodePOP.publicKey,
            proofOfPossession: wire.nodePOP.proofOfPossession,
        };
    }
    return result;
}

/** Wire schema of the info.getNodeIP result, built on first use. */
export const NodeIpWireSchema = lazy(() => z.object({ ip: z.string() }));
/** The info.getNodeIP result, as the node sends it. */
export type NodeIpWire = z.infer<ReturnType<typeof NodeIpWireSchema>>;
/** The node's advertised staking address. */
export interface NodeIpResult {
    /** `host:port` of the node's staking (peer-to-peer) address. */
    ip: string;
}
/** Turns the info.getNodeIP result into its camelCase domain form. */
export function normalizeNodeIp(wire: NodeIpWire): NodeIpResult {
    return { ip: wire.ip };
}

/** Wire schema of the info.getNodeVersion result, built on first use. */
export const NodeVersionWireSchema = lazy(() =>
    z.object({
        version: z.string(),
        databaseVersion: z.string().nullish(),
        gitCommit: z.string().nullish(),
        rpcProtocolVersion: smallUintWire().nullish(),
        vmVersions: z.record(z.string(), z.string()).nullish(),
    }),
);
/** The info.getNodeVersion result, as the node sends it. */
export type NodeVersionWire = z.infer<ReturnType<typeof NodeVersionWireSchema>>;
/** Versions of the node, its database, its RPC chain VM protocol and each VM. */
export interface NodeVersion {
    /** For example `avalanche/1.14.2`. */
    version: string;
    databaseVersion?: string;
    gitCommit?: string;
    rpcProtocolVersion?: number;
    /** VM name to version, for example `evm` → `v0.15.0`. */
    vmVersions: Record<string, string>;
}
/** Turns the info.getNodeVersion result into its camelCase domain form. */
export function normalizeNodeVersion(wire: NodeVersionWire): NodeVersion {
    const result: NodeVersion = { version: wire.version, vmVersions: { ...wire.vmVersions } };
    if (wire.databaseVersion != null) result.databaseVersion = wire.databaseVersion;
    if (wire.gitCommit != null) result.gitCommit = wire.gitCommit;
    if (wire.rpcProtocolVersion != null) {
        result.rpcProtocolVersion = toNumber(wire.rpcProtocolVersion);
    }
    return result;
}

/** The fee names info.getTxFee has carried; all in nAVAX. */
export const txFeeNames = [
    'txFee',
    'createAssetTxFee',
    'createSubnetTxFee',
    'transformSubnetTxFee',
    'createBlockchainTxFee',
    'addPrimaryNetworkValidatorFee',
    'addPrimaryNetworkDelegatorFee',
    'addSubnetValidatorFee',
    'addSubnetDelegatorFee',
] as const;
/** One of the fee names in `txFeeNames`. */
export type TxFeeName = (typeof txFeeNames)[number];

// A record rather than an object: older and newer nodes send different sets of fee names, and
// the UI lists whichever arrive; the value check still applies to each of them.
/** Wire schema of the info.getTxFee result, built on first use. */
export const TxFeeWireSchema = lazy(() => z.record(z.string(), z.unknown()));
/** The info.getTxFee result, as the node sends it. */
export type TxFeeWire = z.infer<ReturnType<typeof TxFeeWireSchema>>;
/** Fees in nAVAX as decimal strings (bigint-safe), keyed by the node's fee names. */
export type TxFees = Partial<Record<TxFeeName, string>> & Record<string, string>;
/**
 * The check of each fee; built once, on first use: building the union on every call cost more
 * than the rest of the call, parse and transport included (bench/realNodeBench.ts).
 */
const txFeeValueSchema = lazy(() => bigUintWire());

/** Turns the info.getTxFee result into its camelCase domain form. */
export function normalizeTxFee(wire: TxFeeWire): TxFees {
    const fees: Record<string, string> = {};
    const uint = txFeeValueSchema();
    for (const [name, value] of Object.entries(wire)) {
        const parsed = uint.safeParse(value);
        if (parsed.success) fees[name] = toDecimal(parsed.data);
    }
    return fees;
}

/** Wire schema of the info.getVMs result, built on first use. */
export const VmsWireSchema = lazy(() =>
    z.object({
        vms: z.record(z.string(), listWire(z.string())).nullish(),
        // Code answers `fxs: {fxID: name}`; the docs example has no `fxs` at all.
        fxs: z.record(z.string(), z.union([z.string(), listWire(z.string())])).nullish(),
    }),
);
/** The info.getVMs result, as the node sends it. */
export type VmsWire = z.infer<ReturnType<typeof VmsWireSchema>>;
/** Installed VMs with their aliases, and feature extensions with their names, ordered by id. */
export interface Vms {
    vms: { vmId: string; aliases: string[] }[];
    fxs: { fxId: string; names: string[] }[];
}
/** Turns the info.getVMs result into its camelCase domain form. */
export function normalizeVms(wire: VmsWire): Vms {
    return {
        vms: sortedEntries(wire.vms).map(([vmId, aliases]) => ({ vmId, aliases: listOf(aliases) })),
        fxs: sortedEntries(wire.fxs).map(([fxId, names]) => ({
            fxId,
            names: typeof names === 'string' ? [names] : listOf(names),
        })),
    };
}

/** Wire schema of one info.peers entry, built on first use. */
const PeerWireSchema = lazy(() =>
    z.object({
        nodeID: z.string().min(1),
        ip: z.string().nullish(),
        publicIP: z.string().nullish(),
        version: z.string().nullish(),
        upgradeTime: smallUintWire().nullish(),
        lastSent: z.string().nullish(),
        lastReceived: z.string().nullish(),
        observedUptime: floatWire().nullish(),
        trackedSubnets: listWire(z.string()),
        supportedACPs: listWire(smallUintWire()),
        objectedACPs: listWire(smallUintWire()),
        benched: listWire(z.string()),
    }),
);
/** One info.peers entry, as the node sends it. */
export type PeerWire = z.infer<ReturnType<typeof PeerWireSchema>>;
/** A connected peer as this node sees it. */
export interface Peer {
    nodeId: string;
    ip?: string;
    publicIp?: string;
    /** For example `avalanche/1.14.2`. */
    version?: string;
    /** Unix seconds of the next upgrade the peer is prepared for. */
    upgradeTime?: number;
    /** RFC 3339 timestamps. */
    lastSent?: string;
    lastReceived?: string;
    /** This node's uptime as the peer observes it, in percent. */
    observedUptime?: number;
    trackedSubnets: string[];
    supportedAcps: number[];
    objectedAcps: number[];
    /** Chains on which the peer is benched. */
    benched: string[];
}
/** Turns one info.peers entry into its camelCase domain form. */
function normalizePeer(wire: PeerWire): Peer {
    const peer: Peer = {
        nodeId: wire.nodeID,
        trackedSubnets: listOf(wire.trackedSubnets),
        supportedAcps: listOf(wire.supportedACPs).map(toNumber),
        objectedAcps: listOf(wire.objectedACPs).map(toNumber),
        benched: listOf(wire.benched),
    };
    if (wire.ip != null) peer.ip = wire.ip;
    if (wire.publicIP != null) peer.publicIp = wire.publicIP;
    if (wire.version != null) peer.version = wire.version;
    if (wire.upgradeTime != null) peer.upgradeTime = toNumber(wire.upgradeTime);
    if (wire.lastSent != null) peer.lastSent = wire.lastSent;
    if (wire.lastReceived != null) peer.lastReceived = wire.lastReceived;
    if (wire.observedUptime != null) peer.observedUptime = toNumber(wire.observedUptime);
    return peer;
}

/** Wire schema of the info.peers result, built on first use. */
export const PeersWireSchema = lazy(() =>
    z.object({
        numPeers: smallUintWire().nullish(),
        peers: listWire(PeerWireSchema()),
    }),
);
/** The info.peers result, as the node sends it. */
export type PeersWire = z.infer<ReturnType<typeof PeersWireSchema>>;
/** Connected peers; `numPeers` as the node counts them. */
export interface Peers {
    numPeers: number;
    peers: Peer[];
}
/** Turns the info.peers result into its camelCase domain form. */
export function normalizePeers(wire: PeersWire): Peers {
    const peers = listOf(wire.peers).map(normalizePeer);
    return { numPeers: wire.numPeers == null ? peers.length : toNumber(wire.numPeers), peers };
}

/** Wire schema of the info.uptime result, built on first use. */
export const UptimeWireSchema = lazy(() =>
    z.object({
        rewardingStakePercentage: floatWire(),
        weightedAveragePercentage: floatWire(),
    }),
);
/** The info.uptime result, as the node sends it. */
export type UptimeWire = z.infer<ReturnType<typeof UptimeWireSchema>>;
/** Percentages (0–100) of stake that sees this node up. */
export interface Uptime {
    /** Percent of stake that considers the node above the uptime requirement. */
    rewardingStakePercentage: number;
    /** Stake-weighted average of the uptimes peers observe. */
    weightedAveragePercentage: number;
}
/** Turns the info.uptime result into its camelCase domain form. */
export function normalizeUptime(wire: UptimeWire): Uptime {
    return {
        rewardingStakePercentage: toNumber(wire.rewardingStakePercentage),
        weightedAveragePercentage: toNumber(wire.weightedAveragePercentage),
    };
}

// Every key is kept: new upgrades arrive as new `<name>Time` keys (heliconTime, ...), and the
// timeline view shows whatever the node schedules.
/** Wire schema of the info.upgrades result, built on first use. */
export const UpgradesWireSchema = lazy(() => z.record(z.string(), z.unknown()));
/** The info.upgrades result, as the node sends it. */
export type UpgradesWire = z.infer<ReturnType<typeof UpgradesWireSchema>>;
/** One scheduled network upgrade. */
export interface NetworkUpgrade {
    /** Upgrade name without the `Time` suffix, for example `durango`, `apricotPhase4`. */
    name: string;
    /** The key as the node sent it, for example `durangoTime`. */
    key: string;
    /** ISO 8601 as sent. */
    time: string;
    timeMs: number;
}
/** The network upgrade timeline plus the other settings info.upgrades reports. */
export interface NetworkUpgrades {
    /** Ordered by activation time. */
    upgrades: NetworkUpgrade[];
    apricotPhase4MinPChainHeight?: number;
    cortinaXChainStopVertexId?: string;
    /** Length of a Granite epoch (sent in nanoseconds). */
    graniteEpochDurationMs?: number;
    /** Every other key, as sent. */
    other: Record<string, unknown>;
}
/**
 * The two field checks of {@link normalizeUpgrades}; built once, on first use, because building a
 * zod union costs far more than checking one value and the Node view reads upgrades every refresh.
 */
const upgradeFieldSchemas = lazy(() => ({ uint: smallUintWire(), bigUint: bigUintWire() }));

/** Turns the info.upgrades result into its camelCase domain form. */
export function normalizeUpgrades(wire: UpgradesWire): NetworkUpgrades {
    const result: NetworkUpgrades = { upgrades: [], other: {} };
    const { uint, bigUint } = upgradeFieldSchemas();
    for (const [key, value] of Object.entries(wire)) {
        const timeMs =
            key.endsWith('Time') && typeof value === 'string' ? Date.parse(value) : Number.NaN;
        if (!Number.isNaN(timeMs)) {
            result.upgrades.push({ name: key.slice(0, -4), key, time: value as string, timeMs });
            continue;
        }
        if (key === 'apricotPhase4MinPChainHeight' && uint.safeParse(value).success) {
            result.apricotPhase4MinPChainHeight = toNumber(value as number | string);
        } else if (key === 'cortinaXChainStopVertexID' && typeof value === 'string') {
            result.cortinaXChainStopVertexId = value;
        } else if (key === 'graniteEpochDuration' && bigUint.safeParse(value).success) {
            result.graniteEpochDurationMs = toNumber(value as number | string) / 1e6;
        } else {
            result.other[key] = value;
        }
    }
    result.upgrades.sort((a, b) => a.timeMs - b.timeMs || (a.key < b.key ? -1 : 1));
    return result;
}

// ---------------------------------------------------------------------------------------------
// Subnet-EVM extras (eth_feeConfig, eth_getChainConfig, eth_getActive*At)

/** Wire schema of a Subnet-EVM fee config, built on first use. */
const FeeConfigWireSchema = lazy(() =>
    z.object({
        gasLimit: bigUintWire(),
        targetBlockRate: bigUintWire(),
        minBaseFee: bigUintWire(),
        targetGas: bigUintWire(),
        baseFeeChangeDenominator: bigUintWire(),
        minBlockGasCost: bigUintWire(),
        maxBlockGasCost: bigUintWire(),
        blockGasCostStep: bigUintWire(),
    }),
);
/** A Subnet-EVM fee config, as the node sends it. */
export type FeeConfigWire = z.infer<ReturnType<typeof FeeConfigWireSchema>>;
/** A Subnet-EVM fee configuration (`commontype.FeeConfig`). */
export interface FeeConfig {
    gasLimit: number;
    /** Target seconds between blocks. */
    targetBlockRate: number;
    /** Minimum base fee in wei, as a decimal string. */
    minBaseFee: string;
    targetGas: number;
    baseFeeChangeDenominator: number;
    minBlockGasCost: number;
    maxBlockGasCost: number;
    blockGasCostStep: number;
}
/** Turns a Subnet-EVM fee config into its camelCase domain form. */
function normalizeFeeConfig(wire: FeeConfigWire): FeeConfig {
    return {
        gasLimit: toNumber(wire.gasLimit),
        targetBlockRate: toNumber(wire.targetBlockRate),
        minBaseFee: toDecimal(wire.minBaseFee),
        targetGas: toNumber(wire.targetGas),
        baseFeeChangeDenominator: toNumber(wire.baseFeeChangeDenominator),
        minBlockGasCost: toNumber(wire.minBlockGasCost),
        maxBlockGasCost: toNumber(wire.maxBlockGasCost),
        blockGasCostStep: toNumber(wire.blockGasCostStep),
    };
}

/** Wire schema of the eth_feeConfig result, built on first use. */
export const FeeConfigResultWireSchema = lazy(() =>
    z.object({
        feeConfig: FeeConfigWireSchema(),
        // omitempty upstream (nil when the config never changed)
        lastChangedAt: bigUintWire().nullish(),
    }),
);
/** The eth_feeConfig result, as the node sends it. */
export type FeeConfigResultWire = z.infer<ReturnType<typeof FeeConfigResultWireSchema>>;
/** The chain's current fee config and when it last changed. */
export interface FeeConfigResult {
    feeConfig: FeeConfig;
    /** Block number of the last change through the fee manager precompile. */
    lastChangedAt?: number;
}
/** Turns the eth_feeConfig result into its camelCase domain form. */
export function normalizeFeeConfigResult(wire: FeeConfigResultWire): FeeConfigResult {
    const result: FeeConfigResult = { feeConfig: normalizeFeeConfig(wire.feeConfig) };
    if (wire.lastChangedAt != null) result.lastChangedAt = toNumber(wire.lastChangedAt);
    return result;
}

const addressListKeys = ['adminAddresses', 'managerAddresses', 'enabledAddresses'] as const;

/** Wire schema of one precompile config, built on first use. */
const PrecompileConfigWireSchema = lazy(() =>
    z.looseObject({
        blockTimestamp: bigUintWire().nullish(),
        disable: z.boolean().nullish(),
        adminAddresses: listWire(z.string()),
        managerAddresses: listWire(z.string()),
        enabledAddresses: listWire(z.string()),
    }),
);
/** One precompile config, as the node sends it. */
export type PrecompileConfigWire = z.infer<ReturnType<typeof PrecompileConfigWireSchema>>;
/** A precompile's configuration (allow-list roles, activation time, precompile-specific keys). */
export interface PrecompileConfig {
    /** The config key, for example `feeManagerConfig`, `warpConfig`. */
    name: string;
    /** Unix seconds at which this config takes effect. */
    blockTimestamp?: number;
    /** True in an upgrade entry that turns the precompile off. */
    disable: boolean;
    adminAddresses: string[];
    managerAddresses: string[];
    enabledAddresses: string[];
    /** Precompile-specific keys (for example `initialFeeConfig`, `quorumNumerator`), as sent. */
    extra: Record<string, unknown>;
}
/** Turns one precompile config into its camelCase domain form. */
function normalizePrecompileConfig(name: string, wire: PrecompileConfigWire): PrecompileConfig {
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(wire)) {
        if (key === 'blockTimestamp' || key === 'disable') continue;
        if ((addressListKeys as readonly string[]).includes(key)) continue;
        extra[key] = value;
    }
    const config: PrecompileConfig = {
        name,
        disable: wire.disable === true,
        adminAddresses: listOf(wire.adminAddresses),
        managerAddresses: listOf(wire.managerAddresses),
        enabledAddresses: listOf(wire.enabledAddresses),
        extra,
    };
    if (wire.blockTimestamp != null) config.blockTimestamp = toNumber(wire.blockTimestamp);
    return config;
}

/** Wire schema of the eth_getActivePrecompilesAt result, built on first use. */
export const ActivePrecompilesWireSchema = lazy(() =>
    z.record(z.string(), PrecompileConfigWireSchema()).nullable(),
);
/** The eth_getActivePrecompilesAt result, as the node sends it. */
export type ActivePrecompilesWire = z.infer<ReturnType<typeof ActivePrecompilesWireSchema>>;
/** Precompile configs in force at a time. */
export interface ActivePrecompiles {
    /** Ordered by name. */
    precompiles: PrecompileConfig[];
}
/** Turns the eth_getActivePrecompilesAt result into its camelCase domain form. */
export function normalizeActivePrecompiles(wire: ActivePrecompilesWire): ActivePrecompiles {
    return {
        precompiles: sortedEntries(wire).map(([name, config]) =>
            normalizePrecompileConfig(name, config),
        ),
    };
}

function rulesWire() {
    // Subnet-EVM's ethRules also carries `ChainID` (a number) next to the Is* flags, as
    // avalanchego v1.14.2 answers (test/fixtures/realnode/l1.json); non-flags are dropped below.
    return z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).nullish();
}

/** The Is* flags of a rules object, without the values that are not flags. */
function flagsOf(
    rules: Record<string, boolean | number | string> | null | undefined,
): Record<string, boolean> {
    const out: Record<string, boolean> = {};
    for (const [key, value] of Object.entries(rules ?? {})) {
        if (typeof value === 'boolean') out[key] = value;
    }
    return out;
}

/** Wire schema of the eth_getActiveRulesAt result, built on first use. */
export const ActiveRulesWireSchema = lazy(() =>
    z.object({
        ethRules: rulesWire(),
        // The docs and the code disagree on the name; both mean the Avalanche-specific rules.
        avalancheRules: rulesWire(),
        networkRules: rulesWire(),
        precompiles: z
            .record(z.string(), z.looseObject({ timestamp: bigUintWire().nullish() }))
            .nullish(),
    }),
);
/** The eth_getActiveRulesAt result, as the node sends it. */
export type ActiveRulesWire = z.infer<ReturnType<typeof ActiveRulesWireSchema>>;
/** The rules in force at a timestamp. Rule names are PascalCase as sent (`IsDurango`). */
export interface ActiveRules {
    ethRules: Record<string, boolean>;
    /** `avalancheRules` or `networkRules` on the wire. */
    networkRules: Record<string, boolean>;
    /** Active precompiles and when each was activated (Unix seconds), ordered by name. */
    precompiles: { name: string; timestamp?: number }[];
}
/** Turns the eth_getActiveRulesAt result into its camelCase domain form. */
export function normalizeActiveRules(wire: ActiveRulesWire): ActiveRules {
    return {
        ethRules: flagsOf(wire.ethRules),
        networkRules: { ...flagsOf(wire.avalancheRules), ...flagsOf(wire.networkRules) },
        precompiles: sortedEntries(wire.precompiles).map(([name, value]) =>
            value.timestamp == null ? { name } : { name, timestamp: toNumber(value.timestamp) },
        ),
    };
}

/** Wire schema of the eth_getChainConfig result, built on first use. */
export const EvmChainConfigWireSchema = lazy(() =>
    z.looseObject({
        chainId: bigUintWire().nullish(),
        // On the C-Chain (coreth) there is no feeConfig.
        feeConfig: FeeConfigWireSchema().nullish(),
        allowFeeRecipients: z.boolean().nullish(),
        upgrades: z
            .looseObject({
                precompileUpgrades: listWire(z.record(z.string(), PrecompileConfigWireSchema())),
            })
            .nullish(),
    }),
);
/** The eth_getChainConfig result, as the node sends it. */
export type EvmChainConfigWire = z.infer<ReturnType<typeof EvmChainConfigWireSchema>>;
/** A fork activation from the chain config: `<name>Block` numbers or `<name>Timestamp`/`Time` seconds. */
export interface ChainFork {
    key: string;
    kind: 'block' | 'timestamp';
    at: number;
}
/** An EVM chain's configuration (`eth_getChainConfig`), including upgrades after genesis. */
export interface EvmChainConfig {
    chainId?: number;
    feeConfig?: FeeConfig;
    allowFeeRecipients?: boolean;
    /** In the order the node sent them. */
    forks: ChainFork[];
    /** Precompile configs in the genesis (`<name>Config` keys other than `feeConfig`). */
    precompiles: PrecompileConfig[];
    /** `upgrades.precompileUpgrades`, in order. */
    precompileUpgrades: PrecompileConfig[];
    /** The whole config as sent, for a JSON view. */
    raw: Record<string, unknown>;
}
/** Turns the eth_getChainConfig result into its camelCase domain form. */
export function normalizeEvmChainConfig(wire: EvmChainConfigWire): EvmChainConfig {
    const config: EvmChainConfig = {
        forks: [],
        precompiles: [],
        precompileUpgrades: [],
        raw: { ...wire },
    };
    if (wire.chainId != null) config.chainId = toNumber(wire.chainId);
    if (wire.feeConfig) config.feeConfig = normalizeFeeConfig(wire.feeConfig);
    if (wire.allowFeeRecipients != null) config.allowFeeRecipients = wire.allowFeeRecipients;
    const precompileSchema = PrecompileConfigWireSchema();
    for (const [key, value] of Object.entries(wire)) {
        if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
            if (key.endsWith('Block')) config.forks.push({ key, kind: 'block', at: value });
            else if (key.endsWith('Timestamp') || key.endsWith('Time')) {
                config.forks.push({ key, kind: 'timestamp', at: value });
            }
        } else if (key.endsWith('Config') && key !== 'feeConfig' && value !== null) {
            const parsed = precompileSchema.safeParse(value);
            if (parsed.success)
                config.precompiles.push(normalizePrecompileConfig(key, parsed.data));
        }
    }
    for (const upgrade of listOf(wire.upgrades?.precompileUpgrades)) {
        for (const [name, value] of Object.entries(upgrade)) {
            config.precompileUpgrades.push(normalizePrecompileConfig(name, value));
        }
    }
    return config;
}

// ---------------------------------------------------------------------------------------------
// validators.getCurrentValidators

/** Wire schema of one validators.getCurrentValidators entry, built on first use. */
const CurrentValidatorWireSchema = lazy(() =>
    z.object({
        validationID: z.string().nullish(),
        nodeID: z.string().min(1),
        weight: bigUintWire(),
        startTimestamp: smallUintWire().nullish(),
        isActive: z.boolean().nullish(),
        isL1Validator: z.boolean().nullish(),
        isConnected: z.boolean().nullish(),
        uptimeSeconds: smallUintWire().nullish(),
        uptimePercentage: floatWire().nullish(),
    }),
);
/** One validators.getCurrentValidators entry, as the node sends it. */
export type CurrentValidatorWire = z.infer<ReturnType<typeof CurrentValidatorWireSchema>>;
/** A validator of a Subnet-EVM chain's subnet or L1, as the answering node sees it. */
export interface CurrentValidator {
    /** The validation id for L1s; the add-validator tx id for subnets. */
    validationId?: string;
    nodeId: string;
    /** Decimal string (bigint-safe). */
    weight: string;
    /** Unix seconds. */
    startTimestamp?: number;
    /** False for an L1 validator whose P-Chain balance ran out; always true on subnets. */
    isActive?: boolean;
    isL1Validator?: boolean;
    /** Connected to the answering node. */
    isConnected?: boolean;
    uptimeSeconds?: number;
    /** 0–100. */
    uptimePercentage?: number;
}
/** Turns one validators.getCurrentValidators entry into its camelCase domain form. */
function normalizeCurrentValidator(wire: CurrentValidatorWire): CurrentValidator {
    const validator: CurrentValidator = { nodeId: wire.nodeID, weight: toDecimal(wire.weight) };
    if (wire.validationID != null) validator.validationId = wire.validationID;
    if (wire.startTimestamp != null) validator.startTimestamp = toNumber(wire.startTimestamp);
    if (wire.isActive != null) validator.isActive = wire.isActive;
    if (wire.isL1Validator != null) validator.isL1Validator = wire.isL1Validator;
    if (wire.isConnected != null) validator.isConnected = wire.isConnected;
    if (wire.uptimeSeconds != null) validator.uptimeSeconds = toNumber(wire.uptimeSeconds);
    if (wire.uptimePercentage != null) validator.uptimePercentage = toNumber(wire.uptimePercentage);
    return validator;
}

/** Wire schema of the validators.getCurrentValidators result, built on first use. */
export const CurrentValidatorsWireSchema = lazy(() =>
    z.object({ validators: listWire(CurrentValidatorWireSchema()) }),
);
/** The validators.getCurrentValidators result, as the node sends it. */
export type CurrentValidatorsWire = z.infer<ReturnType<typeof CurrentValidatorsWireSchema>>;
/** The current validators of the chain's subnet or L1. */
export interface CurrentValidators {
    validators: CurrentValidator[];
}
/** Turns the validators.getCurrentValidators result into its camelCase domain form. */
export function normalizeCurrentValidators(wire: CurrentValidatorsWire): CurrentValidators {
    return { validators: listOf(wire.validators).map(normalizeCurrentValidator) };
}

// ---------------------------------------------------------------------------------------------
// Standard eth_* (geth shapes, as served by coreth and Subnet-EVM)

/** Wire schema of a hex quantity that fits a number (eth_chainId, eth_blockNumber), built on first use. */
export const SmallHexWireSchema = lazy(() => smallHexWire());
/** A hex quantity that fits a number (eth_chainId, eth_blockNumber), as the node sends it. */
export type SmallHexWire = z.infer<ReturnType<typeof SmallHexWireSchema>>;
/** A hex quantity as a number: chain id, block number. */
export function normalizeSmallHex(wire: SmallHexWire): number {
    return hexToNumber(wire);
}

/** Wire schema of a hex quantity of any width (eth_getBalance), built on first use. */
export const HexWireSchema = lazy(() => hexWire());
/** A hex quantity of any width (eth_getBalance), as the node sends it. */
export type HexWire = z.infer<ReturnType<typeof HexWireSchema>>;
/** A hex quantity as a decimal string (bigint-safe): balances in wei. */
export function normalizeHexDecimal(wire: HexWire): string {
    return hexToDecimal(wire);
}

/** Wire schema of the eth_getCode result, built on first use. */
export const CodeWireSchema = lazy(() =>
    z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected hex bytes'),
);
/** The eth_getCode result, as the node sends it. */
export type CodeWire = z.infer<ReturnType<typeof CodeWireSchema>>;
/** Contract bytecode as lower-case hex; `0x` for an account without code. */
export function normalizeCode(wire: CodeWire): string {
    return wire.toLowerCase();
}

/** Wire schema of an eth_getTransactionByHash transaction, built on first use. */
const RpcTransactionWireSchema = lazy(() =>
    z.object({
        hash: z.string(),
        blockHash: z.string().nullish(),
        blockNumber: smallHexWire().nullish(),
        transactionIndex: smallHexWire().nullish(),
        from: z.string(),
        to: z.string().nullish(),
        value: hexWire(),
        gas: hexWire(),
        gasPrice: hexWire().nullish(),
        maxFeePerGas: hexWire().nullish(),
        maxPriorityFeePerGas: hexWire().nullish(),
        nonce: smallHexWire(),
        input: z.string(),
        type: smallHexWire().nullish(),
        chainId: hexWire().nullish(),
    }),
);
/** An eth_getTransactionByHash transaction, as the node sends it. */
export type RpcTransactionWire = z.infer<ReturnType<typeof RpcTransactionWireSchema>>;
/** An EVM transaction; wei amounts and gas are decimal strings (bigint-safe). */
export interface RpcTransaction {
    hash: string;
    /** Null while pending. */
    blockHash: string | null;
    blockNumber: number | null;
    transactionIndex: number | null;
    from: string;
    /** Null for a contract creation. */
    to: string | null;
    value: string;
    gas: string;
    gasPrice?: string;
    maxFeePerGas?: string;
    maxPriorityFeePerGas?: string;
    nonce: number;
    input: string;
    /** 0 legacy, 1 access list, 2 dynamic fee, ... */
    type?: number;
    chainId?: string;
}
/** Turns an eth_getTransactionByHash transaction into its camelCase domain form. */
function normalizeRpcTransaction(wire: RpcTransactionWire): RpcTransaction {
    const tx: RpcTransaction = {
        hash: wire.hash,
        blockHash: wire.blockHash ?? null,
        blockNumber: wire.blockNumber == null ? null : hexToNumber(wire.blockNumber),
        transactionIndex: wire.transactionIndex == null ? null : hexToNumber(wire.transactionIndex),
        from: wire.from,
        to: wire.to ?? null,
        value: hexToDecimal(wire.value),
        gas: hexToDecimal(wire.gas),
        nonce: hexToNumber(wire.nonce),
        input: wire.input,
    };
    if (wire.gasPrice != null) tx.gasPrice = hexToDecimal(wire.gasPrice);
    if (wire.maxFeePerGas != null) tx.maxFeePerGas = hexToDecimal(wire.maxFeePerGas);
    if (wire.maxPriorityFeePerGas != null) {
        tx.maxPriorityFeePerGas = hexToDecimal(wire.maxPriorityFeePerGas);
    }
    if (wire.type != null) tx.type = hexToNumber(wire.type);
    if (wire.chainId != null) tx.chainId = hexToDecimal(wire.chainId);
    return tx;
}

/** Wire schema of the eth_getTransactionByHash result, built on first use. */
export const MaybeRpcTransactionWireSchema = lazy(() => RpcTransactionWireSchema().nullable());
/** The eth_getTransactionByHash result, as the node sends it. */
export type MaybeRpcTransactionWire = z.infer<ReturnType<typeof MaybeRpcTransactionWireSchema>>;
/** Null when the node does not know the transaction. */
export function normalizeMaybeRpcTransaction(wire: MaybeRpcTransactionWire): RpcTransaction | null {
    return wire === null ? null : normalizeRpcTransaction(wire);
}

/** Wire schema of one receipt log, built on first use. */
const RpcLogWireSchema = lazy(() =>
    z.object({
        address: z.string(),
        topics: listWire(z.string()),
        data: z.string(),
        logIndex: smallHexWire().nullish(),
        removed: z.boolean().nullish(),
    }),
);
/** One receipt log, as the node sends it. */
export type RpcLogWire = z.infer<ReturnType<typeof RpcLogWireSchema>>;
/** One event log of a receipt. */
export interface RpcLog {
    address: string;
    topics: string[];
    data: string;
    logIndex?: number;
    removed: boolean;
}

/**
 * Wire schema of one eth_getLogs entry, built on first use: a receipt log with where it sits
 * (https://ethereum.org/en/developers/docs/apis/json-rpc/#eth_getlogs).
 */
const RpcFilterLogWireSchema = lazy(() =>
    z.object({
        address: z.string(),
        topics: listWire(z.string()),
        data: z.string(),
        blockNumber: smallHexWire().nullish(),
        transactionHash: z.string().nullish(),
        logIndex: smallHexWire().nullish(),
        removed: z.boolean().nullish(),
    }),
);
/** The eth_getLogs result, as the node sends it. */
export const RpcFilterLogsWireSchema = lazy(() => listWire(RpcFilterLogWireSchema()));
/** The eth_getLogs result, as the node sends it. */
export type RpcFilterLogsWire = z.infer<ReturnType<typeof RpcFilterLogsWireSchema>>;
/** One log an eth_getLogs filter matched; pending logs have no block or transaction yet. */
export interface RpcFilterLog extends RpcLog {
    blockNumber?: number;
    transactionHash?: string;
}
/** Turns an eth_getLogs answer into its camelCase domain form. */
export function normalizeRpcFilterLogs(wire: RpcFilterLogsWire): RpcFilterLog[] {
    return listOf(wire).map((log) => {
        const out: RpcFilterLog = {
            address: log.address,
            topics: listOf(log.topics),
            data: log.data,
            removed: log.removed === true,
        };
        if (log.logIndex != null) out.logIndex = hexToNumber(log.logIndex);
        if (log.blockNumber != null) out.blockNumber = hexToNumber(log.blockNumber);
        if (log.transactionHash != null) out.transactionHash = log.transactionHash;
        return out;
    });
}

/** Wire schema of an eth_getTransactionReceipt receipt, built on first use. */
const RpcReceiptWireSchema = lazy(() =>
    z.object({
        transactionHash: z.string(),
        transactionIndex: smallHexWire(),
        blockHash: z.string(),
        blockNumber: smallHexWire(),
        from: z.string(),
        to: z.string().nullish(),
        cumulativeGasUsed: hexWire(),
        gasUsed: hexWire(),
        effectiveGasPrice: hexWire().nullish(),
        contractAddress: z.string().nullish(),
        logs: listWire(RpcLogWireSchema()),
        // Pre-Byzantium receipts carry `root` instead of `status`.
        status: smallHexWire().nullish(),
        type: smallHexWire().nullish(),
    }),
);
/** An eth_getTransactionReceipt receipt, as the node sends it. */
export type RpcReceiptWire = z.infer<ReturnType<typeof RpcReceiptWireSchema>>;
/** An EVM transaction receipt; gas amounts and prices are decimal strings. */
export interface RpcReceipt {
    transactionHash: string;
    transactionIndex: number;
    blockHash: string;
    blockNumber: number;
    from: string;
    to: string | null;
    cumulativeGasUsed: string;
    gasUsed: string;
    effectiveGasPrice?: string;
    /** The created contract, for a contract creation. */
    contractAddress: string | null;
    logs: RpcLog[];
    /** Undefined for receipts without a status (before Byzantium). */
    status?: 'success' | 'failed';
    type?: number;
}
/** Turns an eth_getTransactionReceipt receipt into its camelCase domain form. */
function normalizeRpcReceipt(wire: RpcReceiptWire): RpcReceipt {
    const receipt: RpcReceipt = {
        transactionHash: wire.transactionHash,
        transactionIndex: hexToNumber(wire.transactionIndex),
        blockHash: wire.blockHash,
        blockNumber: hexToNumber(wire.blockNumber),
        from: wire.from,
        to: wire.to ?? null,
        cumulativeGasUsed: hexToDecimal(wire.cumulativeGasUsed),
        gasUsed: hexToDecimal(wire.gasUsed),
        contractAddress: wire.contractAddress ?? null,
        logs: listOf(wire.logs).map((log) => {
            const out: RpcLog = {
                address: log.address,
                topics: listOf(log.topics),
                data: log.data,
                removed: log.removed === true,
            };
            if (log.logIndex != null) out.logIndex = hexToNumber(log.logIndex);
            return out;
        }),
    };
    if (wire.effectiveGasPrice != null) {
        receipt.effectiveGasPrice = hexToDecimal(wire.effectiveGasPrice);
    }
    if (wire.status != null) receipt.status = hexToNumber(wire.status) === 1 ? 'success' : 'failed';
    if (wire.type != null) receipt.type = hexToNumber(wire.type);
    return receipt;
}

/** Wire schema of the eth_getTransactionReceipt result, built on first use. */
export const MaybeRpcReceiptWireSchema = lazy(() => RpcReceiptWireSchema().nullable());
/** The eth_getTransactionReceipt result, as the node sends it. */
export type MaybeRpcReceiptWire = z.infer<ReturnType<typeof MaybeRpcReceiptWireSchema>>;
/** Null when the transaction is unknown or not yet mined. */
export function normalizeMaybeRpcReceipt(wire: MaybeRpcReceiptWire): RpcReceipt | null {
    return wire === null ? null : normalizeRpcReceipt(wire);
}

/** A `hexutil.Uint64`: at most 16 hex digits. */
function uint64HexWire() {
    return z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'expected a 64-bit hex quantity');
}

/** Wire schema of an eth_getBlockByNumber block, built on first use. */
const RpcBlockWireSchema = lazy(() =>
    z.object({
        number: smallHexWire(),
        hash: z.string(),
        parentHash: z.string(),
        timestamp: smallHexWire(),
        miner: z.string().nullish(),
        gasLimit: hexWire(),
        gasUsed: hexWire(),
        baseFeePerGas: hexWire().nullish(),
        size: smallHexWire().nullish(),
        extraData: z.string().nullish(),
        // Avalanche additions (coreth / Subnet-EVM)
        blockGasCost: hexWire().nullish(),
        timestampMilliseconds: smallHexWire().nullish(),
        // Helicon's C-Chain (graft/coreth/plugin/evm/customtypes/header_ext.go at v1.15.0-fuji):
        // ACP-194 settlement and the ACP-176 / ACP-283 exponents, each a hexutil.Uint64.
        settledHeight: smallHexWire().nullish(),
        settledGasUnix: uint64HexWire().nullish(),
        settledGasNumerator: uint64HexWire().nullish(),
        settledExcess: uint64HexWire().nullish(),
        targetExponent: uint64HexWire().nullish(),
        minPriceExponent: uint64HexWire().nullish(),
        transactions: z.union([z.array(z.string()), z.array(RpcTransactionWireSchema())]).nullish(),
    }),
);
/** An eth_getBlockByNumber block, as the node sends it. */
export type RpcBlockWire = z.infer<ReturnType<typeof RpcBlockWireSchema>>;
/** An EVM block header with its transactions (hashes, or full objects when asked for). */
export interface RpcBlock {
    number: number;
    hash: string;
    parentHash: string;
    /** Unix seconds. */
    timestamp: number;
    /** Milliseconds since Granite, when the chain sends them. */
    timestampMs?: number;
    miner?: string;
    gasLimit: string;
    gasUsed: string;
    baseFeePerGas?: string;
    blockGasCost?: string;
    sizeBytes?: number;
    extraData?: string;
    transactionHashes: string[];
    /** Present when the block was fetched with full transactions. */
    transactions?: RpcTransaction[];
    /** What a block of Helicon's C-Chain settles (ACP-194); absent before Helicon and on L1s. */
    settlement?: BlockSettlement;
    /**
     * Helicon's C-Chain (ACP-176): the gas target per second this block sets, decimal, from its
     * `targetExponent` (target = 1,000,000 · e^(exponent / 2^25)).
     */
    targetGasPerSecond?: string;
    /** The exponent as sent (decimal). */
    targetExponent?: string;
    /**
     * Helicon's C-Chain (ACP-283): the minimum gas price in wei this block sets, decimal, from its
     * `minPriceExponent` (price = 1 · e^(exponent / 415,828,534,307,635,077)).
     */
    minGasPriceWei?: string;
    /** The exponent as sent (decimal). */
    minPriceExponent?: string;
}

/**
 * ACP-194 (streaming asynchronous execution): a block is accepted first and executed later; each
 * block names the last block whose execution is settled as of it, and the gas clock there. `latest`
 * is the last executed block, `safe` and `finalized` the last settled one.
 */
export interface BlockSettlement {
    /** Number of the last block settled as of this block. */
    settledHeight: number;
    /** The gas clock at settlement: whole Unix seconds (decimal) … */
    settledGasUnix: string;
    /** … plus this fraction of a second, in gas (decimal). */
    settledGasNumerator: string;
    /** The gas excess at settlement, which prices gas (decimal). */
    settledExcess: string;
}

/**
 * AvalancheGo's `gas.CalculatePrice` (vms/components/gas/gas.go,
 * https://github.com/ava-labs/avalanchego/blob/v1.15.0-fuji/vms/components/gas/gas.go):
 * `minimum · e^(excess / k)` by EIP-4844's integer series, capped at 2^64 − 1 as there.
 */
export function exponentialPrice(minimum: bigint, excess: bigint, k: bigint): bigint {
    const maxUint64 = (1n << 64n) - 1n;
    const maxOutput = k * maxUint64;
    let output = 0n;
    let accumulator = minimum * k;
    for (let i = 1n; accumulator > 0n; i++) {
        output += accumulator;
        if (output >= maxOutput) return maxUint64;
        accumulator = (accumulator * excess) / k / i;
    }
    return k === 0n ? 0n : output / k;
}

/**
 * The minimum gas price in wei that Helicon's C-Chain derives from a block's `minPriceExponent`
 * (ACP-283; vms/saevm/cchain/dynamic/price.go at v1.15.0-fuji).
 */
export function minGasPriceFromExponent(exponent: bigint): bigint {
    return exponentialPrice(1n, exponent, 415_828_534_307_635_077n);
}

/**
 * The gas target per second that Helicon's C-Chain derives from a block's `targetExponent`
 * (ACP-176; vms/saevm/cchain/dynamic/target.go at v1.15.0-fuji).
 */
export function targetGasFromExponent(exponent: bigint): bigint {
    return exponentialPrice(1_000_000n, exponent, 1n << 25n);
}
/** Turns an eth_getBlockByNumber block into its camelCase domain form. */
function normalizeRpcBlock(wire: RpcBlockWire): RpcBlock {
    const transactions = wire.transactions ?? [];
    const block: RpcBlock = {
        number: hexToNumber(wire.number),
        hash: wire.hash,
        parentHash: wire.parentHash,
        timestamp: hexToNumber(wire.timestamp),
        gasLimit: hexToDecimal(wire.gasLimit),
        gasUsed: hexToDecimal(wire.gasUsed),
        transactionHashes: transactions.map((tx) => (typeof tx === 'string' ? tx : tx.hash)),
    };
    if (transactions.length > 0 && typeof transactions[0] !== 'string') {
        block.transactions = (transactions as RpcTransactionWire[]).map(normalizeRpcTransaction);
    }
    if (wire.timestampMilliseconds != null) {
        block.timestampMs = hexToNumber(wire.timestampMilliseconds);
    }
    if (wire.miner != null) block.miner = wire.miner;
    if (wire.baseFeePerGas != null) block.baseFeePerGas = hexToDecimal(wire.baseFeePerGas);
    if (wire.blockGasCost != null) block.blockGasCost = hexToDecimal(wire.blockGasCost);
    if (wire.size != null) block.sizeBytes = hexToNumber(wire.size);
    if (wire.extraData != null) block.extraData = wire.extraData;
    if (
        wire.settledHeight != null &&
        wire.settledGasUnix != null &&
        wire.settledGasNumerator != null &&
        wire.settledExcess != null
    ) {
        block.settlement = {
            settledHeight: hexToNumber(wire.settledHeight),
            settledGasUnix: hexToDecimal(wire.settledGasUnix),
            settledGasNumerator: hexToDecimal(wire.settledGasNumerator),
            settledExcess: hexToDecimal(wire.settledExcess),
        };
    }
    if (wire.targetExponent != null) {
        block.targetExponent = hexToDecimal(wire.targetExponent);
        block.targetGasPerSecond = targetGasFromExponent(BigInt(wire.targetExponent)).toString();
    }
    if (wire.minPriceExponent != null) {
        block.minPriceExponent = hexToDecimal(wire.minPriceExponent);
        block.minGasPriceWei = minGasPriceFromExponent(BigInt(wire.minPriceExponent)).toString();
    }
    return block;
}

/** Wire schema of the eth_getBlockByNumber result, built on first use. */
export const MaybeRpcBlockWireSchema = lazy(() => RpcBlockWireSchema().nullable());
/** The eth_getBlockByNumber result, as the node sends it. */
export type MaybeRpcBlockWire = z.infer<ReturnType<typeof MaybeRpcBlockWireSchema>>;
/** Null when the block does not exist (yet). */
export function normalizeMaybeRpcBlock(wire: MaybeRpcBlockWire): RpcBlock | null {
    return wire === null ? null : normalizeRpcBlock(wire);
}
