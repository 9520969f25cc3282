/**
 * The ICM tracker on the hostile-peer axis of the reliability checks: a chain's RPC (or a list
 * naming one) is a peer. Forged TeleporterMessenger events from another contract at the same
 * topic, an id its contents do not give, a destination whose RPC URL names an internal host,
 * and an answer flooding one message id's filter with logs: none is believed or reached, and
 * each answer stays bounded.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';

import type { Hex } from 'viem';

import {
    icmDirectory,
    type IcmChain,
    isChosenOrigin,
    maxLogsPerAnswer,
    NodeRpcClient,
    originRefusal,
    splitRpcUrl,
    traceIcmMessage,
} from '../../../src/core';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { recorded } from '../../reliability/record';
import { teleporterMessage } from '../../sandbox/teleporter';

import { EvmPeer } from '../../helpers/evmPeer';
import { messenger, cChainId, l1Id, txHash } from '../../helpers/icmFixture';

const forger: Hex = `0x${'dd'.repeat(20)}`;

const message = (nonce: bigint) =>
    teleporterMessage({
        messenger,
        sourceId: cChainId,
        destinationId: l1Id,
        nonce,
        sender: `0x${'a1'.repeat(20)}`,
        destinationAddress: `0x${'b2'.repeat(20)}`,
    });

describe('(unit) bounds: ICM messages from hostile chains', function () {
    this.timeout(30_000);
    const peers: EvmPeer[] = [];
    const clients: NodeRpcClient[] = [];
    const chain = async (peer: EvmPeer, name: string, id: Hex): Promise<IcmChain> => {
        peers.push(peer);
        const client = new NodeRpcClient({ url: await peer.start() });
        clients.push(client);
        return { name, blockchainId: id, rpc: { client, path: '/ext/bc/C/rpc' } };
    };
    afterEach(async () => {
        await Promise.all(clients.splice(0).map((c) => c.close()));
        await Promise.all(peers.splice(0).map((p) => p.close()));
    });

    it('forged events and ids that do not match their contents are not believed', async () => {
        await recorded('hostile', 'ICM: forged Teleporter events and mismatched ids', async () => {
            const m = message(3n);
            const source = new EvmPeer(1, 20);
            const destination = new EvmPeer(2, 20);
            destination.code.set(messenger, '0x60');
            // Another contract re-emits the real send; a send carries another message's id.
            source.addTx(5, txHash(1), [{ ...m.send, address: forger }]);
            source.addTx(6, txHash(2), [
                { ...message(4n).send, topics: [m.send.topics[0]!, m.messageId, l1Id] },
            ]);
            source.addTx(7, txHash(3), [m.send, m.warp]);
            // The destination ignores filters and answers forged deliveries and executions.
            destination.ignoreFilters = true;
            destination.addTx(3, txHash(4), [
                m.receive(forger, forger, forger),
                m.executed(forger),
            ]);
            destination.addTx(4, txHash(5), [message(9n).receive(forger, forger)]);
            const s = await chain(source, 'source', cChainId);
            const d = await chain(destination, 'destination', l1Id);
            const dir = { chain: () => Promise.resolve(d), relayers: [] };
            const forged = await traceIcmMessage({ source: s, txHash: txHash(1) }, dir);
            const mismatched = await traceIcmMessage({ source: s, txHash: txHash(2) }, dir);
            const real = await traceIcmMessage({ source: s, txHash: txHash(3) }, dir);
            assert.equal(forged.state, 'notFound');
            assert.equal(mismatched.state, 'notFound');
            assert.equal(real.state, 'sent', JSON.stringify(real.warnings));
            assert.equal(real.delivered, undefined);
            return { cases: 5, detail: `${real.warnings.length} forged logs named and ignored` };
        });
    });

    it('the receipt searched past a lagging index: a forged or another message’s is not believed', async () => {
        await recorded(
            'hostile',
            'ICM: forged ReceiptReceived while the index says the receipt is not back',
            async () => {
                const m = message(7n);
                const other = message(8n);
                const source = new EvmPeer(1, 20);
                const destination = new EvmPeer(2, 20);
                destination.code.set(messenger, '0x60');
                source.addTx(5, txHash(1), [m.send, m.warp]);
                destination.addTx(3, txHash(2), [m.receive(forger, forger), m.executed()]);
                // The source ignores filters and answers every receipt of its blocks: one from
                // another contract under this id, one of another message from the messenger.
                source.ignoreFilters = true;
                source.addTx(9, txHash(3), [
                    { ...m.receipt(forger), address: forger },
                    other.receipt(forger),
                ]);
                const s = await chain(source, 'source', cChainId);
                const d = await chain(destination, 'destination', l1Id);
                const dir = {
                    chain: () => Promise.resolve(d),
                    indexedMessage: () =>
                        Promise.resolve({
                            sourceTxHash: txHash(1),
                            destinationTxHash: txHash(2),
                            receiptDelivered: false,
                        }),
                };
                const forged = await traceIcmMessage({ source: s, messageId: m.messageId }, dir);
                assert.equal(forged.state, 'executed', JSON.stringify(forged.warnings));
                assert.equal(forged.receipt, undefined);
                // The messenger's own receipt, later, is the one believed.
                source.addTx(12, txHash(4), [m.receipt(forger)]);
                const real = await traceIcmMessage({ source: s, messageId: m.messageId }, dir);
                assert.equal(real.state, 'receipted');
                assert.equal(real.receipt?.txHash, txHash(4));
                return {
                    cases: 3,
                    detail: 'a forged and a foreign receipt ignored, the real one read',
                };
            },
        );
    });

    it('a destination whose RPC URL names an internal host is not reached', async () => {
        await recorded(
            'hostile',
            'ICM: destination RPC on an internal host: requests sent',
            async () => {
                let requests = 0;
                const internal = await listenOnLoopback(
                    createServer((req, res) => {
                        requests++;
                        req.resume();
                        res.end('{}');
                    }),
                );
                const m = message(5n);
                const source = new EvmPeer(1, 20);
                source.addTx(5, txHash(1), [m.send, m.warp]);
                const s = await chain(source, 'source', cChainId);
                // The rule of ClientProvider.rpcFor: a URL nobody chose reaches no private host.
                const policy = { chosen: [], approved: [] };
                const rpcFor = (url: string) => {
                    const split = splitRpcUrl(url)!;
                    const client = new NodeRpcClient({
                        url: split.base,
                        ...(isChosenOrigin(split.base, policy)
                            ? {}
                            : { untrusted: { refusal: originRefusal(split.base, policy) } }),
                    });
                    clients.push(client);
                    return { client, path: split.path };
                };
                const dir = icmDirectory({
                    candidates: () =>
                        Promise.resolve([
                            {
                                name: 'evil',
                                blockchainId: l1Id,
                                rpcUrl: `${internal.url}/ext/bc/evil/rpc`,
                                knownFrom: 'Data API',
                            },
                        ]),
                    rpcFor,
                });
                try {
                    const t = await traceIcmMessage({ source: s, txHash: txHash(1) }, dir);
                    assert.equal(requests, 0);
                    assert.match(t.warnings.join('\n'), /Not called/);
                    assert.match(t.stuck[0]!, /evil did not answer/);
                } finally {
                    await internal.close();
                }
                return { cases: 1, requests };
            },
        );
    });

    it('a filter answered with thousands of logs is read up to its bound', async () => {
        await recorded('hostile', 'ICM: log flood on one message id', async () => {
            const m = message(6n);
            const source = new EvmPeer(1, 20);
            const destination = new EvmPeer(2, 20);
            destination.code.set(messenger, '0x60');
            source.addTx(5, txHash(1), [m.send, m.warp]);
            destination.ignoreFilters = true;
            destination.addTx(
                3,
                txHash(2),
                Array.from({ length: 5000 }, () => m.executed(forger)),
            );
            const s = await chain(source, 'source', cChainId);
            const d = await chain(destination, 'destination', l1Id);
            const t = await traceIcmMessage(
                { source: s, txHash: txHash(1) },
                { chain: () => Promise.resolve(d) },
            );
            assert.match(
                t.warnings.join('\n'),
                new RegExp(`the first ${maxLogsPerAnswer} were read`),
            );
            assert.ok(t.warnings.length <= 12);
            return { cases: 5000, detail: `${maxLogsPerAnswer} logs read of 5000` };
        });
    });
});
