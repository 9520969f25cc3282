/**
 * The ICM tracker against a real AvalancheGo (the node tier's C-Chain and Subnet-EVM L1): a real
 * transaction that sent no message, an id searched for in bounded windows of real logs, the L1
 * named by its blockchain id through the node's own `platform.getBlockchains`, and the messages
 * the real TeleporterMessenger sent (test/realnode/teleporter.ts; test/realnode/README.md, "ICM").
 */
import * as assert from 'node:assert/strict';

import {
    blockchainIdHex,
    followIcmMessage,
    icmHost,
    NodeRpcClient,
    splitRpcUrl,
    teleporterMessageId,
} from '../../src/core';
import { l1ChainName, type RealNetworkInfo } from '../realnode/network';
import { realNetwork } from './setup';

/**
 * The ICM host of a local network read through the real node alone (no chain list: its chains are
 * named by `platform.getBlockchains`); every client it makes is kept in `clients` to be closed.
 */
function localIcmHost(info: RealNetworkInfo, clients: NodeRpcClient[]): ReturnType<typeof icmHost> {
    const node = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
    clients.push(node);
    return icmHost({
        network: 'local',
        chains: () => Promise.resolve([]),
        nodeRpc: () => node,
        nodeUrl: info.uri,
        rpcFor: (url) => {
            const split = splitRpcUrl(url)!;
            const client = new NodeRpcClient({ url: split.base, retry: { maxRetries: 0 } });
            clients.push(client);
            return { client, path: split.path };
        },
    });
}

describe('(node) ICM messages: none sent, an id nobody sent', function () {
    this.timeout(60_000);
    let info: RealNetworkInfo;
    const clients: NodeRpcClient[] = [];
    const host = () => localIcmHost(info, clients);

    before(() => {
        info = realNetwork().info;
    });
    after(async () => {
        await Promise.all(clients.map((c) => c.close()));
    });

    it('a real transfer sent no message; the chain is named by the node’s blockchains', async () => {
        const transfer = info.cChain.activity.transfers[0]!;
        const timeline = await followIcmMessage(
            { chain: info.cChain.blockchainId, txHash: transfer.hash },
            await host(),
        );
        assert.equal(timeline.state, 'notFound');
        assert.match(timeline.stuck[0]!, /sent no ICM message/);
        assert.equal(timeline.source.name, 'C-Chain');
        assert.equal(timeline.roundTrips['C-Chain'], 1);
    });

    it('an id no messenger emitted is searched for in bounded windows of the L1’s real logs', async () => {
        const id = `0x${'ab'.repeat(32)}`;
        const timeline = await followIcmMessage(
            { chain: blockchainIdHex(info.l1.blockchainId)!, messageId: id },
            await host(),
            { windowBlocks: 16, maxWindows: 4 },
        );
        assert.equal(timeline.state, 'notFound');
        assert.ok(timeline.searched.source, JSON.stringify(timeline));
        const { from, to } = timeline.searched.source;
        assert.ok(to >= Number(info.l1.activity.latestBlock), `${from}–${to}`);
        assert.equal(to - from + 1, Math.min(64, to + 1));
        assert.deepEqual(timeline.warnings, []);
    });
});

/**
 * Real messages of the real TeleporterMessenger (test/realnode/teleporter.ts: the published
 * bytecode, deployed on both chains by the harness, one message sent each way), followed through
 * the same entry the panel and the agent tool use. The one-node network cannot sign them (its
 * chains see no validator set with sybil protection off: the README's ICM section), so they stay
 * undelivered, and what is checked is the send side and the diagnosis from the real chains.
 */
describe('(node) ICM messages sent by the real TeleporterMessenger', function () {
    this.timeout(60_000);
    let info: RealNetworkInfo;
    const clients: NodeRpcClient[] = [];
    const host = () => localIcmHost(info, clients);
    const icm = () => {
        if (!info.icm) throw new Error('the harness deployed no Teleporter (Helicon network?)');
        return info.icm;
    };

    before(() => {
        info = realNetwork().info;
    });
    after(async () => {
        await Promise.all(clients.map((c) => c.close()));
    });

    it('the messenger and the registry are at one address on both chains', () => {
        const { cChain, l1 } = icm();
        assert.equal(cChain.messenger, l1.messenger);
        assert.equal(cChain.registry, l1.registry);
    });

    for (const direction of ['l1ToC', 'cToL1'] as const) {
        it(`${direction}: sent, its id recomputed, undelivered and why, from the real chains`, async () => {
            const sent = icm().messages.find((m) => m.direction === direction)!;
            const timeline = await followIcmMessage(
                { chain: sent.sourceBlockchainId, txHash: sent.txHash },
                await host(),
            );
            assert.equal(timeline.state, 'sent', JSON.stringify(timeline));
            assert.equal(timeline.final, false);
            // The id the messenger's own log carries is the one its contents give.
            assert.equal(timeline.messageId, sent.messageId);
            assert.equal(timeline.sent?.idCheck, 'matches');
            assert.equal(
                teleporterMessageId(
                    icm().cChain.messenger,
                    blockchainIdHex(sent.sourceBlockchainId)!,
                    blockchainIdHex(sent.destinationBlockchainId)!,
                    BigInt(timeline.sent.message.nonce),
                ),
                sent.messageId,
            );
            assert.equal(timeline.sent.messenger.toLowerCase(), icm().cChain.messenger);
            assert.equal(timeline.sent.warpMessageId, sent.unsignedMessageId);
            assert.equal(timeline.destination?.known, true);
            assert.equal(
                timeline.destination.name,
                direction === 'l1ToC' ? 'C-Chain' : l1ChainName,
            );
            // The destination has a messenger and answers: what is missing is a relayer.
            assert.ok(
                !timeline.stuck.some((line) =>
                    /has no contract|cannot be read|did not answer/.test(line),
                ),
                timeline.stuck.join('\n'),
            );
            assert.ok(
                timeline.stuck.some((line) => /No relayer is known on this machine/.test(line)),
                timeline.stuck.join('\n'),
            );
            // Followed by its id alone, from the source chain, the same message is found.
            const byId = await followIcmMessage(
                { chain: sent.sourceBlockchainId, messageId: sent.messageId },
                await host(),
            );
            assert.equal(byId.state, 'sent');
            assert.equal(byId.sent?.txHash?.toLowerCase(), sent.txHash.toLowerCase());
        });
    }

    it('a delivery no validator signed is mined and reverted; the message stays sent', async () => {
        const sent = icm().messages.find((m) => m.direction === 'l1ToC')!;
        const attempt = sent.unsignedDelivery!;
        assert.equal(attempt.status, 'reverted', `${attempt.txHash}: ${attempt.revert}`);
        assert.match(attempt.revert, /invalid warp message/, attempt.revert);
        // eth_call runs no predicate check: with no results for the call, the precompile counts
        // the message as verified, so a relayer cannot test a delivery with it.
        assert.equal(attempt.call, 'none');
        // A reverted receiveCrossChainMessage emits nothing: the tracker finds no delivery.
        const timeline = await followIcmMessage(
            { chain: sent.sourceBlockchainId, txHash: sent.txHash },
            await host(),
        );
        assert.equal(timeline.state, 'sent');
        assert.equal(timeline.delivered, undefined);
    });

    it('the node cannot sign a message with sybil protection off (its own error)', () => {
        // If a node version ever signs here, delivery becomes testable on this network: the
        // harness keeps the signed message (IcmSent.signed) and this test says so by failing.
        for (const sent of icm().messages) {
            assert.equal(sent.signed, undefined);
            assert.match(
                sent.signatureError ?? '',
                /^warp_getMessageAggregateSignature: .*cannot retrieve validator set: \w+ source subnet not found/,
            );
        }
    });
});
