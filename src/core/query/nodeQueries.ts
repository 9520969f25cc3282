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

const mutatingRaw =
    /^(admin\.|.*\.(issue|send|set|import|export|create|add|remove|alias|load|start|stop|write|delete)|eth_send|eth_sign|personal_|miner_|debug_set|debug_start|debug_stop|debug_write)/i;

/**
 * True when a method sent with "Send Raw JSON-RPC…" may change the node or a chain, so that it is
 * confirmed first: every table method marked `changesNode`, and names outside the table that look
 * like writes (admin.*, *.issueTx, eth_sendRawTransaction, personal_*, …).
 */
export function rawMethodMayChange(method: string): boolean {
    const entry = nodeQuery(method);
    if (entry) return entry.changesNode;
    return mutatingRaw.test(method);
}
