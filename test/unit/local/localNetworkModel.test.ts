import * as assert from 'node:assert/strict';

import {
    describeLocalNetwork,
    discoveredNodes,
    nextNodeUrl,
} from '../../../src/connection/localNetworkModel';
import type { LocalNetwork } from '../../../src/core/local/localNetwork';

function network(overrides: Partial<LocalNetwork> = {}): LocalNetwork {
    return {
        key: 'avalanche-cli:/home/me/.avalanche-cli/runs/network_1',
        name: 'network_1',
        networkId: 1337,
        source: 'avalanche-cli',
        nodes: [
            { uri: 'http://127.0.0.1:9650', nodeId: 'NodeID-A', pid: 10, source: 'avalanche-cli' },
            { uri: 'http://127.0.0.1:9652', nodeId: 'NodeID-B', pid: 11, source: 'avalanche-cli' },
        ],
        l1s: [{ name: 'myl1', rpcUrls: [], sourceFile: '/x/sidecar.json' }],
        ...overrides,
    };
}

describe('(unit) local networks in the pickers', () => {
    it('a network is described by its tool, nodes, network id and L1s', () => {
        const d = describeLocalNetwork(network());
        assert.equal(d.label, 'network_1');
        assert.equal(d.description, 'http://127.0.0.1:9650');
        assert.equal(d.detail, 'avalanche-cli · 2 nodes · network id 1337 · L1: myl1');
    });

    it('many L1s are cut short, a network without nodes says so', () => {
        const l1s = ['a', 'b', 'c', 'd', 'e'].map((name) => ({
            name,
            rpcUrls: [],
            sourceFile: '/x',
        }));
        const d = describeLocalNetwork(network({ nodes: [], l1s }));
        assert.equal(d.description, 'no running node');
        assert.match(d.detail, /0 nodes/);
        assert.match(d.detail, /L1s: a, b, c, d, …$/);
    });

    it('names from the files cannot inject codicons', () => {
        const d = describeLocalNetwork(
            network({
                name: '$(alert) evil',
                l1s: [{ name: '$(x)', rpcUrls: [], sourceFile: '/x' }],
            }),
        );
        // Escaped as VS Code's own `escapeIcons` does: shown as written, never drawn.
        assert.doesNotMatch(d.label, /(^|[^\\])\$\(/);
        assert.doesNotMatch(d.detail, /(^|[^\\])\$\(/);
    });

    it('a node off this machine is marked', () => {
        const d = describeLocalNetwork(
            network({
                nodes: [{ uri: 'http://203.0.113.5:9650', source: 'tmpnet', offLoopback: true }],
            }),
        );
        assert.match(d.detail, /not on this machine/);
    });

    it('every node of every network is offered in the node picker', () => {
        const found = discoveredNodes([network(), network({ key: 'k2', name: 'other' })]);
        assert.equal(found.length, 4);
        assert.equal(found[2]?.network.name, 'other');
    });
});

describe('(unit) following a local network', () => {
    it('the selection stays while its node is listed', () => {
        assert.equal(nextNodeUrl(network(), 'http://127.0.0.1:9652'), undefined);
    });

    it('a node that moved to another port is followed', () => {
        assert.equal(nextNodeUrl(network(), 'http://127.0.0.1:40000'), 'http://127.0.0.1:9650');
    });

    it('a network that is gone, or has no node left, keeps the selection', () => {
        assert.equal(nextNodeUrl(undefined, 'http://127.0.0.1:9650'), undefined);
        assert.equal(nextNodeUrl(network({ nodes: [] }), 'http://127.0.0.1:9650'), undefined);
    });

    it('a node off this machine is never selected without the user', () => {
        const off = network({
            nodes: [{ uri: 'http://203.0.113.5:9650', source: 'tmpnet', offLoopback: true }],
        });
        assert.equal(nextNodeUrl(off, 'http://127.0.0.1:9650'), undefined);
    });
});
