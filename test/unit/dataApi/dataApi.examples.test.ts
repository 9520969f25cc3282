/**
 * The client's wire schemas against every published REST and Metrics example (copied into
 * test/fixtures/dataApi; see its README for which ones must parse and why), plus the drift the
 * real API is allowed: unknown fields, unknown enum values, the documented number/string swaps.
 */
import * as assert from 'node:assert/strict';

import {
    isErc1155Balance,
    isNonLinearXChainTransaction,
    isPChainTransaction,
    isPChainUtxo,
    isResponseFormatError,
    isXChainTransaction,
    metricsWireSchemas,
    parseResponse,
    resultRepairs,
    transferKind,
} from '../../../src/core';
import {
    dataApiExampleFiles,
    dataApiFixtures,
    loadJson,
    operationByPrefix,
    operationOf,
} from '../../helpers/fixtures';

function load(name: string): unknown {
    return loadJson(dataApiFixtures, name);
}

/** Abridged by the docs authors (no nativeTokenBalance, no tokenReputation): must be refused. */
const mustFail = new Set(['rest-4.8-list-erc20-balances.docs.json']);
/** Error bodies, not success answers. */
const errorBodies = new Set(['rest-error-400.docs.json']);

const exampleFiles = dataApiExampleFiles();

function clone<T>(value: T): T {
    return structuredClone(value);
}

describe('(unit) dataApi examples: every published example parses', () => {
    it('finds all the examples, and each maps to an operation or is a known special case', () => {
        assert.ok(
            exampleFiles.length >= 25,
            `only ${exampleFiles.length} examples found in ${dataApiFixtures}`,
        );
        for (const file of exampleFiles) {
            if (errorBodies.has(file)) continue;
            assert.ok(operationOf(file), `no operation for ${file}`);
        }
        const covered = new Set(exampleFiles.map(operationOf));
        for (const [, operation] of operationByPrefix) {
            assert.ok(covered.has(operation), `no example for ${operation}`);
        }
    });

    for (const file of exampleFiles) {
        if (errorBodies.has(file) || mustFail.has(file)) continue;
        it(`parses ${file}`, () => {
            const operation = operationOf(file)!;
            const result = parseResponse(operation, load(file)) as unknown as Record<
                string,
                unknown
            >;
            assert.ok(result && typeof result === 'object');
            if ('items' in result) {
                assert.ok(Array.isArray(result['items']));
                assert.ok((result['items'] as unknown[]).length > 0, 'every example has an item');
            }
        });
    }

    it('refuses the abridged ERC-20 balances docs example, naming the missing envelope', () => {
        assert.throws(
            () =>
                parseResponse('listErc20Balances', load('rest-4.8-list-erc20-balances.docs.json')),
            (error: unknown) => {
                assert.ok(isResponseFormatError(error));
                assert.match(
                    error.message,
                    /^The Data API sent an answer in an unexpected shape: /,
                );
                assert.ok(
                    error.issues.includes('nativeTokenBalance: expected object, got nothing'),
                    error.issues.join('\n'),
                );
                // Its balance without `tokenReputation` is read as "unknown": only the missing
                // native balance, which is no item but the page's own part, fails it.
                assert.ok(
                    !error.issues.some((issue) => issue.includes('tokenReputation')),
                    error.issues.join('\n'),
                );
                return true;
            },
        );
    });

    it('parses the error body example with the shared error schema', () => {
        const parsed = metricsWireSchemas().ApiErrorWireSchema.parse(
            load('rest-error-400.docs.json'),
        );
        assert.deepEqual(parsed, {
            message: ['Invalid address format'],
            error: 'Bad Request',
            statusCode: 400,
        });
        assert.ok(
            metricsWireSchemas().ApiErrorWireSchema.safeParse({
                message: 'x',
                statusCode: 500,
                error: 'E',
            }).success,
        );
    });
});

describe('(unit) dataApi examples: normalised content', () => {
    it('keeps quantities as strings and shapes lists into pages with their extras', () => {
        const balances = parseResponse(
            'listErc20Balances',
            load('rest-4.8-list-erc20-balances.json'),
        );
        assert.equal(balances.nativeTokenBalance.balance, '2000000000000000000');
        assert.equal(balances.items[0]!.balance, '2000000000000000000');
        assert.equal(balances.items[0]!.tokenReputation, 'Malicious');
        assert.equal(balances.nextPageToken, undefined);

        const tx = parseResponse('getTransaction', load('rest-4.15-get-transaction.json'));
        assert.equal(tx.nativeTransaction.value, '10000000000000000000');
        assert.equal(tx.nativeTransaction.gasPrice, '470000000000');
        assert.equal(tx.networkTokenDetails.currentPrice?.value, 42.42);
        assert.equal(tx.teleporterMessageInfo?.direction, 'SOURCE_TRANSACTION');

        const validators = parseResponse(
            'listL1Validators',
            load('rest-4.17-list-l1-validators.json'),
        );
        assert.equal(validators.blockHeight, '<string>');
        assert.deepEqual(validators.items[0]!.blsCredentials, {});

        const blocks = parseResponse(
            'listLatestPrimaryNetworkBlocks',
            load('rest-4.16-list-primary-network-blocks.json'),
        );
        assert.deepEqual(blocks.chainInfo, { chainName: 'p-chain', network: 'mainnet' });
    });

    it("accepts Money.value as the docs' decimal string and hands out a number", () => {
        const page = parseResponse(
            'listTransfers',
            load('rest-4.9-list-token-transfers.docs.json'),
        );
        const transfer = page.items[0]!;
        assert.equal(transferKind(transfer), 'erc20');
        assert.ok('erc20Token' in transfer);
        assert.equal(transfer.erc20Token.price?.value, 42.42);
        assert.equal(page.nextPageToken, '<string>');
        const bad = clone(load('rest-4.9-list-token-transfers.docs.json')) as {
            transfers: { erc20Token: { price: { value: unknown } } }[];
        };
        bad.transfers[0]!.erc20Token.price.value = 'forty-two';
        // Not a number in either form: the transfer stands without its price, marked.
        const repaired = parseResponse('listTransfers', bad);
        const [repair] = resultRepairs(repaired);
        assert.equal(repair?.outcome, 'repaired');
        assert.deepEqual(repair.removed, ['erc20Token.price.value', 'erc20Token.price']);
        const kept = repaired.items[0]!;
        assert.ok('erc20Token' in kept && kept.erc20Token.price === undefined);
    });

    it('accepts the holders sortKey as a number or a string and hands out a string', () => {
        const asString = parseResponse(
            'getAddressesByBalanceOverTime',
            load('metrics-holders-token-holders-above-threshold.json'),
        );
        assert.equal(asString.items[0]!.sortKey, '123');
        const asNumber = parseResponse('getAddressesByBalanceOverTime', {
            addresses: [{ address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', sortKey: 123 }],
        });
        assert.equal(asNumber.items[0]!.sortKey, '123');
    });

    it('tells the P-Chain and X-Chain UTXO shapes apart', () => {
        const p = parseResponse(
            'getUtxosByAddressesV2',
            load('rest-4.3-post-utxos-by-addresses.json'),
        );
        assert.ok(isPChainUtxo(p.items[0]!));
        assert.equal(p.items[0].outputIndex, 123);
        const x = parseResponse(
            'getUtxosByAddressesV2',
            load('rest-4.3-post-utxos-by-addresses.x-chain-variant.json'),
        );
        const utxo = x.items[0]!;
        assert.ok(!isPChainUtxo(utxo));
        assert.equal(utxo.outputIndex, '38');
        assert.equal(
            utxo.credentials?.[0]?.publicKey,
            'AdMQOtubgBFFJu++0faHPIIA6KmdZ2ERErMRGzyy6juI',
        );
    });

    it('tells transfer, collectible and X-Chain transaction kinds apart', () => {
        const collectibles = parseResponse(
            'listCollectibleBalances',
            load('rest-4.13-list-collectible-balances.json'),
        );
        assert.equal(isErc1155Balance(collectibles.items[0]!), false);
        const erc1155 = parseResponse('listCollectibleBalances', {
            collectibleBalances: [
                {
                    address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
                    ercType: 'ERC-1155',
                    tokenId: '7',
                    tokenUri: 'ipfs://x',
                    metadata: { indexStatus: 'INDEXED', name: 'n', symbol: 's' },
                    chainId: '43114',
                    balance: '5',
                    // An ERC-1155 item that also carries name and symbol keeps its balance.
                    name: 'Named',
                    symbol: 'NM',
                },
            ],
        });
        const item = erc1155.items[0]!;
        assert.ok(isErc1155Balance(item));
        assert.equal(item.balance, '5');

        const transfers = parseResponse('listTransfers', {
            transfers: [
                (load('rest-4.7-list-erc1155-transactions.json') as { transactions: unknown[] })
                    .transactions[0],
            ],
        });
        assert.equal(transferKind(transfers.items[0]!), 'erc1155');

        const assets = parseResponse(
            'listAssetTransactions',
            load('rest-4.4-list-asset-transactions.json'),
        );
        assert.ok(isNonLinearXChainTransaction(assets.items[0]!));
        const linear = clone(load('rest-4.4-list-asset-transactions.json')) as {
            transactions: Record<string, unknown>[];
        };
        delete linear.transactions[0]!['vertices'];
        linear.transactions[0]!['chainFormat'] = 'linear';
        linear.transactions[0]!['blockHeight'] = 5;
        linear.transactions[0]!['blockHash'] = '2abc';
        const linearPage = parseResponse('listAssetTransactions', linear);
        const tx = linearPage.items[0]!;
        assert.ok(!isNonLinearXChainTransaction(tx));
        assert.equal(tx.blockHeight, 5);
    });

    it('tells the five shapes of one primary-network transaction apart', () => {
        const file = (variant: string): string =>
            `rest-tx-by-hash-get-transaction${variant ? `.${variant}-variant` : ''}.json`;
        const p = parseResponse('getTxByHash', load(file('')));
        assert.ok(isPChainTransaction(p) && !isXChainTransaction(p));
        assert.equal(p.txType, 'AddDelegatorTx');
        assert.equal(p.txHash, '3P91K6nuDFvDodcRuJTsgdf9SvYe5pMiKk38HppsoeAiEztCP');
        assert.equal(p.consumedUtxos[0]!.utxoType, 'STAKE');
        for (const variant of ['x-chain-non-linear', 'x-chain-linear']) {
            const x = parseResponse('getTxByHash', load(file(variant)));
            assert.ok(isXChainTransaction(x) && !isPChainTransaction(x), variant);
            assert.equal(isNonLinearXChainTransaction(x), variant === 'x-chain-non-linear');
        }
        const exported = parseResponse('getTxByHash', load(file('c-chain-export')));
        assert.ok(!isPChainTransaction(exported) && !isXChainTransaction(exported));
        assert.ok('evmInputs' in exported && exported.txType === 'ExportTx');
        const imported = parseResponse('getTxByHash', load(file('c-chain-import')));
        assert.ok('evmOutputs' in imported && imported.txType === 'ImportTx');
        // A P-Chain transaction without its block is none of the five.
        const broken = load(file('')) as Record<string, unknown>;
        delete broken['blockNumber'];
        assert.throws(() => parseResponse('getTxByHash', broken), isResponseFormatError);
    });

    it('keeps the genesis of an EVM chain as an object and of another VM as a string', () => {
        const subnets = parseResponse('listSubnets', load('rest-4.6-list-subnets.json'));
        const genesis = subnets.items[0]!.blockchains[0]!.genesisData;
        assert.ok(typeof genesis === 'object' && genesis.config?.chainId === 43114);
        const other = clone(load('rest-4.6-list-subnets.json')) as {
            subnets: { blockchains: Record<string, unknown>[] }[];
        };
        other.subnets[0]!.blockchains[0]!['genesisData'] = '0x00ff';
        other.subnets[0]!.blockchains[0]!['evmChainId'] = undefined;
        const parsed = parseResponse('listSubnets', other);
        assert.equal(parsed.items[0]!.blockchains[0]!.genesisData, '0x00ff');
        const nulls = clone(load('rest-4.6-list-subnets.json')) as {
            subnets: { blockchains: { genesisData: Record<string, unknown> }[] }[];
        };
        Object.assign(nulls.subnets[0]!.blockchains[0]!.genesisData, {
            airdropAmount: null,
            baseFeePerGas: null,
            blobGasUsed: null,
            excessBlobGas: null,
            alloc: {
                '0x71C7656EC7ab88b098defB751B7401B5f6d8976F': {
                    balance: '0x1',
                    storage: { '0x0': '0x1' },
                },
            },
        });
        assert.doesNotThrow(() => parseResponse('listSubnets', nulls));
    });
});

describe('(unit) dataApi examples: tolerated drift', () => {
    it('drops unknown fields at every level instead of failing', () => {
        const body = clone(load('rest-4.15-get-transaction.json')) as Record<
            string,
            Record<string, unknown>
        >;
        body['futureTopLevel'] = { anything: true };
        body['nativeTransaction']!['blobGasUsed'] = '0x1';
        (body['nativeTransaction']!['from'] as Record<string, unknown>)['ens'] = 'alice.avax';
        const tx = parseResponse('getTransaction', body);
        assert.equal((tx as unknown as Record<string, unknown>)['futureTopLevel'], undefined);
        assert.equal(
            (tx.nativeTransaction as unknown as Record<string, unknown>)['blobGasUsed'],
            undefined,
        );
        assert.equal(
            tx.nativeTransaction.from.address,
            '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
        );
    });

    it('keeps unknown enum values as strings instead of failing', () => {
        const tx = clone(load('rest-4.15-get-transaction.json')) as {
            nativeTransaction: { method: { callType: string } };
            internalTransactions: { internalTxType: string }[];
            erc721Transfers: {
                erc721Token: { metadata: { indexStatus: string }; ercType: string };
            }[];
            teleporterMessageInfo: { direction: string };
            networkTokenDetails: { currentPrice: { currencyCode: string } };
        };
        tx.nativeTransaction.method.callType = 'SELF_DESTRUCT';
        tx.internalTransactions[0]!.internalTxType = 'SELFDESTRUCT';
        tx.erc721Transfers[0]!.erc721Token.metadata.indexStatus = 'REFRESHING';
        tx.erc721Transfers[0]!.erc721Token.ercType = 'ERC-721A';
        tx.teleporterMessageInfo.direction = 'RELAY_TRANSACTION';
        tx.networkTokenDetails.currentPrice.currencyCode = 'btc';
        const parsed = parseResponse('getTransaction', tx);
        assert.equal(parsed.nativeTransaction.method?.callType, 'SELF_DESTRUCT');
        assert.equal(parsed.internalTransactions?.[0]?.internalTxType, 'SELFDESTRUCT');
        assert.equal(parsed.erc721Transfers?.[0]?.erc721Token.metadata.indexStatus, 'REFRESHING');
        assert.equal(parsed.teleporterMessageInfo?.direction, 'RELAY_TRANSACTION');
        assert.equal(parsed.networkTokenDetails.currentPrice?.currencyCode, 'btc');

        const balances = clone(load('rest-4.8-list-erc20-balances.json')) as {
            erc20TokenBalances: { tokenReputation: unknown }[];
        };
        balances.erc20TokenBalances[0]!.tokenReputation = 'Suspicious';
        assert.equal(
            parseResponse('listErc20Balances', balances).items[0]!.tokenReputation,
            'Suspicious',
        );
        balances.erc20TokenBalances[0]!.tokenReputation = null;
        assert.equal(parseResponse('listErc20Balances', balances).items[0]!.tokenReputation, null);

        const operation = clone(load('rest-4.5b-get-operation-result.json')) as Record<
            string,
            unknown
        >;
        operation['operationStatus'] = 'PAUSED';
        operation['operationType'] = 'TRANSACTION_EXPORT_L1';
        operation['metadata'] = { code: 'WarnSomethingNew' };
        const op = parseResponse('getOperationResult', operation);
        assert.equal(op.operationStatus, 'PAUSED');
        assert.equal(op.metadata?.code, 'WarnSomethingNew');

        const utxos = clone(load('rest-4.3-post-utxos-by-addresses.json')) as {
            utxos: Record<string, unknown>[];
            chainInfo: Record<string, unknown>;
        };
        utxos.utxos[0]!['utxoType'] = 'LOCKED';
        utxos.utxos[0]!['rewardType'] = 'L1_FEE';
        utxos.chainInfo['chainName'] = 'd-chain';
        utxos.chainInfo['network'] = 'devnet';
        const page = parseResponse('getUtxosByAddressesV2', utxos);
        assert.equal(page.chainInfo.chainName, 'd-chain');
        assert.equal((page.items[0] as { utxoType: string }).utxoType, 'LOCKED');

        const chains = clone(load('rest-chains-list-supported-chains.json')) as {
            chains: Record<string, unknown>[];
        };
        chains.chains[0]!['status'] = 'DEGRADED';
        chains.chains[0]!['vmName'] = 'SVM';
        chains.chains[0]!['enabledFeatures'] = ['nftIndexing', 'tracing'];
        assert.deepEqual(parseResponse('supportedChains', chains).chains[0]!.enabledFeatures, [
            'nftIndexing',
            'tracing',
        ]);
    });

    it('reports a wrong shape with readable paths and no response values', () => {
        const body = clone(load('rest-4.15-get-transaction.json')) as {
            nativeTransaction: Record<string, unknown>;
        };
        body.nativeTransaction['txHash'] = 12345;
        body.nativeTransaction['blockTimestamp'] = '<script>alert(1)</script>';
        delete body.nativeTransaction['from'];
        assert.throws(
            () => parseResponse('getTransaction', body, 'https://data-api.example/v1/x'),
            (error: unknown) => {
                assert.ok(isResponseFormatError(error));
                assert.equal(error.url, 'https://data-api.example/v1/x');
                assert.deepEqual(error.issues, [
                    'nativeTransaction.blockTimestamp: expected number, got string',
                    'nativeTransaction.txHash: expected string, got number',
                    'nativeTransaction.from: expected object, got nothing',
                ]);
                assert.equal(
                    error.message,
                    'The Data API sent an answer in an unexpected shape: nativeTransaction.blockTimestamp: expected number, got string; nativeTransaction.txHash: expected string, got number; nativeTransaction.from: expected object, got nothing.',
                );
                assert.doesNotMatch(error.message, /script/);
                return true;
            },
        );
        // The same transaction as an item of a list: dropped, its page stands, and the record
        // names the problems in the same words, without the values.
        const list = clone(load('rest-4.2-list-transactions.json')) as {
            transactions: { nativeTransaction: Record<string, unknown> }[];
        };
        list.transactions[0]!.nativeTransaction['txHash'] = 12345;
        list.transactions[0]!.nativeTransaction['blockTimestamp'] = '<script>alert(1)</script>';
        delete list.transactions[0]!.nativeTransaction['from'];
        const page = parseResponse('listTransactions', list);
        const [repair] = resultRepairs(page);
        assert.equal(repair?.outcome, 'dropped');
        assert.deepEqual(repair.problems, [
            'nativeTransaction.blockTimestamp: expected number, got string',
            'nativeTransaction.txHash: expected string, got number',
            'nativeTransaction.from: expected object, got nothing',
        ]);
        assert.doesNotMatch(JSON.stringify(repair), /script/);
        assert.throws(
            () => parseResponse('listTransactions', null),
            /\(top level\): expected object, got null/,
        );
        assert.throws(
            () => parseResponse('getAddressesByBalanceOverTime', { addresses: 'x' }),
            /^ResponseFormatError: The Metrics API sent an answer in an unexpected shape: addresses: expected array, got string/,
        );
    });

    it('reports the closest branch of a union', () => {
        const body = clone(load('rest-4.3-post-utxos-by-addresses.x-chain-variant.json')) as {
            utxos: Record<string, unknown>[];
        };
        delete body.utxos[0]!['creationTxHash'];
        // Without its chainInfo the page itself is wrong (an odd item alone would be dropped).
        delete (body as Record<string, unknown>)['chainInfo'];
        assert.throws(
            () => parseResponse('getUtxosByAddressesV2', body),
            (error: unknown) => {
                assert.ok(isResponseFormatError(error));
                assert.deepEqual(error.issues, [
                    'utxos[0].creationTxHash: expected string, got nothing',
                    'chainInfo: expected object, got nothing',
                ]);
                return true;
            },
        );
    });
});
