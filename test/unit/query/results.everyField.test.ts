/**
 * Panels show every field (#34): each field the wire schema of a UTXO (both shapes) and of an
 * X-Chain asset transaction declares is visible in a panel besides the raw JSON. The items are
 * made from the schemas themselves, one distinct value per field, so a field added to a schema
 * and left out of the panels fails here.
 */
import * as assert from 'node:assert/strict';

import * as z from 'zod';

import { buildView, primaryNetworkWireSchemas } from '../../../src/core';
import type { QueryRequest } from '../../../src/shared/query';
import { cellRaw, type Cell, type ResultView } from '../../../src/shared/viewModel';

type JsonSchema = {
    type?: string | string[];
    properties?: Record<string, JsonSchema>;
    items?: JsonSchema;
    anyOf?: JsonSchema[];
    additionalProperties?: JsonSchema | boolean;
};

/**
 * An item with every field of `schema` set, each number or string leaf to a value no other leaf
 * has (`leaves`); booleans are `true`, and a panel shows them as such.
 */
function everyField(schema: z.ZodType): {
    item: Record<string, unknown>;
    leaves: { path: string; value: string }[];
} {
    let next = 0;
    const leaves: { path: string; value: string }[] = [];
    const make = (s: JsonSchema, path: string): unknown => {
        const shape = s.anyOf ? (s.anyOf.find((b) => b.type !== 'null') ?? s.anyOf[0]!) : s;
        const type = Array.isArray(shape.type) ? shape.type[0] : shape.type;
        if (shape.properties) {
            return Object.fromEntries(
                Object.entries(shape.properties).map(([key, value]) => [
                    key,
                    make(value, path ? `${path}.${key}` : key),
                ]),
            );
        }
        if (type === 'array') return [make(shape.items ?? {}, `${path}[]`)];
        if (type === 'boolean') return true;
        next++;
        const value = type === 'number' || type === 'integer' ? 7000 + next : `field${next}value`;
        leaves.push({ path, value: String(value) });
        return value;
    };
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
    return { item: make(json, '') as Record<string, unknown>, leaves };
}

/** The raw value and the text of every cell a view shows, lists walked. */
function shown(view: ResultView): Set<string> {
    const out = new Set<string>();
    const walk = (cell: Cell): void => {
        out.add(cellRaw(cell));
        if ('text' in cell) out.add(cell.text);
        if (cell.k === 'list') cell.items.forEach(walk);
    };
    for (const field of view.fields) walk(field.value);
    for (const section of view.sections) {
        for (const field of section.fields ?? []) walk(field.value);
        for (const row of section.table?.rows ?? []) row.forEach(walk);
    }
    for (const row of view.main?.rows ?? []) row.forEach(walk);
    return out;
}

const context = { network: 'mainnet' };

describe('(unit) panels show every field of a UTXO and an asset transaction (#34)', () => {
    const s = primaryNetworkWireSchemas();

    for (const [name, schema] of [
        ['P-Chain UTXO', s.PChainUtxoWireSchema],
        ['X- or C-Chain UTXO', s.UtxoWireSchema],
    ] as const) {
        it(`the UTXO panel shows every field of a ${name}`, () => {
            const { item: utxo, leaves } = everyField(schema);
            // The P-Chain shape repeats its asset's amount and id at the top: the same values.
            if ('assetId' in utxo) {
                const asset = utxo['asset'] as Record<string, unknown>;
                utxo['amount'] = asset['amount'];
                utxo['assetId'] = asset['assetId'];
            }
            const values = leaves.filter((leaf) => JSON.stringify(utxo).includes(leaf.value));
            const request: QueryRequest = {
                source: 'dataApi',
                operation: 'getUtxosByAddressesV2',
                params: { network: 'mainnet', blockchainId: 'p-chain', addresses: ['P-avax1x'] },
            };
            const { view } = buildView(request, { items: [utxo] }, context);
            const visible = shown(view);
            assert.deepEqual(
                values.filter((leaf) => !visible.has(leaf.value)).map((leaf) => leaf.path),
                [],
                'fields the panel does not show',
            );
            if ('staked' in utxo) assert.ok(visible.has('true'), 'staked is shown');
        });
    }

    it('an asset transaction: its row and its transaction panel show every field', () => {
        for (const schema of [
            s.XChainLinearTransactionWireSchema,
            s.XChainNonLinearTransactionWireSchema,
        ]) {
            const { item, leaves } = everyField(schema);
            const rowView = buildView(
                {
                    source: 'dataApi',
                    operation: 'listAssetTransactions',
                    params: { network: 'mainnet', blockchainId: 'x-chain', assetId: 'a' },
                },
                { items: [item] },
                context,
            ).view;
            const txView = buildView(
                {
                    source: 'dataApi',
                    operation: 'getTxByHash',
                    params: { network: 'mainnet', blockchainId: 'x-chain', txHash: 't' },
                },
                item,
                context,
            ).view;
            const row = shown(rowView);
            const visible = new Set([...row, ...shown(txView)]);
            assert.deepEqual(
                leaves.filter((leaf) => !visible.has(leaf.value)).map((leaf) => leaf.path),
                [],
                'fields neither the row nor the transaction panel shows',
            );
            for (const key of ['chainFormat', 'sourceChain', 'destinationChain'] as const) {
                assert.ok(row.has(String(item[key])), `the row shows ${key}`);
            }
        }
    });
});
