/**
 * How the palette asks for each parameter of a query: the prompt kinds, the check behind every
 * input box's `validateInput` (so that a bad value is marked while it is typed, before anything
 * is sent), the conversion of typed text to the value a query keeps, and which identifier found
 * under the editor cursor fits which prompt. The closed sets (networks, currencies, sort orders…)
 * are quick picks built from `dataApi/enums.ts`; their items come from here too.
 */
import { bech32 } from '@scure/base';

import { isCb58Id, isNodeId } from '../ids/cb58';
import type { Identifier } from '../identifiers';
import {
    blockchainAliases,
    currencies,
    networks,
    operationTypes,
    primaryNetworkBlockchainIds,
    primaryNetworkTxTypes,
    sortOrders,
    utxoSortBy,
    apiFeatures,
} from '../dataApi/enums';
import {
    isEvmAddress,
    isEvmChainIdOrBlockchainId,
    isEvmHash,
    isRealIsoDate,
} from '../dataApi/validate';
import {
    blockTagNames,
    checkChainAddress,
    logLevels,
    maxAliasLength,
    maxChainAddresses,
} from '../nodeRpc/params';
import type { ParamKind } from '../nodeRpc/methods';
import type { QueryParamValue } from '../../shared/query';
import { decimalUint64Pattern, evmChainIdPattern } from '../ids/evmPatterns';

/** The kinds of the node method table's parameters that are prompt kinds under the same name. */
type SameKind = Exclude<ParamKind, 'text' | 'chain' | 'address' | 'logFilter'>;

/** How one parameter is asked for. Quick-pick kinds offer a closed set; the others an input box. */
export type PromptKind =
    // quick picks
    | 'network'
    | 'evmChain'
    | 'metricsChain'
    | 'blockchain'
    | 'xChain'
    | 'currency'
    | 'sortOrder'
    | 'utxoSortBy'
    | 'txTypes'
    | 'feature'
    | 'exportType'
    | 'exportChains'
    | 'nodeChain'
    | 'rpcPath'
    // input boxes
    | 'evmAddress'
    | 'evmAddresses'
    | 'evmTxHash'
    | 'blockId'
    | 'pnTxId'
    | 'nodeId'
    | 'pnAddresses'
    | 'blockNumber'
    | 'amount'
    | 'integer'
    | 'date'
    | 'operationId'
    | 'text'
    | 'alias'
    | 'rpcMethod'
    | 'json'
    // the node method table's kinds asked for as they are (see `nodePromptKind`): boolean and
    // logLevel are quick picks, the others input boxes
    | SameKind;

/** One parameter prompt of a query command. */
export interface ParamPrompt {
    /** The parameter name (OpenAPI name, node param name, or `chain` for a node endpoint). */
    readonly name: string;
    readonly kind: PromptKind;
    /** Shown as the prompt's title. */
    readonly label: string;
    readonly optional: boolean;
    /** A longer hint under the input. */
    readonly hint?: string | undefined;
}

/** What some checks depend on. */
export interface PromptContext {
    /** The network the query runs on: bech32 addresses must carry its prefix. */
    readonly network?: string | undefined;
    /** "Now" for relative times ("7d"); injectable for tests. */
    readonly nowMs?: number | undefined;
}

/** Kinds answered by a quick pick (single or multiple choice). */
export const pickKinds: ReadonlySet<PromptKind> = new Set<PromptKind>([
    'network',
    'evmChain',
    'metricsChain',
    'blockchain',
    'xChain',
    'currency',
    'sortOrder',
    'utxoSortBy',
    'txTypes',
    'boolean',
    'feature',
    'exportType',
    'exportChains',
    'logLevel',
    'nodeChain',
    'rpcPath',
]);

/** Pick kinds where typing a value of one's own is allowed (after the listed choices). */
export const openPickKinds: ReadonlySet<PromptKind> = new Set<PromptKind>([
    'evmChain',
    'metricsChain',
    'nodeChain',
    'rpcPath',
]);

const digits = /^(?:0|[1-9][0-9]*)$/;
const hexQuantity = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const aliasLike = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const cb58Like = /^[1-9A-HJ-NP-Za-km-z]{40,}$/;
const methodName = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)?$/;
const operationIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
const maxInt64 = 2n ** 63n - 1n;

/** Splits a comma or whitespace separated list; blanks are dropped. */
function splitList(text: string): string[] {
    return text
        .split(/[\s,]+/)
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
}

function hrpFor(network: string | undefined): string[] {
    if (network === 'mainnet') return ['avax'];
    if (network === 'fuji' || network === 'testnet') return ['fuji'];
    return ['avax', 'fuji'];
}

/** True for a primary-network bech32 address (optional `P-`/`X-`/`C-`) with one of `hrps`. */
export function isPrimaryNetworkAddress(text: string, hrps: readonly string[]): boolean {
    if (text.length > 120) return false;
    const body = /^[PXC]-/.test(text) ? text.slice(2) : text;
    try {
        const decoded = bech32.decode(body as `${string}1${string}`, 120);
        return hrps.includes(decoded.prefix) && bech32.fromWords(decoded.words).length === 20;
    } catch {
        return false;
    }
}

/** True for a P- or X-Chain address of any network (`checkChainAddress` says why not). */
function isChainAddress(text: string, chain: 'P' | 'X'): boolean {
    try {
        checkChainAddress(text, chain);
        return true;
    } catch {
        return false;
    }
}

function isBlockTag(text: string): boolean {
    if ((blockTagNames as readonly string[]).includes(text)) return true;
    if (digits.test(text)) return BigInt(text) <= maxInt64;
    return hexQuantity.test(text) && BigInt(text) <= maxInt64;
}

/** A chain id or alias as node endpoints take it (same rule as the node client's `checkChain`). */
export function isNodeChain(text: string): boolean {
    if (text.length === 0 || text.length > maxAliasLength) return false;
    if (cb58Like.test(text)) return isCb58Id(text);
    return aliasLike.test(text);
}

/**
 * The message an input box shows for `text`, or undefined when it is acceptable. An empty text is
 * acceptable only for optional prompts (the parameter is then left out).
 */
export function checkPromptText(
    prompt: Pick<ParamPrompt, 'kind' | 'optional'>,
    rawText: string,
    context: PromptContext = {},
): string | undefined {
    const text = rawText.trim();
    if (text === '') return prompt.optional ? undefined : 'A value is required.';
    switch (prompt.kind) {
        case 'evmAddress':
            return isEvmAddress(text) ? undefined : 'An EVM address: 0x followed by 40 hex digits.';
        case 'evmAddresses': {
            const bad = splitList(text).find((item) => !isEvmAddress(item));
            return bad === undefined
                ? undefined
                : `"${shorten(bad)}" is not an EVM address (0x followed by 40 hex digits).`;
        }
        case 'evmTxHash':
        case 'hash':
            return isEvmHash(text) ? undefined : 'A hash: 0x followed by 64 hex digits.';
        case 'blockId':
            return digits.test(text) || isEvmHash(text)
                ? undefined
                : 'A block number (digits) or a block hash (0x followed by 64 hex digits).';
        case 'pnTxId':
            return isCb58Id(text)
                ? undefined
                : 'A P-Chain or X-Chain transaction id: cb58 text of 32 bytes with a valid checksum.';
        case 'cb58Id':
            return isCb58Id(text)
                ? undefined
                : 'A cb58 id: base58 text of 32 bytes with a valid checksum (about 50 characters).';
        case 'nodeId':
            return isNodeId(text) ? undefined : 'A node id: NodeID- followed by cb58 text.';
        case 'nodeIds': {
            const bad = splitList(text).find((item) => !isNodeId(item));
            return bad === undefined ? undefined : `"${shorten(bad)}" is not a node id (NodeID-…).`;
        }
        case 'pnAddresses': {
            const hrps = hrpFor(context.network);
            const bad = splitList(text).find((item) => !isPrimaryNetworkAddress(item, hrps));
            return bad === undefined
                ? undefined
                : `"${shorten(bad)}" is not a primary-network address of ${context.network ?? 'mainnet or fuji'} (P-${hrps[0]}1…, with a valid checksum).`;
        }
        case 'cb58Ids': {
            const bad = splitList(text).find((item) => !isCb58Id(item));
            return bad === undefined
                ? undefined
                : `"${shorten(bad)}" is not a cb58 id (32 bytes with a valid checksum).`;
        }
        case 'pAddresses': {
            const items = splitList(text);
            const bad = items.find((item) => !isChainAddress(item, 'P'));
            if (items.length > maxChainAddresses) {
                return `At most ${maxChainAddresses} addresses.`;
            }
            return bad === undefined
                ? undefined
                : `"${shorten(bad)}" is not a P-Chain address (P-…1…, bech32 with a valid checksum).`;
        }
        case 'xAddress':
            return isChainAddress(text, 'X')
                ? undefined
                : 'An X-Chain address: X-…1…, bech32 with a valid checksum.';
        case 'height':
            return decimalUint64Pattern.test(text) && BigInt(text) < 2n ** 64n
                ? undefined
                : 'A block height: a whole number of digits below 2^64.';
        case 'heightOrProposed':
            return text === 'proposed' ||
                (decimalUint64Pattern.test(text) && BigInt(text) < 2n ** 64n - 1n)
                ? undefined
                : 'A P-Chain height (a whole number of digits below 2^64 − 1), or proposed.';
        case 'assetId':
            return isCb58Id(text) ||
                (!cb58Like.test(text) && /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(text))
                ? undefined
                : 'An asset id (cb58 with a valid checksum) or an alias such as AVAX.';
        case 'blockNumber':
        case 'amount':
            return digits.test(text) && text.length <= 78
                ? undefined
                : 'A whole number of digits (no sign, no decimal point).';
        case 'timestamp':
            return parseTimeInput(text, context.nowMs) !== undefined ? undefined : timeInputHelp;
        case 'integer':
            return digits.test(text) && Number.isSafeInteger(Number(text))
                ? undefined
                : 'A whole number >= 0.';
        case 'date':
            return isRealIsoDate(text) ? undefined : 'A date written YYYY-MM-DD.';
        case 'operationId':
            return operationIdPattern.test(text)
                ? undefined
                : 'An operation id as returned when the export was created.';
        case 'evmChain':
            return isEvmChainIdOrBlockchainId(text)
                ? undefined
                : 'An EVM chain id (digits, such as 43114) or a cb58 blockchain id.';
        case 'metricsChain':
            return evmChainIdPattern.test(text)
                ? undefined
                : 'An EVM chain id in digits, such as 43114.';
        case 'nodeChain':
            return isNodeChain(text)
                ? undefined
                : 'A blockchain id (cb58) or an alias such as C, X or P.';
        case 'text':
            return text.length <= 10_000 ? undefined : 'At most 10,000 characters.';
        case 'alias':
            // The node counts bytes, as the method table's check does.
            return new TextEncoder().encode(text).length <= maxAliasLength
                ? undefined
                : `An alias of at most ${maxAliasLength} bytes in UTF-8.`;
        case 'block':
            return isBlockTag(text)
                ? undefined
                : `A block number, a hex number such as 0x1a, or ${blockTagNames.join(', ')}.`;
        case 'blockOrHash':
            return isBlockTag(text) || isEvmHash(text)
                ? undefined
                : 'A block number, tag (latest…) or block hash (0x + 64 hex digits).';
        case 'rpcPath':
            return /^\/ext\/[A-Za-z0-9._~\-/]+$/.test(text) && !text.includes('..')
                ? undefined
                : 'An endpoint path on the node, such as /ext/info or /ext/bc/C/rpc.';
        case 'rpcMethod':
            return methodName.test(text) && text.length <= 100
                ? undefined
                : 'A JSON-RPC method name such as info.getNodeVersion or eth_blockNumber.';
        case 'json':
            return checkJsonParams(text);
        default:
            // Pick kinds: the value comes from the list (or a typed one checked above).
            return undefined;
    }
}

function checkJsonParams(text: string): string | undefined {
    if (text.length > 64 * 1024) return 'At most 64 KiB of JSON.';
    try {
        const value: unknown = JSON.parse(text);
        if (typeof value === 'object' && value !== null) return undefined;
    } catch (error) {
        return `Not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
    return 'Params are a JSON object ({…}) or array ([…]).';
}

function shorten(text: string): string {
    return text.length > 24 ? `${text.slice(0, 12)}…${text.slice(-6)}` : text;
}

const timeInputHelp =
    'Unix seconds, a date (2024-11-24), a date and time (2024-11-24T13:00, UTC unless it ends with an offset such as +01:00), or a span back from now (7d, 12h, 30m, yesterday, today, now).';

const spanUnits: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/**
 * A point in time as people write it, in Unix seconds: seconds as they are, an ISO date (midnight
 * UTC) or date-time, or a span back from `nowMs`. Undefined when it is none of these. Dates must
 * exist (2024-02-30 is refused), and nothing before 1970 or past 9999 is taken.
 */
export function parseTimeInput(rawText: string, nowMs: number = Date.now()): number | undefined {
    const text = rawText.trim().toLowerCase();
    const now = Math.floor(nowMs / 1000);
    const midnight = now - (now % 86_400);
    if (digits.test(text)) {
        const seconds = Number(text);
        return Number.isSafeInteger(seconds) && seconds <= 253_402_300_799 ? seconds : undefined;
    }
    if (text === 'now') return now;
    if (text === 'today') return midnight;
    if (text === 'yesterday') return midnight - 86_400;
    const span = /^-?(\d{1,9})\s*([smhdw])(?:\s+ago)?$/.exec(text);
    if (span) {
        const seconds = now - Number(span[1]) * spanUnits[span[2]!]!;
        return seconds >= 0 ? seconds : undefined;
    }
    const date =
        /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2})(?::(\d{2}))?(z|[+-]\d{2}:?\d{2})?)?$/.exec(
            text,
        );
    if (!date) return undefined;
    const [, y, mo, d, h = '00', mi = '00', sec = '00', zone = 'z'] = date;
    if (
        !isRealIsoDate(`${y}-${mo}-${d}`) ||
        Number(h) > 23 ||
        Number(mi) > 59 ||
        Number(sec) > 59
    ) {
        return undefined;
    }
    const offset =
        zone === 'z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${sec}${offset}`);
    return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms / 1000) : undefined;
}

/** What a time input becomes, for the input box while typing: `1732406400 (2024-11-24 00:00:00 UTC)`. */
export function describeTimeInput(text: string, nowMs: number = Date.now()): string | undefined {
    const seconds = parseTimeInput(text, nowMs);
    if (seconds === undefined) return undefined;
    return `= ${seconds} Unix seconds (${new Date(seconds * 1000).toISOString().replace('T', ' ').replace('.000Z', ' UTC')})`;
}

/**
 * The value a query keeps for a checked text: lists become arrays, times and heights numbers,
 * block numbers and amounts stay digit strings (they can exceed 2^53). Empty text gives undefined.
 */
export function parsePromptText(
    kind: PromptKind,
    rawText: string,
    nowMs: number = Date.now(),
): QueryParamValue | undefined {
    const text = rawText.trim();
    if (text === '') return undefined;
    switch (kind) {
        case 'evmAddresses':
        case 'pnAddresses':
        case 'pAddresses':
        case 'cb58Ids':
        case 'nodeIds':
            return splitList(text);
        case 'timestamp':
            return parseTimeInput(text, nowMs) ?? Number(text);
        case 'integer':
            return Number(text);
        case 'boolean':
            return text === 'true';
        default:
            return text;
    }
}

/** A quick-pick choice. */
export interface PromptChoice {
    readonly value: string;
    readonly label: string;
    readonly description?: string | undefined;
}

/** The closed set of a pick kind that does not depend on data (chains come from the API). */
export function staticChoices(kind: PromptKind, context: PromptContext = {}): PromptChoice[] {
    const x =
        context.network === 'mainnet'
            ? [primaryNetworkBlockchainIds.xChainMainnet]
            : context.network === undefined
              ? [primaryNetworkBlockchainIds.xChainMainnet, primaryNetworkBlockchainIds.xChainFuji]
              : [primaryNetworkBlockchainIds.xChainFuji];
    const c =
        context.network === 'mainnet'
            ? [primaryNetworkBlockchainIds.cChainMainnet]
            : context.network === undefined
              ? [primaryNetworkBlockchainIds.cChainMainnet, primaryNetworkBlockchainIds.cChainFuji]
              : [primaryNetworkBlockchainIds.cChainFuji];
    switch (kind) {
        case 'network':
            return networks.map((n) => ({
                value: n,
                label: n,
                description: n === 'testnet' ? 'the same network as fuji' : undefined,
            }));
        case 'blockchain':
        case 'exportChains':
            return [
                ...blockchainAliases.map((a) => ({ value: a, label: a, description: 'alias' })),
                {
                    value: primaryNetworkBlockchainIds.pChain,
                    label: 'P-Chain id',
                    description: primaryNetworkBlockchainIds.pChain,
                },
                ...x.map((id) => ({ value: id, label: 'X-Chain id', description: id })),
                ...c.map((id) => ({ value: id, label: 'C-Chain id', description: id })),
            ];
        case 'xChain':
            return [
                { value: 'x-chain', label: 'x-chain', description: 'alias' },
                ...x.map((id) => ({ value: id, label: 'X-Chain id', description: id })),
            ];
        case 'currency':
            return currencies.map((c2) => ({ value: c2, label: c2.toUpperCase() }));
        case 'sortOrder':
            return sortOrders.map((s) => ({
                value: s,
                label: s,
                description: s === 'asc' ? 'oldest first' : 'newest first',
            }));
        case 'utxoSortBy':
            return utxoSortBy.map((s) => ({ value: s, label: s }));
        case 'txTypes':
            return primaryNetworkTxTypes.map((t) => ({ value: t, label: t }));
        case 'boolean':
            return [
                { value: 'true', label: 'true' },
                { value: 'false', label: 'false' },
            ];
        case 'feature':
            return apiFeatures.map((f) => ({ value: f, label: f }));
        case 'exportType':
            return operationTypes.map((t) => ({
                value: t,
                label: t,
                description:
                    t === 'TRANSACTION_EXPORT_EVM'
                        ? 'EVM addresses on EVM chains'
                        : 'primary-network addresses on P-, X- and C-Chain',
            }));
        case 'logLevel':
            return logLevels.map((l) => ({ value: l, label: l }));
        case 'nodeChain':
            return [
                { value: 'C', label: 'C', description: 'C-Chain' },
                { value: 'X', label: 'X', description: 'X-Chain' },
                { value: 'P', label: 'P', description: 'P-Chain' },
            ];
        case 'rpcPath':
            return [
                { value: '/ext/info', label: '/ext/info', description: 'info.*' },
                { value: '/ext/admin', label: '/ext/admin', description: 'admin.*' },
                { value: '/ext/health', label: '/ext/health', description: 'health.*' },
                { value: '/ext/bc/C/rpc', label: '/ext/bc/C/rpc', description: 'C-Chain eth_*' },
                { value: '/ext/bc/P', label: '/ext/bc/P', description: 'platform.*' },
                { value: '/ext/bc/X', label: '/ext/bc/X', description: 'avm.*' },
            ];
        default:
            return [];
    }
}

/** The prompt kind of a node method parameter (`ParamSpec.kind` of the method table). */
export function nodePromptKind(kind: ParamKind, name: string): PromptKind {
    switch (kind) {
        case 'text':
            return name === 'alias' ? 'alias' : 'text';
        case 'chain':
            return 'nodeChain';
        case 'address':
            return 'evmAddress';
        case 'logFilter':
            return 'text';
        default:
            return kind;
    }
}

/**
 * The text an identifier found in the editor gives a prompt, or undefined when it does not fit:
 * an EVM address fills address prompts, a 0x hash fills hash and block prompts, a cb58 id fills
 * id prompts, a bech32 address fills primary-network address prompts, a node id node-id prompts.
 * Broken identifiers (bad checksum) never fill anything.
 */
export function identifierFits(
    kind: PromptKind,
    id: Identifier,
    context: PromptContext = {},
): string | undefined {
    if (id.broken) return undefined;
    const text = id.text;
    const fits = (() => {
        switch (id.kind) {
            case 'evmAddress':
                return kind === 'evmAddress' || kind === 'evmAddresses';
            case 'hash32':
                return ['evmTxHash', 'hash', 'blockId', 'blockOrHash'].includes(kind);
            case 'cb58Id':
                return ['pnTxId', 'cb58Id', 'cb58Ids', 'assetId', 'nodeChain', 'evmChain'].includes(
                    kind,
                );
            case 'pnAddress':
                return (
                    (kind === 'pnAddresses' &&
                        isPrimaryNetworkAddress(text, hrpFor(context.network))) ||
                    (kind === 'pAddresses' && isChainAddress(text, 'P')) ||
                    (kind === 'xAddress' && isChainAddress(text, 'X'))
                );
            case 'nodeId':
                return kind === 'nodeId' || kind === 'nodeIds';
        }
    })();
    return fits ? text : undefined;
}
