import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

import { MockAgent } from 'undici';

import {
    findNodeRpcMethod,
    isNodeApiUnavailableError,
    isRpcError,
    isValidationError,
    listNodeRpcMethods,
    NodeRpcClient,
    nodeRpcMethods,
    paramsFromText,
    type NodeApiUnavailableError,
    type NodeRpcMethod,
    type RpcError,
} from '../../../src/core';

import { failure } from '../../helpers/failure';
import { loadJson, nodeRpcFixtures } from '../../helpers/fixtures';
import { repoRoot } from '../../helpers/paths';

// Compiled to out/test/unit: the repository root is three levels up.
const rootDir = repoRoot;
const nodeUrl = 'http://127.0.0.1:9650';

function readFixture(name: string): unknown {
    return loadJson(nodeRpcFixtures, name);
}

function parse<R>(method: NodeRpcMethod<string, never, R>, result: unknown): R {
    const parsed = method.resultSchema().safeParse(result);
    if (!parsed.success) {
        assert.fail(`${method.name}: ${JSON.stringify(parsed.error.issues)}`);
    }
    return method.normalize(parsed.data);
}

function rejects(method: NodeRpcMethod, result: unknown): void {
    assert.equal(method.resultSchema().safeParse(result).success, false, JSON.stringify(result));
}

const expectedNames = [
    'admin.alias',
    'admin.aliasChain',
    'admin.getChainAliases',
    'admin.getLoggerLevel',
    'admin.setLoggerLevel',
    'admin.loadVMs',
    'admin.lockProfile',
    'admin.memoryProfile',
    'admin.startCPUProfiler',
    'admin.stopCPUProfiler',
    'info.acps',
    'info.isBootstrapped',
    'info.getBlockchainID',
    'info.getNetworkID',
    'info.getNetworkName',
    'info.getNodeID',
    'info.getNodeIP',
    'info.getNodeVersion',
    'info.getTxFee',
    'info.getVMs',
    'info.peers',
    'info.uptime',
    'info.upgrades',
    'platform.getHeight',
    'platform.getSubnets',
    'platform.getSubnet',
    'platform.getBlockchains',
    'platform.getBlockchainStatus',
    'platform.validatedBy',
    'platform.validates',
    'platform.getCurrentValidators',
    'platform.getL1Validator',
    'platform.getValidatorsAt',
    'platform.getTx',
    'platform.getTxStatus',
    'platform.getBalance',
    'platform.getStakingAssetID',
    'platform.getCurrentSupply',
    'platform.getTimestamp',
    'platform.getBlockByHeight',
    'platform.getFeeState',
    'platform.getValidatorFeeState',
    'platform.getValidatorFeeConfig',
    'platform.getMinStake',
    'platform.getTotalStake',
    'avm.getHeight',
    'avm.getTx',
    'avm.getTxStatus',
    'avm.getAssetDescription',
    'avm.getBlockByHeight',
    'avm.getBalance',
    'avm.getAllBalances',
    'eth_feeConfig',
    'eth_getChainConfig',
    'eth_getActivePrecompilesAt',
    'eth_getActiveRulesAt',
    'validators.getCurrentValidators',
    'eth_chainId',
    'eth_blockNumber',
    'eth_getBalance',
    'eth_getCode',
    'eth_getTransactionCount',
    'eth_getTransactionByHash',
    'eth_getTransactionReceipt',
    'eth_getBlockByNumber',
    'eth_getBlockByHash',
    'health.health',
    'health.readiness',
    'health.liveness',
    'eth_getLogs',
];

describe('(unit) nodeRpc method table', () => {
    it('declares every method of the brief once, keyed by its literal name', () => {
        assert.deepEqual(Object.keys(nodeRpcMethods).sort(), [...expectedNames].sort());
        for (const [key, method] of Object.entries(nodeRpcMethods)) assert.equal(method.name, key);
        assert.equal(listNodeRpcMethods().length, expectedNames.length);
    });

    it('routes each method by its namespace and uses arrays only for eth_*', () => {
        for (const method of listNodeRpcMethods()) {
            const expected = method.name.startsWith('admin.')
                ? 'admin'
                : method.name.startsWith('info.')
                  ? 'info'
                  : method.name.startsWith('platform.')
                    ? 'platform'
                    : method.name.startsWith('avm.')
                      ? 'avm'
                      : method.name.startsWith('validators.')
                        ? 'validators'
                        : method.name.startsWith('health.')
                          ? 'health'
                          : 'evm';
            assert.equal(method.endpoint, expected, method.name);
            assert.equal(method.paramsStyle, expected === 'evm' ? 'array' : 'object', method.name);
        }
    });

    it('flags exactly the node-changing, public-server-less and deprecated methods', () => {
        const names = (test: (m: NodeRpcMethod) => boolean): string[] =>
            listNodeRpcMethods()
                .filter(test)
                .map((m) => m.name)
                .sort();
        assert.deepEqual(
            names((m) => m.changesNode),
            [
                'admin.alias',
                'admin.aliasChain',
                'admin.loadVMs',
                'admin.lockProfile',
                'admin.memoryProfile',
                'admin.setLoggerLevel',
                'admin.startCPUProfiler',
                'admin.stopCPUProfiler',
            ],
        );
        assert.deepEqual(
            names((m) => !m.publicServer),
            [
                ...expectedNames.filter((n) => n.startsWith('admin.')),
                'info.getNodeID',
                'info.getNodeIP',
                'info.getVMs',
            ].sort(),
        );
        assert.deepEqual(
            names((m) => m.deprecated !== undefined),
            [
                'avm.getAllBalances',
                'avm.getBalance',
                'avm.getTxStatus',
                'eth_getActivePrecompilesAt',
                'info.getTxFee',
                'platform.getBalance',
                'platform.getBlockchains',
                'platform.getSubnets',
            ],
        );
    });

    it('gives every method a one-line description and a reason it may be missing', () => {
        for (const method of listNodeRpcMethods()) {
            assert.match(method.description, /^[A-Z].{5,90}$/, method.name);
            assert.ok(!method.description.includes('\n'), method.name);
            assert.ok(method.whyMissing.length > 10, method.name);
            for (const param of method.params) assert.ok(param.description.length > 5);
        }
    });

    it('builds each result schema once, on first use', () => {
        for (const method of listNodeRpcMethods()) {
            assert.equal(method.resultSchema(), method.resultSchema(), method.name);
        }
    });

    it('constructs no zod schema when the table is loaded', () => {
        // A fresh process counts calls into zod while the module loads and after first use.
        const modulePath = path.join(rootDir, 'out/src/core/nodeRpc/methods.js');
        const script = `
            const Module = require('node:module');
            const load = Module._load;
            let calls = 0;
            Module._load = function (request) {
                const mod = load.apply(this, arguments);
                if (request !== 'zod') return mod;
                // A copy, not a Proxy: zod's exports are read-only, non-configurable properties.
                const counted = { __esModule: true };
                for (const key of Object.keys(mod)) {
                    const value = mod[key];
                    counted[key] = typeof value !== 'function' ? value
                        : function (...args) { calls++; return value.apply(this, args); };
                }
                return counted;
            };
            const m = require(${JSON.stringify(modulePath)});
            const atLoad = calls;
            m.nodeRpcMethods['info.peers'].resultSchema();
            process.stdout.write(JSON.stringify({ atLoad, afterUse: calls }));
        `;
        const out = JSON.parse(
            execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }),
        ) as { atLoad: number; afterUse: number };
        assert.equal(out.atLoad, 0);
        assert.ok(out.afterUse > 0, 'the counter must see schema construction');
    });

    it('finds methods by name and nothing else', () => {
        assert.equal(findNodeRpcMethod('info.peers'), nodeRpcMethods['info.peers']);
        assert.equal(findNodeRpcMethod('eth_getBalance'), nodeRpcMethods.eth_getBalance);
        for (const name of ['info.fooBar', 'toString', '__proto__', 'constructor', '']) {
            assert.equal(findNodeRpcMethod(name), undefined, name);
        }
    });

    it('turns prompt texts into params that pass the checks', () => {
        const peers = paramsFromText(nodeRpcMethods['info.peers'], {
            nodeIDs: 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD, NodeID-111111111111111111116DBWJs',
        });
        assert.deepEqual(nodeRpcMethods['info.peers'].encodeParams(peers), {
            nodeIDs: [
                'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD',
                'NodeID-111111111111111111116DBWJs',
            ],
        });
        const block = paramsFromText(nodeRpcMethods.eth_getBlockByNumber, {
            block: '26',
            fullTransactions: 'true',
        });
        assert.deepEqual(nodeRpcMethods.eth_getBlockByNumber.encodeParams(block), ['0x1a', true]);
        const balance = paramsFromText(nodeRpcMethods.eth_getBalance, {
            address: '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc',
            block: '',
        });
        assert.deepEqual(balance, ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc']);
        assert.deepEqual(paramsFromText(nodeRpcMethods['info.getNodeID'], {}), {});
        const rules = paramsFromText(nodeRpcMethods.eth_getActiveRulesAt, {
            timestamp: '1712918700',
        });
        assert.deepEqual(nodeRpcMethods.eth_getActiveRulesAt.encodeParams(rules), [1712918700]);
    });

    it('encodes an eth_getLogs filter with explicit bounds, typed as JSON in a prompt', () => {
        const topic = `0x${'ab'.repeat(32)}`;
        const typed = paramsFromText(nodeRpcMethods.eth_getLogs, {
            filter: `{"fromBlock": 26, "toBlock": "latest", "topics": [["${topic}"], null]}`,
        });
        assert.deepEqual(nodeRpcMethods.eth_getLogs.encodeParams(typed), [
            { fromBlock: '0x1a', toBlock: 'latest', topics: [[topic], null] },
        ]);
        const refused = (filter: unknown): boolean => {
            try {
                nodeRpcMethods.eth_getLogs.encodeParams([filter as never]);
                return false;
            } catch (error) {
                return isValidationError(error);
            }
        };
        assert.ok(refused('{"fromBlock": 1'), 'text that is not JSON');
        assert.ok(refused({ fromBlock: 1 }), 'no upper bound');
        assert.ok(refused({ fromBlock: 1, toBlock: 2, topics: [null, null, null, null, null] }));
        assert.ok(refused({ fromBlock: 1, toBlock: 2, topics: [Array(17).fill(topic)] }));
        assert.ok(refused({ fromBlock: 1, toBlock: 2, address: '0x12' }));
        assert.ok(refused({ fromBlock: 1, toBlock: 2, topics: ['0x12'] }));
        // A sparse list's hole is no topic position (fast-check found it, seed 1564764828).
        assert.ok(refused({ fromBlock: 1, toBlock: '0x10', topics: [, null] }), 'a hole');
        assert.ok(refused({ fromBlock: 1, toBlock: 2, topics: [[topic, , topic]] }), 'a hole');
    });
});

describe('(unit) nodeRpc result schemas on the reference examples', () => {
    const exampleFiles = readdirSync(nodeRpcFixtures).filter(
        (f) => f.startsWith('rpc-') && f.endsWith('.json') && !f.startsWith('rpc-error.'),
    );

    it('has an example for every node-native and Subnet-EVM method', () => {
        const covered = exampleFiles.map((f) => f.slice(4, -5)).sort();
        // The P- and X-Chain methods are held to a real node's answers instead
        // (test/unit/nodeRpc/nodeRpcPrimary.test.ts over test/fixtures/realnode/primary.json), and so is
        // the health API (test/fixtures/realnode/health.json).
        const nonStandard = expectedNames.filter(
            (n) =>
                (!n.startsWith('eth_') &&
                    !n.startsWith('platform.') &&
                    !n.startsWith('avm.') &&
                    !n.startsWith('health.')) ||
                [
                    'eth_feeConfig',
                    'eth_getChainConfig',
                    'eth_getActivePrecompilesAt',
                    'eth_getActiveRulesAt',
                ].includes(n),
        );
        assert.deepEqual(covered, [...nonStandard].sort());
    });

    for (const file of exampleFiles) {
        it(`parses ${file} with its method's result schema`, () => {
            const method = findNodeRpcMethod(file.slice(4, -5));
            assert.ok(method, file);
            const envelope = readFixture(file) as { result: unknown };
            parse(method as NodeRpcMethod<string, never, unknown>, envelope.result);
        });
    }

    const example = (name: string): unknown =>
        (readFixture(`rpc-${name}.json`) as { result: unknown }).result;

    it('normalises numbers that AvalancheGo sends as strings', () => {
        assert.deepEqual(parse(nodeRpcMethods['info.getNetworkID'], example('info.getNetworkID')), {
            networkId: 2,
        });
        assert.deepEqual(parse(nodeRpcMethods['info.uptime'], example('info.uptime')), {
            rewardingStakePercentage: 100,
            weightedAveragePercentage: 99,
        });
        const fees = parse(nodeRpcMethods['info.getTxFee'], example('info.getTxFee'));
        assert.equal(fees.txFee, '1000000');
        assert.equal(fees.transformSubnetTxFee, '10000000000');
        assert.equal(Object.keys(fees).length, 9);
        const acps = parse(nodeRpcMethods['info.acps'], example('info.acps'));
        assert.deepEqual(
            acps.acps.map((a) => a.acp),
            [23, 24, 25, 30, 31, 41, 62],
        );
        assert.equal(acps.acps[0]?.abstainWeight, '161147778098286584');
        assert.equal(BigInt(acps.acps[0]?.abstainWeight ?? '0'), 161147778098286584n);
        const version = parse(
            nodeRpcMethods['info.getNodeVersion'],
            example('info.getNodeVersion'),
        );
        assert.equal(version.rpcProtocolVersion, 18);
        assert.equal(version.vmVersions['evm'], 'v0.11.1');
    });

    it('normalises peers, keeping the docs example duplicate key tolerable', () => {
        const peers = parse(nodeRpcMethods['info.peers'], example('info.peers'));
        assert.equal(peers.numPeers, 3);
        assert.equal(peers.peers.length, 3);
        assert.deepEqual(peers.peers[1], {
            nodeId: 'NodeID-C14fr1n8EYNKyDfYixJ3rxSAVqTY3a8BP',
            ip: '158.255.67.151:9651',
            publicIp: '158.255.67.151:9651',
            version: 'avalanche/1.9.4',
            lastSent: '2020-06-01T15:23:02Z',
            lastReceived: '2020-06-01T15:22:34Z',
            observedUptime: 75,
            trackedSubnets: ['29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL'],
            supportedAcps: [],
            objectedAcps: [],
            benched: [],
        });
    });

    it('normalises upgrades into an ordered timeline', () => {
        const upgrades = parse(nodeRpcMethods['info.upgrades'], example('info.upgrades'));
        assert.equal(upgrades.upgrades[0]?.name, 'apricotPhase1');
        assert.equal(upgrades.upgrades.at(-1)?.name, 'helicon');
        assert.equal(upgrades.upgrades.length, 15);
        assert.equal(upgrades.apricotPhase4MinPChainHeight, 793005);
        assert.equal(
            upgrades.cortinaXChainStopVertexId,
            'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
        );
        assert.deepEqual(upgrades.other, {});
        const times = upgrades.upgrades.map((u) => u.timeMs);
        assert.deepEqual(
            times,
            [...times].sort((a, b) => a - b),
        );
    });

    it('normalises the Subnet-EVM extras', () => {
        const fee = parse(nodeRpcMethods.eth_feeConfig, example('eth_feeConfig'));
        assert.deepEqual(fee, {
            feeConfig: {
                gasLimit: 15000000,
                targetBlockRate: 2,
                minBaseFee: '33000000000',
                targetGas: 15000000,
                baseFeeChangeDenominator: 36,
                minBlockGasCost: 0,
                maxBlockGasCost: 1000000,
                blockGasCostStep: 200000,
            },
            lastChangedAt: 0,
        });
        const config = parse(nodeRpcMethods.eth_getChainConfig, example('eth_getChainConfig'));
        assert.equal(config.chainId, 43214);
        assert.equal(config.allowFeeRecipients, true);
        assert.equal(config.feeConfig?.gasLimit, 8000000);
        assert.deepEqual(
            config.precompiles.map((p) => p.name),
            ['contractDeployerAllowListConfig', 'contractNativeMinterConfig', 'feeManagerConfig'],
        );
        assert.deepEqual(
            config.precompileUpgrades.map((p) => [p.name, p.disable, p.blockTimestamp]),
            [
                ['feeManagerConfig', true, 1661541259],
                ['feeManagerConfig', false, 1661541269],
            ],
        );
        assert.ok(
            config.forks.some((f) => f.key === 'subnetEVMTimestamp' && f.kind === 'timestamp'),
        );
        assert.ok(config.forks.some((f) => f.key === 'istanbulBlock' && f.kind === 'block'));
        assert.equal(
            config.raw['eip150Hash'],
            '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
        );
        const rules = parse(nodeRpcMethods.eth_getActiveRulesAt, example('eth_getActiveRulesAt'));
        assert.deepEqual(rules.networkRules, { IsSubnetEVM: true, IsDurango: true, IsEtna: true });
        assert.equal(rules.ethRules['IsCancun'], true);
        assert.deepEqual(rules.precompiles, [
            { name: 'contractNativeMinterConfig', timestamp: 0 },
            { name: 'rewardManagerConfig', timestamp: 1712918700 },
            { name: 'warpConfig', timestamp: 1714158045 },
        ]);
        const active = parse(
            nodeRpcMethods.eth_getActivePrecompilesAt,
            example('eth_getActivePrecompilesAt'),
        );
        assert.deepEqual(active.precompiles[0]?.adminAddresses, [
            '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc',
        ]);
    });

    it('normalises validators, node id, VMs, loggers and loaded VMs', () => {
        const validators = parse(
            nodeRpcMethods['validators.getCurrentValidators'],
            example('validators.getCurrentValidators'),
        );
        assert.deepEqual(validators.validators[0], {
            validationId: 'nESqWkcNXihfdZESS2idWbFETMzatmkoTCktjxG1qryaQXfS6',
            nodeId: 'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
            weight: '20',
            startTimestamp: 1732025492,
            isActive: true,
            isL1Validator: false,
            isConnected: true,
            uptimeSeconds: 36,
            uptimePercentage: 100,
        });
        const node = parse(nodeRpcMethods['info.getNodeID'], example('info.getNodeID'));
        assert.equal(node.nodeId, 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD');
        assert.match(node.nodePop?.publicKey ?? '', /^0x8f95/);
        const vms = parse(nodeRpcMethods['info.getVMs'], example('info.getVMs'));
        assert.equal(vms.vms.length, 6);
        assert.deepEqual(vms.fxs, []);
        const loggers = parse(
            nodeRpcMethods['admin.getLoggerLevel'],
            example('admin.getLoggerLevel'),
        );
        assert.deepEqual(loggers.loggerLevels, [
            { loggerName: 'C', logLevel: 'DEBUG', displayLevel: 'INFO' },
        ]);
        const loaded = parse(nodeRpcMethods['admin.loadVMs'], example('admin.loadVMs'));
        assert.deepEqual(loaded.failedVms, [
            { vmId: 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy', error: 'error message' },
        ]);
        assert.deepEqual(parse(nodeRpcMethods['admin.alias'], example('admin.alias')), {});
    });
});

describe('(unit) nodeRpc result schemas tolerate real-node variants', () => {
    it('accepts numbers or numeric strings wherever AvalancheGo may send either', () => {
        assert.equal(parse(nodeRpcMethods['info.getNetworkID'], { networkID: '1' }).networkId, 1);
        assert.equal(parse(nodeRpcMethods['info.getNetworkID'], { networkID: 5 }).networkId, 5);
        assert.equal(parse(nodeRpcMethods['info.peers'], { numPeers: '3', peers: [] }).numPeers, 3);
        assert.equal(parse(nodeRpcMethods['info.peers'], { numPeers: 3, peers: null }).numPeers, 3);
        const uptime = parse(nodeRpcMethods['info.uptime'], {
            rewardingStakePercentage: '99.5000',
            weightedAveragePercentage: 98.25,
        });
        assert.deepEqual(uptime, {
            rewardingStakePercentage: 99.5,
            weightedAveragePercentage: 98.25,
        });
        const fees = parse(nodeRpcMethods['info.getTxFee'], {
            txFee: 1000000,
            createAssetTxFee: '18446744073709551615',
        });
        assert.deepEqual(fees, { txFee: '1000000', createAssetTxFee: '18446744073709551615' });
        const validators = parse(nodeRpcMethods['validators.getCurrentValidators'], {
            validators: [
                {
                    nodeID: 'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
                    weight: '18446744073709551615',
                    uptimePercentage: '99.5',
                },
            ],
        });
        assert.equal(validators.validators[0]?.weight, '18446744073709551615');
        assert.equal(validators.validators[0]?.uptimePercentage, 99.5);
    });

    it('rejects values that are not numbers at all', () => {
        rejects(nodeRpcMethods['info.getNetworkID'], { networkID: 'one' });
        rejects(nodeRpcMethods['info.getNetworkID'], { networkID: -1 });
        rejects(nodeRpcMethods['info.uptime'], {
            rewardingStakePercentage: 'high',
            weightedAveragePercentage: 1,
        });
        rejects(nodeRpcMethods['info.peers'], { numPeers: 1, peers: [{ ip: '1.2.3.4:9651' }] });
        rejects(nodeRpcMethods['info.peers'], 'peers');
        rejects(nodeRpcMethods.eth_blockNumber, 12);
        rejects(nodeRpcMethods.eth_blockNumber, '0xzz');
        rejects(nodeRpcMethods.eth_feeConfig, { feeConfig: { gasLimit: 1 } });
    });

    it('accepts avalancheRules and networkRules as one field', () => {
        const a = parse(nodeRpcMethods.eth_getActiveRulesAt, {
            ethRules: {},
            avalancheRules: { IsDurango: true },
        });
        const b = parse(nodeRpcMethods.eth_getActiveRulesAt, {
            ethRules: {},
            networkRules: { IsDurango: true },
        });
        assert.deepEqual(a, b);
        assert.deepEqual(a.networkRules, { IsDurango: true });
        assert.deepEqual(a.precompiles, []);
    });

    it('accepts info.getVMs with and without fxs', () => {
        const withFxs = parse(nodeRpcMethods['info.getVMs'], {
            vms: { jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq: ['avm'] },
            fxs: { spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ: 'secp256k1fx' },
        });
        assert.deepEqual(withFxs.fxs, [
            { fxId: 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ', names: ['secp256k1fx'] },
        ]);
        assert.deepEqual(parse(nodeRpcMethods['info.getVMs'], { vms: {} }), { vms: [], fxs: [] });
    });

    it('tolerates peers with missing and extra fields', () => {
        const peers = parse(nodeRpcMethods['info.peers'], {
            numPeers: '2',
            peers: [
                { nodeID: 'NodeID-8PYXX47kqLDe2wD4oPbvRRchcnSzMA4J4' },
                {
                    nodeID: 'NodeID-C14fr1n8EYNKyDfYixJ3rxSAVqTY3a8BP',
                    ip: '158.255.67.151:9651',
                    upgradeTime: 1732035600,
                    observedUptime: '99',
                    trackedSubnets: null,
                    supportedACPs: [23, 24],
                    objectedACPs: ['25'],
                    benched: ['2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'],
                    futureField: { anything: true },
                },
            ],
        });
        assert.deepEqual(peers.peers[0], {
            nodeId: 'NodeID-8PYXX47kqLDe2wD4oPbvRRchcnSzMA4J4',
            trackedSubnets: [],
            supportedAcps: [],
            objectedAcps: [],
            benched: [],
        });
        assert.equal(peers.peers[1]?.upgradeTime, 1732035600);
        assert.deepEqual(peers.peers[1]?.supportedAcps, [23, 24]);
        assert.deepEqual(peers.peers[1]?.objectedAcps, [25]);
        assert.equal(peers.peers[1]?.observedUptime, 99);
        assert.ok(!('futureField' in (peers.peers[1] ?? {})));
    });

    it('accepts setLoggerLevel as {} or {loggerLevels}, and loadVMs without failedVMs', () => {
        assert.deepEqual(parse(nodeRpcMethods['admin.setLoggerLevel'], {}), {});
        assert.deepEqual(
            parse(nodeRpcMethods['admin.setLoggerLevel'], {
                loggerLevels: { P: { logLevel: 'INFO', displayLevel: 'WARN' } },
            }),
            { loggerLevels: [{ loggerName: 'P', logLevel: 'INFO', displayLevel: 'WARN' }] },
        );
        assert.deepEqual(parse(nodeRpcMethods['admin.loadVMs'], { newVMs: {} }), {
            newVms: [],
            failedVms: [],
        });
    });

    it('keeps every upgrade time and unknown key of info.upgrades', () => {
        const upgrades = parse(nodeRpcMethods['info.upgrades'], {
            durangoTime: '2024-03-06T16:00:00Z',
            graniteTime: '2025-11-19T16:00:00Z',
            graniteEpochDuration: 30000000000,
            zeusTime: '2030-01-01T00:00:00Z',
            apricotPhase4MinPChainHeight: '793005',
            someFutureSetting: { a: 1 },
        });
        assert.deepEqual(
            upgrades.upgrades.map((u) => u.key),
            ['durangoTime', 'graniteTime', 'zeusTime'],
        );
        assert.equal(upgrades.graniteEpochDurationMs, 30000);
        assert.equal(upgrades.apricotPhase4MinPChainHeight, 793005);
        assert.deepEqual(upgrades.other, { someFutureSetting: { a: 1 } });
    });

    it('normalises standard eth_* results', () => {
        assert.equal(parse(nodeRpcMethods.eth_chainId, '0xa86a'), 43114);
        assert.equal(parse(nodeRpcMethods.eth_blockNumber, '0x1a'), 26);
        assert.equal(
            parse(nodeRpcMethods.eth_getBalance, '0xffffffffffffffffffffffff'),
            '79228162514264337593543950335',
        );
        assert.equal(parse(nodeRpcMethods.eth_getCode, '0x6080ABCD'), '0x6080abcd');
        assert.equal(parse(nodeRpcMethods.eth_getTransactionByHash, null), null);
        assert.equal(parse(nodeRpcMethods.eth_getBlockByNumber, null), null);
        const tx = parse(nodeRpcMethods.eth_getTransactionByHash, {
            hash: `0x${'ab'.repeat(32)}`,
            blockHash: `0x${'cd'.repeat(32)}`,
            blockNumber: '0x10',
            transactionIndex: '0x0',
            from: `0x${'11'.repeat(20)}`,
            to: null,
            value: '0xde0b6b3a7640000',
            gas: '0x5208',
            gasPrice: '0x5d21dba00',
            nonce: '0x7',
            input: '0x',
            type: '0x2',
            chainId: '0xa86a',
            v: '0x1',
        });
        assert.equal(tx?.value, '1000000000000000000');
        assert.equal(tx?.to, null);
        assert.equal(tx?.blockNumber, 16);
        assert.equal(tx?.type, 2);
        const receipt = parse(nodeRpcMethods.eth_getTransactionReceipt, {
            transactionHash: `0x${'ab'.repeat(32)}`,
            transactionIndex: '0x0',
            blockHash: `0x${'cd'.repeat(32)}`,
            blockNumber: '0x10',
            from: `0x${'11'.repeat(20)}`,
            to: `0x${'22'.repeat(20)}`,
            cumulativeGasUsed: '0x5208',
            gasUsed: '0x5208',
            contractAddress: null,
            logs: [
                {
                    address: `0x${'22'.repeat(20)}`,
                    topics: [`0x${'ee'.repeat(32)}`],
                    data: '0x',
                    logIndex: '0x3',
                },
            ],
            status: '0x0',
        });
        assert.equal(receipt?.status, 'failed');
        assert.equal(receipt?.logs[0]?.logIndex, 3);
        const block = parse(nodeRpcMethods.eth_getBlockByNumber, {
            number: '0x10',
            hash: `0x${'cd'.repeat(32)}`,
            parentHash: `0x${'ce'.repeat(32)}`,
            timestamp: '0x6720c5a0',
            gasLimit: '0xe4e1c0',
            gasUsed: '0x5208',
            baseFeePerGas: '0x5d21dba00',
            blockGasCost: '0x0',
            transactions: [`0x${'ab'.repeat(32)}`],
        });
        assert.equal(block?.timestamp, 0x6720c5a0);
        assert.deepEqual(block?.transactionHashes, [`0x${'ab'.repeat(32)}`]);
        assert.equal(block?.baseFeePerGas, '25000000000');
    });
});

describe('(unit) nodeRpc parameter checks', () => {
    const invalid = (method: NodeRpcMethod, params: unknown, param: RegExp): void => {
        assert.throws(
            () => method.encodeParams(params),
            (error: unknown) => isValidationError(error) && param.test((error as Error).message),
            `${method.name} ${String(params)}`,
        );
    };
    const nodeA = 'NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD';
    const cChain = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

    it('checks admin.alias: a non-empty endpoint and an alias of 1 to 512 characters', () => {
        const alias = nodeRpcMethods['admin.alias'];
        assert.deepEqual(alias.encodeParams({ endpoint: 'bc/X', alias: 'x'.repeat(512) }), {
            endpoint: 'bc/X',
            alias: 'x'.repeat(512),
        });
        invalid(alias, { endpoint: 'bc/X', alias: 'x'.repeat(513) }, /alias/);
        invalid(alias, { endpoint: 'bc/X', alias: '' }, /alias/);
        invalid(alias, { endpoint: '', alias: 'myX' }, /endpoint/);
        invalid(alias, { alias: 'myX' }, /endpoint/);
        invalid(alias, null, /params/);
    });

    it('checks setLoggerLevel: at least one level, each a known name in any case', () => {
        const set = nodeRpcMethods['admin.setLoggerLevel'];
        assert.deepEqual(set.encodeParams({ logLevel: 'debug' }), { logLevel: 'DEBUG' });
        assert.deepEqual(set.encodeParams({ loggerName: 'C', displayLevel: 'Verbo' as 'VERBO' }), {
            loggerName: 'C',
            displayLevel: 'VERBO',
        });
        invalid(set, {}, /logLevel and displayLevel/);
        invalid(set, { loggerName: 'C' }, /logLevel and displayLevel/);
        invalid(
            set,
            { logLevel: 'LOUD' },
            /logLevel.*OFF, FATAL, ERROR, WARN, INFO, TRACE, DEBUG, VERBO/,
        );
        invalid(set, { logLevel: 'INFO', displayLevel: 3 }, /displayLevel/);
    });

    it('checks node ids, including the cb58 checksum', () => {
        const peers = nodeRpcMethods['info.peers'];
        assert.deepEqual(peers.encodeParams({}), {});
        assert.deepEqual(peers.encodeParams({ nodeIDs: [nodeA] }), { nodeIDs: [nodeA] });
        invalid(peers, { nodeIDs: ['NodeID-5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzE'] }, /nodeIDs\[0\]/);
        invalid(peers, { nodeIDs: [nodeA, '5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD'] }, /nodeIDs\[1\]/);
        invalid(peers, { nodeIDs: nodeA }, /nodeIDs/);
        invalid(
            nodeRpcMethods['validators.getCurrentValidators'],
            { nodeIDs: ['NodeID-'] },
            /nodeIDs\[0\]/,
        );
    });

    it('checks chain ids and aliases', () => {
        const bootstrapped = nodeRpcMethods['info.isBootstrapped'];
        assert.deepEqual(bootstrapped.encodeParams({ chain: 'X' }), { chain: 'X' });
        assert.deepEqual(bootstrapped.encodeParams({ chain: cChain }), { chain: cChain });
        invalid(bootstrapped, { chain: `${cChain.slice(0, -1)}6` }, /checksum/);
        invalid(bootstrapped, { chain: '' }, /chain/);
        invalid(bootstrapped, { chain: 'bc/X' }, /chain/);
        invalid(bootstrapped, { chain: '../admin' }, /chain/);
        invalid(
            nodeRpcMethods['admin.aliasChain'],
            { chain: 'C', alias: 'y'.repeat(600) },
            /alias/,
        );
        invalid(nodeRpcMethods['info.uptime'], { subnetID: 'abc' }, /subnetID/);
    });

    it('checks eth_* addresses, hashes, block numbers and timestamps', () => {
        const address = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc';
        const balance = nodeRpcMethods.eth_getBalance;
        assert.deepEqual(balance.encodeParams([address]), [address, 'latest']);
        assert.deepEqual(balance.encodeParams([address, 26]), [address, '0x1a']);
        assert.deepEqual(balance.encodeParams([address, 26n]), [address, '0x1a']);
        assert.deepEqual(balance.encodeParams([address, '0x1A']), [address, '0x1a']);
        assert.deepEqual(balance.encodeParams([address, 'finalized']), [address, 'finalized']);
        invalid(balance, [address.slice(0, -1)], /address/);
        invalid(balance, [`${address}00`], /address/);
        invalid(balance, [address, '0x01'], /block/);
        invalid(balance, [address, -1], /block/);
        invalid(balance, [address, 1.5], /block/);
        invalid(balance, [address, '26'], /block/);
        invalid(balance, [address, 2n ** 63n], /block/);
        invalid(balance, [address, 'latest', 'extra'], /params/);
        invalid(nodeRpcMethods.eth_getTransactionByHash, ['0x1234'], /hash/);
        invalid(nodeRpcMethods.eth_getTransactionReceipt, [], /hash/);
        invalid(nodeRpcMethods.eth_getBlockByNumber, [], /block/);
        invalid(nodeRpcMethods.eth_getBlockByNumber, ['latest', 'yes'], /fullTransactions/);
        invalid(nodeRpcMethods.eth_getActiveRulesAt, [-5], /timestamp/);
        invalid(nodeRpcMethods.eth_getActiveRulesAt, [1.5], /timestamp/);
        invalid(nodeRpcMethods.eth_getActivePrecompilesAt, ['now'], /timestamp/);
        const hash: `0x${string}` = `0x${'ab'.repeat(32)}`;
        assert.deepEqual(nodeRpcMethods.eth_feeConfig.encodeParams([hash]), [hash]);
        assert.deepEqual(nodeRpcMethods.eth_feeConfig.encodeParams([]), []);
        assert.deepEqual(nodeRpcMethods.eth_getActiveRulesAt.encodeParams([]), []);
    });
});

describe('(unit) nodeRpc error examples over one exchange (MockAgent)', () => {
    let agent: MockAgent;
    let client: NodeRpcClient;

    beforeEach(() => {
        agent = new MockAgent();
        agent.disableNetConnect();
        client = new NodeRpcClient({ url: nodeUrl, dispatcher: agent, retry: { maxRetries: 0 } });
    });
    afterEach(async () => {
        await client.close();
        await agent.close();
    });

    function serveWrapper(file: string, path: string): void {
        const wrapper = readFixture(file) as {
            httpStatus: number;
            contentType: string;
            body: string;
        };
        agent
            .get(nodeUrl)
            .intercept({ path, method: 'POST' })
            .reply(wrapper.httpStatus, wrapper.body, {
                headers: { 'content-type': wrapper.contentType },
            });
    }

    function serveJson(file: string, path: string): void {
        agent
            .get(nodeUrl)
            .intercept({ path, method: 'POST' })
            .reply(200, JSON.stringify(readFixture(file)), {
                headers: { 'content-type': 'application/json' },
            });
    }

    it('maps a 404 on /ext/admin to adminDisabled', async () => {
        serveWrapper('rpc-error.admin-api-disabled.json', '/ext/admin');
        const error = await failure(
            client.call(nodeRpcMethods['admin.getChainAliases'], { chain: mainnetXChainId }),
        );
        assert.ok(isNodeApiUnavailableError(error));
        assert.equal(error.reason, 'adminDisabled');
        assert.equal(
            error.message,
            'The admin API is disabled on this node: start it with --api-admin-enabled=true.',
        );
        assert.equal(error.status, 404);
        assert.equal(error.method, 'admin.getChainAliases');
    });

    it('maps the bootstrapping 503 to bootstrapping, naming the chain', async () => {
        serveWrapper('rpc-error.chain-not-bootstrapped.json', '/ext/bc/C/rpc');
        const error = await failure(
            client.call(nodeRpcMethods.eth_blockNumber, [], { chain: 'C' }),
        );
        assert.ok(isNodeApiUnavailableError(error));
        assert.equal(error.reason, 'bootstrapping');
        assert.equal(
            error.message,
            'C is still bootstrapping on this node; try again when it is done.',
        );
    });

    it("maps json2's couldn't-unmarshal error to a parameters sentence", async () => {
        serveJson('rpc-error.invalid-params.avalanchego.json', '/ext/info');
        const error = await failure(
            client.call(nodeRpcMethods['info.isBootstrapped'], { chain: 'X' }),
        );
        assert.ok(isRpcError(error));
        assert.equal(error.code, -32000);
        assert.equal(error.data, null);
        assert.equal(
            error.message,
            'The node could not read the parameters of info.isBootstrapped: check their format (code -32000).',
        );
        assert.match(error.rpcMessage, /couldn't unmarshal an argument/);
    });

    it('maps the EVM invalid-params error and keeps its specific text', async () => {
        serveJson('rpc-error.invalid-params.evm.json', '/ext/bc/C/rpc');
        const error = (await failure(
            client.call(nodeRpcMethods.eth_getChainConfig, [], { chain: 'C' }),
        )) as RpcError;
        assert.ok(isRpcError(error));
        assert.equal(error.code, -32602);
        assert.match(
            error.message,
            /^The node could not read the parameters of eth_getChainConfig: check their format \(node says: missing value for required argument 0; code -32602\)\.$/,
        );
    });

    it('maps json2 method-not-found (-32000) to "does not offer" with the reason', async () => {
        serveJson('rpc-error.method-not-found.avalanchego.json', '/ext/info');
        const error = await failure(client.call(nodeRpcMethods['info.acps'], {}));
        assert.ok(isRpcError(error));
        assert.equal(
            error.message,
            'This node does not offer info.acps (older AvalancheGo versions lack it).',
        );
        assert.equal(error.code, -32000);
    });

    it('maps EVM method-not-found (-32601) on the C-Chain to the Subnet-EVM reason', async () => {
        serveJson('rpc-error.method-not-found.evm.json', '/ext/bc/C/rpc');
        const error = await failure(client.call(nodeRpcMethods.eth_feeConfig, [], { chain: 'C' }));
        assert.ok(isRpcError(error));
        assert.equal(
            error.message,
            'This node does not offer eth_feeConfig (it exists only on Subnet-EVM chains, not on the C-Chain).',
        );
    });

    it('maps a missing node-specific method to a public-server refusal', async () => {
        serveJson('rpc-error.method-not-found.avalanchego.json', '/ext/info');
        const error = (await failure(
            client.call(nodeRpcMethods['info.getNodeID'], {}),
        )) as NodeApiUnavailableError;
        assert.ok(isNodeApiUnavailableError(error));
        assert.equal(error.reason, 'publicServer');
        assert.equal(
            error.message,
            'Public API servers do not offer info.getNodeID; connect to your own node to see it.',
        );
    });

    it('maps an admin 404 from a known public server to a public-server refusal', async () => {
        const publicAgent = new MockAgent();
        publicAgent.disableNetConnect();
        publicAgent
            .get('https://api.avax.network')
            .intercept({ path: '/ext/admin', method: 'POST' })
            .reply(404, '404 page not found\n');
        const publicClient = new NodeRpcClient({
            url: 'https://api.avax.network/ext/bc/C/rpc',
            dispatcher: publicAgent,
        });
        try {
            assert.equal(publicClient.url, 'https://api.avax.network');
            const error = await failure(publicClient.call(nodeRpcMethods['admin.lockProfile'], {}));
            assert.ok(isNodeApiUnavailableError(error));
            assert.equal(error.reason, 'publicServer');
        } finally {
            await publicClient.close();
            await publicAgent.close();
        }
    });

    for (const file of readdirSync(nodeRpcFixtures).filter(
        (f) => /^rpc-[a-z]+[._].*\.json$/.test(f) && !f.startsWith('rpc-error.'),
    )) {
        it(`serves ${file} through the client and returns the normalised result`, async () => {
            const name = file.slice(4, -5);
            const method = findNodeRpcMethod(name) as
                NodeRpcMethod<string, unknown, unknown> | undefined;
            assert.ok(method);
            const path =
                method.endpoint === 'admin'
                    ? '/ext/admin'
                    : method.endpoint === 'info'
                      ? '/ext/info'
                      : method.endpoint === 'evm'
                        ? '/ext/bc/C/rpc'
                        : '/ext/bc/C/validators';
            const example = readFixture(file) as { result: unknown };
            let sent: { id: number; method: string; jsonrpc: string } | undefined;
            agent
                .get(nodeUrl)
                .intercept({ path, method: 'POST' })
                .reply(200, (request) => {
                    sent = JSON.parse(request.body as string) as typeof sent;
                    return JSON.stringify({ jsonrpc: '2.0', id: sent?.id, result: example.result });
                });
            const params =
                method.paramsStyle === 'array'
                    ? []
                    : name === 'admin.setLoggerLevel'
                      ? { logLevel: 'INFO' }
                      : paramsFor(name);
            const result = await client.call(method, params, { chain: 'C' });
            assert.equal(sent?.method, name);
            assert.equal(sent?.jsonrpc, '2.0');
            assert.deepEqual(result, method.normalize(method.resultSchema().parse(example.result)));
        });
    }
});

/** The mainnet X-Chain's blockchain id: admin.getChainAliases takes an id, not an alias. */
const mainnetXChainId = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';

/** Minimal valid params for the node-native examples. */
function paramsFor(name: string): unknown {
    switch (name) {
        case 'admin.alias':
            return { endpoint: 'bc/X', alias: 'myX' };
        case 'admin.aliasChain':
            return { chain: 'X', alias: 'myX' };
        case 'admin.getChainAliases':
            return { chain: mainnetXChainId };
        case 'info.isBootstrapped':
            return { chain: 'X' };
        case 'info.getBlockchainID':
            return { alias: 'X' };
        default:
            return {};
    }
}
