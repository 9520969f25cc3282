/**
 * The declarative table behind the Data API palette commands: one entry per endpoint of the
 * endpoint table (`dataApi/endpoints.ts`), naming the command, its parameter prompts in the order
 * they are asked, the panel kind that shows the result and, for panels with tabs, the sibling
 * queries on the same subject. What the endpoint table already says is taken from it: which
 * parameters are optional, and which queries create something. Commands, prompts, panels and the
 * integration tests all iterate over this one table instead of 20 hand-written handlers.
 */
import { dataApiEndpoint } from '../dataApi/endpoints';
import { currencies, sortOrders, utxoSortBy } from '../dataApi/enums';
import type { DataApiOperation } from '../dataApi/params';
import type { PanelKind } from '../../shared/query';
import type { ParamPrompt, PromptKind } from './prompts';

/** A closed-set parameter the panel offers as a drop-down, re-running the query on change. */
export interface ControlSpec {
    readonly param: string;
    readonly label: string;
    readonly values: readonly string[];
}

/** One Data API query command. */
export interface DataApiQueryEntry {
    readonly operation: DataApiOperation;
    /** `avalanche.query.<operationId>` (a verb without digits for a few, see `commandVerbs`). */
    readonly commandId: string;
    /** The palette title, without the "Avalanche" category. */
    readonly title: string;
    readonly panel: PanelKind;
    /** The tab's label when the panel shows sibling queries as tabs. */
    readonly tab?: string | undefined;
    /** Required prompts first, then optional ones (offered in one "optional parameters" step). */
    readonly prompts: readonly ParamPrompt[];
    readonly controls?: readonly ControlSpec[] | undefined;
    /**
     * True when the query creates something (from the endpoint table): never re-run on restore,
     * never kept in history.
     */
    readonly creates?: boolean | undefined;
}

/** A prompt before `entry` knows, from the endpoint, whether its parameter is optional. */
type PromptSpec = Omit<ParamPrompt, 'optional'>;

function ask(name: string, kind: PromptKind, label: string, hint?: string): PromptSpec {
    return { name, kind, label, hint };
}

const network = ask('network', 'network', 'Network');
const evmChain = ask(
    'chainId',
    'evmChain',
    'EVM chain',
    'An indexed EVM chain: its chain id or blockchain id',
);
const evmAddress = ask('address', 'evmAddress', 'Address', '0x followed by 40 hex digits');
const startBlock = ask('startBlock', 'blockNumber', 'Start block (inclusive)');
const endBlock = ask('endBlock', 'blockNumber', 'End block (exclusive)');
const timeHint = 'Unix seconds, a date, a date and time, or a span back such as 7d';
const startTimestamp = ask('startTimestamp', 'timestamp', 'Start time', timeHint);
const endTimestamp = ask('endTimestamp', 'timestamp', 'End time', timeHint);
const sortOrder = ask('sortOrder', 'sortOrder', 'Sort order');

const sortOrderControl: ControlSpec = { param: 'sortOrder', label: 'Order', values: sortOrders };

/**
 * Command ids hold letters only (`avalanche.<area>.<verb>`, checked against the manifest), so the
 * operationIds with digits get a verb of their own.
 */
const commandVerbs: Partial<Record<DataApiOperation, string>> = {
    getUtxosByAddressesV2: 'listUtxos',
    listErc1155Transactions: 'listMultiTokenTransfers',
    listErc20Balances: 'listTokenBalances',
    listErc1155Balances: 'listMultiTokenBalances',
    listL1Validators: 'listLayerOneValidators',
};

function entry(
    operation: DataApiOperation,
    title: string,
    panel: PanelKind,
    prompts: PromptSpec[],
    extra: Partial<Pick<DataApiQueryEntry, 'tab' | 'controls'>> = {},
): DataApiQueryEntry {
    const endpoint = dataApiEndpoint(operation)!;
    return {
        operation,
        commandId: `avalanche.query.${commandVerbs[operation] ?? operation}`,
        title,
        panel,
        // A prompt for a field nested in a parameter (the export's `options`) is asked as required.
        prompts: prompts.map((prompt) => ({
            ...prompt,
            optional: endpoint.params[prompt.name]?.required === false,
        })),
        ...extra,
        ...(endpoint.creates ? { creates: true } : {}),
    };
}

/** Every Data API and Metrics API query, in the order of the REST document, then the others. */
export const dataApiQueries: readonly DataApiQueryEntry[] = [
    entry(
        'getAggregatedSignatures',
        'Data API: Aggregated Signatures of a Warp Message…',
        'signatures',
        // The REST document takes a P- or X-Chain transaction; the ones signed as a Warp message
        // are the P-Chain's L1 transactions (`warpSignedTxTypes`), so the label names those.
        [
            network,
            ask(
                'txHash',
                'pnTxId',
                'P- or X-Chain transaction id (an L1 conversion, validator registration or weight change)',
            ),
        ],
    ),
    entry(
        'listTransactions',
        'Data API: Transactions of an Address…',
        'address',
        [evmChain, evmAddress, startBlock, endBlock, sortOrder],
        { tab: 'Transactions', controls: [sortOrderControl] },
    ),
    entry(
        'getUtxosByAddressesV2',
        'Data API: UTXOs of Primary-Network Addresses…',
        'primaryNetwork',
        [
            network,
            ask('blockchainId', 'blockchain', 'Blockchain'),
            ask('addresses', 'pnAddresses', 'Addresses', 'P-avax1…, X-avax1… (comma-separated)'),
            ask('assetId', 'cb58Id', 'Asset id (X-Chain only)'),
            ask('minUtxoAmount', 'amount', 'Minimum UTXO amount (nAVAX)'),
            ask('includeSpent', 'boolean', 'Include spent UTXOs'),
            ask('sortBy', 'utxoSortBy', 'Sort by'),
            sortOrder,
        ],
        {
            controls: [{ param: 'sortBy', label: 'Sort by', values: utxoSortBy }, sortOrderControl],
        },
    ),
    entry(
        'listAssetTransactions',
        'Data API: Transactions of an X-Chain Asset…',
        'primaryNetwork',
        [
            network,
            ask('blockchainId', 'xChain', 'X-Chain'),
            ask('assetId', 'cb58Id', 'Asset id'),
            ask('txTypes', 'txTypes', 'Transaction types'),
            startTimestamp,
            endTimestamp,
        ],
    ),
    entry('postTransactionExportJob', 'Data API: Create Transaction Export…', 'generic', [
        ask('type', 'exportType', 'Export type'),
        ask('addresses', 'evmAddresses', 'Addresses'),
        ask('includeChains', 'exportChains', 'Chains'),
        ask('firstDate', 'date', 'First date (YYYY-MM-DD)'),
        ask('lastDate', 'date', 'Last date (YYYY-MM-DD)'),
    ]),
    entry('getOperationResult', 'Data API: Export Operation Status…', 'generic', [
        ask('operationId', 'operationId', 'Operation id'),
    ]),
    entry('listSubnets', 'Data API: Subnets and L1s…', 'subnets', [network, sortOrder], {
        tab: 'Subnets',
        controls: [sortOrderControl],
    }),
    entry(
        'listErc1155Transactions',
        'Data API: ERC-1155 Transfers of an Address…',
        'address',
        [evmChain, evmAddress, startBlock, endBlock],
        { tab: 'ERC-1155 transfers' },
    ),
    entry(
        'listErc20Balances',
        'Data API: ERC-20 Balances of an Address…',
        'address',
        [
            evmChain,
            evmAddress,
            ask('currency', 'currency', 'Currency of the values'),
            ask('blockNumber', 'blockNumber', 'At block'),
            ask('filterSpamTokens', 'boolean', 'Filter spam tokens'),
            ask('contractAddresses', 'evmAddresses', 'Only these token contracts'),
        ],
        { tab: 'ERC-20', controls: [{ param: 'currency', label: 'Currency', values: currencies }] },
    ),
    entry(
        'listTransfers',
        'Data API: Transfers of a Token Contract…',
        'token',
        [evmChain, ask('address', 'evmAddress', 'Token contract'), startBlock, endBlock],
        { tab: 'Transfers' },
    ),
    entry(
        'listInternalTransactions',
        'Data API: Internal Transactions of an Address…',
        'address',
        [evmChain, evmAddress, startBlock, endBlock],
        { tab: 'Internal' },
    ),
    entry(
        'listErc1155Balances',
        'Data API: ERC-1155 Balances of an Address…',
        'address',
        [
            evmChain,
            evmAddress,
            ask('blockNumber', 'blockNumber', 'At block'),
            ask('contractAddress', 'evmAddress', 'Only this contract'),
        ],
        { tab: 'ERC-1155' },
    ),
    entry('getTransactionsForBlock', 'Data API: Transactions of a Block…', 'block', [
        evmChain,
        ask('blockId', 'blockId', 'Block number or hash'),
    ]),
    entry(
        'listCollectibleBalances',
        'Data API: Collectibles of an Address…',
        'address',
        [evmChain, evmAddress, ask('contractAddress', 'evmAddress', 'Only this contract')],
        { tab: 'Collectibles' },
    ),
    entry(
        'getVertexByHeight',
        'Data API: X-Chain Vertices by Height…',
        'primaryNetwork',
        [
            network,
            ask('blockchainId', 'xChain', 'X-Chain'),
            ask('vertexHeight', 'integer', 'Vertex height'),
            sortOrder,
        ],
        { controls: [sortOrderControl] },
    ),
    entry('getTransaction', 'Data API: Transaction Details…', 'transaction', [
        evmChain,
        ask('txHash', 'evmTxHash', 'Transaction hash'),
    ]),
    entry('listLatestPrimaryNetworkBlocks', 'Data API: Latest Primary-Network Blocks…', 'block', [
        network,
        ask('blockchainId', 'blockchain', 'Blockchain'),
        startTimestamp,
        endTimestamp,
    ]),
    entry(
        'listL1Validators',
        'Data API: L1 Validators…',
        'subnets',
        [
            network,
            ask('subnetId', 'cb58Id', 'Subnet id'),
            ask('nodeId', 'nodeId', 'Node id'),
            ask('l1ValidationId', 'cb58Id', 'Validation id'),
            ask('includeInactiveL1Validators', 'boolean', 'Include inactive validators'),
        ],
        { tab: 'L1 validators' },
    ),
    entry(
        'getAddressesByBalanceOverTime',
        'Metrics API: Token Holders over Time…',
        'token',
        [
            ask('chainId', 'metricsChain', 'EVM chain'),
            ask('address', 'evmAddress', 'Token contract'),
            ask('threshold', 'amount', 'Threshold (minimum balance, smallest unit)'),
            startTimestamp,
            endTimestamp,
        ],
        { tab: 'Holders' },
    ),
    entry('supportedChains', 'Data API: Supported EVM Chains…', 'generic', [
        ask('network', 'network', 'Network'),
        ask('feature', 'feature', 'Feature'),
    ]),
    // The lookups by id that the REST document leaves out and the published OpenAPI has.
    entry('getSubnetById', 'Data API: Subnet or L1 by Id…', 'subnets', [
        network,
        ask('subnetId', 'cb58Id', 'Subnet id'),
    ]),
    entry('getBlockchainById', 'Data API: Blockchain by Id…', 'primaryNetwork', [
        network,
        ask('blockchainId', 'cb58Id', 'Blockchain id'),
    ]),
    entry('getTxByHash', 'Data API: Primary-Network Transaction…', 'primaryNetwork', [
        network,
        ask('blockchainId', 'blockchain', 'Blockchain'),
        ask('txHash', 'pnTxId', 'Transaction id'),
    ]),
    entry('getIcmMessage', 'Data API: ICM Message by Id…', 'generic', [
        ask('messageId', 'evmTxHash', 'Message id (0x + 64 hex digits)'),
    ]),
];

const byOperation = new Map(dataApiQueries.map((e) => [e.operation as string, e]));
const byCommand = new Map(dataApiQueries.map((e) => [e.commandId, e]));

/** The table entry of an operation. */
export function dataApiQuery(operation: string): DataApiQueryEntry | undefined {
    return byOperation.get(operation);
}

/** The table entry behind a command id. */
export function dataApiQueryByCommand(commandId: string): DataApiQueryEntry | undefined {
    return byCommand.get(commandId);
}

/**
 * Tabs of a panel kind: the sibling queries on one subject, and the parameters they share (the
 * rest is dropped when switching tabs, since each endpoint has its own filters).
 */
export const panelTabs: Partial<
    Record<
        PanelKind,
        { readonly operations: readonly DataApiOperation[]; readonly shared: readonly string[] }
    >
> = {
    address: {
        operations: [
            'listTransactions',
            'listErc20Balances',
            'listErc1155Balances',
            'listCollectibleBalances',
            'listErc1155Transactions',
            'listInternalTransactions',
        ],
        shared: ['chainId', 'address'],
    },
    token: {
        operations: ['listTransfers', 'getAddressesByBalanceOverTime'],
        shared: ['chainId', 'address'],
    },
    subnets: { operations: ['listSubnets', 'listL1Validators'], shared: ['network'] },
};

/** Parameters a tab needs that the shared ones do not give (the holders threshold). */
export const tabDefaults: Partial<Record<DataApiOperation, Readonly<Record<string, string>>>> = {
    getAddressesByBalanceOverTime: { threshold: '0' },
};
