import * as assert from 'node:assert/strict';

import { nodeRpcMethods as m } from '../../../src/core/nodeRpc/methods';
import { NodeRpcClient } from '../../../src/core/nodeRpc/rpcClient';
import { collectNodeSnapshot, nodeHealth } from '../../../src/core/summaries/nodeSnapshot';
import { startSandbox, type Sandbox } from '../../sandbox';

describe('(unit) summaries: node snapshot against the sandbox node', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let client: NodeRpcClient;

    before(async () => {
        sandbox = await startSandbox();
    });
    after(async () => {
        await client?.close();
        await sandbox?.close();
    });
    beforeEach(() => {
        client = new NodeRpcClient({
            url: sandbox.nodeUrl,
            timeouts: { connectMs: 2000, headersMs: 5000, bodyMs: 5000 },
        });
        sandbox.clearFaults();
        sandbox.clearRequests();
        Object.assign(sandbox.settings, { adminApi: true, publicNode: false, nodeDown: false });
    });
    afterEach(async () => {
        await client.close();
    });

    function chainCandidates(): { id: string; name: string }[] {
        const known = sandbox.known.mainnet;
        return [
            { id: known.l1BlockchainId, name: 'L1 chain' },
            // A chain of the other network: this node does not track it.
            { id: sandbox.known.fuji.l1BlockchainId, name: 'Fuji chain' },
        ];
    }

    it('reads everything with single calls to /ext/info and /ext/admin, never a batch', async () => {
        const snapshot = await collectNodeSnapshot(client, { chains: chainCandidates() });
        assert.ok(snapshot.reachability.reachable);
        assert.ok(snapshot.version.ok && snapshot.version.value.version.startsWith('avalanchego/'));
        assert.deepEqual(snapshot.networkId, { ok: true, value: 1 });
        assert.deepEqual(snapshot.networkName, { ok: true, value: 'mainnet' });
        assert.ok(snapshot.nodeId.ok);
        assert.equal(snapshot.nodeId.value.nodeId, sandbox.known.mainnet.nodeId);
        assert.ok(snapshot.nodeId.value.nodePop?.publicKey.startsWith('0x'));
        assert.ok(snapshot.peers.ok && snapshot.peers.value.numPeers > 0);
        assert.ok(snapshot.upgrades.ok && snapshot.upgrades.value.upgrades.length > 5);
        assert.ok(snapshot.acps.ok && snapshot.acps.value.acps.length > 0);
        assert.ok(snapshot.vms.ok && snapshot.vms.value.vms.length > 0);
        assert.ok(snapshot.loggerLevels.ok && snapshot.loggerLevels.value.loggerLevels.length > 0);
        // P, X, C and the tracked L1; the Fuji chain is unknown to this node.
        assert.deepEqual(
            snapshot.chains.map((c) => c.alias ?? c.name),
            ['P', 'X', 'C', 'L1 chain'],
        );
        assert.equal(snapshot.chains[1]?.id, sandbox.known.mainnet.xChainId);
        assert.equal(snapshot.chains[2]?.id, sandbox.known.mainnet.cChainBlockchainId);
        assert.ok(snapshot.chainAliases.every((a) => a.aliases.ok));
        const aliasesOfC = snapshot.chainAliases.find((a) => a.name === 'C-Chain');
        assert.ok(aliasesOfC?.aliases.ok && aliasesOfC.aliases.value.aliases.includes('C'));

        // AvalancheGo's own APIs take no batch (test/fixtures/realnode): one request per call,
        // sent concurrently, and no refused batch paid first.
        const requests = sandbox.requests.filter((r) => r.service === 'node');
        // The C-Chain's head (ACP-194's two heights on Helicon) is one call to its RPC.
        assert.deepEqual([...new Set(requests.map((r) => r.url))].sort(), [
            '/ext/admin',
            '/ext/bc/C/rpc',
            '/ext/health',
            '/ext/info',
        ]);
        assert.ok(
            requests.every((r) => r.operations.length === 1),
            'one call per request',
        );
        assert.equal(nodeHealth(snapshot).kind, 'healthy');
        assert.ok(snapshot.health.ok);
        assert.equal(snapshot.health.value.via, 'rpc');
        assert.equal(snapshot.health.value.report.healthy, true);
        assert.equal(snapshot.health.value.ready, true);
        assert.equal(snapshot.health.value.live, true);
        const names = snapshot.health.value.report.checks.map((c) => c.name);
        for (const name of ['P', 'X', 'C', 'bls', 'bootstrapped', 'diskspace', 'network'])
            assert.ok(names.includes(name), names.join(', '));
    });

    it('reads failing health checks first, counts their failures, and calls the node unhealthy', async () => {
        sandbox.settings.failingHealthChecks = ['network', 'C'];
        try {
            await collectNodeSnapshot(client);
            const snapshot = await collectNodeSnapshot(client);
            assert.ok(snapshot.health.ok);
            const report = snapshot.health.value.report;
            assert.equal(report.healthy, false);
            assert.deepEqual(
                report.checks.slice(0, 2).map((c) => [c.name, c.healthy]),
                [
                    ['C', false],
                    ['network', false],
                ],
            );
            const network = report.checks[1]!;
            assert.equal(network.error, 'network check failed');
            assert.equal(network.contiguousFailures, 2);
            assert.ok(network.failingSinceMs !== undefined && network.failingSinceMs <= Date.now());
            assert.ok(report.checks.slice(2).every((c) => c.healthy));
            const verdict = nodeHealth(snapshot);
            assert.equal(verdict.kind, 'unhealthy');
            assert.match(verdict.detail, /^failing checks: C, network; avalanchego\//);
            // The GET form answers 503 with the same checks.
            const got = await client.healthGet('health');
            assert.equal(got.status, 503);
            assert.equal(got.report.healthy, false);
        } finally {
            sandbox.settings.failingHealthChecks = [];
        }
        // And recovers.
        const healthy = await collectNodeSnapshot(client);
        assert.equal(nodeHealth(healthy).kind, 'healthy');
    });

    it('reads the health API by tag: a subnet id, a chain id', async () => {
        const known = sandbox.known.mainnet;
        const bySubnet = await client.call(m['health.health'], { tags: [known.l1SubnetId] });
        const names = bySubnet.checks.map((c) => c.name);
        assert.ok(names.includes(known.l1BlockchainId), names.join(', '));
        assert.ok(!names.includes('C'));
        const byChain = await client.healthGet('health', [known.l1BlockchainId]);
        assert.equal(byChain.status, 200);
        assert.ok(!byChain.report.checks.some((c) => c.name === known.l1BlockchainId));
        await assert.rejects(client.call(m['health.health'], { tags: ['not an id'] }), /tags\[0\]/);
        const readiness = await client.healthGet('readiness');
        assert.deepEqual(
            readiness.report.checks.map((c) => c.name),
            ['bootstrapped'],
        );
    });

    it('explains an admin API that is off', async () => {
        sandbox.settings.adminApi = false;
        const snapshot = await collectNodeSnapshot(client);
        assert.ok(snapshot.reachability.reachable);
        assert.ok(!snapshot.loggerLevels.ok);
        assert.equal(snapshot.loggerLevels.problem.kind, 'adminDisabled');
        assert.match(snapshot.loggerLevels.problem.remedy ?? '', /--api-admin-enabled=true/);
        assert.ok(
            snapshot.chainAliases.every(
                (a) => !a.aliases.ok && a.aliases.problem.kind === 'adminDisabled',
            ),
        );
    });

    it('explains what a public server refuses', async () => {
        sandbox.settings.publicNode = true;
        const snapshot = await collectNodeSnapshot(client);
        assert.ok(snapshot.publicServer);
        for (const part of [snapshot.nodeId, snapshot.ip, snapshot.vms, snapshot.loggerLevels]) {
            assert.ok(!part.ok);
            assert.equal(part.problem.kind, 'publicServer');
        }
        assert.ok(snapshot.peers.ok, 'info.peers stays available on public servers');
        // The health API: said, not failed.
        assert.ok(!snapshot.health.ok);
        assert.equal(snapshot.health.problem.kind, 'publicServer');
        assert.match(snapshot.health.problem.message, /answer only part of the health API/);
        assert.equal(nodeHealth(snapshot).kind, 'healthy');
    });

    it('reports an unreachable node', async () => {
        sandbox.settings.nodeDown = true;
        const snapshot = await collectNodeSnapshot(client);
        assert.ok(!snapshot.reachability.reachable);
        assert.equal(snapshot.reachability.problem.kind, 'unreachable');
        assert.equal(nodeHealth(snapshot).kind, 'unreachable');
        assert.equal(snapshot.chains.length, 0);
    });

    it('keeps the other parts when one method fails', async () => {
        sandbox.addFault({ fault: { kind: 'schemaBreak' }, target: '/ext/admin', service: 'node' });
        const snapshot = await collectNodeSnapshot(client);
        assert.ok(snapshot.version.ok);
        assert.ok(!snapshot.loggerLevels.ok);
    });

    it('asks the aliases of the chains the last snapshot named at once, and a changed id again', async () => {
        const chains = chainCandidates();
        // The chain ids arrive 2 s late: an alias call that waits for them starts after that.
        const slowIds = () =>
            sandbox.addFault({
                fault: { kind: 'latency', ms: 2000 },
                target: 'info.getBlockchainID',
                service: 'node',
            });
        const aliasCallsBeforeIds = (): number => {
            const node = sandbox.requests.filter((r) => r.service === 'node');
            const idsAsked = node.find((r) => r.operations.includes('info.getBlockchainID'));
            assert.ok(idsAsked);
            return node.filter(
                (r) =>
                    r.operations.includes('admin.getChainAliases') && r.atMs < idsAsked.atMs + 1000,
            ).length;
        };

        const removeFault = slowIds();
        const first = await collectNodeSnapshot(client, { chains });
        // Only the P-Chain's id is known without asking.
        assert.equal(aliasCallsBeforeIds(), 1);

        sandbox.clearRequests();
        const second = await collectNodeSnapshot(client, { chains, previous: first });
        // P, X, C and the tracked L1 from the last snapshot.
        assert.equal(aliasCallsBeforeIds(), 4);
        assert.deepEqual(second.chainAliases, first.chainAliases);
        removeFault();

        // A node restarted with another genesis: the X-Chain's old id is asked in vain, and its
        // new id once known.
        const stale = {
            ...first,
            chains: first.chains.map((c) =>
                c.alias === 'X' ? { ...c, id: sandbox.known.fuji.xChainId } : c,
            ),
        };
        const third = await collectNodeSnapshot(client, { chains, previous: stale });
        assert.deepEqual(third.chainAliases, first.chainAliases);
        // A snapshot of another node gives no hint.
        sandbox.clearRequests();
        slowIds();
        await collectNodeSnapshot(client, {
            chains,
            previous: { ...first, url: 'http://other:9650' },
        });
        assert.equal(aliasCallsBeforeIds(), 1);
    });

    it('stops when cancelled', async () => {
        sandbox.addFault({ fault: { kind: 'latency', ms: 2000 }, service: 'node' });
        const controller = new AbortController();
        const pending = collectNodeSnapshot(client, { signal: controller.signal });
        setTimeout(() => controller.abort(), 50);
        await assert.rejects(pending, (error: Error) => error.name === 'AbortError');
    });
});
