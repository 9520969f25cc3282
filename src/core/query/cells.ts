/**
 * Cell constructors for the panel view models, and the link each kind of id opens. Amounts keep
 * their exact smallest-unit integer as the raw value and are shown with their decimals and unit
 * (`format.ts`, bigint arithmetic); ids are shown shortened with the full value as raw. A link is
 * a query (`shared/query.ts`) built only from a well-formed id, so chain data never decides what a
 * link does beyond filling a checked parameter.
 */
import { isCb58Id, isNodeId } from '../ids/cb58';
import { isEvmAddress, isEvmHash } from '../dataApi/validate';
import { displayLocale, formatAmount, formatInteger, formatNumber, shortenId } from '../format';
import { asText, inertLine } from '../text/inert';
import { dataApiQuery as dataApi, type NodeQuery, type QueryRequest } from '../../shared/query';
import type { Cell, Field, Tone } from '../../shared/viewModel';
import { isPrimaryNetworkAddress } from './prompts';
import { evmChainIdPattern } from '../ids/evmPatterns';

/**
 * Most characters of one value a panel shows: far more than a cell needs (a contract's code is
 * about 50,000 hex digits), but bounded, so that a hostile answer cannot make every copy of it
 * in the view model, the message to the page and the page itself as large as itself.
 */
const maxCellChars = 200_000;

/**
 * Text from the data, made inert for display: one line, no control characters, bidi and
 * invisible ones shown, cut to `max` characters (`text/inert.ts`, the rule every surface shares).
 */
export function cleanText(value: unknown, max = maxCellChars): string {
    return inertLine(value, max);
}

const inert = (text: string): string => inertLine(text, maxCellChars);

export function text(value: unknown): Cell {
    const clean = cleanText(value);
    return clean === '' ? empty : { k: 'text', text: clean };
}

export const empty: Cell = { k: 'empty' };

/** A whole number (or digit string) with thousands separators. */
export function num(value: number | string | bigint | undefined | null): Cell {
    if (value === undefined || value === null || value === '') return empty;
    const raw = String(value);
    // formatInteger hands back text that is no number as it came: it may be anything.
    return { k: 'num', text: inert(formatInteger(raw)), raw };
}

/** A decimal number as sent (gas prices, percentages). */
export function decimal(value: number | undefined | null, suffix = ''): Cell {
    if (value === undefined || value === null || !Number.isFinite(value)) return empty;
    return {
        k: 'num',
        text: `${formatNumber(value, 4)}${suffix}`,
        raw: String(value),
    };
}

/** A token amount in its smallest unit, shown with its decimals and symbol. */
export function amount(
    raw: string | number | bigint | undefined | null,
    decimals: number | undefined,
    symbol?: string,
): Cell {
    if (raw === undefined || raw === null || raw === '') return empty;
    const rawText = String(raw);
    const unit = symbol ? cleanText(symbol).slice(0, 24) : undefined;
    if (decimals === undefined || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
        return {
            k: 'amount',
            text: `${inert(formatInteger(rawText))}${unit ? ` ${unit}` : ''}`,
            raw: rawText,
        };
    }
    return { k: 'amount', text: inert(formatAmount(rawText, decimals, unit)), raw: rawText };
}

let moneyFormats: Map<string, { format: Intl.NumberFormat; currency: boolean }> | undefined;

/** A value in a fiat currency (`Money { currencyCode, value }`). */
export function money(value: { currencyCode?: unknown; value?: unknown } | undefined | null): Cell {
    if (!value || value.value === undefined || value.value === null) return empty;
    const number = typeof value.value === 'number' ? value.value : Number(value.value);
    const code = typeof value.currencyCode === 'string' ? value.currencyCode.toUpperCase() : '';
    const raw = `${asText(value.value)} ${code}`.trim();
    if (!Number.isFinite(number)) return { k: 'money', text: cleanText(raw), raw };
    moneyFormats ??= new Map();
    // Keyed by the locale too: a format made before the locale was chosen must not outlive it.
    const key = `${displayLocale()} ${code}`;
    let entry = moneyFormats.get(key);
    if (!entry) {
        try {
            entry = {
                format: new Intl.NumberFormat(displayLocale(), {
                    style: 'currency',
                    currency: code,
                    maximumFractionDigits: 6,
                }),
                currency: true,
            };
        } catch {
            entry = {
                format: new Intl.NumberFormat(displayLocale(), { maximumFractionDigits: 6 }),
                currency: false,
            };
        }
        moneyFormats.set(key, entry);
    }
    const shown = entry.format.format(number);
    return {
        k: 'money',
        // A code Intl does not know is shown after the number; it comes from the data.
        text: inert(entry.currency || code === '' ? shown : `${shown} ${code}`),
        raw,
    };
}

/** Largest distance from 1970 a `Date` can hold; the page formats times with `Intl`, which throws past it. */
const maxDateMs = 8.64e15;

function isDateMs(ms: number): boolean {
    return Math.abs(ms) <= maxDateMs;
}

/** A Unix time in seconds. */
export function time(seconds: number | string | undefined | null): Cell {
    const value = typeof seconds === 'string' ? Number(seconds) : seconds;
    if (value === undefined || value === null || !Number.isFinite(value)) return empty;
    if (!isDateMs(value * 1000)) return text(seconds);
    return { k: 'time', ms: value * 1000, raw: String(seconds) };
}

/** A Unix time in milliseconds. */
export function timeMs(ms: number | undefined | null, raw?: string): Cell {
    if (ms === undefined || ms === null || !Number.isFinite(ms)) return empty;
    if (!isDateMs(ms)) return text(raw ?? ms);
    return { k: 'time', ms, raw: raw ?? String(ms) };
}

/** An RFC 3339 time as sent. */
export function isoTime(iso: string | undefined | null): Cell {
    if (!iso) return empty;
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? text(iso) : { k: 'time', ms, raw: iso };
}

export function bool(value: boolean | undefined | null): Cell {
    return typeof value === 'boolean' ? { k: 'bool', value } : empty;
}

export function badge(value: unknown, tone: Tone = 'info'): Cell {
    const clean = cleanText(value);
    return clean === '' ? empty : { k: 'badge', text: clean, tone };
}

export function list(items: readonly Cell[]): Cell {
    return items.length === 0 ? empty : { k: 'list', items };
}

/** An id, address or hash; `link` is set only by the link builders below. */
export function id(value: unknown, link?: QueryRequest, head = 10, tail = 8): Cell {
    const raw = cleanText(value);
    if (raw === '') return empty;
    return { k: 'id', text: shortenId(raw, head, tail), raw, link };
}

/** An id shown whole (short ones: node ids in a narrow column still read better whole). */
export function fullId(value: unknown, link?: QueryRequest): Cell {
    const raw = cleanText(value);
    return raw === '' ? empty : { k: 'id', text: raw, raw, link };
}

export function field(label: string, value: Cell): Field {
    return { label, value };
}

/** Fields without empty values. */
export function fields(...entries: [string, Cell][]): Field[] {
    return entries
        .filter(([, value]) => value.k !== 'empty')
        .map(([label, value]) => ({ label, value }));
}

// ---------------------------------------------------------------------------------------------
// Links: each builds a query only from a value of the right shape.

/** The Transaction panel of an EVM transaction. */
export function evmTxLink(chainId: string, hash: unknown): Cell {
    return typeof hash === 'string' && isEvmHash(hash)
        ? id(hash, dataApi('getTransaction', { chainId, txHash: hash }))
        : id(hash);
}

/**
 * The trace panel of an EVM transaction (`TraceQuery`), when its network, decimal chain id and
 * hash have their shapes; nothing otherwise.
 */
export function traceLink(network: string, chainId: string | undefined, hash: unknown): Cell {
    const net = network === 'testnet' ? 'fuji' : network;
    if (
        (net !== 'mainnet' && net !== 'fuji' && net !== 'local') ||
        chainId === undefined ||
        !evmChainIdPattern.test(chainId) ||
        typeof hash !== 'string' ||
        !isEvmHash(hash)
    ) {
        return empty;
    }
    return {
        k: 'id',
        text: 'Trace the calls: why it failed, and where',
        raw: hash,
        link: { source: 'trace', network: net, chainId, hash },
    };
}

/** The Address panel of an EVM address. */
export function evmAddressLink(chainId: string, address: unknown): Cell {
    return typeof address === 'string' && isEvmAddress(address)
        ? id(address, dataApi('listTransactions', { chainId, address }), 8, 6)
        : id(address);
}

/** The token panel of a contract. */
export function tokenLink(chainId: string, address: unknown, label?: string): Cell {
    if (typeof address !== 'string' || !isEvmAddress(address)) return id(address);
    const link = dataApi('listTransfers', { chainId, address });
    const shown = label ? cleanText(label).slice(0, 60) : undefined;
    return shown ? { k: 'id', text: shown, raw: address, link } : id(address, link, 8, 6);
}

/** The Block panel of an EVM block (number or hash). */
export function evmBlockLink(chainId: string, block: unknown): Cell {
    if (typeof block === 'string' && (isEvmHash(block) || /^\d+$/.test(block))) {
        const link = dataApi('getTransactionsForBlock', { chainId, blockId: block });
        return /^\d+$/.test(block)
            ? { k: 'id', text: formatInteger(block), raw: block, link }
            : id(block, link);
    }
    return typeof block === 'number' ? evmBlockLink(chainId, String(block)) : id(block);
}

/** The UTXOs of a primary-network address. */
export function pnAddressLink(network: string, address: unknown, defaultChain = 'p-chain'): Cell {
    if (typeof address !== 'string') return id(address);
    const chain = address.startsWith('X-')
        ? 'x-chain'
        : address.startsWith('C-')
          ? 'c-chain'
          : address.startsWith('P-')
            ? 'p-chain'
            : defaultChain;
    const hrps = network === 'mainnet' ? ['avax'] : ['fuji'];
    return isPrimaryNetworkAddress(address, hrps)
        ? id(
              address,
              dataApi('getUtxosByAddressesV2', {
                  network,
                  blockchainId: chain,
                  addresses: [address],
              }),
              12,
              6,
          )
        : id(address);
}

/** Transactions of an X-Chain asset. */
export function assetLink(network: string, assetId: unknown, label?: string): Cell {
    const shown = label ? cleanText(label).slice(0, 40) : undefined;
    const raw = cleanText(assetId);
    if (typeof assetId !== 'string' || !isCb58Id(assetId)) {
        // No link to an id of another shape, but the asset is still named by its symbol.
        return shown && raw ? { k: 'id', text: shown, raw } : id(assetId);
    }
    const link = dataApi('listAssetTransactions', { network, blockchainId: 'x-chain', assetId });
    return shown ? { k: 'id', text: shown, raw: assetId, link } : id(assetId, link);
}

/** L1 validators of a subnet. */
export function subnetLink(network: string, subnetId: unknown): Cell {
    return typeof subnetId === 'string' && isCb58Id(subnetId)
        ? id(subnetId, dataApi('listL1Validators', { network, subnetId }))
        : id(subnetId);
}

/** L1 validators run by a node. */
export function nodeIdLink(network: string, nodeId: unknown): Cell {
    return typeof nodeId === 'string' && isNodeId(nodeId)
        ? id(nodeId, dataApi('listL1Validators', { network, nodeId }), 14, 6)
        : id(nodeId, undefined, 14, 6);
}

/** The L1 validator with a validation id. */
export function validationLink(network: string, validationId: unknown): Cell {
    return typeof validationId === 'string' && isCb58Id(validationId)
        ? id(
              validationId,
              dataApi('listL1Validators', {
                  network,
                  l1ValidationId: validationId,
                  includeInactiveL1Validators: true,
              }),
          )
        : id(validationId);
}

/**
 * The P-Chain transactions whose effect the P-Chain signs as a Warp message, the only ones the
 * signature aggregator answers for: a conversion (SubnetToL1Conversion), a registration
 * (L1ValidatorRegistration) and a weight change (L1ValidatorWeight, or a registration that is
 * over when the weight is 0). The P-Chain signs nothing else
 * (https://github.com/ava-labs/avalanchego/blob/master/vms/platformvm/network/warp.go): disabling a
 * validator or topping up its balance leaves it registered with the same weight and nonce.
 */
export const warpSignedTxTypes: ReadonlySet<string> = new Set([
    'ConvertSubnetToL1Tx',
    'RegisterL1ValidatorTx',
    'SetL1ValidatorWeightTx',
]);

/**
 * A P- or X-Chain transaction id, linked to the aggregated signatures of its Warp message when its
 * type is one that has one (`warpSignedTxTypes`). Other ids, and ids whose type is not known (a
 * UTXO's), stay plain ids to copy: the aggregator would only answer 404.
 */
export function pnTxLink(network: string, txHash: unknown, txType: string | undefined): Cell {
    const signed = txType !== undefined && warpSignedTxTypes.has(txType);
    return signed && typeof txHash === 'string' && isCb58Id(txHash)
        ? id(txHash, dataApi('getAggregatedSignatures', { network, txHash }))
        : id(txHash);
}

/** The panel of one P-, X- or C-Chain transaction (`getTxByHash`) on `blockchainId`. */
export function primaryTxLink(network: string, blockchainId: string, txHash: unknown): Cell {
    return typeof txHash === 'string' && isCb58Id(txHash)
        ? id(txHash, dataApi('getTxByHash', { network, blockchainId, txHash }))
        : id(txHash);
}

/** Latest blocks of a primary-network chain. */
export function primaryChainLink(network: string, blockchainId: unknown, label?: string): Cell {
    if (typeof blockchainId !== 'string') return id(blockchainId);
    const known =
        ['p-chain', 'x-chain', 'c-chain'].includes(blockchainId) || isCb58Id(blockchainId);
    if (!known) return id(blockchainId);
    const link = dataApi('listLatestPrimaryNetworkBlocks', { network, blockchainId });
    return label
        ? { k: 'id', text: cleanText(label).slice(0, 40), raw: blockchainId, link }
        : id(blockchainId, link);
}

/** Vertices at a height on the X-Chain. */
export function vertexHeightLink(network: string, height: unknown): Cell {
    if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0)
        return num(height as number);
    return {
        k: 'id',
        text: formatInteger(height),
        raw: String(height),
        link: dataApi('getVertexByHeight', {
            network,
            blockchainId: 'x-chain',
            vertexHeight: height,
        }),
    };
}

/** The chain config of an EVM chain, asked of the selected node. */
export function evmChainConfigLink(blockchainId: unknown): Cell {
    if (typeof blockchainId !== 'string' || !isCb58Id(blockchainId)) return id(blockchainId);
    const link: NodeQuery = {
        source: 'node',
        method: 'eth_getChainConfig',
        texts: {},
        chain: blockchainId,
    };
    return id(blockchainId, link);
}

/** A peer of the selected node. */
export function peerLink(nodeId: unknown): Cell {
    if (typeof nodeId !== 'string' || !isNodeId(nodeId)) return id(nodeId, undefined, 14, 6);
    const link: NodeQuery = { source: 'node', method: 'info.peers', texts: { nodeIDs: nodeId } };
    return id(nodeId, link, 14, 6);
}
