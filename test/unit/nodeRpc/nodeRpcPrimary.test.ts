/**
 * The P-Chain (platform.*) and X-Chain (avm.*) entries of the node method table: parameter checks
 * before anything is sent, the schemas against what a real AvalancheGo 1.14.2 answered
 * (test/fixtures/realnode/primary.json), malformed answers refused, 64-bit values kept exact.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    buildView,
    findNodeRpcMethod,
    inferTxTypeName,
    isValidationError,
    nodeEndpointPath,
    nodeRpcMethods as m,
    refusesBatches,
    type NodeRpcMethod,
} from '../../../src/core';
import { repoRoot } from '../../helpers/paths';

interface Recorded {
    fixtures: {
        name: string;
        body: { method?: string; params?: unknown };
        response: { body: { result?: unknown; error?: unknown } };
    }[];
}

const recorded = JSON.parse(
    readFileSync(path.join(repoRoot, 'test/fixtures/realnode/primary.json'), 'utf8'),
) as Recorded;

function answer(name: string): unknown {
    const fixture = recorded.fixtures.find((f) => f.name === name);
    assert.ok(fixture?.response.body.result !== undefined, `no recorded result for ${name}`);
    return fixture.response.body.result;
}

function parse<R>(method: NodeRpcMethod<string, never, R>, result: unknown): R {
    const parsed = method.resultSchema().safeParse(result);
    if (!parsed.success) assert.fail(`${method.name}: ${JSON.stringify(parsed.error.issues)}`);
    return method.normalize(parsed.data);
}

function rejects(method: NodeRpcMethod, result: unknown): void {
    assert.equal(method.resultSchema().safeParse(result).success, false, JSON.stringify(result));
}

function invalid(method: NodeRpcMethod, params: unknown, param: RegExp): void {
    assert.throws(
        () => method.encodeParams(params),
        (error: Error) => {
            assert.ok(isValidationError(error), String(error));
            assert.match(error.message, param);
            // A sentence a user can act on: it says what is expected.
            assert.match(error.message, /\.$/);
            return true;
        },
    );
}

const txId = '2QXiMpLANnrqXD4rbL3GHvMk5ZVCUsvAGYy6vdZYpbcT4wgQf2';
const pAddress = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';

describe('(unit) nodeRpc P-Chain and X-Chain methods', () => {
    it('routes platform.* to /ext/bc/P and avm.* to /ext/bc/X, both refusing batches', () => {
        assert.equal(nodeEndpointPath('platform'), '/ext/bc/P');
        assert.equal(nodeEndpointPath('avm'), '/ext/bc/X');
        assert.ok(refusesBatches(nodeEndpointPath('platform')));
        assert.ok(refusesBatches(nodeEndpointPath('avm')));
    });

    it('every recorded successful answer parses with its method schema', () => {
        let parsed = 0;
        for (const fixture of recorded.fixtures) {
            const method = findNodeRpcMethod(fixture.body.method ?? '');
            if (!method || fixture.response.body.result === undefined) continue;
            parse(method as NodeRpcMethod<string, never, unknown>, fixture.response.body.result);
            parsed++;
        }
        assert.ok(parsed >= 30, `${parsed} answers parsed`);
    });

    it('encodes params as the node reads them, and asks for JSON transactions and blocks', () => {
        assert.deepEqual(m['platform.getTx'].encodeParams({ txID: txId }), {
            txID: txId,
            encoding: 'json',
        });
        assert.deepEqual(m['platform.getBlockByHeight'].encodeParams({ height: 3 }), {
            height: '3',
            encoding: 'json',
        });
        assert.deepEqual(
            m['avm.getBlockByHeight'].encodeParams({ height: 18446744073709551615n }),
            { height: '18446744073709551615', encoding: 'json' },
        );
        assert.deepEqual(m['platform.getCurrentValidators'].encodeParams({}), {});
        assert.deepEqual(m['platform.getSubnets'].encodeParams({}), {});
        assert.deepEqual(m['platform.getBlockchainStatus'].encodeParams({ blockchainID: 'C' }), {
            blockchainID: 'C',
        });
        assert.deepEqual(m['avm.getAssetDescription'].encodeParams({ assetID: 'AVAX' }), {
            assetID: 'AVAX',
        });
        assert.deepEqual(m['platform.getBalance'].encodeParams({ addresses: [pAddress] }), {
            addresses: [pAddress],
        });
    });

    it('refuses bad params with a sentence before anything is sent', () => {
        invalid(m['platform.getTx'], { txID: 'nope' }, /txID.*cb58/);
        invalid(m['platform.getTx'], {}, /txID/);
        invalid(m['platform.getTxStatus'], { txID: `${txId}x` }, /txID/);
        invalid(m['platform.getSubnet'], { subnetID: 42 }, /subnetID/);
        invalid(m['platform.getSubnets'], { ids: 'abc' }, /ids.*list/);
        invalid(m['platform.getSubnets'], { ids: ['abc'] }, /ids\[0\]/);
        invalid(m['platform.getCurrentValidators'], { nodeIDs: ['NodeID-x'] }, /nodeIDs\[0\]/);
        invalid(m['platform.getCurrentValidators'], { subnetID: '' }, /subnetID/);
        invalid(m['platform.getL1Validator'], { validationID: 'C' }, /validationID/);
        invalid(m['platform.validatedBy'], { blockchainID: 'C' }, /no alias/);
        invalid(m['platform.getBlockchainStatus'], { blockchainID: 'a/b' }, /blockchainID/);
        invalid(m['platform.getBlockByHeight'], { height: -1 }, /height/);
        invalid(m['platform.getBlockByHeight'], { height: 1.5 }, /height/);
        invalid(m['platform.getBlockByHeight'], { height: '18446744073709551616' }, /height/);
        invalid(m['platform.getBlockByHeight'], { height: 2 ** 60 }, /height/);
        invalid(m['platform.getBalance'], { addresses: [] }, /addresses.*1 to 1024/);
        invalid(m['platform.getBalance'], { addresses: [pAddress.replace('P-', 'X-')] }, /P-Chain/);
        invalid(m['platform.getBalance'], { addresses: [`${pAddress.slice(0, -1)}q`] }, /bech32/);
        invalid(m['avm.getBalance'], { address: pAddress, assetID: 'AVAX' }, /X-Chain address/);
        invalid(m['avm.getBalance'], { address: pAddress.replace('P-', 'X-') }, /assetID/);
        invalid(m['avm.getAssetDescription'], { assetID: 'A V' }, /asset/);
        invalid(m['avm.getAllBalances'], { address: 'X-' }, /address/);
        invalid(m['platform.getHeight'], [], /params/);
    });

    it('keeps uint64 values above 2^53 exact as decimal strings', () => {
        const balance = parse(m['platform.getBalance'], {
            balance: '18446744073709551615',
            unlocked: '9007199254740993',
            lockedStakeable: '0',
            lockedNotStakeable: '0',
            balances: { [txId]: '18446744073709551615' },
            unlockeds: null,
            lockedStakeables: {},
            lockedNotStakeables: {},
            utxoIDs: null,
        });
        assert.equal(balance.balance, '18446744073709551615');
        assert.equal(balance.unlocked, '9007199254740993');
        assert.deepEqual(balance.balances, { [txId]: '18446744073709551615' });
        const supply = parse(m['platform.getCurrentSupply'], answer('platform.getCurrentSupply'));
        assert.equal(supply.supply, '361196333750752149');
        const height = parse(m['platform.getHeight'], { height: '18446744073709551615' });
        assert.equal(height.height, '18446744073709551615');
        const x = parse(m['avm.getBalance'], answer('avm.getBalance'));
        assert.equal(x.balance, '300000000000000000');
    });

    it('tells the three validator shapes apart (primary network, L1)', () => {
        const primary = parse(
            m['platform.getCurrentValidators'],
            answer('platform.getCurrentValidators'),
        );
        assert.ok(primary.validators.length > 0);
        for (const v of primary.validators) {
            assert.equal(v.kind, 'staker');
            assert.match(v.txId ?? '', /^[1-9A-Za-z]+$/);
            assert.match(v.endTime ?? '', /^\d+$/);
            assert.equal(typeof v.delegationFee, 'number');
        }
        const l1 = parse(
            m['platform.getCurrentValidators'],
            answer('platform.getCurrentValidators L1'),
        );
        assert.equal(l1.validators[0]?.kind, 'l1');
        assert.equal(l1.validators[0]?.balance, '1000000000');
        // A legacy subnet validator is a bare Staker.
        const legacy = parse(m['platform.getCurrentValidators'], {
            validators: [
                {
                    txID: txId,
                    startTime: '1',
                    endTime: '2',
                    weight: '20',
                    nodeID: 'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
                },
            ],
        });
        assert.deepEqual(legacy.validators[0], {
            kind: 'staker',
            nodeId: 'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
            weight: '20',
            txId,
            startTime: '1',
            endTime: '2',
        });
        const one = parse(m['platform.getL1Validator'], answer('platform.getL1Validator'));
        assert.equal(one.validator.kind, 'l1');
        assert.equal(one.height, '3');
    });

    it('reads the subnet conversion and the transaction types of the l1setup', () => {
        const subnet = parse(m['platform.getSubnet'], answer('platform.getSubnet'));
        assert.equal(subnet.isL1, true);
        assert.equal(subnet.subnetTransformationTxId, undefined);
        assert.equal(subnet.managerAddress, '0x0feedc0de0000000000000000000000000000000');
        const types = ['CreateSubnetTx', 'CreateChainTx', 'ConvertSubnetToL1Tx'].map((name, i) => {
            const block = parse(
                m['platform.getBlockByHeight'],
                answer(`platform.getBlockByHeight ${name}`),
            );
            assert.equal(block.height, String(i + 1));
            return block.txs[0]!;
        });
        assert.deepEqual(
            types.map((t) => t.typeName),
            ['CreateSubnetTx', 'CreateChainTx', 'ConvertSubnetToL1Tx'],
        );
        assert.equal(types[1]?.chainName, 'explorertest');
        assert.match(types[1]?.vmId ?? '', /^srEXi/);
        const convert = parse(m['platform.getTx'], answer('platform.getTx'));
        assert.equal(convert.typeName, 'ConvertSubnetToL1Tx');
        assert.equal(convert.subnetId, types[2]?.subnetId);
        assert.equal(convert.validators[0]?.weight, '49463');
        assert.match(convert.outputs[0]?.amount ?? '', /^\d+$/);
        assert.ok(convert.outputs[0]?.addresses.includes(pAddress));
    });

    it("accepts the reference's older block example: no block id, the BaseTx under inputs", () => {
        // vms/platformvm/service.md, platform.getBlockByHeight with encoding json
        // (https://github.com/ava-labs/avalanchego/blob/v1.14.2/vms/platformvm/service.md)
        const block = parse(m['platform.getBlockByHeight'], {
            block: {
                parentID: '5615di9ytxujackzaXNrVuWQy5y8Yrt8chPCscMr5Ku9YxJ1S',
                height: 1000001,
                txs: [
                    {
                        unsignedTx: {
                            inputs: {
                                networkID: 1,
                                blockchainID: '11111111111111111111111111111111LpoYY',
                                outputs: [],
                                inputs: [],
                                memo: '0x',
                            },
                            destinationChain: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
                            exportedOutputs: [
                                {
                                    assetID: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
                                    output: { addresses: [pAddress], amount: 13838124063 },
                                },
                            ],
                        },
                        credentials: [],
                    },
                ],
            },
            encoding: 'json',
        });
        assert.equal(block.blockId, undefined);
        assert.equal(block.height, '1000001');
        assert.equal(block.txs[0]?.typeName, 'ExportTx');
        assert.equal(block.txs[0]?.outputs[0]?.amount, '13838124063');
    });

    it('keeps an unknown transaction type instead of failing the call', () => {
        const wire = {
            tx: {
                unsignedTx: { networkID: 1, futureField: { x: [1, 2] }, outputs: null },
                credentials: [],
                id: txId,
            },
            encoding: 'json',
        };
        const tx = parse(m['platform.getTx'], wire);
        assert.equal(tx.typeName, 'BaseTx');
        assert.deepEqual(tx.body['futureField'], { x: [1, 2] });
        assert.equal(inferTxTypeName({ somethingNew: 1 }), 'unknown');
        assert.equal(inferTxTypeName({ type: 'NewTx', outputs: [] }), 'NewTx');
        assert.equal(inferTxTypeName({ name: 'A', symbol: 'A', denomination: 1 }), 'CreateAssetTx');
    });

    it('builds a panel view of every recorded answer, linking P-Chain ids to the same node', () => {
        const links = new Set<string>();
        for (const fixture of recorded.fixtures) {
            const method = findNodeRpcMethod(fixture.body.method ?? '');
            if (!method || fixture.response.body.result === undefined) continue;
            const result = parse(
                method as NodeRpcMethod<string, never, unknown>,
                fixture.response.body.result,
            );
            const params = (fixture.body.params ?? {}) as Record<string, unknown>;
            const texts = Object.fromEntries(
                Object.entries(params).map(([k, v]) => [
                    k,
                    Array.isArray(v) ? v.join(',') : String(v),
                ]),
            );
            const { view } = buildView({ source: 'node', method: method.name, texts }, result, {
                network: 'local',
                nodeUrl: 'http://127.0.0.1:9650',
            });
            assert.ok(view.title.length > 0, fixture.name);
            const json = JSON.stringify(view);
            for (const match of json.matchAll(
                /"method":"(platform\.[A-Za-z0-9]+|avm\.[A-Za-z]+)"/g,
            )) {
                links.add(match[1]!);
            }
        }
        for (const method of [
            'platform.getSubnet',
            'platform.getTx',
            'platform.getL1Validator',
            'platform.validatedBy',
        ]) {
            assert.ok(links.has(method), `a view links to ${method}`);
        }
        const convert = parse(m['platform.getTx'], answer('platform.getTx'));
        const { view } = buildView(
            { source: 'node', method: 'platform.getTx', texts: { txID: txId } },
            convert,
            { network: 'local' },
        );
        assert.ok(view.fields.some((f) => f.label === 'Type'));
        assert.ok(view.sections?.some((sec) => sec.title.startsWith('Validators (')));
    });

    it('refuses malformed answers', () => {
        rejects(m['platform.getHeight'], { height: '-1' });
        rejects(m['platform.getHeight'], { height: '0x10' });
        rejects(m['platform.getHeight'], {});
        rejects(m['platform.getSubnets'], { subnets: [{ id: 'not an id!', threshold: '1' }] });
        rejects(m['platform.getCurrentValidators'], { validators: [{ nodeID: 'x', weight: '1' }] });
        rejects(m['platform.getCurrentValidators'], {
            validators: [{ nodeID: 'NodeID-abc', weight: 1.5 }],
        });
        rejects(m['platform.getTx'], { tx: { credentials: [] }, encoding: 'json' });
        rejects(m['platform.getTx'], { tx: { unsignedTx: {} }, encoding: 'hex' });
        rejects(m['platform.getTx'], { tx: { unsignedTx: { subnetID: 7 } }, encoding: 'json' });
        rejects(m['platform.getBlockByHeight'], {
            block: { id: txId, height: '1' },
            encoding: 'json',
        });
        rejects(m['platform.getTimestamp'], { timestamp: 'yesterday' });
        rejects(m['platform.getBalance'], { balance: '1' });
        rejects(m['avm.getAssetDescription'], { assetID: txId, name: 'x', symbol: 'x' });
        rejects(m['avm.getAllBalances'], { balances: [{ asset: 'AVAX', balance: '-3' }] });
        rejects(m['platform.getTxStatus'], { status: 'x'.repeat(100) });
    });
});

/**
 * The same method table against AvalancheGo v1.15 with Helicon active (built from source and
 * recorded by test/realnode/record.ts into test/fixtures/realnode-v1.15): an auto-renewed
 * validator (ACP-236), its config change and its first cycle's reward.
 */
describe('(unit) nodeRpc P-Chain methods on AvalancheGo v1.15 (Helicon)', () => {
    const dir = path.join(repoRoot, 'test/fixtures/realnode-v1.15');
    const load = (file: string): Recorded & { values: Record<string, string> } =>
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Recorded & {
            values: Record<string, string>;
        };
    const primary = load('primary.json');
    const helicon = load('primary-helicon.json');
    const values = helicon.values;
    const result = (name: string): unknown => {
        const fixture = helicon.fixtures.find((f) => f.name === name);
        assert.ok(fixture?.response.body.result !== undefined, `no recorded result for ${name}`);
        return fixture.response.body.result;
    };
    const owner = {
        locktime: '0',
        threshold: 1,
        addresses: ['P-custom18jma8ppw3nhx5r4ap8clazz0dps7rv5u9xde7p'],
    };

    it('parses every recorded successful answer, the Helicon ones included', () => {
        let parsed = 0;
        for (const fixture of [...primary.fixtures, ...helicon.fixtures]) {
            const method = findNodeRpcMethod(fixture.body.method ?? '');
            if (!method || fixture.response.body.result === undefined) continue;
            parse(method as NodeRpcMethod<string, never, unknown>, fixture.response.body.result);
            parsed++;
        }
        assert.ok(parsed >= 40, `${parsed} answers parsed`);
    });

    it('keeps an auto-renewed validator’s settings: authority, next period, restaked share', () => {
        const { validators } = parse(
            m['platform.getCurrentValidators'],
            result('platform.getCurrentValidators auto-renewed'),
        );
        assert.equal(validators.length, 1);
        const v = validators[0]!;
        assert.equal(v.nodeId, values['nodeId']);
        assert.equal(v.txId, values['autoRenewedTx']);
        assert.deepEqual(v.autoRenewed, {
            validatorAuthority: owner,
            nextPeriodSeconds: '30',
            autoCompoundRewardShares: 1_000_000,
        });
        // The cycle after the reward runs for the period the config change asked for.
        assert.equal(BigInt(v.endTime!) - BigInt(v.startTime!), 30n);
        // The genesis validators are not auto-renewed, and neither is any validator of v1.14.2.
        const all = parse(
            m['platform.getCurrentValidators'],
            primary.fixtures.find((f) => f.name === 'platform.getCurrentValidators')!.response.body
                .result,
        );
        assert.equal(all.validators.filter((x) => x.autoRenewed).length, 1);
        const old = parse(
            m['platform.getCurrentValidators'],
            answer('platform.getCurrentValidators'),
        );
        assert.ok(old.validators.every((x) => x.autoRenewed === undefined));
    });

    it('keeps the restaked rewards a v1.15.2 node adds (transcribed, not recorded)', () => {
        // Not recorded: the v1.15.0-fuji node above predates them. The recorded validator with
        // the two keys ava-labs/avalanchego pull 5983 adds to AutoRenewedConfig, json.Uint64
        // strings as the other amounts.
        const recorded = result('platform.getCurrentValidators auto-renewed') as {
            validators: Record<string, unknown>[];
        };
        const withRestaked = {
            validators: [
                {
                    ...recorded.validators[0],
                    restakedValidationRewards: '28049283',
                    restakedDelegateeRewards: '0',
                },
            ],
        };
        const [v] = parse(m['platform.getCurrentValidators'], withRestaked).validators;
        assert.deepEqual(v!.autoRenewed, {
            validatorAuthority: owner,
            nextPeriodSeconds: '30',
            autoCompoundRewardShares: 1_000_000,
            restakedValidationRewards: '28049283',
            restakedDelegateeRewards: '0',
        });
        // A hostile amount (not a uint64) fails the answer as any other amount would.
        assert.throws(() =>
            parse(m['platform.getCurrentValidators'], {
                validators: [{ ...withRestaked.validators[0], restakedDelegateeRewards: '-1' }],
            }),
        );
    });

    it('names the three ACP-236 transactions and reads what each carries', () => {
        const validator = parse(
            m['platform.getCurrentValidators'],
            result('platform.getCurrentValidators auto-renewed'),
        ).validators[0]!;
        const add = parse(m['platform.getTx'], result('platform.getTx AddAutoRenewedValidatorTx'));
        assert.equal(add.typeName, 'AddAutoRenewedValidatorTx');
        assert.equal(add.txId, values['autoRenewedTx']);
        assert.equal(add.stakerTxId, undefined);
        assert.deepEqual(add.autoRenewed, {
            // Sent as 20 bytes of hex; the same id the validator list names.
            nodeId: validator.nodeId,
            publicKey: validator.publicKey,
            stakeAmount: '2000000000000',
            periodSeconds: '20',
            autoCompoundRewardShares: 500_000,
            delegationShares: 20_000,
            validationRewardsOwner: owner,
            delegationRewardsOwner: owner,
            validatorAuthority: owner,
        });

        const set = parse(
            m['platform.getTx'],
            result('platform.getTx SetAutoRenewedValidatorConfigTx'),
        );
        assert.equal(set.typeName, 'SetAutoRenewedValidatorConfigTx');
        assert.equal(set.stakerTxId, values['autoRenewedTx']);
        assert.deepEqual(set.autoRenewed, {
            periodSeconds: '30',
            autoCompoundRewardShares: 1_000_000,
        });

        const reward = parse(
            m['platform.getTx'],
            result('platform.getTx RewardAutoRenewedValidatorTx'),
        );
        assert.equal(reward.typeName, 'RewardAutoRenewedValidatorTx');
        assert.equal(reward.txId, values['autoRenewedRewardTx']);
        assert.equal(reward.stakerTxId, values['autoRenewedTx']);
        // The first cycle ended where the renewed one starts.
        assert.deepEqual(reward.autoRenewed, { cycleEndTime: validator.startTime });
        assert.deepEqual(
            parse(
                m['platform.getTxStatus'],
                result('platform.getTxStatus RewardAutoRenewedValidatorTx'),
            ),
            { status: 'Committed' },
        );
    });

    it('reads the reward in its proposal block and the commit block after it', () => {
        const proposal = parse(
            m['platform.getBlockByHeight'],
            result('platform.getBlockByHeight RewardAutoRenewedValidatorTx'),
        );
        assert.equal(proposal.height, values['pRewardHeight']);
        assert.deepEqual(
            proposal.txs.map((t) => [t.typeName, t.txId]),
            [['RewardAutoRenewedValidatorTx', values['autoRenewedRewardTx']]],
        );
        const commit = parse(
            m['platform.getBlockByHeight'],
            result('platform.getBlockByHeight its commit'),
        );
        assert.equal(commit.parentId, proposal.blockId);
        assert.deepEqual(commit.txs, []);
    });

    it('tells the staker a RewardValidatorTx rewards, and keeps a bad id out', () => {
        const tx = parse(m['platform.getTx'], {
            tx: { unsignedTx: { txID: txId }, credentials: [], id: txId },
            encoding: 'json',
        });
        assert.equal(tx.typeName, 'RewardValidatorTx');
        assert.equal(tx.stakerTxId, txId);
        assert.equal(tx.autoRenewed, undefined);
        const odd = parse(m['platform.getTx'], {
            tx: { unsignedTx: { txID: 'not/an id', timestamp: 5 }, credentials: [] },
            encoding: 'json',
        });
        assert.equal(odd.typeName, 'RewardAutoRenewedValidatorTx');
        assert.equal(odd.stakerTxId, undefined);
        assert.deepEqual(odd.autoRenewed, { cycleEndTime: '5' });
        // A node id that is not 20 bytes is left out rather than shown wrong.
        const add = parse(m['platform.getTx'], {
            tx: {
                unsignedTx: {
                    nodeID: '0x1234',
                    validatorAuthority: { addresses: [], locktime: 0, threshold: 0 },
                    autoCompoundRewardShares: 0,
                    period: 1209600,
                    stake: [{ output: { amount: 'x' } }],
                },
                credentials: [],
            },
            encoding: 'json',
        });
        assert.deepEqual(add.autoRenewed, {
            periodSeconds: '1209600',
            autoCompoundRewardShares: 0,
            validatorAuthority: { locktime: '0', threshold: 0, addresses: [] },
        });
    });

    it('builds a panel view of every recorded v1.15 answer', () => {
        for (const fixture of [...primary.fixtures, ...helicon.fixtures]) {
            const method = findNodeRpcMethod(fixture.body.method ?? '');
            if (!method || fixture.response.body.result === undefined) continue;
            const parsed = parse(
                method as NodeRpcMethod<string, never, unknown>,
                fixture.response.body.result,
            );
            const { view } = buildView({ source: 'node', method: method.name, texts: {} }, parsed, {
                network: 'local',
                nodeUrl: 'http://127.0.0.1:9650',
            });
            assert.ok(view.title.length > 0, fixture.name);
        }
    });
});
