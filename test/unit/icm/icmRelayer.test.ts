/**
 * The relayer on this machine, read for a stuck ICM message: a loopback icm-relayer peer serving
 * its health API (503 with the failing checks, as alexliesenfeld/health answers) and its
 * Prometheus counters (successful and failed relays by source, destination and failure reason,
 * as icm-services registers them, some with hostile label values). The tracker, given the
 * relayer by the local network's files, says it is unhealthy and failing this pair, with the
 * reasons; a relayer URL off this machine is refused before anything is sent.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';

import type { Hex } from 'viem';

import {
    blockchainIdCb58,
    followIcmMessage,
    icmHost,
    type LocalNetwork,
    NodeRpcClient,
    readRelayer,
    relayerReasons,
    splitRpcUrl,
} from '../../../src/core';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { teleporterMessage } from '../../sandbox/teleporter';
import { EvmPeer } from '../../helpers/evmPeer';
import { messenger, cChainId, l1Id } from '../../helpers/icmFixture';

const relayer: Hex = `0x${'c3'.repeat(20)}`;
const source = blockchainIdCb58(cChainId);
const destination = blockchainIdCb58(l1Id);

function metricsPage(): string {
    return [
        '# HELP successful_relay_message_count Number of messages that relayed successfully',
        '# TYPE successful_relay_message_count counter',
        `successful_relay_message_count{destination_chain_id="${destination}",source_chain_id="${source}"} 3`,
        `successful_relay_message_count{destination_chain_id="${source}",source_chain_id="${destination}"} 9`,
        '# HELP failed_relay_message_count Number of messages that failed to relay',
        '# TYPE failed_relay_message_count counter',
        `failed_relay_message_count{destination_chain_id="${destination}",failure_reason="failed to create signed warp message",source_chain_id="${source}"} 4`,
        `failed_relay_message_count{destination_chain_id="${destination}",failure_reason="evil\u202e[x](command:y)",source_chain_id="${source}"} 1`,
        `failed_relay_message_count{destination_chain_id="${source}",failure_reason="other pair",source_chain_id="${destination}"} 7`,
        '',
    ].join('\n');
}

describe('(unit) ICM: the relayer on this machine', () => {
    let close: (() => Promise<void>) | undefined;
    let relayerUrl = '';
    let asked: string[] = [];
    let healthy = false;

    beforeEach(async () => {
        asked = [];
        healthy = false;
        const server = createServer((req, res) => {
            asked.push(req.url ?? '');
            if (req.url === '/health') {
                res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
                res.end(
                    JSON.stringify(
                        healthy
                            ? { status: 'up' }
                            : {
                                  status: 'down',
                                  details: {
                                      'relayers-all': {
                                          status: 'down',
                                          error: `relayers are unhealthy for blockchains [${destination}]`,
                                      },
                                      'network-all': { status: 'up' },
                                  },
                              },
                    ),
                );
            } else if (req.url === '/metrics') {
                res.writeHead(200, { 'content-type': 'text/plain' });
                res.end(metricsPage());
            } else {
                res.writeHead(404).end();
            }
        });
        const listening = await listenOnLoopback(server);
        relayerUrl = listening.url;
        close = () => listening.close();
    });
    afterEach(async () => {
        await close?.();
    });

    it('reads its health and this pair’s counters, the failure reasons inert', async () => {
        const reading = await readRelayer(
            { apiUrl: relayerUrl, metricsUrl: relayerUrl },
            source,
            destination,
        );
        assert.deepEqual(reading.health, {
            down: `relayers-all: relayers are unhealthy for blockchains [${destination}]`,
        });
        assert.equal(reading.succeeded, 3);
        assert.equal(reading.failed?.length, 2);
        assert.deepEqual(reading.failed?.[0], {
            reason: 'failed to create signed warp message',
            count: 4,
        });
        assert.ok(!reading.failed?.[1]?.reason.includes('\u202e'));
        healthy = true;
        const well = await relayerReasons(
            { apiUrl: relayerUrl },
            { name: 'C-Chain', blockchainId: source },
            { name: 'myl1', blockchainId: destination },
        );
        assert.deepEqual(well, []);
    });

    it('refuses a relayer URL off this machine, sending nothing', async () => {
        const reading = await readRelayer(
            { apiUrl: 'http://10.1.2.3:8080', metricsUrl: 'http://relayer.example.com:9090' },
            source,
            destination,
        );
        assert.deepEqual(reading.health, {
            unread: 'its API URL is refused: it is not on this machine',
        });
        assert.equal(
            reading.metricsUnread,
            'its metrics URL is refused: it is not on this machine',
        );
        assert.deepEqual(asked, []);
    });

    it('names it among the reasons a message is stuck, given by the local network’s files', async () => {
        const sourcePeer = new EvmPeer(43112, 100);
        const destinationPeer = new EvmPeer(99999, 50);
        destinationPeer.code.set(messenger, '0x6080');
        const clients: NodeRpcClient[] = [];
        try {
            const sourceUrl = await sourcePeer.start();
            const destinationUrl = await destinationPeer.start();
            const m = teleporterMessage({
                messenger,
                sourceId: cChainId,
                destinationId: l1Id,
                nonce: 5n,
                sender: `0x${'a1'.repeat(20)}`,
                destinationAddress: `0x${'b2'.repeat(20)}`,
                relayers: [relayer],
            });
            sourcePeer.addTx(90, `0x${'01'.padStart(64, '0')}`, [m.send, m.warp]);
            const l1 = (name: string, id: Hex, url: string, evm: number) => ({
                name,
                blockchainId: blockchainIdCb58(id),
                evmChainId: evm,
                rpcUrls: [`${url}/ext/bc/${name}/rpc`],
                icmMessenger: messenger,
                sourceFile: 'network.json',
            });
            const network: LocalNetwork = {
                key: 'kit',
                name: 'kit',
                nodes: [],
                source: 'interchain-kit',
                cChain: l1('C-Chain', cChainId, sourceUrl, 43112),
                l1s: [l1('myl1', l1Id, destinationUrl, 99999)],
                relayer: { address: relayer, apiUrl: relayerUrl, metricsUrl: relayerUrl },
            };
            const host = await icmHost({
                network: 'local',
                chains: () => Promise.resolve([]),
                nodeRpc: () => new NodeRpcClient({ url: 'http://127.0.0.1:9' }),
                nodeUrl: 'http://127.0.0.1:9',
                rpcFor: (url) => {
                    const split = splitRpcUrl(url)!;
                    const client = new NodeRpcClient({ url: split.base });
                    clients.push(client);
                    return { client, path: split.path };
                },
                localNetworks: () => Promise.resolve([network]),
                relayerReasons: (r, from, to, signal) => relayerReasons(r, from, to, signal),
            });
            const timeline = await followIcmMessage(
                { chain: 'C-Chain', txHash: `0x${'01'.padStart(64, '0')}` },
                host,
            );
            assert.equal(timeline.state, 'sent');
            const said = timeline.stuck.join('\n');
            assert.match(said, /The relayer on this machine is unhealthy: relayers-all/);
            assert.match(
                said,
                /failed 5 relays C-Chain → myl1 \(failed to create signed warp message ×4, .* ×1\) and delivered 3/,
            );
            assert.equal(timeline.roundTrips['relayer'], 1);
        } finally {
            await Promise.all(clients.map((c) => c.close()));
            await sourcePeer.close();
            await destinationPeer.close();
        }
    });
});
