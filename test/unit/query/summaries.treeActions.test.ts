import * as assert from 'node:assert/strict';

import type {
    ChainInfo,
    L1Validator,
    NativeTransaction,
    Subnet,
} from '../../../src/core/dataApi/model';
import {
    compactSubnet,
    digestGenesis,
    summarizeDigest,
    summarizeGenesis,
} from '../../../src/core/summaries/genesisSummary';
import { defaultExplorerUrlTemplate } from '../../../src/platform/settingKeys';
import {
    copyValues,
    explorerUrlOf,
    jsonOf,
    jsonText,
    panelQueryOf,
} from '../../../src/tree/rowActions';
import { childId, type Row, under } from '../../../src/tree/rows';
import { readSubnetPages, wantedRows } from '../../../src/tree/subnetsSource';
import type { Page } from '../../../src/core/model/paging';

const subnet: Subnet = {
    createBlockTimestamp: 1_700_000_000,
    createBlockIndex: '12',
    subnetId: '2bRCr6B4MiEfSjidDwxDpdCyviwnfUVqB2HGwhm947w9YYqb7r',
    ownerAddresses: ['avax1owner'],
    threshold: 1,
    locktime: 0,
    subnetOwnershipInfo: { locktime: 0, threshold: 1, addresses: ['avax1owner'] },
    isL1: true,
    l1ConversionTransactionHash: '2conversionTx',
    blockchains: [
        {
            createBlockTimestamp: 1_700_000_100,
            createBlockNumber: '13',
            blockchainId: 'chainB1',
            vmId: 'vm1',
            subnetId: '2bRCr6B4MiEfSjidDwxDpdCyviwnfUVqB2HGwhm947w9YYqb7r',
            blockchainName: 'Game',
            evmChainId: 779002,
            genesisData: {
                alloc: {
                    aa: {
                        balance: '0x0de0b6b3a7640000',
                        code: '0x60',
                        storage: { '0x00': '0x01' },
                    },
                },
                gasLimit: '0x7a1200',
                mixHash: `0x${'0'.repeat(64)}`,
                config: {
                    chainId: 779002,
                    feeManagerConfig: { blockTimestamp: 0, adminAddresses: ['0xadmin'] },
                },
            },
        },
        {
            createBlockTimestamp: 1_700_000_200,
            createBlockNumber: '14',
            blockchainId: 'chainB2',
            vmId: 'vm2',
            subnetId: '2bRCr6B4MiEfSjidDwxDpdCyviwnfUVqB2HGwhm947w9YYqb7r',
            blockchainName: 'Other VM',
            genesisData: 'opaque-genesis-bytes',
        },
    ],
};

function chain(overrides: Partial<ChainInfo>): ChainInfo {
    return {
        chainId: '779002',
        status: 'OK',
        chainName: 'Game',
        description: 'd',
        platformChainId: 'chainB1',
        subnetId: subnet.subnetId,
        vmName: 'EVM',
        explorerUrl: 'https://game.example/explorer/',
        rpcUrl: 'https://game.example/ext/bc/chainB1/rpc',
        isTestnet: false,
        networkToken: { name: 'Game', symbol: 'GAME', decimals: 18 },
        ...overrides,
    };
}

describe('(unit) summaries: compact subnets for trees', () => {
    it('keeps what the summary needs and drops the bulk of the genesis', () => {
        const compact = compactSubnet(subnet);
        const [evm, opaque] = compact.blockchains;
        assert.ok(evm && !('genesisData' in evm));
        assert.deepEqual(
            evm.genesis && evm.genesis.kind === 'evm' ? evm.genesis.allocations : undefined,
            {
                count: 1,
                withCode: 1,
                totalWei: '1000000000000000000',
                unreadable: 0,
            },
        );
        assert.deepEqual(opaque?.genesis, { kind: 'opaque', length: 20 });
        // The digest gives the same summary as the raw genesis.
        assert.deepEqual(
            summarizeDigest(evm.genesis),
            summarizeGenesis(subnet.blockchains[0]?.genesisData),
        );
        assert.equal(JSON.stringify(evm.genesis).includes('mixHash'), false);
        assert.equal(digestGenesis(undefined), undefined);
        assert.equal(compact.subnetId, subnet.subnetId);
    });

    it("a Load more reads as many subnets as are shown, in pages of the listing's size", () => {
        assert.equal(wantedRows(100, 0), 100);
        assert.equal(wantedRows(100, 100), 100);
        assert.equal(wantedRows(100, 400), 400);
        assert.equal(wantedRows(100, 9_000), 2_000, 'at most 20 pages a click');
        assert.equal(wantedRows(1_000, 12_000), 10_000, 'at most the largest page a click');
        assert.equal(wantedRows(5_000, 10), 5_000);
        // 10,050 subnets at the default size: 100, 100, 200, 400, … → 9 clicks, not 101.
        let loaded = 100;
        let clicks = 0;
        while (loaded < 10_050) {
            loaded += wantedRows(100, loaded);
            clicks++;
        }
        assert.equal(clicks, 9);
    });

    it('follows one token chain to what is wanted, and never changes the page size', async () => {
        // A list of 25 whose tokens are cursors of one page size only, as a server may issue
        // them: a token followed with another size is refused.
        const size = 4;
        const asked: (string | undefined)[] = [];
        const readPage = (token: string | undefined): Promise<Page<Subnet>> => {
            asked.push(token);
            const [from, tokenSize] = token ? token.split('/').map(Number) : [0, size];
            if (tokenSize !== size) return Promise.reject(new Error('page size changed'));
            const items = Array.from({ length: Math.min(size, 25 - from!) }, (_, i) => ({
                ...subnet,
                subnetId: `s${from! + i}`,
            }));
            const end = from! + items.length;
            return Promise.resolve({
                items,
                nextPageToken: end < 25 ? `${end}/${size}` : undefined,
            });
        };
        const first = await readSubnetPages(readPage, undefined, size);
        assert.deepEqual(
            first.pages.flatMap((p) => p.items.map((s) => s.subnetId)),
            ['s0', 's1', 's2', 's3'],
        );
        const more = await readSubnetPages(readPage, first.next, wantedRows(size, 4));
        assert.equal(more.pages.length, 1);
        const most = await readSubnetPages(readPage, more.next, 10);
        assert.deepEqual(
            most.pages.flatMap((p) => p.items.map((s) => s.subnetId)),
            ['s8', 's9', 's10', 's11', 's12', 's13', 's14', 's15', 's16', 's17', 's18', 's19'],
        );
        const rest = await readSubnetPages(readPage, most.next, 100);
        assert.equal(rest.next, undefined);
        assert.deepEqual(
            rest.pages.flatMap((p) => p.items.map((s) => s.subnetId)),
            ['s20', 's21', 's22', 's23', 's24'],
        );
        assert.equal(new Set(asked).size, asked.length, 'each page asked once');
    });

    it('a later page that fails ends the Load more with what was read; the first one throws', async () => {
        let calls = 0;
        const flaky = (token: string | undefined): Promise<Page<Subnet>> => {
            calls++;
            if (token === 'b') return Promise.reject(new Error('503'));
            return Promise.resolve({ items: [subnet], nextPageToken: token ? 'b' : 'a' });
        };
        const read = await readSubnetPages(flaky, undefined, 5);
        assert.equal(read.pages.length, 2);
        assert.equal(read.next, 'b', 'the failed page is asked again by the next Load more');
        assert.equal(calls, 3);
        await assert.rejects(readSubnetPages(flaky, 'b', 5), /503/);
        // An empty page with a token cannot make a click loop.
        const empty = await readSubnetPages(
            () => Promise.resolve({ items: [], nextPageToken: 'same' }),
            undefined,
            5,
        );
        assert.equal(empty.pages.length, 1);
    });
});

describe('(unit) summaries: tree row actions', () => {
    const compact = compactSubnet(subnet);
    const subnetRow: Row = {
        kind: 'subnet',
        ...under('subnets', undefined, compact.subnetId),
        subnet: compact,
    };

    it('builds nested, stable ids from domain keys', () => {
        assert.equal(subnetRow.id, `subnets/${subnet.subnetId}`);
        assert.equal(
            childId('subnets', subnetRow, 'blockchains', 'chainB1'),
            `subnets/${subnet.subnetId}/blockchains/chainB1`,
        );
        assert.equal(childId('node', undefined, 'a/b%c'), 'node/a%2Fb%25c');
    });

    it('offers the ids and addresses of a row to copy, most useful first', () => {
        assert.deepEqual(copyValues(subnetRow), [
            { label: 'Subnet id', value: subnet.subnetId },
            { label: 'L1 conversion transaction', value: '2conversionTx' },
        ]);
        const validator = {
            validationId: 'val1',
            validationIdHex: '0xabc',
            nodeId: 'NodeID-1',
        } as L1Validator;
        const row: Row = {
            kind: 'l1Validator',
            ...under('validators', undefined, 'val1'),
            validator,
        };
        assert.deepEqual(
            copyValues(row).map((v) => v.label),
            ['Node id', 'Validation id', 'Validation id (hex)'],
        );
        const field: Row = {
            kind: 'field',
            ...under('node', undefined, 'x'),
            label: 'IP',
            value: '1.2.3.4:9651',
            copy: '1.2.3.4:9651',
        };
        assert.deepEqual(copyValues(field), [{ label: 'IP', value: '1.2.3.4:9651' }]);
        const plain: Row = {
            kind: 'field',
            ...under('node', undefined, 'y'),
            label: 'Network',
            value: 'mainnet',
        };
        assert.deepEqual(copyValues(plain), []);
    });

    it('shows the domain object as JSON, bigints as text', () => {
        assert.equal(jsonOf(subnetRow), compact);
        assert.equal(
            jsonOf({ kind: 'empty', ...under('subnets', undefined, '~empty'), message: 'none' }),
            undefined,
        );
        assert.equal(
            jsonText({ big: 12n, list: [1] }),
            '{\n  "big": "12",\n  "list": [\n    1\n  ]\n}',
        );
    });

    it('links to the Avalanche explorer through the template, or the chain’s own explorer', () => {
        assert.equal(
            explorerUrlOf(subnetRow, 'mainnet', defaultExplorerUrlTemplate),
            `https://subnets.avax.network/subnets/${subnet.subnetId}`,
        );
        const pTx: Row = {
            kind: 'primaryTx',
            ...under('chains', undefined, 'tx'),
            chain: 'p-chain',
            txId: 'abc',
        };
        assert.equal(
            explorerUrlOf(pTx, 'fuji', defaultExplorerUrlTemplate),
            'https://subnets-test.avax.network/p-chain/tx/abc',
        );
        const tx = {
            txHash: '0xhash',
            from: { address: '0x1' },
            to: { address: '0x2' },
        } as NativeTransaction;
        const l1Tx: Row = {
            kind: 'evmTx',
            ...under('chains', undefined, 'l1tx'),
            chain: chain({}),
            tx,
        };
        assert.equal(
            explorerUrlOf(l1Tx, 'mainnet', defaultExplorerUrlTemplate),
            'https://game.example/explorer/tx/0xhash',
        );
        const cTx: Row = {
            kind: 'evmTx',
            ...under('chains', undefined, 'ctx'),
            chain: chain({ chainId: '43114' }),
            tx,
        };
        assert.equal(
            explorerUrlOf(cTx, 'mainnet', defaultExplorerUrlTemplate),
            'https://subnets.avax.network/c-chain/tx/0xhash',
        );
        // A hostile explorer URL from the API is never opened.
        const hostile: Row = {
            kind: 'evmTx',
            ...under('chains', undefined, 'htx'),
            chain: chain({ explorerUrl: 'javascript:alert(1)' }),
            tx,
        };
        assert.equal(explorerUrlOf(hostile, 'mainnet', defaultExplorerUrlTemplate), undefined);
    });

    it('opens a row in the result panel that shows its own thing, or in JSON', () => {
        assert.deepEqual(panelQueryOf(subnetRow, 'fuji'), {
            source: 'dataApi',
            operation: 'listL1Validators',
            params: { network: 'fuji', subnetId: subnet.subnetId },
        });
        const plainSubnet: Row = {
            ...subnetRow,
            subnet: { ...compact, isL1: false },
        };
        assert.equal(panelQueryOf(plainSubnet, 'mainnet'), undefined);
        const tx: Row = {
            kind: 'evmTx',
            ...under('chains', undefined, 'tx'),
            chain: chain({ chainId: '43114' }),
            tx: {
                txHash: '0xhash',
                from: { address: '0x1' },
                to: { address: '0x2' },
            } as NativeTransaction,
        };
        assert.deepEqual(panelQueryOf(tx, 'mainnet'), {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: '43114', txHash: '0xhash' },
        });
        const peer = {
            kind: 'peer',
            ...under('node', undefined, 'peer'),
            peer: { nodeId: 'NodeID-abc' },
        } as Row;
        assert.deepEqual(panelQueryOf(peer, 'mainnet'), {
            source: 'node',
            method: 'info.peers',
            texts: { nodeIDs: 'NodeID-abc' },
        });
        const field: Row = {
            kind: 'field',
            ...under('node', undefined, 'z'),
            label: 'IP',
            value: '1.2.3.4:9651',
        };
        assert.equal(panelQueryOf(field, 'mainnet'), undefined);
    });
});
