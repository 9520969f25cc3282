/**
 * URLs the user did not choose (a chain list's `rpcUrl`, a file, an agent's argument) reach only
 * public https hosts, or origins the user chose or approved (#33). The address classes, the
 * sentence, a refused client that sends nothing, and a public-looking name that resolves to a
 * loopback address.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';

import {
    isPrivateAddress,
    NodeRpcClient,
    nodeRpcMethods,
    notPublicHttps,
    originRefusal,
    privateAddressLookup,
} from '../../../src/core';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { recorded } from '../../reliability/record';

describe('(unit) origins: where a URL the user did not choose may go', () => {
    it('classifies private, local and public addresses', () => {
        for (const ip of [
            '127.0.0.1',
            '127.8.9.1',
            '10.1.2.3',
            '172.16.0.1',
            '172.31.255.255',
            '192.168.1.1',
            '169.254.169.254',
            '100.64.0.1',
            '0.0.0.0',
            '224.0.0.1',
            '255.255.255.255',
            '::1',
            '::',
            'fe80::1',
            'fd00::1',
            '::ffff:127.0.0.1',
            '::ffff:7f00:1',
            '[::1]',
        ]) {
            assert.ok(isPrivateAddress(ip), ip);
        }
        for (const ip of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '1.1.1.1']) {
            assert.ok(!isPrivateAddress(ip), ip);
        }
    });

    it('only public https hosts pass without a choice or an approval', () => {
        const why = (url: string) => notPublicHttps(new URL(url));
        assert.equal(why('https://api.avax.network/ext/bc/C/rpc'), undefined);
        assert.equal(why('https://subnets.avax.network'), undefined);
        assert.equal(why('http://api.avax.network'), 'not https');
        assert.equal(why('https://127.0.0.1/internal-admin'), 'a private or local address');
        assert.equal(why('https://169.254.169.254/latest/meta-data'), 'a private or local address');
        assert.equal(why('https://[::1]:9650'), 'a private or local address');
        assert.equal(why('https://localhost:9650'), 'a local host name');
        assert.equal(why('https://router'), 'a local host name');
        assert.equal(why('https://db.internal'), 'a local host name');
        assert.equal(why('https://printer.local'), 'a local host name');
    });

    it('chosen and approved origins pass; the sentence names the host and the remedy', () => {
        const policy = { chosen: ['http://127.0.0.1:9650'], approved: ['http://10.0.0.5:9650'] };
        assert.equal(originRefusal('http://127.0.0.1:9650/ext/bc/C/rpc', policy), undefined);
        assert.equal(originRefusal('http://10.0.0.5:9650/ext/bc/x/rpc', policy), undefined);
        const refusal = originRefusal('http://127.0.0.1:8080/internal-admin/x', policy);
        assert.match(refusal!, /^Not called: http:\/\/127\.0\.0\.1:8080 is not https/);
        assert.match(refusal!, /avalanche\.rpc\.allowedOrigins/);
        assert.match(originRefusal('not a url', policy)!, /not a URL/);
    });

    it('a refused client sends nothing; a public-looking name that resolves to loopback is not reached', async () => {
        await recorded('hostile', 'chain list naming internal hosts: requests sent', async () => {
            let requests = 0;
            const server = await listenOnLoopback(
                createServer((req, res) => {
                    requests++;
                    req.resume();
                    res.end('{}');
                }),
            );
            try {
                const refusal = originRefusal(server.url, { chosen: [], approved: [] });
                assert.ok(refusal);
                const refused = new NodeRpcClient({ url: server.url, untrusted: { refusal } });
                const error = await refused.call(nodeRpcMethods['info.getNodeVersion'], {}).then(
                    () => undefined,
                    (e: unknown) => e as Error & { code?: string },
                );
                await refused.close();
                assert.equal(error?.code, 'ORIGIN_NOT_APPROVED');
                assert.equal(error?.message, refusal);

                // `localhost` stands for any public-looking name whose address is private.
                const port = new URL(server.url).port;
                const looked = new NodeRpcClient({
                    url: `http://localhost:${port}`,
                    untrusted: { refusal: undefined },
                });
                const lookupError = await looked
                    .call(nodeRpcMethods['info.getNodeVersion'], {})
                    .then(
                        () => undefined,
                        (e: unknown) => e as Error,
                    );
                await looked.close();
                assert.match(
                    String(lookupError?.message),
                    /resolves to 127\.0\.0\.1|private or local/,
                );
                assert.equal(requests, 0);
                return { cases: 2, requests, detail: '0 requests reached the internal host' };
            } finally {
                await server.close();
            }
        });
    });

    it('the lookup refuses a name that resolves to a loopback address', (done) => {
        privateAddressLookup('localhost', {}, (error) => {
            assert.equal((error as { code?: string } | null)?.code, 'EPRIVATEADDRESS');
            done();
        });
    });
});
