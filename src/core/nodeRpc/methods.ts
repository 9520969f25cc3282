/**
 * The node JSON-RPC method table: every method the extension calls or lists, one entry each,
 * declared once with its literal name, endpoint, parameter type and checks, result schema and
 * normaliser. `NodeRpcClient.call(nodeRpcMethods['info.peers'], {})` is then fully typed.
 *
 * This file mirrors, as of AvalancheGo 1.14.x (commit 1cf1fc3d, 2026-08-22):
 * - `api/admin/service.go` + `service.md` (admin.*, endpoint `/ext/admin`),
 * - `api/info/service.go` + `service.md` (info.*, endpoint `/ext/info`),
 * - `api/health/service.go` + `result.go` (health.*, endpoint `/ext/health`) at v1.14.2
 *   (https://github.com/ava-labs/avalanchego/tree/v1.14.2/api/health),
 * - Subnet-EVM `plugin/evm/service.md` and `internal/ethapi/api_extra.go` (eth_feeConfig,
 *   eth_getChainConfig, eth_getActive*At on `/ext/bc/<chain>/rpc`; validators.* on
 *   `/ext/bc/<chain>/validators`),
 * - geth's `eth_*` namespace as served by coreth and Subnet-EVM (the standard methods below),
 * - `vms/platformvm/service.go` + `service.md` (platform.*, endpoint `/ext/bc/P`) and
 *   `vms/avm/service.go` + `service.md` (avm.*, endpoint `/ext/bc/X`), read-only methods only,
 *   at v1.14.2 (https://github.com/ava-labs/avalanchego/tree/v1.14.2/vms/platformvm,
 *   https://build.avax.network/docs/api-reference/p-chain/api).
 * Where the docs and the code disagree (setLoggerLevel's reply, info.getVMs' `fxs`,
 * avalancheRules/networkRules, numbers as strings), both forms are accepted: see schemas.ts.
 */
import type * as z from 'zod';

import {
    checkAddress,
    checkAssetId,
    checkBlockchainId,
    checkCb58Id,
    checkCb58Ids,
    checkChain,
    checkChainAddress,
    checkChainAddresses,
    checkHash,
    checkLogLevel,
    checkNodeIds,
    checkOptionalText,
    checkParamsArray,
    checkParamsObject,
    checkText,
    checkTimestamp,
    checkUint64,
    encodeBlockTag,
    encodeBlockTagOrHash,
    maxAliasLength,
    trimTrailing,
    type BlockTag,
    type LogLevel,
} from './params';
import * as h from './healthSchemas';
import * as p from './primarySchemas';
import * as s from './schemas';
import { ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';

/**
 * Where a method is served: `/ext/admin`, `/ext/info`, `/ext/bc/P` (platform), `/ext/bc/X`
 * (avm), `/ext/bc/<chain>/rpc`, `/ext/bc/<chain>/validators`.
 */
export type EndpointKind = 'admin' | 'info' | 'health' | 'platform' | 'avm' | 'evm' | 'validators';

/** How a UI should ask for a parameter. */
export type ParamKind =
    | 'text'
    | 'chain'
    | 'cb58Id'
    | 'nodeIds'
    | 'logLevel'
    | 'address'
    | 'block'
    | 'blockOrHash'
    | 'hash'
    | 'timestamp'
    | 'boolean'
    | 'cb58Ids'
    | 'pAddresses'
    | 'xAddress'
    | 'height'
    | 'heightOrProposed'
    | 'assetId'
    /** An eth_getLogs filter object, typed as JSON. */
    | 'logFilter';

/** One parameter, described for prompts and docs. Positional for `eth_*`, by name otherwise. */
export interface ParamSpec {
    readonly name: string;
    readonly kind: ParamKind;
    readonly optional: boolean;
    /** One line, shown as the prompt. */
    readonly description: string;
}

/** One entry of the method table. */
export interface NodeRpcMethod<
    Name extends string = string,
    Params = unknown,
    Result = unknown,
    Wire = unknown,
> {
    /** The literal JSON-RPC method name. */
    readonly name: Name;
    readonly endpoint: EndpointKind;
    /** One line for lists and pickers. */
    readonly description: string;
    /** `object` for node-native methods, `array` for `eth_*`. */
    readonly paramsStyle: 'object' | 'array';
    readonly params: readonly ParamSpec[];
    /** True when calling changes the node (aliases, log levels, profiles, loaded VMs). Never retried. */
    readonly changesNode: boolean;
    /** False when public API servers do not offer the method. */
    readonly publicServer: boolean;
    /** Set when deprecated: what to use instead. */
    readonly deprecated?: string;
    /** Why a node may not offer the method, for "This node does not offer …" messages. */
    readonly whyMissing: string;
    /** Checks the params (throws ValidationError, nothing is sent) and returns their wire form. */
    encodeParams(params: Params): unknown;
    /** The result's wire schema, built on first use. */
    resultSchema(): z.ZodType<Wire>;
    /** Turns the parsed wire result into the camelCase domain result. */
    normalize(wire: Wire): Result;
}

/** Params of node-native methods that take none. */
export type NoParams = Record<string, never>;

/** The params type of a table entry. */
export type NodeRpcParams<M> = M extends NodeRpcMethod<string, infer P> ? P : never;
/** The (normalised) result type of a table entry. */
export type NodeRpcResult<M> = M extends NodeRpcMethod<string, unknown, infer R> ? R : never;

interface MethodSpec<Name extends string, Params, Result, Wire> {
    name: Name;
    endpoint: EndpointKind;
    description: string;
    params: readonly ParamSpec[];
    changesNode?: boolean;
    publicServer?: boolean;
    deprecated?: string;
    whyMissing: string;
    encodeParams(params: Params): unknown;
    resultSchema(): z.ZodType<Wire>;
    normalize(wire: Wire): Result;
}

function define<const Name extends string, Params, Result, Wire>(
    spec: MethodSpec<Name, Params, Result, Wire>,
): NodeRpcMethod<Name, Params, Result, Wire> {
    return Object.freeze({
        ...spec,
        paramsStyle: spec.endpoint === 'evm' ? 'array' : 'object',
        changesNode: spec.changesNode ?? false,
        publicServer: spec.publicServer ?? true,
    });
}

// ---------------------------------------------------------------------------------------------
// Parameter encoders shared by several entries

function noParams(params: NoParams): Record<string, never> {
    if (params !== undefined) checkParamsObject(params);
    return {};
}

function noArrayParams(params: []): [] {
    if (params !== undefined) checkParamsArray(params, 0);
    return [];
}

/** Copies the defined values only: json2 would read `null` differently from a missing key. */
function compact(values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) if (value !== undefined) out[key] = value;
    return out;
}

const utf8 = new TextEncoder();

/** AvalancheGo compares `len(alias)`, which counts bytes: "é" is two, an emoji four. */
function checkAlias(value: unknown): string {
    const text = checkText(value, 'alias', maxAliasLength);
    if (utf8.encode(text).length > maxAliasLength) {
        throw new ValidationError(
            'alias',
            value,
            phrase(
                'an alias of at most {0} bytes in UTF-8 (the node counts bytes, not characters)',
                maxAliasLength,
            ),
        );
    }
    return text;
}

function nodeIdsParams(params: { nodeIDs?: string[] }): Record<string, unknown> {
    const object = checkParamsObject(params);
    return compact({ nodeIDs: checkNodeIds(object['nodeIDs']) });
}

function optionalTimestampParams(params: [timestamp?: number]): unknown[] {
    const [timestamp] = checkParamsArray(params, 1);
    return timestamp === undefined ? [] : [checkTimestamp(timestamp)];
}

/**
 * An eth_getLogs filter: a bounded block range, the emitting contracts, and per position either
 * one topic, any of several, or any (`null`).
 */
export interface LogFilter {
    readonly fromBlock: BlockTag;
    readonly toBlock: BlockTag;
    readonly address?: string | readonly string[] | undefined;
    readonly topics?: readonly (string | readonly string[] | null)[] | undefined;
}

/** Topics per position and addresses a filter may name: far above any real filter. */
const maxFilterAlternatives = 16;

function encodeLogFilter(value: unknown): Record<string, unknown> {
    const filter = checkParamsObject(value);
    const out: Record<string, unknown> = {
        fromBlock: encodeBlockTag(filter['fromBlock'], 'fromBlock'),
        toBlock: encodeBlockTag(filter['toBlock'], 'toBlock'),
    };
    const address = filter['address'];
    if (Array.isArray(address)) {
        if (address.length > maxFilterAlternatives) {
            throw new ValidationError(
                'address',
                address,
                phrase('at most {0} addresses', maxFilterAlternatives),
            );
        }
        out['address'] = address.map((a) => checkAddress(a));
    } else if (address !== undefined) {
        out['address'] = checkAddress(address);
    }
    const topics = filter['topics'];
    if (topics !== undefined) {
        if (!Array.isArray(topics) || topics.length > 4) {
            throw new ValidationError(
                'topics',
                topics,
                phrase('a list of at most 4 topic positions'),
            );
        }
        // Array.from, not map: map skips a sparse array's holes and would send them on.
        out['topics'] = Array.from(topics as unknown[], (t: unknown) => {
            if (t === null) return null;
            if (Array.isArray(t)) {
                if (t.length > maxFilterAlternatives) {
                    throw new ValidationError(
                        'topics',
                        t,
                        phrase('at most {0} topics per position', maxFilterAlternatives),
                    );
                }
                return Array.from(t as unknown[], (one) => checkHash(one, 'topic'));
            }
            return checkHash(t, 'topic');
        });
    }
    return out;
}

/** `[address, block?]`, the params of the eth_* methods that read an account at a block. */
function addressAtBlockParams(params: [address: string, block?: BlockTag]): unknown[] {
    const [address, block] = checkParamsArray(params, 2);
    return [checkAddress(address), encodeBlockTag(block ?? 'latest')];
}

function addressAtBlockSpecs(addressDescription: string): ParamSpec[] {
    return [
        { name: 'address', kind: 'address', optional: false, description: addressDescription },
        {
            name: 'block',
            kind: 'block',
            optional: true,
            description: 'Block number or tag; latest when empty',
        },
    ];
}

const adminMissing =
    'the admin API is off unless the node runs with --api-admin-enabled=true; public API servers never offer it';
const olderNode = 'older AvalancheGo versions lack it';
const subnetEvmOnly = 'it exists only on Subnet-EVM chains, not on the C-Chain';
const ethMissing =
    "the chain is not an EVM chain, its eth-apis setting (apis on the C-Chain since Helicon) leaves this method's namespace out, or the C-Chain since Helicon no longer serves it";

/** What every admin method that changes the node says of itself. */
const adminChange = { changesNode: true, publicServer: false, whyMissing: adminMissing } as const;

/** An admin method without parameters that makes the node do something and answers `{}`. */
function adminAction<const Name extends string>(name: Name, description: string) {
    return define({
        name,
        endpoint: 'admin',
        description,
        params: [],
        ...adminChange,
        encodeParams: noParams,
        resultSchema: s.EmptyWireSchema,
        normalize: s.normalizeEmpty,
    });
}

const aliasSpec: ParamSpec = {
    name: 'alias',
    kind: 'text',
    optional: false,
    description: `The new name (at most ${maxAliasLength} characters)`,
};

const txHashSpec: ParamSpec = {
    name: 'hash',
    kind: 'hash',
    optional: false,
    description: 'Transaction hash (0x + 64 hex digits)',
};

function txHashParams(params: [hash: string]): unknown[] {
    const [hash] = checkParamsArray(params, 1);
    return [checkHash(hash)];
}

const fullTransactionsSpec: ParamSpec = {
    name: 'fullTransactions',
    kind: 'boolean',
    optional: true,
    description: 'Include full transactions instead of hashes',
};

/** A block's `fullTransactions` flag: hashes only when it is left out. */
function checkFullTransactions(full: unknown): boolean {
    if (full !== undefined && typeof full !== 'boolean') {
        throw new ValidationError('fullTransactions', full, phrase('true or false'));
    }
    return full ?? false;
}

const nodeIdsSpec: ParamSpec = {
    name: 'nodeIDs',
    kind: 'nodeIds',
    optional: true,
    description: 'Node ids (NodeID-…) to restrict the answer to; all when empty',
};
const timestampSpec: ParamSpec = {
    name: 'timestamp',
    kind: 'timestamp',
    optional: true,
    description: 'Unix time in seconds; the latest block time when empty',
};

const primaryMissing = (chain: 'P' | 'X'): string =>
    `older AvalancheGo versions lack it, or the node does not serve the ${chain}-Chain API`;
const pMissing = primaryMissing('P');
const xMissing = primaryMissing('X');

const subnetIdSpec = (description: string, optional = false): ParamSpec => ({
    name: 'subnetID',
    kind: 'cb58Id',
    optional,
    description,
});
const txIdSpec: ParamSpec = {
    name: 'txID',
    kind: 'cb58Id',
    optional: false,
    description: 'Transaction id (cb58)',
};
const heightSpec: ParamSpec = {
    name: 'height',
    kind: 'height',
    optional: false,
    description: 'Block height (a whole number)',
};

/** Encodes the one required cb58 id parameter `name`. */
function idParams<const K extends string>(name: K) {
    return (params: Record<K, string>): Record<string, string> => {
        const object = checkParamsObject(params);
        return { [name]: checkCb58Id(object[name], name) };
    };
}

/** Encodes an optional `subnetID` (the primary network when it is left out). */
function optionalSubnetParams(params: { subnetID?: string }): Record<string, unknown> {
    const subnetID = checkParamsObject(params)['subnetID'];
    return compact({
        subnetID: subnetID === undefined ? undefined : checkCb58Id(subnetID, 'subnetID'),
    });
}

/**
 * getTx and getBlockByHeight always ask for `encoding: "json"`: the views read the JSON form,
 * and the default (hex) is bytes no view decodes.
 */
function txParams(params: { txID: string }): Record<string, string> {
    const object = checkParamsObject(params);
    return { txID: checkCb58Id(object['txID'], 'txID'), encoding: 'json' };
}

/**
 * The height of platform.getValidatorsAt: a uint64, or "proposed" for the height this node's
 * ProposerVM would build on (`platformapi.Height`, since AvalancheGo 1.11). The largest uint64
 * is the node's own sentinel for "proposed", so it refuses that number.
 */
function checkValidatorsHeight(value: unknown): string {
    if (value === 'proposed') return value;
    const allowed = phrase(
        'a P-Chain height (a whole number below 18446744073709551615) or "proposed"',
    );
    let height: string;
    try {
        height = checkUint64(value, 'height');
    } catch {
        throw new ValidationError('height', value, allowed);
    }
    if (BigInt(height) === 2n ** 64n - 1n) throw new ValidationError('height', value, allowed);
    return height;
}

function heightParams(params: { height: string | number | bigint }): Record<string, string> {
    const object = checkParamsObject(params);
    return { height: checkUint64(object['height'], 'height'), encoding: 'json' };
}

/** Most tags one health call takes: the node has one per subnet it tracks, and two of its own. */
const maxHealthTags = 32;

/**
 * The tags of a health call: subnet or chain ids (cb58), or the node's own `application` and
 * `all` (`api/health/worker.go`). The node takes any text; the checks here keep a typo or a
 * pasted paragraph from being sent.
 */
function healthParams(params: { tags?: string[] }): Record<string, unknown> {
    const tags = checkParamsObject(params)['tags'];
    if (tags === undefined) return {};
    if (!Array.isArray(tags) || tags.length > maxHealthTags) {
        throw new ValidationError(
            'tags',
            tags,
            phrase('a list of at most {0} tags', maxHealthTags),
        );
    }
    for (let index = 0; index < tags.length; index++) {
        const tag: unknown = tags[index];
        if (tag !== 'application' && tag !== 'all') checkCb58Id(tag, `tags[${index}]`);
    }
    return { tags: tags as string[] };
}

const healthTagsSpec: ParamSpec = {
    name: 'tags',
    kind: 'cb58Ids',
    optional: true,
    description: 'Subnet or chain ids whose checks to include; every check when empty',
};
const healthMissing =
    'the health API is off (--api-health-enabled=false), or a public API server answers only part of it';

// ---------------------------------------------------------------------------------------------
// The table

/** Every node JSON-RPC method the extension knows, keyed by its literal name. */
export const nodeRpcMethods = {
    // ----- admin (/ext/admin): only with --api-admin-enabled=true, never on public servers -----

    /** Gives an API endpoint an extra name, reachable at `/ext/<alias>` on this node. */
    'admin.alias': define({
        name: 'admin.alias',
        endpoint: 'admin',
        description: 'Give an API endpoint an extra name, reachable at /ext/<alias> on this node',
        params: [
            {
                name: 'endpoint',
                kind: 'text',
                optional: false,
                description: 'The endpoint path after /ext/, for example bc/X',
            },
            aliasSpec,
        ],
        ...adminChange,
        encodeParams(params: { endpoint: string; alias: string }) {
            const object = checkParamsObject(params);
            return {
                endpoint: checkText(object['endpoint'], 'endpoint'),
                alias: checkAlias(object['alias']),
            };
        },
        resultSchema: s.EmptyWireSchema,
        normalize: s.normalizeEmpty,
    }),

    /** Gives a blockchain an extra name, usable wherever its id is (for example `/ext/bc/<alias>`). */
    'admin.aliasChain': define({
        name: 'admin.aliasChain',
        endpoint: 'admin',
        description: 'Give a blockchain an extra name on this node, usable wherever its id is',
        params: [
            {
                name: 'chain',
                kind: 'chain',
                optional: false,
                description: 'Blockchain id or existing alias',
            },
            aliasSpec,
        ],
        ...adminChange,
        encodeParams(params: { chain: string; alias: string }) {
            const object = checkParamsObject(params);
            return { chain: checkChain(object['chain']), alias: checkAlias(object['alias']) };
        },
        resultSchema: s.EmptyWireSchema,
        normalize: s.normalizeEmpty,
    }),

    /** Lists a blockchain's aliases on this node. */
    'admin.getChainAliases': define({
        name: 'admin.getChainAliases',
        endpoint: 'admin',
        description: "List a blockchain's aliases on this node",
        params: [
            {
                name: 'chain',
                // An id only: AvalancheGo refuses an alias here (see checkBlockchainId).
                kind: 'cb58Id',
                optional: false,
                description: 'Blockchain id (cb58); the node takes no alias such as C here',
            },
        ],
        publicServer: false,
        whyMissing: adminMissing,
        encodeParams(params: { chain: string }) {
            return { chain: checkBlockchainId(checkParamsObject(params)['chain']) };
        },
        resultSchema: s.ChainAliasesWireSchema,
        normalize: s.normalizeChainAliases,
    }),

    /** Reads the log and display levels of one logger, or of all loggers. */
    'admin.getLoggerLevel': define({
        name: 'admin.getLoggerLevel',
        endpoint: 'admin',
        description: 'Read the log and display levels of one logger or of all loggers',
        params: [
            {
                name: 'loggerName',
                kind: 'text',
                optional: true,
                description: 'Logger name (for example C, P, X, http); all when empty',
            },
        ],
        publicServer: false,
        whyMissing: adminMissing,
        encodeParams(params: { loggerName?: string }) {
            const object = checkParamsObject(params);
            return compact({ loggerName: checkOptionalText(object['loggerName'], 'loggerName') });
        },
        resultSchema: s.LoggerLevelsWireSchema,
        normalize: s.normalizeLoggerLevels,
    }),

    /** Changes the log and/or display level of one logger, or of all loggers. */
    'admin.setLoggerLevel': define({
        name: 'admin.setLoggerLevel',
        endpoint: 'admin',
        description: 'Change the log and/or display level of one logger or of all loggers',
        params: [
            {
                name: 'loggerName',
                kind: 'text',
                optional: true,
                description: 'Logger name; all loggers when empty',
            },
            {
                name: 'logLevel',
                kind: 'logLevel',
                optional: true,
                description: 'Level of written logs (OFF … VERBO)',
            },
            {
                name: 'displayLevel',
                kind: 'logLevel',
                optional: true,
                description: 'Level of displayed logs (OFF … VERBO)',
            },
        ],
        ...adminChange,
        encodeParams(params: {
            loggerName?: string;
            logLevel?: LogLevel | Lowercase<LogLevel>;
            displayLevel?: LogLevel | Lowercase<LogLevel>;
        }) {
            const object = checkParamsObject(params);
            if (object['logLevel'] === undefined && object['displayLevel'] === undefined) {
                throw new ValidationError(
                    'logLevel and displayLevel',
                    undefined,
                    phrase('at least one of logLevel and displayLevel'),
                );
            }
            return compact({
                loggerName: checkOptionalText(object['loggerName'], 'loggerName'),
                logLevel:
                    object['logLevel'] === undefined
                        ? undefined
                        : checkLogLevel(object['logLevel'], 'logLevel'),
                displayLevel:
                    object['displayLevel'] === undefined
                        ? undefined
                        : checkLogLevel(object['displayLevel'], 'displayLevel'),
            });
        },
        resultSchema: s.SetLoggerLevelWireSchema,
        normalize: s.normalizeSetLoggerLevel,
    }),

    /** Loads newly installed VM plugins without a restart. */
    'admin.loadVMs': define({
        name: 'admin.loadVMs',
        endpoint: 'admin',
        description: 'Load newly installed VM plugins without a restart',
        params: [],
        ...adminChange,
        encodeParams: noParams,
        resultSchema: s.LoadVmsWireSchema,
        normalize: s.normalizeLoadVms,
    }),

    /** Writes mutex statistics to `lock.profile` in the node's profile directory. */
    'admin.lockProfile': adminAction(
        'admin.lockProfile',
        'Write mutex statistics to lock.profile on the node',
    ),

    /** Writes a heap profile to `mem.profile` in the node's profile directory. */
    'admin.memoryProfile': adminAction(
        'admin.memoryProfile',
        'Write a memory profile to mem.profile on the node',
    ),

    /** Starts CPU profiling; stop it with admin.stopCPUProfiler. */
    'admin.startCPUProfiler': adminAction(
        'admin.startCPUProfiler',
        'Start CPU profiling on the node',
    ),

    /** Stops CPU profiling and writes `cpu.profile`. */
    'admin.stopCPUProfiler': adminAction(
        'admin.stopCPUProfiler',
        'Stop CPU profiling and write cpu.profile on the node',
    ),

    // ----- info (/ext/info) -----

    /** Peer stake's support for, objection to and abstention from each community proposal (ACP). */
    'info.acps': define({
        name: 'info.acps',
        endpoint: 'info',
        description: 'Stake-weighted peer preferences on Avalanche Community Proposals (ACPs)',
        params: [],
        whyMissing: olderNode,
        encodeParams: noParams,
        resultSchema: s.AcpsWireSchema,
        normalize: s.normalizeAcps,
    }),

    /** Whether a chain has finished bootstrapping on this node. */
    'info.isBootstrapped': define({
        name: 'info.isBootstrapped',
        endpoint: 'info',
        description: 'Whether a chain has finished bootstrapping on this node',
        params: [
            {
                name: 'chain',
                kind: 'chain',
                optional: false,
                description: 'Blockchain id or alias (for example X, P, C)',
            },
        ],
        whyMissing: olderNode,
        encodeParams(params: { chain: string }) {
            return { chain: checkChain(checkParamsObject(params)['chain']) };
        },
        resultSchema: s.IsBootstrappedWireSchema,
        normalize: s.normalizeIsBootstrapped,
    }),

    /** The blockchain id behind an alias. */
    'info.getBlockchainID': define({
        name: 'info.getBlockchainID',
        endpoint: 'info',
        description: 'Look up the blockchain id behind an alias',
        params: [
            {
                name: 'alias',
                kind: 'chain',
                optional: false,
                description: 'Chain alias, for example X, P or C',
            },
        ],
        whyMissing: olderNode,
        encodeParams(params: { alias: string }) {
            return { alias: checkChain(checkParamsObject(params)['alias'], 'alias') };
        },
        resultSchema: s.BlockchainIdWireSchema,
        normalize: s.normalizeBlockchainId,
    }),

    /** The network id: 1 mainnet, 5 fuji, 12345 local. */
    'info.getNetworkID': define({
        name: 'info.getNetworkID',
        endpoint: 'info',
        description: 'The network id the node runs on (1 mainnet, 5 fuji)',
        params: [],
        whyMissing: olderNode,
        encodeParams: noParams,
        resultSchema: s.NetworkIdWireSchema,
        normalize: s.normalizeNetworkId,
    }),

    /** The network name: mainnet, fuji, local or network-<id>. */
    'info.getNetworkName': define({
        name: 'info.getNetworkName',
        endpoint: 'info',
        description: 'The name of the network the node runs on',
        params: [],
        whyMissing: olderNode,
        encodeParams: noParams,
        resultSchema: s.NetworkNameWireSchema,
        normalize: s.normalizeNetworkName,
    }),

    /** This node's id and BLS proof of possession. Not on public servers. */
    'info.getNodeID': define({
        name: 'info.getNodeID',
        endpoint: 'info',
        description: "The node's id and BLS key with proof of possession",
        params: [],
        publicServer: false,
        whyMissing: 'public API servers do not offer it',
        encodeParams: noParams,
        resultSchema: s.NodeIdWireSchema,
        normalize: s.normalizeNodeId,
    }),

    /** This node's public staking address (`host:port`). Not on public servers. */
    'info.getNodeIP': define({
        name: 'info.getNodeIP',
        endpoint: 'info',
        description: "The node's public IP address and staking port",
        params: [],
        publicServer: false,
        whyMissing: 'public API servers do not offer it',
        encodeParams: noParams,
        resultSchema: s.NodeIpWireSchema,
        normalize: s.normalizeNodeIp,
    }),

    /** Node, database, RPC protocol and VM versions. */
    'info.getNodeVersion': define({
        name: 'info.getNodeVersion',
        endpoint: 'info',
        description: 'Node, database, RPC protocol and VM versions',
        params: [],
        whyMissing: olderNode,
        encodeParams: noParams,
        resultSchema: s.NodeVersionWireSchema,
        normalize: s.normalizeNodeVersion,
    }),

    /** Transaction fees in nAVAX. Deprecated since AvalancheGo 1.12.2. */
    'info.getTxFee': define({
        name: 'info.getTxFee',
        endpoint: 'info',
        description: 'Transaction fees in nAVAX (deprecated)',
        params: [],
        deprecated:
            'Deprecated since AvalancheGo 1.12.2: only txFee and createAssetTxFee are still used',
        whyMissing: 'it is deprecated since AvalancheGo 1.12.2 and newer nodes may drop it',
        encodeParams: noParams,
        resultSchema: s.TxFeeWireSchema,
        normalize: s.normalizeTxFee,
    }),

    /** The VMs (and feature extensions) installed on this node. Not on public servers. */
    'info.getVMs': define({
        name: 'info.getVMs',
        endpoint: 'info',
        description: 'The VMs and feature extensions installed on the node',
        params: [],
        publicServer: false,
        whyMissing: 'public API servers do not offer it',
        encodeParams: noParams,
        resultSchema: s.VmsWireSchema,
        normalize: s.normalizeVms,
    }),

    /** The node's connected peers, or the given ones among them. */
    'info.peers': define({
        name: 'info.peers',
        endpoint: 'info',
        description: "The node's connected peers",
        params: [nodeIdsSpec],
        whyMissing: olderNode,
        encodeParams: nodeIdsParams,
        resultSchema: s.PeersWireSchema,
        normalize: s.normalizePeers,
    }),

    /** How much stake sees this node up (rewarding and weighted-average percentages). */
    'info.uptime': define({
        name: 'info.uptime',
        endpoint: 'info',
        description: "The node's uptime as the stake of the network observes it",
        params: [
            {
                name: 'subnetID',
                kind: 'cb58Id',
                optional: true,
                description: 'Subnet id (older nodes only); the primary network when empty',
            },
        ],
        whyMissing: olderNode,
        encodeParams(params: { subnetID?: string }) {
            const subnetID = checkParamsObject(params)['subnetID'];
            return compact({
                subnetID: subnetID === undefined ? undefined : checkCb58Id(subnetID, 'subnetID'),
            });
        },
        resultSchema: s.UptimeWireSchema,
        normalize: s.normalizeUptime,
    }),

    /** Activation times of every network upgrade the node knows. */
    'info.upgrades': define({
        name: 'info.upgrades',
        endpoint: 'info',
        description: 'Activation times of the network upgrades',
        params: [],
        whyMissing: olderNode,
        encodeParams: noParams,
        resultSchema: s.UpgradesWireSchema,
        normalize: s.normalizeUpgrades,
    }),

    // ----- health (/ext/health): the node's own checks; json2, no batches -----

    /** Every health check of the node (or of the tagged subnets), and whether all pass. */
    'health.health': define({
        name: 'health.health',
        endpoint: 'health',
        description:
            "The node's health checks, each with its message and failures, and whether all pass",
        params: [healthTagsSpec],
        whyMissing: healthMissing,
        encodeParams: healthParams,
        resultSchema: h.HealthReplyWireSchema,
        normalize: h.normalizeHealthReply,
    }),

    /** The checks that say whether the node has finished starting (bootstrapping included). */
    'health.readiness': define({
        name: 'health.readiness',
        endpoint: 'health',
        description: 'Whether the node has finished initialising: its readiness checks',
        params: [healthTagsSpec],
        whyMissing: healthMissing,
        encodeParams: healthParams,
        resultSchema: h.HealthReplyWireSchema,
        normalize: h.normalizeHealthReply,
    }),

    /** The checks that say whether the node needs a restart. */
    'health.liveness': define({
        name: 'health.liveness',
        endpoint: 'health',
        description: 'Whether the node needs a restart: its liveness checks',
        params: [healthTagsSpec],
        whyMissing: healthMissing,
        encodeParams: healthParams,
        resultSchema: h.HealthReplyWireSchema,
        normalize: h.normalizeHealthReply,
    }),

    // ----- P-Chain (/ext/bc/P) -----

    /** The height of the last accepted P-Chain block. */
    'platform.getHeight': define({
        name: 'platform.getHeight',
        endpoint: 'platform',
        description: 'The height of the last accepted P-Chain block',
        params: [],
        whyMissing: pMissing,
        encodeParams: noParams,
        resultSchema: p.HeightWireSchema,
        normalize: p.normalizeHeight,
    }),

    /** Subnets with their control keys: all of them, or the given ids. Deprecated upstream. */
    'platform.getSubnets': define({
        name: 'platform.getSubnets',
        endpoint: 'platform',
        description: 'Subnets and their control keys (all, or the given ids)',
        params: [
            {
                name: 'ids',
                kind: 'cb58Ids',
                optional: true,
                description: 'Subnet ids (cb58) to restrict the answer to; all when empty',
            },
        ],
        deprecated:
            'Deprecated upstream (AvalancheGo logs "deprecated API called"): platform.getSubnet reads one subnet',
        whyMissing: pMissing,
        encodeParams(params: { ids?: string[] }) {
            const object = checkParamsObject(params);
            return compact({ ids: checkCb58Ids(object['ids'], 'ids') });
        },
        resultSchema: p.SubnetsWireSchema,
        normalize: p.normalizeSubnets,
    }),

    /** A subnet's owner, and whether it is elastic or an L1 (conversion id, manager). */
    'platform.getSubnet': define({
        name: 'platform.getSubnet',
        endpoint: 'platform',
        description: "A subnet's owner and its L1 conversion, if any",
        params: [subnetIdSpec('Subnet id (cb58); the primary network is not a subnet here')],
        whyMissing: pMissing,
        encodeParams: idParams('subnetID'),
        resultSchema: p.PlatformSubnetWireSchema,
        normalize: p.normalizeSubnet,
    }),

    /** Every blockchain of every subnet except the P-Chain. Deprecated upstream. */
    'platform.getBlockchains': define({
        name: 'platform.getBlockchains',
        endpoint: 'platform',
        description: 'Every blockchain with its subnet and VM',
        params: [],
        deprecated:
            'Deprecated upstream (AvalancheGo logs "deprecated API called"): platform.validates lists the chains of one subnet',
        whyMissing: pMissing,
        encodeParams: noParams,
        resultSchema: p.BlockchainsWireSchema,
        normalize: p.normalizeBlockchains,
    }),

    /** Whether this node validates, creates, or does not know a blockchain. */
    'platform.getBlockchainStatus': define({
        name: 'platform.getBlockchainStatus',
        endpoint: 'platform',
        description: 'The status of a blockchain on this node (Validating, Created, …)',
        params: [
            {
                name: 'blockchainID',
                kind: 'chain',
                optional: false,
                description: 'Blockchain id or alias',
            },
        ],
        whyMissing: pMissing,
        encodeParams(params: { blockchainID: string }) {
            const object = checkParamsObject(params);
            return { blockchainID: checkChain(object['blockchainID'], 'blockchainID') };
        },
        resultSchema: p.StatusWireSchema,
        normalize: p.normalizeStatus,
    }),

    /** The subnet that validates a blockchain. */
    'platform.validatedBy': define({
        name: 'platform.validatedBy',
        endpoint: 'platform',
        description: 'The subnet that validates a blockchain',
        params: [
            {
                name: 'blockchainID',
                // An id only: the service decodes `ids.ID`, so an alias fails to unmarshal.
                kind: 'cb58Id',
                optional: false,
                description: 'Blockchain id (cb58); no alias',
            },
        ],
        whyMissing: pMissing,
        encodeParams(params: { blockchainID: string }) {
            const object = checkParamsObject(params);
            return { blockchainID: checkBlockchainId(object['blockchainID'], 'blockchainID') };
        },
        resultSchema: p.ValidatedByWireSchema,
        normalize: p.normalizeValidatedBy,
    }),

    /** The blockchains a subnet validates. */
    'platform.validates': define({
        name: 'platform.validates',
        endpoint: 'platform',
        description: 'The blockchains a subnet validates',
        params: [subnetIdSpec('Subnet id (cb58)')],
        whyMissing: pMissing,
        encodeParams: idParams('subnetID'),
        resultSchema: p.ValidatesWireSchema,
        normalize: p.normalizeValidates,
    }),

    /** Current validators of the primary network, a subnet or an L1 (three shapes). */
    'platform.getCurrentValidators': define({
        name: 'platform.getCurrentValidators',
        endpoint: 'platform',
        description: 'Current validators of the primary network, a subnet or an L1',
        params: [
            subnetIdSpec('Subnet or L1 id (cb58); the primary network when empty', true),
            nodeIdsSpec,
        ],
        whyMissing: pMissing,
        encodeParams(params: { subnetID?: string; nodeIDs?: string[] }) {
            const object = checkParamsObject(params);
            const subnetID = object['subnetID'];
            return compact({
                subnetID: subnetID === undefined ? undefined : checkCb58Id(subnetID, 'subnetID'),
                nodeIDs: checkNodeIds(object['nodeIDs']),
            });
        },
        resultSchema: p.PlatformValidatorsWireSchema,
        normalize: p.normalizePlatformValidators,
    }),

    /** One L1 validator by its validation id. */
    'platform.getL1Validator': define({
        name: 'platform.getL1Validator',
        endpoint: 'platform',
        description: 'An L1 validator by its validation id',
        params: [
            {
                name: 'validationID',
                kind: 'cb58Id',
                optional: false,
                description: 'Validation id (cb58)',
            },
        ],
        whyMissing: `${pMissing} (L1 validators exist since Etna, AvalancheGo 1.12)`,
        encodeParams: idParams('validationID'),
        resultSchema: p.L1ValidatorWireSchema,
        normalize: p.normalizeL1Validator,
    }),

    /**
     * The validators of a subnet (the primary network when none is named) at a P-Chain height,
     * with their BLS keys: the set a Warp signature's signer bits index.
     */
    'platform.getValidatorsAt': define({
        name: 'platform.getValidatorsAt',
        endpoint: 'platform',
        description: 'Validators of a subnet or L1 at a P-Chain height, with their BLS keys',
        params: [
            {
                name: 'height',
                kind: 'heightOrProposed',
                optional: false,
                description:
                    'P-Chain height (a whole number), or "proposed" for the node’s proposer height',
            },
            subnetIdSpec('Subnet or L1 id (cb58); the primary network when empty', true),
        ],
        whyMissing: pMissing,
        encodeParams(params: { height: string | number | bigint; subnetID?: string }) {
            const object = checkParamsObject(params);
            const subnetID = object['subnetID'];
            return compact({
                height: checkValidatorsHeight(object['height']),
                subnetID: subnetID === undefined ? undefined : checkCb58Id(subnetID, 'subnetID'),
            });
        },
        resultSchema: p.ValidatorsAtWireSchema,
        normalize: p.normalizeValidatorsAt,
    }),

    /** A P-Chain transaction in JSON, with its inferred type and what views need of it. */
    'platform.getTx': define({
        name: 'platform.getTx',
        endpoint: 'platform',
        description: 'A P-Chain transaction by id',
        params: [txIdSpec],
        whyMissing: pMissing,
        encodeParams: txParams,
        resultSchema: p.PrimaryTxWireSchema,
        normalize: p.normalizePrimaryTx,
    }),

    /** Whether a P-Chain transaction was committed, aborted, dropped or is unknown. */
    'platform.getTxStatus': define({
        name: 'platform.getTxStatus',
        endpoint: 'platform',
        description: 'The status of a P-Chain transaction',
        params: [txIdSpec],
        whyMissing: pMissing,
        encodeParams: idParams('txID'),
        resultSchema: p.StatusWireSchema,
        normalize: p.normalizeStatus,
    }),

    /** Balances of P-Chain addresses (unlocked, stake-locked, …). Deprecated upstream. */
    'platform.getBalance': define({
        name: 'platform.getBalance',
        endpoint: 'platform',
        description: 'P-Chain balances of addresses, unlocked and locked',
        params: [
            {
                name: 'addresses',
                kind: 'pAddresses',
                optional: false,
                description: 'P-Chain addresses (P-…), separated by commas or spaces',
            },
        ],
        deprecated:
            'Deprecated upstream (AvalancheGo logs "deprecated API called"): platform.getUTXOs gives the same UTXOs',
        whyMissing: pMissing,
        encodeParams(params: { addresses: string[] }) {
            return { addresses: checkChainAddresses(checkParamsObject(params)['addresses'], 'P') };
        },
        resultSchema: p.PlatformBalanceWireSchema,
        normalize: p.normalizePlatformBalance,
    }),

    /** The asset staked on a subnet: AVAX on the primary network. */
    'platform.getStakingAssetID': define({
        name: 'platform.getStakingAssetID',
        endpoint: 'platform',
        description: 'The asset staked on a subnet (AVAX on the primary network)',
        params: [subnetIdSpec('Subnet id (cb58); the primary network when empty', true)],
        whyMissing: pMissing,
        encodeParams: optionalSubnetParams,
        resultSchema: p.StakingAssetIdWireSchema,
        normalize: p.normalizeStakingAssetId,
    }),

    /** An upper bound on the supply of a subnet's staking asset. */
    'platform.getCurrentSupply': define({
        name: 'platform.getCurrentSupply',
        endpoint: 'platform',
        description: 'An upper bound on the supply of the staking asset',
        params: [subnetIdSpec('Subnet id (cb58); the primary network when empty', true)],
        whyMissing: pMissing,
        encodeParams: optionalSubnetParams,
        resultSchema: p.CurrentSupplyWireSchema,
        normalize: p.normalizeCurrentSupply,
    }),

    /** The P-Chain's current time. */
    'platform.getTimestamp': define({
        name: 'platform.getTimestamp',
        endpoint: 'platform',
        description: "The P-Chain's current time",
        params: [],
        whyMissing: pMissing,
        encodeParams: noParams,
        resultSchema: p.TimestampWireSchema,
        normalize: p.normalizeTimestamp,
    }),

    /** A P-Chain block by height, in JSON, with its transactions. */
    'platform.getBlockByHeight': define({
        name: 'platform.getBlockByHeight',
        endpoint: 'platform',
        description: 'A P-Chain block by height',
        params: [heightSpec],
        whyMissing: pMissing,
        encodeParams: heightParams,
        resultSchema: p.PrimaryBlockWireSchema,
        normalize: p.normalizePrimaryBlock,
    }),

    /** The P-Chain's dynamic fee state (ACP-103): gas capacity, excess and price. */
    'platform.getFeeState': define({
        name: 'platform.getFeeState',
        endpoint: 'platform',
        description: "The P-Chain's dynamic fee state: capacity, excess, gas price",
        params: [],
        whyMissing: `${pMissing} (dynamic fees exist since Etna, AvalancheGo 1.12)`,
        encodeParams: noParams,
        resultSchema: p.FeeStateWireSchema,
        normalize: p.normalizeFeeState,
    }),

    /** The L1 validator fee state (ACP-77): excess and the price per second. */
    'platform.getValidatorFeeState': define({
        name: 'platform.getValidatorFeeState',
        endpoint: 'platform',
        description: 'The L1 validator fee state: excess and price per second',
        params: [],
        whyMissing: `${pMissing} (L1 validator fees exist since Etna, AvalancheGo 1.12)`,
        encodeParams: noParams,
        resultSchema: p.ValidatorFeeStateWireSchema,
        normalize: p.normalizeValidatorFeeState,
    }),

    /** How the L1 validator fee moves: capacity, target, minimum price. */
    'platform.getValidatorFeeConfig': define({
        name: 'platform.getValidatorFeeConfig',
        endpoint: 'platform',
        description: 'The L1 validator fee configuration',
        params: [],
        whyMissing: `${pMissing} (L1 validator fees exist since Etna, AvalancheGo 1.12)`,
        encodeParams: noParams,
        resultSchema: p.ValidatorFeeConfigWireSchema,
        normalize: p.normalizeValidatorFeeConfig,
    }),

    /** The minimum validator and delegator stake of a subnet. */
    'platform.getMinStake': define({
        name: 'platform.getMinStake',
        endpoint: 'platform',
        description: 'The minimum validator and delegator stake',
        params: [subnetIdSpec('Subnet id (cb58); the primary network when empty', true)],
        whyMissing: pMissing,
        encodeParams: optionalSubnetParams,
        resultSchema: p.MinStakeWireSchema,
        normalize: p.normalizeMinStake,
    }),

    /** The total weight validating a subnet (stake on the primary network). */
    'platform.getTotalStake': define({
        name: 'platform.getTotalStake',
        endpoint: 'platform',
        description: 'The total stake or weight validating a subnet',
        params: [subnetIdSpec('Subnet id (cb58); the primary network when empty', true)],
        whyMissing: pMissing,
        encodeParams: optionalSubnetParams,
        resultSchema: p.TotalStakeWireSchema,
        normalize: p.normalizeTotalStake,
    }),

    // ----- X-Chain (/ext/bc/X) -----

    /** The height of the last accepted X-Chain block. */
    'avm.getHeight': define({
        name: 'avm.getHeight',
        endpoint: 'avm',
        description: 'The height of the last accepted X-Chain block',
        params: [],
        whyMissing: xMissing,
        encodeParams: noParams,
        resultSchema: p.HeightWireSchema,
        normalize: p.normalizeHeight,
    }),

    /** An X-Chain transaction in JSON, with its inferred type. */
    'avm.getTx': define({
        name: 'avm.getTx',
        endpoint: 'avm',
        description: 'An X-Chain transaction by id',
        params: [txIdSpec],
        whyMissing: xMissing,
        encodeParams: txParams,
        resultSchema: p.PrimaryTxWireSchema,
        normalize: p.normalizePrimaryTx,
    }),

    /** Whether an X-Chain transaction was accepted, is processing or is unknown. */
    'avm.getTxStatus': define({
        name: 'avm.getTxStatus',
        endpoint: 'avm',
        description: 'The status of an X-Chain transaction',
        params: [txIdSpec],
        deprecated:
            'Deprecated upstream (AvalancheGo logs "deprecated API called"): avm.getTx answers for accepted transactions',
        whyMissing: xMissing,
        encodeParams: idParams('txID'),
        resultSchema: p.StatusWireSchema,
        normalize: p.normalizeStatus,
    }),

    /** An X-Chain asset's name, symbol and denomination. */
    'avm.getAssetDescription': define({
        name: 'avm.getAssetDescription',
        endpoint: 'avm',
        description: "An X-Chain asset's name, symbol and denomination",
        params: [
            {
                name: 'assetID',
                kind: 'assetId',
                optional: false,
                description: 'Asset id (cb58) or alias such as AVAX',
            },
        ],
        whyMissing: xMissing,
        encodeParams(params: { assetID: string }) {
            return { assetID: checkAssetId(checkParamsObject(params)['assetID']) };
        },
        resultSchema: p.AssetDescriptionWireSchema,
        normalize: p.normalizeAssetDescription,
    }),

    /** An X-Chain block by height, in JSON, with its transactions. */
    'avm.getBlockByHeight': define({
        name: 'avm.getBlockByHeight',
        endpoint: 'avm',
        description: 'An X-Chain block by height',
        params: [heightSpec],
        whyMissing: `${xMissing} (X-Chain blocks exist since Cortina, AvalancheGo 1.10)`,
        encodeParams: heightParams,
        resultSchema: p.PrimaryBlockWireSchema,
        normalize: p.normalizePrimaryBlock,
    }),

    /** An X-Chain address's balance of one asset. Deprecated upstream. */
    'avm.getBalance': define({
        name: 'avm.getBalance',
        endpoint: 'avm',
        description: "An X-Chain address's balance of one asset",
        params: [
            {
                name: 'address',
                kind: 'xAddress',
                optional: false,
                description: 'X-Chain address (X-…)',
            },
            {
                name: 'assetID',
                kind: 'assetId',
                optional: false,
                description: 'Asset id (cb58) or alias such as AVAX',
            },
        ],
        deprecated:
            'Deprecated upstream (AvalancheGo logs "deprecated API called"): avm.getUTXOs gives the same UTXOs',
        whyMissing: `${xMissing} (deprecated upstream, newer nodes may drop it)`,
        encodeParams(params: { address: string; assetID: string }) {
            const object = checkParamsObject(params);
            return {
                address: checkChainAddress(object['address'], 'X'),
                assetID: checkAssetId(object['assetID']),
            };
        },
        resultSchema: p.XBalanceWireSchema,
        normalize: p.normalizeXBalance,
    }),

    /** Every asset an X-Chain address holds. Deprecated upstream. */
    'avm.getAllBalances': define({
        name: 'avm.getAllBalances',
        endpoint: 'avm',
        description: 'Every asset an X-Chain address holds',
        params: [
            {
                name: 'address',
                kind: 'xAddress',
                optional: false,
                description: 'X-Chain address (X-…)',
            },
        ],
        deprecated:
            'Deprecated upstream (AvalancheGo logs "deprecated API called"): avm.getUTXOs gives the same UTXOs',
        whyMissing: `${xMissing} (deprecated upstream, newer nodes may drop it)`,
        encodeParams(params: { address: string }) {
            return { address: checkChainAddress(checkParamsObject(params)['address'], 'X') };
        },
        resultSchema: p.XAllBalancesWireSchema,
        normalize: p.normalizeXAllBalances,
    }),

    // ----- Subnet-EVM extras (/ext/bc/<chain>/rpc) -----

    /** The chain's fee configuration at a block, and the block of its last change. */
    eth_feeConfig: define({
        name: 'eth_feeConfig',
        endpoint: 'evm',
        description: "The chain's fee configuration and when it last changed (Subnet-EVM)",
        params: [
            {
                name: 'block',
                kind: 'blockOrHash',
                optional: true,
                description: 'Block number, tag or hash; latest when empty',
            },
        ],
        whyMissing: subnetEvmOnly,
        encodeParams(params: [block?: BlockTag]) {
            const [block] = checkParamsArray(params, 1);
            return block === undefined ? [] : [encodeBlockTagOrHash(block)];
        },
        resultSchema: s.FeeConfigResultWireSchema,
        normalize: s.normalizeFeeConfigResult,
    }),

    /** The chain config, including upgrades activated after genesis. */
    eth_getChainConfig: define({
        name: 'eth_getChainConfig',
        endpoint: 'evm',
        description: "The chain's configuration, including upgrades after genesis",
        params: [],
        whyMissing:
            "the chain's eth-apis setting (apis on the C-Chain since Helicon) must include the internal-blockchain namespace",
        encodeParams: noArrayParams,
        resultSchema: s.EvmChainConfigWireSchema,
        normalize: s.normalizeEvmChainConfig,
    }),

    /** Precompile configs active at a time. Deprecated: use eth_getActiveRulesAt. */
    eth_getActivePrecompilesAt: define({
        name: 'eth_getActivePrecompilesAt',
        endpoint: 'evm',
        description: 'Precompile configurations active at a time (deprecated)',
        params: [timestampSpec],
        deprecated: 'Deprecated: use eth_getActiveRulesAt',
        whyMissing: subnetEvmOnly,
        encodeParams: optionalTimestampParams,
        resultSchema: s.ActivePrecompilesWireSchema,
        normalize: s.normalizeActivePrecompiles,
    }),

    /** Ethereum and Avalanche rules and the precompiles in force at a time. */
    eth_getActiveRulesAt: define({
        name: 'eth_getActiveRulesAt',
        endpoint: 'evm',
        description: 'Rules and precompiles in force at a time (Subnet-EVM)',
        params: [timestampSpec],
        whyMissing: subnetEvmOnly,
        encodeParams: optionalTimestampParams,
        resultSchema: s.ActiveRulesWireSchema,
        normalize: s.normalizeActiveRules,
    }),

    // ----- validators (/ext/bc/<chain>/validators) -----

    /** The current validators of the chain's subnet or L1, with uptime as this node sees it. */
    'validators.getCurrentValidators': define({
        name: 'validators.getCurrentValidators',
        endpoint: 'validators',
        description: "Current validators of the chain's subnet or L1, with their uptime",
        params: [nodeIdsSpec],
        whyMissing: 'the validators API exists only on Subnet-EVM chains',
        encodeParams: nodeIdsParams,
        resultSchema: s.CurrentValidatorsWireSchema,
        normalize: s.normalizeCurrentValidators,
    }),

    // ----- standard eth_* (/ext/bc/<chain>/rpc) -----

    /** The EVM chain id (EIP-155), as a number. */
    eth_chainId: define({
        name: 'eth_chainId',
        endpoint: 'evm',
        description: 'The EVM chain id',
        params: [],
        whyMissing: ethMissing,
        encodeParams: noArrayParams,
        resultSchema: s.SmallHexWireSchema,
        normalize: s.normalizeSmallHex,
    }),

    /** The number of the latest accepted block. */
    eth_blockNumber: define({
        name: 'eth_blockNumber',
        endpoint: 'evm',
        description: 'The number of the latest block',
        params: [],
        whyMissing: ethMissing,
        encodeParams: noArrayParams,
        resultSchema: s.SmallHexWireSchema,
        normalize: s.normalizeSmallHex,
    }),

    /** An account's native balance in wei, as a decimal string. */
    eth_getBalance: define({
        name: 'eth_getBalance',
        endpoint: 'evm',
        description: "An account's native balance in wei",
        params: addressAtBlockSpecs('Account address (0x + 40 hex digits)'),
        whyMissing: ethMissing,
        encodeParams: addressAtBlockParams,
        resultSchema: s.HexWireSchema,
        normalize: s.normalizeHexDecimal,
    }),

    /** The bytecode at an address (`0x` for an account without code). */
    eth_getCode: define({
        name: 'eth_getCode',
        endpoint: 'evm',
        description: 'The contract bytecode at an address',
        params: addressAtBlockSpecs('Contract address (0x + 40 hex digits)'),
        whyMissing: ethMissing,
        encodeParams: addressAtBlockParams,
        resultSchema: s.CodeWireSchema,
        normalize: s.normalizeCode,
    }),

    /** How many transactions an account has sent (its next nonce). */
    eth_getTransactionCount: define({
        name: 'eth_getTransactionCount',
        endpoint: 'evm',
        description: 'How many transactions an account has sent (its nonce)',
        params: addressAtBlockSpecs('Account address (0x + 40 hex digits)'),
        whyMissing: ethMissing,
        encodeParams: addressAtBlockParams,
        resultSchema: s.SmallHexWireSchema,
        normalize: s.normalizeSmallHex,
    }),

    /** A transaction by hash, or null when the node does not know it. */
    eth_getTransactionByHash: define({
        name: 'eth_getTransactionByHash',
        endpoint: 'evm',
        description: 'A transaction by its hash',
        params: [txHashSpec],
        whyMissing: ethMissing,
        encodeParams: txHashParams,
        resultSchema: s.MaybeRpcTransactionWireSchema,
        normalize: s.normalizeMaybeRpcTransaction,
    }),

    /** A transaction's receipt, or null when it is unknown or not yet mined. */
    eth_getTransactionReceipt: define({
        name: 'eth_getTransactionReceipt',
        endpoint: 'evm',
        description: "A transaction's receipt: status, gas used, logs",
        params: [txHashSpec],
        whyMissing: ethMissing,
        encodeParams: txHashParams,
        resultSchema: s.MaybeRpcReceiptWireSchema,
        normalize: s.normalizeMaybeRpcReceipt,
    }),

    /** A block by number or tag, with transaction hashes or full transactions. */
    eth_getBlockByNumber: define({
        name: 'eth_getBlockByNumber',
        endpoint: 'evm',
        description: 'A block by number or tag',
        params: [
            {
                name: 'block',
                kind: 'block',
                optional: false,
                description: 'Block number or tag (latest, earliest, …)',
            },
            fullTransactionsSpec,
        ],
        whyMissing: ethMissing,
        encodeParams(params: [block: BlockTag, fullTransactions?: boolean]) {
            const [block, full] = checkParamsArray(params, 2);
            return [encodeBlockTag(block), checkFullTransactions(full)];
        },
        resultSchema: s.MaybeRpcBlockWireSchema,
        normalize: s.normalizeMaybeRpcBlock,
    }),

    /** A block by hash, with transaction hashes or full transactions; null when unknown. */
    eth_getBlockByHash: define({
        name: 'eth_getBlockByHash',
        endpoint: 'evm',
        description: 'A block by its hash',
        params: [
            {
                name: 'hash',
                kind: 'hash',
                optional: false,
                description: 'Block hash (0x + 64 hex digits)',
            },
            fullTransactionsSpec,
        ],
        whyMissing: ethMissing,
        encodeParams(params: [hash: string, fullTransactions?: boolean]) {
            const [hash, full] = checkParamsArray(params, 2);
            return [checkHash(hash), checkFullTransactions(full)];
        },
        resultSchema: s.MaybeRpcBlockWireSchema,
        normalize: s.normalizeMaybeRpcBlock,
    }),
    /**
     * The logs a filter matches over a block range. Only the object form with explicit bounds is
     * encoded (no `blockHash` filter): an unbounded range is what public endpoints refuse.
     */
    eth_getLogs: define({
        name: 'eth_getLogs',
        endpoint: 'evm',
        description: 'The event logs a filter matches in a block range',
        params: [
            {
                name: 'filter',
                kind: 'logFilter',
                optional: false,
                description: 'Filter: { fromBlock, toBlock, address?, topics? }',
            },
        ],
        whyMissing: ethMissing,
        encodeParams(params: [filter: LogFilter]) {
            const [filter] = checkParamsArray(params, 1);
            return [encodeLogFilter(filter)];
        },
        resultSchema: s.RpcFilterLogsWireSchema,
        normalize: s.normalizeRpcFilterLogs,
    }),
} as const;

/** Literal names of every method in the table. */
export type NodeRpcMethodName = keyof typeof nodeRpcMethods;
/** Any entry of the table. */
export type AnyNodeRpcMethod = (typeof nodeRpcMethods)[NodeRpcMethodName];

/** The table's entries in table order (admin, info, P, X, Subnet-EVM, validators, standard eth). */
export function listNodeRpcMethods(): readonly AnyNodeRpcMethod[] {
    return Object.values(nodeRpcMethods);
}

/** Looks a method up by its literal name. */
export function findNodeRpcMethod(name: string): AnyNodeRpcMethod | undefined {
    return Object.prototype.hasOwnProperty.call(nodeRpcMethods, name)
        ? nodeRpcMethods[name as NodeRpcMethodName]
        : undefined;
}

/**
 * Builds a method's params from texts typed into prompts, keyed by `ParamSpec.name`. Empty texts
 * are left out. The result still goes through the method's checks when it is called.
 */
export function paramsFromText<P>(
    method: NodeRpcMethod<string, P>,
    texts: Readonly<Record<string, string | undefined>>,
): P {
    const positional: unknown[] = [];
    const named: Record<string, unknown> = {};
    for (const spec of method.params) {
        const raw = texts[spec.name]?.trim();
        const value = raw === undefined || raw === '' ? undefined : fromText(spec.kind, raw);
        if (method.paramsStyle === 'array') positional.push(value);
        else if (value !== undefined) named[spec.name] = value;
    }
    return (method.paramsStyle === 'array' ? trimTrailing(positional) : named) as P;
}

function fromText(kind: ParamKind, text: string): unknown {
    switch (kind) {
        case 'nodeIds':
        case 'cb58Ids':
        case 'pAddresses':
            return text.split(/[\s,]+/).filter((part) => part.length > 0);
        case 'timestamp':
            return /^\d+$/.test(text) ? Number(text) : text;
        case 'block':
        case 'blockOrHash':
            return /^\d+$/.test(text) ? BigInt(text) : text;
        case 'boolean':
            return text === 'true' ? true : text === 'false' ? false : text;
        case 'logFilter':
            try {
                return JSON.parse(text) as unknown;
            } catch {
                return text;
            }
        default:
            return text;
    }
}
