/**
 * fast-check arbitraries of ABI parameters with values of their type, in the shapes viem encodes,
 * and the `DecodedValue` the decoder should give back for each: the oracle of the property tests
 * of src/core/abi/decode.ts. Sizes stay under the decoder's bounds (at most 4 items per array,
 * short strings and bytes), so that nothing is cut and the answer must equal the input.
 */
import * as fc from 'fast-check';

import type { DecodedValue } from '../../src/core/abi/types';
import type { AbiParam } from '../../src/core/workspace/types';

/** A parameter, a value viem can encode for it, and what decoding must answer. */
export interface Sample {
    readonly param: AbiParam;
    readonly value: unknown;
    readonly expected: DecodedValue;
}

const hexOf = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

/** Parameter names as solc writes them, including none. */
export const paramName = fc.constantFrom('', 'a', 'to', 'amount', 'data', 'id_2', '$x');

const valueType: fc.Arbitrary<string> = fc.oneof(
    fc.constantFrom('address', 'bool', 'bytes', 'string'),
    fc
        .tuple(fc.boolean(), fc.integer({ min: 1, max: 32 }))
        .map(([signed, n]) => `${signed ? 'int' : 'uint'}${n * 8}`),
    fc.integer({ min: 1, max: 32 }).map((n) => `bytes${n}`),
);

/** A parameter type with arrays and tuples nested up to `depth` levels. */
export function paramArb(depth: number): fc.Arbitrary<AbiParam> {
    const leaf = valueType.map((type): AbiParam => ({ name: '', type }));
    if (depth <= 0) return leaf;
    const inner = paramArb(depth - 1);
    const array = fc
        .tuple(inner, fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }))
        .map(([item, length]): AbiParam => ({ ...item, type: `${item.type}[${length ?? ''}]` }));
    const tuple = fc
        .array(fc.tuple(paramName, inner), { minLength: 1, maxLength: 4 })
        .map((fields): AbiParam => ({
            name: '',
            type: 'tuple',
            components: fields.map(([name, p]) => ({ ...p, name })),
        }));
    return fc.oneof(
        { weight: 3, arbitrary: leaf },
        { weight: 1, arbitrary: array },
        { weight: 1, arbitrary: tuple },
    );
}

/** The canonical type the decoder reports for a parameter. */
export function canonical(param: AbiParam): string {
    const cut = param.type.indexOf('[');
    const suffix = cut < 0 ? '' : param.type.slice(cut);
    if (param.type.startsWith('tuple'))
        return `(${(param.components ?? []).map(canonical).join(',')})${suffix}`;
    return param.type;
}

function intValue(type: string): fc.Arbitrary<bigint> {
    const signed = type.startsWith('int');
    const bits = Number(type.replace(/^u?int/, ''));
    const max = (1n << BigInt(signed ? bits - 1 : bits)) - 1n;
    const min = signed ? -(max + 1n) : 0n;
    return fc.oneof(fc.bigInt({ min, max }), fc.constantFrom(min, max, 0n));
}

/** A value of exactly `param`'s type, with what decoding must answer for it. */
export function valueOf(param: AbiParam): fc.Arbitrary<Sample> {
    const type = param.type;
    if (type.endsWith(']')) {
        const open = type.lastIndexOf('[');
        const digits = type.slice(open + 1, -1);
        const item: AbiParam = { ...param, type: type.slice(0, open) };
        const length = digits === '' ? undefined : Number(digits);
        return fc
            .array(valueOf(item), { minLength: length ?? 0, maxLength: length ?? 4 })
            .map((items) => ({
                param,
                value: items.map((i) => i.value),
                expected: {
                    k: 'list',
                    type: canonical(param),
                    items: items.map((i) => i.expected),
                },
            }));
    }
    if (type === 'tuple') {
        const components = param.components ?? [];
        return fc.tuple(...components.map((c) => valueOf(c))).map((values) => ({
            param,
            value: values.map((v) => v.value),
            expected: {
                k: 'tuple',
                type: canonical(param),
                fields: values.map((v, i) => ({
                    name: components[i]!.name,
                    type: canonical(components[i]!),
                    value: v.expected,
                })),
            },
        }));
    }
    const sample = (value: unknown, expected: DecodedValue): Sample => ({ param, value, expected });
    if (type === 'address')
        return fc
            .uint8Array({ minLength: 20, maxLength: 20 })
            .map((b) => sample(hexOf(b), { k: 'address', value: hexOf(b) }));
    if (type === 'bool') return fc.boolean().map((v) => sample(v, { k: 'bool', value: v }));
    if (type === 'string')
        return fc
            .string({ unit: 'grapheme', maxLength: 20 })
            .map((s) => sample(s, { k: 'string', value: s }));
    if (type === 'bytes')
        return fc
            .uint8Array({ maxLength: 80 })
            .map((b) => sample(hexOf(b), { k: 'bytes', type, value: hexOf(b) }));
    if (type.startsWith('bytes')) {
        const size = Number(type.slice(5));
        return fc
            .uint8Array({ minLength: size, maxLength: size })
            .map((b) => sample(hexOf(b), { k: 'bytes', type, value: hexOf(b) }));
    }
    return intValue(type).map((v) => sample(v, { k: 'int', type, value: v.toString() }));
}

/** A parameter with a value. */
export function sampleArb(depth: number): fc.Arbitrary<Sample> {
    return paramArb(depth).chain(valueOf);
}
