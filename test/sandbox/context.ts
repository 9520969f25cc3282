/** What the three servers share: datasets, live settings, URLs, export operations and holds. */
import type { Dataset } from './dataset';
import type { SandboxNetwork, SandboxSettings, SandboxUrls } from './types';

/** A P-Chain transaction status the control route set (platform.getTxStatus's answer). */
export interface HeldPTxStatus {
    readonly status: 'Processing' | 'Committed' | 'Aborted' | 'Dropped' | 'Unknown';
    /** AvalancheGo sets `reason` for a dropped transaction only. */
    readonly reason?: string | undefined;
}

/**
 * State the control route changes for watch-list tests: transactions held before their block,
 * P-Chain statuses. Balances are changed on the validator records themselves.
 */
export interface SandboxHolds {
    /** EVM transaction hashes (lower case) the node answers as still in its mempool. */
    readonly pendingEvmTxs: Set<string>;
    /** P-Chain transaction ids whose status is set here rather than read from the blocks. */
    readonly pTxStatuses: Map<string, HeldPTxStatus>;
}

export interface SandboxContext {
    dataset(network: SandboxNetwork): Dataset;
    readonly settings: SandboxSettings;
    readonly urls: SandboxUrls;
    readonly nodeNetwork: SandboxNetwork;
    readonly holds: SandboxHolds;
}
