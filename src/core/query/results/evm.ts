/**
 * Views of the EVM endpoints and the cells they share (the transaction itself, `getTransaction`,
 * is `evmTransaction.ts`): an address's transactions, balances, collectibles, ERC-1155 transfers and internal transactions (`listTransactions`,
 * `listErc1155Transactions`, `listErc20Balances`, `listInternalTransactions`,
 * `listErc1155Balances`, `listCollectibleBalances`), a block's transactions
 * (`getTransactionsForBlock`), a token's transfers (`listTransfers`) and holders over time
 * (`getAddressesByBalanceOverTime`).
 */
import type {
    CollectibleBalance,
    Erc1155TokenBalance,
    Erc1155Transfer,
    Erc20TokenBalance,
    InternalTransaction,
    ListErc1155BalancesResult,
    ListErc20BalancesResult,
    NativeTransaction,
    RichAddress,
    TokenHolder,
    TokenTransfer,
    TransactionDetails,
} from '../../dataApi/model';
import { shortenId } from '../../format';
import type { QueryRequest } from '../../../shared/query';
import type { Cell, Field } from '../../../shared/viewModel';
import {
    amount,
    badge,
    bool,
    cleanText,
    empty,
    evmAddressLink,
    evmBlockLink,
    evmTxLink,
    fields,
    id,
    money,
    num,
    text,
    time,
    tokenLink,
} from '../cells';
import { col, param, type ResultBuilder, type ViewContext } from './types';

/** The native token of the query's chain: its symbol and decimals. */
export function native(context: ViewContext): { symbol: string | undefined; decimals: number } {
    return {
        symbol: context.nativeToken?.symbol,
        decimals: context.nativeToken?.decimals ?? 18,
    };
}

/** An address cell with its name, linked to its view on the chain. */
export function party(chainId: string, value: RichAddress | undefined): Cell {
    if (!value) return empty;
    const link = evmAddressLink(chainId, value.address);
    const name = cleanText(value.name);
    if (link.k === 'id' && name !== '')
        return { ...link, text: `${name} (${shortenId(link.raw, 6, 4)})` };
    return link;
}

/** A transaction's status as a badge. */
export function status(txStatus: unknown): Cell {
    if (txStatus === '1' || txStatus === 1) return badge('success', 'ok');
    if (txStatus === '0' || txStatus === 0) return badge('failed', 'error');
    return text(txStatus);
}

/** A transaction's method: its name or its selector. */
export function method(tx: {
    method?:
        | {
              methodName?: string | undefined;
              callType?: string | undefined;
              methodHash?: string | undefined;
          }
        | undefined;
}): Cell {
    const m = tx.method;
    if (!m) return empty;
    const name = cleanText(m.methodName);
    if (name !== '') return text(name);
    if (m.callType === 'NATIVE_TRANSFER') return text('transfer');
    if (m.callType === 'CONTRACT_CREATION') return text('create contract');
    return text(m.methodHash ?? m.callType);
}

/** Gas used times gas price, in wei, when both are integers. */
export function feeWei(gasUsed: unknown, gasPrice: unknown): string | undefined {
    if (typeof gasUsed !== 'string' || typeof gasPrice !== 'string') return undefined;
    if (!/^\d+$/.test(gasUsed) || !/^\d+$/.test(gasPrice)) return undefined;
    return (BigInt(gasUsed) * BigInt(gasPrice)).toString();
}

/** An ERC-20 amount in its token's decimals. */
export function erc20Value(transfer: {
    value?: string;
    erc20Token?: { decimals?: number; symbol?: string };
}): Cell {
    return amount(transfer.value, transfer.erc20Token?.decimals, transfer.erc20Token?.symbol);
}

function metadataName(metadata: { name?: string | undefined } | undefined): Cell {
    return text(metadata?.name);
}

function indexStatus(metadata: { indexStatus?: string | undefined } | undefined): Cell {
    const value = metadata?.indexStatus;
    if (!value) return empty;
    return badge(value, value.toUpperCase() === 'INDEXED' ? 'ok' : 'warn');
}

/** The columns of an internal transaction. */
export const internalColumns = [
    col('type', 'Type'),
    col('from', 'From'),
    col('to', 'To'),
    col('value', 'Value', 'end'),
    col('gas', 'Gas used', 'end'),
    col('reverted', 'Reverted'),
];

/** An internal transaction, as a row of its own list and of the transaction's section alike. */
export function internalCells(
    chainId: string,
    t: Pick<
        InternalTransaction,
        'internalTxType' | 'from' | 'to' | 'value' | 'gasUsed' | 'isReverted'
    >,
    decimals: number,
    symbol: string | undefined,
): Cell[] {
    return [
        text(t.internalTxType),
        party(chainId, t.from),
        party(chainId, t.to),
        amount(t.value, decimals, symbol),
        num(t.gasUsed),
        bool(t.isReverted),
    ];
}

/** The transaction, time and block of a transfer: the first columns of the per-transfer lists. */
const transferPlaceColumns = [
    col('hash', 'Transaction'),
    col('time', 'Time'),
    col('block', 'Block', 'end'),
];

function transferPlaceCells(
    chainId: string,
    t: { txHash: string; blockTimestamp: number; blockNumber: string },
): Cell[] {
    return [
        evmTxLink(chainId, t.txHash),
        time(t.blockTimestamp),
        evmBlockLink(chainId, t.blockNumber),
    ];
}

/** The subtitle of an EVM chain's view. */
export function chainSubtitle(chainId: string, context: ViewContext, extra?: string): string {
    const token = context.nativeToken ? ` · ${context.nativeToken.symbol}` : '';
    return `EVM chain ${chainId}${token}${extra ? ` · ${extra}` : ''}`;
}

function addressHeader(request: QueryRequest, context: ViewContext, what: string) {
    const chainId = param(request, 'chainId');
    const address = param(request, 'address');
    return {
        title: `Address ${shortenId(address, 8, 6)}`,
        subtitle: chainSubtitle(chainId, context, what),
        fields: fields(['Address', evmAddressLink(chainId, address)]),
        sections: [],
    };
}

/**
 * The header of a list about one address; `extraFields` adds to the overview what the result
 * itself carries (the native balance of the balance lists).
 */
function addressListHeader(
    what: string,
    mainTitle: string,
    emptyText: string,
    extraFields?: (result: unknown) => Field[],
    /** What the endpoint leaves out, said where the list is shown. */
    scope?: string,
): ResultBuilder['header'] {
    return (result, request, context) => {
        const head = addressHeader(request, context, what);
        return {
            ...head,
            ...(scope ? { notice: { tone: 'info' as const, text: scope } } : {}),
            fields: extraFields ? [...head.fields, ...extraFields(result)] : head.fields,
            mainTitle,
            empty: emptyText,
        };
    };
}

function nativeBalanceFields(result: unknown): Field[] {
    const b = (result as ListErc20BalancesResult | ListErc1155BalancesResult).nativeTokenBalance;
    if (!b) return [];
    return fields(
        ['Native balance', amount(b.balance, b.decimals, b.symbol)],
        ['Native value', money(b.balanceValue)],
        ['Native price', money(b.price)],
    );
}

function transferCount(tx: TransactionDetails): Cell {
    const counts = [
        ['ERC-20', tx.erc20Transfers?.length ?? 0],
        ['ERC-721', tx.erc721Transfers?.length ?? 0],
        ['ERC-1155', tx.erc1155Transfers?.length ?? 0],
        ['internal', tx.internalTransactions?.length ?? 0],
    ] as const;
    const parts = counts.filter(([, n]) => n > 0).map(([label, n]) => `${n} ${label}`);
    return parts.length === 0 ? empty : text(parts.join(', '));
}

/** `listTransactions` */
export const addressTransactionsView: ResultBuilder = {
    columns: [
        col('hash', 'Hash'),
        col('time', 'Time'),
        col('block', 'Block', 'end'),
        col('from', 'From'),
        col('to', 'To'),
        col('method', 'Method'),
        col('value', 'Value', 'end'),
        col('status', 'Status'),
        col('transfers', 'Transfers with this address'),
    ],
    row(item, request, context) {
        const d = item as TransactionDetails;
        const tx = d.nativeTransaction;
        const chainId = param(request, 'chainId');
        const n = native(context);
        return [
            evmTxLink(chainId, tx.txHash),
            time(tx.blockTimestamp),
            evmBlockLink(chainId, tx.blockNumber),
            party(chainId, tx.from),
            party(chainId, tx.to),
            method(tx),
            amount(tx.value, n.decimals, n.symbol),
            status(tx.txStatus),
            transferCount(d),
        ];
    },
    // https://developers.avacloud.io/data-api/evm-transactions/list-transactions
    header: addressListHeader(
        'transactions',
        'Transactions',
        'No transactions.',
        undefined,
        'Each transaction counts only the transfers and internal transactions that involve this address as sender or receiver; open a transaction to see all of them.',
    ),
};

/** `listErc20Balances` */
export const erc20BalancesView: ResultBuilder = {
    columns: [
        col('token', 'Token'),
        col('name', 'Name'),
        col('balance', 'Balance', 'end'),
        col('price', 'Price', 'end'),
        col('value', 'Value', 'end'),
        col('reputation', 'Reputation'),
    ],
    row(item, request) {
        const b = item as Erc20TokenBalance;
        const chainId = param(request, 'chainId');
        return [
            tokenLink(chainId, b.address, b.symbol),
            text(b.name),
            amount(b.balance, b.decimals, b.symbol),
            money(b.price),
            money(b.balanceValue),
            b.tokenReputation
                ? badge(b.tokenReputation, b.tokenReputation === 'Malicious' ? 'error' : 'ok')
                : empty,
        ];
    },
    header: addressListHeader(
        'ERC-20 balances',
        'ERC-20 balances',
        'No ERC-20 balances.',
        nativeBalanceFields,
    ),
};

/** `listErc1155Balances` */
export const erc1155BalancesView: ResultBuilder = {
    columns: [
        col('contract', 'Contract'),
        col('tokenId', 'Token id'),
        col('name', 'Name'),
        col('balance', 'Balance', 'end'),
        col('metadata', 'Metadata'),
    ],
    row(item, request) {
        const b = item as Erc1155TokenBalance;
        const chainId = param(request, 'chainId');
        return [
            tokenLink(chainId, b.address),
            id(b.tokenId),
            metadataName(b.metadata),
            num(b.balance),
            indexStatus(b.metadata),
        ];
    },
    header: addressListHeader(
        'ERC-1155 balances',
        'ERC-1155 balances',
        'No ERC-1155 balances.',
        nativeBalanceFields,
    ),
};

/** `listCollectibleBalances` */
export const collectiblesView: ResultBuilder = {
    columns: [
        col('contract', 'Contract'),
        col('kind', 'Standard'),
        col('tokenId', 'Token id'),
        col('name', 'Name'),
        col('balance', 'Balance', 'end'),
        col('metadata', 'Metadata'),
    ],
    row(item, request) {
        const b = item as CollectibleBalance;
        const chainId = param(request, 'chainId');
        const name = 'name' in b && b.name ? b.name : b.metadata?.name;
        return [
            tokenLink(chainId, b.address, 'symbol' in b ? b.symbol : undefined),
            text(b.ercType),
            id(b.tokenId),
            text(name),
            'balance' in b ? num(b.balance) : empty,
            indexStatus(b.metadata),
        ];
    },
    header: addressListHeader('collectibles', 'Collectibles', 'No collectibles.'),
};

/** `listErc1155Transactions` */
export const erc1155TransfersView: ResultBuilder = {
    columns: [
        ...transferPlaceColumns,
        col('from', 'From'),
        col('to', 'To'),
        col('contract', 'Contract'),
        col('tokenId', 'Token id'),
        col('value', 'Value', 'end'),
    ],
    row(item, request) {
        const t = item as Erc1155Transfer;
        const chainId = param(request, 'chainId');
        return [
            ...transferPlaceCells(chainId, t),
            party(chainId, t.from),
            party(chainId, t.to),
            tokenLink(chainId, t.erc1155Token?.address),
            id(t.erc1155Token?.tokenId),
            num(t.value),
        ];
    },
    header: addressListHeader('ERC-1155 transfers', 'ERC-1155 transfers', 'No ERC-1155 transfers.'),
};

/** `listInternalTransactions` */
export const internalTransactionsView: ResultBuilder = {
    columns: [...transferPlaceColumns, ...internalColumns],
    row(item, request, context) {
        const t = item as InternalTransaction;
        const chainId = param(request, 'chainId');
        const n = native(context);
        return [
            ...transferPlaceCells(chainId, t),
            ...internalCells(chainId, t, n.decimals, n.symbol),
        ];
    },
    // https://developers.avacloud.io/data-api/evm-transactions/list-internal-transactions
    header: addressListHeader(
        'internal transactions',
        'Internal transactions',
        'No internal transactions.',
        undefined,
        'Only calls (CALL, CALLCODE) that move a non-zero value, and contract creations (CREATE, CREATE2, CREATE3), are listed.',
    ),
};

/** `listTransfers`: transfers of any token standard. */
export const tokenTransfersView: ResultBuilder = {
    columns: [
        ...transferPlaceColumns,
        col('from', 'From'),
        col('to', 'To'),
        col('standard', 'Standard'),
        col('tokenId', 'Token id'),
        col('value', 'Value', 'end'),
    ],
    row(item, request) {
        const t = item as TokenTransfer;
        const chainId = param(request, 'chainId');
        let standard: Cell = empty;
        let tokenId: Cell = empty;
        let value: Cell = empty;
        if ('erc20Token' in t && t.erc20Token) {
            standard = text('ERC-20');
            value = erc20Value(t);
        } else if ('erc721Token' in t && t.erc721Token) {
            standard = text('ERC-721');
            tokenId = id(t.erc721Token.tokenId);
        } else if ('erc1155Token' in t && t.erc1155Token) {
            standard = text('ERC-1155');
            tokenId = id(t.erc1155Token.tokenId);
            value = num(t.value);
        }
        return [
            ...transferPlaceCells(chainId, t),
            party(chainId, t.from),
            party(chainId, t.to),
            standard,
            tokenId,
            value,
        ];
    },
    header(result, request, context) {
        const chainId = param(request, 'chainId');
        const address = param(request, 'address');
        const first = (result as { items?: TokenTransfer[] }).items?.[0];
        const token =
            first && 'erc20Token' in first
                ? first.erc20Token
                : first && 'erc721Token' in first
                  ? first.erc721Token
                  : undefined;
        return {
            title: `Token ${token?.symbol ? cleanText(token.symbol).slice(0, 24) : shortenId(address, 8, 6)}`,
            subtitle: chainSubtitle(chainId, context, 'transfers'),
            fields: fields(
                ['Contract', tokenLink(chainId, address)],
                ['Name', text(token?.name)],
                ['Symbol', text(token?.symbol)],
                ['Decimals', token && 'decimals' in token ? num(token.decimals) : empty],
            ),
            sections: [],
            mainTitle: 'Transfers',
            empty: 'No transfers.',
        };
    },
};

/** `getAddressesByBalanceOverTime`: holders above a threshold. */
export const tokenHoldersView: ResultBuilder = {
    columns: [col('address', 'Address'), col('sortKey', 'Sort key', 'end')],
    row(item, request) {
        const h = item as TokenHolder;
        return [evmAddressLink(param(request, 'chainId'), h.address), num(h.sortKey)];
    },
    header(_result, request, context) {
        const chainId = param(request, 'chainId');
        const address = param(request, 'address');
        const start = request.source === 'dataApi' ? request.params['startTimestamp'] : undefined;
        const end = request.source === 'dataApi' ? request.params['endTimestamp'] : undefined;
        return {
            title: `Token ${shortenId(address, 8, 6)}`,
            subtitle: chainSubtitle(chainId, context, 'holders over time'),
            fields: fields(
                ['Contract', tokenLink(chainId, address)],
                ['Threshold', num(param(request, 'threshold'))],
                ['From', typeof start === 'number' ? time(start) : text('the start')],
                ['Until', typeof end === 'number' ? time(end) : text('now')],
            ),
            sections: [],
            mainTitle: 'Holders above the threshold',
            empty: 'No address held more than the threshold in this time frame.',
        };
    },
};

/** `getTransactionsForBlock` */
export const blockTransactionsView: ResultBuilder = {
    columns: [
        col('index', '#', 'end'),
        col('hash', 'Hash'),
        col('from', 'From'),
        col('to', 'To'),
        col('method', 'Method'),
        col('value', 'Value', 'end'),
        col('gas', 'Gas used', 'end'),
        col('status', 'Status'),
    ],
    row(item, request, context) {
        const tx = item as NativeTransaction;
        const chainId = param(request, 'chainId');
        const n = native(context);
        return [
            num(tx.blockIndex),
            evmTxLink(chainId, tx.txHash),
            party(chainId, tx.from),
            party(chainId, tx.to),
            method(tx),
            amount(tx.value, n.decimals, n.symbol),
            num(tx.gasUsed),
            status(tx.txStatus),
        ];
    },
    header(result, request, context) {
        const chainId = param(request, 'chainId');
        const blockId = param(request, 'blockId');
        const first = (result as { items?: NativeTransaction[] }).items?.[0];
        return {
            title: `Block ${/^\d+$/.test(blockId) ? blockId : shortenId(blockId, 10, 8)}`,
            subtitle: chainSubtitle(chainId, context),
            fields: fields(
                [
                    'Number',
                    first
                        ? evmBlockLink(chainId, first.blockNumber)
                        : /^\d+$/.test(blockId)
                          ? num(blockId)
                          : empty,
                ],
                ['Hash', first ? id(first.blockHash) : /^\d+$/.test(blockId) ? empty : id(blockId)],
                ['Time', first ? time(first.blockTimestamp) : empty],
                [
                    'Previous block',
                    first && /^\d+$/.test(first.blockNumber) && first.blockNumber !== '0'
                        ? evmBlockLink(chainId, (BigInt(first.blockNumber) - 1n).toString())
                        : empty,
                ],
                [
                    'Next block',
                    first && /^\d+$/.test(first.blockNumber)
                        ? evmBlockLink(chainId, (BigInt(first.blockNumber) + 1n).toString())
                        : empty,
                ],
            ),
            sections: [],
            mainTitle: 'Transactions',
            empty: 'No transactions in this block (or the page size is 0: pick a page size).',
        };
    },
};
