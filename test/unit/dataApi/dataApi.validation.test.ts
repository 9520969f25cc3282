/**
 * Every client-side check of the Data API client: a bad value throws ValidationError naming the
 * parameter, the value and what is allowed, and nothing reaches the (real, loopback) sandbox.
 */
import * as assert from 'node:assert/strict';

import {
    blockchainAliases,
    currencies,
    DataApiClient,
    type DataApiOperation,
    isValidationError,
    networks,
    pageSizeLimits,
    prepareRequest,
    primaryNetworkTxTypes,
    validateParams,
    ValidationError,
} from '../../../src/core';
import { type Sandbox, startSandbox } from '../../sandbox';
import { realIds, validParams } from './dataApi.samples';

/** [operation, parameters to change (undefined removes one), the parameter the error must name] */
type Case = [DataApiOperation, Record<string, unknown>, string];

const badChecksum = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByN';
const l1BlockchainId = 'Ss5AyRNNmf8ukp8FpBJA4ERFMcArudAyEuPVxkquaxqkjXi1W';
const primary = 'TRANSACTION_EXPORT_PRIMARY_NETWORK';

const cases: Case[] = [
    // The params object itself and unknown names.
    ['getTransaction', { chainId: realIds.cChainId, txHash: realIds.evmTxHash, hash: 'x' }, 'hash'],
    ['listSubnets', { pagesize: 10 }, 'pagesize'],
    // network
    ['listSubnets', { network: 'Mainnet' }, 'network'],
    ['listSubnets', { network: 'devnet' }, 'network'],
    ['listSubnets', { network: '' }, 'network'],
    ['listSubnets', { network: 1 }, 'network'],
    ['listSubnets', { network: undefined }, 'network'],
    ['getAggregatedSignatures', { network: 'local' }, 'network'],
    ['supportedChains', { network: 'local' }, 'network'],
    // chainId
    ['getTransaction', { chainId: '043114' }, 'chainId'],
    ['getTransaction', { chainId: 'c-chain' }, 'chainId'],
    ['getTransaction', { chainId: '0xa86a' }, 'chainId'],
    ['getTransaction', { chainId: '' }, 'chainId'],
    ['getTransaction', { chainId: '1'.repeat(21) }, 'chainId'],
    ['getTransaction', { chainId: 43114 }, 'chainId'],
    ['getTransaction', { chainId: badChecksum }, 'chainId'],
    ['listTransactions', { chainId: undefined }, 'chainId'],
    ['getAddressesByBalanceOverTime', { chainId: realIds.cChainMainnet }, 'chainId'],
    // EVM addresses and hashes
    ['listTransactions', { address: '0x123' }, 'address'],
    ['listTransactions', { address: '71C7656EC7ab88b098defB751B7401B5f6d8976F' }, 'address'],
    ['listTransactions', { address: `0x${'g'.repeat(40)}` }, 'address'],
    ['listTransactions', { address: `${realIds.evmAddress} ` }, 'address'],
    ['listTransfers', { address: realIds.pAddress }, 'address'],
    ['getAddressesByBalanceOverTime', { address: undefined }, 'address'],
    ['getTransaction', { txHash: realIds.evmTxHash.slice(0, -1) }, 'txHash'],
    ['getTransaction', { txHash: realIds.xTxId }, 'txHash'],
    ['getTransaction', { txHash: undefined }, 'txHash'],
    // cb58 ids
    ['getAggregatedSignatures', { txHash: realIds.evmTxHash }, 'txHash'],
    ['getAggregatedSignatures', { txHash: badChecksum }, 'txHash'],
    ['getAggregatedSignatures', { txHash: '' }, 'txHash'],
    ['listAssetTransactions', { assetId: 'AVAX' }, 'assetId'],
    ['listAssetTransactions', { assetId: badChecksum }, 'assetId'],
    ['getUtxosByAddressesV2', { assetId: '0x01' }, 'assetId'],
    ['listL1Validators', { subnetId: 'abc' }, 'subnetId'],
    ['listL1Validators', { l1ValidationId: realIds.evmTxHash }, 'l1ValidationId'],
    ['listL1Validators', { nodeId: 'NodeID-xyz' }, 'nodeId'],
    ['listL1Validators', { nodeId: '5mb46qkSBj81k9g9e4VFjGGSbaaSLFRzD' }, 'nodeId'],
    ['listL1Validators', { nodeId: `NodeID-${realIds.avaxAssetId}` }, 'nodeId'],
    // blockchainId per endpoint
    ['getUtxosByAddressesV2', { blockchainId: 'X-Chain' }, 'blockchainId'],
    ['getUtxosByAddressesV2', { blockchainId: 'P' }, 'blockchainId'],
    ['getUtxosByAddressesV2', { blockchainId: l1BlockchainId }, 'blockchainId'],
    ['listLatestPrimaryNetworkBlocks', { blockchainId: undefined }, 'blockchainId'],
    ['listAssetTransactions', { blockchainId: 'p-chain' }, 'blockchainId'],
    ['listAssetTransactions', { blockchainId: realIds.cChainMainnet }, 'blockchainId'],
    ['getVertexByHeight', { blockchainId: 'c-chain' }, 'blockchainId'],
    // pageSize, per endpoint range
    ['listTransactions', { pageSize: 0 }, 'pageSize'],
    ['listTransactions', { pageSize: 101 }, 'pageSize'],
    ['listTransactions', { pageSize: 1.5 }, 'pageSize'],
    ['listTransactions', { pageSize: '10' }, 'pageSize'],
    ['listTransactions', { pageSize: Number.NaN }, 'pageSize'],
    ['listTransactions', { pageSize: -1 }, 'pageSize'],
    ['listSubnets', { pageSize: 10_001 }, 'pageSize'],
    ['getUtxosByAddressesV2', { pageSize: 1025 }, 'pageSize'],
    ['listErc20Balances', { pageSize: 501 }, 'pageSize'],
    ['listErc1155Balances', { pageSize: 0 }, 'pageSize'],
    ['listCollectibleBalances', { pageSize: 501 }, 'pageSize'],
    ['getTransactionsForBlock', { pageSize: -1 }, 'pageSize'],
    ['getTransactionsForBlock', { pageSize: 101 }, 'pageSize'],
    ['getAddressesByBalanceOverTime', { pageSize: 5001 }, 'pageSize'],
    ['listL1Validators', { pageSize: 101 }, 'pageSize'],
    ['getVertexByHeight', { pageSize: 101 }, 'pageSize'],
    ['listLatestPrimaryNetworkBlocks', { pageSize: 0 }, 'pageSize'],
    ['listAssetTransactions', { pageSize: 101 }, 'pageSize'],
    ['listErc1155Transactions', { pageSize: 101 }, 'pageSize'],
    ['listInternalTransactions', { pageSize: 101 }, 'pageSize'],
    // pageToken
    ['listSubnets', { pageToken: 123 }, 'pageToken'],
    ['listSubnets', { pageToken: 'x'.repeat(2049) }, 'pageToken'],
    // block ranges: non-negative integers, start < end (end is exclusive)
    ['listTransactions', { startBlock: -1 }, 'startBlock'],
    ['listTransactions', { startBlock: 1.5 }, 'startBlock'],
    ['listTransactions', { startBlock: '1e3' }, 'startBlock'],
    ['listTransactions', { startBlock: ' 1' }, 'startBlock'],
    ['listTransactions', { endBlock: -1n }, 'endBlock'],
    ['listTransactions', { startBlock: 10, endBlock: 10 }, 'endBlock'],
    ['listTransfers', { startBlock: '20', endBlock: 10n }, 'endBlock'],
    ['listErc20Balances', { blockNumber: -1 }, 'blockNumber'],
    ['listErc1155Balances', { blockNumber: 'latest' }, 'blockNumber'],
    // timestamps: integers >= 0, start <= end
    ['listAssetTransactions', { startTimestamp: -1 }, 'startTimestamp'],
    ['listAssetTransactions', { startTimestamp: 1.2 }, 'startTimestamp'],
    ['listAssetTransactions', { endTimestamp: '5' }, 'endTimestamp'],
    ['listLatestPrimaryNetworkBlocks', { startTimestamp: 10, endTimestamp: 9 }, 'endTimestamp'],
    ['getAddressesByBalanceOverTime', { startTimestamp: 3, endTimestamp: 2 }, 'endTimestamp'],
    // vertexHeight: required integer >= 0
    ['getVertexByHeight', { vertexHeight: undefined }, 'vertexHeight'],
    ['getVertexByHeight', { vertexHeight: -1 }, 'vertexHeight'],
    ['getVertexByHeight', { vertexHeight: 1.5 }, 'vertexHeight'],
    ['getVertexByHeight', { vertexHeight: '5' }, 'vertexHeight'],
    // UTXO filters and addresses
    ['getUtxosByAddressesV2', { minUtxoAmount: -1 }, 'minUtxoAmount'],
    ['getUtxosByAddressesV2', { minUtxoAmount: 0.5 }, 'minUtxoAmount'],
    ['getUtxosByAddressesV2', { minUtxoAmount: 'lots' }, 'minUtxoAmount'],
    ['getUtxosByAddressesV2', { sortBy: 'value' }, 'sortBy'],
    ['getUtxosByAddressesV2', { includeSpent: 'yes' }, 'includeSpent'],
    ['getUtxosByAddressesV2', { addresses: [] }, 'addresses'],
    ['getUtxosByAddressesV2', { addresses: '' }, 'addresses'],
    ['getUtxosByAddressesV2', { addresses: 5 }, 'addresses'],
    ['getUtxosByAddressesV2', { addresses: undefined }, 'addresses'],
    ['getUtxosByAddressesV2', { addresses: ['P-avax1invalid'] }, 'addresses[0]'],
    [
        'getUtxosByAddressesV2',
        { addresses: [realIds.pAddress, realIds.xAddressFuji] },
        'addresses[1]',
    ],
    [
        'getUtxosByAddressesV2',
        { addresses: `${realIds.pAddress},${realIds.pAddress.slice(0, -1)}q` },
        'addresses[1]',
    ],
    ['getUtxosByAddressesV2', { addresses: [realIds.evmAddress] }, 'addresses[0]'],
    ['getUtxosByAddressesV2', { addresses: [`Z-${realIds.pAddress.slice(2)}`] }, 'addresses[0]'],
    // enums
    ['listTransactions', { sortOrder: 'ascending' }, 'sortOrder'],
    ['listSubnets', { sortOrder: 'ASC' }, 'sortOrder'],
    ['listErc20Balances', { currency: 'USD' }, 'currency'],
    ['listErc20Balances', { currency: 'btc' }, 'currency'],
    ['listAssetTransactions', { txTypes: ['BaseTx', 'FooTx'] }, 'txTypes[1]'],
    ['listAssetTransactions', { txTypes: 'BaseTx' }, 'txTypes'],
    ['supportedChains', { feature: 'nft' }, 'feature'],
    // booleans and contract filters
    ['listErc20Balances', { filterSpamTokens: 1 }, 'filterSpamTokens'],
    ['listL1Validators', { includeInactiveL1Validators: 'true' }, 'includeInactiveL1Validators'],
    ['listErc20Balances', { contractAddresses: '0x123' }, 'contractAddresses[0]'],
    ['listErc20Balances', { contractAddresses: `${realIds.evmAddress},` }, 'contractAddresses[1]'],
    ['listErc20Balances', { contractAddresses: [] }, 'contractAddresses'],
    ['listErc1155Balances', { contractAddress: 'abc' }, 'contractAddress'],
    ['listCollectibleBalances', { contractAddress: [realIds.evmAddress] }, 'contractAddress'],
    // threshold: a string of digits
    ['getAddressesByBalanceOverTime', { threshold: undefined }, 'threshold'],
    ['getAddressesByBalanceOverTime', { threshold: '-1' }, 'threshold'],
    ['getAddressesByBalanceOverTime', { threshold: '1.5' }, 'threshold'],
    ['getAddressesByBalanceOverTime', { threshold: 10 }, 'threshold'],
    // blockId: a number or a hash
    ['getTransactionsForBlock', { blockId: 'latest' }, 'blockId'],
    ['getTransactionsForBlock', { blockId: '0x1234' }, 'blockId'],
    ['getTransactionsForBlock', { blockId: -5 }, 'blockId'],
    ['getTransactionsForBlock', { blockId: undefined }, 'blockId'],
    // operationId
    ['getOperationResult', { operationId: '' }, 'operationId'],
    ['getOperationResult', { operationId: 'a b' }, 'operationId'],
    ['getOperationResult', { operationId: 'a\nb' }, 'operationId'],
    ['getOperationResult', { operationId: 5 }, 'operationId'],
    // export body
    ['postTransactionExportJob', { type: 'TRANSACTION_EXPORT_FOO' }, 'type'],
    ['postTransactionExportJob', { type: undefined }, 'type'],
    ['postTransactionExportJob', { firstDate: '2024-13-01' }, 'firstDate'],
    ['postTransactionExportJob', { firstDate: '2023-02-29' }, 'firstDate'],
    ['postTransactionExportJob', { firstDate: '24-01-01' }, 'firstDate'],
    ['postTransactionExportJob', { firstDate: '2024/01/01' }, 'firstDate'],
    ['postTransactionExportJob', { lastDate: '2023-12-31' }, 'lastDate'],
    ['postTransactionExportJob', { startDate: '2024-02-02', endDate: '2024-02-01' }, 'endDate'],
    ['postTransactionExportJob', { startDate: 20240101 }, 'startDate'],
    ['postTransactionExportJob', { options: undefined }, 'options'],
    ['postTransactionExportJob', { options: [] }, 'options'],
    [
        'postTransactionExportJob',
        { options: { addresses: [], includeChains: ['43114'] } },
        'options.addresses',
    ],
    ['postTransactionExportJob', { options: { includeChains: ['43114'] } }, 'options.addresses'],
    [
        'postTransactionExportJob',
        { options: { addresses: ['0x12'], includeChains: ['43114'] } },
        'options.addresses[0]',
    ],
    [
        'postTransactionExportJob',
        { options: { addresses: [realIds.evmAddress], includeChains: ['c-chain'] } },
        'options.includeChains[0]',
    ],
    [
        'postTransactionExportJob',
        { options: { addresses: [realIds.evmAddress], includeChains: [] } },
        'options.includeChains',
    ],
    [
        'postTransactionExportJob',
        { options: { addresses: [realIds.evmAddress], includeChains: ['43114'], foo: 1 } },
        'foo',
    ],
    [
        'postTransactionExportJob',
        { type: primary, options: { includeChains: ['43114'] } },
        'options.includeChains[0]',
    ],
    [
        'postTransactionExportJob',
        { type: primary, options: { addresses: [realIds.evmAddress], includeChains: ['p-chain'] } },
        'options.addresses[0]',
    ],
    [
        'postTransactionExportJob',
        {
            type: primary,
            options: { cChainEvmAddresses: [realIds.pAddress], includeChains: ['c-chain'] },
        },
        'options.cChainEvmAddresses[0]',
    ],
];

describe('(unit) dataApi validation: bad values are refused before anything is sent', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let client: DataApiClient;

    before(async () => {
        sandbox = await startSandbox();
        client = new DataApiClient({ baseUrl: sandbox.dataApiUrl, metricsUrl: sandbox.metricsUrl });
    });

    after(async () => {
        await client.close();
        await sandbox.close();
    });

    it('the valid sample of every operation passes, so each case below fails for its one change', async () => {
        for (const operation of Object.keys(validParams) as DataApiOperation[]) {
            assert.doesNotThrow(
                () => validateParams(operation, validParams[operation] as never),
                operation,
            );
        }
        // And the client really sends them (the sandbox answers, even if not every id exists there).
        await client.getTransaction(validParams.getTransaction).catch(() => undefined);
        assert.equal(sandbox.requests.length, 1);
        sandbox.clearRequests();
    });

    for (const [operation, change, param] of cases) {
        const shown = JSON.stringify(change, (_k, v: unknown) =>
            typeof v === 'bigint' ? `${v}n` : v,
        );
        it(`${operation} ${shown.length > 90 ? `${shown.slice(0, 87)}...` : shown} → ${param}`, async () => {
            const params: Record<string, unknown> = { ...validParams[operation] };
            for (const [key, value] of Object.entries(change)) {
                if (value === undefined) delete params[key];
                else params[key] = value;
            }
            let error: unknown;
            try {
                await client.call(operation, params);
            } catch (e) {
                error = e;
            }
            assert.ok(isValidationError(error), `expected ValidationError, got ${String(error)}`);
            assert.ok(error instanceof ValidationError);
            assert.equal(error.param, param);
            assert.ok(error.allowed.length > 0);
            assert.ok(error.message.startsWith(`Invalid ${param}: `), error.message);
            assert.ok(error.message.includes('expected'), error.message);
            assert.equal(sandbox.requests.length, 0, 'nothing was sent');
        });
    }

    it('a params value that is not an object is named "params"', async () => {
        for (const bad of [null, 'x', 5, []]) {
            await assert.rejects(
                client.call('listSubnets', bad as never),
                (e: unknown) => isValidationError(e) && e.param === 'params',
            );
        }
        await assert.rejects(client.getTransaction(undefined as never), (e: unknown) =>
            isValidationError(e),
        );
        assert.equal(sandbox.requests.length, 0);
    });

    it('the message names the parameter, shows the value and says what is allowed', async () => {
        await assert.rejects(
            client.listTransactions({
                chainId: '43114',
                address: realIds.evmAddress,
                pageSize: 101,
            }),
            {
                name: 'ValidationError',
                message: 'Invalid pageSize: 101 is not allowed; expected an integer from 1 to 100.',
            },
        );
        await assert.rejects(client.listSubnets({ network: 'devnet' }), {
            message:
                'Invalid network: "devnet" is not allowed; expected one of mainnet, fuji, testnet.',
        });
        await assert.rejects(
            client.listTransactions({
                chainId: '43114',
                address: realIds.evmAddress,
                pagesize: 5,
            } as never),
            {
                message:
                    /^Invalid pagesize: 5 is not allowed; expected no such parameter in the parameters of listTransactions; known: chainId, address/,
            },
        );
        // Hostile or huge values are quoted and cut short in the message.
        await assert.rejects(
            client.listSubnets({ network: `<b>${'x'.repeat(500)}` }),
            (e: unknown) => {
                assert.ok(isValidationError(e));
                assert.ok(e.message.length < 300, e.message);
                return true;
            },
        );
        assert.equal(sandbox.requests.length, 0);
    });
});

describe('(unit) dataApi validation: accepted forms and what goes on the wire', () => {
    it('accepts the edges of every range', () => {
        for (const [operation, limit] of Object.entries(pageSizeLimits)) {
            for (const pageSize of [limit.min, limit.max]) {
                const params = {
                    ...validParams[operation as DataApiOperation],
                    pageSize,
                };
                assert.doesNotThrow(
                    () => validateParams(operation as DataApiOperation, params as never),
                    `${operation} ${pageSize}`,
                );
            }
        }
        assert.doesNotThrow(() =>
            validateParams('listLatestPrimaryNetworkBlocks', {
                network: 'fuji',
                blockchainId: 'c-chain',
                startTimestamp: 7,
                endTimestamp: 7,
            }),
        );
        assert.doesNotThrow(() =>
            validateParams('getVertexByHeight', {
                network: 'mainnet',
                blockchainId: 'x-chain',
                vertexHeight: 0,
            }),
        );
        assert.doesNotThrow(() => validateParams('supportedChains', {}));
        assert.doesNotThrow(() =>
            validateParams('listTransactions', {
                chainId: l1BlockchainId,
                address: realIds.evmAddress,
            }),
        );
    });

    it('builds the query the API expects: omitted values left out, lists repeated, numbers as text', () => {
        const request = prepareRequest('listAssetTransactions', {
            network: 'mainnet',
            blockchainId: 'x-chain',
            assetId: realIds.avaxAssetId,
            txTypes: ['BaseTx', 'ImportTx'],
            pageToken: '',
            startTimestamp: undefined,
        });
        assert.equal(
            request.path,
            `/v1/networks/mainnet/blockchains/x-chain/assets/${realIds.avaxAssetId}/transactions`,
        );
        assert.deepEqual(request.query?.['txTypes'], ['BaseTx', 'ImportTx']);
        assert.equal(
            request.query?.['pageToken'],
            undefined,
            'an empty token means the first page',
        );

        const range = prepareRequest('listTransactions', {
            chainId: '43114',
            address: realIds.evmAddress,
            startBlock: 5n,
            endBlock: '18446744073709551616',
        });
        assert.equal(range.query?.['startBlock'], '5');
        assert.equal(range.query?.['endBlock'], '18446744073709551616');

        const utxos = prepareRequest('getUtxosByAddressesV2', {
            network: 'testnet',
            blockchainId: 'x-chain',
            addresses: ` ${realIds.xAddressFuji} , ${realIds.xAddressFuji.slice(2)} `,
            minUtxoAmount: 10n ** 20n,
            includeSpent: false,
        });
        assert.equal(utxos.method, 'POST');
        assert.deepEqual(utxos.body, {
            addresses: `${realIds.xAddressFuji},${realIds.xAddressFuji.slice(2)}`,
        });
        assert.equal(utxos.query?.['minUtxoAmount'], '100000000000000000000');
        assert.equal(utxos.query?.['includeSpent'], false);

        const balances = prepareRequest('listErc20Balances', {
            chainId: '43114',
            address: realIds.evmAddress,
            contractAddresses: [realIds.evmAddress, realIds.evmAddress],
        });
        assert.equal(
            balances.query?.['contractAddresses'],
            `${realIds.evmAddress},${realIds.evmAddress}`,
        );

        const op = prepareRequest('getOperationResult', { operationId: 'a/b?c' });
        assert.equal(op.path, '/v1/operations/a%2Fb%3Fc', 'the id cannot change the path');

        const exportBody = prepareRequest('postTransactionExportJob', {
            type: primary,
            startDate: '2024-01-01',
            options: {
                includeChains: ['p-chain', realIds.xChainMainnet],
                addresses: [realIds.pAddress],
            },
        });
        assert.deepEqual(exportBody.body, {
            type: primary,
            startDate: '2024-01-01',
            options: {
                includeChains: ['p-chain', realIds.xChainMainnet],
                addresses: [realIds.pAddress],
            },
        });
        assert.equal(
            prepareRequest('postTransactionExportJob', validParams.postTransactionExportJob).path,
            '/v1/operations/transactions:export',
        );
    });

    it('exports the value lists the UI builds its pickers from', () => {
        assert.deepEqual([...networks], ['mainnet', 'fuji', 'testnet']);
        assert.deepEqual([...blockchainAliases], ['p-chain', 'x-chain', 'c-chain']);
        assert.equal(currencies.length, 14);
        assert.ok(primaryNetworkTxTypes.includes('ConvertSubnetToL1Tx'));
        assert.deepEqual(pageSizeLimits.listSubnets, { min: 1, max: 10_000, default: 100 });
        assert.deepEqual(pageSizeLimits.getTransactionsForBlock, { min: 0, max: 100, default: 0 });
        assert.deepEqual(pageSizeLimits.getAddressesByBalanceOverTime, {
            min: 1,
            max: 5000,
            default: 1000,
        });
    });
});
