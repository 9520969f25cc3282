/**
 * The node JSON-RPC palette commands: one per entry of the method table (`nodeRpc/methods.ts`),
 * derived from it so that a method added there cannot lack a command (a unit test ties the
 * command ids to `CommandId`). Each entry carries the prompts built from the method's parameter
 * specs, plus the chain prompt for methods served under `/ext/bc/<chain>/…`.
 */
import { listNodeRpcMethods, type AnyNodeRpcMethod } from '../nodeRpc/methods';
import { nodePromptKind, type ParamPrompt } from './prompts';

/** One node method command. */
export interface NodeQueryEntry {
    readonly method: string;
    /** `avalanche.nodeRpc.<camelName>`. */
    readonly commandId: string;
    /** Palette title without the category. */
    readonly title: string;
    readonly description: string;
    readonly prompts: readonly ParamPrompt[];
    /** True when the call changes the node: it is confirmed first and never re-run on restore. */
    readonly changesNode: boolean;
    /** True when the method needs a chain (`eth_*`, `validators.*`). */
    readonly needsChain: boolean;
    readonly publicServer: boolean;
    readonly deprecated?: string | undefined;
}

const titles: Readonly<Record<string, string>> = {
    'admin.alias': 'Alias an API Endpoint',
    'admin.aliasChain': 'Alias a Blockchain',
    'admin.getChainAliases': 'Aliases of a Chain',
    'admin.getLoggerLevel': 'Logger Levels',
    'admin.setLoggerLevel': 'Set Logger Level',
    'admin.loadVMs': 'Load VM Plugins',
    'admin.lockProfile': 'Write Lock Profile',
    'admin.memoryProfile': 'Write Memory Profile',
    'admin.startCPUProfiler': 'Start CPU Profiler',
    'admin.stopCPUProfiler': 'Stop CPU Profiler',
    'info.acps': 'ACP Preferences',
    'info.isBootstrapped': 'Is a Chain Bootstrapped',
    'info.getBlockchainID': 'Blockchain Id of an Alias',
    'info.getNetworkID': 'Network Id',
    'info.getNetworkName': 'Network Name',
    'info.getNodeID': 'Node Id and BLS Key',
    'info.getNodeIP': 'Node IP',
    'info.getNodeVersion': 'Node Version',
    'info.getTxFee': 'Transaction Fees, Deprecated',
    'info.getVMs': 'Installed VMs',
    'info.peers': 'Peers',
    'info.uptime': 'Uptime',
    'info.upgrades': 'Network Upgrades',
    'health.health': 'Health Checks',
    'health.readiness': 'Readiness',
    'health.liveness': 'Liveness',
    'platform.getHeight': 'P-Chain Height',
    'platform.getSubnets': 'Subnets, Deprecated',
    'platform.getSubnet': 'Subnet',
    'platform.getBlockchains': 'Blockchains, Deprecated',
    'platform.getBlockchainStatus': 'Blockchain Status',
    'platform.validatedBy': 'Subnet Validating a Blockchain',
    'platform.validates': 'Blockchains of a Subnet',
    'platform.getCurrentValidators': 'Current Validators (P-Chain)',
    'platform.getL1Validator': 'L1 Validator',
    'platform.getValidatorsAt': 'Validators at a P-Chain Height',
    'platform.getTx': 'P-Chain Transaction',
    'platform.getTxStatus': 'P-Chain Transaction Status',
    'platform.getBalance': 'P-Chain Balance, Deprecated',
    'platform.getStakingAssetID': 'Staking Asset',
    'platform.getCurrentSupply': 'Current Supply',
    'platform.getTimestamp': 'P-Chain Time',
    'platform.getBlockByHeight': 'P-Chain Block by Height',
    'platform.getFeeState': 'P-Chain Fee State',
    'platform.getValidatorFeeState': 'L1 Validator Fee State',
    'platform.getValidatorFeeConfig': 'L1 Validator Fee Config',
    'platform.getMinStake': 'Minimum Stake',
    'platform.getTotalStake': 'Total Stake',
    'avm.getHeight': 'X-Chain Height',
    'avm.getTx': 'X-Chain Transaction',
    'avm.getTxStatus': 'X-Chain Transaction Status, Deprecated',
    'avm.getAssetDescription': 'X-Chain Asset',
    'avm.getBlockByHeight': 'X-Chain Block by Height',
    'avm.getBalance': 'X-Chain Balance, Deprecated',
    'avm.getAllBalances': 'X-Chain Balances, Deprecated',
    eth_feeConfig: 'Fee Config',
    eth_getChainConfig: 'Chain Config',
    eth_getActivePrecompilesAt: 'Active Precompiles, Deprecated',
    eth_getActiveRulesAt: 'Active Rules',
    'validators.getCurrentValidators': 'Current Validators of a Chain',
    eth_chainId: 'EVM Chain Id',
    eth_blockNumber: 'Latest Block Number',
    eth_getBalance: 'Balance of an Account',
    eth_getCode: 'Contract Code',
    eth_getTransactionCount: 'Nonce of an Account',
    eth_getTransactionByHash: 'Transaction by Hash',
    eth_getTransactionReceipt: 'Transaction Receipt',
    eth_getBlockByNumber: 'Block by Number',
    eth_getBlockByHash: 'Block by Hash',
};

const digitNames = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];

/**
 * `info.getNodeID` → `infoGetNodeID`, `eth_getBalance` → `ethGetBalance`,
 * `platform.getL1Validator` → `platformGetLOneValidator`: digits are spelt out because command
 * ids are letters only after `avalanche.<area>.` (scripts/checkManifest.mjs).
 */
export function nodeMethodCommandName(method: string): string {
    return method
        .split(/[._]/)
        .filter((part) => part.length > 0)
        .map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
        .join('')
        .replace(/\d/g, (digit) => digitNames[Number(digit)]!);
}

/**
 * The chain prompt of methods served under `/ext/bc/<chain>/…`. Named `rpcChain`, not `chain`:
 * admin.aliasChain and info.isBootstrapped have a parameter of their own called `chain`.
 */
export const chainPrompt: ParamPrompt = {
    name: 'rpcChain',
    kind: 'nodeChain',
    label: 'Chain',
    optional: false,
    hint: 'Blockchain id or alias of an EVM chain on the node, such as C',
};

function toEntry(method: AnyNodeRpcMethod): NodeQueryEntry {
    const needsChain = method.endpoint === 'evm' || method.endpoint === 'validators';
    const prompts: ParamPrompt[] = method.params.map((spec) => ({
        name: spec.name,
        kind: nodePromptKind(spec.kind, spec.name),
        label: spec.name,
        optional: spec.optional,
        hint: spec.description,
    }));
    if (needsChain) prompts.unshift(chainPrompt);
    const asks = prompts.length > 0 || method.changesNode;
    return {
        method: method.name,
        commandId: `avalanche.nodeRpc.${nodeMethodCommandName(method.name)}`,
        title: `Node: ${titles[method.name] ?? method.description} (${method.name})${asks ? '…' : ''}`,
        description: method.description,
        prompts,
        changesNode: method.changesNode,
        needsChain,
        publicServer: method.publicServer,
        deprecated: method.deprecated,
    };
}

let entries: readonly NodeQueryEntry[] | undefined;

/** Every node method command, in method-table order. */
export function nodeQueries(): readonly NodeQueryEntry[] {
    entries ??= listNodeRpcMethods().map(toEntry);
    return entries;
}

/** The entry of a method name. */
export function nodeQuery(method: string): NodeQueryEntry | undefined {
    return nodeQueries().find((e) => e.method === method);
}

/** The entry behind a command id. */
export function nodeQueryByCommand(commandId: string): NodeQueryEntry | undefined {
    return nodeQueries().find((e) => e.commandId === commandId);
}

/**
 * Methods outside the method table that only read, so that "Send Raw JSON-RPC…" sends them
 * without asking and may send them again on Refresh or after a reload: the standard `eth_`,
 * `net_` and `web3_` reads (https://ethereum.org/en/developers/docs/apis/json-rpc/), the
 * Avalanche EVM extensions that read fees and rules, the `debug_trace*` family (it re-executes
 * in a throwaway state) and the transaction pool's views. An allow-list, not a guess: any other
 * name (`admin_*`, `debug_setHead`, `evm_mine`, `anvil_*`, `hardhat_*`, a filter that the node
 * keeps, a method of tomorrow) asks every time and is never repeated.
 */
const readOnlyRaw = new Set([
    'eth_blockNumber',
    'eth_call',
    'eth_chainId',
    'eth_createAccessList',
    'eth_estimateGas',
    'eth_feeHistory',
    'eth_gasPrice',
    'eth_getBalance',
    'eth_getBlockByHash',
    'eth_getBlockByNumber',
    'eth_getBlockReceipts',
    'eth_getBlockTransactionCountByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getCode',
    'eth_getLogs',
    'eth_getProof',
    'eth_getStorageAt',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionByHash',
    'eth_getTransactionCount',
    'eth_getTransactionReceipt',
    'eth_getUncleByBlockHashAndIndex',
    'eth_getUncleByBlockNumberAndIndex',
    'eth_getUncleCountByBlockHash',
    'eth_getUncleCountByBlockNumber',
    'eth_maxPriorityFeePerGas',
    'eth_protocolVersion',
    'eth_syncing',
    'eth_baseFee',
    'eth_suggestPriceOptions',
    'eth_getChainConfig',
    'eth_feeConfig',
    'eth_getActivePrecompilesAt',
    'eth_getActiveRulesAt',
    'net_version',
    'net_listening',
    'net_peerCount',
    'web3_clientVersion',
    'web3_sha3',
    'debug_traceTransaction',
    'debug_traceCall',
    'debug_traceBlockByNumber',
    'debug_traceBlockByHash',
    'txpool_content',
    'txpool_contentFrom',
    'txpool_inspect',
    'txpool_status',
    // AvalancheGo's health API (https://build.avax.network/docs/api-reference/health-api).
    'health.health',
    'health.readiness',
    'health.liveness',
]);

/**
 * True unless the method is known to only read: a method of the table marked read-only, or one
 * of {@link readOnlyRaw}. Everything else sent with "Send Raw JSON-RPC…" may change the node or
 * a chain, so it is confirmed every time, kept out of the history and never sent again by a
 * Refresh or a restored panel.
 */
export function rawMethodMayChange(method: string): boolean {
    const entry = nodeQuery(method);
    if (entry) return entry.changesNode;
    return !readOnlyRaw.has(method);
}
