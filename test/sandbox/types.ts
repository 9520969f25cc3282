/**
 * The contract of the sandbox network: a loopback server that speaks the Data API, the Metrics API
 * and AvalancheGo JSON-RPC with deterministic, internally consistent data and switchable faults.
 * Tests, `npm start` and the benchmarks all build on these names.
 */

export type SandboxNetwork = 'mainnet' | 'fuji';

export interface SandboxOptions {
    /** Interface to listen on; always loopback. Default `127.0.0.1`. */
    host?: string;
    /**
     * Ports of the three servers; 0 (the default) picks free ones. They are separate origins on
     * purpose, so that tests can prove the API key reaches only the Data API.
     */
    ports?: { dataApi?: number; metrics?: number; node?: number };
    /** Seed of the data generator. Same seed, same data. Default 1. */
    seed?: number;
    /** `small` (default) is fast to generate; `large` has >= 10,000 subnets and >= 100,000 EVM txs. */
    scale?: 'small' | 'large';
    /** Which network the node answers as (info.getNetworkID 1 or 5). Default `mainnet`. */
    nodeNetwork?: SandboxNetwork;
    /** Initial switches (all can be changed later through `settings` or the control route). */
    settings?: Partial<SandboxSettings>;
    /**
     * A second listener for the same node (`localNodeUrl`), as a node on this machine next to a
     * public one: the same answers, but fault rules of their own (`service: 'localNode'`), so
     * that the two can have different round-trip times; its requests are logged with
     * `localNode: true`. Default false.
     */
    localNode?: boolean;
}

export interface SandboxSettings {
    /** `/ext/admin` served (true) or 404 `404 page not found` (false). Default true. */
    adminApi: boolean;
    /** Public-server mode: info.getNodeID / getNodeIP / getVMs refused, admin API off. Default false. */
    publicNode: boolean;
    /** When set, Data API requests must carry this key in `apiKeyHeader` or get 401. */
    requireApiKey: string | undefined;
    /**
     * The header the Data API reads the key from. Default `x-glacier-api-key` (the published API);
     * the interface document names `x-service-api-key`, and the extension's
     * `avalanche.dataApi.apiKeyHeader` follows whichever the service reads.
     */
    apiKeyHeader: string;
    /** Every string field of every response is replaced by hostile text (HTML, script, links...). */
    hostile: boolean;
    /** The node answers nothing (connections are destroyed at once). */
    nodeDown: boolean;
    /** Delay after which an export operation turns from RUNNING to COMPLETED. Default 300 ms. */
    exportDelayMs: number;
    /**
     * `ChainInfo` objects `GET /v1/chains` lists after the sandbox's own (both networks), so that
     * the views reach a chain the sandbox does not simulate, such as a real node's. Default none.
     */
    extraChains: readonly Record<string, unknown>[];
    /**
     * The chain list's `rpcUrl`s name an internal host (a listener of the sandbox that counts
     * what reaches it, under `/internal-admin/`), as a hostile or mistaken Data API could: the
     * extension must never call it (#33). Default false.
     */
    internalRpcUrls: boolean;
    /**
     * The network has moved to Helicon (AvalancheGo v1.15): `info.upgrades` names a past
     * `heliconTime`, and the C-Chain executes asynchronously (ACP-194) as the v1.15 recordings
     * show: each block names the block settled as of it (`settledHeight`, {@link heliconSettleLag}
     * behind) with the ACP-176/283 exponents, and `safe`/`finalized` are the head's settled
     * block. Default false (the network before Helicon).
     */
    helicon: boolean;
    /**
     * Health checks (`network`, `diskspace`, a chain's alias or id…) that fail in `/ext/health`
     * until the list changes; each read counts one more contiguous failure. Default none.
     */
    failingHealthChecks: readonly string[];
    /**
     * Health checks registered but not run yet, as right after the node's start: failing with
     * "not yet run" and Go's zero timestamp, and counted in `avalanche_health_checks_failing`.
     * Default none.
     */
    unrunHealthChecks: readonly string[];
    /** `avalanche_resource_tracker_disk_available_percentage` of `/ext/metrics`. Default 29. */
    diskFreePercent: number;
}

/** Blocks between the C-Chain's executed head and its settled block in Helicon mode. */
export const heliconSettleLag = 3;

/** Every error status the REST document declares for every endpoint (section 7). */
export const faultStatuses = [400, 401, 403, 404, 429, 500, 502, 503] as const;
export type FaultStatus = (typeof faultStatuses)[number];

/** A fault applied to matching requests. */
export type Fault =
    | { kind: 'latency'; ms: number }
    | { kind: 'status'; status: FaultStatus; retryAfterSeconds?: number }
    | { kind: 'reset' }
    | { kind: 'truncate' }
    | { kind: 'invalidJson' }
    | { kind: 'schemaBreak' }
    /**
     * Valid JSON with some values replaced: each key of `set` is a dotted path into the body
     * (array indexes as numbers, `subnets.1.blockchains.0.evmChainId`), set to its value. An odd
     * item in an otherwise good page, as a real answer may hold one.
     */
    | { kind: 'patch'; set: Record<string, unknown> }
    /** A 200 whose body never ends (until the client goes away). */
    | { kind: 'endless' }
    /** A 200 whose body drips one byte every `ms`, for as long as the client waits. */
    | { kind: 'drip'; ms: number }
    /**
     * A 200,000-character error with ESC, BEL, a right-to-left override, zero-width spaces, line
     * separators and a forged `SYSTEM:` line: a JSON-RPC error from the node, the error body's
     * `message` from the REST services.
     */
    | { kind: 'hugeError' };

export interface FaultRule {
    fault: Fault;
    /**
     * Which requests: `*` for all, a Data API operationId (`getTransaction`), a JSON-RPC method
     * (`info.peers`), or a path prefix starting with `/` (`/ext/info`). Default `*`.
     */
    target?: string;
    /** Which server (`node` is not the `localNode` listener). Default: all of them. */
    service?: 'dataApi' | 'metrics' | 'node' | 'localNode';
    /** Apply to this many matching requests, then remove itself. Default: until cleared. */
    times?: number;
}

export interface RecordedRequest {
    service: 'dataApi' | 'metrics' | 'node';
    method: string;
    /** Path and query as received. */
    url: string;
    /** Lower-cased header names. */
    headers: Record<string, string | string[] | undefined>;
    /** Data API operationId or JSON-RPC method names (a batch lists each), when recognised. */
    operations: string[];
    atMs: number;
    /**
     * When the request was received and when its answer was finished (or its socket closed), in
     * fractional epoch milliseconds (`performance.timeOrigin + performance.now()`): the
     * round-trip counter orders requests by these (test/sandbox/roundTrips.ts).
     */
    startMs: number;
    /** Unset while the answer is still being written. */
    endMs?: number;
    /** Received by the second node listener (`SandboxOptions.localNode`). */
    localNode?: true;
    /**
     * What makes two requests the same ask, as a digest: the method, the URL and the body, a
     * JSON-RPC request's own `id` left out (a client numbers each request it sends).
     */
    askDigest?: string;
}

/** Ids that exist in the generated data of one network, for tests, fixtures and `npm start`. */
export interface KnownIds {
    network: SandboxNetwork;
    /** C-Chain EVM chain id: `43114` (mainnet) or `43113` (fuji). */
    cChainId: string;
    pChainId: string;
    xChainId: string;
    /** C-Chain blockchain id (cb58). */
    cChainBlockchainId: string;
    avaxAssetId: string;
    /** An EVM address with transactions, ERC-20, ERC-1155 and collectible balances and internal txs. */
    evmAddress: string;
    /** A contract address that is an ERC-20 token with transfers and holders. */
    erc20Contract: string;
    erc721Contract: string;
    erc1155Contract: string;
    /** An EVM transaction with ERC-20 transfers and internal transactions. */
    evmTxHash: string;
    /** A transaction that carries a teleporter message. */
    teleporterTxHash: string;
    /** The message it sent (`0x` hex), to an L1 still bootstrapping: never delivered. */
    icmUndeliveredMessageId: string;
    /**
     * C-Chain transactions that sent an ICM message to a bootstrapped L1 which delivered it:
     * executed, and with its execution failed ('' when the scale has none).
     */
    icmExecutedTxHash: string;
    icmFailedTxHash: string;
    /** The message `icmExecutedTxHash` sent (`0x` hex), and the L1 transaction that delivered it. */
    icmExecutedMessageId: string;
    icmExecutedDeliveryTxHash: string;
    evmBlockNumber: string;
    evmBlockHash: string;
    /** Bech32 addresses with UTXOs (with chain prefix). */
    pChainAddress: string;
    xChainAddress: string;
    /** A P-Chain transaction id (cb58) tied to an L1 conversion, valid for aggregateSignatures. */
    pChainTxHash: string;
    xChainTxHash: string;
    /** An X-Chain asset id other than AVAX that has transactions. */
    xAssetId: string;
    /** An L1 subnet with blockchains, a validator manager and L1 validators. */
    l1SubnetId: string;
    /** P-Chain heights of the L1's CreateSubnetTx, CreateChainTx and ConvertSubnetToL1Tx. */
    l1SubnetCreateHeight: number;
    l1ChainCreateHeight: number;
    l1ConversionHeight: number;
    /** A plain (non-L1) subnet. */
    subnetId: string;
    /** A Subnet-EVM blockchain of the L1, served by the node under `/ext/bc/<id>/rpc`. */
    l1BlockchainId: string;
    l1EvmChainId: string;
    /** An L1 validator's node id and validation id. */
    l1NodeId: string;
    l1ValidationId: string;
    /** A vertex height that has vertices on the X-Chain. */
    vertexHeight: number;
    /** The node's own id. */
    nodeId: string;
    /**
     * The real-node tier's contracts on the C-Chain (test/sandbox/contracts.ts): their code is
     * the runtime bytecode of test/fixtures/contracts-workspace/foundry/out, their transactions'
     * input, logs and revert data are encoded with those artifacts' ABIs. All sent by this
     * account, funded at genesis.
     */
    contractsDeployer: string;
    /** ExplorerToken ("Explorer Token", EXT, 18 decimals), an ERC-20 the Data API lists too. */
    tokenContract: string;
    /** ExplorerVault: its code holds its immutables (owner, maxDeposit 1000), filled in. */
    vaultContract: string;
    /** Counter: in no deployment record of the sample workspace, named only by its code. */
    counterContract: string;
    /** Gets 250 EXT in `tokenTransferTxHash`. */
    tokenRecipient: string;
    /** Approved for 100 EXT in `tokenApproveTxHash`. */
    tokenSpender: string;
    /** The creations of the token and the vault (the Foundry broadcast's CREATEs). */
    tokenDeployTxHash: string;
    vaultDeployTxHash: string;
    /** `transfer(tokenRecipient, 250e18)`: a Transfer log, an ERC-20 transfer on the Data API. */
    tokenTransferTxHash: string;
    /** `approve(tokenSpender, 100e18)`: an Approval log. */
    tokenApproveTxHash: string;
    /** `deposit(500)`: a Deposited log. */
    vaultDepositTxHash: string;
    counterDeployTxHash: string;
    /** `Counter.add(5)`: an Incremented log. */
    counterAddTxHash: string;
    /**
     * `withdraw(10000)` mined with status 0; `eth_call` of it at the block before reverts with
     * `Error("ExplorerVault: insufficient deposit")`.
     */
    vaultRevertTxHash: string;
    /** `deposit(1001)` mined with status 0; its replay reverts with `TooLarge(1001, 1000)`. */
    vaultCustomErrorTxHash: string;
    /** The block holding the Deploy script's five transactions (first in it), and its hash. */
    contractsBlockNumber: string;
    contractsBlockHash: string;
}

export interface SandboxUrls {
    dataApiUrl: string;
    metricsUrl: string;
    nodeUrl: string;
    /** The internal host `internalRpcUrls` names; it only counts requests (`GET /internal`). */
    internalUrl?: string | undefined;
    /** The second node listener, when `SandboxOptions.localNode` asked for one. */
    localNodeUrl?: string | undefined;
}

export interface Sandbox extends SandboxUrls {
    /** Live switches; changes apply to the next request. */
    readonly settings: SandboxSettings;
    /** Adds a fault rule; returns a function that removes it. */
    addFault(rule: FaultRule): () => void;
    clearFaults(): void;
    /** Every request received since start or the last `clearRequests()`. */
    readonly requests: readonly RecordedRequest[];
    clearRequests(): void;
    known: Record<SandboxNetwork, KnownIds>;
    close(): Promise<void>;
}

/**
 * Control route, served by the Data API server, for tests that run in another process (the
 * extension host): `GET /__sandbox/state`, `POST /__sandbox/settings` (partial settings),
 * `POST /__sandbox/faults` (a FaultRule), `DELETE /__sandbox/faults`, `GET /__sandbox/requests`,
 * `DELETE /__sandbox/requests`, `GET /__sandbox/known`, and the watch list's routes (balances,
 * held transactions and exports, the node stopped), listed in README.md.
 */
export const sandboxControlPrefix = '/__sandbox';
