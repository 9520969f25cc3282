/**
 * The sidebar's side of the watch list: which target "Watch" hands over for each kind of row
 * (checked by the watch list's own input check, as the command does), the Validators view's runway
 * marks against the threshold, and the filter argument other features pass to
 * `avalanche.validators.filter`.
 */
import * as assert from 'node:assert/strict';

import type { ChainInfo, L1Validator, NativeTransaction } from '../../../src/core/dataApi/model';
import { isCb58Id, isNodeId } from '../../../src/core/ids/cb58';
import { pChainId } from '../../../src/core/ids/primaryNetwork';
import type { ValidatorFees } from '../../../src/core/watch/checks';
import { describeRunway, formatDuration, validatorRunway } from '../../../src/core/watch/runway';
import { checkWatchTarget } from '../../../src/core/watch/targets';
import { compactSubnet } from '../../../src/core/summaries/genesisSummary';
import { parseFilterArgument } from '../../../src/tree/filterArgument';
import { field, group, section } from '../../../src/tree/rowBuilders';
import { type L1ValidatorRow, type Row, under } from '../../../src/tree/rows';
import { watchTargetOf } from '../../../src/tree/rowWatch';
import { isUnderThreshold, validatorRunwayAt } from '../../../src/tree/runwayMarks';

const validationId = '2ZW6HUePBW2dP7dBGa5stjXe1uvK9LwEgrjebDwXEyL5bDMWWS';
const subnetId = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const nodeId = 'NodeID-MPP4JFSMwVCpFX9jrEWuasSDjJMkTsPsx';
const address = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC';
const txHash = `0x${'ab'.repeat(32)}`;

function validator(overrides: Partial<L1Validator> = {}): L1Validator {
    return {
        validationId,
        validationIdHex: '0x00',
        nodeId,
        subnetId,
        weight: '100',
        remainingBalance: '1000000000',
        creationTimestamp: 1_700_000_000,
        blsCredentials: {},
        remainingBalanceOwner: { addresses: [], threshold: 1 },
        deactivationOwner: { addresses: [], threshold: 1 },
        ...overrides,
    };
}

const chain: ChainInfo = {
    chainId: '779002',
    status: 'OK',
    chainName: 'Game',
    description: 'd',
    platformChainId: 'chainB1',
    subnetId,
    vmName: 'EVM',
    isTestnet: false,
    networkToken: { name: 'Game', symbol: 'GAME', decimals: 18 },
} as ChainInfo;

const runwayFunctions = { validatorRunway, describeRunway, formatDuration };

/** A validator's row as the Validators view builds it from a page and the fee read beside it. */
function validatorRow(v: L1Validator, fees?: ValidatorFees): L1ValidatorRow {
    return {
        kind: 'l1Validator',
        ...under('validators', undefined, v.validationId),
        validator: v,
        fees,
        runway: fees ? validatorRunwayAt(v.remainingBalance, fees, runwayFunctions) : undefined,
    };
}

/** The target, held to the check `avalanche.watch.add` applies. */
function checked(row: Row, network: 'mainnet' | 'fuji' | 'local' = 'fuji') {
    const target = watchTargetOf(row, network);
    assert.ok(target, `${row.kind} has a target`);
    const result = checkWatchTarget(target);
    assert.ok(!('error' in result), 'error' in result ? result.error : '');
    return target;
}

describe('(unit) trees: Watch from a row', () => {
    it('watches an L1 validator by its validation id, with its L1 and node', () => {
        assert.deepEqual(checked(validatorRow(validator()), 'local'), {
            kind: 'l1Validator',
            network: 'local',
            validationId,
            subnetId,
            nodeId,
        });
    });

    it('watches a node-side validator of an L1 chain, not one without a validation id', () => {
        const row = (comparable: boolean, withId: boolean): Row => ({
            kind: 'nodeValidator',
            ...under('validators', undefined, withId ? validationId : nodeId),
            chain,
            compared: {
                nodeId,
                ...(withId ? { validationId } : {}),
                agreement: 'agree',
            },
            comparable,
        });
        assert.deepEqual(checked(row(true, true)), {
            kind: 'l1Validator',
            network: 'fuji',
            validationId,
            subnetId,
            nodeId,
        });
        assert.equal(watchTargetOf(row(true, false), 'fuji'), undefined);
        assert.equal(watchTargetOf(row(false, true), 'fuji'), undefined);
    });

    it('watches an L1 by its subnet id and names it by its chains; a plain subnet is not an L1', () => {
        const subnet = (isL1: boolean, name: string): Row => ({
            kind: 'subnet',
            ...under('subnets', undefined, subnetId),
            subnet: compactSubnet({
                createBlockTimestamp: 1,
                createBlockIndex: '1',
                subnetId,
                ownerAddresses: [],
                threshold: 1,
                locktime: 0,
                subnetOwnershipInfo: { locktime: 0, threshold: 1, addresses: [] },
                isL1,
                blockchains: [
                    {
                        createBlockTimestamp: 1,
                        createBlockNumber: '1',
                        blockchainId: 'b',
                        vmId: 'vm',
                        subnetId,
                        blockchainName: name,
                    },
                ],
            }),
        });
        assert.deepEqual(checked(subnet(true, 'Game')), {
            kind: 'l1',
            network: 'fuji',
            subnetId,
            name: 'Game',
        });
        // Names past the watch list's limit are cut, so the target still passes its check.
        const long = checked(subnet(true, 'x'.repeat(200)));
        assert.equal(long.kind === 'l1' && long.name?.length, 80);
        assert.equal(watchTargetOf(subnet(false, 'Game'), 'fuji'), undefined);
    });

    it('watches the node of the Node view by its URL', () => {
        const row: Row = {
            kind: 'nodeStatus',
            ...under('node', undefined, 'status'),
            url: 'http://127.0.0.1:9650',
            name: 'Local node',
            reachable: false,
            fetchedAtMs: 0,
        };
        assert.deepEqual(checked(row), {
            kind: 'node',
            url: 'http://127.0.0.1:9650',
            name: 'Local node',
        });
    });

    it('watches P-Chain and EVM transactions; X- and C-Chain ids of primary blocks are not followed', () => {
        const primary = (c: 'p-chain' | 'x-chain'): Row => ({
            kind: 'primaryTx',
            ...under('chains', undefined, c, validationId),
            chain: c,
            txId: validationId,
        });
        assert.deepEqual(checked(primary('p-chain'), 'mainnet'), {
            kind: 'pTx',
            network: 'mainnet',
            txId: validationId,
        });
        assert.equal(watchTargetOf(primary('x-chain'), 'mainnet'), undefined);
        const evm: Row = {
            kind: 'evmTx',
            ...under('chains', undefined, txHash),
            chain,
            tx: { txHash } as NativeTransaction,
        };
        assert.deepEqual(checked(evm), {
            kind: 'evmTx',
            network: 'fuji',
            chainId: '779002',
            hash: txHash,
            chainName: 'Game',
        });
    });

    it('watches an address field by the chain of the section that holds it', () => {
        const config = group('chains', undefined, 'config', { type: 'evmConfig', chain }, 'c', 'x');
        const precompile = section('chains', config, 'p', 'Fee manager', '', (self) => [
            field('chains', self, 'Admin0', 'Admin', address, { copy: address, role: 'address' }),
            field('chains', self, 'gas', 'Gas', '1', { copy: '1' }),
        ]);
        const [admin, gas] = precompile.children ?? [];
        assert.deepEqual(checked(admin!), {
            kind: 'evmAddress',
            network: 'fuji',
            chainId: '779002',
            address,
            chainName: 'Game',
        });
        assert.equal(watchTargetOf(gas!, 'fuji'), undefined);
        // An address row outside any chain says nothing about where its balance is.
        const loose = field('chains', undefined, 'a', 'Admin', address, {
            copy: address,
            role: 'address',
        });
        assert.equal(watchTargetOf(loose, 'fuji'), undefined);
    });

    it('has nothing to watch on rows that show none of these', () => {
        const rows: Row[] = [
            { kind: 'empty', ...under('chains', undefined, '~empty'), message: 'none' },
            { kind: 'filter', ...under('validators', undefined, 'f'), text: '', active: false },
        ];
        for (const row of rows) assert.equal(watchTargetOf(row, 'mainnet'), undefined);
    });
});

describe('(unit) trees: runway marks on L1 validators', () => {
    const fees: ValidatorFees = {
        state: { excess: '0', price: '512', timestamp: '2025-01-01T00:00:00Z' },
        config: {
            capacity: '20000',
            target: '10000',
            minPrice: '512',
            excessConversionConstant: '1246488515',
        },
    };
    const days = (n: number) => ({ runwayWarningSeconds: n * 86_400 });

    it('marks a validator whose balance lasts less than the threshold at today’s fee', () => {
        // 1 AVAX at 512 nAVAX/s lasts 1e9 / 512 s ≈ 22.6 days.
        const row = validatorRow(validator({ remainingBalance: '1000000000' }), fees);
        assert.ok(row.runway);
        assert.equal(row.runway.seconds, 1e9 / 512);
        assert.equal(row.runway.duration, '22.6 days');
        assert.match(row.runway.text, /^22\.6 days at today's fee \(.* if the fee rises/);
        assert.equal(isUnderThreshold(row, days(30)), true);
        assert.equal(isUnderThreshold(row, days(22)), false);
        assert.equal(isUnderThreshold(row, days(22.7)), true);
    });

    it('leaves a row unmarked without a fee reading, and an inactive validator without runway', () => {
        const unread = validatorRow(validator());
        assert.equal(unread.runway, undefined);
        assert.equal(isUnderThreshold(unread, days(365)), false);
        const inactive = validatorRow(validator({ remainingBalance: '0' }), fees);
        assert.equal(inactive.runway, undefined);
        assert.equal(isUnderThreshold(inactive, days(365)), false);
        const free = validatorRow(validator(), { state: { ...fees.state, price: '0' } });
        assert.equal(isUnderThreshold(free, days(365)), false);
    });
});

describe('(unit) trees: the validator filter argument', () => {
    const checks = { isCb58Id, isNodeId };

    it('sets the fields it is given and shows active validators unless asked', () => {
        assert.deepEqual(parseFilterArgument({ validationId, includeInactive: true }, checks), {
            filter: {
                subnetId: undefined,
                nodeId: undefined,
                validationId,
                includeInactive: true,
            },
        });
        assert.deepEqual(parseFilterArgument({ subnetId, nodeId }, checks), {
            filter: { subnetId, nodeId, validationId: undefined, includeInactive: false },
        });
        assert.deepEqual(parseFilterArgument({}, checks), {
            filter: {
                subnetId: undefined,
                nodeId: undefined,
                validationId: undefined,
                includeInactive: false,
            },
        });
    });

    it('refuses what the prompt would refuse, and anything that is not such an object', () => {
        const refused = (arg: unknown, why: RegExp): void => {
            const result = parseFilterArgument(arg, checks);
            assert.ok('error' in result, `accepted ${JSON.stringify(arg)}`);
            assert.match(result.error, why);
            assert.match(result.error, /validationId\?, subnetId\?, nodeId\?, includeInactive\?/);
        };
        refused('2ZW6', /the argument is string/);
        refused(null, /the argument is object/);
        refused([validationId], /an array/);
        refused({ validationId: `${validationId.slice(0, -1)}x` }, /validationId is not/);
        refused({ subnetId: pChainId }, /subnetId is not a subnet id/);
        refused({ nodeId: 'NodeID-nope' }, /nodeId is not a node id/);
        refused({ nodeId: 42 }, /nodeId is not/);
        refused({ includeInactive: 'yes' }, /includeInactive is not true or false/);
        refused({ validationId, network: 'fuji' }, /unknown field "network"/);
    });
});
