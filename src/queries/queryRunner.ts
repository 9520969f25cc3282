/**
 * Runs a panel's query against the selected clients: Data API operations through
 * `DataApiClient.call` (parameters checked before anything is sent), node methods through the
 * method table (`paramsFromText`, then `NodeRpcClient.call`), raw JSON-RPC through `callRaw`, and
 * the export-operations list from the store (polling the ones still running). Also renders the
 * "Copy as curl" command of a query, the key redacted unless asked for.
 */
import type {
    DataApiOperation,
    DataApiParams,
    EvmTransactionExtras,
    NodeRpcMethod,
    RpcTransaction,
    ViewContext,
} from '../core/index';
import type { QueryServices } from './queryServices';
import { formatError } from '../commands/formatError';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { QueryRequest } from '../shared/query';

/** One run of a query: the result and what the view builders need besides it. */
export interface QueryRun {
    readonly result: unknown;
    readonly context: ViewContext;
    readonly nextPageToken?: string | undefined;
}

export class QueryRunner {
    constructor(private readonly services: QueryServices) {}

    /** Checks a query without sending it; throws `ValidationError` naming the bad parameter. */
    check(request: QueryRequest): void {
        const core = loadCore();
        switch (request.source) {
            case 'dataApi': {
                if (!(core.dataApiOperations as readonly string[]).includes(request.operation)) {
                    throw new core.ValidationError(
                        'operation',
                        request.operation,
                        'a Data API operation',
                    );
                }
                core.validateParams(request.operation as DataApiOperation, request.params);
                return;
            }
            case 'node': {
                const method = nodeMethod(request.method);
                method.encodeParams(core.paramsFromText(method, request.texts));
                if (method.endpoint === 'evm' || method.endpoint === 'validators') {
                    core.nodeEndpointPath(method.endpoint, request.chain);
                }
                return;
            }
            case 'rawRpc':
                parseRawParams(request.paramsJson);
                return;
            case 'operations':
                return;
        }
    }

    async context(request: QueryRequest): Promise<ViewContext> {
        const network =
            request.source === 'dataApi' && typeof request.params['network'] === 'string'
                ? request.params['network']
                : this.services.network;
        const chainId = request.source === 'dataApi' ? request.params['chainId'] : undefined;
        const nativeToken =
            typeof chainId === 'string' ? await this.services.nativeToken(chainId) : undefined;
        return {
            network: network === 'testnet' ? 'fuji' : network,
            nativeToken,
            nodeUrl:
                request.source === 'node' || request.source === 'rawRpc'
                    ? this.services.clients.nodeUrl
                    : undefined,
        };
    }

    /** Runs the query (the page at `pageToken` for lists). */
    async run(
        request: QueryRequest,
        pageToken: string | undefined,
        signal: AbortSignal,
    ): Promise<QueryRun> {
        const core = loadCore();
        const contextPromise = this.context(request);
        let result: unknown;
        switch (request.source) {
            case 'dataApi': {
                const client = await this.services.clients.dataApi();
                const operation = request.operation as DataApiOperation;
                const params = {
                    ...request.params,
                    ...(pageToken ? { pageToken } : {}),
                } as DataApiParams[typeof operation];
                result = await client.call(operation, params, { signal });
                break;
            }
            case 'node': {
                const method = nodeMethod(request.method);
                const params = core.paramsFromText(method, request.texts);
                result = await this.services.clients.nodeRpc().call(method, params, {
                    signal,
                    ...(request.chain ? { chain: request.chain } : {}),
                });
                break;
            }
            case 'rawRpc':
                result = await this.services.clients
                    .nodeRpc()
                    .callRaw(request.path, request.method, parseRawParams(request.paramsJson), {
                        signal,
                    });
                break;
            case 'operations':
                result = await this.refreshOperations(signal);
                break;
        }
        const nextPageToken = (result as { nextPageToken?: unknown } | null)?.nextPageToken;
        const evm = await this.evmTransactionContext(request, result, signal);
        return {
            result,
            context: { ...(await contextPromise), ...evm },
            nextPageToken:
                typeof nextPageToken === 'string' && nextPageToken !== ''
                    ? nextPageToken
                    : undefined,
        };
    }

    /**
     * What a transaction panel needs besides the transaction: the workspace's contracts to decode
     * it, and for a transaction read from a node its receipt (status, logs), its chain's EVM id
     * (deployment records are per chain id) and, when it failed, the revert data of a replay.
     * Each part that fails is left out: the panel still shows the transaction.
     */
    private async evmTransactionContext(
        request: QueryRequest,
        result: unknown,
        signal: AbortSignal,
    ): Promise<Partial<ViewContext>> {
        const isDataApiTx = request.source === 'dataApi' && request.operation === 'getTransaction';
        const isNodeTx =
            request.source === 'node' &&
            request.method === 'eth_getTransactionByHash' &&
            result !== null;
        if (!isDataApiTx && !isNodeTx) return {};
        const contracts = await this.services.contracts.knowledge().catch((error: unknown) => {
            log.warn('Queries', 'The workspace contracts could not be read', error);
            return undefined;
        });
        if (request.source !== 'node') return { contracts };
        const core = loadCore();
        const rpc = this.services.clients.nodeRpc();
        const tx = result as RpcTransaction;
        const chain = request.chain ? { chain: request.chain } : {};
        const [receipt, chainId] = await Promise.allSettled([
            rpc.call(core.nodeRpcMethods.eth_getTransactionReceipt, [tx.hash], {
                signal,
                ...chain,
            }),
            rpc.call(core.nodeRpcMethods.eth_chainId, [], { signal, ...chain }),
        ]);
        const evmTx: EvmTransactionExtras = {
            receipt: receipt.status === 'fulfilled' ? receipt.value : undefined,
            receiptError:
                receipt.status === 'rejected'
                    ? log.redact(formatError(receipt.reason).message)
                    : undefined,
        };
        if (evmTx.receipt?.status === 'failed' && tx.blockNumber !== null) {
            Object.assign(evmTx, await this.replay(tx, request.chain, signal));
        }
        // The code at the contract names it when no deployment record does (a contract the
        // project built but deployed by hand): only asked when a workspace could know it.
        const target = tx.to ?? evmTx.receipt?.contractAddress ?? undefined;
        if (target && contracts?.hasWorkspace) {
            const code = await rpc
                .call(core.nodeRpcMethods.eth_getCode, [target, 'latest'], { signal, ...chain })
                .catch((error: unknown) => {
                    if (core.isAbortError(error)) throw error;
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
     * Runs a failed transaction again as an `eth_call` on the state before its block, which is how
     * its revert data is learnt: receipts do not carry it. The state of an old block may be pruned
     * from the node; then the panel says the reason is unknown and why.
     */
    private async replay(
        tx: RpcTransaction,
        chain: string | undefined,
        signal: AbortSignal,
    ): Promise<Pick<EvmTransactionExtras, 'revertData' | 'revertError'>> {
        const core = loadCore();
        const call = {
            from: tx.from,
            ...(tx.to ? { to: tx.to } : {}),
            data: tx.input,
            value: `0x${BigInt(tx.value).toString(16)}`,
            gas: `0x${BigInt(tx.gas).toString(16)}`,
        };
        const block = `0x${Math.max(0, (tx.blockNumber ?? 1) - 1).toString(16)}`;
        try {
            await this.services.clients
                .nodeRpc()
                .callRaw(core.nodeEndpointPath('evm', chain), 'eth_call', [call, block], {
                    signal,
                });
            return { revertError: 'the replay on the state before its block did not revert' };
        } catch (error) {
            if (core.isAbortError(error)) throw error;
            const data = (error as { data?: unknown }).data;
            if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data))
                return { revertData: data };
            return { revertError: log.redact(formatError(error).message) };
        }
    }

    /**
     * Reads the status of every remembered export that was still running. Checks that fail are
     * counted, so the panel can say that the statuses shown are the last known ones.
     */
    private async refreshOperations(signal: AbortSignal) {
        const core = loadCore();
        const client = await this.services.clients.dataApi();
        let checkFailed: { count: number; message: string } | undefined;
        for (const op of this.services.operations()) {
            if (core.operationOutcome(op) !== 'running') continue;
            try {
                const latest = await client.getOperationResult(
                    { operationId: op.operationId },
                    { signal },
                );
                await this.services.rememberOperation(core.updateStored(op, latest));
            } catch (error) {
                if (core.isAbortError(error)) throw error;
                // An operation the API no longer knows keeps its last status; the row says when.
                if (core.isHttpError(error) && error.status === 404) continue;
                checkFailed ??= { count: 0, message: log.redact(formatError(error).message) };
                checkFailed.count++;
            }
        }
        return { items: this.services.operations(), ...(checkFailed ? { checkFailed } : {}) };
    }

    /** The curl command of a query; the Data API key appears only with `includeKey`. */
    async curl(request: QueryRequest, includeKey: boolean): Promise<string | undefined> {
        const core = loadCore();
        switch (request.source) {
            case 'dataApi': {
                const client = await this.services.clients.dataApi();
                const operation = request.operation as DataApiOperation;
                const described = client.describeRequest(operation, request.params, { includeKey });
                return core.toCurl(described, { includeKey });
            }
            case 'node': {
                const method = core.findNodeRpcMethod(request.method) as
                    NodeRpcMethod<string, unknown> | undefined;
                if (!method) return undefined;
                const preview = this.services.clients
                    .nodeRpc()
                    .preview(
                        method,
                        core.paramsFromText(method, request.texts),
                        request.chain ? { chain: request.chain } : {},
                    );
                return core.jsonRpcCurl(preview.url, preview.body);
            }
            case 'rawRpc': {
                const base = this.services.clients.nodeRpc().url;
                return core.jsonRpcCurl(
                    `${base}${request.path}`,
                    core.rawRpcBody(request.method, parseRawParams(request.paramsJson)),
                );
            }
            case 'operations':
                return undefined;
        }
    }
}

/** The params of a raw call: a JSON object or array, or none. */
export function parseRawParams(text: string): unknown {
    if (text.trim() === '') return undefined;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) {
        throw new (loadCore().ValidationError)('params', text, 'a JSON object or array');
    }
    return value;
}

/** The method table entry of a node query; an unknown name is a `ValidationError`. */
function nodeMethod(name: string): NodeRpcMethod<string, unknown> {
    const core = loadCore();
    const method = core.findNodeRpcMethod(name) as NodeRpcMethod<string, unknown> | undefined;
    if (!method)
        throw new core.ValidationError('method', name, 'a method of the node method table');
    return method;
}
