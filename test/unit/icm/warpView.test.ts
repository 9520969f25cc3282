/**
 * Which transaction ids link to their aggregated signatures (only the P-Chain's L1 transactions:
 * the aggregator answers for nothing else), and the signatures panel: the Warp message decoded,
 * its signers mapped on a validator set when one is known, and the hex with the reason when the
 * message does not decode.
 */
import * as assert from 'node:assert/strict';

import { buildView, type ViewContext } from '../../../src/core';
import { pnTxLink, warpSignedTxTypes } from '../../../src/core/query/cells';
import * as primary from '../../../src/core/query/results/primary';
import { canonicalValidatorSet } from '../../../src/core/warp';
import type { DataApiQuery } from '../../../src/shared/query';
import type { Cell, Field, ResultView } from '../../../src/shared/viewModel';
import { hostileStrings } from '../../sandbox/hostile';
import { realIds } from '../dataApi/dataApi.samples';

const txHash = realIds.xTxId;
const context: ViewContext = { network: 'fuji', nowMs: Date.UTC(2026, 0, 1) };
const u32 = (n: number): string => n.toString(16).padStart(8, '0');
const slice = (hex: string): string => `${u32(hex.length / 2)}${hex}`;

/** An L1ValidatorWeight from the P-Chain on Fuji, weight 2^60 + 1, signed by bits 0 and 2. */
const weightMessage =
    `0000${u32(5)}${'00'.repeat(32)}` +
    slice(
        `0000${u32(1)}${slice('')}` +
            slice(`0000${u32(3)}${'11'.repeat(32)}${'0000000000000007'}${'1000000000000001'}`),
    ) +
    `${u32(0)}${slice('05')}${'cd'.repeat(96)}`;

function query(network = 'fuji'): DataApiQuery {
    return { source: 'dataApi', operation: 'getAggregatedSignatures', params: { network, txHash } };
}

function fieldOf(fields: readonly Field[] | undefined, label: string): Cell | undefined {
    return fields?.find((f) => f.label === label)?.value;
}

function shown(cell: Cell | undefined): string | undefined {
    if (!cell) return undefined;
    return 'raw' in cell ? cell.raw : 'text' in cell ? cell.text : undefined;
}

function view(signedMessage: unknown, ctx: ViewContext = context): ResultView {
    return buildView(query(), { signedMessage }, ctx).view;
}

describe('(unit) aggregated signatures: which transactions link to them', function () {
    it('the L1 transactions the P-Chain signs link; every other type, and an unknown one, does not', function () {
        for (const type of [
            'ConvertSubnetToL1Tx',
            'RegisterL1ValidatorTx',
            'SetL1ValidatorWeightTx',
        ]) {
            const cell = pnTxLink('fuji', txHash, type);
            assert.ok(cell.k === 'id' && cell.link, type);
            assert.deepEqual(cell.link, {
                source: 'dataApi',
                operation: 'getAggregatedSignatures',
                params: { network: 'fuji', txHash },
            });
        }
        for (const type of [
            'BaseTx',
            'ImportTx',
            'ExportTx',
            'CreateAssetTx',
            'AddPermissionlessValidatorTx',
            'DisableL1ValidatorTx',
            'IncreaseL1ValidatorBalanceTx',
            'UNKNOWN',
            undefined,
        ]) {
            const cell = pnTxLink('fuji', txHash, type);
            assert.ok(cell.k === 'id' && cell.link === undefined, String(type));
            assert.equal(cell.raw, txHash, 'still an id to copy');
        }
        assert.equal(warpSignedTxTypes.size, 3);
    });

    it('an X-Chain transaction row and a UTXO row offer no signatures; a subnet’s conversion does', function () {
        const request: DataApiQuery = {
            source: 'dataApi',
            operation: 'listAssetTransactions',
            params: { network: 'fuji', blockchainId: 'x-chain', assetId: realIds.avaxAssetId },
        };
        const txRow = primary.assetTransactionsView.row!(
            { txHash, txType: 'BaseTx', timestamp: 1, consumedUtxos: [], emittedUtxos: [] },
            request,
            context,
        );
        // It links to its own panel (every field of its UTXOs), never to signatures.
        const txCell = txRow[0]!;
        assert.ok(
            txCell.k === 'id' &&
                txCell.link?.source === 'dataApi' &&
                txCell.link.operation === 'getTxByHash',
        );

        const utxoRow = primary.utxosView.row!(
            {
                utxoId: txHash,
                txHash,
                consumingTxHash: txHash,
                addresses: [],
                utxoType: 'TRANSFER',
                blockTimestamp: 1,
            },
            { ...request, operation: 'getUtxosByAddressesV2' },
            context,
        );
        const column = (key: string) => primary.utxosView.columns!.findIndex((c) => c.key === key);
        for (const cell of [utxoRow[column('tx')]!, utxoRow[column('spentIn')]!]) {
            assert.ok(cell.k === 'id' && cell.link === undefined);
        }

        const subnetRow = primary.subnetsView.row!(
            {
                subnetId: realIds.avaxAssetId,
                isL1: true,
                createBlockTimestamp: 1,
                blockchains: [],
                l1ConversionTransactionHash: txHash,
            },
            { ...request, operation: 'listSubnets' },
            context,
        );
        const conversion = subnetRow[6]!;
        assert.ok(conversion.k === 'id' && conversion.link?.source === 'dataApi');
        assert.equal(
            conversion.link.source === 'dataApi' && conversion.link.operation,
            'getAggregatedSignatures',
        );
    });
});

describe('(unit) aggregated signatures view', function () {
    it('shows the decoded message: source, payload, the P-Chain message, signers', function () {
        const v = view(weightMessage);
        assert.match(v.title, /^Aggregated signatures of /);
        assert.equal(v.notice, undefined);
        assert.equal(shown(fieldOf(v.fields, 'Network id')), '5 (fuji)');
        assert.equal(
            shown(fieldOf(v.fields, 'Source chain')),
            '11111111111111111111111111111111LpoYY',
        );
        assert.equal((fieldOf(v.fields, 'Source chain') as { text: string }).text, 'P-Chain');
        assert.equal(shown(fieldOf(v.fields, 'Payload')), 'L1ValidatorWeight');
        assert.equal(shown(fieldOf(v.fields, 'Signer count')), '2');
        assert.equal(shown(fieldOf(v.fields, 'Signer bits')), '0, 2');
        assert.equal(shown(fieldOf(v.fields, 'Aggregate signature')), `0x${'cd'.repeat(96)}`);
        const transaction = fieldOf(v.fields, 'Transaction');
        assert.ok(transaction?.k === 'id' && transaction.link === undefined, 'no link to itself');

        const message = v.sections.find((s) => s.title === 'P-Chain message: L1ValidatorWeight');
        assert.ok(message, v.sections.map((s) => s.title).join(', '));
        assert.equal(shown(fieldOf(message.fields, 'Weight')), String(2n ** 60n + 1n));
        assert.equal(shown(fieldOf(message.fields, 'Nonce')), '7');
        const validation = fieldOf(message.fields, 'Validation id');
        assert.ok(validation?.k === 'id' && validation.link, 'links to the L1 validator');
        const hex = v.sections.find((s) => s.title === 'Signed message (hex)');
        assert.equal(shown(fieldOf(hex?.fields, 'Hex')), weightMessage);
    });

    it('maps the signer bits on a validator set, with signed and total weight', function () {
        const key = (first: string): string => `0x${first}${'00'.repeat(47)}`;
        const set = canonicalValidatorSet([
            { nodeId: 'NodeID-One', publicKey: key('81'), weight: 2n ** 60n },
            { nodeId: 'NodeID-Two', publicKey: key('82'), weight: 3n },
            { nodeId: 'NodeID-Three', publicKey: key('83'), weight: 5n },
            { nodeId: 'NodeID-NoKey', weight: 100n },
        ]);
        const v = view(weightMessage, {
            ...context,
            warpValidators: { subnet: 'Primary Network', height: '1234', set },
        });
        const signers = v.sections.find((s) => s.title.startsWith('Signers'));
        assert.ok(signers);
        assert.equal(signers.title, 'Signers (2 of 3 validators with a BLS key)');
        assert.equal(shown(fieldOf(signers.fields, 'Signed weight')), String(2n ** 60n + 5n));
        assert.equal(shown(fieldOf(signers.fields, 'Total weight')), String(2n ** 60n + 108n));
        assert.deepEqual(
            signers.table?.rows.map((r) => shown(r[0])),
            ['0', '2'],
        );
        assert.equal(shown(fieldOf(signers.fields, 'At P-Chain height')), '1234');
        assert.equal(shown(fieldOf(signers.fields, 'Validator set')), 'Primary Network');
        assert.match(signers.note ?? '', /height 1234, the selected node’s current height/);
        assert.match(signers.note ?? '', /does not carry the height it was signed at/);

        const failed = view(weightMessage, { ...context, warpValidators: { error: 'no node.' } });
        assert.match(
            failed.sections.find((s) => s.title === 'Signers')?.note ?? '',
            /the L1 the message is for .*could not be read: no node\./,
        );
        assert.deepEqual(failed.notice, {
            tone: 'warn',
            text: 'Who signed is not shown: no node.',
        });
    });

    it('a message that does not decode: the hex and the reason, never an exception', function () {
        for (const bad of ['zz', weightMessage.slice(0, -2), `${weightMessage}00`, '', 42, null]) {
            const v = view(bad);
            assert.equal(v.notice?.tone, 'warn');
            assert.match(v.notice?.text ?? '', /^Not a signed Warp message: /);
            assert.ok(v.sections.some((s) => s.title === 'Signed message (hex)'));
        }
    });

    it('hostile text stays text', function () {
        for (const hostile of hostileStrings) {
            const v = view(hostile);
            const hex = v.sections.find((s) => s.title === 'Signed message (hex)');
            const cell = fieldOf(hex?.fields, 'Hex');
            assert.ok(cell === undefined || cell.k === 'text');
        }
    });
});
