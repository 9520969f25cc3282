/**
 * Every method of the node method table, called through the project's NodeRpcClient against a
 * real AvalancheGo (and a real Subnet-EVM chain on it): one case per method (the compiler checks
 * none is missing), where the answer parses with the project's schemas and normalises, or the
 * real node's error becomes the sentence a user reads; then the node's own error texts and the
 * batch behaviour of each endpoint kind.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { Agent, type Dispatcher } from 'undici';

import {
    batchCall,
    isNodeApiUnavailableError,
    isRpcError,
    isValidationError,
    listNodeRpcMethods,
    NodeRpcClient,
    nodeRpcMethods as m,
    type AnyNodeRpcMethod,
    type NodeRpcMethodName,
} from '../../src/core';
import { canonicalValidatorSet } from '../../src/core/warp';
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

describe('(node) the node method table against a real AvalancheGo', function () {
    this.timeout(60_000);
    let info: RealNetworkInfo;
    let client: NodeRpcClient;

    before(() => {
        info = realNetwork().info;
        client = new NodeRpcClient({ url: info.uri, retry: { maxRetries: 0 } });
    });
    after(() => client.close());

    /** Where AvalancheGo writes profiles: `--profile-dir`, by default under the data dir. */
    const profile = (name: string): string => path.join(info.dataDir, 'profiles', name);

    /**
     * One case per method of the table. `satisfies` makes a method added to the table without a
     * case a compile error; the test after the loop checks nothing else is listed.
     */
    const cases = {
        // ----- admin (https://build.avax.network/docs/api-reference/admin-api) -----
        'admin.alias': async () => {
            await client.call(m['admin.alias'], { endpoint: 'info', alias: 'information' });
            const viaAlias = await client.callRaw('/ext/information', 'info.getNetworkName', {});
            assert.deepEqual(viaAlias, { networkName: 'local' });
            const again = await rejection(
                client.call(m['admin.alias'], { endpoint: 'info', alias: 'information' }),
            );
            assert.ok(isRpcError(again), String(again));
            assert.match(again.message, /^admin\.alias failed: .+ \(code -32000\)\.$/);
        },
        'admin.aliasChain': async () => {
            await client.call(m['admin.aliasChain'], {
                chain: info.l1.blockchainId,
                alias: 'explorertest',
            });
            // The new alias is usable wherever the id is.
            assert.equal(
                await client.call(m.eth_chainId, [], { chain: 'explorertest' }),
                l1EvmChainId,
            );
            const taken = await rejection(
                client.call(m['admin.aliasChain'], { chain: 'C', alias: 'X' }),
            );
            assert.ok(isRpcError(taken));
            assert.match(taken.message, /^admin\.aliasChain failed: .+ \(code -32000\)\.$/);
            const unknown = await rejection(
                client.call(m['admin.aliasChain'], { chain: 'nosuchchain', alias: 'nochain2' }),
            );
            assert.ok(isRpcError(unknown));
            assert.match(
                unknown.message,
                /^admin\.aliasChain failed: .*nosuchchain.* \(code -32000\)\.$/,
            );
        },
        'admin.getChainAliases': async () => {
            const l1 = await client.call(m['admin.getChainAliases'], {
                chain: info.l1.blockchainId,
            });
            // A chain's own id is one of its aliases.
            assert.ok(l1.aliases.includes(info.l1.blockchainId), JSON.stringify(l1));
            const c = await client.call(m['admin.getChainAliases'], {
                chain: info.cChain.blockchainId,
            });
            assert.ok(c.aliases.includes('C') && c.aliases.includes('evm'), JSON.stringify(c));
            // The node reads `chain` as an id only: the client refuses an alias before sending,
            // with what to send instead, and the node itself would answer a checksum error.
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
            const unknown = await rejection(
                client.callRaw('/ext/admin', 'admin.getChainAliases', { chain: 'nosuchchain' }),
            );
            assert.match(unknown.message, /^admin\.getChainAliases failed: .+ \(code -32000\)\.$/);
        },
        'admin.getLoggerLevel': async () => {
            const levels = await client.call(m['admin.getLoggerLevel'], {});
            assert.ok(levels.loggerLevels.some((l) => l.loggerName === 'C'));
            const one = await client.call(m['admin.getLoggerLevel'], { loggerName: 'C' });
            assert.deepEqual(
                one.loggerLevels.map((l) => l.loggerName),
                ['C'],
            );
        },
        'admin.setLoggerLevel': async () => {
            const set = await client.call(m['admin.setLoggerLevel'], {
                loggerName: 'C',
                logLevel: 'DEBUG',
            });
            assert.ok(set !== undefined);
            const after = await client.call(m['admin.getLoggerLevel'], { loggerName: 'C' });
            assert.equal(after.loggerLevels[0]?.logLevel, 'DEBUG');
            await client.call(m['admin.setLoggerLevel'], { loggerName: 'C', logLevel: 'INFO' });
        },
        'admin.loadVMs': async () => {
            const loaded = await client.call(m['admin.loadVMs'], {});
            assert.deepEqual(loaded.failedVms, []);
        },
        'admin.lockProfile': async () => {
            await client.call(m['admin.lockProfile'], {});
            assert.ok(existsSync(profile('lock.profile')), 'lock.profile written');
        },
        'admin.memoryProfile': async () => {
            await client.call(m['admin.memoryProfile'], {});
            assert.ok(existsSync(profile('mem.profile')), 'mem.profile written');
        },
        'admin.startCPUProfiler': async () => {
            await client.call(m['admin.startCPUProfiler'], {});
            try {
                const twice = await rejection(client.call(m['admin.startCPUProfiler'], {}));
                assert.ok(isRpcError(twice));
                assert.match(
                    twice.message,
                    /^admin\.startCPUProfiler failed: .+ \(code -32000\)\.$/,
                );
            } finally {
                await client.call(m['admin.stopCPUProfiler'], {});
            }
        },
        'admin.stopCPUProfiler': async () => {
            await client.call(m['admin.startCPUProfiler'], {});
            await client.call(m['admin.stopCPUProfiler'], {});
            assert.ok(existsSync(profile('cpu.profile')), 'cpu.profile written');
            const idle = await rejection(client.call(m['admin.stopCPUProfiler'], {}));
            assert.match(idle.message, /^admin\.stopCPUProfiler failed: .+\(code -32000\)\.$/);
        },

        // ----- info (https://build.avax.network/docs/api-reference/info-api) -----
        'info.acps': async () => {
            const acps = await client.call(m['info.acps'], {});
            assert.ok(Array.isArray(acps.acps));
        },
        'info.isBootstrapped': async () => {
            for (const chain of ['P', 'X', 'C', info.l1.blockchainId]) {
                assert.deepEqual(await client.call(m['info.isBootstrapped'], { chain }), {
                    isBootstrapped: true,
                });
            }
            const unknown = await rejection(client.call(m['info.isBootstrapped'], { chain: 'Q' }));
            assert.ok(isRpcError(unknown));
            assert.equal(
                unknown.message,
                "info.isBootstrapped failed: there is no chain with alias/ID 'Q' (code -32000).",
            );
        },
        'info.getBlockchainID': async () => {
            assert.deepEqual(await client.call(m['info.getBlockchainID'], { alias: 'C' }), {
                blockchainId: info.cChain.blockchainId,
            });
            const alias = await rejection(
                client.call(m['info.getBlockchainID'], { alias: 'nope' }),
            );
            assert.ok(isRpcError(alias));
            assert.match(
                alias.message,
                /^info\.getBlockchainID failed: .*nope.* \(code -32000\)\.$/,
            );
        },
        'info.getNetworkID': async () => {
            assert.deepEqual(await client.call(m['info.getNetworkID'], {}), { networkId: 12345 });
        },
        'info.getNetworkName': async () => {
            assert.deepEqual(await client.call(m['info.getNetworkName'], {}), {
                networkName: 'local',
            });
        },
        'info.getNodeID': async () => {
            const node = await client.call(m['info.getNodeID'], {});
            assert.equal(node.nodeId, info.nodeId);
            assert.match(node.nodePop?.publicKey ?? '', /^0x[0-9a-f]{96}$/);
            assert.match(node.nodePop?.proofOfPossession ?? '', /^0x[0-9a-f]{192}$/);
        },
        'info.getNodeIP': async () => {
            const ip = await client.call(m['info.getNodeIP'], {});
            assert.match(ip.ip, /^127\.0\.0\.1:\d+$/);
        },
        'info.getNodeVersion': async () => {
            const version = await client.call(m['info.getNodeVersion'], {});
            assert.equal(version.version, `avalanchego/${info.version.replace(/^v/, '')}`);
            assert.ok(
                version.vmVersions['subnet-evm'] || Object.keys(version.vmVersions).length > 2,
                JSON.stringify(version.vmVersions),
            );
        },
        'info.getTxFee': async () => {
            const fees = await client.call(m['info.getTxFee'], {});
            assert.match(fees.txFee ?? '', /^\d+$/, JSON.stringify(fees));
        },
        'info.getVMs': async () => {
            const vms = await client.call(m['info.getVMs'], {});
            assert.ok(
                vms.vms.some(
                    (vm) => vm.vmId === 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
                ),
                'the Subnet-EVM plugin is listed',
            );
        },
        'info.peers': async () => {
            // Alone on its network: nobody to connect to.
            assert.deepEqual(await client.call(m['info.peers'], {}), { numPeers: 0, peers: [] });
            const somePeers = await client.call(m['info.peers'], { nodeIDs: [info.nodeId] });
            assert.equal(somePeers.numPeers, 0);
        },
        'info.uptime': async () => {
            // Answers, or says why on a node without stake.
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
        },
        'health.health': async () => {
            const all = await client.call(m['health.health'], {});
            assert.equal(all.healthy, true);
            const names = all.checks.map((c) => c.name);
            for (const check of [
                'bls',
                'bootstrapped',
                'database',
                'diskspace',
                'network',
                'P',
                'C',
            ])
                assert.ok(names.includes(check), `${check} in ${names.join(', ')}`);
            assert.ok(names.includes(info.l1.blockchainId), 'the L1 chain has a check');
            assert.ok(all.checks.every((c) => c.healthy && c.contiguousFailures === 0));
            // By the L1's subnet id: its chain's check plus the node's own (application) checks.
            const bySubnet = await client.call(m['health.health'], { tags: [info.l1.subnetId] });
            const subnetNames = bySubnet.checks.map((c) => c.name);
            assert.ok(subnetNames.includes(info.l1.blockchainId), subnetNames.join(', '));
            assert.ok(!subnetNames.includes('C'), subnetNames.join(', '));
            // By a chain id: no check is tagged with one, so the application checks only.
            const byChain = await client.call(m['health.health'], { tags: [info.l1.blockchainId] });
            assert.ok(byChain.checks.length > 0);
            assert.ok(!byChain.checks.some((c) => c.name === info.l1.blockchainId));
            // The GET form answers the same JSON with 200.
            const got = await client.healthGet('health', [info.l1.subnetId]);
            assert.equal(got.status, 200);
            assert.deepEqual(got.report.checks.map((c) => c.name).sort(), [...subnetNames].sort());
        },
        'health.readiness': async () => {
            const ready = await client.call(m['health.readiness'], {});
            assert.equal(ready.healthy, true);
            const got = await client.healthGet('readiness');
            assert.equal(got.status, 200);
            assert.equal(got.report.healthy, true);
        },
        'health.liveness': async () => {
            const live = await client.call(m['health.liveness'], { tags: [info.l1.subnetId] });
            assert.equal(live.healthy, true);
            const got = await client.healthGet('liveness');
            assert.equal(got.status, 200);
        },
        'info.upgrades': async () => {
            const { upgrades } = await client.call(m['info.upgrades'], {});
            const names = upgrades.map((u) => u.key);
            for (const key of ['apricotPhase1Time', 'durangoTime', 'etnaTime', 'graniteTime']) {
                assert.ok(names.includes(key), `${key} in ${names.join(', ')}`);
            }
        },

        // ----- Subnet-EVM extras: answered by the L1, refused by the C-Chain -----
        eth_feeConfig: async () => {
            const fees = await client.call(m.eth_feeConfig, [], { chain: info.l1.blockchainId });
            assert.equal(fees.feeConfig.gasLimit, 15_000_000);
            await refusedOnC(m.eth_feeConfig);
        },
        eth_getChainConfig: async () => {
            const l1 = await client.call(m.eth_getChainConfig, [], { chain: info.l1.blockchainId });
            assert.equal(l1.chainId, l1EvmChainId);
            assert.ok(
                l1.precompiles.some((p) => p.name === 'feeManagerConfig'),
                JSON.stringify(l1.precompiles),
            );
            // coreth serves it too, for the C-Chain.
            const c = await client.call(m.eth_getChainConfig, [], { chain: 'C' });
            assert.equal(c.chainId, 43112);
        },
        eth_getActivePrecompilesAt: async () => {
            const precompiles = await client.call(m.eth_getActivePrecompilesAt, [], {
                chain: info.l1.blockchainId,
            });
            assert.ok(precompiles.precompiles.some((p) => p.name === 'feeManagerConfig'));
            await refusedOnC(m.eth_getActivePrecompilesAt);
        },
        eth_getActiveRulesAt: async () => {
            const rules = await client.call(m.eth_getActiveRulesAt, [], {
                chain: info.l1.blockchainId,
            });
            // Subnet-EVM's ethRules carries ChainID beside the flags; only the flags are kept.
            assert.equal(rules.ethRules['IsCancun'], true, JSON.stringify(rules.ethRules));
            assert.ok(
                Object.values(rules.ethRules).every((v) => typeof v === 'boolean'),
                JSON.stringify(rules.ethRules),
            );
            await refusedOnC(m.eth_getActiveRulesAt);
        },
        'validators.getCurrentValidators': async () => {
            // Sybil protection off: the L1's validator state is empty on a lone node.
            const validators = await client.call(
                m['validators.getCurrentValidators'],
                {},
                { chain: info.l1.blockchainId },
            );
            assert.deepEqual(validators, { validators: [] });
            const onC = await rejection(
                client.call(m['validators.getCurrentValidators'], {}, { chain: 'C' }),
            );
            assert.ok(isNodeApiUnavailableError(onC), String(onC));
            assert.equal(onC.reason, 'notFound');
            assert.equal(
                onC.message,
                'The node has no validators API for chain C (the chain is unknown, not tracked, or not a Subnet-EVM chain).',
            );
        },

        // ----- P-Chain (https://build.avax.network/docs/api-reference/p-chain/api) -----
        'platform.getHeight': async () => {
            const { height } = await client.call(m['platform.getHeight'], {});
            assert.match(height, /^\d+$/);
            assert.ok(BigInt(height) >= 3n, 'CreateSubnetTx, CreateChainTx, ConvertSubnetToL1Tx');
        },
        'platform.getSubnets': async () => {
            const all = await client.call(m['platform.getSubnets'], {});
            assert.ok(all.subnets.some((s) => s.subnetId === info.l1.subnetId));
            const one = await client.call(m['platform.getSubnets'], { ids: [info.l1.subnetId] });
            assert.deepEqual(
                one.subnets.map((s) => s.subnetId),
                [info.l1.subnetId],
            );
        },
        'platform.getSubnet': async () => {
            const subnet = await client.call(m['platform.getSubnet'], {
                subnetID: info.l1.subnetId,
            });
            assert.equal(subnet.isL1, info.l1.converted);
            if (info.l1.converted) assert.equal(subnet.managerChainId, info.l1.blockchainId);
            const primary = await rejection(
                client.call(m['platform.getSubnet'], {
                    subnetID: '11111111111111111111111111111111LpoYY',
                }),
            );
            assert.ok(isRpcError(primary), String(primary));
            assert.match(primary.message, /primary network isn't a subnet/);
        },
        'platform.getBlockchains': async () => {
            const { blockchains } = await client.call(m['platform.getBlockchains'], {});
            const l1 = blockchains.find((b) => b.blockchainId === info.l1.blockchainId);
            assert.equal(l1?.subnetId, info.l1.subnetId);
            assert.equal(l1?.name, 'explorertest');
        },
        'platform.getBlockchainStatus': async () => {
            const status = await client.call(m['platform.getBlockchainStatus'], {
                blockchainID: info.l1.blockchainId,
            });
            assert.equal(status.status, 'Validating');
        },
        'platform.validatedBy': async () => {
            const by = await client.call(m['platform.validatedBy'], {
                blockchainID: info.l1.blockchainId,
            });
            assert.equal(by.subnetId, info.l1.subnetId);
        },
        'platform.validates': async () => {
            const chains = await client.call(m['platform.validates'], {
                subnetID: info.l1.subnetId,
            });
            assert.deepEqual(chains.blockchainIds, [info.l1.blockchainId]);
        },
        'platform.getCurrentValidators': async () => {
            const primary = await client.call(m['platform.getCurrentValidators'], {});
            assert.ok(primary.validators.length > 0);
            assert.ok(primary.validators.every((v) => v.kind === 'staker' && v.txId));
            const l1 = await client.call(m['platform.getCurrentValidators'], {
                subnetID: info.l1.subnetId,
            });
            if (info.l1.converted) {
                assert.ok(l1.validators.every((v) => v.kind === 'l1' && v.validationId));
                assert.match(l1.validators[0]?.balance ?? '', /^\d+$/);
                // A string on the wire (json.Uint64), so exact even without the exact parse.
                assert.equal(l1.validators[0]?.weight, info.l1.validatorWeight);
            }
        },
        'platform.getL1Validator': async () => {
            if (!info.l1.validationId) return;
            const got = await client.call(m['platform.getL1Validator'], {
                validationID: info.l1.validationId,
            });
            assert.equal(got.subnetId, info.l1.subnetId);
            assert.equal(got.validator.validationId, info.l1.validationId);
        },
        'platform.getValidatorsAt': async () => {
            const { height } = await client.call(m['platform.getHeight'], {});
            const node = await client.call(m['info.getNodeID'], {});
            // The primary network: the local genesis's validators, each with a BLS key, and
            // the same set whether the height is a number or "proposed" on a quiet network.
            const primary = await client.call(m['platform.getValidatorsAt'], { height });
            assert.ok(primary.validators.length > 0);
            for (const v of primary.validators) {
                assert.match(v.nodeId, /^NodeID-/);
                assert.match(v.weight, /^[1-9]\d*$/);
                assert.match(v.publicKey ?? '', /^0x[0-9a-f]{96}$/);
            }
            const set = canonicalValidatorSet(
                primary.validators.map((v) => ({ ...v, weight: BigInt(v.weight) })),
            );
            assert.equal(set.validators.length, primary.validators.length);
            assert.equal(
                set.totalWeight,
                primary.validators.reduce((sum, v) => sum + BigInt(v.weight), 0n),
            );
            const proposed = await client.call(m['platform.getValidatorsAt'], {
                height: 'proposed',
            });
            assert.deepEqual(
                proposed.validators.map((v) => v.nodeId),
                primary.validators.map((v) => v.nodeId),
            );
            // The L1: its one validator is this node, with the node's own BLS key and a weight
            // of 2^53 + 1 that arrives exact (a json.Uint64 string on the wire).
            if (!info.l1.converted) return;
            const l1 = await client.call(m['platform.getValidatorsAt'], {
                height,
                subnetID: info.l1.subnetId,
            });
            assert.deepEqual(l1.validators, [
                {
                    nodeId: info.nodeId,
                    publicKey: node.nodePop?.publicKey,
                    weight: info.l1.validatorWeight,
                },
            ]);
            const l1Set = canonicalValidatorSet(
                l1.validators.map((v) => ({ ...v, weight: BigInt(v.weight) })),
            );
            assert.equal(l1Set.validators[0]?.publicKey, node.nodePop?.publicKey);
            assert.equal(l1Set.totalWeight, 2n ** 53n + 1n);
            // A height past the tip is the node's error, in the sentence a user reads.
            const ahead = await rejection(
                client.call(m['platform.getValidatorsAt'], {
                    height: (BigInt(height) + 1000n).toString(),
                }),
            );
            assert.ok(isRpcError(ahead), String(ahead));
        },
        'platform.getTx': async () => {
            if (!info.l1.convertTxId) return;
            const tx = await client.call(m['platform.getTx'], { txID: info.l1.convertTxId });
            assert.equal(tx.typeName, 'ConvertSubnetToL1Tx');
            assert.equal(tx.subnetId, info.l1.subnetId);
            assert.equal(tx.managerChainId, info.l1.blockchainId);
            assert.ok(tx.validators.length > 0);
            // A plain JSON number on the wire: 2^53 + 1 survives only the exact parse.
            assert.equal(tx.validators[0]?.weight, info.l1.validatorWeight);
        },
        'platform.getTxStatus': async () => {
            if (!info.l1.convertTxId) return;
            const status = await client.call(m['platform.getTxStatus'], {
                txID: info.l1.convertTxId,
            });
            assert.equal(status.status, 'Committed');
        },
        'platform.getBalance': async () => {
            const balance = await client.call(m['platform.getBalance'], {
                addresses: ['P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u'],
            });
            // Above 2^53: kept exact as a decimal string.
            assert.ok(BigInt(balance.balance) > 2n ** 53n, balance.balance);
        },
        'platform.getStakingAssetID': async () => {
            const { assetId } = await client.call(m['platform.getStakingAssetID'], {});
            const avax = await client.call(m['avm.getAssetDescription'], { assetID: 'AVAX' });
            assert.equal(assetId, avax.assetId);
        },
        'platform.getCurrentSupply': async () => {
            const { supply } = await client.call(m['platform.getCurrentSupply'], {});
            assert.ok(BigInt(supply) > 2n ** 53n, supply);
        },
        'platform.getTimestamp': async () => {
            const { timeMs } = await client.call(m['platform.getTimestamp'], {});
            assert.ok(Math.abs(timeMs - Date.now()) < 3_600_000);
        },
        'platform.getBlockByHeight': async () => {
            const types: string[] = [];
            for (const height of [1, 2, 3]) {
                const block = await client.call(m['platform.getBlockByHeight'], { height });
                assert.equal(block.height, String(height));
                types.push(...block.txs.map((tx) => tx.typeName));
            }
            assert.deepEqual(types.slice(0, 2), ['CreateSubnetTx', 'CreateChainTx']);
        },
        'platform.getFeeState': async () => {
            const fee = await client.call(m['platform.getFeeState'], {});
            assert.match(fee.price, /^\d+$/);
        },
        'platform.getValidatorFeeState': async () => {
            const fee = await client.call(m['platform.getValidatorFeeState'], {});
            assert.match(fee.price, /^\d+$/);
        },
        'platform.getValidatorFeeConfig': async () => {
            const config = await client.call(m['platform.getValidatorFeeConfig'], {});
            assert.ok(BigInt(config.capacity) >= BigInt(config.target));
        },
        'platform.getMinStake': async () => {
            const stake = await client.call(m['platform.getMinStake'], {});
            assert.match(stake.minValidatorStake, /^\d+$/);
        },
        'platform.getTotalStake': async () => {
            const stake = await client.call(m['platform.getTotalStake'], {});
            assert.ok(BigInt(stake.weight) > 0n);
        },

        // ----- X-Chain (https://build.avax.network/docs/api-reference/x-chain/api) -----
        'avm.getHeight': async () => {
            const { height } = await client.call(m['avm.getHeight'], {});
            assert.match(height, /^\d+$/);
        },
        'avm.getTx': async () => {
            const { assetId } = await client.call(m['avm.getAssetDescription'], {
                assetID: 'AVAX',
            });
            // The AVAX asset id is the id of the genesis CreateAssetTx.
            const tx = await client.call(m['avm.getTx'], { txID: assetId });
            assert.equal(tx.typeName, 'CreateAssetTx');
        },
        'avm.getTxStatus': async () => {
            const status = await client.call(m['avm.getTxStatus'], {
                txID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
            });
            assert.equal(status.status, 'Unknown');
        },
        'avm.getAssetDescription': async () => {
            const avax = await client.call(m['avm.getAssetDescription'], { assetID: 'AVAX' });
            assert.equal(avax.symbol, 'AVAX');
            assert.equal(avax.denomination, 9);
        },
        'avm.getBlockByHeight': async () => {
            const block = await client.call(m['avm.getBlockByHeight'], { height: '0' });
            assert.equal(block.height, '0');
        },
        'avm.getBalance': async () => {
            const got = await client.call(m['avm.getBalance'], {
                address: 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
                assetID: 'AVAX',
            });
            assert.ok(BigInt(got.balance) > 2n ** 53n, got.balance);
        },
        'avm.getAllBalances': async () => {
            const got = await client.call(m['avm.getAllBalances'], {
                address: 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
            });
            assert.deepEqual(
                got.balances.map((b) => b.asset),
                ['AVAX'],
            );
        },

        // ----- standard eth_* about the activity, on the C-Chain and the L1 -----
        eth_chainId: async () => {
            for (const { name, chain, evmChainId } of chains()) {
                assert.equal(await client.call(m.eth_chainId, [], { chain }), evmChainId, name);
            }
        },
        eth_blockNumber: async () => {
            for (const { name, chain, activity } of chains()) {
                const latest = await client.call(m.eth_blockNumber, [], { chain });
                assert.ok(latest >= Number(activity.latestBlock), `${name}: ${latest}`);
            }
        },
        eth_getBalance: async () => {
            for (const { name, chain, activity } of chains()) {
                const balance = await client.call(m.eth_getBalance, [recipients[0]], { chain });
                assert.equal(balance, activity.transfers[0]?.valueWei, name);
            }
        },
        eth_getCode: async () => {
            for (const { name, chain, activity } of chains()) {
                const code = await client.call(m.eth_getCode, [activity.contract.address], {
                    chain,
                });
                assert.ok(code.length > 10, `${name}: contract code`);
                // An account without code.
                assert.equal(await client.call(m.eth_getCode, [recipients[0]], { chain }), '0x');
            }
        },
        eth_getTransactionByHash: async () => {
            for (const { name, chain, activity } of chains()) {
                const transfer = activity.transfers[0]!;
                const tx = await client.call(m.eth_getTransactionByHash, [transfer.hash], {
                    chain,
                });
                assert.equal(tx?.hash, transfer.hash, name);
                assert.equal(tx?.from?.toLowerCase(), ewoqAddress.toLowerCase());
                assert.equal(tx?.to?.toLowerCase(), transfer.to.toLowerCase());
                assert.equal(tx?.value, transfer.valueWei);
                const unknownTx = await client.call(
                    m.eth_getTransactionByHash,
                    [`0x${'ab'.repeat(32)}`],
                    { chain },
                );
                assert.equal(unknownTx, null);
            }
        },
        eth_getTransactionReceipt: async () => {
            for (const { name, chain, activity } of chains()) {
                const call = activity.contract.calls[1]!;
                const receipt = await client.call(m.eth_getTransactionReceipt, [call.hash], {
                    chain,
                });
                assert.equal(receipt?.logs.length, call.logs, name);
                assert.equal(receipt?.status, 'success');
                const deploy = await client.call(
                    m.eth_getTransactionReceipt,
                    [activity.contract.deployTx],
                    { chain },
                );
                assert.equal(
                    deploy?.contractAddress?.toLowerCase(),
                    activity.contract.address.toLowerCase(),
                    name,
                );
            }
        },
        eth_getBlockByNumber: async () => {
            for (const { name, chain, activity } of chains()) {
                const call = activity.contract.calls[1]!;
                const block = await client.call(
                    m.eth_getBlockByNumber,
                    [BigInt(call.blockNumber), true],
                    { chain },
                );
                assert.equal(block?.number, Number(call.blockNumber), name);
                assert.ok(block?.transactions?.length);
                const hashes = await client.call(
                    m.eth_getBlockByNumber,
                    [BigInt(call.blockNumber), false],
                    { chain },
                );
                assert.ok(hashes?.transactionHashes.includes(call.hash), name);
            }
        },
        eth_getTransactionCount: async () => {
            for (const { name, chain, activity } of chains()) {
                // ewoq sent every transfer, so its nonce counts at least those.
                const nonce = await client.call(m.eth_getTransactionCount, [ewoqAddress], {
                    chain,
                });
                assert.ok(nonce >= activity.transfers.length, name);
                const fresh = await client.call(
                    m.eth_getTransactionCount,
                    [`0x${'00'.repeat(19)}01`],
                    { chain },
                );
                assert.equal(fresh, 0, name);
            }
        },
        eth_getBlockByHash: async () => {
            for (const { name, chain, activity } of chains()) {
                const call = activity.contract.calls[1]!;
                const byNumber = await client.call(
                    m.eth_getBlockByNumber,
                    [BigInt(call.blockNumber), false],
                    { chain },
                );
                assert.ok(byNumber, name);
                const byHash = await client.call(m.eth_getBlockByHash, [byNumber.hash, false], {
                    chain,
                });
                assert.equal(byHash?.number, byNumber.number, name);
                assert.ok(byHash?.transactionHashes.includes(call.hash), name);
                const unknown = await client.call(m.eth_getBlockByHash, [`0x${'ab'.repeat(32)}`], {
                    chain,
                });
                assert.equal(unknown, null, name);
            }
        },
        eth_getLogs: async () => {
            for (const { name, chain, activity } of chains()) {
                // The counter's calls emit logs: a filter on its address over the block of one
                // call answers exactly the receipt's logs, with where they sit.
                const call = activity.contract.calls.find((c) => c.logs > 0)!;
                const receipt = await client.call(m.eth_getTransactionReceipt, [call.hash], {
                    chain,
                });
                const block = BigInt(call.blockNumber);
                const logs = await client.call(
                    m.eth_getLogs,
                    [{ fromBlock: block, toBlock: block, address: activity.contract.address }],
                    { chain },
                );
                assert.equal(logs.length, receipt?.logs.length, name);
                assert.equal(logs[0]?.transactionHash, call.hash, name);
                assert.equal(logs[0]?.blockNumber, Number(block), name);
                const none = await client.call(
                    m.eth_getLogs,
                    [
                        {
                            fromBlock: block,
                            toBlock: block,
                            address: activity.contract.address,
                            topics: [`0x${'ab'.repeat(32)}`],
                        },
                    ],
                    { chain },
                );
                assert.deepEqual(none, [], name);
            }
        },
    } satisfies Record<NodeRpcMethodName, () => Promise<void>>;

    for (const method of listNodeRpcMethods()) {
        it(`(node) ${method.name}`, () => cases[method.name]());
    }

    it('(node) has a case for every method of the table, and nothing else', () => {
        assert.deepEqual(
            Object.keys(cases).sort(),
            listNodeRpcMethods()
                .map((method) => method.name)
                .sort(),
        );
    });

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

    /** A Subnet-EVM extra asked of the C-Chain: the sentence says where it exists. */
    async function refusedOnC(method: AnyNodeRpcMethod): Promise<void> {
        const error = await rejection(client.call(method, [], { chain: 'C' }));
        assert.ok(isRpcError(error), String(error));
        assert.equal(
            error.message,
            `This node does not offer ${method.name} (it exists only on Subnet-EVM chains, not on the C-Chain).`,
        );
    }

    describe("(node) the node's own error texts, as the sentences a user reads", () => {
        it('(node) an unknown method on /ext/info, and one with an upper-case letter after the dot', async () => {
            const missing = await rejection(client.callRaw('/ext/info', 'info.fooBar', {}));
            assert.ok(isRpcError(missing));
            assert.equal(missing.rpcMessage, 'rpc: can\'t find method "info.FooBar"');
            assert.equal(
                missing.message,
                'This node does not offer info.fooBar (check the method name and the endpoint path).',
            );
            const upper = await rejection(client.callRaw('/ext/info', 'info.GetNodeID', {}));
            assert.ok(isRpcError(upper));
            assert.equal(upper.rpcMessage, 'method must start with a non-uppercase letter');
            assert.equal(
                upper.message,
                'This node does not offer info.GetNodeID (AvalancheGo method names continue with a lower-case letter after the dot).',
            );
        });

        it('(node) params of the wrong type, on a node API and on an EVM chain', async () => {
            const node = await rejection(
                client.callRaw('/ext/info', 'info.peers', { nodeIDs: 'not-a-list' }),
            );
            assert.ok(isRpcError(node));
            assert.equal(node.code, -32000);
            assert.equal(
                node.message,
                'The node could not read the parameters of info.peers: check their format (code -32000).',
            );
            const evm = await rejection(
                client.callRaw('/ext/bc/C/rpc', 'eth_getBalance', ['0x12', 'latest']),
            );
            assert.ok(isRpcError(evm));
            assert.equal(evm.code, -32602);
            assert.match(
                evm.message,
                /^The node could not read the parameters of eth_getBalance: check their format \(node says: invalid argument 0: .+; code -32602\)\.$/,
            );
        });

        it('(node) an unknown eth_ method, and a chain the node does not have', async () => {
            const missing = await rejection(
                client.callRaw('/ext/bc/C/rpc', 'eth_noSuchMethod', []),
            );
            assert.ok(isRpcError(missing));
            assert.equal(missing.code, -32601);
            assert.equal(
                missing.message,
                'This node does not offer eth_noSuchMethod (check the method name and the endpoint path).',
            );
            const byId = await rejection(
                client.call(m.eth_chainId, [], {
                    chain: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
                }),
            );
            assert.ok(isNodeApiUnavailableError(byId));
            assert.match(byId.message, /^The node has no chain /);
            const byAlias = await rejection(client.call(m.eth_chainId, [], { chain: 'nochain' }));
            assert.ok(isNodeApiUnavailableError(byAlias));
            assert.equal(byAlias.reason, 'notFound');
            assert.equal(byAlias.message, 'The node has no chain nochain (or it is not tracked).');
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
});
