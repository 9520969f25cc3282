/**
 * What the Helicon network upgrade (AvalancheGo v1.15,
 * https://github.com/ava-labs/avalanchego/blob/v1.15.0-fuji/RELEASES.md) changes in how the views
 * read a node's answers: the staking rules in force (ACP-267's uptime requirement, ACP-273's
 * minimum staking duration), the two heights of a C-Chain that executes asynchronously (ACP-194),
 * and the C-Chain methods it no longer serves. Each rule is decided from what the node says of
 * itself (`info.upgrades`' `heliconTime`, a block's `settledHeight`), never from the date alone.
 * Pure and free of the schemas (type imports only), so that tree rendering may import it.
 */
import type { NetworkUpgrades, RpcBlock } from './schemas';

/** AvalancheGo's placeholder date (9999-12-01) for an upgrade that is not scheduled. */
const unscheduledFromMs = Date.UTC(9000, 0, 1);

/**
 * When Helicon activates on the node's network (Unix ms), from `info.upgrades`' `heliconTime`;
 * undefined when the node does not name it (before v1.15) or schedules it at the placeholder date.
 */
export function heliconActivationMs(upgrades: NetworkUpgrades | undefined): number | undefined {
    const helicon = upgrades?.upgrades.find((u) => u.key === 'heliconTime');
    if (!helicon || !Number.isFinite(helicon.timeMs) || helicon.timeMs >= unscheduledFromMs) {
        return undefined;
    }
    return helicon.timeMs;
}

/** True when the node's `info.upgrades` says Helicon is active at `nowMs`. */
export function heliconActive(upgrades: NetworkUpgrades | undefined, nowMs: number): boolean {
    const at = heliconActivationMs(upgrades);
    return at !== undefined && at <= nowMs;
}

/** The primary network's staking rules a view judges uptime and durations by. */
export interface StakingRules {
    /** True when the rules are Helicon's. */
    readonly helicon: boolean;
    /** Uptime a validator needs for its reward, percent (80 before Helicon, 90 since: ACP-267). */
    readonly uptimeRequirementPercent: number;
    /**
     * Shortest staking period in seconds (ACP-273); undefined on a network whose genesis
     * parameters the extension does not know (a local or custom network).
     */
    readonly minStakeDurationSeconds?: number;
    /** Where the rule comes from, for a tooltip. */
    readonly source: string;
}

const hour = 3600;

/**
 * The staking rules in force on a network: AvalancheGo's MainnetParams and FujiParams
 * (genesis/genesis_mainnet.go, genesis_fuji.go) before Helicon; after it, ACP-267
 * (https://github.com/avalanche-foundation/ACPs/tree/main/ACPs/267-uptime-requirement-increase:
 * 80% to 90%) and ACP-273
 * (https://github.com/avalanche-foundation/ACPs/tree/main/ACPs/273-reduce-minimum-staking-duration:
 * 48 hours on Mainnet, 12 hours on Fuji, as v1.15.0's release notes put it). Other networks keep
 * the uptime rule (AvalancheGo's LocalParams also ask 80%) and no duration.
 */
export function stakingRules(networkId: number | undefined, helicon: boolean): StakingRules {
    const source = helicon
        ? 'Helicon (ACP-267, ACP-273), active per the node’s info.upgrades'
        : 'before Helicon, per the node’s info.upgrades';
    const uptimeRequirementPercent = helicon ? 90 : 80;
    let minStakeDurationSeconds: number | undefined;
    if (networkId === 1) minStakeDurationSeconds = helicon ? 48 * hour : 14 * 24 * hour;
    else if (networkId === 5) minStakeDurationSeconds = helicon ? 12 * hour : 24 * hour;
    return minStakeDurationSeconds === undefined
        ? { helicon, uptimeRequirementPercent, source }
        : { helicon, uptimeRequirementPercent, minStakeDurationSeconds, source };
}

/** Where an EVM chain's head stands: the last executed block and, under ACP-194, the last settled. */
export interface ChainHeights {
    /** `latest`: the last block accepted (and, since Helicon, executed). */
    readonly executed: number;
    /**
     * `safe`/`finalized` on Helicon's C-Chain: the last block whose execution is settled, as the
     * latest block names it (`settledHeight`). Undefined on a chain without ACP-194, where an
     * accepted block is final at once.
     */
    readonly settled?: number;
}

/** The heights a chain's latest block tells. */
export function chainHeights(latest: Pick<RpcBlock, 'number' | 'settlement'>): ChainHeights {
    const settled = latest.settlement?.settledHeight;
    return settled === undefined || settled > latest.number
        ? { executed: latest.number }
        : { executed: latest.number, settled };
}

/**
 * What a block is on its chain: `final` (accepted on a chain that settles at once, or settled
 * under ACP-194), `executed` (above the settled height: executed, not yet settled), `unknown`
 * (above the chain's head as read).
 */
export type BlockFinality = 'final' | 'executed' | 'unknown';

/**
 * Whether `blockNumber` is final. A block is never called final because `latest` passed it on an
 * ACP-194 chain: only the settled height says so.
 */
export function blockFinality(blockNumber: number, heights: ChainHeights): BlockFinality {
    if (blockNumber > heights.executed) return 'unknown';
    if (heights.settled === undefined) return 'final';
    return blockNumber <= heights.settled ? 'final' : 'executed';
}

/** The heights as one line: `executed #120 · settled #118` or `#120`. */
export function describeHeights(heights: ChainHeights): string {
    return heights.settled === undefined
        ? `#${heights.executed}`
        : `executed #${heights.executed} · settled #${heights.settled}`;
}

/**
 * How many blocks were accepted on top of a block, said so that it never reads as finality on an
 * ACP-194 chain: `5 confirmations` before Helicon; `5 blocks on top, settled` or `…, executed, not
 * yet settled (settled through #118)` on Helicon's C-Chain.
 */
export function describeConfirmations(blockNumber: number, heights: ChainHeights): string {
    const depth = heights.executed - blockNumber;
    if (depth < 0) return 'above the head the node reported';
    if (heights.settled === undefined) return `${depth} confirmation${depth === 1 ? '' : 's'}`;
    const onTop = `${depth} block${depth === 1 ? '' : 's'} on top`;
    return blockNumber <= heights.settled
        ? `${onTop}, settled`
        : `${onTop}, executed, not yet settled (settled through #${heights.settled})`;
}

/**
 * The C-Chain methods Helicon removed (RELEASES.md v1.15.0: the `admin`, `warp` and `personal`
 * namespaces, `eth_accounts`, `eth_coinbase`, and the `debug_*` methods that are not traces; the
 * recordings of v1.15.0-fuji answer -32601 to each kind).
 */
export function removedOnHeliconCChain(method: string): boolean {
    if (/^(admin|warp|personal)_/.test(method)) return true;
    if (method === 'eth_accounts' || method === 'eth_coinbase') return true;
    return method.startsWith('debug_') && !method.startsWith('debug_trace');
}

/** Why a removed method is not offered, one sentence. */
export function removedMethodReason(method: string): string {
    return `${method} is not served by the C-Chain since Helicon (AvalancheGo v1.15 removed the admin, warp and personal namespaces, eth_accounts, eth_coinbase and the debug_ methods that are not traces).`;
}

/**
 * True when `path` is the C-Chain's JSON-RPC endpoint on a node: `/ext/bc/C/rpc`, or the chain's
 * id in place of `C` when the id is known.
 */
export function isCChainRpcPath(path: string, cChainId?: string): boolean {
    const m = /^\/ext\/bc\/([^/]+)\/rpc\/?$/.exec(path);
    if (!m) return false;
    return m[1] === 'C' || (cChainId !== undefined && m[1] === cChainId);
}
