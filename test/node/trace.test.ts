/**
 * "Why did it revert" against the real node (core/trace): the contracts of
 * test/realnode/contract/TraceLab.sol deployed from the Foundry tree of
 * test/fixtures/trace-workspace on the C-Chain and from the Hardhat tree on the L1, one
 * transaction per way of failing, each explained with the whole fixture folder as the workspace
 * (so the code on each chain must pick its own compilation of the same file). Every frame of the
 * tree is checked, decoded, and each failed frame's Solidity line is the line its `@revert`
 * marker is on. The harness turns the tracer on for the C-Chain and the L1 (their chain configs,
 * network.ts); a chain created afterwards has none, and its refusal is the sentence that says
 * where the chain config goes.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    createPublicClient,
    createWalletClient,
    defineChain,
    getAddress,
    http,
    parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import {
    ContractKnowledge,
    directoryTraceFiles,
    directoryWorkspaceFiles,
    explainTransaction,
    formatValue,
    isTraceUnavailableError,
    NodeRpcClient,
    splitRpcUrl,
    TraceSources,
    tracingConfigSnippet,
    WorkspaceKnowledge,
    type DecodeResult,
    type TraceChain,
    type TraceReport,
} from '../../src/core';
import { ewoqPrivateKey, repoRoot } from '../realnode/activity';
import { provideTools, runL1Setup } from '../realnode/network';
import {
    makeTraceActivity,
    traceSourceFile,
    traceWorkspaceFixture,
    type TraceActivity,
    type TraceCase,
    type TraceTree,
} from '../realnode/traceActivity';

import { realNetwork } from './setup';

const workspace = path.join(repoRoot(), traceWorkspaceFixture);

/** The 1-based line of `// @revert <name>` in a tree's copy of a file. */
function markerLine(tree: TraceTree, file: 'TraceLab.sol' | 'TraceBase.sol', name: string): number {
    const lines = readFileSync(path.join(workspace, traceSourceFile(tree, file)), 'utf8').split(
        '\n',
    );
    const index = lines.findIndex((line) => line.endsWith(`// @revert ${name}`));
    assert.ok(index >= 0, `no @revert ${name} marker in ${file}`);
    return index + 1;
}

/** `name(arg, …)` of a decoded call or error, values as the views show them. */
function callText(result: DecodeResult | undefined): string {
    assert.equal(result?.status, 'decoded', JSON.stringify(result));
    if (result?.status !== 'decoded') return '';
    const args = result.decoded.args.map((a) => formatValue(a.value));
    return `${result.decoded.name}(${args.join(', ')})`;
}

interface Chain {
    readonly label: string;
    readonly tree: TraceTree;
    readonly rpcUrl: string;
    readonly trace: TraceChain;
    activity: TraceActivity;
}

describe('(node) why a transaction reverted: the call tree, each frame decoded, the Solidity line', function () {
    this.timeout(240_000);
    let knowledge: ContractKnowledge;
    let sources: TraceSources;
    const chains: Chain[] = [];
    const clients: NodeRpcClient[] = [];

    before(async function () {
        this.timeout(240_000);
        const info = realNetwork().info;
        const cases: TraceCase[] = [
            'enter',
            'tryEnter',
            'withdraw',
            'guarded',
            'ratio',
            'pick',
            'spawn',
            'digest',
            'spin',
        ];
        const [onC, onL1] = await Promise.all([
            makeTraceActivity(info.cChain.rpcUrl, 'foundry', cases),
            makeTraceActivity(info.l1.rpcUrl, 'hardhat', [...cases, 'role']),
        ]);
        chains.push(
            {
                label: 'C-Chain',
                tree: 'foundry',
                rpcUrl: info.cChain.rpcUrl,
                trace: { kind: 'c-chain', name: 'C-Chain', blockchainId: info.cChain.blockchainId },
                activity: onC,
            },
            {
                label: 'L1',
                tree: 'hardhat',
                rpcUrl: info.l1.rpcUrl,
                trace: {
                    kind: 'subnet-evm',
                    name: 'explorertest',
                    blockchainId: info.l1.blockchainId,
                },
                activity: onL1,
            },
        );
        knowledge = await new WorkspaceKnowledge(directoryWorkspaceFiles(workspace)).knowledge();
        sources = new TraceSources(directoryTraceFiles(workspace));
    });

    after(async () => {
        await Promise.all(clients.map((client) => client.close()));
    });

    async function explain(chain: Chain, name: TraceCase): Promise<TraceReport> {
        const { base, path: rpcPath } = splitRpcUrl(chain.rpcUrl)!;
        const client = new NodeRpcClient({ url: base });
        clients.push(client);
        const tx = chain.activity.txs[name];
        const report = await explainTransaction({
            target: { client, path: rpcPath },
            hash: tx.hash,
            chain: chain.trace,
            knowledge,
            sources,
        });
        assert.equal(report.status, tx.status === 'success' ? 'succeeded' : 'reverted', name);
        return report;
    }

    /** The frame's line, checked to be the marker's in the chain's tree. */
    function assertLine(
        chain: Chain,
        report: TraceReport,
        index: number,
        marker: string,
        via: 'instruction' | 'call-site',
        file: 'TraceLab.sol' | 'TraceBase.sol' = 'TraceLab.sol',
    ): void {
        const source = report.sources.get(index);
        assert.equal(source?.status, 'found', `frame ${index}: ${JSON.stringify(source)}`);
        if (source?.status !== 'found') return;
        const { location } = source;
        assert.equal(location.file, traceSourceFile(chain.tree, file), marker);
        assert.equal(location.line, markerLine(chain.tree, file, marker), marker);
        assert.ok(location.lineText.endsWith(`// @revert ${marker}`), location.lineText);
        assert.equal(location.via, via, marker);
        assert.equal(location.match, 'exact', marker);
        assert.equal(location.caution, undefined, marker);
        assert.equal(
            location.artifactFile,
            chain.tree === 'foundry'
                ? `foundry/out/TraceLab.sol/${location.contractName}.json`
                : `hardhat/artifacts/contracts/TraceLab.sol/${location.contractName}.json`,
        );
    }

    for (const label of ['C-Chain', 'L1']) {
        const chainOf = (): Chain => chains.find((c) => c.label === label)!;

        it(`(node) ${label}: a custom error three calls down, through a library's DELEGATECALL`, async () => {
            const chain = chainOf();
            const { entry, relay, leaf, sender } = chain.activity;
            const report = await explain(chain, 'enter');
            const frames = report.frames;
            assert.deepEqual(
                frames.map((f) => [f.frame.type, f.frame.depth, f.frame.parent, f.frame.to]),
                [
                    ['CALL', 0, -1, entry.toLowerCase()],
                    ['DELEGATECALL', 1, 0, relay.toLowerCase()],
                    ['CALL', 2, 1, leaf.toLowerCase()],
                ],
            );
            assert.equal(frames[0]!.frame.from, sender.toLowerCase());
            // Relay runs in Entry's context: Entry calls Leaf.
            assert.equal(frames[2]!.frame.from, entry.toLowerCase());
            assert.deepEqual(
                frames.map((f) => f.contract?.name),
                ['Entry', 'Relay', 'Leaf'],
            );
            assert.equal(callText(frames[0]!.call), `enter(${leaf}, 9)`);
            // The library's function takes a contract: solc leaves it out of the ABI and calls it by
            // `forward(Leaf,uint256)`; the artifact's method list names it, the contract as a word.
            const forward = frames[1]!.call;
            assert.equal(
                forward?.status === 'decoded' && forward.decoded.signature,
                'forward(Leaf,uint256)',
            );
            assert.equal(callText(frames[2]!.call), 'check(9)');
            const error = `TooDeep(depth: 9, caller: ${entry})`;
            assert.deepEqual(
                frames.map((f) => f.failure?.text),
                [error, error, error],
            );
            assert.deepEqual(
                frames.map((f) => f.role),
                ['propagated', 'propagated', 'root-cause'],
            );
            assert.deepEqual(report.failures, [
                { rootCause: 2, path: [2, 1, 0], caughtBy: undefined },
            ]);
            // Logs of failed calls are undone, and the callTracer leaves them out.
            assert.deepEqual(
                frames.map((f) => f.events.length),
                [0, 0, 0],
            );
            assertLine(chain, report, 2, 'leaf', 'instruction');
            assertLine(chain, report, 1, 'relay', 'instruction');
            assertLine(chain, report, 0, 'entry', 'instruction');
            assert.equal(report.stepTrace.status, 'done');
            assert.deepEqual(report.notes, []);
        });

        it(`(node) ${label}: a failure caught by try/catch: the transaction succeeds, the path ends where it was caught`, async () => {
            const chain = chainOf();
            const { entry, leaf } = chain.activity;
            const report = await explain(chain, 'tryEnter');
            const frames = report.frames;
            assert.deepEqual(
                frames.map((f) => f.frame.type),
                ['CALL', 'CALL', 'DELEGATECALL', 'CALL'],
            );
            assert.equal(callText(frames[0]!.call), `tryEnter(${leaf}, 9)`);
            assert.equal(callText(frames[0]!.returned), 'tryEnter(false)');
            assert.equal(callText(frames[1]!.call), `enter(${leaf}, 9)`);
            assert.equal(frames[0]!.failure, undefined);
            assert.deepEqual(report.failures, [{ rootCause: 3, path: [3, 2, 1], caughtBy: 0 }]);
            // The catch block's event, with the revert data it caught.
            assert.equal(frames[0]!.events.length, 1);
            const caught = frames[0]!.events[0]!;
            assert.equal(caught.log.address, entry.toLowerCase());
            assert.match(caught.text, /^Caught\(reason: 0x23e13a2d/);
            assertLine(chain, report, 3, 'leaf', 'instruction');
            assertLine(chain, report, 1, 'entry', 'instruction');
        });

        it(`(node) ${label}: require with a message, here and in a modifier of another file`, async () => {
            const chain = chainOf();
            const withdraw = await explain(chain, 'withdraw');
            assert.equal(withdraw.frames.length, 1);
            assert.equal(callText(withdraw.frames[0]!.call), 'withdraw(1000)');
            assert.equal(withdraw.frames[0]!.failure?.text, '"amount over the limit"');
            assert.equal(
                callText(withdraw.frames[0]!.failure?.revert),
                'Error("amount over the limit")',
            );
            assert.deepEqual(withdraw.failures, [{ rootCause: 0, path: [0], caughtBy: undefined }]);
            assertLine(chain, withdraw, 0, 'require', 'instruction');

            const guarded = await explain(chain, 'guarded');
            assert.equal(guarded.frames[0]!.failure?.text, '"over the guard"');
            // With the optimizer (the Foundry tree) both requires share one revert block, placed
            // at withdraw's: the line is the statement that jumped there.
            assertLine(
                chain,
                guarded,
                0,
                'guard',
                chain.tree === 'foundry' ? 'call-site' : 'instruction',
                'TraceBase.sol',
            );
        });

        it(`(node) ${label}: panics, on the line of the expression that called the panic's helper`, async () => {
            const chain = chainOf();
            const ratio = await explain(chain, 'ratio');
            assert.equal(callText(ratio.frames[0]!.call), 'ratio(1, 0)');
            assert.equal(
                ratio.frames[0]!.failure?.text,
                'Panic: panic 0x12: division or modulo by zero',
            );
            assertLine(chain, ratio, 0, 'divide', 'call-site');
            const pick = await explain(chain, 'pick');
            assert.equal(
                pick.frames[0]!.failure?.text,
                'Panic: panic 0x32: array index out of bounds',
            );
            assertLine(chain, pick, 0, 'index', 'call-site');
        });

        it(`(node) ${label}: a creation whose constructor reverts`, async () => {
            const chain = chainOf();
            const report = await explain(chain, 'spawn');
            const [call, create] = report.frames;
            assert.equal(callText(call!.call), 'spawn(0)');
            assert.equal(create!.frame.type, 'CREATE');
            assert.equal(create!.frame.to, undefined);
            assert.equal(create!.contract?.name, 'Leaf');
            assert.equal(create!.contract?.how, 'creation');
            assert.equal(create!.title, 'CREATE Leaf');
            assert.equal(create!.failure?.text, '"limit must be positive"');
            assert.deepEqual(report.failures, [
                { rootCause: 1, path: [1, 0], caughtBy: undefined },
            ]);
            assertLine(chain, report, 1, 'constructor', 'instruction');
            assertLine(chain, report, 0, 'spawn', 'instruction');
        });

        it(`(node) ${label}: calls into precompiles, named, with what they returned`, async () => {
            const chain = chainOf();
            const report = await explain(chain, 'digest');
            assert.deepEqual(
                report.frames.map((f) => [
                    f.frame.type,
                    f.frame.to,
                    f.contract?.name,
                    f.contract?.how,
                ]),
                [
                    ['CALL', chain.activity.entry.toLowerCase(), 'Entry', 'bytecode'],
                    ['STATICCALL', `0x${'2'.padStart(40, '0')}`, 'sha256', 'precompile'],
                    ['STATICCALL', `0x${'1'.padStart(40, '0')}`, 'ecrecover', 'precompile'],
                ],
            );
            // sha256(0x1234), as the precompile answered and Entry returned it.
            const hash = '0x3a103a4e5729ad68c02a678ae39accfbc0ae208096437401b7ceab63cca0622f';
            assert.equal(report.frames[1]!.frame.output, hash);
            assert.equal(report.frames[1]!.call, undefined);
            const returned = report.frames[0]!.returned;
            assert.equal(
                returned?.status === 'decoded' && formatValue(returned.decoded.args[0]!.value),
                hash,
            );
            assert.deepEqual(report.failures, []);
            assert.deepEqual(report.stepTrace, { status: 'skipped', reason: 'no call failed' });
            if (chain.label !== 'L1') return;
            const role = await explain(chain, 'role');
            const read = role.frames[1]!;
            assert.equal(read.contract?.name, 'Fee Manager');
            assert.equal(read.contract?.detail, 'Subnet-EVM precompile');
            assert.equal(callText(read.call), `readAllowList(${chain.activity.sender})`);
            assert.equal(callText(read.returned), 'readAllowList(0)');
        });

        it(`(node) ${label}: a long loop before the require: the step trace keeps only where it stopped`, async () => {
            const chain = chainOf();
            const report = await explain(chain, 'spin');
            assert.equal(report.stepTrace.status, 'done');
            assert.ok(report.stepTrace.status === 'done' && report.stepTrace.steps > 30_000);
            assert.equal(report.frames[0]!.failure?.text, '"spun out"');
            assertLine(
                chain,
                report,
                0,
                'spin',
                chain.tree === 'foundry' ? 'call-site' : 'instruction',
            );
        });
    }

    it('(node) a chain created after the node started serves no tracer: the sentence says where the chain config goes', async () => {
        const info = realNetwork().info;
        const created = await runL1Setup(provideTools(), info.uri, false, 'notracer');
        await realNetwork().node.waitBootstrapped([created.blockchainID], 60_000);
        const rpcUrl = `${info.uri}/ext/bc/${created.blockchainID}/rpc`;
        const transport = http(rpcUrl, { timeout: 30_000, retryCount: 0 });
        const probe = createPublicClient({ transport });
        const chain = defineChain({
            id: await probe.getChainId(),
            name: 'notracer',
            nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
            rpcUrls: { default: { http: [rpcUrl] } },
        });
        const wallet = createWalletClient({
            account: privateKeyToAccount(ewoqPrivateKey),
            chain,
            transport,
        });
        const hash = await wallet.sendTransaction({
            to: getAddress('0x1000000000000000000000000000000000000003'),
            value: parseEther('1'),
        });
        await createPublicClient({ chain, transport }).waitForTransactionReceipt({
            hash,
            pollingInterval: 100,
        });
        const sidecar = '/home/dev/.avalanche-cli/subnets/notracer/sidecar.json';
        const { base, path: rpcPath } = splitRpcUrl(rpcUrl)!;
        const client = new NodeRpcClient({ url: base });
        clients.push(client);
        const error = await explainTransaction({
            target: { client, path: rpcPath },
            hash,
            chain: {
                kind: 'subnet-evm',
                name: 'notracer',
                blockchainId: created.blockchainID,
                local: { source: 'avalanche-cli', l1File: sidecar, l1Name: 'notracer' },
            },
            knowledge,
            sources,
        }).then(
            () => assert.fail('the chain traced without the tracer'),
            (e: unknown) => e,
        );
        assert.ok(isTraceUnavailableError(error), String(error));
        assert.equal(error.reason, 'tracer-off');
        assert.equal(
            error.nodeText,
            'the method debug_traceTransaction does not exist/is not available',
        );
        assert.equal(error.configSnippet, tracingConfigSnippet());
        assert.deepEqual(error.configPlaces, [
            "avalanche-cli's chain config of notracer: /home/dev/.avalanche-cli/subnets/notracer/chain.json (beside /home/dev/.avalanche-cli/subnets/notracer/sidecar.json), or `avalanche blockchain configure notracer`",
            `AvalancheGo's chain config directory: <--chain-config-dir>/${created.blockchainID}/config.json (by default ~/.avalanchego/configs/chains/${created.blockchainID}/config.json), or the same JSON under "${created.blockchainID}" in --chain-config-content`,
        ]);
        assert.equal(
            error.message,
            `Chain notracer does not serve debug_traceTransaction on this node (the node says: the method debug_traceTransaction does not exist/is not available): Subnet-EVM traces only with "debug-tracer" in the chain config's "eth-apis", which replaces the default list, so keep the defaults (and any other names the file lists): ${tracingConfigSnippet()} in ${error.configPlaces.join('; or ')}; then restart the node.`,
        );
        assert.doesNotMatch(error.message, /-32601/);
    });
});
