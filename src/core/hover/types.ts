/**
 * What a hover learns live about an identifier, as plain JSON-safe data: the resolver fills it
 * from the Data API and the node, the hover cache keeps it, the Markdown builders render it, and
 * "Open details" shows it as read-only JSON. Every string in here may come from a chain or an
 * API, so nothing is Markdown yet; the builders escape each value on the way out.
 */
import type { AutoRenewedTxFields, AutoRenewedValidatorConfig } from '../nodeRpc/primarySchemas';

/**
 * The network a hover looks things up on: the two the Data API serves, or `local`, the selected
 * node's own network, of which the Data API knows nothing (so hovers ask only the node).
 */
export type HoverNetwork = 'mainnet' | 'fuji' | 'local';

/** The networks the Data API serves. */
export type DataApiNetwork = Exclude<HoverNetwork, 'local'>;

/** Which service a failure came from, as hovers name it. */
export type HoverService = 'Data API' | 'node' | 'chain RPC';

/** Kinds of failure that get their own calm line. */
export type CalmErrorKind =
    | 'rateLimited'
    | 'unauthorized'
    | 'unreachable'
    | 'timeout'
    | 'unavailable'
    | 'format'
    | 'rpc'
    | 'nodeApi'
    | 'invalid'
    | 'other';

/**
 * A failure reduced to what one calm hover line needs. `detail` is plain text (escaped when
 * rendered); `retryAt` is an absolute time (ms since the epoch), so a cached line can count down.
 */
export interface CalmError {
    readonly kind: CalmErrorKind;
    readonly service: HoverService;
    /** What was being looked up when it failed ("contract check", "balances"). */
    readonly during?: string | undefined;
    readonly detail?: string | undefined;
    readonly retryAt?: number | undefined;
    /** True when an API key would help (a Data API rate limit or a refused key). */
    readonly suggestApiKey: boolean;
}

/**
 * Where a live answer came from, so the hover can say it: the Data API, or an EVM JSON-RPC
 * endpoint (the node's, or the chain's own RPC URL) and why the Data API was not the one.
 */
export interface HoverSource {
    readonly service: HoverService;
    /** Which of the node's APIs answered (`P-Chain API`); JSON-RPC of an EVM chain when unset. */
    readonly api?: string | undefined;
    /** `host:port` of the JSON-RPC endpoint asked. */
    readonly endpoint?: string | undefined;
    /** The chain the endpoint answered for. */
    readonly chainName?: string | undefined;
    /** Plain text completing "because the Data API …" ("is rate-limiting requests (429)"). */
    readonly because?: string | undefined;
}

/** An EVM chain as hovers name it. */
export interface HoverChain {
    /** EVM chain id as a decimal string (`43114`). */
    readonly evmChainId: string;
    /** cb58 blockchain id, when the Data API says. */
    readonly blockchainId?: string | undefined;
    readonly name: string;
    /** Native token. */
    readonly symbol: string;
    readonly decimals: number;
    readonly rpcUrl?: string | undefined;
    /** The chain's own explorer (http(s) only when used as a link). */
    readonly explorerUrl?: string | undefined;
    readonly subnetId?: string | undefined;
    readonly vmId?: string | undefined;
    /** True for the primary network's C-Chain (43114, 43113). */
    readonly isCChain: boolean;
    readonly network?: HoverNetwork | undefined;
}

/** A token balance row. Amounts are integers in the smallest unit, as strings. */
export interface HoverTokenBalance {
    readonly address: string;
    readonly name: string;
    readonly symbol: string;
    readonly decimals: number;
    readonly balance: string;
    /** Value in USD, when the Data API knows a price. */
    readonly usd?: number | undefined;
}

/** A transaction row of an address's latest transactions. */
export interface HoverTxRow {
    readonly txHash: string;
    readonly timestamp: number;
    /** Method name, or the call type when the method is unknown. */
    readonly method: string;
    readonly value: string;
    readonly from: string;
    readonly to: string;
    readonly success: boolean;
}

/** What the code at an address is, when it is a token contract. */
export interface HoverTokenContract {
    /** `ERC-20`, `ERC-721`, `ERC-1155` (as the Data API names the standard). */
    readonly ercType: string;
    readonly name?: string | undefined;
    readonly symbol?: string | undefined;
    readonly decimals?: number | undefined;
}

/** An EVM address on one chain. */
export interface EvmAddressLive {
    readonly kind: 'evmAddress';
    readonly address: string;
    readonly chain: HoverChain;
    readonly native?: HoverTokenBalance | undefined;
    /** The largest ERC-20 balances by value, spam left out. */
    readonly tokens?: readonly HoverTokenBalance[] | undefined;
    /** Non-spam ERC-20 balances on the page read (more exist when `moreTokens`). */
    readonly tokenCount?: number | undefined;
    readonly moreTokens?: boolean | undefined;
    /** Balances the Data API marks as malicious, left out of `tokens`. */
    readonly spamHidden?: number | undefined;
    /** Undefined when the code could not be read. */
    readonly isContract?: boolean | undefined;
    /**
     * The runtime code, kept (up to the EIP-170 limit) so the workspace can name the contract by
     * an exact bytecode match.
     */
    readonly code?: string | undefined;
    readonly token?: HoverTokenContract | undefined;
    readonly recent?: readonly HoverTxRow[] | undefined;
    readonly moreTransactions?: boolean | undefined;
    /** Transactions sent from the address (JSON-RPC answers only). */
    readonly nonce?: number | undefined;
    readonly source?: HoverSource | undefined;
    /** Other chains of the node that know the address too. */
    readonly alsoOn?: readonly string[] | undefined;
    /** Parts that could not be read; the rest of the hover still shows. */
    readonly notes: readonly CalmError[];
}

/** A token transfer inside a transaction, in brief. */
export interface HoverTransfer {
    readonly ercType: string;
    readonly from: string;
    readonly to: string;
    /** Amount in the smallest unit; absent for ERC-721. */
    readonly value?: string | undefined;
    readonly tokenId?: string | undefined;
    readonly symbol?: string | undefined;
    readonly name?: string | undefined;
    readonly decimals?: number | undefined;
}

/** An internal call inside a transaction, in brief. */
export interface HoverInternalCall {
    readonly type: string;
    readonly from: string;
    readonly to: string;
    readonly value: string;
    readonly reverted: boolean;
}

/** A teleporter (ICM) message a transaction sent or received. */
export interface HoverTeleporter {
    readonly messageId: string;
    readonly direction: string;
    readonly sourceChainId?: string | undefined;
    readonly sourceChainName?: string | undefined;
    readonly destinationChainId?: string | undefined;
    readonly destinationChainName?: string | undefined;
}

/** An EVM transaction. */
export interface EvmTxLive {
    readonly kind: 'evmTx';
    readonly chain: HoverChain;
    readonly txHash: string;
    readonly success: boolean;
    /** Known to the chain but not yet in a block (JSON-RPC answers only). */
    readonly pending?: boolean | undefined;
    /**
     * Blocks on top of its block, said as finality allows (JSON-RPC answers only): plain
     * confirmations, or on Helicon's C-Chain whether it is settled (ACP-194).
     */
    readonly confirmations?: string | undefined;
    /** Empty while pending. */
    readonly blockNumber: string;
    /** Unix seconds; 0 when the block's time could not be read. */
    readonly timestamp: number;
    readonly from: string;
    /** Empty for a contract creation. */
    readonly to: string;
    readonly value: string;
    readonly symbol: string;
    readonly decimals: number;
    readonly method?: string | undefined;
    readonly gasUsed: string;
    readonly gasLimit: string;
    readonly gasPrice: string;
    readonly transfers: readonly HoverTransfer[];
    readonly transferCount: number;
    readonly internal: readonly HoverInternalCall[];
    readonly internalCount: number;
    readonly teleporter?: HoverTeleporter | undefined;
    /** Event logs the receipt holds (JSON-RPC answers only). */
    readonly logCount?: number | undefined;
    /** The call data, decoded with the workspace's ABIs when the hover is drawn. */
    readonly input?: string | undefined;
    /** Fee paid in the smallest unit: gas used × effective gas price (JSON-RPC answers only). */
    readonly fee?: string | undefined;
    readonly source?: HoverSource | undefined;
    readonly alsoOn?: readonly string[] | undefined;
    readonly notes: readonly CalmError[];
    /** Why a failed transaction failed, read from its node's call trace. */
    readonly failure?: HoverTxFailure | undefined;
}

/**
 * The call a failed transaction failed in first, with how many calls passed it up; or why the
 * node could not say. `reason` is worded with the built-in signatures when it is read; the
 * revert data is kept (bounded) so that the hover words a custom error with the workspace's ABIs.
 */
export type HoverTxFailure =
    | {
          readonly status: 'found';
          /** The contract that failed first (lower case); undefined for a failed creation. */
          readonly to?: string | undefined;
          /** Its name when it is a precompile. */
          readonly precompile?: string | undefined;
          /** Its runtime code (bounded), to name it by the workspace's artifacts. */
          readonly code?: string | undefined;
          /** The revert data, `0x` when none (or too long to keep). */
          readonly output: string;
          readonly reason: string;
          readonly pathLength: number;
      }
    | { readonly status: 'unavailable'; readonly reason: string };

/** An EVM block, found by its hash. */
export interface EvmBlockLive {
    readonly kind: 'evmBlock';
    readonly chain: HoverChain;
    readonly blockHash: string;
    readonly blockNumber: string;
    readonly timestamp: number;
    readonly txCount: number;
    readonly moreTransactions: boolean;
    readonly gasUsed?: string | undefined;
    /** The block's producer as the chain reports it (coreth reports the zero address). */
    readonly miner?: string | undefined;
    /** As on {@link EvmTxLive}: blocks on top, and on Helicon's C-Chain whether it is settled. */
    readonly confirmations?: string | undefined;
    readonly source?: HoverSource | undefined;
    readonly alsoOn?: readonly string[] | undefined;
    readonly notes: readonly CalmError[];
}

/** A P-Chain or X-Chain transaction, found among the latest blocks or AVAX transactions. */
export interface PrimaryTxLive {
    readonly kind: 'primaryTx';
    readonly chain: 'P' | 'X';
    readonly txId: string;
    readonly network: HoverNetwork;
    readonly blockNumber?: string | undefined;
    readonly blockType?: string | undefined;
    readonly txType?: string | undefined;
    /** `Committed`, `Processing`, `Dropped` … as the node's getTxStatus says (node answers only). */
    readonly status?: string | undefined;
    readonly timestamp?: number | undefined;
    readonly memo?: string | undefined;
    /** The staker transaction a reward or a settings change is about (node answers only). */
    readonly stakerTxId?: string | undefined;
    /** What an ACP-236 transaction sets (node answers only). */
    readonly autoRenewed?: AutoRenewedTxFields | undefined;
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** Balance of one asset held by a primary-network address. */
export interface HoverAssetBalance {
    readonly assetId: string;
    readonly name: string;
    readonly symbol: string;
    readonly denomination: number;
    /** Sum over the UTXOs read, in the smallest unit. */
    readonly amount: string;
    /** The part of `amount` that is staked (P-Chain), in the smallest unit. */
    readonly staked: string;
}

/** What one chain (P, X or C) holds for a primary-network address. */
export interface HoverUtxoSummary {
    readonly chain: 'P' | 'X' | 'C';
    readonly utxoCount: number;
    /** More UTXOs exist than were read. */
    readonly more: boolean;
    readonly balances: readonly HoverAssetBalance[];
}

/** A P-/X-/C-Chain bech32 address. */
export interface PnAddressLive {
    readonly kind: 'pnAddress';
    readonly address: string;
    readonly network: HoverNetwork;
    readonly chains: readonly HoverUtxoSummary[];
    readonly notes: readonly CalmError[];
}

/** An L1 validation of a node, from the Data API. */
export interface HoverL1Validation {
    readonly validationId: string;
    readonly nodeId: string;
    readonly subnetId: string;
    /** The L1's first blockchain name, when the subnet list has it. */
    readonly subnetName?: string | undefined;
    /** A uint64, as a decimal string. */
    readonly weight: string;
    /** nAVAX left to pay the L1 validation fee, as a decimal string. */
    readonly remainingBalance: string;
    readonly active: boolean;
    readonly creationTimestamp: number;
}

/** A validator as the connected node's validators API reports it. */
export interface HoverNodeValidator {
    /** Where the node was asked: the C-Chain (primary network) or an L1 chain. */
    readonly chainName: string;
    readonly weight: string;
    readonly uptimePercentage?: number | undefined;
    readonly connected?: boolean | undefined;
    readonly startTimestamp?: number | undefined;
    /** An auto-renewed primary network validator's settings (ACP-236). */
    readonly autoRenewed?: AutoRenewedValidatorConfig | undefined;
}

/** A `NodeID-…`. */
export interface NodeIdLive {
    readonly kind: 'nodeId';
    readonly nodeId: string;
    readonly network: HoverNetwork;
    /** L1 validations; undefined when the Data API could not be read. */
    readonly l1Validations?: readonly HoverL1Validation[] | undefined;
    /** The node's primary-network view; null when the node does not list it as a validator. */
    readonly primary?: HoverNodeValidator | null | undefined;
    /** The node's view of the first L1 the node validates, when the node serves that chain. */
    readonly l1OnNode?: HoverNodeValidator | null | undefined;
    /** As a peer of the connected node; null when it is not connected to it. */
    readonly peer?: {
        readonly version?: string | undefined;
        readonly trackedSubnets: number;
    } | null;
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** A blockchain id. */
export interface BlockchainLive {
    readonly kind: 'blockchain';
    readonly blockchainId: string;
    readonly network: HoverNetwork;
    readonly name: string;
    readonly vmId?: string | undefined;
    /** A readable VM name when the VM id is a well-known one. */
    readonly vmName?: string | undefined;
    readonly subnetId?: string | undefined;
    readonly evmChainId?: string | undefined;
    readonly isL1?: boolean | undefined;
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** A subnet id. */
export interface SubnetLive {
    readonly kind: 'subnet';
    readonly subnetId: string;
    readonly network: HoverNetwork;
    readonly isL1: boolean;
    readonly owners: readonly string[];
    readonly threshold: number;
    readonly blockchains: readonly {
        readonly blockchainId: string;
        readonly name: string;
        readonly evmChainId?: number | string | undefined;
    }[];
    readonly createdAt: number;
    readonly conversionTx?: string | undefined;
    readonly validatorManager?: { readonly blockchainId: string; readonly address: string };
    /** Active L1 validators (Data API); undefined when unknown. */
    readonly validatorCount?: number | undefined;
    readonly moreValidators?: boolean | undefined;
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** An X-Chain asset id. */
export interface AssetLive {
    readonly kind: 'asset';
    readonly assetId: string;
    readonly network: HoverNetwork;
    readonly name: string;
    readonly symbol: string;
    readonly denomination: number;
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** An L1 validation id. */
export interface L1ValidationLive {
    readonly kind: 'l1Validation';
    readonly network: HoverNetwork;
    readonly validation: HoverL1Validation;
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** Nothing was found where the hover looked. */
export interface NotFoundLive {
    readonly kind: 'notFound';
    /** Plain-text list of where it looked ("C-Chain transactions", "P-Chain blocks"). */
    readonly searched: readonly string[];
    readonly network?: HoverNetwork | undefined;
    /** What was asked and where, when the services could not answer and a node was asked. */
    readonly source?: HoverSource | undefined;
    readonly notes: readonly CalmError[];
}

/** The identifier is valid but no service can answer for it (a `local1…` address). */
export interface UnsupportedLive {
    readonly kind: 'unsupported';
    readonly reason: string;
    readonly notes: readonly CalmError[];
}

/** Everything the live part of a hover can show. */
export type LiveResult =
    | EvmAddressLive
    | EvmTxLive
    | EvmBlockLive
    | PrimaryTxLive
    | PnAddressLive
    | NodeIdLive
    | BlockchainLive
    | SubnetLive
    | AssetLive
    | L1ValidationLive
    | NotFoundLive
    | UnsupportedLive;
