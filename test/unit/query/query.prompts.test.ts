/**
 * The checks behind every input box (table-driven: each kind accepts what the API takes and
 * refuses the rest with a sentence), the conversion to query values, the closed sets, and which
 * editor identifier fills which prompt.
 */
import * as assert from 'node:assert/strict';

import {
    checkPromptText,
    findIdentifiers,
    identifierFits,
    isNodeChain,
    parsePromptText,
    type PromptKind,
    staticChoices,
} from '../../../src/core';
import { realIds } from '../dataApi/dataApi.samples';

const required = (kind: PromptKind) => ({ kind, optional: false });

const cases: [PromptKind, string[], string[]][] = [
    [
        'evmAddress',
        [realIds.evmAddress, realIds.evmAddress.toLowerCase()],
        ['0x123', `${realIds.evmAddress}0`, 'hello', realIds.evmTxHash],
    ],
    [
        'evmAddresses',
        [`${realIds.evmAddress}, ${realIds.evmAddress.toLowerCase()}`],
        [`${realIds.evmAddress},0xdead`],
    ],
    ['evmTxHash', [realIds.evmTxHash], [realIds.evmAddress, '0x', 'abc']],
    ['blockId', ['0', '123456', realIds.evmBlockHash], ['-1', '1.5', '0x12', 'latest']],
    ['pnTxId', [realIds.xTxId], [`${realIds.xTxId.slice(0, -1)}x`, realIds.evmTxHash]],
    ['cb58Id', [realIds.avaxAssetId, realIds.pChain], ['hello', realIds.nodeId]],
    ['nodeId', [realIds.nodeId], ['NodeID-abc', realIds.xTxId]],
    ['nodeIds', [`${realIds.nodeId} ${realIds.nodeId}`], [`${realIds.nodeId}, NodeID-x`]],
    ['blockNumber', ['0', '18446744073709551616'], ['-5', '1e3', '0x10', ' ']],
    ['amount', ['0', '1000000000'], ['1.5', 'abc']],
    ['timestamp', ['0', '1767000000'], ['-1', '99999999999999999999', '1.5']],
    ['integer', ['0', '42'], ['-1', 'x']],
    ['date', ['2024-02-29', '2025-12-31'], ['2023-02-29', '2025-13-01', '2025-1-1', 'yesterday']],
    ['operationId', ['aa22054a-cb7c-4a4e-9b83-59f2ede74138'], ['../etc', 'a b', '']],
    ['evmChain', ['43114', realIds.cChainMainnet], ['0', 'c-chain', '43114a']],
    ['metricsChain', ['43114'], [realIds.cChainMainnet, '0']],
    [
        'nodeChain',
        ['C', 'X', 'my-chain.1', realIds.cChainMainnet],
        ['', 'a b', `${realIds.cChainMainnet.slice(0, -1)}2`, '/ext'],
    ],
    ['alias', ['x'.repeat(512)], ['x'.repeat(513)]],
    [
        'block',
        ['latest', 'finalized', '0', '0x1a', '12'],
        ['0x01', 'newest', '-1', '9223372036854775808'],
    ],
    ['blockOrHash', ['latest', realIds.evmBlockHash], ['0xzz']],
    ['hash', [realIds.evmTxHash], [realIds.evmAddress]],
    [
        'rpcPath',
        [
            '/ext/info',
            '/ext/bc/C/rpc',
            '/ext/bc/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5/rpc',
        ],
        ['ext/info', '/ext/../admin', '/other', 'http://x/ext/info'],
    ],
    [
        'rpcMethod',
        ['info.peers', 'eth_blockNumber', 'health.health'],
        ['info.', '1abc', 'a b', 'x.y.z'],
    ],
    ['json', ['{}', '[]', '{"nodeIDs":[]}', '[1, "latest"]'], ['1', '"text"', '{', 'null']],
    // P- and X-Chain node methods: any network's prefix (a local network's is `local`).
    [
        'cb58Ids',
        [
            '11111111111111111111111111111111LpoYY',
            '11111111111111111111111111111111LpoYY, FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
        ],
        ['abc', '11111111111111111111111111111111LpoYZ'],
    ],
    [
        'pAddresses',
        [
            'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
            'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy',
        ],
        [
            'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
            'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96v',
            'local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u',
        ],
    ],
    [
        'xAddress',
        ['X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u'],
        ['P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u', 'X-'],
    ],
    ['height', ['0', '3', '18446744073709551615'], ['-1', '1.5', '18446744073709551616', '01']],
    [
        'assetId',
        ['AVAX', 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'],
        ['A V', 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5a'],
    ],
];

describe('(unit) query prompts', () => {
    for (const [kind, good, bad] of cases) {
        it(`${kind}: accepts ${good.length}, refuses ${bad.length}`, () => {
            for (const text of good)
                assert.equal(
                    checkPromptText(required(kind), text),
                    undefined,
                    `${kind} should accept ${text}`,
                );
            for (const text of bad) {
                const message = checkPromptText(required(kind), text);
                assert.equal(
                    typeof message,
                    'string',
                    `${kind} should refuse ${JSON.stringify(text)}`,
                );
                assert.ok(message!.length > 5);
            }
        });
    }

    it('primary-network addresses must carry the prefix of the network', () => {
        const kind = required('pnAddresses');
        assert.equal(checkPromptText(kind, realIds.pAddress, { network: 'mainnet' }), undefined);
        assert.equal(
            checkPromptText(
                kind,
                `${realIds.pAddress}, X-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5`,
                { network: 'mainnet' },
            ),
            undefined,
        );
        assert.match(checkPromptText(kind, realIds.pAddress, { network: 'fuji' })!, /fuji/);
        assert.equal(
            checkPromptText(kind, realIds.xAddressFuji, { network: 'testnet' }),
            undefined,
        );
        assert.ok(
            checkPromptText(kind, 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre6', {
                network: 'mainnet',
            }),
        );
    });

    it('empty text passes only an optional prompt', () => {
        assert.equal(checkPromptText({ kind: 'evmAddress', optional: true }, '  '), undefined);
        assert.equal(
            checkPromptText({ kind: 'evmAddress', optional: false }, ''),
            'A value is required.',
        );
    });

    it('turns texts into query values: lists, numbers, digit strings', () => {
        assert.deepEqual(parsePromptText('evmAddresses', ` ${realIds.evmAddress} ,0xab `), [
            realIds.evmAddress,
            '0xab',
        ]);
        assert.equal(parsePromptText('timestamp', '17'), 17);
        assert.equal(parsePromptText('integer', '3'), 3);
        assert.equal(
            parsePromptText('blockNumber', '18446744073709551616'),
            '18446744073709551616',
        );
        assert.equal(parsePromptText('boolean', 'true'), true);
        assert.equal(parsePromptText('evmAddress', ''), undefined);
    });

    it('offers the blockchain ids valid for the endpoint and network', () => {
        const mainnet = staticChoices('blockchain', { network: 'mainnet' }).map((c) => c.value);
        assert.deepEqual(mainnet, [
            'p-chain',
            'x-chain',
            'c-chain',
            realIds.pChain,
            realIds.xChainMainnet,
            realIds.cChainMainnet,
        ]);
        const x = staticChoices('xChain', { network: 'fuji' }).map((c) => c.value);
        assert.deepEqual(x, ['x-chain', '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm']);
        assert.equal(staticChoices('currency').length, 14);
        assert.deepEqual(
            staticChoices('logLevel').map((c) => c.value),
            ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'TRACE', 'DEBUG', 'VERBO'],
        );
        assert.equal(staticChoices('txTypes').length, 23);
        assert.ok(staticChoices('exportType').some((c) => c.value === 'TRANSACTION_EXPORT_EVM'));
    });

    it('an identifier from the editor fills only prompts it fits', () => {
        const text = `addr ${realIds.evmAddress} tx ${realIds.evmTxHash} asset ${realIds.avaxAssetId} node ${realIds.nodeId} ${realIds.pAddress}`;
        const ids = findIdentifiers(text);
        const byKind = new Map(ids.map((id) => [id.kind, id]));
        const address = byKind.get('evmAddress')!;
        const hash = byKind.get('hash32')!;
        const asset = byKind.get('cb58Id')!;
        const node = byKind.get('nodeId')!;
        const pn = byKind.get('pnAddress')!;
        assert.equal(identifierFits('evmAddress', address), realIds.evmAddress);
        assert.equal(identifierFits('evmTxHash', address), undefined);
        assert.equal(identifierFits('evmTxHash', hash), realIds.evmTxHash);
        assert.equal(identifierFits('blockId', hash), realIds.evmTxHash);
        assert.equal(identifierFits('cb58Id', asset), realIds.avaxAssetId);
        assert.equal(identifierFits('evmAddress', asset), undefined);
        assert.equal(identifierFits('nodeId', node), realIds.nodeId);
        assert.equal(identifierFits('pnAddresses', pn, { network: 'mainnet' }), realIds.pAddress);
        assert.equal(identifierFits('pnAddresses', pn, { network: 'fuji' }), undefined);
    });

    it('node chains follow the node client rule', () => {
        assert.ok(isNodeChain('C') && isNodeChain(realIds.cChainMainnet));
        assert.ok(!isNodeChain('x'.repeat(513)) && !isNodeChain('a/b'));
    });
});
