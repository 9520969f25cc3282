import * as assert from 'node:assert/strict';

import type { Blockchain, L1Validator, Subnet } from '../../../src/core/dataApi/model';
import type { CurrentValidator, NetworkUpgrade, Peer } from '../../../src/core/nodeRpc/schemas';
import {
    feeConfigRows,
    formatGwei,
    precompileLabel,
    ruleLabel,
    splitWords,
} from '../../../src/core/summaries/evmConfig';
import { describeAllocations, summarizeGenesis } from '../../../src/core/summaries/genesisSummary';
import { adminRemedy, describeNodeProblem } from '../../../src/core/summaries/nodeProblems';
import { englishText, fillTemplate, phraseText } from '../../../src/core/text/phrase';
import { filterPeers, looksLikeCb58Id, searchSubnets } from '../../../src/core/summaries/search';
import { timelineSummary, upgradeTimeline } from '../../../src/core/summaries/upgradeTimeline';
import {
    compareValidators,
    describeAgreement,
    summarizeAgreement,
} from '../../../src/core/summaries/validatorDiff';
import {
    NetworkError,
    NodeApiUnavailableError,
    RpcError,
    TimeoutError,
} from '../../../src/core/http/errors';

function validator(overrides: Partial<L1Validator>): L1Validator {
    return {
        validationId: 'v',
        validationIdHex: '0x00',
        nodeId: 'NodeID-a',
        subnetId: 's',
        weight: '100',
        remainingBalance: '1000000000',
        creationTimestamp: 1_700_000_000,
        blsCredentials: {},
        remainingBalanceOwner: { addresses: [], threshold: 1 },
        deactivationOwner: { addresses: [], threshold: 1 },
        ...overrides,
    };
}

function nodeValidator(overrides: Partial<CurrentValidator>): CurrentValidator {
    return { nodeId: 'NodeID-a', weight: '100', ...overrides };
}

describe('(unit) summaries: evm config rows', () => {
    it('labels the fee config in documented order with units', () => {
        const rows = feeConfigRows({
            targetGas: 15_000_000,
            gasLimit: 15_000_000,
            minBaseFee: 25_000_000_000,
            targetBlockRate: 2,
            baseFeeChangeDenominator: 36,
            minBlockGasCost: 0,
            maxBlockGasCost: 1_000_000,
            blockGasCostStep: 200_000,
            somethingNew: 7,
        });
        assert.deepEqual(
            rows.map((r) => r.key),
            [
                'gasLimit',
                'targetBlockRate',
                'minBaseFee',
                'targetGas',
                'baseFeeChangeDenominator',
                'minBlockGasCost',
                'maxBlockGasCost',
                'blockGasCostStep',
                'somethingNew',
            ],
        );
        assert.equal(rows[0]?.value, '15,000,000');
        assert.equal(rows[1]?.value, '2 s');
        assert.equal(rows[2]?.value, '25 gwei (25,000,000,000 wei)');
        assert.equal(rows[8]?.value, '7');
    });

    it('keeps a fee that exceeds float precision exact', () => {
        assert.equal(
            formatGwei('123456789012345678901'),
            '123,456,789,012.345679 gwei (123,456,789,012,345,678,901 wei)',
        );
    });

    it('names keys for people', () => {
        assert.equal(splitWords('apricotPhase4'), 'Apricot Phase 4');
        assert.equal(splitWords('apricotPhasePre6'), 'Apricot Phase Pre 6');
        assert.equal(splitWords('eip150Block'), 'EIP150 Block');
        assert.equal(splitWords('subnetEVMTimestamp'), 'Subnet EVM Timestamp');
        assert.equal(splitWords('durango'), 'Durango');
        assert.equal(ruleLabel('IsSubnetEVM'), 'Subnet EVM');
        assert.equal(ruleLabel('IsDurango'), 'Durango');
        assert.equal(precompileLabel('feeManagerConfig'), 'Fee manager');
        assert.equal(precompileLabel('warpConfig'), 'Warp messaging');
        assert.equal(precompileLabel('someNewThingConfig'), 'Some New Thing');
    });
});

describe('(unit) summaries: genesis summary', () => {
    const admin = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC';
    const genesis: NonNullable<Blockchain['genesisData']> = {
        alloc: {
            [admin.slice(2)]: { balance: '0x52b7d2dcc80cd2e4000000' },
            '0c0deba5e0000000000000000000000000000000': { balance: '0x0', code: '0x6080' },
            bad: { balance: 'lots' },
            '00000000000000000000000000000000000000aa': { balance: '1000' },
        },
        gasLimit: '0x7a1200',
        config: {
            chainId: 99999,
            allowFeeRecipients: false,
            feeConfig: { gasLimit: 8_000_000, minBaseFee: 25_000_000_000, targetBlockRate: 2 },
            warpConfig: { blockTimestamp: 1_700_000_000, quorumNumerator: 67 },
            feeManagerConfig: { blockTimestamp: 0, adminAddresses: [admin] },
            contractNativeMinterConfig: {
                blockTimestamp: 0,
                adminAddresses: [admin],
                enabledAddresses: ['0x01'],
            },
        },
    };

    it('counts and sums the allocations exactly', () => {
        const summary = summarizeGenesis(genesis);
        assert.equal(summary.kind, 'evm');
        if (summary.kind !== 'evm') return;
        assert.equal(summary.allocations.count, 4);
        assert.equal(summary.allocations.withCode, 1);
        assert.equal(summary.allocations.unreadable, 1);
        // 0x52b7d2dcc80cd2e4000000 = 100,000,000 * 10^18, plus 1000 wei.
        assert.equal(summary.allocations.totalWei, (100_000_000n * 10n ** 18n + 1000n).toString());
        assert.equal(
            describeAllocations(summary.allocations, 'GAME'),
            '4 accounts, 100,000,000 GAME, 1 with code, 1 unreadable',
        );
        assert.equal(summary.chainId, 99999);
        assert.equal(summary.gasLimit, '8000000');
        assert.equal(summary.allowFeeRecipients, false);
    });

    it('lists the permission precompiles first, with their admins', () => {
        const summary = summarizeGenesis(genesis);
        assert.ok(summary.kind === 'evm');
        assert.deepEqual(
            summary.precompiles.map((p) => [p.label, p.permission, p.adminAddresses.length]),
            [
                ['Fee manager', true, 1],
                ['Native minter', true, 1],
                ['Warp messaging', false, 0],
            ],
        );
        assert.deepEqual(summary.precompiles[1]?.enabledAddresses, ['0x01']);
        assert.deepEqual(
            summary.precompiles[2]?.settings.map((s) => [s.key, s.value]),
            [['quorumNumerator', '67']],
        );
        assert.deepEqual(
            summary.feeConfig.map((r) => r.key),
            ['gasLimit', 'targetBlockRate', 'minBaseFee'],
        );
    });

    it('handles missing and opaque genesis data', () => {
        assert.deepEqual(summarizeGenesis(undefined), { kind: 'none' });
        assert.deepEqual(summarizeGenesis('0xdeadbeef'), { kind: 'opaque', length: 10 });
        const empty = summarizeGenesis({});
        assert.ok(empty.kind === 'evm');
        assert.equal(empty.allocations.count, 0);
        assert.equal(empty.allocations.totalWei, '0');
        assert.deepEqual(empty.precompiles, []);
    });
});

describe('(unit) summaries: validator comparison', () => {
    it('marks agreement, weight differences and validators missing on either side', () => {
        const dataApi = [
            validator({ validationId: 'v1', nodeId: 'NodeID-1', weight: '100' }),
            validator({ validationId: 'v2', nodeId: 'NodeID-2', weight: '200' }),
            validator({ validationId: 'v3', nodeId: 'NodeID-3', weight: '300' }),
        ];
        const node = [
            nodeValidator({ validationId: 'v1', nodeId: 'NodeID-1', weight: '105' }),
            nodeValidator({ validationId: 'v2', nodeId: 'NodeID-2', weight: '200' }),
            nodeValidator({ validationId: 'v9', nodeId: 'NodeID-9', weight: '50' }),
        ];
        const compared = compareValidators(dataApi, node);
        assert.deepEqual(
            compared.map((c) => [c.nodeId, c.agreement]),
            [
                ['NodeID-1', 'weightDiffers'],
                ['NodeID-2', 'agree'],
                ['NodeID-9', 'onlyNode'],
                ['NodeID-3', 'onlyDataApi'],
            ],
        );
        assert.equal(describeAgreement(compared[0]!), 'weight differs: node 105, Data API 100');
        assert.equal(describeAgreement(compared[1]!), undefined);
        assert.match(describeAgreement(compared[2]!) ?? '', /missing in the Data API/);
        assert.match(describeAgreement(compared[3]!) ?? '', /missing on the node/);
        assert.deepEqual(summarizeAgreement(compared), { total: 4, disagreeing: 3 });
    });

    it('pairs by node id when the node reports no validation id, and compares big weights exactly', () => {
        // 2^53 + 1: the first integer a JS number cannot hold, so only exact strings agree here.
        const big = (2n ** 53n + 1n).toString();
        const compared = compareValidators(
            [validator({ validationId: 'v1', nodeId: 'NodeID-1', weight: big })],
            [nodeValidator({ nodeId: 'NodeID-1', weight: big })],
        );
        assert.equal(compared.length, 1);
        assert.equal(compared[0]?.agreement, 'agree');
        assert.equal(compared[0]?.validationId, 'v1');
        const offByOne = compareValidators(
            [validator({ validationId: 'v1', nodeId: 'NodeID-1', weight: big })],
            [nodeValidator({ nodeId: 'NodeID-1', weight: (2n ** 53n).toString() })],
        );
        assert.equal(offByOne[0]?.agreement, 'weightDiffers');
    });

    it('does not pair one Data API validator twice', () => {
        const compared = compareValidators(
            [validator({ validationId: 'v1', nodeId: 'NodeID-1' })],
            [nodeValidator({ nodeId: 'NodeID-1' }), nodeValidator({ nodeId: 'NodeID-1' })],
        );
        assert.deepEqual(
            compared.map((c) => c.agreement),
            ['agree', 'onlyNode'],
        );
    });
});

describe('(unit) summaries: upgrade timeline', () => {
    const at = (name: string, iso: string): NetworkUpgrade => ({
        name,
        key: `${name}Time`,
        time: iso,
        timeMs: Date.parse(iso),
    });
    const upgrades = [
        at('etna', '2024-12-16T17:00:00Z'),
        at('banff', '2022-10-18T16:00:00Z'),
        at('granite', '9999-12-01T00:00:00Z'),
        at('fortuna', '2025-04-08T15:00:00Z'),
        at('helicon', '2026-12-01T00:00:00Z'),
        at('apricotPhase4', '2021-09-22T21:00:00Z'),
    ];

    it('orders by time and marks past, next, future and unscheduled', () => {
        const entries = upgradeTimeline(upgrades, Date.parse('2025-06-01T00:00:00Z'));
        assert.deepEqual(
            entries.map((e) => [e.label, e.state]),
            [
                ['Apricot Phase 4', 'past'],
                ['Banff', 'past'],
                ['Etna', 'past'],
                ['Fortuna', 'past'],
                ['Helicon', 'next'],
                ['Granite', 'unscheduled'],
            ],
        );
        assert.equal(timelineSummary(entries), 'latest Fortuna, next Helicon on 2026-12-01');
    });

    it('has no next upgrade when all scheduled ones are past', () => {
        const entries = upgradeTimeline(upgrades, Date.parse('2030-01-01T00:00:00Z'));
        assert.equal(entries.filter((e) => e.state === 'next').length, 0);
        assert.equal(timelineSummary(entries), 'latest Helicon, none scheduled');
        assert.equal(entries.find((e) => e.name === 'granite')?.state, 'unscheduled');
    });
});

describe('(unit) summaries: node problems', () => {
    const url = 'http://127.0.0.1:9650/ext/admin';

    it('turns an admin 404 into how to enable it, or the public-server explanation', () => {
        const off = new NodeApiUnavailableError(
            'x',
            'adminDisabled',
            url,
            'admin.getLoggerLevel',
            404,
        );
        const problem = describeNodeProblem(off);
        assert.deepEqual(
            { kind: problem.kind, message: problem.message, remedy: problem.remedy },
            {
                kind: 'adminDisabled',
                message: 'The admin API is off on this node.',
                remedy: adminRemedy,
            },
        );
        // The same sentences as phrases, for the trees to translate (src/tree/treeL10n.ts).
        assert.equal(
            adminRemedy,
            'Start AvalancheGo with --api-admin-enabled=true (or "api-admin-enabled": true in its config file), then refresh.',
        );
        assert.equal(problem.messagePhrase?.template, 'The admin API is off on this node.');
        assert.equal(englishText(problem.remedyPhrase!), adminRemedy);
        assert.equal(
            phraseText(problem.remedyPhrase!, (t, ...args) => `<${fillTemplate(t, ...args)}>`),
            `<${adminRemedy}>`,
        );
        assert.equal(describeNodeProblem(off, true).kind, 'publicServer');
        const pub = new NodeApiUnavailableError(
            'Public API servers do not offer info.getNodeID; connect to your own node to see it.',
            'publicServer',
            url,
            'info.getNodeID',
            undefined,
        );
        assert.equal(describeNodeProblem(pub).kind, 'publicServer');
        assert.match(describeNodeProblem(pub).remedy ?? '', /Choose Node/);
    });

    it('classifies connection failures, missing methods and other errors', () => {
        assert.equal(
            describeNodeProblem(new NetworkError('refused', url, 'ECONNREFUSED')).kind,
            'unreachable',
        );
        assert.equal(
            describeNodeProblem(new TimeoutError('slow', url, 'headers')).kind,
            'unreachable',
        );
        const missing = new RpcError(
            'This node does not offer info.acps (older AvalancheGo versions lack it).',
            'info.acps',
            -32000,
            null,
            'rpc: can\'t find method "info.Acps"',
        );
        assert.equal(describeNodeProblem(missing).kind, 'notOffered');
        const other = new RpcError(
            'info.peers failed: boom (code -32000).',
            'info.peers',
            -32000,
            null,
            'boom',
        );
        assert.deepEqual(describeNodeProblem(other), {
            kind: 'error',
            message: 'info.peers failed: boom (code -32000).',
        });
    });
});

describe('(unit) summaries: search', () => {
    const blockchain = (id: string, name: string): Blockchain => ({
        createBlockTimestamp: 1,
        createBlockNumber: '1',
        blockchainId: id,
        vmId: 'vm',
        subnetId: 's',
        blockchainName: name,
    });
    const subnet = (id: string, chains: Blockchain[]): Subnet => ({
        createBlockTimestamp: 1,
        createBlockIndex: '1',
        subnetId: id,
        ownerAddresses: [],
        threshold: 1,
        locktime: 0,
        subnetOwnershipInfo: { locktime: 0, threshold: 1, addresses: [] },
        isL1: false,
        blockchains: chains,
    });
    const subnets = [
        subnet('S1', [blockchain('B1', 'Game World'), blockchain('B2', 'Game')]),
        subnet('S2', [blockchain('B3', 'DeFi Kingdoms')]),
    ];

    it('finds subnets by id and blockchains by id or name, exact matches first', () => {
        assert.deepEqual(
            searchSubnets(subnets, 'S2').map((m) => [
                m.subnet.subnetId,
                m.blockchain?.blockchainId,
            ]),
            [['S2', undefined]],
        );
        assert.deepEqual(
            searchSubnets(subnets, 'B3').map((m) => m.blockchain?.blockchainName),
            ['DeFi Kingdoms'],
        );
        assert.deepEqual(
            searchSubnets(subnets, 'game').map((m) => [m.blockchain?.blockchainId, m.exact]),
            [
                ['B2', true],
                ['B1', false],
            ],
        );
        assert.deepEqual(searchSubnets(subnets, '  '), []);
        assert.deepEqual(searchSubnets(subnets, 'nothing'), []);
    });

    it('recognises cb58 ids for a remote lookup', () => {
        assert.ok(looksLikeCb58Id('2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'));
        assert.ok(!looksLikeCb58Id('Game World'));
        assert.ok(!looksLikeCb58Id('0OIl000000000000000000000000000000000000000000000'));
    });

    it('filters peers on every term', () => {
        const peer = (nodeId: string, version: string, subnets: string[] = []): Peer => ({
            nodeId,
            version,
            trackedSubnets: subnets,
            supportedAcps: [],
            objectedAcps: [],
            benched: [],
        });
        const peers = [
            peer('NodeID-A', 'avalanchego/1.14.1'),
            peer('NodeID-B', 'avalanchego/1.14.2', ['SubnetX']),
            peer('NodeID-C', 'avalanchego/1.14.2'),
        ];
        assert.equal(filterPeers(peers, '').length, 3);
        assert.deepEqual(
            filterPeers(peers, '1.14.2').map((p) => p.nodeId),
            ['NodeID-B', 'NodeID-C'],
        );
        assert.deepEqual(
            filterPeers(peers, '1.14.2 subnetx').map((p) => p.nodeId),
            ['NodeID-B'],
        );
    });
});
