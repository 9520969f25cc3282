/**
 * Runs a panel's query against the selected clients: Data API, node and raw queries through the
 * core's `runQuery` (`core/query/run.ts`, shared with the agent tools), and the export-operations
 * list from the store (polling the ones still running). Also renders the
 * "Copy as curl" command of a query, the key redacted unless asked for.
 */
import type {
    QueryRun as CoreQueryRun,
    DataApiOperation,
    IcmTimeline,
    NodeRpcMethod,
    Operation,
    QueryDeps,
    TraceDeps,
    TraceEndpoint,
    ViewContext,
} from '../core/index';
import type { QueryServices } from './queryServices';
import { formatError } from '../commands/formatError';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import { workspaceTraceFiles } from '../platform/workspaceTraceFiles';
import type { IcmQuery, QueryRequest } from '../shared/query';

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
        loadCore().checkQuery(request);
    }

    context(request: QueryRequest): Promise<ViewContext> {
        return loadCore().queryContext(request, {
            network: this.services.network,
            nodeUrl: this.services.clients.nodeUrl,
            nativeToken: (chainId) => this.services.nativeToken(chainId),
        });
    }

    /** Runs the query (the page at `pageToken` for lists). */
    async run(
        request: QueryRequest,
        pageToken: string | undefined,
        signal: AbortSignal,
    ): Promise<QueryRun> {
        const contextPromise = this.context(request);
        let run: CoreQueryRun;
        if (request.source === 'operations') {
            run = { result: await this.refreshOperations(signal), context: {} };
        } else if (request.source === 'trace') {
            const page = await loadCore().runTrace(request, this.traceDeps, { pageToken, signal });
            run = { result: page, context: {}, nextPageToken: page.nextPageToken };
        } else if (request.source === 'icm') {
            run = { result: await this.followIcm(request, signal), context: {} };
        } else {
            run = await loadCore().runQuery(request, this.deps, { pageToken, signal });
        }
        if (request.source === 'dataApi' && request.operation === 'getOperationResult')
            await this.remember(run.result as Operation);
        return { ...run, context: { ...(await contextPromise), ...run.context } };
    }

    /**
     * An ICM message followed through every chain this window knows: the selected network's
     * chain list, the local networks' files and the node's blockchains (`core/icm`).
     */
    private async followIcm(request: IcmQuery, signal: AbortSignal): Promise<IcmTimeline> {
        const core = loadCore();
        const target = core.checkIcmTarget(request);
        const { clients } = this.services;
        const network = this.services.network;
        // Read while the chains answer: the first follow of a session waited for the
        // workspace's contracts before its first request (#38).
        const contracts = this.deps.contracts();
        const host = await core.icmHost(
            {
                network,
                chains: () => this.services.chains(network),
                nodeRpc: () => clients.nodeRpc(),
                dataApi: () => clients.dataApi(),
                nodeUrl: clients.nodeUrl,
                rpcFor: (url) => clients.rpcFor(url),
                localNetworks: () => this.services.local?.list() ?? Promise.resolve([]),
                // The node that names the blockchains answers for their L1s' validators.
                sourceValidators: (subnetId, inner) =>
                    core.sourceL1Warning(clients.nodeRpc(), subnetId, inner ?? signal),
                relayerReasons: (relayer, from, to, inner) =>
                    core.relayerReasons(relayer, from, to, inner ?? signal, clients.transport()),
            },
            signal,
        );
        const timeline = await core.followIcmMessage(target, host, { signal, contracts });
        if (timeline.state !== 'notFound')
            clients.rememberIcmMessage(timeline.messageId, target.chain);
        return timeline;
    }

    /**
     * An operation looked up by id joins the remembered ones (the operations panel, and following
     * after a reload), keeping the request it was created with when this extension created it.
     */
    private async remember(op: Operation): Promise<void> {
        const core = loadCore();
        const known = this.services.operation(op.operationId);
        await this.services.rememberOperation(
            known ? core.updateStored(known, op) : core.storeOperation(op, undefined),
        );
    }

    private readonly deps: QueryDeps = {
        dataApi: () => this.services.clients.dataApi(),
        nodeRpc: () => this.services.clients.nodeRpc(),
        contracts: () =>
            this.services.contracts.knowledge().catch((error: unknown) => {
                log.warn('Queries', 'The workspace contracts could not be read', error);
                return undefined;
            }),
        describeError: (error) => log.redact(formatError(error, translateForPerson).message),
    };

    private readonly traceDeps: TraceDeps = {
        traceEndpoint: (network, chainId, signal) => this.traceEndpoint(network, chainId, signal),
        contracts: () => this.deps.contracts(),
        traceSources: () => {
            const files = workspaceTraceFiles();
            return files ? new (loadCore().TraceSources)(files) : undefined;
        },
    };

    /** The JSON-RPC endpoint of an EVM chain, as hovers and the watch list find it. */
    traceEndpoint(
        network: string,
        chainId: string,
        signal: AbortSignal,
    ): Promise<TraceEndpoint | undefined> {
        return loadCore().findTraceEndpoint(this.services.clients, network, chainId, signal);
    }

    /**
     * Reads the status of every remembered export that was not final yet. Checks that fail are
     * counted, so the panel can say that the statuses shown are the last known ones.
     */
    private async refreshOperations(signal: AbortSignal) {
        const core = loadCore();
        const client = await this.services.clients.dataApi();
        let checkFailed: { count: number; message: string } | undefined;
        for (const op of this.services.operations()) {
            if (core.isOperationFinal(op)) continue;
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
                checkFailed ??= {
                    count: 0,
                    message: log.redact(formatError(error, translateForPerson).message),
                };
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
                    core.rawRpcBody(request.method, core.parseRawParams(request.paramsJson)),
                );
            }
            case 'operations':
            case 'trace':
            case 'icm':
                return undefined;
        }
    }
}
