/**
 * One odd item never fails a page (#34): the real forms of the fields that differ from the
 * OpenAPI (a hex or numeric genesis field, a chain id past 2^53, a balance without
 * `tokenReputation`) parse as they are, and any other item that does not parse is shown without
 * the fields that did not match, or dropped when nothing of it can be read, with the page saying
 * which and why. The page and its neighbours stand; the client is told, to log it.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';

import {
    buildRows,
    buildView,
    collectPages,
    DataApiClient,
    isResponseFormatError,
    parseResponse,
    type RepairEvent,
    resultRepairs,
    type Subnet,
    summarizeGenesis,
} from '../../../src/core';
import type { DataApiQuery } from '../../../src/shared/query';
import { dataApiEndpoints, dataApiOperations } from '../../../src/core/dataApi/endpoints';
import { parseJsonExact } from '../../../src/core/http/exactJson';
import { listenOnLoopback } from '../../helpers/loopbackServer';

type Json = Record<string, unknown>;

function blockchain(id: string, genesis: Json | string | undefined, extra: Json = {}): Json {
    return {
        createBlockTimestamp: 1_700_000_000,
        createBlockNumber: '100',
        blockchainId: id,
        vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
        subnetId: `subnet-${id}`,
        blockchainName: `chain ${id}`,
        evmChainId: 779_001,
        ...(genesis === undefined ? {} : { genesisData: genesis }),
        ...extra,
    };
}

function subnet(id: string, chains: Json[], extra: Json = {}): Json {
    return {
        createBlockTimestamp: 1_700_000_000,
        createBlockIndex: '1',
        subnetId: id,
        ownerAddresses: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'],
        threshold: 1,
        locktime: 0,
        subnetOwnershipInfo: {
            locktime: 0,
            threshold: 1,
            addresses: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'],
        },
        isL1: true,
        blockchains: chains,
        ...extra,
    };
}

const goodGenesis = { config: { chainId: 779_001, feeConfig: { gasLimit: 15_000_000 } } };

function subnetsPage(...subnets: Json[]): Json {
    return { nextPageToken: 'next', subnets };
}

function erc20Balance(address: string, extra: Json = {}): Json {
    return {
        address,
        name: 'Token',
        symbol: 'TOK',
        decimals: 18,
        ercType: 'ERC-20',
        chainId: '43114',
        balance: '1000',
        tokenReputation: 'Benign',
        ...extra,
    };
}

const nativeBalance = {
    name: 'Avalanche',
    symbol: 'AVAX',
    decimals: 18,
    chainId: '43114',
    balance: '1',
};

describe('(unit) dataApi: the real forms of odd fields parse as sent', () => {
    it('a genesis baseFeePerGas in hex (or as a number) and a numeric gasLimit', () => {
        const hex = blockchain('a', {
            ...goodGenesis,
            baseFeePerGas: '0x5d21dba00',
            gasLimit: 8e6,
        });
        const num = blockchain('b', { ...goodGenesis, baseFeePerGas: 25e9, gasLimit: '0x7a1200' });
        const page = parseResponse('listSubnets', subnetsPage(subnet('s1', [hex, num])));
        assert.equal(resultRepairs(page).length, 0, 'nothing needed repair');
        const [a, b] = page.items[0]!.blockchains;
        const ga = a!.genesisData as Json;
        const gb = b!.genesisData as Json;
        assert.equal(ga['baseFeePerGas'], '25000000000', 'hex read as its decimal digits');
        assert.equal(ga['gasLimit'], 8e6);
        assert.equal(gb['baseFeePerGas'], 25e9);
        assert.equal(gb['gasLimit'], '8000000');
        const summary = summarizeGenesis(a!.genesisData);
        assert.ok(
            summary.kind === 'evm' && summary.gasLimit === '8000000',
            JSON.stringify(summary),
        );
    });

    it('an evmChainId and a config.chainId past 2^53 stay exact through the exact parse', () => {
        const big = '9007199254740993';
        const text = JSON.stringify(
            subnetsPage(
                subnet('s1', [
                    blockchain('a', { config: { chainId: 1, feeConfig: { gasLimit: 1 } } }),
                ]),
            ),
        )
            .replace('"evmChainId":779001', `"evmChainId":${big}`)
            .replace('"chainId":1,', `"chainId":${big},`)
            .replace('"gasLimit":1}', `"gasLimit":${big}}`);
        const page = parseResponse('listSubnets', parseJsonExact(text));
        assert.equal(resultRepairs(page).length, 0);
        const chain = page.items[0]!.blockchains[0]!;
        assert.equal(chain.evmChainId, big);
        const genesis = chain.genesisData as { config: { chainId: unknown; feeConfig: Json } };
        assert.equal(genesis.config.chainId, big);
        assert.equal(genesis.config.feeConfig['gasLimit'], big);
        const summary = summarizeGenesis(chain.genesisData);
        assert.ok(summary.kind === 'evm' && summary.chainId === big);
    });

    it('an ERC-20 balance without tokenReputation (as the docs example has it)', () => {
        const page = parseResponse('listErc20Balances', {
            nativeTokenBalance: nativeBalance,
            erc20TokenBalances: [
                erc20Balance('0x1'),
                { ...erc20Balance('0x2'), tokenReputation: undefined },
            ],
        });
        assert.equal(resultRepairs(page).length, 0);
        assert.equal(page.items.length, 2);
        assert.equal(page.items[1]!.tokenReputation, undefined);
    });
});

describe('(unit) dataApi: one odd item never fails its page', () => {
    it('an item with an odd field is shown without it, marked; its neighbours are untouched', () => {
        const odd = subnet('odd', [
            blockchain('a', { ...goodGenesis, number: 7 }),
            blockchain('b', goodGenesis, { createBlockTimestamp: 'yesterday' }),
        ]);
        const page = parseResponse(
            'listSubnets',
            subnetsPage(subnet('first', [blockchain('x', goodGenesis)]), odd, subnet('last', [])),
        );
        assert.deepEqual(
            page.items.map((s) => s.subnetId),
            ['first', 'odd', 'last'],
        );
        assert.equal(page.nextPageToken, 'next', 'the page keeps its cursor');
        const repairs = resultRepairs(page);
        assert.equal(repairs.length, 1);
        const [repair] = repairs;
        assert.equal(repair!.outcome, 'repaired');
        assert.equal(repair!.position, 1);
        assert.equal(repair!.index, 1);
        // The genesis lost its odd `number`; the blockchain without a time could not be kept.
        assert.deepEqual(repair!.removed, [
            'blockchains[0].genesisData.number',
            'blockchains[1].createBlockTimestamp',
            'blockchains[1]',
        ]);
        assert.ok(
            repair!.problems.some((p) =>
                p.startsWith('blockchains[1].createBlockTimestamp: expected number'),
            ),
            repair!.problems.join('\n'),
        );
        const kept = page.items[1]!;
        assert.equal(kept.blockchains.length, 1);
        assert.equal((kept.blockchains[0]!.genesisData as Json)['number'], undefined);
        assert.deepEqual(
            (kept.blockchains[0]!.genesisData as { config: unknown }).config,
            goodGenesis.config,
            'the rest of the genesis stays',
        );
    });

    it('a hopeless item is dropped, and the page says so; the others stand', () => {
        const hopeless = { ...subnet('bad', []), subnetId: 42, isL1: 'maybe' };
        const page = parseResponse(
            'listSubnets',
            subnetsPage(subnet('one', []), hopeless, subnet('two', [])),
        );
        assert.deepEqual(
            page.items.map((s: Subnet) => s.subnetId),
            ['one', 'two'],
        );
        const [repair] = resultRepairs(page);
        assert.equal(repair!.outcome, 'dropped');
        assert.equal(repair!.position, 1);
        assert.equal(repair!.index, undefined);
        assert.deepEqual(repair!.problems, [
            'subnetId: expected string, got number',
            'isL1: expected boolean, got string',
        ]);
    });

    it('a broken page (not an item) still fails as a whole, naming the problem', () => {
        assert.throws(
            () => parseResponse('listSubnets', { subnets: 'none' }),
            (error: unknown) =>
                isResponseFormatError(error) && /subnets: expected array/.test(error.message),
        );
        assert.throws(
            () =>
                parseResponse('listErc20Balances', {
                    erc20TokenBalances: [erc20Balance('0x1')],
                }),
            (error: unknown) =>
                isResponseFormatError(error) &&
                error.issues.includes('nativeTokenBalance: expected object, got nothing'),
        );
    });

    it('unions of item shapes: an odd transfer keeps its own shape, minus the odd field', () => {
        const rich = { address: '0xa' };
        const transfer = (extra: Json): Json => ({
            blockNumber: '1',
            blockTimestamp: 1,
            blockHash: '0xb',
            txHash: '0xc',
            from: rich,
            to: rich,
            logIndex: 0,
            value: '5',
            erc20Token: {
                address: '0xd',
                name: 'T',
                symbol: 'T',
                decimals: 6,
                ercType: 'ERC-20',
                ...extra,
            },
        });
        const page = parseResponse('listTransfers', {
            transfers: [transfer({}), transfer({ logoUri: 7 })],
        });
        const [repair] = resultRepairs(page);
        assert.equal(repair?.outcome, 'repaired');
        assert.deepEqual(repair.removed, ['erc20Token.logoUri']);
        assert.ok('erc20Token' in page.items[1]!, 'still an ERC-20 transfer');
    });

    it('the list of the chain list and of the UTXO union stand too', () => {
        const chains = parseResponse('supportedChains', {
            chains: [{ chainId: 5 }, { ...chain('43114') }],
        });
        assert.deepEqual(
            chains.chains.map((c) => c.chainId),
            ['43114'],
        );
        assert.equal(resultRepairs(chains)[0]?.outcome, 'dropped');
        for (const operation of dataApiOperations) {
            const endpoint = dataApiEndpoints[operation];
            if (endpoint.pageSize) assert.ok(endpoint.items, `${operation} names its list`);
        }
    });

    it('collected pages count the places of their repairs across pages', async () => {
        const pages = [
            { items: ['a', 'b'], nextPageToken: 't', repairs: [dropped(0)] },
            { items: ['c', 'd'], repairs: [{ ...dropped(2) }, repaired(0, 0)] },
        ];
        const got = await collectPages<string>((token) =>
            Promise.resolve(token ? pages[1]! : pages[0]!),
        );
        assert.deepEqual(got.items, ['a', 'b', 'c', 'd']);
        assert.deepEqual(
            got.repairs?.map((r) => [r.outcome, r.position, r.index]),
            [
                ['dropped', 0, undefined],
                ['dropped', 5, undefined],
                ['repaired', 3, 2],
            ],
        );
    });
});

describe('(unit) panels: the odd items of a page are marked and named', () => {
    const query: DataApiQuery = {
        source: 'dataApi',
        operation: 'listSubnets',
        params: { network: 'mainnet' },
    };
    const odd = subnet('odd', [blockchain('a', goodGenesis, { evmChainId: 'many' })]);
    const hopeless = { subnetId: 7 };

    it('a partial row carries a badge, and the notice names its row and the dropped item', () => {
        const page = parseResponse(
            'listSubnets',
            subnetsPage(subnet('one', []), odd, hopeless, subnet('two', [])),
        );
        const { view } = buildView(query, page, { network: 'mainnet' });
        const rows = view.main!.rows;
        assert.equal(rows.length, 3, 'the page stands without the hopeless item');
        const first = rows[1]![0]!;
        assert.ok(first.k === 'list', JSON.stringify(first));
        assert.deepEqual(first.items[0], { k: 'badge', text: 'partial', tone: 'warn' });
        assert.equal(rows[0]![0]!.k, 'id', 'a whole row is untouched');
        assert.equal(view.notice?.tone, 'warn');
        assert.match(view.notice.text, /^2 items of this page did not match/);
        assert.match(view.notice.text, /row 2 without blockchains\[0\]\.evmChainId/);
        assert.match(
            view.notice.text,
            /Left out, unreadable: 1 item \(createBlockTimestamp: expected number, got nothing\)/,
        );
        assert.ok(view.notice.text.length <= 500);
    });

    it('rows appended by Load more are marked too', () => {
        const page = parseResponse('listSubnets', subnetsPage(odd));
        const rows = buildRows(query, page.items, { network: 'mainnet' }, page.repairs);
        assert.equal(rows[0]![0]!.k, 'list');
        const plain = buildRows(query, page.items, { network: 'mainnet' });
        assert.equal(plain[0]![0]!.k, 'id');
    });
});

describe('(unit) dataApi client: repairs over HTTP', () => {
    it('tells onRepairs of a page that stood, and nothing of a page that parsed whole', async () => {
        let answer: unknown = subnetsPage(subnet('one', []));
        const server = createServer((_req, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(answer));
        });
        const loopback = await listenOnLoopback(server);
        const events: RepairEvent[] = [];
        const client = new DataApiClient({
            baseUrl: loopback.url,
            onRepairs: (event) => events.push(event),
        });
        try {
            const whole = await client.listSubnets({ network: 'mainnet' });
            assert.equal(whole.repairs, undefined);
            assert.equal(events.length, 0);
            answer = subnetsPage(subnet('one', []), { subnetId: 'broken' });
            const page = await client.listSubnets({ network: 'fuji' });
            assert.deepEqual(
                page.items.map((s) => s.subnetId),
                ['one'],
            );
            assert.equal(events.length, 1);
            assert.equal(events[0]!.operation, 'listSubnets');
            assert.equal(events[0]!.repairs[0]!.outcome, 'dropped');
            assert.match(events[0]!.url, /\/v1\/networks\/fuji\/subnets/);
        } finally {
            await client.close();
            await loopback.close();
        }
    });
});

function chain(chainId: string): Json {
    return {
        chainId,
        status: 'OK',
        chainName: 'C-Chain',
        description: 'c',
        vmName: 'EVM',
        rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
        isTestnet: false,
        networkToken: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    };
}

function dropped(position: number) {
    return { position, outcome: 'dropped' as const, removed: [], problems: [] };
}

function repaired(position: number, index: number) {
    return { position, index, outcome: 'repaired' as const, removed: ['x'], problems: [] };
}
