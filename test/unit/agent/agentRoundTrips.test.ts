/**
 * The agent tools' dependent round trips (#38): against the sandbox with a latency on every
 * service, the requests of one call are read from its log and counted by causality
 * (test/sandbox/roundTrips.ts). Reads that do not need each other's answers go together; the
 * counts are those the protocol forces, each named.
 */
import * as assert from 'node:assert/strict';

import { runAgentTool, StandaloneAgentServices } from '../../../src/core/index';
import { type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { countRoundTrips, type RoundTripCount } from '../../sandbox/roundTrips';

describe('(unit) agent tools: dependent round trips at a set latency', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let services: StandaloneAgentServices;

    before(async () => {
        sandbox = await startSandbox({ seed: 1 });
        known = sandbox.known.mainnet;
        // Well above the local work between two requests on a loaded machine, which would
        // otherwise make two requests sent together look one after the other.
        sandbox.addFault({ fault: { kind: 'latency', ms: 150 } });
    });
    beforeEach(() => {
        services = new StandaloneAgentServices({
            network: 'mainnet',
            nodeUrl: sandbox.nodeUrl,
            dataApiUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: { maxRetries: 0 },
            explorerUrl: (kind, id) => `https://subnets.avax.network/${kind}/${id}`,
            redact: (text) => text,
        });
    });
    afterEach(() => services.close());
    after(() => sandbox.close());

    /** Calls `name` on another input first (the chain list is then kept), then counts `input`. */
    async function trips(name: string, warm: object, input: object): Promise<RoundTripCount> {
        const signal = new AbortController().signal;
        await runAgentTool(name, warm, services, signal);
        sandbox.clearRequests();
        const answer = await runAgentTool(name, input, services, signal);
        assert.equal(answer.isError, false, answer.text);
        const count = countRoundTrips(sandbox.requests);
        // Nothing is asked twice in one call: answers in flight or kept are shared.
        assert.deepEqual(
            count.repeated.map((r) => r.operations.join('+')),
            [],
            'asked twice',
        );
        return count;
    }

    const path = (c: RoundTripCount) =>
        c.criticalPath.map((r) => r.operations.join('+')).join(' → ');

    it('avalanche_get_address reads the token balances with the overview: one round trip', async () => {
        const c = await trips(
            'avalanche_get_address',
            { address: known.erc721Contract },
            { address: known.evmAddress },
        );
        assert.ok(c.byService.dataApi >= 2, `${c.requests} requests`);
        assert.equal(c.dependentRoundTrips, 1, path(c));
    });

    it('avalanche_get_l1 reads the validators with the overview: two round trips (the overview’s count waits for the subnet to be an L1)', async () => {
        const c = await trips(
            'avalanche_get_l1',
            { subnetId: known.subnetId },
            { subnetId: known.l1SubnetId },
        );
        assert.equal(c.dependentRoundTrips, 2, path(c));
        assert.deepEqual(
            c.criticalPath.map((r) => r.operations[0]),
            [c.criticalPath[0]!.operations[0], 'listL1Validators'],
        );
    });

    it('avalanche_trace_transaction asks the trace with the receipt: one round trip without a workspace', async () => {
        const c = await trips(
            'avalanche_trace_transaction',
            { hash: known.teleporterTxHash },
            { hash: known.evmTxHash },
        );
        const methods = sandbox.requests.flatMap((r) => r.operations);
        assert.ok(methods.includes('debug_traceTransaction'), methods.join(', '));
        assert.ok(methods.includes('eth_getTransactionReceipt'), methods.join(', '));
        assert.equal(c.dependentRoundTrips, 1, path(c));
    });
    it('avalanche_follow_icm_message reads the send’s receipt with the node’s chain list: three round trips (the receipt names the message, the index its delivery)', async () => {
        const c = await trips(
            'avalanche_follow_icm_message',
            { sourceChain: known.cChainId, txHash: known.icmFailedTxHash },
            { sourceChain: known.cChainId, txHash: known.icmExecutedTxHash },
        );
        assert.equal(c.dependentRoundTrips, 3, path(c));
        const list = sandbox.requests.find((r) => r.operations.includes('platform.getBlockchains'));
        const send = sandbox.requests.find((r) =>
            r.operations.includes('eth_getTransactionReceipt'),
        );
        assert.ok(list && send, 'the node’s list is still read, for the destination');
        assert.ok(send.startMs < list.endMs!, 'the send’s receipt did not wait for the list');
    });
    it('avalanche_explain_identifier on an L1 validator’s NodeID finds the L1’s chain in the kept chain list: two round trips (the validations name the L1, then the node’s validators of its chain)', async () => {
        const c = await trips(
            'avalanche_explain_identifier',
            { identifier: known.nodeId },
            { identifier: known.l1NodeId },
        );
        assert.equal(c.dependentRoundTrips, 2, path(c));
        assert.ok(
            !sandbox.requests.some((r) => r.operations.includes('getSubnetById')),
            'the subnet was read to find its chain',
        );
        const last = c.criticalPath[c.criticalPath.length - 1]!;
        assert.ok(last.operations.includes('validators.getCurrentValidators'), path(c));
    });

    it('a session’s first avalanche_get_transaction on the C-Chain reads no chain list first: one round trip', async () => {
        sandbox.clearRequests();
        const answer = await runAgentTool(
            'avalanche_get_transaction',
            { hash: known.evmTxHash },
            services,
            new AbortController().signal,
        );
        assert.equal(answer.isError, false, answer.text);
        const c = countRoundTrips(sandbox.requests);
        assert.equal(c.dependentRoundTrips, 1, path(c));
        // The chain list the panel's words use may go along, not before.
        assert.equal(sandbox.requests[0]!.operations[0], 'getTransaction');
    });
});
