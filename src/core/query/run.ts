/**
 * Runs a query of the palette's tables against clients, without VS Code: Data API operations
 * through `DataApiClient.call` (parameters checked before anything is sent), node methods through
 * the method table (`paramsFromText`, then `NodeRpcClient.call`) and raw JSON-RPC through
 * `callRaw`. Result panels (`src/queries/queryRunner.ts`) and the agent tools (`core/agent`) both
 * run queries here, so an agent sees what a panel shows, checked by the same rules.
 */
import type { DataApiClient } from '../dataApi/dataApiClient';
import type { ChainInfo, SignatureAggregation } from '../dataApi/model';
import { dataApiOperations, validateParams } from '../dataApi/endpoints';
import type { DataApiOperation, DataApiParams } from '../dataApi/params';
import { isAbortError, ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';
import {
    findNodeRpcMethod,
    nodeRpcMethods,
    paramsFromText,
    type NodeRpcMethod,
} from '../nodeRpc/methods';
import { nodeEndpointPath } from '../nodeRpc/endpoints';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import type { RpcTransaction } from '../nodeRpc/schemas';
import { checkIcmTarget } from '../icm/query';
import { decodeSignedWarpMessage } from '../warp';
import type { ContractKnowledge } from '../workspace/knowledge';
import type { QueryRequest } from '../../shared/query';
import type { EvmTransactionExtras, ViewContext } from './results/types';
import { checkTraceQuery } from './trace';
import { readWarpValidators } from './warpValidators';

/** What running a query needs; getters, so a settings change applies to the next run. */
export interface QueryDeps {
    dataApi(): Promise<DataApiClient>;
    nodeRpc(): NodeRpcClient;
    /** The workspace's contracts, which decode transactions; undefined when none can be read. */
    contracts(): Promise<ContractKnowledge | undefined>;
    /** An error as a sentence for the user, with secrets removed. */
    describeError(error: unknown): string;
}

/** One run of a query: the result and what the view builders need besides it. */
export interface QueryRun {
    readonly result: unknown;
    /** What the transaction panels add to the context (contracts, receipt, replay, code). */
    readonly context: Partial<ViewContext>;
    readonly nextPageToken?: string | undefined;
}

/** Where a query's context comes from besides the query: the selection, and the chain list. */
export interface QueryContextHost {
    /** The selected network, for queries that name none. */
    readonly network: string;
    /** The selected node, for node queries. */
    readonly nodeUrl: string;
    /** The native token of an EVM chain (chain id or blockchain id), when known. */
    nativeToken(chainId: string): Promise<ViewContext['nativeToken']>;
}

/**
 * What the view builders know of a query besides its result: its network (its own, or the
 * selected one; `testnet` read as `fuji`), the native token of its EVM chain, and the node a node
 * query went to.
 */
export async function queryContext(
    request: QueryRequest,
    host: QueryContextHost,
): Promise<ViewContext> {
    const network =
        request.source === 'dataApi' && typeof request.params['network'] === 'string'
            ? request.params['network']
            : host.network;
    const chainId = request.source === 'dataApi' ? request.params['chainId'] : undefined;
    const nativeToken = typeof chainId === 'string' ? await host.nativeToken(chainId) : undefined;
    return {
        network: network === 'testnet' ? 'fuji' : network,
        nativeToken,
        nodeUrl:
            request.source === 'node' || request.source === 'rawRpc' ? host.nodeUrl : undefined,
    };
}

/** The native token a chain list gives an EVM chain (by chain id or blockchain id). */
export function nativeTokenIn(
    chains: readonly ChainInfo[],
    chainId: string,
): ViewContext['nativeToken'] {
    const token = chains.find(
        (c) => c.chainId === chainId || c.platformChainId === chainId,
    )?.networkToken;
    return token ? { symbol: token.symbol, decimals: token.decimals } : undefined;
}

/** Checks a query without sending it; throws `ValidationError` naming the bad parameter. */
export function checkQuery(request: QueryRequest): void {
    switch (request.source) {
        case 'dataApi':
            if (!(dataApiOperations as readonly string[]).includes(request.operation)) {
                throw new ValidationError(
                    'operation',
                    request.operation,
                    phrase('a Data API operation'),
                );
            }
            validateParams(request.operation as DataApiOperation, request.params);
            return;
        case 'node': {
            const method = tableMethod(request.method);
            method.encodeParams(paramsFromText(method, request.texts));
            if (method.endpoint === 'evm' || method.endpoint === 'validators') {
                nodeEndpointPath(method.endpoint, request.chain);
            }
            return;
        }
        case 'rawRpc':
            parseRawParams(request.paramsJson);
            return;
        case 'operations':
            return;
        case 'trace':
            checkTraceQuery(request);
            return;
        case 'icm':
            checkIcmTarget(request);
            return;
    }
}

/**
 * Runs a Data API, node or raw query (the page at `pageToken` for lists). The export-operations
 * list is the caller's: it lives in the editor's storage.
 */
export async function runQuery(
    request: Exclude<QueryRequest, { source: 'operations' | 'trace' | 'icm' }>,
    deps: QueryDeps,
    options: { readonly pageToken?: string | undefined; readonly signal: AbortSignal },
): Promise<QueryRun> {
    const { signal, pageToken } = options;
    let result: unknown;
    switch (request.source) {
        case 'dataApi': {
            const client = await deps.dataApi();
            const operation = request.operation as DataApiOperation;
            const params = {
                ...request.params,
                ...(pageToken ? { pageToken } : {}),
            } as DataApiParams[typeof operation];
            result = await client.call(operation, params, { signal });
            break;
        }
        case 'node': {
            const method = tableMethod(request.method);
            const params = paramsFromText(method, request.texts);
            result = await deps.nodeRpc().call(method, params, {
                signal,
                ...(request.chain ? { chain: request.chain } : {}),
            });
            break;
        }
        case 'rawRpc':
            result = await deps
                .nodeRpc()
                .callRaw(request.path, request.method, parseRawParams(request.paramsJson), {
                    signal,
                });
            break;
    }
    const nextPageToken = (result as { nextPageToken?: unknown } | null)?.nextPageToken;
    return {
        result,
        context: {
            ...(await evmTransactionContext(request, result, deps, signal)),
            ...(await warpContext(request, result, deps, signal)),
        },
        nextPageToken:
            typeof nextPageToken === 'string' && nextPageToken !== '' ? nextPageToken : undefined,
    };
}

/**
 * What a transaction panel needs besides the transaction: the workspace's contracts to decode
 * it, and for a transaction read from a node its receipt (status, logs), its chain's EVM id
 * (deployment records are per chain id) and, when it failed, the revert data of a replay.
 * Each part that fails is left out: the panel still shows the transaction.
 */
async function evmTransactionContext(
    request: QueryRequest,
    result: unknown,
    deps: QueryDeps,
    signal: AbortSignal,
): Promise<Partial<ViewContext>> {
    const isDataApiTx = request.source === 'dataApi' && request.operation === 'getTransaction';
    const isNodeTx =
        request.source === 'node' &&
        request.method === 'eth_getTransactionByHash' &&
        result !== null;
    if (!isDataApiTx && !isNodeTx) return {};
    const contracts = await deps.contracts().catch(() => undefined);
    if (request.source !== 'node') return { contracts };
    const rpc = deps.nodeRpc();
    const tx = result as RpcTransaction;
    const chain = request.chain ? { chain: request.chain } : {};
    const [receipt, chainId] = await Promise.allSettled([
        rpc.call(nodeRpcMethods.eth_getTransactionReceipt, [tx.hash], { signal, ...chain }),
        rpc.call(nodeRpcMethods.eth_chainId, [], { signal, ...chain }),
    ]);
    const evmTx: EvmTransactionExtras = {
        receipt: receipt.status === 'fulfilled' ? receipt.value : undefined,
        receiptError:
            receipt.status === 'rejected' ? deps.describeError(receipt.reason) : undefined,
    };
    if (evmTx.receipt?.status === 'failed' && tx.blockNumber !== null) {
        Object.assign(evmTx, await replay(tx, request.chain, deps, signal));
    }
    // The code at the contract names it when no deployment record does (a contract the
    // project built but deployed by hand): only asked when a workspace could know it.
    const target = tx.to ?? evmTx.receipt?.contractAddress ?? undefined;
    if (target && contracts?.hasWorkspace) {
        const code = await rpc
            .call(nodeRpcMethods.eth_getCode, [target, 'latest'], { signal, ...chain })
            .catch((error: unknown) => {
                if (isAbortError(error)) throw error;
                return undefined;
            });
        if (code && code.length > 2) Object.assign(evmTx, { code });
    }
    return {
        contracts,
        evmChainId: chainId.status === 'fulfilled' ? String(chainId.value) : undefined,
        evmTx,
    };
}

/**
 * What the aggregated-signatures panel needs besides the message: the validator set its signer
 * bits index, read from the selected node (`readWarpValidators`). A message that does not decode
 * has no bits to map, so nothing is asked.
 */
async function warpContext(
    request: QueryRequest,
    result: unknown,
    deps: QueryDeps,
    signal: AbortSignal,
): Promise<Partial<ViewContext>> {
    if (request.source !== 'dataApi' || request.operation !== 'getAggregatedSignatures') return {};
    const signed = (result as Partial<SignatureAggregation> | null)?.signedMessage;
    const txHash = request.params['txHash'];
    if (typeof signed !== 'string' || typeof txHash !== 'string') return {};
    const decoded = decodeSignedWarpMessage(signed);
    if (!decoded.ok) return {};
    return {
        warpValidators: await readWarpValidators(
            decoded.message,
            txHash,
            { node: deps.nodeRpc(), describeError: (error) => deps.describeError(error) },
            signal,
        ),
    };
}

/**
 * Runs a failed transaction again as an `eth_call` on the state before its block, which is how
 * its revert data is learnt: receipts do not carry it. The state of an old block may be pruned
 * from the node; then the panel says the reason is unknown and why.
 */
async function replay(
    tx: RpcTransaction,
    chain: string | undefined,
    deps: QueryDeps,
    signal: AbortSignal,
): Promise<Pick<EvmTransactionExtras, 'revertData' | 'revertError'>> {
    const call = {
        from: tx.from,
        ...(tx.to ? { to: tx.to } : {}),
        data: tx.input,
        value: `0x${BigInt(tx.value).toString(16)}`,
        gas: `0x${BigInt(tx.gas).toString(16)}`,
    };
    const block = `0x${Math.max(0, (tx.blockNumber ?? 1) - 1).toString(16)}`;
    try {
        await deps
            .nodeRpc()
            .callRaw(nodeEndpointPath('evm', chain), 'eth_call', [call, block], { signal });
        return { revertError: 'the replay on the state before its block did not revert' };
    } catch (error) {
        if (isAbortError(error)) throw error;
        const data = (error as { data?: unknown }).data;
        if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data)) return { revertData: data };
        return { revertError: deps.describeError(error) };
    }
}

/** The params of a raw call: a JSON object or array, or none. */
export function parseRawParams(text: string): unknown {
    if (text.trim() === '') return undefined;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) {
        throw new ValidationError('params', text, phrase('a JSON object or array'));
    }
    return value;
}

/** The method table entry of a node query; an unknown name is a `ValidationError`. */
function tableMethod(name: string): NodeRpcMethod<string, unknown> {
    const method = findNodeRpcMethod(name) as NodeRpcMethod<string, unknown> | undefined;
    if (!method)
        throw new ValidationError('method', name, phrase('a method of the node method table'));
    return method;
}
