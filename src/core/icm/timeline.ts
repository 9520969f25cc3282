/**
 * The shape of an ICM message's timeline and what tracing one needs: the chains it may touch
 * (`IcmChain`, `IcmDirectory`), the options and their defaults, and the timeline the trace
 * (`trace.ts`) returns and the panel, the watch list and the agent read.
 */
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import type { DecodeResult } from '../abi/types';
import type { ContractKnowledge } from '../workspace/knowledge';

import { type IcmFee, type TeleporterMessageFields } from './events';

/** A chain an ICM message touches, as the extension can reach it. */
export interface IcmChain {
    readonly name: string;
    /** `0x` + 64 hex digits. */
    readonly blockchainId: string;
    readonly evmChainId?: string | undefined;
    /** Where its JSON-RPC is asked; undefined when it cannot be (see `unreachable`). */
    readonly rpc?: RpcTarget | undefined;
    /** `host:port` of the RPC, for the timeline. */
    readonly rpcHost?: string | undefined;
    /** Why the chain cannot be asked, completing "cannot be read: …". */
    readonly unreachable?: string | undefined;
    /** The TeleporterMessenger a discovery file names on this chain (Interchain Kit). */
    readonly messenger?: string | undefined;
    /** Where the extension learnt of the chain (`Data API`, `Interchain Kit`, `node`…). */
    readonly knownFrom?: string | undefined;
    /** The subnet (L1) that validates the chain, cb58, when a source names it. */
    readonly subnetId?: string | undefined;
}

/** What the extension knows of chains and relayers, asked by the tracker. */
export interface IcmDirectory {
    /** The chain with blockchain id `blockchainId` (`0x` hex), or undefined when none is known. */
    chain(blockchainId: string, signal?: AbortSignal): Promise<IcmChain | undefined>;
    /** Relayer addresses known on this machine (Interchain Kit's), lower-case. */
    readonly relayers?: readonly string[] | undefined;
    /** Public networks (mainnet, Fuji): a message without a fee may wait for a paid relayer. */
    readonly publicNetwork?: boolean | undefined;
    /**
     * A sentence when the L1 of the source chain has validators inactive or short of balance on
     * the P-Chain, so no quorum can sign its messages; undefined when all is well or unknown.
     * Asked only for an undelivered message.
     */
    sourceValidators?(source: IcmChain, signal?: AbortSignal): Promise<string | undefined>;
    /**
     * The message as an index knows it (the Data API's `getIcmMessage`, on Mainnet and Fuji):
     * where it was sent and delivered. Undefined when the index does not have it. What it says is
     * only where to look: every step is still read, and believed, from the chains themselves.
     */
    indexedMessage?(messageId: string, signal?: AbortSignal): Promise<IcmIndexed | undefined>;
    /**
     * What the relayer on this machine says of the pair (unhealthy, or failing its relays with
     * their reasons), as sentences; asked only for an undelivered message.
     */
    relayerReasons?(
        source: IcmChain,
        destination: IcmChain,
        signal?: AbortSignal,
    ): Promise<string[]>;
}

/** What an index (the Data API) says of a message: hashes to read, and what it has seen. */
export interface IcmIndexed {
    /** The EVM chain the index says sent it: a source transaction elsewhere is not read. */
    readonly sourceEvmChainId?: string | undefined;
    readonly sourceTxHash?: string | undefined;
    readonly destinationTxHash?: string | undefined;
    /**
     * The index has seen the receipt come back to the source. The source's own search for it is
     * made whatever this says: an index lags the chain.
     */
    readonly receiptDelivered: boolean;
}

/** What to follow: a source transaction, or a message id sent from `source`. */
export interface IcmQuery {
    readonly source: IcmChain;
    readonly txHash?: string | undefined;
    readonly messageId?: string | undefined;
}

/** Bounds of one trace. */
export interface IcmTraceOptions {
    /** Blocks one `eth_getLogs` asks over (public endpoints refuse more than 2048). */
    readonly windowBlocks?: number;
    /** Windows asked per chain, back from the head: the depth of the search. */
    readonly maxWindows?: number;
    /** Source blocks after the send past which an undelivered message is called stuck. */
    readonly stuckAfterBlocks?: number;
    readonly signal?: AbortSignal | undefined;
    /**
     * The workspace's contracts: the payload is decoded as a call of the destination contract's
     * ABI (its deployment record's artifact first, then the workspace's), where one has its
     * selector. A promise is awaited only when the payload is decoded, at the end: a workspace
     * still being read delays no request (#38).
     */
    readonly contracts?: ContractKnowledge | PromiseLike<ContractKnowledge | undefined> | undefined;
}

/** Defaults of {@link IcmTraceOptions}. */
export const icmTraceDefaults = {
    windowBlocks: 2048,
    maxWindows: 8,
    stuckAfterBlocks: 60,
} as const;

/** Logs considered of one `eth_getLogs` answer: a filter on one message id matches a handful. */
export const maxLogsPerAnswer = 64;

/** Where a chain of the timeline is, in words. */
export interface IcmChainRef {
    readonly name: string;
    /** cb58. */
    readonly blockchainId: string;
    readonly evmChainId?: string | undefined;
    readonly rpcHost?: string | undefined;
    readonly knownFrom?: string | undefined;
}

/** A transaction of the timeline. */
export interface IcmStep {
    readonly txHash?: string | undefined;
    readonly block?: number | undefined;
}

/** How far a message got. */
export type IcmState =
    'notFound' | 'sent' | 'delivered' | 'executed' | 'executionFailed' | 'receipted';

/** One message followed as far as it went. */
export interface IcmTimeline {
    readonly messageId: string;
    readonly state: IcmState;
    /** True when nothing more will happen without someone acting: polling may stop. */
    readonly final: boolean;
    readonly source: IcmChainRef;
    readonly destination?: (IcmChainRef & { readonly known: boolean }) | undefined;
    readonly sent?:
        | (IcmStep & {
              readonly messenger: string;
              readonly message: TeleporterMessageFields;
              readonly fee: IcmFee;
              readonly warpMessageId?: string | undefined;
              /** `matches`: recomputed from its contents; `unchecked`: the source id is unknown. */
              readonly idCheck: 'matches' | 'unchecked';
              /** The payload decoded as a call of the destination contract's workspace ABI. */
              readonly payloadCall?: DecodeResult | undefined;
          })
        | undefined;
    readonly delivered?:
        (IcmStep & { readonly deliverer: string; readonly rewardRedeemer: string }) | undefined;
    readonly executed?: IcmStep | undefined;
    readonly executionFailed?: IcmStep | undefined;
    readonly receipt?:
        (IcmStep & { readonly relayerRewardAddress: string; readonly fee: IcmFee }) | undefined;
    /** Other messages the same source transaction sent (their ids). */
    readonly siblings: readonly string[];
    /** Why the message is not further, in order, as sentences. */
    readonly stuck: readonly string[];
    /** Logs not believed, chains not read, as sentences. */
    readonly warnings: readonly string[];
    /** The block ranges searched, per side. */
    readonly searched: {
        readonly source?: { readonly from: number; readonly to: number } | undefined;
        readonly destination?: { readonly from: number; readonly to: number } | undefined;
    };
    /**
     * The delivery whose execution failed, for its trace: the hook the transaction trace panel
     * opens (`retryMessageExecution` re-runs the call with more gas).
     */
    readonly failedExecution?: { readonly chain: IcmChainRef; readonly txHash: string } | undefined;
    /** JSON-RPC round trips, per chain name (the bench's budget is three). */
    readonly roundTrips: Readonly<Record<string, number>>;
}
