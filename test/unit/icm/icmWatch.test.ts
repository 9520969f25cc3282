/**
 * A watched ICM message, read by the watch list's own `checkTarget` against loopback JSON-RPC
 * peers (one per chain, logs in TeleporterMessenger's shapes): pending while only sent, done once
 * delivered and executed, failed when its execution failed, and a warning told once when it is
 * still undelivered past the wait the user set. The target is input (a command's argument):
 * checked, bounded, and its chain text inert wherever it is shown. A panel's Watch builds it from
 * the panel's query, or the timeline's id when the panel followed a transaction.
 */
import * as assert from 'node:assert/strict';

import type { Hex } from 'viem';

import {
    baseIntervalMs,
    checkCost,
    checkTarget,
    checkWatchTarget,
    describeChange,
    describeTarget,
    type IcmDirectoryHost,
    NodeRpcClient,
    panelWatchSubject,
    panelWatchTarget,
    type WatchEntry,
    type WatchSources,
    type WatchTarget,
} from '../../../src/core';
import { EvmPeer } from '../../helpers/evmPeer';
import { messenger, cChainId, l1Id, txHash } from '../../helpers/icmFixture';
import { teleporterMessage } from '../../sandbox/teleporter';

const relayer: Hex = `0x${'c3'.repeat(20)}`;
const never = new AbortController().signal;

describe('(unit) watching an ICM message', () => {
    let source: EvmPeer;
    let destination: EvmPeer;
    let clients: NodeRpcClient[] = [];
    let sources: WatchSources;
    let l1Name = 'myl1';

    beforeEach(async () => {
        l1Name = 'myl1';
        source = new EvmPeer(43112, 100);
        destination = new EvmPeer(99999, 50);
        destination.code.set(messenger, '0x6080');
        const sourceUrl = await source.start();
        const destinationUrl = await destination.start();
        const host: IcmDirectoryHost = {
            candidates: () =>
                Promise.resolve([
                    {
                        name: 'C-Chain',
                        blockchainId: cChainId,
                        evmChainId: '43112',
                        rpcUrl: `${sourceUrl}/ext/bc/C/rpc`,
                        messenger,
                        knownFrom: 'test',
                    },
                    {
                        name: l1Name,
                        blockchainId: l1Id,
                        evmChainId: '99999',
                        rpcUrl: `${destinationUrl}/ext/bc/L1/rpc`,
                        messenger,
                        knownFrom: 'test',
                    },
                ]),
            rpcFor: (url) => {
                const u = new URL(url);
                const client = new NodeRpcClient({ url: u.origin });
                clients.push(client);
                return { client, path: u.pathname };
            },
            relayers: [relayer],
        };
        sources = {
            pChain: () => Promise.reject(new Error('not asked')),
            validatorFees: () => Promise.reject(new Error('not asked')),
            evmChain: () => Promise.resolve(undefined),
            dataApi: () => Promise.reject(new Error('not asked')),
            node: () => {
                throw new Error('not asked');
            },
            icmHost: () => Promise.resolve(host),
        };
    });
    afterEach(async () => {
        await Promise.all(clients.map((c) => c.close()));
        clients = [];
        await source.close();
        await destination.close();
    });

    const message = (nonce: bigint) =>
        teleporterMessage({
            messenger,
            sourceId: cChainId,
            destinationId: l1Id,
            nonce,
            sender: `0x${'a1'.repeat(20)}`,
            destinationAddress: `0x${'b2'.repeat(20)}`,
            feeToken: `0x${'fe'.repeat(20)}`,
            feeAmount: 5n,
            requiredGasLimit: 200_000n,
            relayers: [relayer],
        });
    const target = (messageId: string, undeliveredMinutes = 30): WatchTarget => {
        const checked = checkWatchTarget({
            kind: 'icmMessage',
            network: 'local',
            chain: 'C-Chain',
            messageId,
            undeliveredMinutes,
        });
        assert.ok('target' in checked, JSON.stringify(checked));
        return checked.target;
    };
    const read = (t: WatchTarget, waitedMinutes = 0) =>
        checkTarget(t, sources, 0, never, { addedAtMs: 0, nowMs: waitedMinutes * 60_000 });

    it('is pending while only sent, then done once delivered and executed, told once', async () => {
        const m = message(7n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        const t = target(m.messageId);
        const sent = await read(t);
        assert.equal(sent.status, 'pending');
        assert.equal(sent.final, false);
        assert.match(sent.summary, /^sent, not delivered yet · to myl1$/);
        assert.equal(describeChange(t, undefined, sent, 0), undefined, 'nothing to tell yet');

        destination.addTx(40, txHash(2), [m.receive(relayer, relayer), m.executed()]);
        const done = await read(t);
        assert.equal(done.status, 'done');
        assert.equal(done.final, true);
        assert.match(done.summary, /delivered and executed/);
        assert.ok(done.details.some((d) => d.label === 'Delivered' && d.value.includes(txHash(2))));
        const change = describeChange(t, sent, done, 0);
        assert.equal(change?.severity, 'info');
        assert.match(
            change?.text ?? '',
            /^ICM message 0x\w+…\w+ from C-Chain: delivered and executed/,
        );
        assert.equal(describeChange(t, done, done, 0), undefined);
    });

    it('fails when the execution failed, and names the retry', async () => {
        const m = message(8n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        destination.addTx(41, txHash(2), [m.receive(relayer, relayer), m.failed()]);
        const t = target(m.messageId);
        const failed = await read(t);
        assert.equal(failed.status, 'failed');
        assert.equal(failed.final, true);
        assert.ok(failed.details.some((d) => /retryMessageExecution/.test(d.value)));
        // The first read of an outcome is told.
        assert.equal(describeChange(t, undefined, failed, 0)?.severity, 'warning');
    });

    it('warns once when still undelivered past the wait, and keeps reading', async () => {
        const m = message(9n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        const t = target(m.messageId, 5);
        const early = await read(t, 4);
        assert.equal(early.status, 'pending');
        const late = await read(t, 6);
        assert.equal(late.status, 'warning');
        assert.equal(late.final, false);
        assert.equal(late.summary, 'still undelivered after 6 min');
        const change = describeChange(t, early, late, 0);
        assert.equal(change?.severity, 'warning');
        assert.equal(describeChange(t, late, await read(t, 7), 0), undefined, 'told once');
        destination.addTx(45, txHash(2), [m.receive(relayer, relayer), m.executed()]);
        assert.equal((await read(t, 8)).status, 'done');
    });

    it('shows a peer’s or a file’s names as bounded, inert text', async () => {
        l1Name = `evil\u202e[link](command:x) ${'x'.repeat(500)}`;
        const m = message(10n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        const sent = await read(target(m.messageId));
        for (const text of [sent.summary, ...sent.details.map((d) => d.value)]) {
            assert.ok(!text.includes('\u202e'), text);
            assert.ok(text.length <= 400, `${text.length}`);
        }
    });

    it('checks a target as input: the id, the chain text, the wait', () => {
        const id = `0x${'AB'.repeat(32)}`;
        const ok = checkWatchTarget({
            kind: 'icmMessage',
            network: 'fuji',
            chain: 'C',
            messageId: id,
            undeliveredMinutes: 60,
        });
        assert.ok('target' in ok && ok.target.kind === 'icmMessage');
        assert.equal(ok.target.messageId, id.toLowerCase());
        const bad = (extra: Record<string, unknown>) =>
            checkWatchTarget({
                kind: 'icmMessage',
                network: 'fuji',
                chain: 'C',
                messageId: id,
                undeliveredMinutes: 60,
                ...extra,
            });
        assert.ok('error' in bad({ messageId: '0x12' }));
        assert.ok('error' in bad({ chain: 'C\nrm -rf' }));
        assert.ok('error' in bad({ chain: 'x'.repeat(101) }));
        assert.ok('error' in bad({ undeliveredMinutes: 0 }));
        assert.ok('error' in bad({ undeliveredMinutes: 10_081 }));
        assert.ok('error' in bad({ undeliveredMinutes: 1.5 }));
        const shown = describeTarget({
            kind: 'icmMessage',
            network: 'fuji',
            chain: '\u202eevil chain',
            messageId: id.toLowerCase(),
            undeliveredMinutes: 5,
        });
        assert.ok(!shown.includes('\u202e'), shown);
    });

    it('is read at the watch list’s low rate, each read counted as the trace’s batches', () => {
        const t = target(`0x${'1'.repeat(64)}`);
        const entry = (ageMs: number): WatchEntry => ({
            key: 'k',
            target: t,
            addedAtMs: 0,
            errors: 0,
            history: [],
            unseen: false,
            nextDueMs: 0,
            final: false,
            checkedAtMs: ageMs,
        });
        assert.equal(checkCost(t), 6);
        assert.equal(baseIntervalMs(entry(0), 0), 30_000);
        assert.equal(baseIntervalMs(entry(0), 1_200_000), 120_000);
        assert.equal(baseIntervalMs(entry(0), 7_200_000), 300_000);
    });

    it('is added from an ICM panel: the query’s id, or the timeline’s', () => {
        const id = `0x${'cd'.repeat(32)}`;
        const facts = { network: 'local' as const, nodeUrl: 'http://127.0.0.1:9650' };
        const byId = panelWatchSubject({ source: 'icm', chain: 'C', messageId: id });
        assert.ok(byId);
        const built = panelWatchTarget(byId, facts);
        assert.ok('target' in built);
        assert.deepEqual(built.target, {
            kind: 'icmMessage',
            network: 'local',
            chain: 'C',
            messageId: id,
            undeliveredMinutes: 30,
        });
        const byTx = panelWatchSubject({ source: 'icm', chain: 'C', txHash: txHash(1) });
        assert.ok(byTx);
        assert.ok('error' in panelWatchTarget(byTx, facts), 'not followed yet');
        const fromTimeline = panelWatchTarget(byTx, {
            ...facts,
            result: { state: 'sent', messageId: id },
        });
        assert.ok('target' in fromTimeline && fromTimeline.target.kind === 'icmMessage');
        assert.equal(fromTimeline.target.messageId, id);
        assert.ok(
            'error' in
                panelWatchTarget(byTx, { ...facts, result: { state: 'notFound', messageId: id } }),
        );
    });
});
