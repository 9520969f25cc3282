/**
 * The Node view's health reading and the dashboard's metrics scrape (#36) against the real
 * AvalancheGo the tier starts (health and metrics APIs on by default): every check by name with
 * readiness and liveness, the GET form with a tag; the real `/ext/metrics` page read by the
 * product's parser, rates from counters over two scrapes, and the dashboard's charts found under
 * the names this node (v1.14.2, the tier's pin) exposes; right after a restart the checks not yet
 * run are reported failing by name, then pass. It restarts the node (SIGTERM, so the L1 keeps its
 * blocks) and leaves it healthy and bootstrapped for the files after it.
 */
import * as assert from 'node:assert/strict';

import { collectNodeSnapshot, keyCharts, NodeMetrics, NodeRpcClient } from '../../src/core';

import { primaryChains } from '../realnode/node';

import { realNetwork } from './setup';

describe('(node) health and metrics of a real AvalancheGo', function () {
    this.timeout(120_000);

    it('(node) the Node view reads every health check by name, readiness and liveness', async () => {
        const { info } = realNetwork();
        const client = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
        try {
            const snapshot = await collectNodeSnapshot(client, {
                chains: [{ id: info.l1.blockchainId, name: 'explorertest' }],
            });
            assert.ok(snapshot.health.ok, JSON.stringify(snapshot.health));
            const health = snapshot.health.value;
            assert.equal(health.via, 'rpc');
            assert.equal(health.ready, true);
            assert.equal(health.live, true);
            const names = health.report.checks.map((c) => c.name);
            for (const check of ['bootstrapped', 'network', 'database', 'diskspace', 'C', 'P']) {
                assert.ok(names.includes(check), `${check} in ${names.join(', ')}`);
            }
            assert.ok(names.includes(info.l1.blockchainId), 'the L1 chain has its check');
            // The GET form with a tag no check carries (the primary network's id would bring P, X and C): the node's own checks only,
            // healthy, and none of a chain.
            const unknown = await client.healthGet('health', [
                '2iMormvesjkHEuF4ttPu9kf5DjXkPQ4jC2vrbvbhqjGXiH7U2',
            ]);
            assert.equal(unknown.status, 200);
            const unknownNames = unknown.report.checks.map((c) => c.name);
            assert.ok(unknownNames.length > 0);
            assert.ok(!unknownNames.includes('C') && !unknownNames.includes(info.l1.blockchainId));
        } finally {
            await client.close();
        }
    });

    it('(node) the real /ext/metrics parsed, rates over two scrapes, the charts under real names', async () => {
        const { info } = realNetwork();
        const client = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
        const metrics = new NodeMetrics(info.uri);
        try {
            const first = await metrics.scrape(client);
            assert.ok(first.ok, first.ok ? '' : first.error.message);
            // CPU time moves in steps of the kernel's tick: two seconds apart it has moved.
            await new Promise((resolve) => setTimeout(resolve, 2_000));
            const second = await metrics.scrape(client);
            assert.ok(second.ok, second.ok ? '' : second.error.message);
            assert.equal(second.badLines, 0);
            assert.equal(second.unterminated, false);
            assert.equal(second.dropped, 0);
            console.log(
                `      figures: /ext/metrics of ${info.version}: ${second.bytes.toLocaleString('en-US')} bytes, ${second.series.toLocaleString('en-US')} series, ${second.kept} kept, read in ${second.durationMs.toFixed(1)} ms`,
            );
            const empty = keyCharts
                .map((c) => c.id)
                .filter((id) => metrics.history.latest(id).length === 0);
            console.log(`      charts without a value on this node: ${empty.join(', ') || 'none'}`);
            // The Key Metrics charts a local one-node network has values for.
            for (const id of [
                'peers',
                'cpu',
                'memory',
                'openFiles',
                'diskFree',
                'databaseSize',
                'acceptedBlocks',
                'apiLatency',
                'uptime',
                'healthFailing',
            ]) {
                assert.ok(!empty.includes(id), `${id} has a value (empty: ${empty.join(', ')})`);
            }
            // Rates from counters: CPU is a share of the cores, computed from two scrapes.
            const [cpu] = metrics.history.latest('cpu');
            assert.ok(cpu && cpu.value >= 0 && cpu.value <= 100 * 64, JSON.stringify(cpu));
            const [memory] = metrics.history.latest('memory');
            assert.ok(memory && memory.value > 10 * 1024 * 1024, JSON.stringify(memory));
            const blocks = metrics.history.latest('acceptedBlocks');
            assert.ok(
                blocks.every((b) => Number.isFinite(b.value) && b.value >= 0),
                JSON.stringify(blocks),
            );
        } finally {
            await client.close();
        }
    });
    it('(node) right after a start, failing checks are reported by name, then recover', async function () {
        // A stop, a start, the bootstrap and a round of checks: more than the tier's 60 s on a slow machine.
        this.timeout(180_000);
        const { info, node } = realNetwork();
        const client = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
        try {
            await node.stop();
            await node.start();
            // Until the node has run its checks once (and its chains are up), some fail.
            let failing: { name: string; error: string | undefined }[] = [];
            for (let i = 0; i < 40 && failing.length === 0; i++) {
                const snapshot = await collectNodeSnapshot(client);
                if (snapshot.health.ok) {
                    const checks = snapshot.health.value.report.checks;
                    failing = checks
                        .filter((c) => !c.healthy)
                        .map((c) => ({ name: c.name, error: c.error }));
                    if (failing.length > 0) {
                        // Failing checks first, each by its name, with why.
                        assert.ok(checks.slice(0, failing.length).every((c) => !c.healthy));
                        assert.equal(snapshot.health.value.report.healthy, false);
                        break;
                    }
                    if (snapshot.health.value.report.healthy) break;
                }
                await new Promise((resolve) => setTimeout(resolve, 100));
            }
            await node.waitBootstrapped([...primaryChains, info.l1.blockchainId]);
            if (failing.length === 0) {
                // The start window was missed on a fast machine: not a result either way.
                this.skip();
            }
            console.log(`      failing right after a start: ${JSON.stringify(failing)}`);
            for (const check of failing) {
                assert.match(check.name, /^[\w.-]+$/, JSON.stringify(check));
                assert.ok(check.error && check.error.length > 0, JSON.stringify(check));
            }
            // And back: every check passes again (the node runs them every 30 s by default).
            let healthy = false;
            for (let i = 0; i < 90 && !healthy; i++) {
                const snapshot = await collectNodeSnapshot(client);
                healthy = snapshot.health.ok && snapshot.health.value.report.healthy;
                if (!healthy) await new Promise((resolve) => setTimeout(resolve, 1_000));
            }
            assert.ok(healthy, 'the checks pass again');
        } finally {
            await client.close();
        }
    });
});
