/**
 * Which EVM chains the node side answers for when hovers go around the Data API: on mainnet and
 * Fuji the C-Chain of the selected node only when it is that network's public node, else of the
 * public node; on a local network the selected node's C-Chain with the id it reported.
 */
import * as assert from 'node:assert/strict';

import { builtInNodes } from '../../src/platform/nodeCatalog';
import { nodeChainsFor } from '../../src/platform/nodeChains';

const publicMainnet = builtInNodes.find((n) => n.network === 'mainnet')!.url;
const publicFuji = builtInNodes.find((n) => n.network === 'fuji')!.url;

describe('(unit) node chains for hovers', () => {
    it('gives the C-Chain of the selected public node of the same network', () => {
        const [mainnet, ...rest] = nodeChainsFor('mainnet', publicMainnet);
        assert.deepEqual(rest, []);
        assert.equal(mainnet!.chainId, '43114');
        assert.equal(mainnet!.rpcUrl, `${publicMainnet}/ext/bc/C/rpc`);
        assert.equal(mainnet!.networkToken.symbol, 'AVAX');
        assert.equal(mainnet!.networkToken.decimals, 18);
        assert.equal(mainnet!.isTestnet, false);
        const [fuji] = nodeChainsFor('fuji', publicFuji);
        assert.equal(fuji!.chainId, '43113');
        assert.equal(fuji!.rpcUrl, `${publicFuji}/ext/bc/C/rpc`);
        assert.equal(fuji!.isTestnet, true);
    });

    it("uses the network's public node when the selected node may serve another network", () => {
        for (const selected of ['http://127.0.0.1:9650', 'https://my-node.example', publicFuji]) {
            assert.equal(
                nodeChainsFor('mainnet', selected)[0]!.rpcUrl,
                `${publicMainnet}/ext/bc/C/rpc`,
                selected,
            );
        }
        assert.equal(nodeChainsFor('fuji', publicMainnet)[0]!.rpcUrl, `${publicFuji}/ext/bc/C/rpc`);
    });

    it("gives a local network the selected node's C-Chain, with the chain id it reported", () => {
        assert.deepEqual(nodeChainsFor('local', 'http://127.0.0.1:9650'), []);
        const [local, ...rest] = nodeChainsFor('local', 'http://127.0.0.1:9650/', '43112');
        assert.deepEqual(rest, []);
        assert.equal(local!.chainId, '43112');
        assert.equal(local!.chainName, 'C-Chain');
        assert.equal(local!.rpcUrl, 'http://127.0.0.1:9650/ext/bc/C/rpc');
        // A node behind a proxy path keeps it.
        assert.equal(
            nodeChainsFor('local', 'https://host.example/avax', '1337')[0]!.rpcUrl,
            'https://host.example/avax/ext/bc/C/rpc',
        );
    });
});
