/**
 * What a result panel shows, as data: the query that produced it. A panel persists only this
 *, links inside panels carry one, and the history stores them. Every value is
 * JSON-safe (no bigint), so it survives `setState`, `postMessage` and `globalState` unchanged.
 *
 * Plain types, shared by the extension host and the page bundle; the host validates every query
 * that arrives from a page (`pageMessageSchema.ts`, then the client's own parameter checks).
 */

/** A Data API parameter value as the panels keep it (block numbers are digit strings). */
export type QueryParamValue = string | number | boolean | readonly string[];

/** Parameters of one Data API call, under their OpenAPI names (no `pageToken`). */
export type QueryParams = Readonly<Record<string, QueryParamValue>>;

/** A Data API or Metrics API call, by operationId. */
export interface DataApiQuery {
    readonly source: 'dataApi';
    /** The operationId, e.g. `getTransaction`. */
    readonly operation: string;
    readonly params: QueryParams;
}

/** The query of one Data API operation: what links, hovers and sidebar rows open. */
export function dataApiQuery(operation: string, params: QueryParams): DataApiQuery {
    return { source: 'dataApi', operation, params };
}

/**
 * A node JSON-RPC method of the method table, with its parameters as the texts typed into the
 * prompts (keyed by parameter name): the table's `paramsFromText` turns them into wire values
 * when the call is made, so a query stays JSON-safe and is checked again on every run.
 */
export interface NodeQuery {
    readonly source: 'node';
    /** The literal method name, e.g. `info.peers`. */
    readonly method: string;
    readonly texts: Readonly<Record<string, string>>;
    /** Blockchain id or alias for `eth_*` and `validators.*` methods. */
    readonly chain?: string | undefined;
}

/** Any method sent to an endpoint path of the selected node ("Send Raw JSON-RPC…"). */
export interface RawRpcQuery {
    readonly source: 'rawRpc';
    /** Endpoint path such as `/ext/info` or `/ext/bc/C/rpc`. */
    readonly path: string;
    readonly method: string;
    /** The params as JSON text (an object or an array), or '' for none. */
    readonly paramsJson: string;
}

/** The export operations this extension started and remembers. */
export interface OperationsQuery {
    readonly source: 'operations';
}

/**
 * The call trace of an EVM transaction (`debug_traceTransaction`, core/trace): the chain by its
 * network and decimal EVM chain id, as hovers and the watch list name it, so that the host finds
 * its JSON-RPC endpoint the way they do (the node's own chains first).
 */
export interface TraceQuery {
    readonly source: 'trace';
    /** `mainnet`, `fuji` or `local`. */
    readonly network: string;
    /** Decimal EVM chain id. */
    readonly chainId: string;
    /** 0x and 64 hex digits. */
    readonly hash: string;
}

/**
 * An ICM (Teleporter) message followed across chains: from `chain` (an EVM chain id, a
 * blockchain id or a name), by its id or by the source transaction that sent it (one of them).
 */
export interface IcmQuery {
    readonly source: 'icm';
    readonly chain: string;
    readonly messageId?: string | undefined;
    readonly txHash?: string | undefined;
}

/** Anything a panel can show. */
export type QueryRequest =
    DataApiQuery | NodeQuery | RawRpcQuery | OperationsQuery | TraceQuery | IcmQuery;

/**
 * The families of results. Every kind is shown by the same panel host and the same page; the kind
 * decides which panel a query opens in (`panelKindFor`) and is part of its key.
 */
export const panelKinds = [
    /**
     * One EVM transaction: overview, native transaction, token transfers, internal transactions,
     * ICM message, prices.
     */
    'transaction',
    /**
     * An EVM address, a tab per list: transactions, ERC-20 / ERC-1155 balances, collectibles,
     * ERC-1155 transfers, internal transactions.
     */
    'address',
    /** The transactions of an EVM block, or the latest blocks of a primary-network chain. */
    'block',
    /** A token contract: its transfers and its holders above a threshold. */
    'token',
    /**
     * Primary-network lists: UTXOs of addresses, transactions of an X-Chain asset, X-Chain vertices
     * by height; and one blockchain or one P-, X- or C-Chain transaction by its id.
     */
    'primaryNetwork',
    /** Subnets and L1s, and L1 validators, as tabs of one network; one subnet by its id. */
    'subnets',
    /** The signed Warp message of a P-Chain L1 transaction (conversion, registration, weight). */
    'signatures',
    /** The answer of a node JSON-RPC method. */
    'node',
    /**
     * Results without a panel family of their own: raw JSON-RPC answers, the supported chains, an
     * export operation.
     */
    'generic',
    /** The transaction exports started from this editor, with their states and actions. */
    'operations',
    /** The call trace of one EVM transaction: its frames, failures and Solidity lines. */
    'trace',
    /** One ICM message's timeline across chains, polled while visible until it is final. */
    'icm',
] as const;
export type PanelKind = (typeof panelKinds)[number];
