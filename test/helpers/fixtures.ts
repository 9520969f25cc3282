/**
 * The published examples under test/fixtures, and which Data API operation each REST or Metrics
 * example answers. They are read from the source tree: tsc does not copy JSON into out/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { DataApiOperation } from '../../src/core';
import { repoRoot } from './paths';

export const fixturesDir = path.join(repoRoot, 'test', 'fixtures');
export const dataApiFixtures = path.join(fixturesDir, 'dataApi');
export const nodeRpcFixtures = path.join(fixturesDir, 'nodeRpc');

/** Parses one JSON fixture; the caller names the type it expects. */
export function loadJson<T = unknown>(dir: string, name: string): T {
    return JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as T;
}

/** Example file prefix → operation; every example file must match one entry. */
export const operationByPrefix: readonly (readonly [string, DataApiOperation])[] = [
    ['rest-4.1-', 'getAggregatedSignatures'],
    ['rest-4.2-', 'listTransactions'],
    ['rest-4.3-', 'getUtxosByAddressesV2'],
    ['rest-4.4-', 'listAssetTransactions'],
    ['rest-4.5a-', 'postTransactionExportJob'],
    ['rest-4.5b-', 'getOperationResult'],
    ['rest-4.6-', 'listSubnets'],
    ['rest-4.7-', 'listErc1155Transactions'],
    ['rest-4.8-', 'listErc20Balances'],
    ['rest-4.9-', 'listTransfers'],
    ['rest-4.10-', 'listInternalTransactions'],
    ['rest-4.11-', 'listErc1155Balances'],
    ['rest-4.12-', 'getTransactionsForBlock'],
    ['rest-4.13-', 'listCollectibleBalances'],
    ['rest-4.14-', 'getVertexByHeight'],
    ['rest-4.15-', 'getTransaction'],
    ['rest-4.16-', 'listLatestPrimaryNetworkBlocks'],
    ['rest-4.17-', 'listL1Validators'],
    ['rest-chains-', 'supportedChains'],
    ['rest-subnet-by-id-', 'getSubnetById'],
    ['rest-blockchain-by-id-', 'getBlockchainById'],
    ['rest-tx-by-hash-', 'getTxByHash'],
    ['metrics-holders-', 'getAddressesByBalanceOverTime'],
];

/** The operation an example file answers, or undefined for one that matches no prefix. */
export function operationOf(file: string): DataApiOperation | undefined {
    // Longest prefix first, so that rest-4.1- does not claim rest-4.10-.
    let best: readonly [string, DataApiOperation] | undefined;
    for (const entry of operationByPrefix) {
        if (file.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
    }
    return best?.[1];
}

/** The REST and Metrics example files (answers, docs copies and error bodies alike), sorted. */
export function dataApiExampleFiles(): string[] {
    return readdirSync(dataApiFixtures)
        .filter((f) => /^(rest|metrics)-.*\.json$/.test(f))
        .sort();
}
