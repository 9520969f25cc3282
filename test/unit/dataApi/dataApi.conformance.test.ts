/**
 * The client against the published OpenAPI (test/fixtures/dataApi/openapi-subset.json): every
 * response schema, walked field by field (names, required-ness, types, nullability, enum values),
 * and every operation's parameters, method, path and page-size limits.
 */
import * as assert from 'node:assert/strict';

import * as z from 'zod';

import {
    apiFeatures,
    blockchainIds,
    currencies,
    dataApiOperations,
    isValidationError,
    networks,
    operationParams,
    operationTypes,
    pageSizeLimits,
    prepareRequest,
    primaryNetworkTxTypes,
    responseWireSchema,
    sortOrders,
    utxoSortBy,
    xChainIds,
} from '../../../src/core';
import { validParams } from './dataApi.samples';
import { dataApiFixtures, loadJson } from '../../helpers/fixtures';

interface OpenApiSchema {
    $ref?: string;
    type?: string | string[];
    properties?: Record<string, OpenApiSchema>;
    required?: string[];
    items?: OpenApiSchema;
    additionalProperties?: OpenApiSchema | boolean;
    enum?: unknown[];
    allOf?: OpenApiSchema[];
    oneOf?: OpenApiSchema[];
    anyOf?: OpenApiSchema[];
    minimum?: number;
    maximum?: number;
    default?: unknown;
}

interface OpenApiParameter {
    name: string;
    in: 'path' | 'query';
    required?: boolean;
    schema: OpenApiSchema;
}

interface Subset {
    operations: Record<
        string,
        {
            method: string;
            path: string;
            parameters: OpenApiParameter[];
            requestBody?: OpenApiSchema;
            successStatus: number;
            response: OpenApiSchema;
        }
    >;
    schemas: Record<string, OpenApiSchema>;
}

type JsonSchema = Record<string, unknown> & {
    type?: string | string[];
    properties?: Record<string, JsonSchema>;
    required?: string[];
    items?: JsonSchema;
    additionalProperties?: JsonSchema | boolean;
    anyOf?: JsonSchema[];
    oneOf?: JsonSchema[];
};

const subset = loadJson<Subset>(dataApiFixtures, 'openapi-subset.json');

/** Follows `$ref` and single-element `allOf` wrappers (how the OpenAPI attaches descriptions). */
function resolve(schema: OpenApiSchema): OpenApiSchema {
    let current = schema;
    for (;;) {
        if (current.$ref) current = subset.schemas[current.$ref.split('/').pop()!]!;
        else if (current.allOf?.length === 1) current = current.allOf[0]!;
        else return current;
    }
}

function typesOf(schema: JsonSchema): Set<string> {
    const out = new Set<string>();
    const add = (s: JsonSchema): void => {
        if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t));
        else if (typeof s.type === 'string') out.add(s.type);
        for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) add(branch);
    };
    add(schema);
    if (out.has('integer')) out.add('number');
    return out;
}

/**
 * Extra forms the client accepts on purpose, where the published examples contradict the
 * declared type (`sortKey` is typed string, its example is the number 123: see
 * test/fixtures/dataApi/metrics-holders-token-holders-above-threshold.source.txt).
 * `Money.value` strings need no entry: that branch is told apart by its pattern.
 */
const documentedDrift: Record<string, string[]> = {
    'addresses[].sortKey': ['number'],
    // Genesis files write these as they like: hex strings (geth's format) or numbers (#34).
    'genesisData<0>.baseFeePerGas': ['string'],
    'genesisData<0>.airdropAmount': ['string'],
};

/** A drift accepted at `where` (matched by its end, so every operation that nests it agrees). */
function isDocumentedDrift(where: string, type: string): boolean {
    return Object.entries(documentedDrift).some(
        ([path, types]) => where.endsWith(path) && types.includes(type),
    );
}

/**
 * Fields the OpenAPI requires that the client reads as optional on purpose: the docs' own
 * `listErc20Balances` example leaves `tokenReputation` out
 * (test/fixtures/dataApi/rest-4.8-list-erc20-balances.docs.json), and absent reads as unknown.
 */
const documentedOptional: Record<string, string[]> = {
    'erc20TokenBalances[]': ['tokenReputation'],
};

/**
 * Checks that `mine` (zod's JSON Schema of the client's wire schema) describes what `theirs`
 * (the OpenAPI) allows, collecting every difference as `path: problem`.
 */
function compare(
    mine: JsonSchema,
    theirsRaw: OpenApiSchema,
    where: string,
    problems: string[],
): void {
    const theirs = resolve(theirsRaw);
    const alternatives = theirs.oneOf ?? theirs.anyOf;
    if (alternatives) {
        const branches = mine.anyOf ?? mine.oneOf ?? [mine];
        alternatives.forEach((alternative, i) => {
            // Each published alternative must be matched by some branch of ours.
            const attempts = branches.map((branch) => {
                const found: string[] = [];
                compare(branch, alternative, `${where}<${i}>`, found);
                return found;
            });
            const best = attempts.reduce((a, b) => (b.length < a.length ? b : a));
            problems.push(...best);
        });
        return;
    }
    const declared = theirs.type;
    const theirTypes = new Set(Array.isArray(declared) ? declared : declared ? [declared] : []);
    if (theirTypes.has('integer')) theirTypes.add('number');
    // Where we accept more than one form (a documented drift), compare with the matching branch.
    if ((mine.anyOf || mine.oneOf) && !theirTypes.has('null') && !theirs.properties) {
        const branches = mine.anyOf ?? mine.oneOf ?? [];
        const match = branches.find((b) => [...theirTypes].every((t) => typesOf(b).has(t)));
        if (!match)
            problems.push(`${where}: none of our branches is a ${[...theirTypes].join('|')}`);
        else compare(match, theirs, where, problems);
        return;
    }
    const ourTypes = typesOf(mine);
    if (theirs.properties || theirTypes.has('object')) {
        if (!ourTypes.has('object')) {
            problems.push(`${where}: ours is not an object`);
            return;
        }
        if (theirs.properties) {
            const theirKeys = Object.keys(theirs.properties).sort();
            const ourKeys = Object.keys(mine.properties ?? {}).sort();
            assertSameSet(ourKeys, theirKeys, `${where}: properties`, problems);
            const optional = Object.entries(documentedOptional)
                .filter(([path]) => where.endsWith(path))
                .flatMap(([, keys]) => keys)
                .filter((key) => theirs.required?.includes(key));
            assertSameSet(
                [...(mine.required ?? []), ...optional].sort(),
                [...(theirs.required ?? [])].sort(),
                `${where}: required`,
                problems,
            );
            for (const key of theirKeys) {
                const ours = mine.properties?.[key];
                if (ours) compare(ours, theirs.properties[key]!, `${where}.${key}`, problems);
            }
        } else if (typeof theirs.additionalProperties === 'object') {
            if (typeof mine.additionalProperties !== 'object') {
                problems.push(`${where}: ours is not a map`);
            } else {
                compare(
                    mine.additionalProperties,
                    theirs.additionalProperties,
                    `${where}{}`,
                    problems,
                );
            }
        }
        return;
    }
    if (theirTypes.has('array')) {
        if (!ourTypes.has('array') || !mine.items) problems.push(`${where}: ours is not an array`);
        else compare(mine.items, theirs.items!, `${where}[]`, problems);
        return;
    }
    for (const type of theirTypes) {
        if (!ourTypes.has(type)) problems.push(`${where}: ours does not accept ${type}`);
    }
    for (const type of ourTypes) {
        // Integers are numbers: the uint64 fields (`uint64()` in the schema kit) take only those.
        if (type === 'integer' && theirTypes.has('number')) continue;
        if (!theirTypes.has(type) && !isDocumentedDrift(where, type)) {
            problems.push(`${where}: ours accepts ${type}, the OpenAPI does not`);
        }
    }
    if (theirs.enum) {
        const known = findKnownValues(mine);
        for (const value of theirs.enum) {
            if (value !== null && !known.includes(value as string)) {
                problems.push(
                    `${where}: enum value ${JSON.stringify(value)} is not among our known values`,
                );
            }
        }
    }
}

function findKnownValues(schema: JsonSchema): string[] {
    const own = schema['x-known-values'];
    if (Array.isArray(own)) return own as string[];
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
        const found = findKnownValues(branch);
        if (found.length) return found;
    }
    return [];
}

function assertSameSet(ours: string[], theirs: string[], what: string, problems: string[]): void {
    const missing = theirs.filter((k) => !ours.includes(k));
    const extra = ours.filter((k) => !theirs.includes(k));
    if (missing.length) problems.push(`${what}: missing ${missing.join(', ')}`);
    if (extra.length) problems.push(`${what}: not in the OpenAPI: ${extra.join(', ')}`);
}

function enumOf(name: string): unknown[] {
    return resolve({ $ref: `#/components/schemas/${name}` }).enum ?? [];
}

describe('(unit) dataApi conformance with the published OpenAPI', () => {
    it('covers exactly the operations of the subset', () => {
        assert.deepEqual([...dataApiOperations].sort(), Object.keys(subset.operations).sort());
    });

    for (const operation of dataApiOperations) {
        it(`${operation}: the response schema matches field for field`, () => {
            const published = subset.operations[operation]!;
            const mine = z.toJSONSchema(responseWireSchema(operation), {
                io: 'input',
                unrepresentable: 'any',
            }) as JsonSchema;
            const problems: string[] = [];
            compare(mine, published.response, operation, problems);
            assert.deepEqual(problems, []);
        });

        it(`${operation}: parameters, method, path and page size match`, () => {
            const published = subset.operations[operation]!;
            const names = published.parameters.map((p) => p.name);
            if (published.requestBody) {
                const body = resolve(published.requestBody);
                for (const variant of body.oneOf ?? [body]) {
                    names.push(...Object.keys(resolve(variant).properties ?? {}));
                }
            }
            assert.deepEqual([...new Set(names)].sort(), [...operationParams[operation]].sort());

            const request = prepareRequest(operation, validParams[operation]);
            assert.equal(request.method, published.method);
            const template = new RegExp(
                `^${published.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+')}$`,
            );
            assert.match(request.path, template);

            // Every required parameter is refused when missing, by name.
            const required = published.parameters.filter((p) => p.required).map((p) => p.name);
            if (operation === 'getUtxosByAddressesV2') required.push('addresses');
            if (operation === 'postTransactionExportJob') required.push('type', 'options');
            for (const name of required) {
                const params = { ...validParams[operation] } as Record<string, unknown>;
                delete params[name];
                assert.throws(
                    () => prepareRequest(operation, params as never),
                    (error: unknown) => isValidationError(error) && error.param === name,
                    `${operation} without ${name}`,
                );
            }

            const pageSize = published.parameters.find((p) => p.name === 'pageSize');
            const limits = (
                pageSizeLimits as Record<string, { min: number; max: number; default: number }>
            )[operation];
            if (pageSize) {
                assert.deepEqual(limits, {
                    min: pageSize.schema.minimum,
                    max: pageSize.schema.maximum,
                    default: pageSize.schema.default,
                });
            } else {
                assert.equal(limits, undefined);
            }
        });
    }

    it('uses the published value lists for request parameters', () => {
        assert.deepEqual([...networks], enumOf('Network'));
        assert.deepEqual([...blockchainIds], enumOf('BlockchainId'));
        assert.deepEqual([...xChainIds], enumOf('XChainId'));
        assert.deepEqual([...currencies], enumOf('CurrencyCode'));
        assert.deepEqual([...primaryNetworkTxTypes], enumOf('PrimaryNetworkTxType'));
        assert.deepEqual([...apiFeatures], enumOf('ApiFeature'));
        assert.deepEqual([...sortOrders], enumOf('SortOrder'));
        assert.deepEqual([...utxoSortBy], enumOf('UtxosSortByOption'));
        assert.deepEqual([...operationTypes].sort(), [...enumOf('OperationType')].sort());
    });

    it('finds real differences (the comparison itself can fail)', () => {
        const problems: string[] = [];
        const broken = z.object({ address: z.number(), extra: z.string() });
        compare(
            z.toJSONSchema(broken) as JsonSchema,
            { $ref: '#/components/schemas/RichAddress' },
            'RichAddress',
            problems,
        );
        assert.ok(
            problems.some((p) => p.includes('missing decimals, logoUri, name, symbol')),
            problems.join('\n'),
        );
        assert.ok(problems.some((p) => p.includes('not in the OpenAPI: extra')));
        assert.ok(
            problems.some((p) => p.includes('RichAddress.address: ours does not accept string')),
        );
        const enumProblems: string[] = [];
        compare(
            { type: 'string', 'x-known-values': ['asc'] },
            { $ref: '#/components/schemas/SortOrder' },
            'SortOrder',
            enumProblems,
        );
        assert.deepEqual(enumProblems, [
            'SortOrder: enum value "desc" is not among our known values',
        ]);
    });
});
