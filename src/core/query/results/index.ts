/**
 * From a query and its result to the result model a panel draws: picks the builder of the
 * operation or method, builds the header and the rows of the main table, and builds further rows
 * for "Load more". Results of list endpoints are `Page`s (`items`, `nextPageToken`).
 */
import type { ChainInfo, Operation } from '../../dataApi/model';
import type { GetIcmMessageResponseWire } from '../../dataApi/schemas/evm';
import type { DataApiOperation } from '../../dataApi/params';
import { shortenId } from '../../format';
import type { IcmTimeline } from '../../icm/timeline';
import type { QueryRequest } from '../../../shared/query';
import { type ItemRepair, resultRepairs } from '../../model/paging';
import type { Cell, Column, ResultView, Tone } from '../../../shared/viewModel';
import {
    badge,
    bool,
    cleanText,
    empty,
    evmChainConfigLink,
    fields,
    id,
    list,
    num,
    subnetLink,
    text,
    timeMs,
} from '../cells';
import {
    epochToMs,
    isFinalOutcome,
    operationOutcome,
    type OutcomeInput,
    type StoredOperation,
} from '../operations';
import * as evm from './evm';
import { genericHeader } from './generic';
import { icmApiMessageView, icmView } from './icm';
import { nodeHeader, rawHeader } from './node';
import * as primary from './primary';
import { primaryTransactionView } from './primaryTransaction';
import { markPartial, repairNotice } from './repairs';
import { traceView } from './trace';
import { transactionView } from './evmTransaction';
import { signaturesView } from './warp';
import { col, param, type ResultBuilder, type ViewContext, type ViewHeader } from './types';

export { markPartial, partialBadgeText, repairNotice } from './repairs';
export type {
    EvmTransactionExtras,
    ViewContext,
    ViewHeader,
    ResultBuilder,
    WarpValidators,
} from './types';

function outcomeBadge(op: OutcomeInput): Cell {
    const outcome = operationOutcome(op);
    const status = op.operationStatus ?? op.status ?? '';
    const tone =
        outcome === 'completed'
            ? 'ok'
            : outcome === 'failed'
              ? 'error'
              : outcome === 'running'
                ? 'info'
                : 'warn';
    return badge(status, tone);
}

function downloadCell(url: string | undefined): Cell {
    if (!url) return empty;
    return {
        k: 'action',
        label: 'Open download link',
        icon: 'cloud-download',
        action: { kind: 'openUrl', url },
    };
}

const operationView: ResultBuilder = {
    header(result) {
        const op = result as Operation;
        const outcome = operationOutcome(op);
        return {
            title: `Export ${shortenId(cleanText(op.operationId), 8, 4)}`,
            subtitle: cleanText(op.operationType),
            notice:
                outcome === 'truncated'
                    ? {
                          tone: 'warn',
                          text: `The export was cut short; continue it from ${cleanText(op.metadata?.nextDate)} with Continue.`,
                      }
                    : outcome === 'failed'
                      ? {
                            tone: 'error',
                            text: `The export failed: ${cleanText(op.message ?? op.metadata?.code ?? '')}`,
                        }
                      : undefined,
            fields: fields(
                ['Operation id', id(op.operationId, undefined, 40, 4)],
                ['Type', text(op.operationType)],
                ['Status', outcomeBadge(op)],
                ['Code', text(op.metadata?.code)],
                ['Message', text(op.message)],
                [
                    'Created',
                    timeMs(epochToMs(op.createdAtTimestamp), String(op.createdAtTimestamp)),
                ],
                [
                    'Updated',
                    timeMs(epochToMs(op.updatedAtTimestamp), String(op.updatedAtTimestamp)),
                ],
                ['Download', downloadCell(op.metadata?.downloadUrl)],
                ['Next date', text(op.metadata?.nextDate)],
                [
                    'Continue',
                    outcome === 'truncated'
                        ? {
                              k: 'action',
                              label: 'Continue from the next date',
                              icon: 'debug-continue',
                              action: {
                                  kind: 'operation',
                                  operationId: op.operationId,
                                  verb: 'continue',
                              },
                          }
                        : empty,
                ],
            ),
            sections: [],
        };
    },
};

const chainsView: ResultBuilder = {
    columns: [
        col('chainId', 'Chain id', 'end'),
        col('name', 'Name'),
        col('status', 'Status'),
        col('token', 'Token'),
        col('vm', 'VM'),
        col('testnet', 'Testnet'),
        col('blockchain', 'Blockchain id'),
        col('subnet', 'Subnet'),
        col('features', 'Features'),
    ],
    row(item, request, context) {
        const c = item as ChainInfo;
        const network =
            param(request, 'network') || (c.isTestnet ? 'fuji' : 'mainnet') || context.network;
        return [
            /^\d+$/.test(c.chainId) ? num(c.chainId) : text(c.chainId),
            text(c.chainName),
            badge(c.status, c.status === 'OK' ? 'ok' : 'warn'),
            text(c.networkToken?.symbol),
            text(c.vmName),
            bool(c.isTestnet),
            c.platformChainId ? evmChainConfigLink(c.platformChainId) : empty,
            c.subnetId ? subnetLink(network, c.subnetId) : empty,
            list((c.enabledFeatures ?? []).map((f) => text(f))),
        ];
    },
    header(_result, request, context) {
        const network = param(request, 'network');
        const feature = param(request, 'feature');
        return {
            title: 'Supported EVM chains',
            subtitle: `${network || 'all networks'}${feature ? ` · with ${feature}` : ''}`,
            fields: [],
            sections: [],
            mainTitle: 'Chains',
            empty: `No chains (network ${network || context.network}).`,
        };
    },
};

/** The list behind the Export Operations panel. */
export interface OperationsResult {
    readonly items: readonly StoredOperation[];
}

/** An ICM message's timeline (`icm.ts`): a view of its own, no list. */
const icmBuilder: ResultBuilder = {
    header: (result) => icmView(result as IcmTimeline),
};

const operationsView: ResultBuilder = {
    columns: [
        col('id', 'Operation'),
        col('type', 'Type'),
        col('status', 'Status'),
        col('created', 'Created'),
        col('updated', 'Updated'),
        col('message', 'Message'),
        col('download', 'Download'),
        col('actions', 'Actions'),
    ],
    row(item) {
        const op = item as StoredOperation;
        const outcome = operationOutcome(op);
        const actions: Cell[] = [];
        if (!isFinalOutcome(outcome))
            actions.push({
                k: 'action',
                label: 'Follow',
                icon: 'eye',
                action: { kind: 'operation', operationId: op.operationId, verb: 'follow' },
            });
        if (outcome === 'truncated')
            actions.push({
                k: 'action',
                label: 'Continue',
                icon: 'debug-continue',
                action: { kind: 'operation', operationId: op.operationId, verb: 'continue' },
            });
        actions.push({
            k: 'action',
            label: 'Forget',
            icon: 'trash',
            action: { kind: 'operation', operationId: op.operationId, verb: 'forget' },
        });
        return [
            id(
                op.operationId,
                {
                    source: 'dataApi',
                    operation: 'getOperationResult',
                    params: { operationId: op.operationId },
                },
                8,
                4,
            ),
            text(op.operationType),
            outcomeBadge(op),
            timeMs(op.createdAtMs),
            timeMs(op.updatedAtMs),
            text(op.message ?? op.code),
            downloadCell(op.downloadUrl),
            list(actions),
        ];
    },
    header(result) {
        // Set by the runner when the status of running exports could not be read.
        const failed = (result as { checkFailed?: { count?: unknown; message?: unknown } } | null)
            ?.checkFailed;
        const count = typeof failed?.count === 'number' ? failed.count : 0;
        return {
            title: 'Export operations',
            subtitle: 'Transaction exports started from this editor, remembered across reloads',
            notice: failed
                ? {
                      tone: 'warn',
                      text: `Could not check ${count === 1 ? 'the running export' : `${count} running exports`}: ${cleanText(failed.message)} The statuses below are the last known; refresh to try again.`,
                  }
                : undefined,
            fields: [],
            sections: [],
            mainTitle: 'Operations',
            empty: 'No exports yet. Run "Avalanche: Data API: Create Transaction Export…".',
        };
    },
};

const dataApiBuilders: Readonly<Record<DataApiOperation, ResultBuilder>> = {
    getAggregatedSignatures: signaturesView,
    listTransactions: evm.addressTransactionsView,
    getUtxosByAddressesV2: primary.utxosView,
    listAssetTransactions: primary.assetTransactionsView,
    postTransactionExportJob: operationView,
    getOperationResult: operationView,
    listSubnets: primary.subnetsView,
    listErc1155Transactions: evm.erc1155TransfersView,
    listErc20Balances: evm.erc20BalancesView,
    listTransfers: evm.tokenTransfersView,
    listInternalTransactions: evm.internalTransactionsView,
    listErc1155Balances: evm.erc1155BalancesView,
    getTransactionsForBlock: evm.blockTransactionsView,
    listCollectibleBalances: evm.collectiblesView,
    getVertexByHeight: primary.verticesView,
    getTransaction: transactionView,
    listLatestPrimaryNetworkBlocks: primary.primaryBlocksView,
    listL1Validators: primary.l1ValidatorsView,
    getSubnetById: primary.subnetView,
    getBlockchainById: primary.blockchainView,
    getTxByHash: primaryTransactionView,
    getAddressesByBalanceOverTime: evm.tokenHoldersView,
    supportedChains: chainsView,
    getIcmMessage: {
        header: (result) => icmApiMessageView(result as GetIcmMessageResponseWire),
    },
};

function builderFor(request: QueryRequest): ResultBuilder | undefined {
    if (request.source === 'dataApi') return dataApiBuilders[request.operation as DataApiOperation];
    if (request.source === 'operations') return operationsView;
    if (request.source === 'trace') return traceView;
    if (request.source === 'icm') return icmBuilder;
    return undefined;
}

/** The items of a list result (`items`, or `chains` of the supported-chains list). */
export function resultItems(
    request: QueryRequest,
    result: unknown,
): readonly unknown[] | undefined {
    if (request.source === 'dataApi' && request.operation === 'supportedChains') {
        return (result as { chains?: unknown[] }).chains ?? [];
    }
    if (!builderFor(request)?.columns) return undefined;
    const items = (result as { items?: unknown }).items;
    return Array.isArray(items) ? (items as unknown[]) : [];
}

/** Columns of the main table of a query, when its result is a list. */
export function mainColumns(request: QueryRequest): readonly Column[] | undefined {
    return builderFor(request)?.columns;
}

/**
 * Rows for list items (the first page, or a page appended by "Load more"). The items `repairs`
 * names as repaired (their `index` in `items`) start with a "partial" badge.
 */
export function buildRows(
    request: QueryRequest,
    items: readonly unknown[],
    context: ViewContext,
    repairs: readonly ItemRepair[] = [],
): Cell[][] {
    const builder = builderFor(request);
    if (!builder?.row) return [];
    const row = builder.row.bind(builder);
    const rows = items.map((item) => row(item, request, context));
    for (const repair of repairs) {
        const marked = repair.index === undefined ? undefined : rows[repair.index];
        if (marked && marked.length > 0) marked[0] = markPartial(marked[0]!);
    }
    return rows;
}

/** The header of any result. */
function buildHeader(request: QueryRequest, result: unknown, context: ViewContext): ViewHeader {
    switch (request.source) {
        case 'node':
            return nodeHeader(result, request, context);
        case 'rawRpc':
            return rawHeader(result, request, context);
        default: {
            const builder = builderFor(request);
            return builder
                ? builder.header(result, request, context)
                : genericHeader('Result', undefined, result);
        }
    }
}

/** The whole view of a result whose list items are `items`. */
export function buildView(
    request: QueryRequest,
    result: unknown,
    context: ViewContext,
): { view: ResultView; items: readonly unknown[] | undefined } {
    const header = buildHeader(request, result, context);
    const items = resultItems(request, result);
    const columns = mainColumns(request);
    const repairs = request.source === 'dataApi' ? resultRepairs(result) : [];
    const view: ResultView = {
        title: header.title,
        subtitle: header.subtitle,
        notice: joinNotices(header.notice, repairNotice(repairs)),
        fields: header.fields,
        sections: header.sections,
        main:
            items && columns
                ? {
                      title: header.mainTitle ?? 'Items',
                      columns,
                      rows: buildRows(request, items, context, repairs),
                      empty: header.empty,
                  }
                : undefined,
    };
    return { view, items };
}

type Notice = NonNullable<ResultView['notice']>;

const toneRank: Readonly<Record<Tone, number>> = { ok: 0, info: 1, warn: 2, error: 3 };

/**
 * Two notices as one (one text after the other, in the graver tone); either may be absent. One
 * line: a notice's text is inert, and a line break is a control character.
 */
export function joinNotices(a: Notice | undefined, b: Notice | undefined): Notice | undefined {
    if (!a || !b) return a ?? b;
    return {
        tone: toneRank[b.tone] > toneRank[a.tone] ? b.tone : a.tone,
        text: `${a.text} ${b.text}`,
    };
}

/** A view that says why a panel shows nothing (a failed query keeps its frame). */
export function messageView(
    title: string,
    tone: 'info' | 'warn' | 'error',
    message: string,
): ResultView {
    return { title, notice: { tone, text: message }, fields: [], sections: [] };
}
