/**
 * Which C-Chain the node side answers for when hovers go around the Data API on mainnet and Fuji:
 * the selected node's, unless it is the other network's public node (then this network's).
 */
import * as assert from 'node:assert/strict';

import { builtInNodes } from '../../../src/platform/nodeCatalog';
import { nodeChainsFor } from '../../../src/platform/nodeChains';

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

    it("asks the user's own node as it is, the other network's public node never", () => {
        for (const selected of ['http://127.0.0.1:9650', 'https://my-node.example']) {
            assert.equal(
                nodeChainsFor('mainnet', selected)[0]!.rpcUrl,
                `${selected}/ext/bc/C/rpc`,
                selected,
            );
        }
        assert.equal(
            nodeChainsFor('mainnet', publicFuji)[0]!.rpcUrl,
            `${publicMainnet}/ext/bc/C/rpc`,
        );
        assert.equal(nodeChainsFor('fuji', publicMainnet)[0]!.rpcUrl, `${publicFuji}/ext/bc/C/rpc`);
    });
});
