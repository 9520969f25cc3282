/**
 * The ICM tracker against loopback JSON-RPC peers, one per chain, serving logs in the shapes
 * TeleporterMessenger and the Warp precompile emit (helpers/teleporterLogs.ts): a message
 * followed from its source transaction or its id through delivery, execution and receipt in at
 * most three round trips per chain; a failed execution with its retry named; an undelivered one
 * with the reasons in order; and the hostile cases (a forged send or delivery from another
 * contract at the same topic, an id its contents do not give, a destination the extension does
 * not know or may not reach).
 */
import * as assert from 'node:assert/strict';

import { encodeFunctionData, erc20Abi, type Hex } from 'viem';

import {
    blockchainIdCb58,
    blockchainIdHex,
    type IcmChain,
    type IcmChainCandidate,
    icmDirectory,
    type IcmDirectory,
    icmTopics,
    NodeRpcClient,
    teleporterMessageId,
    traceIcmMessage,
} from '../../../src/core';
import { icmView } from '../../../src/core/query/results/icm';
import { ContractKnowledge } from '../../../src/core/workspace/knowledge';
import { foundryArtifact } from '../../sandbox/contracts';
import { contractsWorkspaceDir, indexOf, knowledgeOf } from '../../helpers/workspaceTree';

import { EvmPeer } from '../../helpers/evmPeer';
import { messenger, cChainId, l1Id, txHash } from '../../helpers/icmFixture';
import { teleporterMessage } from '../../sandbox/teleporter';

const sender: Hex = `0x${'a1'.repeat(20)}`;
const receiver: Hex = `0x${'b2'.repeat(20)}`;
const receiverOf: Hex = receiver;
const relayer: Hex = `0x${'c3'.repeat(20)}`;
const forger: Hex = `0x${'dd'.repeat(20)}`;

describe('(unit) ICM message ids', () => {
    it('computes the ids of icm-contracts’ own test vectors (teleporter_utils_test.go)', () => {
        // utils/teleporter-utils/teleporter_utils_test.go in ava-labs/icm-contracts: messenger
        // 0xfeabb3b3…, source 2D8RG4Up…, destination yH8D7Th… (the Fuji C-Chain), nonces 1–3.
        const vectors = [
            'ZyaPKmkZwJTJNKkUjvNLVAd5rGhcj7pUC61rtQh93Z6Ue2Fxu',
            'inHeK6nYc8uhUVPygnAUPN8Wk7PGPPQXHEd9ch8vyMUPxoaA7',
            '2ooMeB82Buik3jwAq3vCyb3DPuj3BAPFozALu9GsxNAw4qDdtq',
        ];
        vectors.forEach((expected, i) => {
            const id = teleporterMessageId(
                '0xfeabb3b3f4eeae6b5769507a5e6b808704e5c626',
                l1Id,
                cChainId,
                BigInt(i + 1),
            );
            assert.equal(blockchainIdCb58(id), expected);
        });
        assert.equal(blockchainIdHex(blockchainIdCb58(cChainId)), cChainId);
        assert.equal(blockchainIdHex('not an id'), undefined);
        assert.throws(() => teleporterMessageId('0x12', l1Id, cChainId, 1n));
    });
});

describe('(unit) ICM directory: a blockchain id among the candidates', () => {
    it('names a chain given in cb58 or in hex of either case, and nothing that only looks like it', async () => {
        const cb58 = blockchainIdCb58(l1Id);
        // The same text with its last digit changed: base58 still, its checksum wrong.
        const lookalike = `${cb58.slice(0, -1)}${cb58.at(-1) === '2' ? '3' : '2'}`;
        assert.equal(blockchainIdHex(lookalike), undefined);
        const all: IcmChainCandidate[] = [
            { name: 'upper hex', blockchainId: `0x${l1Id.slice(2).toUpperCase()}`, knownFrom: 'a' },
            { name: 'lookalike', blockchainId: lookalike, knownFrom: 'b', messenger },
            { name: 'other', blockchainId: blockchainIdCb58(cChainId), knownFrom: 'c' },
            { name: 'cb58', blockchainId: cb58, knownFrom: 'd', evmChainId: '99999' },
            { name: 'not an id', blockchainId: 'myl1', knownFrom: 'e' },
        ];
        const directory = icmDirectory({
            candidates: () => Promise.resolve(all),
            rpcFor: () => undefined,
        });
        for (const asked of [l1Id, `0x${l1Id.slice(2).toUpperCase()}`]) {
            const chain = await directory.chain(asked);
            assert.equal(chain?.name, 'upper hex');
            assert.equal(chain.blockchainId, l1Id);
            // Both texts of the id merged, neither the other chain nor the look-alike.
            assert.equal(chain.knownFrom, 'a, d');
            assert.equal(chain.evmChainId, '99999');
            assert.equal(chain.messenger, undefined);
        }
        assert.equal((await directory.find(cb58))?.knownFrom, 'a, d');
        assert.equal(await directory.chain(`0x${'ab'.repeat(32)}`), undefined);
        assert.equal(await directory.chain('myl1'), undefined);
    });
});

describe('(unit) ICM tracker against loopback chains', () => {
    let source: EvmPeer;
    let destination: EvmPeer;
    let clients: NodeRpcClient[] = [];
    let sourceChain: IcmChain;
    let destinationChain: IcmChain;

    const chainOf = (peer: EvmPeer, url: string, name: string, id: Hex): IcmChain => {
        const client = new NodeRpcClient({ url });
        clients.push(client);
        return {
            name,
            blockchainId: id,
            evmChainId: String(peer.chainId),
            rpc: { client, path: '/ext/bc/C/rpc' },
            rpcHost: new URL(url).host,
        };
    };
    const directory = (extra: Partial<IcmDirectory> = {}): IcmDirectory => ({
        chain: (id) =>
            Promise.resolve(
                id === l1Id ? destinationChain : id === cChainId ? sourceChain : undefined,
            ),
        relayers: [relayer],
        ...extra,
    });

    beforeEach(async () => {
        source = new EvmPeer(43112, 100);
        destination = new EvmPeer(99999, 50);
        destination.code.set(messenger, '0x6080');
        sourceChain = chainOf(source, await source.start(), 'C-Chain', cChainId);
        destinationChain = chainOf(destination, await destination.start(), 'myl1', l1Id);
    });
    afterEach(async () => {
        await Promise.all(clients.map((c) => c.close()));
        clients = [];
        await source.close();
        await destination.close();
    });

    const message = (nonce: bigint, extra: Partial<Parameters<typeof teleporterMessage>[0]> = {}) =>
        teleporterMessage({
            messenger,
            sourceId: cChainId,
            destinationId: l1Id,
            nonce,
            sender,
            destinationAddress: receiver,
            feeToken: `0x${'fe'.repeat(20)}`,
            feeAmount: 5n,
            requiredGasLimit: 200_000n,
            relayers: [relayer],
            ...extra,
        });

    it('follows a message from its transaction to delivery, execution and receipt in ≤ 3 round trips per chain', async () => {
        const m = message(7n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        destination.addTx(40, txHash(2), [m.receive(relayer, relayer), m.executed()]);
        source.addTx(99, txHash(3), [m.receipt(relayer)]);
        const timeline = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory(),
        );
        assert.equal(timeline.messageId, m.messageId);
        assert.equal(timeline.state, 'receipted');
        assert.equal(timeline.final, true);
        assert.equal(timeline.sent?.idCheck, 'matches');
        assert.equal(timeline.sent?.warpMessageId, m.warpId);
        assert.equal(timeline.sent?.message.requiredGasLimit, '200000');
        assert.deepEqual(timeline.sent?.message.allowedRelayers, [relayer]);
        assert.deepEqual(timeline.sent?.fee, { token: `0x${'fe'.repeat(20)}`, amount: '5' });
        assert.equal(timeline.destination?.name, 'myl1');
        assert.equal(timeline.delivered?.txHash, txHash(2));
        assert.equal(timeline.delivered?.deliverer, relayer);
        assert.equal(timeline.executed?.block, 40);
        assert.equal(timeline.receipt?.txHash, txHash(3));
        assert.deepEqual(timeline.stuck, []);
        assert.deepEqual(timeline.warnings, []);
        assert.ok((timeline.roundTrips['C-Chain'] ?? 0) <= 3, JSON.stringify(timeline.roundTrips));
        assert.ok((timeline.roundTrips['myl1'] ?? 0) <= 3, JSON.stringify(timeline.roundTrips));
        assert.ok(source.requests <= 3 && destination.requests <= 3);
    });

    it('searches the source for the receipt when the index says it is not back, alongside the destination', async () => {
        const m = message(11n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        destination.addTx(40, txHash(2), [m.receive(relayer, relayer), m.executed()]);
        source.addTx(99, txHash(3), [m.receipt(relayer)]);
        // A lagging index: it names the send and the delivery, and has not seen the receipt.
        const lagging = directory({
            indexedMessage: () =>
                Promise.resolve({
                    sourceTxHash: txHash(1),
                    destinationTxHash: txHash(2),
                    receiptDelivered: false,
                }),
        });
        for (const target of [{ messageId: m.messageId }, { txHash: txHash(1) }]) {
            source.calls.length = 0;
            const timeline = await traceIcmMessage({ source: sourceChain, ...target }, lagging);
            assert.equal(timeline.state, 'receipted', JSON.stringify(target));
            assert.equal(timeline.receipt?.txHash, txHash(3));
            assert.equal(timeline.receipt?.relayerRewardAddress, relayer);
            assert.deepEqual(timeline.warnings, []);
            // One bounded eth_getLogs per window from the send to the head, on the message id
            // topic of the messenger that sent it, as the delivery search asks the destination.
            const searches = source.calls.filter((c) => c.method === 'eth_getLogs');
            assert.equal(searches.length, 1, JSON.stringify(source.calls));
            assert.deepEqual(searches[0]!.params, [
                {
                    fromBlock: '0x5a',
                    toBlock: `0x${source.head.toString(16)}`,
                    address: messenger,
                    topics: [icmTopics().ReceiptReceived, m.messageId],
                },
            ]);
            assert.deepEqual(timeline.searched.source, { from: 90, to: source.head });
            // The send's receipt, then the receipt search; the delivery read from its receipt.
            assert.deepEqual(timeline.roundTrips, { 'Data API': 1, 'C-Chain': 2, myl1: 1 });
        }
    });

    it('follows a message from its id alone, the Warp log read from the send’s transaction', async () => {
        const m = message(8n);
        source.addTx(95, txHash(1), [m.send, m.warp]);
        destination.addTx(45, txHash(2), [m.receive(relayer, relayer), m.executed()]);
        const timeline = await traceIcmMessage(
            { source: sourceChain, messageId: m.messageId },
            directory(),
        );
        assert.equal(timeline.state, 'executed');
        assert.equal(timeline.sent?.txHash, txHash(1));
        assert.equal(timeline.sent?.warpMessageId, m.warpId);
        assert.equal(timeline.roundTrips['C-Chain'], 3);
        assert.equal(timeline.roundTrips['myl1'], 2);
    });

    /** The contracts workspace with only the vault's Foundry artifact in it. */
    const vaultKnowledge = (): ContractKnowledge =>
        new ContractKnowledge(
            indexOf(
                knowledgeOf(
                    contractsWorkspaceDir,
                    'foundry/out/ExplorerVault.sol/ExplorerVault.json',
                ),
            ),
        );

    it('decodes the payload with the destination contract’s workspace ABI, never the built-in table', async () => {
        const vault = foundryArtifact('ExplorerVault');
        const knowledge = vaultKnowledge();
        const payload = encodeFunctionData({
            abi: vault.abi,
            functionName: 'deposit',
            args: [42n],
        });
        const m = message(21n, { payload });
        source.addTx(90, txHash(1), [m.send, m.warp]);
        const timeline = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory(),
            { contracts: knowledge },
        );
        const call = timeline.sent?.payloadCall;
        assert.equal(call?.status, 'decoded', JSON.stringify(call));
        assert.equal(call.status === 'decoded' && call.decoded.name, 'deposit');
        assert.match(
            call.status === 'decoded' ? call.decoded.origin.file : '',
            /ExplorerVault\.json$/,
        );
        const view = icmView(timeline);
        const section = view.sections.find((x) => x.title.startsWith('Payload'));
        assert.ok(section, JSON.stringify(view.sections.map((x) => x.title)));
        assert.match(section.note ?? '', /destination contract's ABI with foundry\/out/);
        // An ERC-20 transfer's selector is in the built-in table only: not a decoding of the payload.
        const transfer = message(22n, {
            payload: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [receiverOf, 1n],
            }),
        });
        source.addTx(91, txHash(3), [transfer.send, transfer.warp]);
        const plain = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(3) },
            directory(),
            { contracts: knowledge },
        );
        assert.equal(plain.sent?.payloadCall, undefined);
        // Without the workspace nothing is decoded.
        const none = await traceIcmMessage({ source: sourceChain, txHash: txHash(1) }, directory());
        assert.equal(none.sent?.payloadCall, undefined);
    });

    it('reads the chains while the workspace’s contracts are still being read', async () => {
        const knowledge = vaultKnowledge();
        const payload = encodeFunctionData({
            abi: foundryArtifact('ExplorerVault').abi,
            functionName: 'deposit',
            args: [42n],
        });
        const m = message(23n, { payload });
        source.addTx(90, txHash(1), [m.send, m.warp]);
        // The workspace is read only once the source chain was asked: a trace that waited for
        // it before its first request would never end.
        let requestsBeforeContracts = -1;
        const contracts = new Promise<ContractKnowledge>((resolve) => {
            const check = setInterval(() => {
                if (source.requests === 0) return;
                clearInterval(check);
                requestsBeforeContracts = source.requests;
                resolve(knowledge);
            }, 1);
        });
        const timeline = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory(),
            { contracts },
        );
        assert.ok(requestsBeforeContracts > 0);
        const call = timeline.sent?.payloadCall;
        assert.equal(call?.status === 'decoded' && call.decoded.name, 'deposit');
        // A workspace that fails to read fails nothing when the trace ends before it is needed.
        const failing = Promise.reject(new Error('unreadable workspace'));
        const notFound = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(9) },
            directory(),
            { contracts: failing },
        );
        assert.equal(notFound.state, 'notFound');
    });

    it('says a failed execution may be retried, and leaves the hook to the delivery’s trace', async () => {
        const m = message(9n);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        destination.addTx(41, txHash(2), [m.receive(relayer, relayer), m.failed()]);
        const timeline = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory(),
        );
        assert.equal(timeline.state, 'executionFailed');
        assert.equal(timeline.final, true);
        assert.match(timeline.stuck.join(' '), /retryMessageExecution/);
        assert.equal(timeline.failedExecution?.txHash, txHash(2));
        assert.equal(timeline.failedExecution?.chain.name, 'myl1');
    });

    it('says why an undelivered message is stuck, in order', async () => {
        const m = message(10n, {
            requiredGasLimit: 20_000_000n,
            relayers: [`0x${'77'.repeat(20)}`],
        });
        source.addTx(10, txHash(1), [m.send, m.warp]);
        const asked: string[] = [];
        const timeline = await traceIcmMessage(
            { source: { ...sourceChain, subnetId: 'mysubnet' }, txHash: txHash(1) },
            directory({
                sourceValidators: (chain) => {
                    asked.push(chain.subnetId ?? '');
                    return Promise.resolve('The L1’s only validator is inactive (balance 0).');
                },
            }),
        );
        assert.deepEqual(asked, ['mysubnet']);
        assert.equal(timeline.roundTrips['P-Chain'], 1);
        assert.equal(timeline.state, 'sent');
        assert.equal(timeline.final, false);
        const [gas, relayers, validators, late] = timeline.stuck;
        assert.match(gas!, /required gas limit 20000000 is above myl1's block gas limit 15000000/);
        assert.match(relayers!, /relayer on this machine .* is not one of them/);
        assert.match(validators!, /inactive/);
        assert.match(
            late!,
            /Not delivered 90 blocks after it was sent \(blocks 0–50 of myl1 searched\)/,
        );
    });

    it('names no relayer on a local network, and a missing messenger at the destination', async () => {
        const m = message(11n, { relayers: [] });
        source.addTx(99, txHash(1), [m.send, m.warp]);
        destination.code.clear();
        const timeline = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory({ relayers: [] }),
        );
        assert.match(timeline.stuck[0]!, /myl1 has no contract at 0x253b/);
        assert.match(timeline.stuck[1]!, /No relayer is known on this machine/);
    });

    it('says when the destination names no chain it knows, or one it may not reach', async () => {
        const m = message(12n);
        source.addTx(99, txHash(1), [m.send, m.warp]);
        const unknown = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory({ chain: () => Promise.resolve(undefined) }),
        );
        assert.equal(unknown.destination?.known, false);
        assert.equal(
            unknown.destination?.blockchainId,
            '2D8RG4UpSXbPbvPCAWppNJyqTG2i2CAXSkTgmTBBvs7GKNZjsY',
        );
        assert.match(unknown.stuck[0]!, /names no chain this extension knows/);
        const refused = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(1) },
            directory({
                chain: () =>
                    Promise.resolve({
                        name: 'evil',
                        blockchainId: l1Id,
                        unreachable:
                            'its RPC URL http://10.0.0.1:9650 is a private host nobody chose',
                    }),
            }),
        );
        assert.match(
            refused.stuck[0]!,
            /evil cannot be read: its RPC URL http:\/\/10\.0\.0\.1:9650 is a private host/,
        );
        assert.equal(destination.requests, 0);
    });

    it('believes no forged log: another contract’s send or delivery, or an id its contents do not give', async () => {
        const m = message(13n);
        // A forger re-emits the real send (same topics, same id) from its own contract in an
        // earlier transaction, and a send whose id is not the one of its contents.
        const forged = { ...m.send, address: forger };
        const wrongId = {
            ...message(14n).send,
            topics: [m.send.topics[0]!, `0x${'99'.repeat(32)}`, l1Id],
        };
        source.addTx(80, txHash(9), [forged]);
        source.addTx(81, txHash(8), [wrongId]);
        source.addTx(90, txHash(1), [m.send, m.warp]);
        // The destination ignores the address filter and answers a forged delivery first.
        destination.ignoreFilters = true;
        destination.addTx(30, txHash(7), [m.receive(forger, forger, forger), m.executed(forger)]);
        const byTx = await traceIcmMessage({ source: sourceChain, txHash: txHash(1) }, directory());
        assert.equal(byTx.state, 'sent');
        assert.equal(byTx.delivered, undefined);
        assert.match(byTx.warnings.join('\n'), /from 0xdddd.*not the messenger/);

        const forgedTx = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(9) },
            directory(),
        );
        // The forger's copy: its id is computed from the forger's address, so it does not match.
        assert.equal(forgedTx.state, 'notFound');
        assert.match(forgedTx.warnings.join('\n'), /which its contents do not give/);

        const wrong = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(8) },
            directory(),
        );
        assert.equal(wrong.state, 'notFound');
    });

    it('says when a transaction sent no message, failed, or is unknown', async () => {
        source.addTx(50, txHash(1), []);
        source.addTx(51, txHash(2), [], 'failed');
        const none = await traceIcmMessage({ source: sourceChain, txHash: txHash(1) }, directory());
        assert.match(none.stuck[0]!, /sent no ICM message/);
        const failed = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(2) },
            directory(),
        );
        assert.match(failed.stuck[0]!, /failed: it sent no message/);
        const unknown = await traceIcmMessage(
            { source: sourceChain, txHash: txHash(3) },
            directory(),
        );
        assert.match(unknown.stuck[0]!, /no receipt/);
    });

    it('searches a bounded number of block windows back from the head', async () => {
        const m = message(15n);
        source.addTx(5, txHash(1), [m.send, m.warp]);
        source.grow(10_000);
        const timeline = await traceIcmMessage(
            { source: sourceChain, messageId: m.messageId },
            directory(),
            { windowBlocks: 1000, maxWindows: 4 },
        );
        assert.equal(timeline.state, 'notFound');
        assert.deepEqual(timeline.searched.source, { from: source.head - 3999, to: source.head });
        assert.match(timeline.stuck[0]!, /in the last 4000 blocks of C-Chain/);
    });
});
