/**
 * `HttpClient` appends plain paths to its base URL without parsing the result; these cases pin
 * that the request line and the credentials are exactly what parsing the full URL gives, for
 * plain paths, for paths the URL parser rewrites, and for base URLs that are not written the
 * way the parser writes them.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';

import { HttpClient } from '../../../src/core';
import { listenOnLoopback } from '../../helpers/loopbackServer';

describe('(unit) HttpClient: request targets', () => {
    const seen: { url: string; key: string | undefined }[] = [];
    let server: Awaited<ReturnType<typeof listenOnLoopback>>;
    before(async () => {
        server = await listenOnLoopback(
            createServer((req, res) => {
                const key = req.headers['x-key'];
                seen.push({ url: req.url ?? '', key: typeof key === 'string' ? key : undefined });
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end('{}');
            }),
        );
    });
    after(() => server.close());

    const paths = [
        '/v1/chains/43114/transactions/0xabc',
        '/v1/a%20b/c',
        '/v1/./a',
        '/v1/../a',
        '/v1/%2e%2E/a',
        '/v1/.%2e',
        '/v1/a b',
        '/v1/a\\b',
        '/v1/{x}',
        '//double/slash',
        "/v1/keep!$&'()*+,;=:@~-._",
    ];
    const bases = (origin: string): string[] => [
        origin,
        `${origin}/`,
        `${origin}/prefix`,
        `${origin}/prefix/`,
        origin.replace('http:', 'HTTP:'),
        `${origin}/pre%7efix`,
        `${origin}/a/../prefix`,
    ];

    it('sends the path and query that parsing the whole URL gives, with the key', async () => {
        for (const base of bases(server.url)) {
            const client = new HttpClient({
                baseUrl: base,
                service: 'Data API',
                signRequest: (headers) => {
                    headers['x-key'] = 'k';
                },
            });
            try {
                for (const path of paths) {
                    seen.length = 0;
                    const query = { pageSize: 5, tag: ['a b', 'c&d'] };
                    const response = await client.send({ method: 'GET', path, query });
                    const expected = new URL(client.urlFor(path, query));
                    assert.equal(response.url, client.urlFor(path, query));
                    assert.deepEqual(
                        seen,
                        [{ url: expected.pathname + expected.search, key: 'k' }],
                        `${base} + ${path}`,
                    );
                }
            } finally {
                await client.close();
            }
        }
    });
});
