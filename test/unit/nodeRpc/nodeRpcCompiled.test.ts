/**
 * The node client parses a result with zod's compiled form of its schema once the schema has
 * been used a few times (`schemaInUse`, core/nodeRpc/wire.ts). The compiled form must answer as
 * the schema does: the same data for every answer a real AvalancheGo gave (test/fixtures/realnode,
 * and test/fixtures/realnode-v1.15 for v1.15 with Helicon) and for every published example
 * (test/fixtures/nodeRpc), and a refusal with the same issues wherever one value of such an
 * answer is replaced by one of another type.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

import * as z from 'zod';

import { findNodeRpcMethod, type NodeRpcMethod } from '../../../src/core';
import { schemaInUse } from '../../../src/core/nodeRpc/wire';
import { parseJsonExact } from '../../../src/core/http/exactJson';

import { fixturesDir } from '../../helpers/fixtures';

interface Answer {
    label: string;
    method: NodeRpcMethod;
    result: unknown;
}

/** Every single-call answer with a result in the recorded and published fixtures. */
function answers(): Answer[] {
    const found: Answer[] = [];
    const add = (label: string, request: unknown, body: unknown): void => {
        if (typeof request !== 'object' || request === null || Array.isArray(request)) return;
        if (typeof body !== 'object' || body === null || !('result' in body)) return;
        const method = findNodeRpcMethod(String((request as { method?: unknown }).method));
        if (method) found.push({ label, method, result: body.result });
    };
    // v1.14.2 (the node tier's pin) and v1.15 with Helicon active.
    for (const set of ['realnode', 'realnode-v1.15']) {
        const realnode = path.join(fixturesDir, set);
        for (const file of readdirSync(realnode).filter((f) => f.endsWith('.json'))) {
            const text = readFileSync(path.join(realnode, file), 'utf8');
            const { fixtures } = parseJsonExact(text) as {
                fixtures: { name: string; body: unknown; response: { body: unknown } }[];
            };
            for (const f of fixtures) add(`${set}/${file}: ${f.name}`, f.body, f.response.body);
        }
    }
    // Published examples are answers alone, named after their method.
    const published = path.join(fixturesDir, 'nodeRpc');
    for (const file of readdirSync(published)) {
        const method = /^rpc-(.+)\.json$/.exec(file)?.[1];
        if (method === undefined || method.startsWith('error.')) continue;
        const text = readFileSync(path.join(published, file), 'utf8');
        add(file, { method }, parseJsonExact(text));
    }
    return found;
}

/** Copies of `value` with one leaf replaced by a value of another type, at most `limit` of them. */
function mutations(value: unknown, limit: number): unknown[] {
    const out: unknown[] = [];
    const walk = (node: unknown, replace: (leaf: unknown) => unknown): void => {
        if (out.length >= limit) return;
        if (Array.isArray(node)) {
            const items = node as unknown[];
            items.forEach((item, i) =>
                walk(item, (leaf) => replace(items.map((x, j) => (j === i ? leaf : x)))),
            );
        } else if (typeof node === 'object' && node !== null) {
            for (const key of Object.keys(node)) {
                walk((node as Record<string, unknown>)[key], (leaf) =>
                    replace({ ...node, [key]: leaf }),
                );
            }
        } else {
            out.push(
                replace(typeof node === 'boolean' ? 'yes' : typeof node === 'string' ? 7 : true),
            );
        }
    };
    walk(value, (whole) => whole);
    return out;
}

function sameParse(schema: z.ZodType, compiled: z.ZodType, value: unknown, label: string): void {
    const expected = schema.safeParse(value);
    const actual = compiled.safeParse(value);
    assert.equal(actual.success, expected.success, label);
    if (expected.success) assert.deepEqual(actual.data, expected.data, label);
    else assert.deepEqual(actual.error?.issues, expected.error.issues, label);
}

describe('(unit) node results: the compiled schemas', () => {
    const all = answers();

    it('reads the fixtures: recorded and published answers of most methods', () => {
        assert.ok(all.length > 80, `${all.length} answers`);
    });

    it('answer every recorded and published result as the schemas do', () => {
        for (const { label, method, result } of all) {
            const schema = method.resultSchema();
            sameParse(schema, z.compile(schema), result, label);
        }
    });

    it('refuse what the schemas refuse, with the same issues', () => {
        for (const { label, method, result } of all) {
            const schema = method.resultSchema();
            const compiled = z.compile(schema);
            for (const changed of mutations(result, 40)) {
                sameParse(schema, compiled, changed, `${label}: ${JSON.stringify(changed)}`);
            }
        }
    });

    it('are handed out from the tenth parse of a schema on, the same object each time', () => {
        const schema = z.object({ a: z.string() });
        const handed = Array.from({ length: 12 }, () => schemaInUse(schema));
        assert.ok(handed.slice(0, 9).every((s) => s === schema));
        assert.notEqual(handed[9], schema);
        assert.equal(handed[10], handed[9]);
        assert.deepEqual(handed[11]!.safeParse({ a: 'x', b: 1 }), {
            success: true,
            data: { a: 'x' },
        });
        assert.equal(handed[11]!.safeParse({ a: 1 }).success, false);
    });
});
