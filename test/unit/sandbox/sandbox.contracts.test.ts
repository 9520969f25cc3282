/**
 * The sandbox's C-Chain holds the real-node tier's contracts (test/sandbox/contracts.ts) as a real
 * chain would: code equal to the committed Foundry artifacts' runtime bytecode (the vault's with
 * its immutables filled in, equal once they are masked), inputs and logs that viem decodes with
 * the artifacts' ABIs, failed transactions whose replay through `eth_call` reverts with the exact
 * data and JSON-RPC error coreth gives, and a Data API that agrees with the node on all of it.
 * viem is the oracle; the artifacts are read here, not through the sandbox's own loader.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { request } from 'undici';
import {
    decodeDeployData,
    decodeErrorResult,
    decodeEventLog,
    decodeFunctionData,
    decodeFunctionResult,
    encodeAbiParameters,
    encodeErrorResult,
    encodeFunctionData,
    getAddress,
    parseEther,
    toEventSelector,
    type Abi,
    type Hex,
} from 'viem';

import { readRevertSites, revertSitesTracer } from '../../../src/core/trace/revertSites';
import { startSandbox } from '../../sandbox';
import type { KnownIds, Sandbox } from '../../sandbox/types';
import { repoRoot } from '../../helpers/paths';

type Json = Record<string, unknown>;

interface Artifact {
    abi: Abi;
    bytecode: { object: Hex };
    deployedBytecode: {
        object: Hex;
        immutableReferences?: Record<string, { start: number; length: number }[]>;
    };
}

const outDir = path.join(repoRoot, 'test/fixtures/contracts-workspace/foundry/out');
const artifact = (name: string): Artifact =>
    JSON.parse(readFileSync(path.join(outDir, `${name}.sol`, `${name}.json`), 'utf8')) as Artifact;
const token = artifact('ExplorerToken');
const vault = artifact('ExplorerVault');
const counter = artifact('Counter');

/** The code with every immutable's range set to `fill(id)` (hex, 64 digits). */
function withImmutables(a: Artifact, code: Hex, fill: (id: string) => string): Hex {
    let hex = code.slice(2);
    for (const [id, ranges] of Object.entries(a.deployedBytecode.immutableReferences ?? {})) {
        for (const { start, length } of ranges) {
            assert.equal(length, 32);
            hex = `${hex.slice(0, start * 2)}${fill(id)}${hex.slice(start * 2 + 64)}`;
        }
    }
    return `0x${hex}`;
}

describe('(unit) sandbox: contracts with the workspace ABIs', function () {
    this.timeout(20_000);
    let sb: Sandbox;
    let k: KnownIds;

    const rpc = async (method: string, params: unknown[]): Promise<Json> => {
        const res = await request(`${sb.nodeUrl}/ext/bc/C/rpc`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
        });
        return (await res.body.json()) as Json;
    };
    const result = async <T = Json>(method: string, params: unknown[]): Promise<T> => {
        const body = await rpc(method, params);
        assert.ok('result' in body, `${method}: ${JSON.stringify(body)}`);
        return body['result'] as T;
    };
    const api = async (p: string): Promise<Json> => {
        const res = await request(`${sb.dataApiUrl}${p}`);
        const body = (await res.body.json()) as Json;
        assert.equal(res.statusCode, 200, `${p}: ${JSON.stringify(body)}`);
        return body;
    };
    const hexBlock = (n: number | string): string => `0x${Number(n).toString(16)}`;
    const lower = (a: string): string => a.toLowerCase();

    before(async () => {
        sb = await startSandbox({ seed: 5 });
        k = sb.known.mainnet;
    });
    after(() => sb.close());

    it('serves the real node’s step trace of the vault’s two failed calls, and refuses the tracer elsewhere', async () => {
        const recorded = JSON.parse(
            readFileSync(path.join(repoRoot, 'test/fixtures/trace/vault.json'), 'utf8'),
        ) as Record<string, { revertSites: unknown }>;
        const trace = (hash: string) =>
            rpc('debug_traceTransaction', [hash, { tracer: revertSitesTracer, timeout: '25s' }]);
        const require = await trace(k.vaultRevertTxHash);
        assert.deepEqual(require['result'], recorded['require']!.revertSites);
        const custom = await trace(k.vaultCustomErrorTxHash);
        assert.deepEqual(custom['result'], recorded['customError']!.revertSites);
        // Read as the extension reads it: one failed frame, the top call, stopped at a REVERT.
        const sites = readRevertSites(custom['result'], sb.nodeUrl);
        assert.equal(sites.steps, 103);
        assert.equal(sites.byFrame.size, 1);
        assert.equal(sites.byFrame.get(0)?.op, 0xfd);
        for (const hash of [k.vaultDepositTxHash, k.evmTxHash]) {
            const refused = await trace(hash);
            assert.match(JSON.stringify(refused['error']), /tracer not found/);
        }
        // Another JavaScript tracer is refused, even for the vault's calls.
        const other = await rpc('debug_traceTransaction', [
            k.vaultRevertTxHash,
            { tracer: '{result:function(){return 1},fault:function(){}}' },
        ]);
        assert.match(JSON.stringify(other['error']), /tracer not found/);
    });

    it('serves the artifacts’ runtime code; the vault’s holds its immutables, equal once masked', async () => {
        assert.equal(
            await result('eth_getCode', [k.tokenContract, 'latest']),
            token.deployedBytecode.object,
        );
        assert.equal(
            await result('eth_getCode', [k.counterContract, 'latest']),
            counter.deployedBytecode.object,
        );
        const code = await result<Hex>('eth_getCode', [k.vaultContract, 'latest']);
        assert.notEqual(code, vault.deployedBytecode.object);
        // owner and maxDeposit: declared in that order, so numbered in that order by solc.
        const [ownerId, maxId] = Object.keys(vault.deployedBytecode.immutableReferences!).sort(
            (a, b) => Number(a) - Number(b),
        );
        const words: Record<string, string> = {
            [ownerId!]: encodeAbiParameters([{ type: 'address' }], [k.contractsDeployer as Hex]),
            [maxId!]: encodeAbiParameters([{ type: 'uint256' }], [1000n]),
        };
        assert.equal(
            code,
            withImmutables(vault, vault.deployedBytecode.object, (id) => words[id]!.slice(2)),
        );
        const zero = (): string => '0'.repeat(64);
        assert.equal(
            withImmutables(vault, code, zero),
            withImmutables(vault, vault.deployedBytecode.object, zero),
        );
        const created = await result<Json>('eth_getTransactionReceipt', [k.vaultDeployTxHash]);
        assert.equal(created['contractAddress'], lower(k.vaultContract));
        const before = hexBlock(Number(created['blockNumber']) - 1);
        assert.equal(await result('eth_getCode', [k.vaultContract, before]), '0x');
    });

    it('creations and calls carry input that decodes with the artifacts', async () => {
        const input = async (hash: string): Promise<Hex> =>
            (await result<Json>('eth_getTransactionByHash', [hash]))['input'] as Hex;
        const tokenArgs = decodeDeployData({
            abi: token.abi,
            bytecode: token.bytecode.object,
            data: await input(k.tokenDeployTxHash),
        }).args;
        assert.deepEqual(tokenArgs, ['Explorer Token', 'EXT', parseEther('1000000')]);
        assert.deepEqual(
            decodeDeployData({
                abi: vault.abi,
                bytecode: vault.bytecode.object,
                data: await input(k.vaultDeployTxHash),
            }).args,
            [1000n],
        );
        assert.equal(await input(k.counterDeployTxHash), counter.bytecode.object);
        const calls: [string, Abi, string, readonly unknown[]][] = [
            [k.tokenTransferTxHash, token.abi, 'transfer', [k.tokenRecipient, parseEther('250')]],
            [k.tokenApproveTxHash, token.abi, 'approve', [k.tokenSpender, parseEther('100')]],
            [k.vaultDepositTxHash, vault.abi, 'deposit', [500n]],
            [k.counterAddTxHash, counter.abi, 'add', [5n]],
            [k.vaultRevertTxHash, vault.abi, 'withdraw', [10_000n]],
            [k.vaultCustomErrorTxHash, vault.abi, 'deposit', [1001n]],
        ];
        for (const [hash, abi, functionName, args] of calls) {
            const decoded = decodeFunctionData({ abi, data: await input(hash) });
            assert.equal(decoded.functionName, functionName);
            assert.deepEqual(decoded.args, args);
        }
    });

    it('receipts hold the contracts’ events, which decode with the artifacts’ ABIs', async () => {
        const events = async (hash: string, abi: Abi): Promise<[string, unknown][]> => {
            const receipt = await result<Json>('eth_getTransactionReceipt', [hash]);
            assert.equal(receipt['status'], '0x1', hash);
            return (receipt['logs'] as { topics: [Hex, ...Hex[]]; data: Hex }[]).map((log) => {
                const decoded = decodeEventLog({ abi, topics: log.topics, data: log.data });
                return [String(decoded.eventName), decoded.args];
            });
        };
        const deployer = getAddress(k.contractsDeployer);
        assert.deepEqual(await events(k.tokenDeployTxHash, token.abi), [
            [
                'Transfer',
                {
                    from: '0x0000000000000000000000000000000000000000',
                    to: deployer,
                    value: parseEther('1000000'),
                },
            ],
        ]);
        assert.deepEqual(await events(k.vaultDeployTxHash, vault.abi), []);
        assert.deepEqual(await events(k.tokenTransferTxHash, token.abi), [
            ['Transfer', { from: deployer, to: k.tokenRecipient, value: parseEther('250') }],
        ]);
        assert.deepEqual(await events(k.tokenApproveTxHash, token.abi), [
            ['Approval', { owner: deployer, spender: k.tokenSpender, value: parseEther('100') }],
        ]);
        assert.deepEqual(await events(k.vaultDepositTxHash, vault.abi), [
            ['Deposited', { account: deployer, amount: 500n, total: 500n }],
        ]);
        assert.deepEqual(await events(k.counterAddTxHash, counter.abi), [
            ['Incremented', { by: deployer, amount: 5n, newCount: 5n }],
        ]);
        // The Deploy script's five transactions open their block, as one forge broadcast.
        const block = await result<Json>('eth_getBlockByNumber', [
            hexBlock(k.contractsBlockNumber),
            false,
        ]);
        assert.equal(block['hash'], k.contractsBlockHash);
        assert.deepEqual((block['transactions'] as string[]).slice(0, 5), [
            k.tokenDeployTxHash,
            k.vaultDeployTxHash,
            k.tokenTransferTxHash,
            k.tokenApproveTxHash,
            k.vaultDepositTxHash,
        ]);
    });

    it('a failed transaction replayed at the block before reverts with its exact data, as coreth answers', async () => {
        const replay = async (hash: string): Promise<Json> => {
            const tx = await result<Json>('eth_getTransactionByHash', [hash]);
            const receipt = await result<Json>('eth_getTransactionReceipt', [hash]);
            assert.equal(receipt['status'], '0x0');
            assert.deepEqual(receipt['logs'], []);
            const { from, to, input, value, gas } = tx as Record<string, string>;
            const body = await rpc('eth_call', [
                { from, to, data: input, value, gas },
                hexBlock(Number(tx['blockNumber']) - 1),
            ]);
            assert.equal(body['id'], 7);
            return body['error'] as Json;
        };
        const errorString = [
            { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
        ] as const;
        assert.deepEqual(await replay(k.vaultRevertTxHash), {
            code: 3,
            message: 'execution reverted: ExplorerVault: insufficient deposit',
            data: encodeErrorResult({
                abi: errorString,
                errorName: 'Error',
                args: ['ExplorerVault: insufficient deposit'],
            }),
        });
        const custom = await replay(k.vaultCustomErrorTxHash);
        assert.deepEqual(custom, {
            code: 3,
            message: 'execution reverted',
            data: encodeErrorResult({
                abi: vault.abi,
                errorName: 'TooLarge',
                args: [1001n, 1000n],
            }),
        });
        const decoded = decodeErrorResult({ abi: vault.abi, data: custom['data'] });
        assert.equal(decoded.errorName, 'TooLarge');
        assert.deepEqual(decoded.args, [1001n, 1000n]);
    });

    it('eth_call reads the contracts’ state at the block asked; other addresses answer 0x', async () => {
        const read = async (
            to: string,
            abi: Abi,
            functionName: string,
            args: unknown[],
            at: string,
        ) => {
            const data = encodeFunctionData({ abi, functionName, args });
            const out = await result<Hex>('eth_call', [{ to, data }, at]);
            return decodeFunctionResult({ abi, functionName, data: out });
        };
        assert.equal(
            await read(k.tokenContract, token.abi, 'balanceOf', [k.tokenRecipient], 'latest'),
            parseEther('250'),
        );
        assert.equal(await read(k.tokenContract, token.abi, 'symbol', [], 'latest'), 'EXT');
        assert.equal(
            await read(k.vaultContract, vault.abi, 'owner', [], 'latest'),
            getAddress(k.contractsDeployer),
        );
        assert.equal(await read(k.counterContract, counter.abi, 'count', [], 'latest'), 5n);
        const deposited = await result<Json>('eth_getTransactionReceipt', [k.vaultDepositTxHash]);
        const blockOfDeposit = Number(deposited['blockNumber']);
        assert.equal(
            await read(
                k.vaultContract,
                vault.abi,
                'deposits',
                [k.contractsDeployer],
                hexBlock(blockOfDeposit),
            ),
            500n,
        );
        // Before the token existed its address had no code: the call answers nothing.
        const tokenCreated = await result<Json>('eth_getTransactionReceipt', [k.tokenDeployTxHash]);
        const balanceOf = encodeFunctionData({
            abi: token.abi,
            functionName: 'balanceOf',
            args: [k.tokenRecipient],
        });
        assert.equal(
            await result('eth_call', [
                { to: k.tokenContract, data: balanceOf },
                hexBlock(Number(tokenCreated['blockNumber']) - 1),
            ]),
            '0x',
        );
        // Checked arithmetic: a Panic(0x11) the message names in words.
        const overflow = await rpc('eth_call', [
            {
                to: k.counterContract,
                data: encodeFunctionData({
                    abi: counter.abi,
                    functionName: 'add',
                    args: [(1n << 256n) - 1n],
                }),
            },
            'latest',
        ]);
        assert.equal(
            (overflow['error'] as Json)['message'],
            'execution reverted: arithmetic underflow or overflow',
        );
        // No such function and no fallback: a revert without data is coreth's plain -32000.
        assert.deepEqual(
            (await rpc('eth_call', [{ to: k.vaultContract, data: '0x12345678' }]))['error'],
            {
                code: -32000,
                message: 'execution reverted',
            },
        );
        assert.equal(await result('eth_call', [{ to: k.erc20Contract, data: '0x70a08231' }]), '0x');
        assert.equal(await result('eth_call', [{ to: k.evmAddress }, 'latest']), '0x');
        assert.equal(
            ((await rpc('eth_call', []))['error'] as Json)['message'],
            'missing value for required argument 0',
        );
        assert.equal(
            (
                (await rpc('eth_call', [{ to: k.vaultContract, data: '0x01', input: '0x02' }]))[
                    'error'
                ] as Json
            )['code'],
            -32000,
        );
        assert.equal(
            ((await rpc('eth_call', [{ to: k.vaultContract }, '0xffffff']))['error'] as Json)[
                'message'
            ],
            'header not found',
        );
    });

    it('the Data API agrees with the node on these transactions, their transfers and balances', async () => {
        const hashes = [
            k.tokenDeployTxHash,
            k.vaultDeployTxHash,
            k.tokenTransferTxHash,
            k.tokenApproveTxHash,
            k.vaultDepositTxHash,
            k.counterDeployTxHash,
            k.counterAddTxHash,
            k.vaultRevertTxHash,
            k.vaultCustomErrorTxHash,
        ];
        for (const hash of hashes) {
            const full = await api(`/v1/chains/43114/transactions/${hash}`);
            const native = full['nativeTransaction'] as Json;
            const tx = await result<Json>('eth_getTransactionByHash', [hash]);
            const receipt = await result<Json>('eth_getTransactionReceipt', [hash]);
            assert.equal(native['input'], tx['input'], hash);
            assert.equal(Number(native['txStatus']), Number(receipt['status']), hash);
            assert.equal(Number(native['blockNumber']), Number(tx['blockNumber']), hash);
            assert.equal(Number(native['gasUsed']), Number(receipt['gasUsed']), hash);
            assert.equal(lower((native['from'] as Json)['address'] as string), tx['from']);
            const to = lower((native['to'] as Json)['address'] as string);
            assert.equal(to, tx['to'] ?? receipt['contractAddress'], hash);
            const method = native['method'] as Json;
            if (tx['to'] === null) assert.equal(method['callType'], 'CONTRACT_CREATION');
            else assert.equal(method['methodHash'], (tx['input'] as string).slice(0, 10));
            // The token's Transfer logs are the Data API's ERC-20 transfers.
            const transfers = (full['erc20Transfers'] ?? []) as Json[];
            const logged = (receipt['logs'] as Json[]).filter(
                (log) =>
                    log['address'] === lower(k.tokenContract) &&
                    (log['topics'] as string[])[0] ===
                        toEventSelector('Transfer(address,address,uint256)'),
            );
            assert.equal(transfers.length, logged.length, hash);
            transfers.forEach((t, i) => {
                const log = logged[i]!;
                assert.equal(t['logIndex'], Number(log['logIndex']));
                assert.equal(BigInt(t['value'] as string), BigInt(log['data'] as string));
                const topics = log['topics'] as string[];
                assert.equal(
                    `0x${topics[2]!.slice(26)}`,
                    lower((t['to'] as Json)['address'] as string),
                );
            });
        }
        const listed = async (address: string): Promise<string[]> =>
            (
                (await api(`/v1/chains/43114/addresses/${address}/transactions?pageSize=50`))[
                    'transactions'
                ] as Json[]
            ).map((t) => (t['nativeTransaction'] as Json)['txHash'] as string);
        assert.deepEqual(await listed(k.vaultContract), [
            k.vaultCustomErrorTxHash,
            k.vaultRevertTxHash,
            k.vaultDepositTxHash,
            k.vaultDeployTxHash,
        ]);
        assert.deepEqual(await listed(k.tokenRecipient), [k.tokenTransferTxHash]);
        assert.deepEqual(await listed(k.contractsDeployer), [...hashes].reverse());
        const tokenTransfers = (
            (await api(`/v1/chains/43114/tokens/${k.tokenContract}/transfers`))[
                'transfers'
            ] as Json[]
        ).map((t) => t['txHash']);
        assert.deepEqual(tokenTransfers, [k.tokenTransferTxHash, k.tokenDeployTxHash]);
        const balances = (
            await api(
                `/v1/chains/43114/addresses/${k.tokenRecipient}/balances:listErc20?contractAddresses=${k.tokenContract}`,
            )
        )['erc20TokenBalances'] as Json[];
        assert.deepEqual(
            balances.map((b) => [b['symbol'], b['balance']]),
            [['EXT', parseEther('250').toString()]],
        );
        const fuji = sb.known.fuji;
        assert.notEqual(fuji.tokenContract, k.tokenContract);
        const fujiTx = await api(`/v1/chains/43113/transactions/${fuji.vaultRevertTxHash}`);
        assert.equal((fujiTx['nativeTransaction'] as Json)['txStatus'], '0');
    });
});
