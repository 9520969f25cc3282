/**
 * The agent tools as a client sees them: names, descriptions and input schemas (JSON Schema).
 * The MCP server lists these; `package.json` contributes the same to VS Code
 * (`contributes.languageModelTools`, whose schema is static), and a unit test keeps the two equal.
 * The lists of operations and methods come from the palette's tables, so a query added there is a
 * tool's too.
 */
import { dataApiEndpoint } from '../dataApi/endpoints';
import { evmChainIdPattern, evmHashPattern } from '../ids/evmPatterns';
import { listNodeRpcMethods } from '../nodeRpc/methods';
import { dataApiQueries } from '../query/dataApiQueries';

/** A property of a tool's input. */
export interface ToolProperty {
    readonly type: 'string' | 'object' | readonly ParamValueType[];
    readonly description: string;
    readonly enum?: readonly string[];
    /** The form the tool accepts, for clients that check before calling (the tool checks again). */
    readonly pattern?: string;
    /** An object's named members (a query's parameters), and no others. */
    readonly properties?: Readonly<Record<string, ToolProperty>>;
    readonly additionalProperties?: false;
    /** A list's members (a parameter given as a list). */
    readonly items?: { readonly type: 'string' };
}

/** What a query parameter's value may be: the forms the palette's checks accept. */
type ParamValueType = 'string' | 'number' | 'boolean' | 'array';

/** A parameter of some of a tool's operations or methods: who takes it, and who needs it. */
interface ParamUse {
    readonly name: string;
    readonly owner: string;
    readonly optional: boolean;
}

/**
 * The `params` object of the two tools that run any query: every parameter name their
 * operations (or methods) take, each saying which take it and which need it, and no other name.
 * One object rather than a schema per operation: clients send a tool's schema to models whose
 * function calling refuses `oneOf` and conditionals, and a misspelt name is what this catches;
 * the tool checks each operation's own parameters before sending, as the palette does.
 */
function paramsProperty(uses: readonly ParamUse[], description: string): ToolProperty {
    const byName = new Map<string, { takes: string[]; needs: string[] }>();
    for (const use of uses) {
        const entry = byName.get(use.name) ?? { takes: [], needs: [] };
        (use.optional ? entry.takes : entry.needs).push(use.owner);
        byName.set(use.name, entry);
    }
    const properties: Record<string, ToolProperty> = {};
    for (const [name, { takes, needs }] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
        properties[name] = {
            type: ['string', 'number', 'boolean', 'array'],
            items: { type: 'string' },
            description:
                needs.length === 0
                    ? `Optional for ${takes.join(', ')}`
                    : `Required by ${needs.join(', ')}${takes.length > 0 ? `; optional for ${takes.join(', ')}` : ''}`,
        };
    }
    return { type: 'object', description, properties, additionalProperties: false };
}

export interface AgentToolDefinition {
    readonly name: AgentToolName;
    /** What a person sees in the tool picker. */
    readonly displayName: string;
    /** `#name` in a chat prompt. */
    readonly toolReferenceName: string;
    readonly userDescription: string;
    /** What the model reads to decide when and how to call it. */
    readonly modelDescription: string;
    readonly inputSchema: {
        readonly type: 'object';
        readonly properties: Readonly<Record<string, ToolProperty>>;
        readonly required?: readonly string[];
        readonly additionalProperties: false;
    };
}

export type AgentToolName =
    | 'avalanche_explain_identifier'
    | 'avalanche_get_transaction'
    | 'avalanche_get_address'
    | 'avalanche_get_l1'
    | 'avalanche_get_node_status'
    | 'avalanche_query_data_api'
    | 'avalanche_call_node_method'
    | 'avalanche_trace_transaction'
    | 'avalanche_follow_icm_message';

const evmChainId: ToolProperty = {
    type: 'string',
    pattern: evmChainIdPattern.source,
    description:
        'EVM chain id of the chain to look on, such as 43114 (C-Chain mainnet) or 43113 (C-Chain Fuji); the C-Chain of the selected network when left out',
};

const networkNote =
    'Answers come from the network selected in the extension (mainnet, Fuji, or a local network read through its node).';

/** `operation(param, optional?)` for each read-only Data API query. */
function dataApiSignatures(): string {
    return dataApiQueries
        .filter((e) => !e.creates)
        .map(
            (e) =>
                `${e.operation}(${e.prompts.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`,
        )
        .join('; ');
}

function readOnlyMethods() {
    return listNodeRpcMethods().filter((m) => !m.changesNode);
}

/** `method(param, optional?)` for each read-only node method. */
function nodeSignatures(): string {
    return readOnlyMethods()
        .map(
            (m) =>
                `${m.name}(${m.params.map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`,
        )
        .join('; ');
}

function define(): readonly AgentToolDefinition[] {
    return [
        {
            name: 'avalanche_explain_identifier',
            displayName: 'Explain an Avalanche identifier',
            toolReferenceName: 'avalancheExplain',
            userDescription:
                'What an address, transaction hash, cb58 id, NodeID or P-/X-Chain address is, and what the chain says about it',
            modelDescription: `Explains one Avalanche identifier found in code or a conversation: an EVM address (balance, nonce, whether it is a contract and which one the workspace deployed there), an EVM transaction hash (status, value, decoded call), a P-Chain or X-Chain transaction id, a block, a subnet or L1 id, a blockchain id, an asset id, a NodeID (validator status) or a P-/X- address (balances). The answer is the editor's hover as text. ${networkNote}`,
            inputSchema: {
                type: 'object',
                properties: {
                    identifier: {
                        type: 'string',
                        description:
                            'The identifier: 0x address or hash, cb58 id, NodeID-…, or P-avax1…/X-avax1… address',
                    },
                    evmChainId,
                },
                required: ['identifier'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_get_transaction',
            displayName: 'Get an Avalanche transaction',
            toolReferenceName: 'avalancheTransaction',
            userDescription:
                'A transaction with its status, fee, transfers, and its call, events and revert reason decoded with the workspace ABIs',
            modelDescription: `Reads one transaction: an EVM transaction by its 0x hash (status, block, fee, value, token transfers, the function called and its events decoded with the workspace's contract ABIs and well-known signatures, and for a failed one its revert reason), or a P-Chain/X-Chain transaction by its cb58 id. Use it to answer why a transaction reverted or what it did. ${networkNote}`,
            inputSchema: {
                type: 'object',
                properties: {
                    hash: {
                        type: 'string',
                        description:
                            'Transaction hash: 0x and 64 hex digits (EVM), or a cb58 P-/X-Chain transaction id',
                    },
                    chain: {
                        type: 'string',
                        description:
                            'For EVM hashes: on mainnet/Fuji the EVM chain id (such as 43114); on a local network the blockchain id or alias on the node (such as C). The C-Chain when left out',
                    },
                },
                required: ['hash'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_get_address',
            displayName: 'Summarise an Avalanche address',
            toolReferenceName: 'avalancheAddress',
            userDescription:
                'Balance, nonce, latest transactions, token balances and contract name of an address',
            modelDescription: `Summarises an address: for an EVM address its native balance, nonce, latest transactions, ERC-20 balances (mainnet/Fuji) and, for a contract, the workspace contract deployed there; for a P-/X- address its balances by asset. Use it for "what is deployed at this address" or "what does this account hold". ${networkNote}`,
            inputSchema: {
                type: 'object',
                properties: {
                    address: {
                        type: 'string',
                        description: '0x address, or P-avax1…/X-avax1… (fuji1…, local1…)',
                    },
                    evmChainId,
                },
                required: ['address'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_get_l1',
            displayName: 'Describe an Avalanche L1 and its validators',
            toolReferenceName: 'avalancheL1',
            userDescription: 'A subnet or L1 with its chains, validator manager and validators',
            modelDescription: `Describes a subnet or L1 by its subnet id: its blockchains, whether it is an L1 and its validator manager, then its validators with weight, remaining balance and whether each is active (an L1 validator pays a continuous fee from its balance and is deactivated when it runs out). Use it for "is my validator still active". ${networkNote}`,
            inputSchema: {
                type: 'object',
                properties: {
                    subnetId: { type: 'string', description: 'The subnet or L1 id (cb58)' },
                },
                required: ['subnetId'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_get_node_status',
            displayName: 'Avalanche node status',
            toolReferenceName: 'avalancheNode',
            userDescription:
                'Health, versions, network, bootstrapping and peers of the connected AvalancheGo node',
            modelDescription:
                'Reads the AvalancheGo node the extension is connected to: whether it is reachable and healthy, which of its health checks fail (with the error, since when and how many runs in a row), its version and VM versions, network, node id, which chains are bootstrapped, peers and uptime. Takes no input.',
            inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        },
        {
            name: 'avalanche_query_data_api',
            displayName: 'Query the Avalanche Data API',
            toolReferenceName: 'avalancheDataApi',
            userDescription:
                'Any read-only Data API or Metrics API query, checked like the command palette',
            modelDescription: `Runs one read-only Avalanche Data API (or Metrics API) query, with the parameters checked as the command palette checks them, and answers with one page (at most 25 rows; pass nextPageToken back as pageToken for the next). network defaults to the selected one. Operations and their parameters (? = optional): ${dataApiSignatures()}. getAggregatedSignatures takes a P- or X-Chain transaction whose effect was signed as a Warp message; on the P-Chain those are the conversion of a subnet to an L1 (ConvertSubnetToL1Tx), an L1 validator's registration (RegisterL1ValidatorTx) and its weight change (SetL1ValidatorWeightTx), and any other transaction answers 404.`,
            inputSchema: {
                type: 'object',
                properties: {
                    operation: {
                        type: 'string',
                        description: 'The operationId',
                        enum: dataApiQueries.filter((e) => !e.creates).map((e) => e.operation),
                    },
                    params: paramsProperty(
                        dataApiQueries
                            .filter((e) => !e.creates)
                            .flatMap((e) => [
                                ...e.prompts.map((p) => ({
                                    name: p.name,
                                    owner: e.operation,
                                    optional: p.optional,
                                })),
                                // A page of at most 25 rows either way (the tool's own bound).
                                ...(dataApiEndpoint(e.operation)?.pageSize
                                    ? [{ name: 'pageSize', owner: e.operation, optional: true }]
                                    : []),
                            ]),
                        'Parameters by their API names; values are strings, numbers, booleans or lists of strings',
                    ),
                    pageToken: {
                        type: 'string',
                        description: 'The nextPageToken of an earlier answer',
                    },
                },
                required: ['operation'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_call_node_method',
            displayName: 'Call a read-only AvalancheGo method',
            toolReferenceName: 'avalancheNodeCall',
            userDescription:
                'Any read-only JSON-RPC method of the connected node, checked like the command palette',
            modelDescription: `Calls one read-only JSON-RPC method of the connected AvalancheGo node, with parameters checked as the command palette checks them. Methods that change a node are not available. eth_* and validators.* methods take chain (blockchain id or alias, C by default). Methods and their parameters (? = optional; lists as arrays or comma-separated): ${nodeSignatures()}.`,
            inputSchema: {
                type: 'object',
                properties: {
                    method: {
                        type: 'string',
                        description: 'The method name',
                        enum: readOnlyMethods().map((m) => m.name),
                    },
                    params: paramsProperty(
                        readOnlyMethods().flatMap((m) =>
                            m.params.map((p) => ({
                                name: p.name,
                                owner: m.name,
                                optional: p.optional,
                            })),
                        ),
                        'Parameters by name; values are strings, numbers, booleans or lists of strings',
                    ),
                    chain: {
                        type: 'string',
                        description:
                            'For eth_* and validators.* methods: blockchain id or alias (C when left out)',
                    },
                },
                required: ['method'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_trace_transaction',
            displayName: 'Trace an EVM transaction',
            toolReferenceName: 'avalancheTrace',
            userDescription:
                'Why a transaction reverted: its call trace decoded, the call that failed first and the Solidity line',
            modelDescription: `Reads the call trace of one mined EVM transaction from the chain's node (debug_traceTransaction) and explains it: every call in order (contract, function and arguments decoded with the workspace's ABIs, value, gas, returned value or revert), the call that failed first with its error (custom error, require message or panic in words), the path it took up to the transaction's own call, and, where the workspace has the compiler's output, the Solidity file and line of each failure. Use it to answer why a transaction reverted and where. Read-only. Public nodes do not trace: the answer then says what to change in the chain's config. ${networkNote}`,
            inputSchema: {
                type: 'object',
                properties: {
                    hash: {
                        type: 'string',
                        description: 'Transaction hash: 0x and 64 hex digits',
                        pattern: evmHashPattern.source,
                    },
                    evmChainId,
                },
                required: ['hash'],
                additionalProperties: false,
            },
        },
        {
            name: 'avalanche_follow_icm_message',
            displayName: 'Follow an ICM (Teleporter) message',
            toolReferenceName: 'avalancheIcmMessage',
            userDescription:
                'Where a cross-chain message is: sent, delivered, executed or failed, receipt back; and why it is stuck',
            modelDescription: `Follows one ICM (Teleporter) message across chains through their own JSON-RPC: the send on the source chain (sender, destination, fee, required gas limit, allowed relayers, the message id recomputed from its contents), the delivery on the destination found by the message id, its execution or failed execution (retryable with retryMessageExecution), and the receipt back on the source. When it is not delivered it says why, in order: the destination names no known chain or cannot be read, no TeleporterMessenger there, required gas above the destination's block gas limit, no allowed relayer on this machine, no fee, not delivered after many blocks. Give the source chain and either the message id or the hash of the transaction that sent it. Read-only. ${networkNote}`,
            inputSchema: {
                type: 'object',
                properties: {
                    sourceChain: {
                        type: 'string',
                        description:
                            'The chain the message was sent from: its EVM chain id (43114, 43113, …), blockchain id, or name',
                    },
                    messageId: {
                        type: 'string',
                        description: 'The ICM message id (0x + 64 hex digits)',
                        pattern: evmHashPattern.source,
                    },
                    txHash: {
                        type: 'string',
                        description:
                            'Or the hash of the source transaction that sent it (0x + 64 hex digits)',
                        pattern: evmHashPattern.source,
                    },
                },
                required: ['sourceChain'],
                additionalProperties: false,
            },
        },
    ];
}

/** Every tool, in the order a client lists them. */
export const agentToolDefinitions: readonly AgentToolDefinition[] = define();
