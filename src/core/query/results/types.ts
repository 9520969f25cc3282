/**
 * The contract between the query runner and the per-endpoint view builders: a builder turns one
 * normalised result into the header of a panel (title, overview fields, sections) and, for list
 * results, each item into a row of the main table. Builders are pure and see hostile data: every
 * string goes through the cell constructors, which keep it as text.
 */
import type { RpcReceipt } from '../../nodeRpc/schemas';
import type { CanonicalValidatorSet } from '../../warp';
import type { ContractKnowledge } from '../../workspace/knowledge';
import type { NodeQuery, QueryRequest } from '../../../shared/query';
import type { Cell, Column, Field, Section, Tone } from '../../../shared/viewModel';

/** What builders know besides the result. */
export interface ViewContext {
    /** The network of the query, or the selected one when the query has none. */
    readonly network: string;
    /** The native token of the EVM chain of the query, when known. */
    readonly nativeToken?: { readonly symbol: string; readonly decimals: number } | undefined;
    /** The node a node query went to. */
    readonly nodeUrl?: string | undefined;
    /** "Now" for relative badges (scheduled upgrades…); injectable for tests. */
    readonly nowMs?: number | undefined;
    /** The workspace's contracts: names of addresses, ABIs that decode calls, logs, reverts. */
    readonly contracts?: ContractKnowledge | undefined;
    /** The EVM chain id of a node query's chain, when it was asked. */
    readonly evmChainId?: string | undefined;
    /** What a transaction read from a node comes with. */
    readonly evmTx?: EvmTransactionExtras | undefined;
    /** The validator set a Warp message's signer bits are mapped on, or why it is missing. */
    readonly warpValidators?: WarpValidators | undefined;
}

/**
 * The canonical validator set that signed a Warp message as read from a node (`readWarpValidators`
 * in core/query/warpValidators.ts), with the P-Chain height it was read at, the subnet's name for
 * the panel and why that subnet signs; or why it could not be read.
 */
export type WarpValidators =
    | {
          readonly subnet: string;
          readonly subnetId?: string | undefined;
          /** Why this subnet's validators are the signers, as a clause. */
          readonly reason?: string | undefined;
          readonly height: string;
          readonly set: CanonicalValidatorSet;
      }
    | { readonly error: string };

/** The receipt of a transaction read from a node and, when it failed, its revert data. */
export interface EvmTransactionExtras {
    readonly receipt?: RpcReceipt | null | undefined;
    readonly receiptError?: string | undefined;
    /** The revert data of a replay (`0x` when it reverted without any). */
    readonly revertData?: string | undefined;
    /** Why no revert data is known. */
    readonly revertError?: string | undefined;
    /** The runtime code of the contract called or created, which names it when no record does. */
    readonly code?: string | undefined;
}

/** Everything of a panel except the rows of its main table. */
export interface ViewHeader {
    readonly title: string;
    readonly subtitle?: string | undefined;
    readonly notice?: { readonly tone: Tone; readonly text: string } | undefined;
    readonly fields: readonly Field[];
    readonly sections: readonly Section[];
    /** Title of the main table, when the result is a list. */
    readonly mainTitle?: string | undefined;
    readonly empty?: string | undefined;
}

/** How one kind of result is shown. */
export interface ResultBuilder {
    /** Columns of the main table (list results only). */
    readonly columns?: readonly Column[] | undefined;
    /** One row per list item, in `columns` order. */
    row?(item: unknown, request: QueryRequest, context: ViewContext): Cell[];
    header(result: unknown, request: QueryRequest, context: ViewContext): ViewHeader;
}

/** A column definition in one line. */
export function col(key: string, label: string, align?: 'end'): Column {
    return align ? { key, label, align } : { key, label };
}

/** The network a primary-network query names, or the one its panel was opened on. */
export function queryNetwork(request: QueryRequest, context: ViewContext): string {
    return param(request, 'network') || context.network;
}

/** A string parameter of a Data API query, or ''. */
export function param(request: QueryRequest, name: string): string {
    if (request.source !== 'dataApi') return '';
    const value = request.params[name];
    return typeof value === 'string' ? value : value === undefined ? '' : String(value);
}

/** One node method's view: the header a result makes (its title defaults to the method's). */
export type NodeBuilder = (
    result: unknown,
    request: NodeQuery,
    context: ViewContext,
) => Omit<ViewHeader, 'title' | 'subtitle'> & { title?: string };
