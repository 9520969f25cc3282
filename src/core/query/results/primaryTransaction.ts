/**
 * The view of one P-, X- or C-Chain (atomic) transaction (`getTxByHash`): its fields, the L1
 * validators it touched, its consumed and emitted UTXOs and its amounts by asset.
 */
import {
    type AssetAmount,
    isPChainTransaction,
    isXChainTransaction,
    type PrimaryNetworkTransaction,
    type PrimaryNetworkUtxo,
} from '../../dataApi/model';
import { nAvaxDecimals, shortenId } from '../../format';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import {
    amount,
    assetLink,
    cleanText,
    empty,
    fields,
    id,
    list,
    nodeIdLink,
    num,
    pnTxLink,
    primaryChainLink,
    subnetLink,
    text,
    time,
    validationLink,
    vertexHeightLink,
} from '../cells';
import { assetAmount, assetAmounts, utxoCells, utxoColumns } from './primary';
import { col, queryNetwork, type ResultBuilder } from './types';

function utxoTable(
    net: string,
    utxos: readonly PrimaryNetworkUtxo[] | undefined,
    empty: string,
): Section['table'] {
    return {
        columns: utxoColumns,
        rows: (utxos ?? []).map((u) => utxoCells(u, net, 'p-chain')),
        empty,
    };
}

/** Every field of a transaction's asset amounts, one row per asset and kind of amount. */
function amountsTable(
    kinds: readonly (readonly [string, readonly AssetAmount[] | undefined])[],
    net: string,
): Section['table'] | undefined {
    const rows = kinds.flatMap(([kind, amounts]) =>
        (amounts ?? []).map((a) => [
            text(kind),
            assetAmount(a),
            assetLink(net, a.assetId),
            text(a.name),
            text(a.symbol),
            num(a.denomination),
            text(a.type),
        ]),
    );
    if (rows.length === 0) return undefined;
    return {
        columns: [
            col('kind', 'Amount'),
            col('amount', 'Value', 'end'),
            col('asset', 'Asset id'),
            col('name', 'Name'),
            col('symbol', 'Symbol'),
            col('denomination', 'Denomination', 'end'),
            col('type', 'Type'),
        ],
        rows,
    };
}

/** The fields every primary-network transaction ends with: where its funds came from and went, its memo. */
function crossChainFields(net: string, tx: PrimaryNetworkTransaction): [string, Cell][] {
    return [
        ['Source chain', tx.sourceChain ? primaryChainLink(net, tx.sourceChain) : empty],
        [
            'Destination chain',
            tx.destinationChain ? primaryChainLink(net, tx.destinationChain) : empty,
        ],
        ['Memo', text(tx.memo)],
    ];
}

/** `getTxByHash`: one P-Chain, X-Chain or C-Chain (atomic) transaction. */
export const primaryTransactionView: ResultBuilder = {
    header(result, request, context) {
        const tx = result as PrimaryNetworkTransaction;
        const net = queryNetwork(request, context);
        const chain = isPChainTransaction(tx) ? 'P' : isXChainTransaction(tx) ? 'X' : 'C';
        const common: [string, Cell][] = [
            ['Transaction', pnTxLink(net, tx.txHash, tx.txType)],
            ['Type', text(tx.txType)],
        ];
        const sections: Section[] = [];
        let details: [string, Cell][];
        if (isPChainTransaction(tx)) {
            details = [
                ['Block', num(tx.blockNumber)],
                ['Block hash', id(tx.blockHash)],
                ['Time', time(tx.blockTimestamp)],
                ['Value', assetAmounts(tx.value)],
                ['Burned', assetAmounts(tx.amountBurned)],
                ['Staked', assetAmounts(tx.amountStaked)],
                ['L1 validator balances', assetAmounts(tx.amountL1ValidatorBalanceBurned)],
                ['Node', tx.nodeId ? nodeIdLink(net, tx.nodeId) : empty],
                ['Subnet', tx.subnetId ? subnetLink(net, tx.subnetId) : empty],
                ['Blockchain created', text(tx.blockchainInfo?.chainName)],
                ['Start', time(tx.startTimestamp)],
                ['End', time(tx.endTimestamp)],
                ...crossChainFields(net, tx),
            ];
            if (tx.l1ValidatorDetails?.length) {
                sections.push({
                    title: 'L1 validators',
                    table: {
                        columns: [
                            col('validation', 'Validation id'),
                            col('node', 'Node'),
                            col('weight', 'Weight', 'end'),
                            col('balance', 'Remaining balance', 'end'),
                        ],
                        rows: tx.l1ValidatorDetails.map((v) => [
                            validationLink(net, v.validationId),
                            nodeIdLink(net, v.nodeId),
                            num(v.weight),
                            amount(v.remainingBalance, nAvaxDecimals, 'AVAX'),
                        ]),
                    },
                });
            }
            sections.push(
                { title: 'Consumed UTXOs', table: utxoTable(net, tx.consumedUtxos, 'None.') },
                { title: 'Emitted UTXOs', table: utxoTable(net, tx.emittedUtxos, 'None.') },
            );
        } else {
            details = [
                [
                    'Block / vertex',
                    'blockHeight' in tx
                        ? num(tx.blockHeight)
                        : list(
                              ('vertices' in tx ? tx.vertices : []).map((v) =>
                                  vertexHeightLink(net, v.height),
                              ),
                          ),
                ],
                ['Time', time(tx.timestamp)],
                ['Unlocked', assetAmounts(tx.amountUnlocked)],
                ['Created', assetAmounts(tx.amountCreated)],
                ...crossChainFields(net, tx),
            ];
            if ('consumedUtxos' in tx) {
                sections.push({
                    title: 'Consumed UTXOs',
                    table: utxoTable(net, tx.consumedUtxos, 'None.'),
                });
            }
            if ('emittedUtxos' in tx) {
                sections.push({
                    title: 'Emitted UTXOs',
                    table: utxoTable(net, tx.emittedUtxos, 'None.'),
                });
            }
        }
        const amounts = amountsTable(
            isPChainTransaction(tx)
                ? [
                      ['Value', tx.value],
                      ['Burned', tx.amountBurned],
                      ['Staked', tx.amountStaked],
                      ['L1 validator balances', tx.amountL1ValidatorBalanceBurned],
                  ]
                : [
                      ['Unlocked', tx.amountUnlocked],
                      ['Created', tx.amountCreated],
                  ],
            net,
        );
        if (amounts) sections.push({ title: 'Amounts by asset', table: amounts });
        const overview: Field[] = fields(...common, ...details);
        return {
            title: `${chain}-Chain transaction ${shortenId(cleanText(tx.txHash), 10, 8)}`,
            subtitle: `${cleanText(tx.txType)} · ${net}`,
            fields: overview,
            sections,
        };
    },
};
