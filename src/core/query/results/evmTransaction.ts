/**
 * The view of one EVM transaction (`getTransaction`): what it did, its token transfers by
 * standard, its internal transactions, logs decoded with the workspace's ABIs, and its ICM message.
 */
import type { EvmTransactionDetails, RichAddress } from '../../dataApi/model';
import { shortenId } from '../../format';
import type { IcmQuery } from '../../../shared/query';
import type { Cell, Column, Section } from '../../../shared/viewModel';
import {
    amount,
    badge,
    cleanText,
    empty,
    evmBlockLink,
    evmChainConfigLink,
    evmTxLink,
    fields,
    id,
    money,
    num,
    text,
    time,
    tokenLink,
    traceLink,
} from '../cells';
import { dataApiCallSections } from './decoded';
import { col, param, queryNetwork, type ResultBuilder } from './types';
import {
    chainSubtitle,
    erc20Value,
    feeWei,
    internalCells,
    internalColumns,
    method,
    native,
    party,
    status,
} from './evm';

/**
 * One section of a transaction's token transfers: each row starts with the log index and both
 * parties, then what `columns` and `cells` add for the standard.
 */
function logTransfersSection<
    T extends { logIndex: number; from?: RichAddress | undefined; to?: RichAddress | undefined },
>(
    chainId: string,
    title: string,
    transfers: readonly T[],
    columns: readonly Column[],
    cells: (transfer: T) => Cell[],
    emptyText?: string,
): Section {
    const table = {
        columns: [col('log', 'Log', 'end'), col('from', 'From'), col('to', 'To'), ...columns],
        rows: transfers.map((t) => [
            num(t.logIndex),
            party(chainId, t.from),
            party(chainId, t.to),
            ...cells(t),
        ]),
    };
    return {
        title: `${title} (${transfers.length})`,
        table: emptyText === undefined ? table : { ...table, empty: emptyText },
    };
}

/** `getTransaction`: one transaction with everything it did. */
export const transactionView: ResultBuilder = {
    header(result, request, context) {
        const r = result as EvmTransactionDetails;
        const tx = r.nativeTransaction;
        const chainId = param(request, 'chainId') || cleanText(tx.chainId);
        const token = r.networkTokenDetails?.networkToken;
        const decimals = token?.decimals ?? native(context).decimals;
        const symbol = token?.symbol ?? native(context).symbol;
        const fee = feeWei(tx.gasUsed, tx.gasPrice);
        const sections: Section[] = [];
        if (token) {
            sections.push({
                title: 'Network token',
                fields: fields(
                    ['Name', text(token.name)],
                    ['Symbol', text(token.symbol)],
                    ['Decimals', num(token.decimals)],
                    ['Current price', money(r.networkTokenDetails.currentPrice)],
                    ['Price at the transaction', money(r.networkTokenDetails.historicalPrice)],
                    ['Description', text(token.description)],
                ),
            });
        }
        const teleporter = r.teleporterMessageInfo;
        if (teleporter) {
            // The id opens the message's timeline across chains (#37): from this transaction
            // when it sent the message, else from its source chain by id.
            const timeline: IcmQuery | undefined =
                teleporter.direction === 'SOURCE_TRANSACTION'
                    ? { source: 'icm', chain: chainId, txHash: cleanText(tx.txHash) }
                    : teleporter.sourceChainId
                      ? {
                            source: 'icm',
                            chain: cleanText(teleporter.sourceChainId),
                            messageId: cleanText(teleporter.teleporterMessageId),
                        }
                      : undefined;
            sections.push({
                title: 'Teleporter message',
                fields: fields(
                    ['Message id', id(teleporter.teleporterMessageId, timeline)],
                    ['Direction', badge(teleporter.direction, 'info')],
                    ['Source chain', evmChainConfigLink(teleporter.sourceChainId)],
                    ['Destination chain', evmChainConfigLink(teleporter.destinationChainId)],
                ),
            });
        }
        sections.push(
            logTransfersSection(
                chainId,
                'ERC-20 transfers',
                r.erc20Transfers ?? [],
                [col('token', 'Token'), col('value', 'Value', 'end')],
                (t) => [
                    tokenLink(chainId, t.erc20Token?.address, t.erc20Token?.symbol),
                    erc20Value(t),
                ],
                'No ERC-20 transfers.',
            ),
        );
        // The rarer standards get a section only when the transaction has some.
        const erc721 = r.erc721Transfers ?? [];
        if (erc721.length > 0) {
            sections.push(
                logTransfersSection(
                    chainId,
                    'ERC-721 transfers',
                    erc721,
                    [col('token', 'Collection'), col('tokenId', 'Token id')],
                    (t) => [
                        tokenLink(chainId, t.erc721Token?.address, t.erc721Token?.symbol),
                        id(t.erc721Token?.tokenId),
                    ],
                ),
            );
        }
        const erc1155 = r.erc1155Transfers ?? [];
        if (erc1155.length > 0) {
            sections.push(
                logTransfersSection(
                    chainId,
                    'ERC-1155 transfers',
                    erc1155,
                    [
                        col('token', 'Contract'),
                        col('tokenId', 'Token id'),
                        col('value', 'Value', 'end'),
                    ],
                    (t) => [
                        tokenLink(chainId, t.erc1155Token?.address),
                        id(t.erc1155Token?.tokenId),
                        num(t.value),
                    ],
                ),
            );
        }
        const decoded = dataApiCallSections(r, chainId, context);
        sections.unshift(...decoded.sections);
        const internal = r.internalTransactions ?? [];
        sections.push({
            title: `Internal transactions (${internal.length})`,
            table: {
                columns: internalColumns,
                rows: internal.map((t) => internalCells(chainId, t, decimals, symbol)),
                empty: 'No internal transactions.',
            },
        });
        return {
            title: `Transaction ${shortenId(cleanText(tx.txHash), 10, 8)}`,
            subtitle: chainSubtitle(chainId, context),
            fields: fields(
                ['Hash', evmTxLink(chainId, tx.txHash)],
                ['Status', status(tx.txStatus)],
                ['Call trace', traceLink(queryNetwork(request, context), chainId, tx.txHash)],
                ['Block', evmBlockLink(chainId, tx.blockNumber)],
                ['Block hash', evmBlockLink(chainId, tx.blockHash)],
                ['Time', time(tx.blockTimestamp)],
                ['From', party(chainId, tx.from)],
                ['To', party(chainId, tx.to)],
                ...decoded.overview,
                ['Method', method(tx)],
                ['Value', amount(tx.value, decimals, symbol)],
                ['Fee', fee === undefined ? empty : amount(fee, decimals, symbol)],
                ['Gas used / limit', text(`${cleanText(tx.gasUsed)} / ${cleanText(tx.gasLimit)}`)],
                ['Gas price', amount(tx.gasPrice, 9, 'gwei')],
                ['Base fee', amount(tx.baseFeePerGas, 9, 'gwei')],
                ['Max fee', amount(tx.maxFeePerGas, 9, 'gwei')],
                ['Max priority fee', amount(tx.maxPriorityFeePerGas, 9, 'gwei')],
                ['Nonce', num(tx.nonce)],
                ['Type', num(tx.txType)],
                ['Index in block', num(tx.blockIndex)],
                ['Input', id(tx.input, undefined, 18, 8)],
            ),
            sections,
        };
    },
};
