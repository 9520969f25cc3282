/**
 * Every method of the node method table, called through the project's NodeRpcClient against a
 * real AvalancheGo (and a real Subnet-EVM chain on it): the answer parses with the project's
 * schemas and normalises, or the real node's error becomes the sentence a user reads.
 */
import * as assert from 'node:assert/strict';

import { Agent, type Dispatcher } from 'undici';

import {
    batchCall,
    isNodeApiUnavailableError,
    isRpcError,
    isValidationError,
    listNodeRpcMethods,
    NodeRpcClient,
    nodeRpcMethods as m,
    type NodeRpcMethodName,
} from '../../src/core';
import { ewoqAddress, recipients } from '../realnode/activity';
import { l1EvmChainId, type RealNetworkInfo } from '../realnode/network';

import { realNetwork } from './setup';

/** A client whose requests are counted (bodies as sent), to tell a batch from single calls. */
function countingClient(url: string): { client: NodeRpcClient; bodies: string[] } {
    const bodies: string[] = [];
    const dispatcher: Dispatcher = new Agent().compose((dispatch) => (options, handler) => {
        bodies.push(typeof options.body === 'string' ? options.body : '(not a string body)');
        return dispatch(options, handler);
    });
    return { client: new NodeRpcClient({ url, dispatcher, retry: { maxRetries: 0 } }), bodies };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
    try {
        await promise;
    } catch (error) {
        return error as Error;
    }
    assert.fail('expected the call to fail');
}

/** Methods a case below exercised; the last test checks that none of the table is left out. */
const exercised = new Set<string>();
function seen(name: NodeRpcMethodName): void {
    exercised.add(name);
}

describe('(node) the node method table against a real AvalancheGo', function () {
    this.timeout(60_000);
    let info: RealNetworkInfo;
    let client: NodeRpcClient;

    before(() => {
        info = realNetwork().info;
        client = new NodeRpcClient({ url: info.uri });
    });
    after(() => client.close());

    describe('(node) info', () => {
        it('(node) answers every info method, parsed and normalised', async () => {
            const version = await client.call(m['info.getNodeVersion'], {});
            assert.match(version.version, new RegExp(`avalanchego/${info.version.slice(1)}`));
            assert.ok(
                version.vmVersions['subnet-evm'] || Object.keys(version.vmVersions).length > 2,
            );
            seen('info.getNodeVersion');

            assert.deepEqual(await client.call(m['info.getNetworkID'], {}), { networkId: 12345 });
            seen('info.getNetworkID');
            assert.deepEqual(await client.call(m['info.getNetworkName'], {}), {
                networkName: 'local',
            });
            seen('info.getNetworkName');

            const node = await client.call(m['info.getNodeID'], {});
            assert.equal(node.nodeId, info.nodeId);
            assert.match(node.nodePop?.publicKey ?? '', /^0x[0-9a-f]{96}$/);
            seen('info.getNodeID');

            const ip = await client.call(m['info.getNodeIP'], {});
            assert.match(ip.ip, /^127\.0\.0\.1:\d+$/);
            seen('info.getNodeIP');

            const peers = await client.call(m['info.peers'], {});
            assert.deepEqual(peers, { numPeers: 0, peers: [] });
            const somePeers = await client.call(m['info.peers'], { nodeIDs: [info.nodeId] });
            assert.equal(somePeers.numPeers, 0);
            seen('info.peers');

            const fees = await client.call(m['info.getTxFee'], {});
            assert.ok(Object.keys(fees).length > 0);
            seen('info.getTxFee');

            const upgrades = await client.call(m['info.upgrades'], {});
            assert.ok(upgrades.upgrades.some((u) => u.key === 'graniteTime'));
            seen('info.upgrades');

            const acps = await client.call(m['info.acps'], {});
            assert.ok(Array.isArray(acps.acps));
            seen('info.acps');

            const vms = await client.call(m['info.getVMs'], {});
            assert.ok(
                vms.vms.some(
                    (vm) => vm.vmId === 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
                ),
                'the Subnet-EVM plugin is listed',
            );
            seen('info.getVMs');

            for (const chain of ['P', 'X', 'C', info.l1.blockchainId]) {
                assert.deepEqual(await client.call(m['info.isBootstrapped'], { chain }), {
                    isBootstrapped: true,
                });
            }
            seen('info.isBootstrapped');

            assert.deepEqual(await client.call(m['info.getBlockchainID'], { alias: 'C' }), {
                blockchainId: info.cChain.blockchainId,
            });
            seen('info.getBlockchainID');
        });

        it('(node) info.uptime: answers or says why on a node without stake', async () => {
            seen('info.uptime');
            try {
                const uptime = await client.call(m['info.uptime'], {});
                assert.ok(uptime.rewardingStakePercentage >= 0);
            } catch (error) {
                assert.ok(isRpcError(error), String(error));
                assert.match(
                    (error as Error).message,
                    /^info\.uptime failed: .+ \(code -32000\)\.$/,
                );
            }
        });

        it('(node) turns the real errors of info methods into sentences', async () => {
            const unknown = await rejection(client.call(m['info.isBootstrapped'], { chain: 'Q' }));
            assert.ok(isRpcError(unknown));
            assert.equal(
                unknown.message,
                "info.isBootstrapped failed: there is no chain with alias/ID 'Q' (code -32000).",
            );
            const alias = await rejection(
                client.call(m['info.getBlockchainID'], { alias: 'nope' }),
            );
            assert.ok(isRpcError(alias));
            assert.match(
                alias.message,
                /^info\.getBlockchainID failed: .*nope.* \(code -32000\)\.$/,
            );
            const missing = await rejection(client.callRaw('/ext/info', 'info.fooBar', {}));
            assert.ok(isRpcError(missing));
            assert.match(missing.message, /^This node does not offer info\.fooBar /);
            const upper = await rejection(client.callRaw('/ext/info', 'info.GetNodeID', {}));
            assert.match(upper.message, /lower-case letter after the dot/);
            const badParams = await rejection(
                client.callRaw('/ext/info', 'info.peers', { nodeIDs: 'not-a-list' }),
            );
            assert.match(
                badParams.message,
                /^The node could not read the parameters of info\.peers/,
            );
        });
    });

    describe('(node) admin', () => {
        it('(node) answers every admin method', async () => {
            await client.call(m['admin.aliasChain'], {
                chain: info.l1.blockchainId,
                alias: 'explorertest',
            });
            seen('admin.aliasChain');
            const aliases = await client.call(m['admin.getChainAliases'], {
                chain: info.l1.blockchainId,
            });
            assert.ok(aliases.aliases.includes('explorertest'), JSON.stringify(aliases));
            const cAliases = await client.call(m['admin.getChainAliases'], {
                chain: info.cChain.blockchainId,
            });
            assert.ok(cAliases.aliases.includes('evm'), JSON.stringify(cAliases));
            // The node reads `chain` as an id only: an alias fails to decode as cb58, so the
            // client refuses one before sending, with what to send instead.
            const byAlias = await rejection(
                client.call(m['admin.getChainAliases'], { chain: 'C' }),
            );
            assert.ok(isValidationError(byAlias), `${byAlias.name}: ${byAlias.message}`);
            assert.match(byAlias.message, /info\.getBlockchainID gives the id of an alias/);
            const raw = await rejection(
                client.callRaw('/ext/admin', 'admin.getChainAliases', { chain: 'C' }),
            );
            assert.ok(isRpcError(raw));
            assert.equal(raw.rpcMessage, 'input string is smaller than the checksum size');
            seen('admin.getChainAliases');
            // The new alias is usable wherever the id is.
            const viaAlias = await client.call(m.eth_chainId, [], { chain: 'explorertest' });
            assert.equal(viaAlias, l1EvmChainId);

            await client.call(m['admin.alias'], { endpoint: 'info', alias: 'information' });
            seen('admin.alias');
            const viaEndpointAlias = await client.callRaw(
                '/ext/information',
                'info.getNetworkName',
                {},
            );
            assert.deepEqual(viaEndpointAlias, { networkName: 'local' });

            const levels = await client.call(m['admin.getLoggerLevel'], {});
            assert.ok(levels.loggerLevels.some((l) => l.loggerName === 'C'));
            const one = await client.call(m['admin.getLoggerLevel'], { loggerName: 'C' });
            assert.equal(one.loggerLevels.length, 1);
            seen('admin.getLoggerLevel');
            const set = await client.call(m['admin.setLoggerLevel'], {
                loggerName: 'C',
                logLevel: 'DEBUG',
            });
            assert.ok(set !== undefined);
            const after = await client.call(m['admin.getLoggerLevel'], { loggerName: 'C' });
            assert.equal(after.loggerLevels[0]?.logLevel, 'DEBUG');
            await client.call(m['admin.setLoggerLevel'], { loggerName: 'C', logLevel: 'INFO' });
            seen('admin.setLoggerLevel');

            const loaded = await client.call(m['admin.loadVMs'], {});
            assert.deepEqual(loaded.failedVms, []);
            seen('admin.loadVMs');

            await client.call(m['admin.startCPUProfiler'], {});
            seen('admin.startCPUProfiler');
            await client.call(m['admin.stopCPUProfiler'], {});
            seen('admin.stopCPUProfiler');
            await client.call(m['admin.memoryProfile'], {});
            seen('admin.memoryProfile');
            await client.call(m['admin.lockProfile'], {});
            seen('admin.lockProfile');
        });

        it('(node) turns the real errors of admin methods into sentences', async () => {
            const taken = await rejection(
                client.call(m['admin.aliasChain'], { chain: 'C', alias: 'X' }),
            );
            assert.ok(isRpcError(taken));
            assert.match(taken.message, /^admin\.aliasChain failed: .+ \(code -32000\)\.$/);
            const unknown = await rejection(
                client.callRaw('/ext/admin', 'admin.getChainAliases', { chain: 'nosuchchain' }),
            );
            assert.ok(isRpcError(unknown));
            assert.match(unknown.message, /^admin\.getChainAliases failed: .+ \(code -32000\)\.$/);
            const stopTwice = await rejection(client.call(m['admin.stopCPUProfiler'], {}));
            assert.match(stopTwice.message, /^admin\.stopCPUProfiler failed: .+\(code -32000\)\.$/);
        });
    });

    describe('(node) EVM chains', () => {
        const chains = (): {
            name: string;
            chain: string;
            evmChainId: number;
            activity: RealNetworkInfo['cChain']['activity'];
        }[] => [
            { name: 'C-Chain', chain: 'C', evmChainId: 43112, activity: info.cChain.activity },
            {
                name: 'L1',
                chain: info.l1.blockchainId,
                evmChainId: l1EvmChainId,
                activity: info.l1.activity,
            },
        ];

        it('(node) answers the standard eth_* methods about the activity, on the C-Chain and the L1', async () => {
            for (const { name, chain, evmChainId, activity } of chains()) {
                assert.equal(await client.call(m.eth_chainId, [], { chain }), evmChainId, name);
                assert.ok(
                    (await client.call(m.eth_blockNumber, [], { chain })) >=
                        Number(activity.latestBlock),
                );
                const balance = await client.call(m.eth_getBalance, [recipients[0]], { chain });
                assert.equal(balance, activity.transfers[0]?.valueWei, name);
                const code = await client.call(m.eth_getCode, [activity.contract.address], {
                    chain,
                });
                assert.ok(code.length > 10, `${name}: contract code`);
                const transfer = activity.transfers[0]!;
                const tx = await client.call(m.eth_getTransactionByHash, [transfer.hash], {
                    chain,
                });
                assert.equal(tx?.hash, transfer.hash);
                assert.equal(tx?.from?.toLowerCase(), ewoqAddress.toLowerCase());
                const call = activity.contract.calls[1]!;
                const receipt = await client.call(m.eth_getTransactionReceipt, [call.hash], {
                    chain,
                });
                assert.equal(receipt?.logs.length, call.logs);
                assert.equal(receipt?.status, 'success');
                const block = await client.call(
                    m.eth_getBlockByNumber,
                    [BigInt(call.blockNumber), true],
                    {
                        chain,
                    },
                );
                assert.ok(block?.transactions?.length);
                const unknownTx = await client.call(
                    m.eth_getTransactionByHash,
                    [`0x${'ab'.repeat(32)}`],
                    { chain },
                );
                assert.equal(unknownTx, null);
                const latest = await client.call(m.eth_getChainConfig, [], { chain });
                assert.equal(latest.chainId, evmChainId);
            }
            for (const name of [
                'eth_chainId',
                'eth_blockNumber',
                'eth_getBalance',
                'eth_getCode',
                'eth_getTransactionByHash',
                'eth_getTransactionReceipt',
                'eth_getBlockByNumber',
                'eth_getChainConfig',
            ] as const)
                seen(name);
        });

        it('(node) answers the Subnet-EVM extras on the L1', async () => {
            const chain = info.l1.blockchainId;
            const fees = await client.call(m.eth_feeConfig, [], { chain });
            assert.equal(fees.feeConfig.gasLimit, 15_000_000);
            seen('eth_feeConfig');
            const precompiles = await client.call(m.eth_getActivePrecompilesAt, [], { chain });
            assert.ok(precompiles.precompiles.some((p) => p.name === 'feeManagerConfig'));
            seen('eth_getActivePrecompilesAt');
            const rules = await client.call(m.eth_getActiveRulesAt, [], { chain });
            assert.ok(Object.keys(rules.ethRules).length > 0);
            seen('eth_getActiveRulesAt');
            const validators = await client.call(
                m['validators.getCurrentValidators'],
                {},
                { chain },
            );
            assert.ok(Array.isArray(validators.validators));
            seen('validators.getCurrentValidators');
        });

        it('(node) says that the Subnet-EVM extras do not exist on the C-Chain', async () => {
            for (const method of [
                m.eth_feeConfig,
                m.eth_getActivePrecompilesAt,
                m.eth_getActiveRulesAt,
            ]) {
                const error = await rejection(client.call(method, [] as never, { chain: 'C' }));
                assert.ok(isRpcError(error), String(error));
                assert.equal(
                    error.message,
                    `This node does not offer ${method.name} (it exists only on Subnet-EVM chains, not on the C-Chain).`,
                );
            }
            const validators = await rejection(
                client.call(m['validators.getCurrentValidators'], {}, { chain: 'C' }),
            );
            assert.ok(isNodeApiUnavailableError(validators), String(validators));
            assert.match(validators.message, /^The node has no validators API for chain C /);
        });

        it('(node) turns the real EVM errors into sentences', async () => {
            const unknownChain = await rejection(
                client.call(m.eth_chainId, [], {
                    chain: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
                }),
            );
            assert.ok(isNodeApiUnavailableError(unknownChain));
            assert.match(unknownChain.message, /^The node has no chain /);
            const badParams = await rejection(
                client.callRaw('/ext/bc/C/rpc', 'eth_getBalance', ['0x12', 'latest']),
            );
            assert.match(
                badParams.message,
                /^The node could not read the parameters of eth_getBalance/,
            );
            const missing = await rejection(
                client.callRaw('/ext/bc/C/rpc', 'eth_noSuchMethod', []),
            );
            assert.match(missing.message, /^This node does not offer eth_noSuchMethod /);
        });
    });

    describe('(node) batches', () => {
        it('(node) sends EVM calls as one batch on the C-Chain and on the L1', async () => {
            for (const chain of ['C', info.l1.blockchainId]) {
                const { client: counted, bodies } = countingClient(info.uri);
                const results = await counted.batch(
                    [
                        batchCall(m.eth_chainId, []),
                        batchCall(m.eth_blockNumber, []),
                        batchCall(m.eth_getBalance, [recipients[1]]),
                        batchCall(m.eth_feeConfig, []),
                        batchCall(m.eth_getActiveRulesAt, []),
                    ],
                    { chain },
                );
                await counted.close();
                assert.equal(bodies.length, 1, `${chain}: one request`);
                assert.ok(bodies[0]?.startsWith('['));
                assert.equal(results[0].status, 'fulfilled');
                assert.equal(results[1].status, 'fulfilled');
                assert.deepEqual(results[2], { status: 'fulfilled', value: '250000000000000000' });
                const extras = chain === 'C' ? 'rejected' : 'fulfilled';
                assert.equal(results[3].status, extras, `${chain}: eth_feeConfig`);
                assert.equal(results[4].status, extras, `${chain}: eth_getActiveRulesAt`);
            }
        });

        it('(node) the node refuses a JSON array on /ext/info, /ext/admin, P and X', async () => {
            for (const [path, method] of [
                ['/ext/info', 'info.getNetworkID'],
                ['/ext/admin', 'admin.getLoggerLevel'],
                ['/ext/bc/P', 'platform.getHeight'],
                ['/ext/bc/X', 'avm.getHeight'],
            ] as const) {
                const response = await fetch(`${info.uri}${path}`, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify([{ jsonrpc: '2.0', id: 1, method, params: {} }]),
                });
                assert.equal(response.status, 200, path);
                const body = (await response.json()) as {
                    error?: { code: number; message: string };
                };
                assert.equal(body.error?.code, -32700, path);
                assert.match(body.error?.message ?? '', /cannot unmarshal array/, path);
            }
        });

        it('(node) sends the calls of a refused endpoint concurrently, without a batch first', async () => {
            const { client: counted, bodies } = countingClient(info.uri);
            const results = await counted.batch([
                batchCall(m['info.getNetworkID'], {}),
                batchCall(m['info.getNodeID'], {}),
                batchCall(m['info.isBootstrapped'], { chain: 'Q' }),
            ]);
            const pResults = await counted.batch(
                [
                    { method: 'platform.getHeight', params: {} },
                    { method: 'platform.getBlockchains', params: {} },
                ],
                { path: '/ext/bc/P' },
            );
            const xResults = await counted.batch([{ method: 'avm.getHeight', params: {} }], {
                path: '/ext/bc/X',
            });
            await counted.close();
            assert.ok(
                bodies.every((b) => b.startsWith('{')),
                'no JSON array was sent',
            );
            assert.equal(bodies.length, 6);
            assert.deepEqual(results[0], { status: 'fulfilled', value: { networkId: 12345 } });
            assert.equal(results[1].status === 'fulfilled' && results[1].value.nodeId, info.nodeId);
            assert.ok(results[2].status === 'rejected' && isRpcError(results[2].reason));
            assert.ok(pResults.every((r) => r.status === 'fulfilled'));
            assert.ok(xResults.every((r) => r.status === 'fulfilled'));
        });
    });

    // A suite of its own: mocha runs a suite's tests before its nested suites.
    describe('(node) coverage', () => {
        it('(node) every method of the table was exercised above', () => {
            const missing = listNodeRpcMethods()
                .map((method) => method.name)
                .filter((name) => !exercised.has(name));
            assert.deepEqual(missing, []);
        });
    });
});
