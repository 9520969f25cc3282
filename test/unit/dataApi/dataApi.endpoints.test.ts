/**
 * The Data API endpoint table itself: every entry is complete and consistent, and what is derived
 * from it (client methods, parameter lists, page sizes, palette prompts) follows it, so that an
 * endpoint is added by adding one entry (plus its view).
 */
import * as assert from 'node:assert/strict';

import {
    DataApiClient,
    dataApiEndpoint,
    dataApiEndpoints,
    dataApiOperations,
    dataApiQuery,
    operationParams,
    pageSizeLimits,
} from '../../../src/core';

describe('(unit) dataApi endpoint table', () => {
    it('keys each entry by its operationId, and lists every entry as an operation', () => {
        for (const [key, endpoint] of Object.entries(dataApiEndpoints)) {
            assert.equal(endpoint.operationId, key);
            assert.equal(dataApiEndpoint(key), endpoint);
        }
        assert.deepEqual([...dataApiOperations], Object.keys(dataApiEndpoints));
        for (const name of ['toString', '__proto__', 'constructor', '']) {
            assert.equal(dataApiEndpoint(name), undefined, name);
        }
    });

    it('fills every path placeholder from a required parameter, and sends only its own parameters', () => {
        for (const endpoint of Object.values(dataApiEndpoints)) {
            const params: Record<string, { required: boolean }> = endpoint.params;
            for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
                assert.equal(params[name!]?.required, true, `${endpoint.operationId}: {${name}}`);
            }
            for (const name of endpoint.body) {
                assert.ok(name in params, `${endpoint.operationId}: body ${name}`);
            }
            assert.equal(
                endpoint.body.length > 0,
                endpoint.method === 'POST',
                endpoint.operationId,
            );
            assert.ok(endpoint.path.startsWith('/v'), endpoint.operationId);
        }
    });

    it('derives the parameter lists and page sizes from the entries', () => {
        for (const endpoint of Object.values(dataApiEndpoints)) {
            const paged = endpoint.pageSize !== undefined;
            assert.deepEqual(operationParams[endpoint.operationId], [
                ...Object.keys(endpoint.params),
                ...(paged ? ['pageToken', 'pageSize'] : []),
            ]);
            assert.equal(
                (pageSizeLimits as Record<string, unknown>)[endpoint.operationId],
                endpoint.pageSize,
            );
        }
    });

    it('gives the client one method per entry, which goes through call()', async () => {
        const client = new DataApiClient({ baseUrl: 'http://127.0.0.1:9' });
        const seen: unknown[][] = [];
        client.call = ((...args: unknown[]) => {
            seen.push(args);
            return Promise.resolve('answer');
        }) as typeof client.call;
        const signal = new AbortController().signal;
        for (const operation of dataApiOperations) {
            const method = client[operation] as (p: unknown, o: unknown) => Promise<unknown>;
            assert.equal(typeof method, 'function', operation);
            const params = { marker: operation };
            assert.equal(await method.call(client, params, { signal }), 'answer');
            assert.deepEqual(seen.pop(), [operation, params, { signal }]);
        }
        await client.close();
    });

    it('only what creates something is never retried, and the palette takes optionality from the table', () => {
        for (const endpoint of Object.values(dataApiEndpoints)) {
            if (endpoint.creates) assert.equal(endpoint.retry, false, endpoint.operationId);
            const entry = dataApiQuery(endpoint.operationId)!;
            assert.equal(entry.creates === true, endpoint.creates, endpoint.operationId);
            const params: Record<string, { required: boolean }> = endpoint.params;
            for (const prompt of entry.prompts) {
                const spec = params[prompt.name];
                if (spec) assert.equal(prompt.optional, !spec.required, prompt.name);
            }
        }
    });
});
