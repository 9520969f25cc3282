/**
 * Where an RPC URL's node base ends and its endpoint path begins. The trees and the hovers used to
 * split it differently; a node behind a reverse proxy keeps its path prefix in the base URL.
 */
import * as assert from 'node:assert/strict';

import { splitRpcUrl } from '../../../src/core';
import { parseUrl } from '../../../src/core/httpUrl';

describe('(unit) splitRpcUrl', () => {
    it('keeps a reverse proxy path prefix in the base URL', () => {
        assert.deepEqual(splitRpcUrl('https://host.example/avax/ext/bc/C/rpc'), {
            base: 'https://host.example/avax',
            path: '/ext/bc/C/rpc',
        });
        assert.deepEqual(splitRpcUrl('http://127.0.0.1:9650/a/b/ext/bc/2q9e4r6/rpc'), {
            base: 'http://127.0.0.1:9650/a/b',
            path: '/ext/bc/2q9e4r6/rpc',
        });
    });

    it('splits a plain node URL at /ext/', () => {
        assert.deepEqual(splitRpcUrl('https://api.avax.network/ext/bc/C/rpc'), {
            base: 'https://api.avax.network',
            path: '/ext/bc/C/rpc',
        });
    });

    it('takes the whole path of an endpoint without /ext/ as the endpoint', () => {
        assert.deepEqual(splitRpcUrl('https://rpc.example.org/v1/rpc'), {
            base: 'https://rpc.example.org',
            path: '/v1/rpc',
        });
        assert.deepEqual(splitRpcUrl('https://rpc.example.org'), {
            base: 'https://rpc.example.org',
            path: '/',
        });
    });

    it('refuses what is not an http(s) URL', () => {
        assert.equal(splitRpcUrl('wss://host.example/ext/bc/C/ws'), undefined);
        assert.equal(splitRpcUrl('not a url'), undefined);
    });
});

describe('(unit) parseUrl', () => {
    it('passes http(s) only unless any scheme is asked for', () => {
        assert.equal(parseUrl('https://host.example/a?b=1')?.href, 'https://host.example/a?b=1');
        assert.equal(parseUrl('http://127.0.0.1:9650')?.origin, 'http://127.0.0.1:9650');
        for (const text of ['command:x', 'javascript:alert(1)', 'file:///etc/passwd', 'data:,x']) {
            assert.equal(parseUrl(text), undefined, text);
            assert.equal(parseUrl(text, 'any')?.href, new URL(text).href, text);
        }
        assert.equal(parseUrl('/relative/path'), undefined);
        assert.equal(parseUrl('not a url', 'any'), undefined);
    });
});
