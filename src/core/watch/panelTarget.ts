/**
 * What a result panel's "Watch" action follows. The page only names the action; the host derives
 * the target from the panel's own query (which it holds, and checked before running it) and the
 * facts it resolves itself: the EVM chain id behind a chain alias or blockchain id, the selected
 * network and node, and for a few panels the answer it holds. The target then goes through
 * `checkWatchTarget` like every other argument of the watch command.
 */
import { parseIdentifier, toChecksumAddress } from '../identifiers';
import { pChainId } from '../ids/primaryNetwork';
import { panelTabs } from '../query/dataApiQueries';
import type { QueryRequest } from '../../shared/query';
import {
    checkWatchTarget,
    defaultUndeliveredMinutes,
    type WatchNetwork,
    type WatchTarget,
} from './targets';

/** The EVM chain a panel's subject is on, as its query names it. */
export type PanelEvmChain =
    /** A Data API `chainId`: a decimal EVM chain id or a cb58 blockchain id. */
    | { readonly via: 'dataApi'; readonly chainId: string }
    /** A node query's chain (an alias or blockchain id; the C-Chain when unset). */
    | { readonly via: 'node'; readonly chain: string | undefined };

/** What a panel's Watch action follows, before the host's facts. */
export type PanelWatchSubject =
    | { readonly kind: 'evmTx'; readonly hash: string; readonly chain: PanelEvmChain }
    | { readonly kind: 'evmAddress'; readonly address: string; readonly chain: PanelEvmChain }
    | { readonly kind: 'pTx'; readonly txId: string }
    | {
          readonly kind: 'l1Validator';
          readonly validationId: string;
          readonly network?: WatchNetwork | undefined;
      }
    | {
          readonly kind: 'l1';
          readonly subnetId: string;
          readonly network?: WatchNetwork | undefined;
          /** The panel lists a node's current validators: they must be an L1's. */
          readonly checkValidators: boolean;
      }
    /** An export; its id is the query's, or the answer's for a newly created one. */
    | { readonly kind: 'export'; readonly operationId: string | undefined }
    | { readonly kind: 'node' }
    /** An ICM message; its id is the query's, or the timeline's when followed from a transaction. */
    | {
          readonly kind: 'icmMessage';
          readonly chain: string;
          readonly messageId: string | undefined;
      };

/** What the host resolves for a subject. */
export interface PanelWatchFacts {
    /** The selected network: node queries and queries that name none are on it. */
    readonly network: WatchNetwork;
    /** The selected node and its name. */
    readonly nodeUrl: string;
    readonly nodeName?: string | undefined;
    /** The subject's EVM chain as a decimal chain id, its name and network, when it has one. */
    readonly evmChain?:
        | {
              readonly chainId: string;
              readonly name?: string | undefined;
              readonly network?: WatchNetwork | undefined;
          }
        | undefined;
    /** The answer the panel holds (an export's id, the kind of validators listed). */
    readonly result?: unknown;
}

const nodeInfoMethods = /^info\.[A-Za-z]+$/;

function text(value: unknown): string | undefined {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** `value` when it is an unbroken identifier of `kind`. */
function identifier(value: unknown, kind: 'cb58Id' | 'evmAddress' | 'hash32'): string | undefined {
    const raw = text(value);
    if (raw === undefined || raw.length > 120) return undefined;
    const id = parseIdentifier(raw);
    return id && !id.broken && id.kind === kind && id.text === raw ? id.value : undefined;
}

/** A Data API `network` parameter as a watch network (`testnet` is Fuji). */
function dataApiNetwork(value: unknown): WatchNetwork | undefined {
    return value === 'mainnet'
        ? 'mainnet'
        : value === 'fuji' || value === 'testnet'
          ? 'fuji'
          : undefined;
}

function networkPart(network: WatchNetwork | undefined): { network?: WatchNetwork } {
    return network === undefined ? {} : { network };
}

/** The subject of a panel's query, when the watch list can follow it; undefined otherwise. */
export function panelWatchSubject(query: QueryRequest): PanelWatchSubject | undefined {
    switch (query.source) {
        case 'dataApi':
            return dataApiSubject(query.operation, query.params);
        case 'node':
            return nodeSubject(query.method, query.texts, query.chain);
        case 'icm':
            return typeof query.chain === 'string'
                ? {
                      kind: 'icmMessage',
                      chain: query.chain,
                      messageId: identifier(query.messageId, 'hash32'),
                  }
                : undefined;
        case 'rawRpc':
        case 'operations':
        case 'trace':
            return undefined;
    }
}

/** The address tab queries of an EVM address panel. */
const addressOperations: ReadonlySet<string> = new Set(panelTabs.address?.operations);

function dataApiSubject(
    operation: string,
    params: Readonly<Record<string, unknown>>,
): PanelWatchSubject | undefined {
    const chainId = text(params['chainId']);
    const network = dataApiNetwork(params['network']);
    if (operation === 'getTransaction') {
        const hash = identifier(params['txHash'], 'hash32');
        return hash && chainId
            ? { kind: 'evmTx', hash, chain: { via: 'dataApi', chainId } }
            : undefined;
    }
    if (addressOperations.has(operation)) {
        const address = identifier(params['address'], 'evmAddress');
        return address && chainId
            ? { kind: 'evmAddress', address, chain: { via: 'dataApi', chainId } }
            : undefined;
    }
    if (operation === 'listL1Validators') {
        const validationId = identifier(params['l1ValidationId'], 'cb58Id');
        if (validationId) return { kind: 'l1Validator', validationId, ...networkPart(network) };
        const subnetId = identifier(params['subnetId'], 'cb58Id');
        // A listing narrowed to one node is that node's validations, not the whole L1.
        if (subnetId && subnetId !== pChainId && text(params['nodeId']) === undefined)
            return { kind: 'l1', subnetId, checkValidators: false, ...networkPart(network) };
        return undefined;
    }
    if (operation === 'getOperationResult') {
        const operationId = text(params['operationId']);
        return operationId ? { kind: 'export', operationId } : undefined;
    }
    if (operation === 'postTransactionExportJob') return { kind: 'export', operationId: undefined };
    return undefined;
}

function nodeSubject(
    method: string,
    texts: Readonly<Record<string, string>>,
    chain: string | undefined,
): PanelWatchSubject | undefined {
    const evm: PanelEvmChain = { via: 'node', chain: text(chain) };
    switch (method) {
        case 'eth_getTransactionByHash':
        case 'eth_getTransactionReceipt': {
            const hash = identifier(texts['hash'], 'hash32');
            return hash ? { kind: 'evmTx', hash, chain: evm } : undefined;
        }
        case 'eth_getBalance':
        case 'eth_getTransactionCount':
        case 'eth_getCode': {
            const address = identifier(texts['address'], 'evmAddress');
            return address ? { kind: 'evmAddress', address, chain: evm } : undefined;
        }
        case 'platform.getTx':
        case 'platform.getTxStatus': {
            const txId = identifier(texts['txID'], 'cb58Id');
            return txId ? { kind: 'pTx', txId } : undefined;
        }
        case 'platform.getL1Validator': {
            const validationId = identifier(texts['validationID'], 'cb58Id');
            return validationId ? { kind: 'l1Validator', validationId } : undefined;
        }
        case 'platform.getCurrentValidators': {
            const subnetId = identifier(texts['subnetID'], 'cb58Id');
            return subnetId && subnetId !== pChainId
                ? { kind: 'l1', subnetId, checkValidators: true }
                : undefined;
        }
        default:
            return nodeInfoMethods.test(method) ? { kind: 'node' } : undefined;
    }
}

/** The Watch button's tooltip for a subject. */
export function panelWatchTitle(subject: PanelWatchSubject): string {
    switch (subject.kind) {
        case 'evmTx':
            return 'Watch this transaction until it is accepted or fails';
        case 'evmAddress':
            return "Watch this address's native balance";
        case 'pTx':
            return 'Watch this P-Chain transaction until it is committed, aborted or dropped';
        case 'l1Validator':
            return "Watch this L1 validator's balance and runway";
        case 'l1':
            return "Watch this L1's validators (balances and runway)";
        case 'export':
            return 'Watch this export until it completes or fails';
        case 'node':
            return 'Watch the node: down, bootstrapping or up';
        case 'icmMessage':
            return `Watch this message until it is delivered and executed (told if still undelivered after ${defaultUndeliveredMinutes} min)`;
    }
}

/** True when the answer lists only L1 validators (an empty list says nothing against it). */
function listsL1Validators(result: unknown): boolean {
    const validators = (result as { validators?: unknown } | null | undefined)?.validators;
    if (!Array.isArray(validators)) return true;
    return validators.every((v) => (v as { kind?: unknown } | null)?.kind === 'l1');
}

/** The message id of a followed timeline (`IcmTimeline.messageId`), when it found the send. */
function icmIdOf(result: unknown): string | undefined {
    const r = result as { messageId?: unknown; state?: unknown } | null | undefined;
    return r?.state !== 'notFound' ? identifier(r?.messageId, 'hash32') : undefined;
}

function exportIdOf(result: unknown): string | undefined {
    return text((result as { operationId?: unknown } | null | undefined)?.operationId);
}

/** A name the watch list stores: at most 80 characters. */
function nameOf(value: string | undefined): { name?: string } {
    const cut = value?.trim().slice(0, 80);
    return cut ? { name: cut } : {};
}

/**
 * The target of a subject with the host's facts, checked as the watch command checks it; or the
 * sentence saying why the panel's subject cannot be watched.
 */
export function panelWatchTarget(
    subject: PanelWatchSubject,
    facts: PanelWatchFacts,
): { readonly target: WatchTarget } | { readonly error: string } {
    let target: WatchTarget;
    switch (subject.kind) {
        case 'evmTx':
        case 'evmAddress': {
            const chain = facts.evmChain;
            if (!chain) return { error: 'The EVM chain of this panel could not be told.' };
            const common = {
                network: chain.network ?? facts.network,
                chainId: chain.chainId,
                ...(chain.name ? { chainName: chain.name.trim().slice(0, 80) } : {}),
            };
            target =
                subject.kind === 'evmTx'
                    ? { kind: 'evmTx', ...common, hash: subject.hash }
                    : {
                          kind: 'evmAddress',
                          ...common,
                          address: toChecksumAddress(subject.address) ?? subject.address,
                      };
            break;
        }
        case 'pTx':
            target = { kind: 'pTx', network: facts.network, txId: subject.txId };
            break;
        case 'l1Validator':
            target = {
                kind: 'l1Validator',
                network: subject.network ?? facts.network,
                validationId: subject.validationId,
            };
            break;
        case 'l1':
            if (subject.checkValidators && !listsL1Validators(facts.result))
                return {
                    error: 'This subnet is not an L1: its validators pay no balance to watch.',
                };
            target = {
                kind: 'l1',
                network: subject.network ?? facts.network,
                subnetId: subject.subnetId,
            };
            break;
        case 'export': {
            const operationId = subject.operationId ?? exportIdOf(facts.result);
            if (!operationId) return { error: 'The export has no operation id yet.' };
            target = { kind: 'export', network: facts.network, operationId };
            break;
        }
        case 'node':
            target = { kind: 'node', url: facts.nodeUrl, ...nameOf(facts.nodeName) };
            break;
        case 'icmMessage': {
            const messageId = subject.messageId ?? icmIdOf(facts.result);
            if (!messageId) return { error: 'The message has not been found yet.' };
            target = {
                kind: 'icmMessage',
                network: facts.network,
                chain: subject.chain,
                messageId,
                undeliveredMinutes: defaultUndeliveredMinutes,
            };
            break;
        }
    }
    return checkWatchTarget(target);
}
