/**
 * What a result panel's "Watch" action follows: the subject each query names (only the panels
 * whose subject the watch list can follow), and the target built from it with the host's facts,
 * as the watch command's own check accepts it.
 */
import * as assert from 'node:assert/strict';

import {
    checkWatchTarget,
    type PanelWatchFacts,
    panelWatchSubject,
    panelWatchTarget,
    panelWatchTitle,
    toChecksumAddress,
    type WatchTarget,
} from '../../../src/core';
import { dataApiQuery, type QueryRequest } from '../../../src/shared/query';

const address = '0xF9185c8dC443961F7df7a07CA48B5ef3a5225Feb';
const txHash = '0xb1bb9b026fbad7a46b5c686a5e4482be08917b4847184c54b998195c95e49dd6';
const subnetId = '8ALkS9MxfzqBtbQ5EAABQzrg8osTeZbwF7adkH33rayiEEQj4';
const validationId = '2B5kDJUMK8dEw3ZcjAU8Ltayd5ooduEdjPkdZo5V8JRvCAfbnX';
const txId = '2hNTYTeMw7zxi5TLLQMNbibD79YqR594oYkSw6eRjbrtd1sGg9';
const nodeId = 'NodeID-MPP4JFSMwVCpFX9jrEWuasSDjJMkTsPsx';
const primaryNetwork = '11111111111111111111111111111111LpoYY';
const operationId = 'a3f1c2d4-5e6f-4a1b-9c8d-0e1f2a3b4c5d';

const node = (method: string, texts: Record<string, string>, chain?: string): QueryRequest => ({
    source: 'node',
    method,
    texts,
    ...(chain === undefined ? {} : { chain }),
});

const facts: PanelWatchFacts = {
    network: 'fuji',
    nodeUrl: 'http://127.0.0.1:9650',
    nodeName: 'Local node',
    evmChain: { chainId: '43113', name: 'C-Chain', network: 'fuji' },
};

/** The target a query's Watch action adds with `extra` facts; fails when there is none. */
function targetOf(query: QueryRequest, extra: Partial<PanelWatchFacts> = {}): WatchTarget {
    const subject = panelWatchSubject(query);
    assert.ok(subject, `${JSON.stringify(query)} should be watchable`);
    assert.ok(panelWatchTitle(subject).startsWith('Watch '));
    const built = panelWatchTarget(subject, { ...facts, ...extra });
    assert.ok('target' in built, JSON.stringify(built));
    assert.deepEqual(checkWatchTarget(built.target), { target: built.target });
    return built.target;
}

function errorOf(query: QueryRequest, extra: Partial<PanelWatchFacts> = {}): string {
    const subject = panelWatchSubject(query);
    assert.ok(subject);
    const built = panelWatchTarget(subject, { ...facts, ...extra });
    assert.ok('error' in built, JSON.stringify(built));
    return built.error;
}

describe('(unit) panel watch targets', () => {
    it('watches the transaction of a Data API or node transaction panel on its EVM chain', () => {
        const expected = {
            kind: 'evmTx',
            network: 'fuji',
            chainId: '43113',
            chainName: 'C-Chain',
            hash: txHash,
        };
        assert.deepEqual(
            targetOf(dataApiQuery('getTransaction', { chainId: '43113', txHash })),
            expected,
        );
        for (const method of ['eth_getTransactionByHash', 'eth_getTransactionReceipt']) {
            const query = node(method, { hash: txHash.toUpperCase().replace('0X', '0x') }, 'C');
            assert.deepEqual(panelWatchSubject(query), {
                kind: 'evmTx',
                hash: txHash,
                chain: { via: 'node', chain: 'C' },
            });
            assert.deepEqual(targetOf(query), expected);
        }
        assert.deepEqual(
            panelWatchSubject(dataApiQuery('getTransaction', { chainId: '43114', txHash })),
            {
                kind: 'evmTx',
                hash: txHash,
                chain: { via: 'dataApi', chainId: '43114' },
            },
        );
        assert.match(
            errorOf(node('eth_getTransactionByHash', { hash: txHash }), { evmChain: undefined }),
            /EVM chain/,
        );
    });

    it("watches an address's native balance from its tabs and from eth_getBalance", () => {
        const lower = address.toLowerCase();
        for (const operation of [
            'listTransactions',
            'listErc20Balances',
            'listInternalTransactions',
        ]) {
            const target = targetOf(dataApiQuery(operation, { chainId: '43113', address: lower }));
            assert.deepEqual(target, {
                kind: 'evmAddress',
                network: 'fuji',
                chainId: '43113',
                chainName: 'C-Chain',
                address: toChecksumAddress(address),
            });
        }
        assert.equal(
            (
                targetOf(node('eth_getBalance', { address: lower, block: 'latest' })) as {
                    address: string;
                }
            ).address,
            address,
        );
    });

    it('watches P-Chain transactions, L1 validators and L1s on the network their query names', () => {
        for (const method of ['platform.getTx', 'platform.getTxStatus'])
            assert.deepEqual(targetOf(node(method, { txID: txId })), {
                kind: 'pTx',
                network: 'fuji',
                txId,
            });
        assert.deepEqual(
            targetOf(node('platform.getL1Validator', { validationID: validationId })),
            {
                kind: 'l1Validator',
                network: 'fuji',
                validationId,
            },
        );
        assert.deepEqual(
            targetOf(
                dataApiQuery('listL1Validators', {
                    network: 'mainnet',
                    l1ValidationId: validationId,
                }),
            ),
            { kind: 'l1Validator', network: 'mainnet', validationId },
        );
        assert.deepEqual(
            targetOf(dataApiQuery('listL1Validators', { network: 'testnet', subnetId })),
            { kind: 'l1', network: 'fuji', subnetId },
        );
        const current = node('platform.getCurrentValidators', { subnetID: subnetId });
        assert.deepEqual(targetOf(current, { result: { validators: [{ kind: 'l1' }] } }), {
            kind: 'l1',
            network: 'fuji',
            subnetId,
        });
        // Before the answer is in, the watch list's own read tells.
        assert.equal(targetOf(current, { result: undefined }).kind, 'l1');
        assert.match(
            errorOf(current, { result: { validators: [{ kind: 'l1' }, { kind: 'staker' }] } }),
            /not an L1/,
        );
    });

    it('watches an export by its id, or the id a created export answered with', () => {
        assert.deepEqual(targetOf(dataApiQuery('getOperationResult', { operationId })), {
            kind: 'export',
            network: 'fuji',
            operationId,
        });
        const created = dataApiQuery('postTransactionExportJob', {
            type: 'TRANSACTION_EXPORT_EVM',
        });
        assert.equal(
            (targetOf(created, { result: { operationId } }) as { operationId: string }).operationId,
            operationId,
        );
        assert.match(errorOf(created, { result: undefined }), /no operation id/);
        // An id the page could have shaped is still checked by the watch list.
        assert.ok('error' in panelWatchTarget({ kind: 'export', operationId: 'a b' }, facts));
    });

    it("watches the selected node from its info panels, under the node list's name", () => {
        for (const method of ['info.getNodeVersion', 'info.isBootstrapped', 'info.peers']) {
            assert.deepEqual(targetOf(node(method, {})), {
                kind: 'node',
                url: 'http://127.0.0.1:9650',
                name: 'Local node',
            });
        }
        const long = targetOf(node('info.getNodeID', {}), { nodeName: 'n'.repeat(300) });
        assert.equal((long as { name: string }).name.length, 80);
    });

    it('offers nothing for panels whose subject cannot be watched, or whose ids do not parse', () => {
        const none: QueryRequest[] = [
            { source: 'operations' },
            { source: 'rawRpc', path: '/ext/info', method: 'info.getNodeVersion', paramsJson: '' },
            dataApiQuery('listSubnets', { network: 'mainnet' }),
            dataApiQuery('getTransactionsForBlock', { chainId: '43114', blockId: '1' }),
            dataApiQuery('getTransaction', { chainId: '43114', txHash: '0x1234' }),
            dataApiQuery('getTransaction', { txHash }),
            dataApiQuery('listTransactions', { chainId: '43114', address: `${address}00` }),
            dataApiQuery('listL1Validators', { network: 'mainnet', subnetId, nodeId }),
            dataApiQuery('listL1Validators', { network: 'mainnet' }),
            node('platform.getCurrentValidators', {}),
            node('platform.getCurrentValidators', { subnetID: primaryNetwork }),
            node('platform.getTx', { txID: `${txId.slice(0, -1)}x` }),
            node('eth_blockNumber', {}),
            node('platform.getHeight', {}),
        ];
        for (const query of none)
            assert.equal(panelWatchSubject(query), undefined, JSON.stringify(query));
    });
});
