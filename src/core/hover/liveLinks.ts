/**
 * What the live part of a hover is given (`LiveHoverOptions`) and the "Watch" and "Trace" links it
 * offers: each link's argument comes back from a `command:` URL, so only ids that parse as the kind
 * the watch list or the trace panel accepts are put in one. The same links serve the editor's
 * context menu (`liveHoverActions`), which runs one without showing the hover.
 */
import type { Audience } from '../format';
import type { Translate } from '../text/phrase';
import { type Identifier, parseIdentifier, toChecksumAddress } from '../identifiers';
import type { ContractKnowledge } from '../workspace/knowledge';
import { evmChainIdPattern } from '../ids/evmPatterns';
import { cutText } from '../text/inert';
import type { CommandLink } from './markdownBuilder';
import type { HoverChain, HoverL1Validation, HoverNetwork, LiveResult, NodeIdLive } from './types';

/** What the live part needs besides the result. */
export interface LiveHoverOptions {
    /** For relative times and rate-limit countdowns. */
    readonly nowMs: number;
    /**
     * The Avalanche explorer URL of an item (`kind` like `c-chain/tx`, `subnets`), built from the
     * user's template; undefined when there is none.
     */
    readonly explorerUrl?:
        ((kind: string, id: string, network: HoverNetwork) => string | undefined) | undefined;
    /** Our command that sets the Data API key, linked from rate-limit and key lines. */
    readonly setApiKeyCommand?: string | undefined;
    /** The workspace's contracts: names addresses and decodes calls. */
    readonly contracts?: ContractKnowledge | undefined;
    /** What "Watch" links are built from; none are offered without it. */
    readonly watch?: WatchLinkOptions | undefined;
    /**
     * The command that opens a query's panel and the network of the lookup: a transaction's
     * "Trace" link (its argument a `TraceQuery`, checked again when the command runs). None
     * without it.
     */
    readonly trace?: { readonly command: string; readonly network: HoverNetwork } | undefined;
    /** Our command that opens an ICM message's timeline, linked from a transaction that carried one. */
    readonly followIcmCommand?: string | undefined;
    /**
     * Whom the text is for (`core/format.ts`): a person by default; the agent tools ask for
     * `agent`, whose times are ISO 8601 in UTC and whose numbers are plain digits.
     */
    readonly audience?: Audience | undefined;
    /**
     * The hover's words in the reader's language (`vscode.l10n.t` in the extension); English
     * when absent, as agents read it.
     */
    readonly translate?: Translate | undefined;
}

/**
 * The watch command and the identifier under the pointer. A link's argument comes back from a
 * `command:` URL, so it holds only the parsed identifier and what the lookup resolved, each
 * checked here against the shape the watch list accepts (`core/watch/targets.ts`, which checks it
 * again when the command runs).
 */
export interface WatchLinkOptions {
    readonly command: string;
    readonly id: Identifier;
    /** The network the lookup ran on, for answers that do not name theirs. */
    readonly network: HoverNetwork;
}

/** Most L1 validations of one node listed, each with its Watch link. */
export const maxValidationLines = 5;

/** `text` cut to `max` characters with an ellipsis, before escaping. */
const clip = cutText;

/**
 * The plain form of a watch target as a hover link carries it; the watch list's own type lives
 * above the hover layer (`core/watch/targets.ts`), which checks every argument it receives.
 */
export type HoverWatchTarget =
    | {
          readonly kind: 'evmTx';
          readonly network: HoverNetwork;
          readonly chainId: string;
          readonly hash: string;
          readonly chainName?: string;
      }
    | {
          readonly kind: 'evmAddress';
          readonly network: HoverNetwork;
          readonly chainId: string;
          readonly address: string;
          readonly chainName?: string;
      }
    | { readonly kind: 'pTx'; readonly network: HoverNetwork; readonly txId: string }
    | {
          readonly kind: 'l1';
          readonly network: HoverNetwork;
          readonly subnetId: string;
          readonly name?: string;
      }
    | {
          readonly kind: 'l1Validator';
          readonly network: HoverNetwork;
          readonly validationId: string;
          readonly subnetId?: string;
          readonly nodeId?: string;
      };

/** The watch list's limits: a decimal EVM chain id, and names of at most 80 characters. */
const maxWatchName = 80;

/** `text` when it parses as an identifier of `kind`, unbroken; else undefined. */
function checkedId(text: string | undefined, kind: Identifier['kind']): string | undefined {
    if (text === undefined || text.length > 120) return undefined;
    const id = parseIdentifier(text);
    return id && !id.broken && id.kind === kind && id.text === text ? text : undefined;
}

/** The cb58 form of the identifier under the pointer (a hash32 is the same 32 bytes). */
function idCb58(id: Identifier): string | undefined {
    if (id.broken) return undefined;
    return id.kind === 'cb58Id' ? id.value : id.kind === 'hash32' ? id.cb58 : undefined;
}

/** A name the watch list can store: cut to its limit, nothing when empty. */
function watchName(text: string | undefined): { name?: string } {
    const cut = text === undefined ? '' : clip(text, maxWatchName).trim();
    return cut === '' ? {} : { name: cut };
}

function watchLink(
    options: WatchLinkOptions,
    target: HoverWatchTarget,
    tooltip: string,
    final = false,
): CommandLink {
    return {
        title: final ? 'Watch (already final)' : 'Watch',
        command: options.command,
        args: [target],
        tooltip,
    };
}

/** The EVM chain of an answer as a target's chain id, name and network; undefined when odd. */
function watchChain(
    chain: HoverChain,
    options: WatchLinkOptions,
): { network: HoverNetwork; chainId: string; chainName?: string } | undefined {
    if (!evmChainIdPattern.test(chain.evmChainId)) return undefined;
    const { name: chainName } = watchName(chain.name);
    return {
        network: chain.network ?? options.network,
        chainId: chain.evmChainId,
        ...(chainName === undefined ? {} : { chainName }),
    };
}

/** The "Watch" link of the thing a live answer is about, when the watch list can follow it. */
export function watchLinks(
    result: LiveResult,
    options: WatchLinkOptions | undefined,
): CommandLink[] {
    if (!options || options.id.broken) return [];
    const id = options.id;
    switch (result.kind) {
        case 'evmTx': {
            const chain = watchChain(result.chain, options);
            if (id.kind !== 'hash32' || !chain || result.txHash.toLowerCase() !== id.value)
                return [];
            const target: HoverWatchTarget = { kind: 'evmTx', ...chain, hash: id.value };
            return result.pending
                ? [
                      watchLink(
                          options,
                          target,
                          'Follow it in the Watch List until it is accepted or fails',
                      ),
                  ]
                : [
                      watchLink(
                          options,
                          target,
                          `Already in a block (${result.success ? 'succeeded' : 'failed'}): the Watch List shows the outcome and stops`,
                          true,
                      ),
                  ];
        }
        case 'evmAddress': {
            const chain = watchChain(result.chain, options);
            if (id.kind !== 'evmAddress' || !chain || result.address.toLowerCase() !== id.value)
                return [];
            const address = toChecksumAddress(id.value) ?? id.value;
            return [
                watchLink(
                    options,
                    { kind: 'evmAddress', ...chain, address },
                    'Follow its native balance in the Watch List',
                ),
            ];
        }
        case 'primaryTx': {
            if (result.chain !== 'P' || result.txId !== idCb58(id)) return [];
            const pending = result.status === 'Processing' || result.status === 'Unknown';
            return [
                watchLink(
                    options,
                    { kind: 'pTx', network: result.network, txId: result.txId },
                    pending
                        ? 'Follow it in the Watch List until it is committed, aborted or dropped'
                        : 'Already decided: the Watch List shows its status and stops',
                    !pending,
                ),
            ];
        }
        case 'subnet': {
            if (!result.isL1 || result.subnetId !== idCb58(id)) return [];
            return [
                watchLink(
                    options,
                    {
                        kind: 'l1',
                        network: result.network,
                        subnetId: result.subnetId,
                        ...watchName(result.blockchains[0]?.name),
                    },
                    "Follow this L1's validators in the Watch List (balances and runway)",
                ),
            ];
        }
        case 'l1Validation': {
            const v = result.validation;
            if (v.validationId !== idCb58(id)) return [];
            return [validationWatchLink(options, result.network, v, v.nodeId)].filter(
                (l): l is CommandLink => l !== undefined,
            );
        }
        default:
            return [];
    }
}

/** The Watch link of one L1 validation (its ids checked), or undefined. */
function validationWatchLink(
    options: WatchLinkOptions,
    network: HoverNetwork,
    v: HoverL1Validation,
    nodeIdText: string,
): CommandLink | undefined {
    const validationId = checkedId(v.validationId, 'cb58Id');
    if (!validationId) return undefined;
    const subnetId = checkedId(v.subnetId, 'cb58Id');
    const nodeId = checkedId(nodeIdText, 'nodeId');
    return watchLink(
        options,
        {
            kind: 'l1Validator',
            network,
            validationId,
            ...(subnetId ? { subnetId } : {}),
            ...(nodeId ? { nodeId } : {}),
        },
        "Follow this validator's balance and runway in the Watch List",
    );
}

/** The Watch link of a validation listed under the node id the pointer is on. */
export function nodeValidationWatch(
    r: NodeIdLive,
    v: HoverL1Validation,
    options: LiveHoverOptions,
): CommandLink | undefined {
    const watch = options.watch;
    if (!watch || watch.id.kind !== 'nodeId' || watch.id.broken || r.nodeId !== watch.id.value)
        return undefined;
    return validationWatchLink(watch, r.network, v, watch.id.value);
}

/** The "Watch" and "Trace" links a live hover offers, apart from its Markdown. */
export interface LiveHoverActions {
    /** What the Watch List can follow here (a node id's validations: one each). */
    readonly watch: readonly CommandLink[];
    /** A mined EVM transaction's trace panel; empty for anything else. */
    readonly trace: readonly CommandLink[];
}

/**
 * The "Watch" and "Trace" links the live hover of `result` shows, the same links with the same
 * checks, for the editor's context menu (#40), which runs one without showing the hover.
 */
export function liveHoverActions(result: LiveResult, options: LiveHoverOptions): LiveHoverActions {
    const validations =
        result.kind === 'nodeId'
            ? (result.l1Validations ?? [])
                  .slice(0, maxValidationLines)
                  .map((v) => nodeValidationWatch(result, v, options))
                  .filter((l): l is CommandLink => l !== undefined)
            : [];
    return {
        watch: [...watchLinks(result, options.watch), ...validations],
        trace: traceLinks(result, options),
    };
}

/** A mined EVM transaction's "Trace" link: its trace panel, by network, chain id and hash. */
export function traceLinks(result: LiveResult, options: LiveHoverOptions): CommandLink[] {
    const trace = options.trace;
    if (!trace || result.kind !== 'evmTx' || result.pending) return [];
    const network = result.chain.network ?? trace.network;
    const hash = result.txHash.toLowerCase();
    if (!evmChainIdPattern.test(result.chain.evmChainId) || !/^0x[0-9a-f]{64}$/.test(hash))
        return [];
    return [
        {
            title: 'Trace',
            command: trace.command,
            args: [{ source: 'trace', network, chainId: result.chain.evmChainId, hash }],
            tooltip: result.success
                ? 'Open its call trace: every call, decoded'
                : 'Open its call trace: which call failed first, and on which Solidity line',
        },
    ];
}
