/**
 * A failed transaction's hover says why (#35): the hover resolver reads the call tree from the
 * chain's node (a loopback node answering what the real node answered,
 * test/fixtures/trace/answers.json), names the call that failed first and its error (a custom
 * error decoded with the workspace's ABIs when the hover is drawn), and offers "Trace", a link
 * whose only argument is the trace panel's checked query; a node that cannot trace says so in
 * a few words.
 */
import * as assert from 'node:assert/strict';
import path from 'node:path';

import {
    directoryWorkspaceFiles,
    HoverResolver,
    liveHoverMarkdown,
    parseIdentifier,
    parseQueryRequest,
    WorkspaceKnowledge,
    type ContractKnowledge,
    type HoverClients,
    type LiveResult,
} from '../../../src/core';
import { fixturesDir } from '../../helpers/fixtures';
import { sharedLookups } from '../../helpers/sharedLookups';
import { recordedNode, type Faults } from '../../helpers/traceNode';
import { recordedTraces } from '../../helpers/traces';

const recorded = recordedTraces();
const nowMs = Date.UTC(2026, 10, 28);
const traceCommand = 'avalanche.query.openPanel';

async function hoverOf(
    tx: string,
    faults: Faults = {},
): Promise<{ result: LiveResult; asked: readonly string[] }> {
    const node = await recordedNode(faults);
    const shared = sharedLookups(
        () => Promise.reject(new Error('no Data API on local')),
        { retry: { maxRetries: 0 } },
        node.url,
    );
    try {
        const clients: HoverClients = {
            dataApi: () => Promise.reject(new Error('no Data API on local')),
            nodeRpc: () => assert.fail('the node client is not asked'),
            chains: (network, signal) => shared.chains(network, signal),
            nodeChains: (network, signal) => shared.nodeChains(network, signal),
            rpcFor: (rpcUrl) => shared.rpcFor(rpcUrl),
        };
        const hash = recorded.chains.C.activity.txs[tx]!.hash;
        const id = parseIdentifier(hash);
        assert.ok(id);
        const result = await new HoverResolver(clients).resolve(id, {
            network: 'local',
            hasApiKey: false,
        });
        return { result, asked: node.asked };
    } finally {
        await shared.close();
        await node.close();
    }
}

let knowledge: ContractKnowledge;

function render(result: LiveResult, contracts?: ContractKnowledge) {
    return liveHoverMarkdown(result, {
        nowMs,
        contracts,
        trace: { command: traceCommand, network: 'local' },
    });
}

/** The arguments of the hover's "Trace" link, parsed back from its command URL. */
function traceArgs(markdown: string): unknown {
    const match = /\[Trace\]\(command:avalanche\.query\.openPanel\?([^ )]+)/.exec(markdown);
    assert.ok(match, markdown);
    return JSON.parse(decodeURIComponent(match[1]!)) as unknown;
}

describe('(unit) trace: a failed transaction’s hover says why', function () {
    this.timeout(30_000);

    before(async () => {
        knowledge = await new WorkspaceKnowledge(
            directoryWorkspaceFiles(path.join(fixturesDir, 'trace-workspace')),
        ).knowledge();
    });

    it('names the custom error three calls down and the contract it came from, and offers Trace', async () => {
        const { result, asked } = await hoverOf('enter');
        assert.equal(result.kind, 'evmTx');
        assert.equal(result.kind === 'evmTx' && result.success, false);
        assert.ok(asked.includes('debug_traceTransaction'));
        const withWorkspace = render(result, knowledge);
        assert.match(
            withWorkspace.markdown,
            /✗ reverted: TooDeep\\\(depth\\: 9, caller\\: 0x[0-9a-fA-F]{40}\\\) in Leaf \(2 callers passed it up\)/,
        );
        // No deployment record names the contract: its code, read at the transaction's block,
        // matches the workspace's artifact of Leaf, as an address hover names a contract.
        assert.ok(asked.includes('eth_getCode'));
        assert.equal(result.kind === 'evmTx' && result.failure?.status, 'found');
        const failing = result.kind === 'evmTx' ? result.failure : undefined;
        assert.ok(failing?.status === 'found' && failing.to !== undefined);
        assert.equal(knowledge.nameOf('43112', failing.to), undefined);
        // The link carries only the checked trace query, and the hover trusts only its command.
        const [args] = traceArgs(withWorkspace.markdown) as unknown[];
        assert.deepEqual(parseQueryRequest(args), {
            source: 'trace',
            network: 'local',
            chainId: '43112',
            hash: recorded.chains.C.activity.txs['enter']!.hash,
        });
        assert.ok(withWorkspace.commands.includes(traceCommand));
        // Without the workspace the error is known by its selector only, never guessed.
        assert.match(
            render(result).markdown,
            /✗ reverted: .+ in `0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6}` \(2 callers/,
        );
    });

    it('a require with a message and a panic say their words without any workspace', async () => {
        const guarded = render((await hoverOf('guarded')).result).markdown;
        assert.match(guarded, /✗ reverted: \\"over the guard\\" in /);
        const ratio = render((await hoverOf('ratio')).result).markdown;
        assert.match(ratio, /✗ reverted: Panic\\: panic 0x12\\: division or modulo by zero in /);
    });

    it('a node that does not trace: the hover says why it cannot tell, in a few words', async () => {
        const { result } = await hoverOf('enter', {
            callTracer: {
                error: {
                    code: -32601,
                    message: 'the method debug_traceTransaction does not exist/is not available',
                },
            },
        });
        const md = render(result, knowledge).markdown;
        assert.match(md, /Why: not known, this node does not trace transactions/);
        assert.doesNotMatch(md, /-32601/);
        assert.ok(traceArgs(md), 'Trace is still offered: the panel says what to change');
    });

    it('a transaction that succeeded asks no trace and says no why', async () => {
        const { result, asked } = await hoverOf('digest');
        assert.equal(result.kind === 'evmTx' && result.success, true);
        assert.equal(asked.includes('debug_traceTransaction'), false);
        const md = render(result, knowledge).markdown;
        assert.doesNotMatch(md, /reverted|Why:/);
        assert.ok(traceArgs(md));
    });
});
