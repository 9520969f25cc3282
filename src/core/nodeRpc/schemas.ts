/**
 * Wire schemas, wire types, camelCase domain types and normalisers for every result in the node
 * method table (STYLE.md rule 2). They mirror the same upstreams as `methods.ts`.
 *
 * Every schema is built on first use through `lazy()`: zod schema construction costs a few
 * milliseconds per schema and must not run when the extension activates.
 *
 * Tolerance is deliberate, because real nodes differ from the docs (API-NOTES.md §4):
 * AvalancheGo sends 64-bit numbers and percentages as quoted strings (`json.Uint64`, `Float64`)
 * while docs examples and other servers send plain numbers, so both are accepted; Go `nil` slices
 * arrive as `null`, so lists accept null and normalise to `[]`; unknown keys are ignored, except
 * where a view wants them all (info.upgrades, chain config), where they are kept.
 */
import * as z from 'zod';

/** Memoises a builder: the schema is constructed on the first call and reused afterwards. */
function lazy<T>(build: () => T): () => T {
    let built = false;
    let value: T | undefined;
    return () => {
        if (!built) {
            value = build();
            built = true;
        }
        return value as T;
    };
}

// ---------------------------------------------------------------------------------------------
// Building blocks (functions, so that nothing is constructed before a schema that uses them)

/** An unsigned integer small enough for a JS number, as a JSON number or a decimal string. */
function smallUintWire() {
    return z.union([
        z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
        z.string().regex(/^\d{1,15}$/, 'expected a decimal integer string'),
    ]);
}

/** A 64-bit (or wider) unsigned integer, as a JSON number or a decimal string. */
function bigUintWire() {
    return z.union([
        z.number().int().nonnegative(),
        z.string().regex(/^\d{1,78}$/, 'expected a decimal integer string'),
    ]);
}

/** A float, as a JSON number or a decimal string such as `"99.5000"`. */
function floatWire() {
    return z.union([
        z.number(),
        z.string().regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'expected a decimal number string'),
    ]);
}

/** An EVM hex quantity that fits a JS number (block numbers, nonces, gas, indexes, chain ids). */
function smallHexWire() {
    return z.string().regex(/^0x[0-9a-fA-F]{1,13}$/, 'expected a hex quantity below 2^52');
}

/** An EVM hex quantity of any width (wei amounts). */
function hexWire() {
    return z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a hex quantity');
}

/** A list that Go may send as `null` when empty. */
function listWire<T extends z.ZodType>(item: T) {
    return z.array(item).nullish();
}

function toNumber(value: number | string): number {
    return typeof value === 'number' ? value : Number(value);
}

/** A decimal string that `BigInt()` accepts, without leading zeros. */
function toDecimal(value: number | string): string {
    if (typeof value === 'number') {
        return Number.isSafeInteger(value) ? String(value) : BigInt(Math.trunc(value)).toString();
    }
    return BigInt(value).toString();
}

function hexToNumber(value: string): number {
    return Number.parseInt(value.slice(2), 16);
}

function hexToDecimal(value: string): string {
    return BigInt(value).toString();
}

function listOf<T>(value: readonly T[] | null | undefined): T[] {
    return value ? [...value] : [];
}

function sortedEntries<T>(record: Record<string, T> | null | undefined): [string, T][] {
    return Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------
// Empty results (admin.alias, profilers, ...)

/** `{}` (json2 `api.EmptyReply`); `null` is accepted too. Unknown keys are ignored. */
export const EmptyWireSchema = lazy(() => z.union([z.object({}), z.null()]));
export type EmptyWire = z.infer<ReturnType<typeof EmptyWireSchema>>;
/** A method that answers nothing but success. */
export type EmptyResult = Record<string, never>;
export function normalizeEmpty(_wire: EmptyWire): EmptyResult {
    return {};
}

// ---------------------------------------------------------------------------------------------
// admin.*

export const ChainAliasesWireSchema = lazy(() => z.object({ aliases: listWire(z.string()) }));
export type ChainAliasesWire = z.infer<ReturnType<typeof ChainAliasesWireSchema>>;
export interface ChainAliases {
    aliases: string[];
}
export function normalizeChainAliases(wire: ChainAliasesWire): ChainAliases {
    return { aliases: listOf(wire.aliases) };
}

function loggerLevelsRecordWire() {
    return z.record(z.string(), z.object({ logLevel: z.string(), displayLevel: z.string() }));
}

export const LoggerLevelsWireSchema = lazy(() =>
    z.object({ loggerLevels: loggerLevelsRecordWire().nullish() }),
);
export type LoggerLevelsWire = z.infer<ReturnType<typeof LoggerLevelsWireSchema>>;
/** One logger's levels; names are AvalancheGo's upper-case level names. */
export interface LoggerLevel {
    loggerName: string;
    logLevel: string;
    displayLevel: string;
}
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
export function normalizeLoggerLevels(wire: LoggerLevelsWire): LoggerLevels {
    return { loggerLevels: loggerLevelList(wire.loggerLevels) };
}

/** The docs show `{}`; the code (`LoggerLevelReply`) answers `{loggerLevels}`. Both are valid. */
export const SetLoggerLevelWireSchema = lazy(() =>
    z.union([z.object({ loggerLevels: loggerLevelsRecordWire().nullish() }), z.null()]),
);
export type SetLoggerLevelWire = z.infer<ReturnType<typeof SetLoggerLevelWireSchema>>;
export interface SetLoggerLevelResult {
    /** The levels after the change, when the node reports them. */
    loggerLevels?: LoggerLevel[];
}
export function normalizeSetLoggerLevel(wire: SetLoggerLevelWire): SetLoggerLevelResult {
    return wire?.loggerLevels ? { loggerLevels: loggerLevelList(wire.loggerLevels) } : {};
}

export const LoadVmsWireSchema = lazy(() =>
    z.object({
        newVMs: z.record(z.string(), listWire(z.string())).nullish(),
        // omitempty upstream: present only when a VM failed to load
        failedVMs: z.record(z.string(), z.string()).nullish(),
    }),
);
export type LoadVmsWire = z.infer<ReturnType<typeof LoadVmsWireSchema>>;
export interface LoadVmsResult {
    newVms: { vmId: string; aliases: string[] }[];
    failedVms: { vmId: string; error: string }[];
}
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
export interface Acps {
    acps: AcpPreference[];
}
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

export const IsBootstrappedWireSchema = lazy(() => z.object({ isBootstrapped: z.boolean() }));
export type IsBootstrappedWire = z.infer<ReturnType<typeof IsBootstrappedWireSchema>>;
export interface IsBootstrapped {
    isBootstrapped: boolean;
}
export function normalizeIsBootstrapped(wire: IsBootstrappedWire): IsBootstrapped {
    return { isBootstrapped: wire.isBootstrapped };
}

export const BlockchainIdWireSchema = lazy(() => z.object({ blockchainID: z.string().min(1) }));
export type BlockchainIdWire = z.infer<ReturnType<typeof BlockchainIdWireSchema>>;
export interface BlockchainIdResult {
    blockchainId: string;
}
export function normalizeBlockchainId(wire: BlockchainIdWire): BlockchainIdResult {
    return { blockchainId: wire.blockchainID };
}

export const NetworkIdWireSchema = lazy(() => z.object({ networkID: smallUintWire() }));
export type NetworkIdWire = z.infer<ReturnType<typeof NetworkIdWireSchema>>;
/** 1 = mainnet, 5 = fuji, 12345 = local. */
export interface NetworkIdResult {
    networkId: number;
}
export function normalizeNetworkId(wire: NetworkIdWire): NetworkIdResult {
    return { networkId: toNumber(wire.networkID) };
}

export const NetworkNameWireSchema = lazy(() => z.object({ networkName: z.string() }));
export type NetworkNameWire = z.infer<ReturnType<typeof NetworkNameWireSchema>>;
export interface NetworkNameResult {
    networkName: string;
}
export function normalizeNetworkName(wire: NetworkNameWire): NetworkNameResult {
    return { networkName: wire.networkName };
}

export const NodeIdWireSchema = lazy(() =>
    z.object({
        nodeID: z.string().min(1),
        nodePOP: z.object({ publicKey: z.string(), proofOfPossession: z.string() }).nullish(),
    }),
);
export type NodeIdWire = z.infer<ReturnType<typeof NodeIdWireSchema>>;
export interface NodeIdResult {
    nodeId: string;
    /** BLS key (48-byte hex) and proof of possession (96-byte hex), when the node has one. */
    nodePop?: { publicKey: string; proofOfPossession: string };
}
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

export const NodeIpWireSchema = lazy(() => z.object({ ip: z.string() }));
export type NodeIpWire = z.infer<ReturnType<typeof NodeIpWireSchema>>;
export interface NodeIpResult {
    /** `host:port` of the node's staking (peer-to-peer) address. */
    ip: string;
}
export function normalizeNodeIp(wire: NodeIpWire): NodeIpResult {
    return { ip: wire.ip };
}

export const NodeVersionWireSchema = lazy(() =>
    z.object({
        version: z.string(),
        databaseVersion: z.string().nullish(),
        gitCommit: z.string().nullish(),
        rpcProtocolVersion: smallUintWire().nullish(),
        vmVersions: z.record(z.string(), z.string()).nullish(),
    }),
);
export type NodeVersionWire = z.infer<ReturnType<typeof NodeVersionWireSchema>>;
export interface NodeVersion {
    /** For example `avalanche/1.14.2`. */
    version: string;
    databaseVersion?: string;
    gitCommit?: string;
    rpcProtocolVersion?: number;
    /** VM name to version, for example `evm` → `v0.15.0`. */
    vmVersions: Record<string, string>;
}
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
export type TxFeeName = (typeof txFeeNames)[number];

// A record rather than an object: older and newer nodes send different sets of fee names, and
// the UI lists whichever arrive; the value check still applies to each of them.
export const TxFeeWireSchema = lazy(() => z.record(z.string(), z.unknown()));
export type TxFeeWire = z.infer<ReturnType<typeof TxFeeWireSchema>>;
/** Fees in nAVAX as decimal strings (bigint-safe), keyed by the node's fee names. */
export type TxFees = Partial<Record<TxFeeName, string>> & Record<string, string>;
export function normalizeTxFee(wire: TxFeeWire): TxFees {
    const fees: Record<string, string> = {};
    const uint = bigUintWire();
    for (const [name, value] of Object.entries(wire)) {
        const parsed = uint.safeParse(value);
        if (parsed.success) fees[name] = toDecimal(parsed.data);
    }
    return fees;
}

export const VmsWireSchema = lazy(() =>
    z.object({
        vms: z.record(z.string(), listWire(z.string())).nullish(),
        // Code answers `fxs: {fxID: name}`; the docs example has no `fxs` at all.
        fxs: z.record(z.string(), z.union([z.string(), listWire(z.string())])).nullish(),
    }),
);
export type VmsWire = z.infer<ReturnType<typeof VmsWireSchema>>;
export interface Vms {
    vms: { vmId: string; aliases: string[] }[];
    fxs: { fxId: string; names: string[] }[];
}
export function normalizeVms(wire: VmsWire): Vms {
    return {
        vms: sortedEntries(wire.vms).map(([vmId, aliases]) => ({ vmId, aliases: listOf(aliases) })),
        fxs: sortedEntries(wire.fxs).map(([fxId, names]) => ({
            fxId,
            names: typeof names === 'string' ? [names] : listOf(names),
        })),
    };
}

export const PeerWireSchema = lazy(() =>
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
export function normalizePeer(wire: PeerWire): Peer {
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

export const PeersWireSchema = lazy(() =>
    z.object({
        numPeers: smallUintWire().nullish(),
        peers: listWire(PeerWireSchema()),
    }),
);
export type PeersWire = z.infer<ReturnType<typeof PeersWireSchema>>;
export interface Peers {
    numPeers: number;
    peers: Peer[];
}
export function normalizePeers(wire: PeersWire): Peers {
    const peers = listOf(wire.peers).map(normalizePeer);
    return { numPeers: wire.numPeers == null ? peers.length : toNumber(wire.numPeers), peers };
}

export const UptimeWireSchema = lazy(() =>
    z.object({
        rewardingStakePercentage: floatWire(),
        weightedAveragePercentage: floatWire(),
    }),
);
export type UptimeWire = z.infer<ReturnType<typeof UptimeWireSchema>>;
/** Percentages (0–100) of stake that sees this node up. */
export interface Uptime {
    /** Percent of stake that considers the node above the uptime requirement. */
    rewardingStakePercentage: number;
    /** Stake-weighted average of the uptimes peers observe. */
    weightedAveragePercentage: number;
}
export function normalizeUptime(wire: UptimeWire): Uptime {
    return {
        rewardingStakePercentage: toNumber(wire.rewardingStakePercentage),
        weightedAveragePercentage: toNumber(wire.weightedAveragePercentage),
    };
}

// Every key is kept: new upgrades arrive as new `<name>Time` keys (heliconTime, ...), and the
// timeline view shows whatever the node schedules.
export const UpgradesWireSchema = lazy(() => z.record(z.string(), z.unknown()));
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
export function normalizeUpgrades(wire: UpgradesWire): NetworkUpgrades {
    const result: NetworkUpgrades = { upgrades: [], other: {} };
    const uint = smallUintWire();
    const bigUint = bigUintWire();
    for (const [key, value] of Object.entries(wire)) {
        if (key.endsWith('Time') && typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
            result.upgrades.push({
                name: key.slice(0, -4),
                key,
                time: value,
                timeMs: Date.parse(value),
            });
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

export const FeeConfigWireSchema = lazy(() =>
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
export function normalizeFeeConfig(wire: FeeConfigWire): FeeConfig {
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

export const FeeConfigResultWireSchema = lazy(() =>
    z.object({
        feeConfig: FeeConfigWireSchema(),
        // omitempty upstream (nil when the config never changed)
        lastChangedAt: bigUintWire().nullish(),
    }),
);
export type FeeConfigResultWire = z.infer<ReturnType<typeof FeeConfigResultWireSchema>>;
export interface FeeConfigResult {
    feeConfig: FeeConfig;
    /** Block number of the last change through the fee manager precompile. */
    lastChangedAt?: number;
}
export function normalizeFeeConfigResult(wire: FeeConfigResultWire): FeeConfigResult {
    const result: FeeConfigResult = { feeConfig: normalizeFeeConfig(wire.feeConfig) };
    if (wire.lastChangedAt != null) result.lastChangedAt = toNumber(wire.lastChangedAt);
    return result;
}

const addressListKeys = ['adminAddresses', 'managerAddresses', 'enabledAddresses'] as const;

export const PrecompileConfigWireSchema = lazy(() =>
    z.looseObject({
        blockTimestamp: bigUintWire().nullish(),
        disable: z.boolean().nullish(),
        adminAddresses: listWire(z.string()),
        managerAddresses: listWire(z.string()),
        enabledAddresses: listWire(z.string()),
    }),
);
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
export function normalizePrecompileConfig(
    name: string,
    wire: PrecompileConfigWire,
): PrecompileConfig {
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

export const ActivePrecompilesWireSchema = lazy(() =>
    z.record(z.string(), PrecompileConfigWireSchema()).nullable(),
);
export type ActivePrecompilesWire = z.infer<ReturnType<typeof ActivePrecompilesWireSchema>>;
export interface ActivePrecompiles {
    /** Ordered by name. */
    precompiles: PrecompileConfig[];
}
export function normalizeActivePrecompiles(wire: ActivePrecompilesWire): ActivePrecompiles {
    return {
        precompiles: sortedEntries(wire).map(([name, config]) =>
            normalizePrecompileConfig(name, config),
        ),
    };
}

function rulesWire() {
    return z.record(z.string(), z.boolean()).nullish();
}

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
export type ActiveRulesWire = z.infer<ReturnType<typeof ActiveRulesWireSchema>>;
/** The rules in force at a timestamp. Rule names are PascalCase as sent (`IsDurango`). */
export interface ActiveRules {
    ethRules: Record<string, boolean>;
    /** `avalancheRules` or `networkRules` on the wire. */
    networkRules: Record<string, boolean>;
    /** Active precompiles and when each was activated (Unix seconds), ordered by name. */
    precompiles: { name: string; timestamp?: number }[];
}
export function normalizeActiveRules(wire: ActiveRulesWire): ActiveRules {
    return {
        ethRules: { ...wire.ethRules },
        networkRules: { ...wire.avalancheRules, ...wire.networkRules },
        precompiles: sortedEntries(wire.precompiles).map(([name, value]) =>
            value.timestamp == null ? { name } : { name, timestamp: toNumber(value.timestamp) },
        ),
    };
}

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

export const CurrentValidatorWireSchema = lazy(() =>
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
export function normalizeCurrentValidator(wire: CurrentValidatorWire): CurrentValidator {
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

export const CurrentValidatorsWireSchema = lazy(() =>
    z.object({ validators: listWire(CurrentValidatorWireSchema()) }),
);
export type CurrentValidatorsWire = z.infer<ReturnType<typeof CurrentValidatorsWireSchema>>;
export interface CurrentValidators {
    validators: CurrentValidator[];
}
export function normalizeCurrentValidators(wire: CurrentValidatorsWire): CurrentValidators {
    return { validators: listOf(wire.validators).map(normalizeCurrentValidator) };
}

// ---------------------------------------------------------------------------------------------
// Standard eth_* (geth shapes, as served by coreth and Subnet-EVM)

export const SmallHexWireSchema = lazy(() => smallHexWire());
export type SmallHexWire = z.infer<ReturnType<typeof SmallHexWireSchema>>;
/** A hex quantity as a number: chain id, block number. */
export function normalizeSmallHex(wire: SmallHexWire): number {
    return hexToNumber(wire);
}

export const HexWireSchema = lazy(() => hexWire());
export type HexWire = z.infer<ReturnType<typeof HexWireSchema>>;
/** A hex quantity as a decimal string (bigint-safe): balances in wei. */
export function normalizeHexDecimal(wire: HexWire): string {
    return hexToDecimal(wire);
}

export const CodeWireSchema = lazy(() =>
    z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected hex bytes'),
);
export type CodeWire = z.infer<ReturnType<typeof CodeWireSchema>>;
/** Contract bytecode as lower-case hex; `0x` for an account without code. */
export function normalizeCode(wire: CodeWire): string {
    return wire.toLowerCase();
}

export const RpcTransactionWireSchema = lazy(() =>
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
export function normalizeRpcTransaction(wire: RpcTransactionWire): RpcTransaction {
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

export const MaybeRpcTransactionWireSchema = lazy(() => RpcTransactionWireSchema().nullable());
export type MaybeRpcTransactionWire = z.infer<ReturnType<typeof MaybeRpcTransactionWireSchema>>;
/** Null when the node does not know the transaction. */
export function normalizeMaybeRpcTransaction(wire: MaybeRpcTransactionWire): RpcTransaction | null {
    return wire === null ? null : normalizeRpcTransaction(wire);
}

export const RpcLogWireSchema = lazy(() =>
    z.object({
        address: z.string(),
        topics: listWire(z.string()),
        data: z.string(),
        logIndex: smallHexWire().nullish(),
        removed: z.boolean().nullish(),
    }),
);
export type RpcLogWire = z.infer<ReturnType<typeof RpcLogWireSchema>>;
export interface RpcLog {
    address: string;
    topics: string[];
    data: string;
    logIndex?: number;
    removed: boolean;
}

export const RpcReceiptWireSchema = lazy(() =>
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
export function normalizeRpcReceipt(wire: RpcReceiptWire): RpcReceipt {
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

export const MaybeRpcReceiptWireSchema = lazy(() => RpcReceiptWireSchema().nullable());
export type MaybeRpcReceiptWire = z.infer<ReturnType<typeof MaybeRpcReceiptWireSchema>>;
/** Null when the transaction is unknown or not yet mined. */
export function normalizeMaybeRpcReceipt(wire: MaybeRpcReceiptWire): RpcReceipt | null {
    return wire === null ? null : normalizeRpcReceipt(wire);
}

export const RpcBlockWireSchema = lazy(() =>
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
        transactions: z.union([z.array(z.string()), z.array(RpcTransactionWireSchema())]).nullish(),
    }),
);
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
}
export function normalizeRpcBlock(wire: RpcBlockWire): RpcBlock {
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
    return block;
}

export const MaybeRpcBlockWireSchema = lazy(() => RpcBlockWireSchema().nullable());
export type MaybeRpcBlockWire = z.infer<ReturnType<typeof MaybeRpcBlockWireSchema>>;
/** Null when the block does not exist (yet). */
export function normalizeMaybeRpcBlock(wire: MaybeRpcBlockWire): RpcBlock | null {
    return wire === null ? null : normalizeRpcBlock(wire);
}
