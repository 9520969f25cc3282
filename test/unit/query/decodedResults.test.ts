/**
 * Transaction panels with the workspace's contracts (src/core/query/results/decoded.ts, through the
 * node's eth_getTransactionByHash view and the Data API's transaction view): the sandbox's
 * contract transactions read from its node and Data API as the query runner reads them (receipt,
 * chain id, a failed one replayed for its revert data), decoded with the sample workspace's
 * Foundry tree and broadcast. Names from the user's files and reasons from the chain are hostile:
 * they must reach the page as text cells holding the exact string, never as links or markup.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { request } from 'undici';
import { encodeErrorResult, encodeFunctionData, parseEther, type Hex } from 'viem';

import {
    buildView,
    ContractKnowledge,
    directoryWorkspaceFiles,
    nodeEndpointPath,
    NodeRpcClient,
    nodeRpcMethods,
    parseResponse,
    WorkspaceKnowledge,
    type RpcTransaction,
    type ViewContext,
} from '../../../src/core';
import { addressCellFor, callSection } from '../../../src/core/query/results/decoded';
import { dataApiQuery, type NodeQuery } from '../../../src/shared/query';
import type { Cell, Field, ResultView, Section } from '../../../src/shared/viewModel';
import { writeSampleWorkspace } from '../../fixtures/sampleWorkspace';
import { startSandbox } from '../../sandbox';
import { foundryArtifact } from '../../sandbox/contracts';
import type { KnownIds, Sandbox } from '../../sandbox/types';
import { contractsWorkspaceDir, indexOf, knowledgeOf } from '../../helpers/workspaceTree';

const broadcastFile = 'foundry/broadcast/Deploy.s.sol/43114/run-latest.json';
const tokenFile = 'foundry/out/ExplorerToken.sol/ExplorerToken.json';
const vaultFile = 'foundry/out/ExplorerVault.sol/ExplorerVault.json';
const counterFile = 'foundry/out/Counter.sol/Counter.json';
const perBroadcast = `deployed, per ${broadcastFile} (Foundry broadcast)`;

/** Markup of every kind a name could smuggle: HTML, a codicon, a command link. */
const hostile = '[x](command:foo) $(alert) <img src=x onerror=alert(1)>';
/** A hardhat-deploy record named by its file: the Counter, which the broadcast does not record. */
const hostileRecord = `deployments/mainnet/${hostile}.json`;

const errorString = [
    { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
] as const;
const panic = [
    { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
] as const;

function* cellsOf(cell: Cell): Generator<Cell> {
    yield cell;
    if (cell.k === 'list') for (const item of cell.items) yield* cellsOf(item);
}

function allFields(view: ResultView): Field[] {
    return [...view.fields, ...view.sections.flatMap((s) => s.fields ?? [])];
}

/** The section of that title; a log's title holds its index in the block, so a pattern matches it. */
function section(view: ResultView, title: string | RegExp): Section {
    const found = view.sections.find((s) =>
        typeof title === 'string' ? s.title === title : title.test(s.title),
    );
    assert.ok(found, `no section ${title} in ${view.sections.map((s) => s.title).join(', ')}`);
    return found;
}

function cell(fields: readonly Field[] | undefined, label: string): Cell {
    const found = fields?.find((f) => f.label === label);
    assert.ok(found, `no field ${label} in ${fields?.map((f) => f.label).join(', ')}`);
    return found.value;
}

const textCell = (text: string): Cell => ({ k: 'text', text });
const numCell = (raw: string): Cell => ({
    k: 'num',
    text: BigInt(raw).toLocaleString('en-US'),
    raw,
});

describe('(unit) decoded views: transactions with the workspace’s contracts', function () {
    this.timeout(30_000);
    let sb: Sandbox;
    let k: KnownIds;
    let dir: string;
    let workspace: WorkspaceKnowledge;
    let contracts: ContractKnowledge;
    let rpc: NodeRpcClient;

    before(async () => {
        sb = await startSandbox({ seed: 4 });
        k = sb.known.mainnet;
        dir = mkdtempSync(path.join(os.tmpdir(), 'decoded-views-'));
        writeSampleWorkspace(dir, sb.known);
        mkdirSync(path.join(dir, 'deployments/mainnet'), { recursive: true });
        writeFileSync(path.join(dir, 'deployments/mainnet/.chainId'), '43114');
        writeFileSync(
            path.join(dir, hostileRecord),
            JSON.stringify({ address: k.counterContract, abi: foundryArtifact('Counter').abi }),
        );
        workspace = new WorkspaceKnowledge(directoryWorkspaceFiles(dir));
        contracts = await workspace.knowledge();
        rpc = new NodeRpcClient({ url: sb.nodeUrl });
    });
    after(async () => {
        workspace.dispose();
        await rpc.close();
        await sb.close();
        rmSync(dir, { recursive: true, force: true });
    });

    /** The revert data of a failed transaction, from a replay on the state before its block. */
    async function replay(tx: RpcTransaction): Promise<string> {
        const call = {
            from: tx.from,
            to: tx.to,
            data: tx.input,
            value: `0x${BigInt(tx.value).toString(16)}`,
            gas: `0x${BigInt(tx.gas).toString(16)}`,
        };
        const before = `0x${((tx.blockNumber ?? 1) - 1).toString(16)}`;
        const error = await rpc
            .callRaw(nodeEndpointPath('evm', 'C'), 'eth_call', [call, before])
            .then(
                () => assert.fail('the replay reverts'),
                (e: unknown) => e as { data?: unknown },
            );
        assert.equal(typeof error.data, 'string');
        return error.data as string;
    }

    /** What the query runner adds to a node transaction: receipt, chain id, a replay's revert. */
    async function nodeContext(tx: RpcTransaction): Promise<ViewContext> {
        const receipt = await rpc.call(nodeRpcMethods.eth_getTransactionReceipt, [tx.hash], {
            chain: 'C',
        });
        const chainId = await rpc.call(nodeRpcMethods.eth_chainId, [], { chain: 'C' });
        const revertData = receipt?.status === 'failed' ? await replay(tx) : undefined;
        return {
            network: 'mainnet',
            nativeToken: { symbol: 'AVAX', decimals: 18 },
            contracts,
            evmChainId: String(chainId),
            evmTx: { receipt, revertData },
        };
    }

    async function nodeView(
        hash: string,
        change: (context: ViewContext) => ViewContext = (c) => c,
    ): Promise<ResultView> {
        const tx = await rpc.call(nodeRpcMethods.eth_getTransactionByHash, [hash], { chain: 'C' });
        assert.ok(tx, hash);
        const query: NodeQuery = {
            source: 'node',
            method: 'eth_getTransactionByHash',
            texts: { txHash: hash },
            chain: 'C',
        };
        return buildView(query, tx, change(await nodeContext(tx))).view;
    }

    it('a token transfer: the call by its ABI names, the Transfer log, the token by its record', async () => {
        const view = await nodeView(k.tokenTransferTxHash);
        assert.deepEqual(cell(view.fields, 'Status'), { k: 'badge', text: 'success', tone: 'ok' });
        assert.deepEqual(
            cell(view.fields, 'Contract called'),
            textCell(`ExplorerToken · ${perBroadcast}`),
        );
        const call = section(view, 'Call: transfer').fields;
        assert.deepEqual(cell(call, 'Signature'), textCell('transfer(address,uint256)'));
        const to = cell(call, 'to (address)');
        assert.equal(to.k === 'id' && to.raw, k.tokenRecipient.toLowerCase());
        assert.equal(to.k === 'id' && to.link, undefined, 'a node panel has no address panel');
        assert.deepEqual(cell(call, 'value (uint256)'), numCell(parseEther('250').toString()));
        assert.deepEqual(cell(call, 'ABI from'), textCell(`${tokenFile} (Foundry artifact)`));
        const log = section(view, /^Log \d+: Transfer$/).fields;
        const emitter = cell(log, 'Emitted by');
        assert.equal(emitter.k === 'id' && emitter.raw, k.tokenContract.toLowerCase());
        assert.deepEqual(cell(log, 'Contract'), textCell(`ExplorerToken · ${perBroadcast}`));
        const from = cell(log, 'from (address)');
        assert.equal(from.k === 'id' && from.raw, k.contractsDeployer.toLowerCase());
        assert.deepEqual(cell(log, 'value (uint256)'), numCell(parseEther('250').toString()));
        assert.equal(view.notice, undefined);
        // The trace panel of the same transaction, on the chain its id names (#35).
        const trace = cell(view.fields, 'Call trace');
        assert.equal(trace.k, 'id');
        assert.deepEqual(trace.k === 'id' && trace.link, {
            source: 'trace',
            network: 'mainnet',
            chainId: String(await rpc.call(nodeRpcMethods.eth_chainId, [], { chain: 'C' })),
            hash: k.tokenTransferTxHash,
        });
    });

    it('a deposit: the vault’s Deposited event with its named values', async () => {
        const view = await nodeView(k.vaultDepositTxHash);
        assert.deepEqual(
            cell(view.fields, 'Contract called'),
            textCell(`ExplorerVault · ${perBroadcast}`),
        );
        assert.deepEqual(
            cell(section(view, 'Call: deposit').fields, 'amount (uint256)'),
            numCell('500'),
        );
        const log = section(view, /^Log \d+: Deposited$/).fields;
        assert.deepEqual(cell(log, 'amount (uint256)'), numCell('500'));
        assert.deepEqual(cell(log, 'total (uint256)'), numCell('500'));
        assert.deepEqual(cell(log, 'ABI from'), textCell(`${vaultFile} (Foundry artifact)`));
    });

    it('a call to a contract no record names: the contract named by its code', async () => {
        const code = await rpc.call(nodeRpcMethods.eth_getCode, [k.counterContract, 'latest'], {
            chain: 'C',
        });
        // Only the artifacts: the sample workspace here also has a hostile record naming it.
        const artifacts = new ContractKnowledge(
            indexOf(knowledgeOf(contractsWorkspaceDir, counterFile)),
        );
        const view = await nodeView(k.counterAddTxHash, (c) => ({
            ...c,
            contracts: artifacts,
            evmTx: { ...c.evmTx, code },
        }));
        assert.deepEqual(
            cell(view.fields, 'Contract called'),
            textCell(`Counter · code matches ${counterFile} (Foundry artifact)`),
        );
        assert.ok(section(view, /^Call: add$/));
        // Without the code, nothing names it.
        const unnamed = await nodeView(k.counterAddTxHash, (c) => ({ ...c, contracts: artifacts }));
        assert.equal(
            unnamed.fields.find((f) => f.label === 'Contract called'),
            undefined,
        );
    });

    it('a failed withdraw: the require reason learnt by replay, and the call', async () => {
        const view = await nodeView(k.vaultRevertTxHash);
        assert.deepEqual(cell(view.fields, 'Status'), {
            k: 'badge',
            text: 'failed',
            tone: 'error',
        });
        const revert = section(view, 'Revert');
        assert.deepEqual(revert.fields, [
            { label: 'Revert reason', value: textCell('ExplorerVault: insufficient deposit') },
        ]);
        assert.match(revert.note ?? '', /eth_call/);
        const call = section(view, 'Call: withdraw').fields;
        assert.deepEqual(cell(call, 'amount (uint256)'), numCell('10000'));
        assert.deepEqual(cell(call, 'ABI from'), textCell(`${vaultFile} (Foundry artifact)`));
        assert.ok(!view.sections.some((s) => s.title.startsWith('Log')));
    });

    it('a deposit over the maximum: the TooLarge custom error with its arguments', async () => {
        const view = await nodeView(k.vaultCustomErrorTxHash);
        const revert = section(view, 'Revert').fields;
        assert.deepEqual(
            cell(revert, 'Revert reason'),
            textCell('TooLarge (TooLarge(uint256,uint256))'),
        );
        assert.deepEqual(cell(revert, 'amount (uint256)'), numCell('1001'));
        assert.deepEqual(cell(revert, 'max (uint256)'), numCell('1000'));
        assert.deepEqual(cell(revert, 'ABI from'), textCell(`${vaultFile} (Foundry artifact)`));
    });

    it('a panic says what its code means', async () => {
        const data = encodeErrorResult({ abi: panic, errorName: 'Panic', args: [0x11n] });
        const view = await nodeView(k.vaultRevertTxHash, (c) => ({
            ...c,
            evmTx: { ...c.evmTx, revertData: data },
        }));
        const revert = section(view, 'Revert').fields;
        assert.deepEqual(cell(revert, 'code (uint256)'), numCell('17'));
        assert.deepEqual(
            cell(revert, 'Meaning'),
            textCell('panic 0x11: arithmetic overflow or underflow'),
        );
    });

    it('hostile names and reasons stay exact text in text cells, never links or markup', async () => {
        const view = await nodeView(k.counterAddTxHash);
        const name = `${hostile} · deployed, per ${hostileRecord} (hardhat-deploy record)`;
        assert.deepEqual(cell(view.fields, 'Contract called'), textCell(name));
        const call = section(view, 'Call: add').fields;
        assert.deepEqual(cell(call, 'amount (uint256)'), numCell('5'));
        // The record's own ABI decodes calls to it, so the record is named as the ABI's origin.
        assert.deepEqual(
            cell(call, 'ABI from'),
            textCell(`${hostileRecord} (hardhat-deploy record)`),
        );
        const log = section(view, /^Log \d+: Incremented$/).fields;
        assert.deepEqual(cell(log, 'Contract'), textCell(name));

        const reason = `${hostile} \u202eevil\u0007`;
        const reverted = await nodeView(k.vaultRevertTxHash, (c) => ({
            ...c,
            evmTx: {
                ...c.evmTx,
                revertData: encodeErrorResult({
                    abi: errorString,
                    errorName: 'Error',
                    args: [reason],
                }),
            },
        }));
        // Kept as data; the control character is taken out and the bidi override shown.
        assert.deepEqual(
            cell(section(reverted, 'Revert').fields, 'Revert reason'),
            // The BEL at the end becomes a space: control characters never stay, nor glue words.
            textCell(`${hostile} ⟨U+202E⟩evil `),
        );

        for (const v of [view, reverted]) {
            for (const field of allFields(v)) {
                for (const c of cellsOf(field.value)) {
                    const shown = JSON.stringify(c);
                    if (!/command:|<img|\$\(alert\)/.test(shown)) continue;
                    assert.equal(c.k, 'text', shown);
                }
                assert.doesNotMatch(field.label, /command:|<img|\$\(/, 'labels are ABI names only');
            }
            for (const s of v.sections) assert.doesNotMatch(s.title, /command:|<img|\$\(/);
        }
    });

    it('with the built-in signatures only: the panel says so; the token’s call and log still read', async () => {
        const builtIn = new ContractKnowledge(undefined);
        const transfer = await nodeView(k.tokenTransferTxHash, (c) => ({
            ...c,
            contracts: builtIn,
        }));
        assert.equal(transfer.notice?.tone, 'info');
        assert.match(transfer.notice?.text ?? '', /built-in signatures only/);
        assert.ok(!transfer.fields.some((f) => f.label === 'Contract called'));
        assert.deepEqual(
            cell(section(transfer, 'Call: transfer').fields, 'ABI from'),
            textCell('built-in signatures'),
        );
        assert.deepEqual(
            cell(section(transfer, /^Log \d+: Transfer$/).fields, 'ABI from'),
            textCell('built-in signatures'),
        );
        const custom = await nodeView(k.vaultCustomErrorTxHash, (c) => ({
            ...c,
            contracts: builtIn,
        }));
        const selector = encodeErrorResult({
            abi: foundryArtifact('ExplorerVault').abi,
            errorName: 'TooLarge',
            args: [1001n, 1000n],
        }).slice(0, 10);
        assert.deepEqual(section(custom, 'Revert').fields, [
            {
                label: 'Revert reason',
                value: textCell(`custom error ${selector} (no ABI names it)`),
            },
        ]);
        const call = section(custom, 'Call');
        assert.equal(call.note, 'No ABI in the workspace or the built-in table has this selector.');
    });

    it('when the workspace could not be read, the revert data and the logs are shown undecoded', async () => {
        const view = await nodeView(k.tokenTransferTxHash, (c) => ({ ...c, contracts: undefined }));
        assert.equal(section(view, 'Logs (1)').fields, undefined);
        assert.ok(!view.sections.some((s) => s.title.startsWith('Call')));
        const failed = await nodeView(k.vaultRevertTxHash, (c) => ({ ...c, contracts: undefined }));
        const data = cell(section(failed, 'Revert').fields, 'Revert data');
        assert.equal(data.k, 'id');
    });

    it('the Data API’s transaction: the called contract by name and the call decoded, with address links', async () => {
        const get = async (hash: string) => {
            const res = await request(`${sb.dataApiUrl}/v1/chains/43114/transactions/${hash}`);
            assert.equal(res.statusCode, 200);
            const result = parseResponse('getTransaction', await res.body.json());
            return buildView(
                dataApiQuery('getTransaction', { chainId: '43114', txHash: hash }),
                result,
                {
                    network: 'mainnet',
                    contracts,
                },
            ).view;
        };
        const view = await get(k.tokenTransferTxHash);
        assert.deepEqual(
            cell(view.fields, 'Contract called'),
            textCell(`ExplorerToken · ${perBroadcast}`),
        );
        assert.equal(view.sections[0]?.title, 'Call: transfer', 'the call comes first');
        const to = cell(view.sections[0]?.fields, 'to (address)');
        assert.deepEqual(to.k === 'id' && to.link, {
            source: 'dataApi',
            operation: 'listTransactions',
            params: { chainId: '43114', address: k.tokenRecipient.toLowerCase() },
        });
        const counter = await get(k.counterAddTxHash);
        assert.deepEqual(
            cell(counter.fields, 'Contract called'),
            textCell(`${hostile} · deployed, per ${hostileRecord} (hardhat-deploy record)`),
        );
    });

    it('a selector two workspace entries share is shown with both readings, none chosen', () => {
        // The hostile fixture's colliding entry with a parameter name the parser keeps.
        const colliding = knowledgeOf(
            dir,
            'foundry/out/Colliding.sol/Colliding.json',
            JSON.stringify({
                abi: [
                    {
                        type: 'function',
                        name: 'gasprice_bit_ether',
                        inputs: [{ name: 'a', type: 'int128' }],
                    },
                ],
            }),
        );
        const both = new ContractKnowledge(indexOf(knowledgeOf(dir, tokenFile), colliding));
        const input = encodeFunctionData({
            abi: foundryArtifact('ExplorerToken').abi,
            functionName: 'transferFrom',
            args: ['0x000000000000000000000000000000000000dEaD', k.tokenRecipient as Hex, 5n],
        });
        const shown = callSection(
            both.decodeCall('43114', k.counterContract, input),
            addressCellFor('43114'),
        );
        assert.equal(shown?.title, 'Call: ambiguous');
        assert.match(shown?.note ?? '', /^2 different signatures share this selector/);
        assert.match(
            shown?.note ?? '',
            /transferFrom\(address,address,uint256\) from foundry\/out\/ExplorerToken/,
        );
        assert.match(
            shown?.note ?? '',
            /gasprice_bit_ether\(int128\) from foundry\/out\/Colliding/,
        );
        const readings = (shown?.fields ?? []).filter((f) => f.label === 'Reading');
        assert.deepEqual(
            readings
                .map((f) => f.value)
                .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
            [
                textCell('gasprice_bit_ether(int128)'),
                textCell('transferFrom(address,address,uint256)'),
            ],
        );
        assert.deepEqual(cell(shown?.fields, 'a (int128)'), numCell('57005'));
    });
});
