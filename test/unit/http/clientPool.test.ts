/**
 * The one chain-list cache and RPC-client pool that the extension, the MCP server and the test
 * helpers share (src/core/clients/clientPool.ts): a list is read once, a failure is not kept, and
 * one caller's abort does not cancel the read for the others.
 */
import * as assert from 'node:assert/strict';

import { ChainListCache, RpcClientPool } from '../../../src/core/clients/clientPool';
import type { ChainInfo } from '../../../src/core/dataApi/model';
import { NodeRpcClient } from '../../../src/core/nodeRpc/rpcClient';

describe('(unit) shared chain lists and RPC clients', () => {
    it('reads a network once, keeps no failure, and lets one caller give up alone', async () => {
        let reads = 0;
        let release: (list: ChainInfo[]) => void = () => undefined;
        let fail = true;
        const cache = new ChainListCache<'mainnet'>(() => {
            reads++;
            if (fail) return Promise.reject(new Error('down'));
            return new Promise((resolve) => (release = resolve));
        });
        await assert.rejects(cache.get('mainnet'), /down/);
        fail = false;
        const gone = new AbortController();
        const impatient = cache.get('mainnet', gone.signal);
        const patient = cache.get('mainnet');
        gone.abort();
        await assert.rejects(impatient, { name: 'AbortError' });
        release([]);
        assert.deepEqual(await patient, []);
        assert.equal(reads, 2);
    });

    it('keeps one client per base URL and hands them back on clear', () => {
        const pool = new RpcClientPool((url) => new NodeRpcClient({ url }));
        const a = pool.rpcFor('http://127.0.0.1:9650/ext/bc/C/rpc');
        const b = pool.rpcFor('http://127.0.0.1:9650/ext/bc/X');
        assert.equal(a?.client, b?.client);
        assert.equal(a?.path, '/ext/bc/C/rpc');
        assert.equal(pool.rpcFor('file:///etc/passwd'), undefined);
        assert.equal(pool.clear().length, 1);
    });
});
