/**
 * The requests recorded from a real AvalancheGo into test/fixtures/realnode/ (record.ts) and
 * replayed against the sandbox (test/unit/sandbox/sandbox.realnode.test.ts). Requests are templates:
 * `{{name}}` stands for an id that differs between the real network and the sandbox's dataset.
 */

import { bech32 } from '@scure/base';

import type { RealNetworkInfo } from './network';

/** Placeholders a template may use, filled from the real network or from the sandbox's ids. */
export type Placeholder =
    | 'l1'
    | 'cChain'
    | 'nodeId'
    | 'cAddress'
    | 'cContract'
    | 'cTx'
    | 'cBlock'
    | 'subnet'
    | 'pTx'
    | 'validationId'
    | 'pAddress'
    | 'xAddress'
    | 'avaxAsset'
    | 'pSubnetHeight'
    | 'pChainHeight'
    | 'pConvertHeight';

/**
 * Placeholders of the Helicon cases only (`heliconGroups`): what the auto-renewed validator of
 * test/realnode/helicon.ts made on a network with Helicon active.
 */
export type HeliconPlaceholder =
    | 'autoRenewedTx'
    | 'autoRenewedSetTx'
    | 'autoRenewedRewardTx'
    | 'pRewardHeight'
    | 'pRewardCommitHeight';

/** The values a template is filled with; the Helicon ones exist on a Helicon network only. */
export type PlaceholderValues = Record<Placeholder, string> &
    Partial<Record<HeliconPlaceholder, string>>;

export interface FixtureCase {
    name: string;
    /** `GET` for the health API's GET form; POST (JSON-RPC) otherwise. */
    method?: 'GET';
    /** Endpoint path, for example /ext/info or /ext/bc/{{l1}}/rpc. */
    path: string;
    /** The JSON body as sent: one request object or an array (a batch). */
    body: unknown;
    /**
     * Object paths (dot-separated, `*` for any array element) whose keys are names or ids that
     * differ between networks (logger names, VM ids): only the shapes of their values compare.
     */
    mapsAt?: string[];
    /**
     * False for requests the sandbox need not answer alike: Helicon cases about what the sandbox,
     * which models the network before Helicon, does not have (`sandboxWhy` says what).
     */
    sandbox?: boolean;
    sandboxWhy?: string;
    /** Compare the error message too (default true); false when it names network-specific ids. */
    sameMessage?: boolean;
    /**
     * The sandbox may send keys the real answer lacks: a chain config or its precompiles depend on
     * the chain's genesis, and the sandbox's L1 enables more precompiles than the test L1.
     */
    sandboxMayAdd?: boolean;
}

export interface Fixture extends FixtureCase {
    response: { status: number; contentType: string; body: unknown };
}

function req(method: string, params?: unknown, id = 1): Record<string, unknown> {
    return params === undefined
        ? { jsonrpc: '2.0', id, method }
        : { jsonrpc: '2.0', id, method, params };
}

const balanceMaps = [
    'result.balances',
    'result.unlockeds',
    'result.lockedStakeables',
    'result.lockedNotStakeables',
];

function pChain(name: string, method: string, params: unknown = {}): FixtureCase {
    return { name, path: '/ext/bc/P', body: req(`platform.${method}`, params) };
}

function xChain(name: string, method: string, params: unknown = {}): FixtureCase {
    return { name, path: '/ext/bc/X', body: req(`avm.${method}`, params) };
}

/**
 * The P-Chain API (vms/platformvm/service.go,
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/vms/platformvm/service.go). Ids that name
 * the L1 are placeholders; answers whose messages name ids compare by code only.
 */
function pChainCases(): FixtureCase[] {
    return [
        pChain('platform.getHeight', 'getHeight'),
        pChain('platform.getSubnets', 'getSubnets'),
        pChain('platform.getSubnets one', 'getSubnets', { ids: ['{{subnet}}'] }),
        pChain('platform.getSubnet', 'getSubnet', { subnetID: '{{subnet}}' }),
        pChain('platform.getSubnet primary', 'getSubnet', {
            subnetID: '11111111111111111111111111111111LpoYY',
        }),
        {
            ...pChain('platform.getSubnet unknown', 'getSubnet', {
                subnetID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
            }),
            sameMessage: false,
        },
        pChain('platform.getBlockchains', 'getBlockchains'),
        pChain('platform.getBlockchainStatus', 'getBlockchainStatus', {
            blockchainID: '{{l1}}',
        }),
        pChain('platform.getBlockchainStatus unknown', 'getBlockchainStatus', {
            blockchainID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
        }),
        pChain('platform.validatedBy', 'validatedBy', { blockchainID: '{{l1}}' }),
        pChain('platform.validates', 'validates', { subnetID: '{{subnet}}' }),
        pChain('platform.getCurrentValidators', 'getCurrentValidators'),
        pChain('platform.getCurrentValidators L1', 'getCurrentValidators', {
            subnetID: '{{subnet}}',
        }),
        pChain('platform.getCurrentValidators filtered', 'getCurrentValidators', {
            nodeIDs: ['{{nodeId}}'],
        }),
        pChain('platform.getL1Validator', 'getL1Validator', {
            validationID: '{{validationId}}',
        }),
        {
            ...pChain('platform.getL1Validator unknown', 'getL1Validator', {
                validationID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
            }),
            sameMessage: false,
        },
        pChain('platform.getTx', 'getTx', { txID: '{{pTx}}', encoding: 'json' }),
        {
            ...pChain('platform.getTx unknown', 'getTx', {
                txID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
                encoding: 'json',
            }),
            sameMessage: false,
        },
        pChain('platform.getTxStatus', 'getTxStatus', { txID: '{{pTx}}' }),
        pChain('platform.getTxStatus unknown', 'getTxStatus', {
            txID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
        }),
        {
            ...pChain('platform.getBalance', 'getBalance', { addresses: ['{{pAddress}}'] }),
            // Keyed by asset id, which differs between networks.
            mapsAt: balanceMaps,
        },
        pChain('platform.getStakingAssetID', 'getStakingAssetID'),
        pChain('platform.getCurrentSupply', 'getCurrentSupply'),
        pChain('platform.getTimestamp', 'getTimestamp'),
        // The blocks of the l1setup's three transactions.
        ...(
            [
                ['CreateSubnetTx', 'pSubnetHeight'],
                ['CreateChainTx', 'pChainHeight'],
                ['ConvertSubnetToL1Tx', 'pConvertHeight'],
            ] as const
        ).map(([tx, height]) =>
            pChain(`platform.getBlockByHeight ${tx}`, 'getBlockByHeight', {
                height: `{{${height}}}`,
                encoding: 'json',
            }),
        ),
        pChain('platform.getBlockByHeight too high', 'getBlockByHeight', {
            height: '18446744073709551615',
            encoding: 'json',
        }),
        pChain('platform.getFeeState', 'getFeeState'),
        pChain('platform.getValidatorFeeState', 'getValidatorFeeState'),
        pChain('platform.getValidatorFeeConfig', 'getValidatorFeeConfig'),
        pChain('platform.getMinStake', 'getMinStake'),
        pChain('platform.getTotalStake', 'getTotalStake'),
        pChain('platform.getTx bad id', 'getTx', { txID: 'nope', encoding: 'json' }),
        pChain('unknown method', 'noSuchMethod'),
        {
            name: 'P-Chain batch refused',
            path: '/ext/bc/P',
            body: [req('platform.getHeight', {}, 1)],
        },
    ];
}

/** The X-Chain API (vms/avm/service.go, same release). */
function xChainCases(): FixtureCase[] {
    return [
        xChain('avm.getHeight', 'getHeight'),
        xChain('avm.getAssetDescription AVAX', 'getAssetDescription', { assetID: 'AVAX' }),
        {
            ...xChain('avm.getAssetDescription unknown', 'getAssetDescription', {
                assetID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
            }),
            sameMessage: false,
        },
        xChain('avm.getBalance', 'getBalance', { address: '{{xAddress}}', assetID: 'AVAX' }),
        xChain('avm.getAllBalances', 'getAllBalances', { address: '{{xAddress}}' }),
        xChain('avm.getBlockByHeight', 'getBlockByHeight', { height: '0', encoding: 'json' }),
        // The AVAX asset's id is the id of the genesis CreateAssetTx.
        xChain('avm.getTx AVAX', 'getTx', { txID: '{{avaxAsset}}', encoding: 'json' }),
        xChain('avm.getTxStatus AVAX', 'getTxStatus', { txID: '{{avaxAsset}}' }),
        {
            ...xChain('avm.getTx unknown', 'getTx', {
                txID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
                encoding: 'json',
            }),
            sameMessage: false,
        },
        xChain('avm.getTxStatus unknown', 'getTxStatus', {
            txID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
        }),
        {
            name: 'X-Chain batch refused',
            path: '/ext/bc/X',
            body: [req('avm.getHeight', {}, 1)],
        },
    ];
}

/** Groups of cases, one fixture file per group. */
export const fixtureGroups: Record<string, FixtureCase[]> = {
    info: [
        ...[
            'getNetworkID',
            'getNetworkName',
            'getNodeID',
            'getNodeIP',
            'getTxFee',
            'upgrades',
            'uptime',
        ].map((name) => ({
            name: `info.${name}`,
            path: '/ext/info',
            body: req(`info.${name}`, {}),
        })),
        {
            name: 'info.getNodeVersion',
            path: '/ext/info',
            body: req('info.getNodeVersion', {}),
            mapsAt: ['result.vmVersions'],
        },
        {
            name: 'info.getVMs',
            path: '/ext/info',
            body: req('info.getVMs', {}),
            mapsAt: ['result.vms', 'result.fxs'],
        },
        {
            name: 'info.acps',
            path: '/ext/info',
            body: req('info.acps', {}),
            mapsAt: ['result.acps'],
        },
        { name: 'info.peers', path: '/ext/info', body: req('info.peers', {}) },
        {
            name: 'info.peers filtered',
            path: '/ext/info',
            body: req('info.peers', { nodeIDs: ['{{nodeId}}'] }),
        },
        {
            name: 'info.isBootstrapped C',
            path: '/ext/info',
            body: req('info.isBootstrapped', { chain: 'C' }),
        },
        {
            name: 'info.isBootstrapped unknown chain',
            path: '/ext/info',
            body: req('info.isBootstrapped', { chain: 'Q' }),
        },
        {
            name: 'info.isBootstrapped no chain',
            path: '/ext/info',
            body: req('info.isBootstrapped', {}),
        },
        {
            name: 'info.getBlockchainID C',
            path: '/ext/info',
            body: req('info.getBlockchainID', { alias: 'C' }),
        },
        {
            name: 'info.getBlockchainID unknown alias',
            path: '/ext/info',
            body: req('info.getBlockchainID', { alias: 'nope' }),
        },
        {
            name: 'info.peers bad params',
            path: '/ext/info',
            body: req('info.peers', { nodeIDs: 'not-a-list' }),
        },
        { name: 'unknown method', path: '/ext/info', body: req('info.fooBar', {}) },
        { name: 'upper-case method', path: '/ext/info', body: req('info.GetNodeID', {}) },
        { name: 'wrong service', path: '/ext/info', body: req('admin.lockProfile', {}) },
        {
            name: 'batch refused',
            path: '/ext/info',
            body: [req('info.getNetworkID', {}, 1), req('info.getNetworkName', {}, 2)],
        },
        { name: 'not JSON', path: '/ext/info', body: '{"jsonrpc":' },
    ],
    admin: [
        {
            name: 'admin.getLoggerLevel',
            path: '/ext/admin',
            body: req('admin.getLoggerLevel', {}),
            mapsAt: ['result.loggerLevels'],
        },
        {
            name: 'admin.getLoggerLevel C',
            path: '/ext/admin',
            body: req('admin.getLoggerLevel', { loggerName: 'C' }),
            mapsAt: ['result.loggerLevels'],
        },
        {
            name: 'admin.getLoggerLevel unknown logger',
            path: '/ext/admin',
            body: req('admin.getLoggerLevel', { loggerName: 'nosuchlogger' }),
        },
        {
            name: 'admin.setLoggerLevel without levels',
            path: '/ext/admin',
            body: req('admin.setLoggerLevel', { loggerName: 'C' }),
        },
        {
            name: 'admin.setLoggerLevel C',
            path: '/ext/admin',
            body: req('admin.setLoggerLevel', { loggerName: 'C', logLevel: 'INFO' }),
            mapsAt: ['result.loggerLevels'],
        },
        {
            name: 'admin.getChainAliases by alias',
            path: '/ext/admin',
            body: req('admin.getChainAliases', { chain: 'C' }),
        },
        {
            name: 'admin.getChainAliases by id',
            path: '/ext/admin',
            body: req('admin.getChainAliases', { chain: '{{cChain}}' }),
        },
        {
            name: 'admin.aliasChain taken alias',
            path: '/ext/admin',
            body: req('admin.aliasChain', { chain: 'C', alias: 'X' }),
        },
        {
            name: 'admin.alias unknown endpoint',
            path: '/ext/admin',
            body: req('admin.alias', { endpoint: 'nosuchendpoint', alias: 'fixturealias' }),
        },
        {
            name: 'admin.stopCPUProfiler not running',
            path: '/ext/admin',
            body: req('admin.stopCPUProfiler', {}),
        },
        {
            name: 'admin.startCPUProfiler',
            path: '/ext/admin',
            body: req('admin.startCPUProfiler', {}),
        },
        {
            name: 'admin.startCPUProfiler running',
            path: '/ext/admin',
            body: req('admin.startCPUProfiler', {}),
        },
        {
            name: 'admin.stopCPUProfiler',
            path: '/ext/admin',
            body: req('admin.stopCPUProfiler', {}),
        },
        { name: 'admin.memoryProfile', path: '/ext/admin', body: req('admin.memoryProfile', {}) },
        { name: 'admin.lockProfile', path: '/ext/admin', body: req('admin.lockProfile', {}) },
        {
            name: 'batch refused',
            path: '/ext/admin',
            body: [req('admin.getLoggerLevel', {}, 1), req('admin.lockProfile', {}, 2)],
        },
    ],
    cchain: [
        { name: 'eth_chainId', path: '/ext/bc/C/rpc', body: req('eth_chainId', []) },
        { name: 'eth_blockNumber', path: '/ext/bc/C/rpc', body: req('eth_blockNumber', []) },
        {
            name: 'eth_getBalance',
            path: '/ext/bc/C/rpc',
            body: req('eth_getBalance', ['{{cAddress}}', 'latest']),
        },
        {
            name: 'eth_getCode',
            path: '/ext/bc/C/rpc',
            body: req('eth_getCode', ['{{cContract}}', 'latest']),
        },
        {
            name: 'eth_getTransactionByHash',
            path: '/ext/bc/C/rpc',
            body: req('eth_getTransactionByHash', ['{{cTx}}']),
        },
        {
            name: 'eth_getTransactionReceipt',
            path: '/ext/bc/C/rpc',
            body: req('eth_getTransactionReceipt', ['{{cTx}}']),
        },
        {
            name: 'eth_getBlockByNumber',
            path: '/ext/bc/C/rpc',
            body: req('eth_getBlockByNumber', ['{{cBlock}}', false]),
        },
        {
            name: 'eth_getChainConfig',
            path: '/ext/bc/C/rpc',
            body: req('eth_getChainConfig', []),
            sandboxMayAdd: true,
        },
        {
            name: 'eth_feeConfig (Subnet-EVM only)',
            path: '/ext/bc/C/rpc',
            body: req('eth_feeConfig', []),
        },
        {
            name: 'eth_getActiveRulesAt (Subnet-EVM only)',
            path: '/ext/bc/C/rpc',
            body: req('eth_getActiveRulesAt', []),
        },
        {
            name: 'eth_getActivePrecompilesAt (Subnet-EVM only)',
            path: '/ext/bc/C/rpc',
            body: req('eth_getActivePrecompilesAt', []),
        },
        { name: 'unknown method', path: '/ext/bc/C/rpc', body: req('eth_noSuchMethod', []) },
        {
            name: 'eth_getBalance bad address',
            path: '/ext/bc/C/rpc',
            body: req('eth_getBalance', ['0x12', 'latest']),
        },
        {
            name: 'batch',
            path: '/ext/bc/C/rpc',
            body: [req('eth_chainId', [], 1), req('eth_feeConfig', [], 2)],
        },
        {
            name: 'validators API (Subnet-EVM only)',
            path: '/ext/bc/C/validators',
            body: req('validators.getCurrentValidators', {}),
        },
        {
            name: 'unknown chain',
            path: '/ext/bc/2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP/rpc',
            body: req('eth_chainId', []),
        },
    ],
    l1: [
        { name: 'eth_chainId', path: '/ext/bc/{{l1}}/rpc', body: req('eth_chainId', []) },
        { name: 'eth_feeConfig', path: '/ext/bc/{{l1}}/rpc', body: req('eth_feeConfig', []) },
        {
            name: 'eth_getChainConfig',
            path: '/ext/bc/{{l1}}/rpc',
            body: req('eth_getChainConfig', []),
            sandboxMayAdd: true,
        },
        {
            name: 'eth_getActiveRulesAt',
            path: '/ext/bc/{{l1}}/rpc',
            body: req('eth_getActiveRulesAt', []),
            mapsAt: ['result.precompiles'],
            sandboxMayAdd: true,
        },
        {
            name: 'eth_getActivePrecompilesAt',
            path: '/ext/bc/{{l1}}/rpc',
            body: req('eth_getActivePrecompilesAt', []),
            mapsAt: ['result'],
            sandboxMayAdd: true,
        },
        {
            name: 'eth_getBlockByNumber latest',
            path: '/ext/bc/{{l1}}/rpc',
            body: req('eth_getBlockByNumber', ['latest', false]),
        },
        {
            name: 'batch',
            path: '/ext/bc/{{l1}}/rpc',
            body: [req('eth_chainId', [], 1), req('eth_feeConfig', [], 2)],
        },
        {
            name: 'validators.getCurrentValidators',
            path: '/ext/bc/{{l1}}/validators',
            body: req('validators.getCurrentValidators', {}),
        },
        {
            name: 'validators.getCurrentValidators bad params',
            path: '/ext/bc/{{l1}}/validators',
            body: req('validators.getCurrentValidators', { nodeIDs: 'x' }),
        },
        {
            name: 'validators batch refused',
            path: '/ext/bc/{{l1}}/validators',
            body: [req('validators.getCurrentValidators', {}, 1)],
        },
    ],
    primary: [...pChainCases(), ...xChainCases()],
    health: healthCases(),
};

/** The C-Chain requests of the Helicon cases. */
function cChain(name: string, method: string, params: unknown[] = []): FixtureCase {
    return { name, path: '/ext/bc/C/rpc', body: req(method, params) };
}

/**
 * What Helicon (AvalancheGo 1.15, https://github.com/ava-labs/avalanchego/blob/v1.15.0-fuji/RELEASES.md)
 * changes where a one-node network shows it, recorded only from a network with Helicon active
 * (test/realnode/helicon.ts) into files of their own, so the node tier's v1.14.2 recordings keep
 * their cases. `info.upgrades` (heliconTime) and `eth_getChainConfig` (heliconTimestamp) are in
 * the common groups.
 */
export const heliconGroups: Record<string, FixtureCase[]> = {
    'cchain-helicon': [
        // ACP-194 (asynchronous execution): `latest` is the last executed block, `safe` and
        // `finalized` the last settled one, `pending` the last accepted (sae/rpc).
        ...['latest', 'safe', 'finalized', 'pending', 'earliest'].map((tag) =>
            cChain(`eth_getBlockByNumber ${tag}`, 'eth_getBlockByNumber', [tag, false]),
        ),
        cChain('eth_getBlockByNumber with transactions', 'eth_getBlockByNumber', [
            '{{cBlock}}',
            true,
        ]),
        cChain('eth_blockNumber', 'eth_blockNumber'),
        // ACP-283 (dynamic minimum gas price) and ACP-176 fees.
        cChain('eth_gasPrice', 'eth_gasPrice'),
        cChain('eth_baseFee', 'eth_baseFee'),
        cChain('eth_maxPriorityFeePerGas', 'eth_maxPriorityFeePerGas'),
        cChain('eth_suggestPriceOptions', 'eth_suggestPriceOptions'),
        cChain('eth_feeHistory', 'eth_feeHistory', ['0x4', 'latest', [25, 75]]),
        cChain('eth_getTransactionReceipt', 'eth_getTransactionReceipt', ['{{cTx}}']),
        cChain('eth_syncing', 'eth_syncing'),
        {
            ...cChain('txpool_status', 'txpool_status'),
            sandbox: false,
            sandboxWhy:
                'served since Helicon (sae/rpc); coreth, which the sandbox models, has no txpool API',
        },
        cChain('web3_clientVersion', 'web3_clientVersion'),
        // Namespaces and methods the Helicon C-Chain no longer serves (RELEASES.md, "C-Chain
        // RPCs"): the exact "method not found" answer.
        cChain('admin_nodeInfo (removed)', 'admin_nodeInfo'),
        cChain('admin_startCPUProfiler (removed)', 'admin_startCPUProfiler'),
        cChain('personal_listAccounts (removed)', 'personal_listAccounts'),
        cChain('warp_getMessage (removed)', 'warp_getMessage', [
            '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
        ]),
        cChain('eth_accounts (removed)', 'eth_accounts'),
        cChain('eth_coinbase (removed)', 'eth_coinbase'),
        cChain('debug_dumpBlock (removed)', 'debug_dumpBlock', ['latest']),
        {
            name: 'avax.getAtomicTxStatus (deprecated)',
            path: '/ext/bc/C/avax',
            body: req('avax.getAtomicTxStatus', {
                txID: '2KGdt2HpFKpTH5CtGZjYt5XPWs6Pv9DLoRBhiFfntbezdRvZWP',
            }),
            sandbox: false,
            sandboxWhy: "the sandbox does not serve the C-Chain's avax API",
        },
    ],
    'primary-helicon': [
        // ACP-236: the auto-renewed validator, its config change and its first cycle's reward.
        pChain('platform.getCurrentValidators auto-renewed', 'getCurrentValidators', {
            nodeIDs: ['{{nodeId}}'],
        }),
        ...[
            pChain('platform.getTx AddAutoRenewedValidatorTx', 'getTx', {
                txID: '{{autoRenewedTx}}',
                encoding: 'json',
            }),
            pChain('platform.getTx SetAutoRenewedValidatorConfigTx', 'getTx', {
                txID: '{{autoRenewedSetTx}}',
                encoding: 'json',
            }),
            pChain('platform.getTx RewardAutoRenewedValidatorTx', 'getTx', {
                txID: '{{autoRenewedRewardTx}}',
                encoding: 'json',
            }),
            pChain('platform.getTxStatus RewardAutoRenewedValidatorTx', 'getTxStatus', {
                txID: '{{autoRenewedRewardTx}}',
            }),
            pChain('platform.getBlockByHeight RewardAutoRenewedValidatorTx', 'getBlockByHeight', {
                height: '{{pRewardHeight}}',
                encoding: 'json',
            }),
            pChain('platform.getBlockByHeight its commit', 'getBlockByHeight', {
                height: '{{pRewardCommitHeight}}',
                encoding: 'json',
            }),
        ].map((c) => ({
            ...c,
            sandbox: false,
            sandboxWhy: 'the sandbox has no auto-renewed validator (its P-Chain is before Helicon)',
        })),
        pChain('platform.getCurrentSupply', 'getCurrentSupply'),
        pChain('platform.getMinStake', 'getMinStake'),
        pChain('platform.getTotalStake', 'getTotalStake'),
    ],
};

/**
 * The health API (api/health/service.go and handler.go,
 * https://github.com/ava-labs/avalanchego/tree/v1.14.2/api/health): the GET form with tags (the
 * L1's subnet id, and a chain id, which no check is tagged with) and the JSON-RPC methods. Check
 * names are chain ids, so `checks` compares as a map.
 */
function healthCases(): FixtureCase[] {
    const get = (name: string, path: string): FixtureCase => ({
        name,
        method: 'GET',
        path,
        body: '',
        mapsAt: ['checks'],
    });
    const rpc = (name: string, method: string, params: unknown): FixtureCase => ({
        name,
        path: '/ext/health',
        body: req(method, params),
        mapsAt: ['result.checks'],
    });
    return [
        get('GET /ext/health', '/ext/health'),
        get('GET /ext/health tagged with the L1 subnet', '/ext/health?tag={{subnet}}'),
        get('GET /ext/health tagged with a chain id', '/ext/health?tag={{l1}}'),
        get('GET /ext/health/readiness', '/ext/health/readiness'),
        get('GET /ext/health/liveness', '/ext/health/liveness'),
        rpc('health.health', 'health.health', {}),
        rpc('health.health tagged with the L1 subnet', 'health.health', { tags: ['{{subnet}}'] }),
        rpc('health.readiness', 'health.readiness', {}),
        rpc('health.liveness', 'health.liveness', {}),
        rpc('health.health bad params', 'health.health', { tags: 'not-a-list' }),
        {
            name: 'batch refused',
            path: '/ext/health',
            body: [req('health.health', {}, 1), req('health.liveness', {}, 2)],
        },
    ];
}

/**
 * The funded test key's address on the local network (network id 12345), without its chain
 * prefix: avalanchego's genesis/genesis_local.json
 * (https://github.com/ava-labs/avalanchego/blob/v1.14.2/genesis/genesis_local.json).
 */
const ewoqLocalAddress = 'local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';

/**
 * The same key's address on a network with another id: the human-readable part is the network's
 * (utils/constants/network_ids.go: `custom` for an id with none of its own), the bytes are the
 * key's.
 */
function ewoqAddressOn(networkId: number): string {
    if (networkId === 12345) return ewoqLocalAddress;
    const hrp = networkId === 1 ? 'avax' : networkId === 5 ? 'fuji' : 'custom';
    return bech32.encode(hrp, bech32.decode(ewoqLocalAddress as `${string}1${string}`).words);
}

/**
 * The placeholders' values on a running network: what the recorder filled in and what the replay
 * must fill in the same way. `fundedAddress` is the test key's C-Chain address (passed in, so this
 * file loads no EVM library for the sandbox's unit test).
 */
export function placeholderValues(info: RealNetworkInfo, fundedAddress: string): PlaceholderValues {
    const call = info.cChain.activity.contract.calls[1]!;
    const pKey = ewoqAddressOn(info.networkId);
    const autoRenewed = info.helicon?.autoRenewed;
    return {
        subnet: info.l1.subnetId,
        pTx: info.l1.convertTxId ?? '',
        validationId: info.l1.validationId ?? '',
        pAddress: `P-${pKey}`,
        xAddress: `X-${pKey}`,
        avaxAsset: info.avaxAssetId,
        // l1setup's CreateSubnetTx, CreateChainTx and ConvertSubnetToL1Tx are the first three
        // transactions of the fresh network, one block each.
        pSubnetHeight: '1',
        pChainHeight: '2',
        pConvertHeight: '3',
        l1: info.l1.blockchainId,
        cChain: info.cChain.blockchainId,
        nodeId: info.nodeId,
        cAddress: fundedAddress,
        cContract: info.cChain.activity.contract.address,
        cTx: call.hash,
        cBlock: `0x${BigInt(call.blockNumber).toString(16)}`,
        ...(autoRenewed
            ? {
                  autoRenewedTx: autoRenewed.addTxId,
                  autoRenewedSetTx: autoRenewed.setConfigTxId,
                  autoRenewedRewardTx: autoRenewed.rewardTxId,
                  pRewardHeight: autoRenewed.rewardBlockHeight,
                  // The proposal block's decision (a commit block) comes right after it.
                  pRewardCommitHeight: String(BigInt(autoRenewed.rewardBlockHeight) + 1n),
              }
            : {}),
    };
}

/** Replaces every `{{name}}` in a template (path or body) with its value. */
export function fill<T>(template: T, values: PlaceholderValues): T {
    const text = JSON.stringify(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
        const value = values[name as Placeholder | HeliconPlaceholder];
        if (value === undefined) throw new Error(`no value for {{${name}}}`);
        return value;
    });
    return JSON.parse(text) as T;
}

/** Sends one fixture request and reads the answer as the recorder stores it. */
export async function send(
    base: string,
    path: string,
    body: unknown,
    method: 'GET' | 'POST' = 'POST',
): Promise<Fixture['response']> {
    const response = await fetch(
        `${base}${path}`,
        method === 'GET'
            ? { signal: AbortSignal.timeout(15_000) }
            : {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: typeof body === 'string' ? body : JSON.stringify(body),
                  signal: AbortSignal.timeout(15_000),
              },
    );
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    if (contentType.startsWith('application/json')) {
        try {
            parsed = JSON.parse(text);
        } catch {
            // kept as text
        }
    }
    return { status: response.status, contentType, body: parsed };
}
