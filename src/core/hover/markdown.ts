/**
 * The live part of a hover's Markdown, built from data: what the services said and the calm error
 * line (the offline part is `offlineMarkdown.ts`, the Watch and Trace links `liveLinks.ts`, the
 * workspace's names and decoded calls `workspaceFacts.ts`, looked up before a line is written).
 * Pure: the VS Code glue only wraps the string in a `MarkdownString` whose `isTrusted` lists
 * exactly the `commands` returned here.
 *
 * Safety: every value that came from a chain, an API or the document goes through
 * `escapeMarkdown` or `markdownCode`; links are either our own `command:` links (arguments JSON-
 * and URI-encoded) or http(s) URLs that passed `safeLinkTarget`. No images, no HTML.
 */
import {
    type Audience,
    formatAmount,
    formatInteger,
    formatPercent,
    formatTimestamp,
    formatUsd,
    markdownCode,
    relativeTime,
    safeLinkTarget,
    shortenId,
} from '../format';
import { decodedLines, formatValue } from '../abi/format';
import type { DecodeResult } from '../abi/types';
import { describeAutoRenew, formatPeriod, formatShares } from '../stakingText';
import type { PlatformOwner } from '../nodeRpc/primarySchemas';
import { nameHow, originText } from '../workspace/knowledge';
import { pChainId } from '../ids/primaryNetwork';
import { cutText } from '../text/inert';
import { fillTemplate, type Phrase, phrase, phraseText } from '../text/phrase';
import { calmErrorText } from './calmError';
import {
    type LiveHoverOptions,
    maxValidationLines,
    nodeValidationWatch,
    traceLinks,
    watchLinks,
} from './liveLinks';
import {
    code,
    e,
    type HoverMarkdown,
    Md,
    sentence,
    shortCode,
    type WebLink,
} from './markdownBuilder';
import type {
    CalmError,
    EvmAddressLive,
    EvmTxLive,
    HoverChain,
    HoverL1Validation,
    HoverNetwork,
    HoverNodeValidator,
    HoverSource,
    HoverTokenBalance,
    HoverTransfer,
    LiveResult,
    NodeIdLive,
    PnAddressLive,
    PrimaryTxLive,
    SubnetLive,
} from './types';
import { workspaceFacts, type WorkspaceFacts } from './workspaceFacts';

/** Whom the hover is written for: a person unless an agent tool asked. */
function audienceOf(options: LiveHoverOptions): Audience {
    return options.audience ?? 'person';
}

/** A phrase as the hover's Markdown, in the reader's words (`sentence`). */
function say(options: LiveHoverOptions, p: Phrase): string {
    return sentence(p, options.translate);
}

/** A phrase as plain text in the reader's words: a link's title, which the builder escapes. */
function words(options: LiveHoverOptions, p: Phrase): string {
    return phraseText(p, options.translate ?? fillTemplate);
}

function when(seconds: number, options: LiveHoverOptions): string {
    return e(formatTimestamp(seconds, options.nowMs, audienceOf(options)));
}

function ago(seconds: number, options: LiveHoverOptions): string {
    return e(relativeTime(seconds, options.nowMs, audienceOf(options)));
}

/** A whole number, grouped for a person. */
function integer(raw: string | number, audience: Audience): string {
    return e(formatInteger(raw, audience));
}

/** Longest token symbol and name shown (a hostile token may have a 10,000-character name). */
const maxSymbolLength = 24;
const maxNameLength = 64;

/** `text` cut to `max` characters with an ellipsis, before escaping. */
const clip = cutText;

/** A name from a chain or an API, escaped and cut short. */
const name = (text: string): string => e(clip(text, maxNameLength));

function amount(
    raw: string,
    decimals: number | undefined,
    symbol: string | undefined,
    audience: Audience,
): string {
    const unit = symbol ? clip(symbol, maxSymbolLength) : '';
    const text =
        decimals === undefined
            ? `${formatInteger(raw, audience)}${unit ? ` ${unit}` : ''}`
            : formatAmount(raw, decimals, unit, { audience });
    return e(text.trim());
}

function usd(value: number | undefined, audience: Audience): string {
    if (value === undefined || !Number.isFinite(value)) return '';
    return ` (${e(formatUsd(value, audience))})`;
}

/** Explorer link of an item on an EVM chain: the template for the C-Chain, else its own. */
function evmExplorer(
    chain: HoverChain,
    path: 'tx' | 'address' | 'block',
    id: string,
    options: LiveHoverOptions,
): WebLink[] {
    let url: string | undefined;
    if (chain.isCChain) {
        url = options.explorerUrl?.(`c-chain/${path}`, id, chain.network ?? 'mainnet');
    } else if (chain.explorerUrl) {
        const base = safeLinkTarget(chain.explorerUrl);
        url =
            base === undefined
                ? undefined
                : `${base.replace(/\/+$/, '')}/${path}/${encodeURIComponent(id)}`;
    }
    return url === undefined
        ? []
        : [
              {
                  title: words(
                      options,
                      chain.isCChain
                          ? phrase('Open on the Avalanche explorer')
                          : phrase('Open on the {0} explorer', clip(chain.name, maxNameLength)),
                  ),
                  url,
              },
          ];
}

function templateLink(
    options: LiveHoverOptions,
    kind: string,
    id: string,
    network: HoverNetwork,
): WebLink[] {
    const url = options.explorerUrl?.(kind, id, network);
    return url === undefined ? [] : [{ title: words(options, phrase('Open in explorer')), url }];
}

function tokenLine(t: HoverTokenBalance, audience: Audience): string {
    return `${amount(t.balance, t.decimals, t.symbol, audience)}${usd(t.usd, audience)}`;
}

function evmAddressPart(
    md: Md,
    r: EvmAddressLive,
    workspace: WorkspaceFacts,
    options: LiveHoverOptions,
): WebLink[] {
    const audience = audienceOf(options);
    let what: string;
    if (r.token) {
        const tokenName = r.token.name ? ` ${name(r.token.name)}` : '';
        const symbol = r.token.symbol ? ` (${e(clip(r.token.symbol, maxSymbolLength))})` : '';
        const decimals = r.token.decimals === undefined ? '' : `, ${r.token.decimals} decimals`;
        what = `${e(r.token.ercType)} token${tokenName}${symbol}${e(decimals)}`;
    } else if (r.isContract === true) {
        what = say(options, phrase('contract'));
    } else if (r.isContract === false) {
        what = say(options, phrase('account (no code)'));
    } else {
        what = say(options, phrase('account or contract'));
    }
    md.raw(`**${say(options, phrase('On {0}', name(r.chain.name)))}** · ${what}`);
    const known = addressName(workspace);
    if (known) md.raw(known);
    if (r.native) md.raw(say(options, phrase('Balance: {0}', tokenLine(r.native, audience))));
    if (r.nonce !== undefined) {
        md.raw(say(options, phrase('Nonce {0} (transactions sent)', integer(r.nonce, audience))));
    }
    alsoOnLine(md, r.alsoOn);
    if (r.tokens !== undefined) {
        const shown = r.tokens.map((t) => tokenLine(t, audience));
        const rest = (r.tokenCount ?? 0) - r.tokens.length;
        const more = rest > 0 || r.moreTokens ? ` and ${rest > 0 ? `${rest} more` : 'more'}` : '';
        const spam = r.spamHidden
            ? ` (${r.spamHidden} spam token${r.spamHidden === 1 ? '' : 's'} hidden)`
            : '';
        const list = shown.length > 0 ? shown.join(' · ') : say(options, phrase('none'));
        md.raw(say(options, phrase('Tokens: {0}', `${list}${more}${spam}`)));
    }
    if (r.recent !== undefined) {
        if (r.recent.length === 0) {
            md.raw(say(options, phrase('No transactions yet')));
        } else {
            md.gap().raw(say(options, phrase('Latest transactions:')));
            for (const t of r.recent) {
                const status = t.success ? '' : ' ✗ failed';
                const method = t.method ? `${e(clip(t.method, 48))}, ` : '';
                md.raw(
                    `${shortCode(t.txHash)} ${method}${amount(t.value, r.chain.decimals, r.chain.symbol, audience)}, ${ago(t.timestamp, options)}${status}`,
                );
            }
            md.gap();
        }
    }
    return r.chain.isCChain ? [] : evmExplorer(r.chain, 'address', r.address, options);
}

/**
 * The workspace's name of an address, with where it came from: a deployment record, the
 * precompile table, a role a file gives it (a relayer, an admin), or the artifact whose runtime
 * bytecode the chain's code matches exactly.
 */
function addressName(workspace: WorkspaceFacts): string | undefined {
    const named = workspace.addressName;
    if (named) return `**${name(named.name)}** · ${e(nameHow(named))}`;
    const matches = workspace.codeMatches;
    if (!matches) return undefined;
    const names = [...new Set(matches.map((a) => a.contractName))];
    if (names.length === 0) return undefined;
    if (names.length > 1) {
        return `Code matches ${names.length} contracts: ${names
            .slice(0, 3)
            .map((n) => name(n))
            .join(', ')}`;
    }
    const copies = matches.length > 1 ? ` (and ${matches.length - 1} more copies)` : '';
    return `**${name(matches[0]!.contractName)}** · code matches ${e(originText(matches[0]!.origin))}${copies}`;
}

/** `Call add(amount: 5)` from the workspace's ABIs, or why it is not decoded. */
function decodedCallLine(result: DecodeResult | undefined): string | undefined {
    switch (result?.status) {
        case 'decoded':
            return `Call ${e(clip(decodedLines(result.decoded).join(' '), 240))} · ABI from ${e(originText(result.decoded.origin))}`;
        case 'ambiguous':
            return `Call: ambiguous selector, ${e(result.candidates.map((c) => c.signature).join(' or '))}`;
        case 'invalid':
            return `Call ${code(result.selector)}: known ABIs do not decode it`;
        default:
            return undefined;
    }
}

function transferLine(t: HoverTransfer, audience: Audience): string {
    const what =
        t.ercType === 'ERC-721'
            ? `${name(t.symbol ?? t.name ?? 'NFT')} #${e(clip(t.tokenId ?? '?', 24))}`
            : t.ercType === 'ERC-1155'
              ? `${amount(t.value ?? '0', t.decimals, undefined, audience)} × ${name(t.symbol ?? t.name ?? 'item')} #${e(clip(t.tokenId ?? '?', 24))}`
              : amount(t.value ?? '0', t.decimals, t.symbol, audience);
    return `${what} ${shortCode(t.from)} → ${shortCode(t.to)}`;
}

function evmTxPart(
    md: Md,
    r: EvmTxLive,
    workspace: WorkspaceFacts,
    options: LiveHoverOptions,
): WebLink[] {
    const audience = audienceOf(options);
    const status = r.pending
        ? `⏳ ${say(options, phrase('pending'))}`
        : r.success
          ? `✓ ${say(options, phrase('success'))}`
          : `✗ ${say(options, phrase('failed'))}`;
    md.raw(`**${say(options, phrase('Transaction on {0}', name(r.chain.name)))}** · ${status}`);
    const why = failureLine(r, workspace);
    if (why) md.raw(why);
    if (r.blockNumber !== '') {
        const time = r.timestamp > 0 ? ` · ${when(r.timestamp, options)}` : '';
        const depth = r.confirmations ? ` · ${e(r.confirmations)}` : '';
        md.raw(
            `${say(options, phrase('Block {0}', integer(r.blockNumber, audience)))}${time}${depth}`,
        );
    }
    md.raw(
        say(
            options,
            phrase(
                'From {0} to {1}',
                shortCode(r.from),
                r.to ? shortCode(r.to) : phrase('a new contract'),
            ),
        ),
    );
    const decoded = decodedCallLine(workspace.call);
    const method = r.method && !decoded ? ` · ${e(clip(r.method, 80))}` : '';
    md.raw(
        `${say(options, phrase('Value {0}', amount(r.value, r.decimals, r.symbol, audience)))}${method}`,
    );
    if (decoded) md.raw(decoded);
    md.raw(
        say(
            options,
            phrase(
                'Gas {0} of {1} at {2}',
                integer(r.gasUsed, audience),
                integer(r.gasLimit, audience),
                amount(r.gasPrice, 9, 'gwei', audience),
            ),
        ),
    );
    const facts = [
        r.fee === undefined
            ? undefined
            : say(options, phrase('Fee {0}', amount(r.fee, r.decimals, r.symbol, audience))),
        r.logCount === undefined
            ? undefined
            : say(
                  options,
                  r.logCount === 1 ? phrase('{0} log', r.logCount) : phrase('{0} logs', r.logCount),
              ),
    ].filter((x): x is string => x !== undefined);
    if (facts.length > 0) md.raw(facts.join(' · '));
    alsoOnLine(md, r.alsoOn);
    if (r.transferCount > 0) {
        const more =
            r.transferCount > r.transfers.length
                ? ` and ${r.transferCount - r.transfers.length} more`
                : '';
        md.raw(
            say(
                options,
                phrase(
                    'Token transfers ({0}): {1}',
                    r.transferCount,
                    `${r.transfers.map((t) => transferLine(t, audience)).join(' · ')}${more}`,
                ),
            ),
        );
    }
    if (r.internalCount > 0) {
        const items = r.internal.map(
            (c) =>
                `${e(c.type)} ${amount(c.value, r.decimals, r.symbol, audience)} ${shortCode(c.from)} → ${shortCode(c.to)}${c.reverted ? ' (reverted)' : ''}`,
        );
        const more =
            r.internalCount > r.internal.length
                ? ` and ${r.internalCount - r.internal.length} more`
                : '';
        md.raw(
            say(
                options,
                phrase(
                    'Internal transactions ({0}): {1}',
                    r.internalCount,
                    `${items.join(' · ')}${more}`,
                ),
            ),
        );
    }
    if (r.teleporter) {
        const t = r.teleporter;
        const chain = (label: string | undefined, id: string | undefined): string =>
            label ? name(label) : id ? shortCode(id) : 'unknown';
        const role =
            t.direction === 'SOURCE_TRANSACTION'
                ? 'sent'
                : t.direction === 'DESTINATION_TRANSACTION'
                  ? 'received'
                  : e(t.direction);
        md.raw(
            `Teleporter message ${shortCode(t.messageId)} ${role}, from ${chain(t.sourceChainName, t.sourceChainId)} to ${chain(t.destinationChainName, t.destinationChainId)}`,
        );
        // The message's timeline across chains (#37): from this transaction when it sent it,
        // else by its id from the chain that did.
        const target =
            t.direction === 'SOURCE_TRANSACTION'
                ? { chain: r.chain.evmChainId, txHash: r.txHash }
                : t.sourceChainId
                  ? { chain: t.sourceChainId, messageId: t.messageId }
                  : undefined;
        if (options.followIcmCommand && target) {
            md.actions([
                {
                    title: words(options, phrase('Follow ICM message')),
                    command: options.followIcmCommand,
                    args: [target],
                    tooltip: words(
                        options,
                        phrase(
                            'Its delivery, execution and receipt across chains, and why it is stuck',
                        ),
                    ),
                },
            ]);
        }
    }
    return evmExplorer(r.chain, 'tx', r.txHash, options);
}

function utxoPart(md: Md, r: PnAddressLive, audience: Audience): void {
    if (r.chains.length === 0) return;
    for (const c of r.chains) {
        const count = `${c.utxoCount}${c.more ? '+' : ''} UTXO${c.utxoCount === 1 && !c.more ? '' : 's'}`;
        if (c.balances.length === 0) {
            md.raw(`**${c.chain}-Chain** · no UTXOs`);
            continue;
        }
        const balances = c.balances.slice(0, 5).map((b) => {
            const staked =
                b.staked !== '0'
                    ? ` (${amount(b.staked, b.denomination, b.symbol, audience)} staked)`
                    : '';
            return `${amount(b.amount, b.denomination, b.symbol, audience)}${staked}`;
        });
        const more = c.balances.length > 5 ? ` and ${c.balances.length - 5} more assets` : '';
        md.raw(`**${c.chain}-Chain** · ${count}: ${balances.join(' · ')}${more}`);
    }
}

function nodeValidatorLine(v: HoverNodeValidator, primary: boolean, audience: Audience): string {
    const uptime =
        v.uptimePercentage === undefined
            ? ''
            : `, uptime ${e(formatPercent(v.uptimePercentage, { audience }))}`;
    const connected =
        v.connected === undefined ? '' : v.connected ? ', connected' : ', not connected';
    // Primary-network weight is the stake in nAVAX; an L1's weight has no unit.
    const weight = primary
        ? `stake ${amount(v.weight, 9, 'AVAX', audience)}`
        : `weight ${integer(v.weight, audience)}`;
    return `${weight}${uptime}${connected}`;
}

function validationLine(v: HoverL1Validation, options: LiveHoverOptions): string {
    const subnet = v.subnetName ? `${name(v.subnetName)} ` : '';
    const state = v.active ? '' : ', inactive';
    const audience = audienceOf(options);
    return `${subnet}(subnet ${shortCode(v.subnetId)}): weight ${integer(v.weight, audience)}, balance ${amount(String(v.remainingBalance), 9, 'AVAX', audience)}${state}, since ${ago(v.creationTimestamp, options)}`;
}

function ownerText(owner: PlatformOwner): string {
    if (owner.addresses.length === 0) return 'no one';
    const shown = owner.addresses.slice(0, 3).map(shortCode).join(', ');
    const more = owner.addresses.length > 3 ? ` and ${owner.addresses.length - 3} more` : '';
    return `${owner.threshold} of ${shown}${more}`;
}

/** The ACP-236 transactions by what they set, not as unknown bodies. */
function autoRenewedTxPart(md: Md, r: PrimaryTxLive, options: LiveHoverOptions): void {
    const a = r.autoRenewed;
    const staker = r.stakerTxId ? shortCode(r.stakerTxId) : undefined;
    if (r.txType === 'RewardAutoRenewedValidatorTx') {
        const end = a?.cycleEndTime
            ? ` for the cycle that ended ${when(Number(a.cycleEndTime), options)}`
            : '';
        md.raw(`Rewards the auto-renewed validator${staker ? ` added by ${staker}` : ''}${end}`);
        return;
    }
    if (!a) return;
    const facts = [
        a.nodeId ? `Validator ${code(a.nodeId)}` : undefined,
        a.stakeAmount
            ? `stake ${amount(a.stakeAmount, 9, 'AVAX', audienceOf(options))}`
            : undefined,
        a.periodSeconds === undefined
            ? undefined
            : a.periodSeconds === '0'
              ? 'leaves at the end of its cycle'
              : `${r.txType === 'SetAutoRenewedValidatorConfigTx' ? 'next cycles' : 'cycles'} of ${e(formatPeriod(a.periodSeconds))}`,
        a.autoCompoundRewardShares === undefined
            ? undefined
            : `${e(formatShares(a.autoCompoundRewardShares, audienceOf(options)))} of rewards restaked`,
        a.delegationShares === undefined
            ? undefined
            : `delegation fee ${e(formatShares(a.delegationShares, audienceOf(options)))}`,
    ].filter((x): x is string => x !== undefined);
    if (r.txType === 'SetAutoRenewedValidatorConfigTx' && staker) {
        facts.unshift(`Changes the auto-renewed validator added by ${staker}`);
    }
    if (facts.length > 0) md.raw(facts.join(' · '));
    if (a.validatorAuthority) md.raw(`Authority ${ownerText(a.validatorAuthority)}`);
}

function nodeIdPart(md: Md, r: NodeIdLive, options: LiveHoverOptions): void {
    if (r.l1Validations !== undefined) {
        if (r.l1Validations.length === 0) {
            md.raw(
                `**${say(options, phrase('L1 validations'))}** · ${say(options, phrase('none on {0}', e(r.network)))}`,
            );
        } else {
            md.raw(
                `**${say(options, phrase('L1 validations'))}** (${r.l1Validations.length}):`,
            ).gap();
            // A list of its own: a line after an item would continue the item.
            for (const v of r.l1Validations.slice(0, maxValidationLines)) {
                const watch = nodeValidationWatch(r, v, options);
                md.raw(`- ${validationLine(v, options)}${watch ? ` · ${md.command(watch)}` : ''}`);
            }
            md.gap();
            if (r.l1Validations.length > maxValidationLines)
                md.raw(`and ${r.l1Validations.length - maxValidationLines} more`).gap();
        }
    }
    if (r.primary !== undefined) {
        md.raw(
            r.primary === null
                ? `**${say(options, phrase('Primary network'))}** · ${say(options, phrase('not a current validator (as the connected node sees it)'))}`
                : `**${say(options, phrase('Primary network'))}** ${say(options, phrase('(connected node): {0}', nodeValidatorLine(r.primary, true, audienceOf(options))))}`,
        );
        if (r.primary?.autoRenewed) {
            const a = r.primary.autoRenewed;
            md.raw(
                `Auto-renewed (ACP-236): ${e(describeAutoRenew(a, audienceOf(options)))} · authority ${ownerText(a.validatorAuthority)}`,
            );
        }
    }
    if (r.l1OnNode)
        md.raw(
            `**${name(r.l1OnNode.chainName)}** ${say(options, phrase('(connected node): {0}', nodeValidatorLine(r.l1OnNode, false, audienceOf(options))))}`,
        );
    if (r.peer !== undefined) {
        md.raw(
            r.peer === null
                ? say(options, phrase('Not a peer of the connected node'))
                : `Peer of the connected node${r.peer.version ? `: ${name(r.peer.version)}` : ''}, tracks ${r.peer.trackedSubnets} subnet${r.peer.trackedSubnets === 1 ? '' : 's'}`,
        );
    }
}

function subnetPart(md: Md, r: SubnetLive, options: LiveHoverOptions): void {
    md.raw(
        `**${r.isL1 ? 'L1' : say(options, phrase('Subnet'))}** ${say(options, phrase('on {0}', e(r.network)))}${r.createdAt > 0 ? ` · ${say(options, phrase('created {0}', when(r.createdAt, options)))}` : ''}`,
    );
    const owners = r.owners.slice(0, 3).map(shortCode).join(', ');
    if (r.owners.length > 0) {
        md.raw(
            `Owner${r.owners.length === 1 ? '' : 's'}: ${owners}${r.owners.length > 3 ? ` and ${r.owners.length - 3} more` : ''} (threshold ${r.threshold})`,
        );
    }
    if (r.blockchains.length > 0) {
        const chains = r.blockchains
            .slice(0, 5)
            .map(
                (b) =>
                    `${name(b.name)} ${shortCode(b.blockchainId)}${b.evmChainId === undefined ? '' : ` (EVM ${b.evmChainId})`}`,
            );
        const more = r.blockchains.length > 5 ? ` and ${r.blockchains.length - 5} more` : '';
        md.raw(say(options, phrase('Blockchains: {0}', `${chains.join(' · ')}${more}`)));
    } else {
        md.raw(say(options, phrase('No blockchains')));
    }
    if (r.validatorCount !== undefined) {
        const count = `${r.validatorCount}${r.moreValidators ? '+' : ''}`;
        md.raw(say(options, phrase('Active L1 validators: {0}', count)));
    }
    if (r.validatorManager) {
        md.raw(
            `Validator manager ${shortCode(r.validatorManager.address)} on ${shortCode(r.validatorManager.blockchainId)}`,
        );
    }
    if (r.conversionTx) md.raw(`Converted to an L1 by ${shortCode(r.conversionTx)}`);
}

/**
 * Where the answer came from, and why not from the Data API when it did not. Every part is escaped:
 * the endpoint and chain name come from settings and chain lists.
 */
function sourceLine(source: HoverSource, verb: 'From' | 'Asked'): string {
    if (source.service === 'Data API') return `${verb} the Data API`;
    const whose = source.service === 'node' ? "the node's" : "the chain's";
    const where = [source.endpoint, source.chainName]
        .filter((x): x is string => x !== undefined && x !== '')
        .map((x) => e(clip(x, maxNameLength)))
        .join(', ');
    const because = source.because ? `, because the Data API ${e(clip(source.because, 120))}` : '';
    const api = source.api ? e(clip(source.api, 40)) : 'JSON-RPC';
    return `${verb} ${whose} ${api}${where ? ` (${where})` : ''}${because}`;
}

function sourcePart(md: Md, result: LiveResult): void {
    if (!('source' in result) || result.source === undefined) return;
    md.gap().raw(`_${sourceLine(result.source, result.kind === 'notFound' ? 'Asked' : 'From')}_`);
}

function alsoOnLine(md: Md, alsoOn: readonly string[] | undefined): void {
    if (alsoOn && alsoOn.length > 0) {
        md.raw(`Also known on: ${alsoOn.map((n) => name(n)).join(', ')}`);
    }
}

function notesPart(md: Md, notes: readonly CalmError[], options: LiveHoverOptions): void {
    if (notes.length === 0) return;
    md.gap();
    for (const note of notes) md.raw(calmLine(md, note, options));
}

function calmLine(md: Md, error: CalmError, options: LiveHoverOptions): string {
    const text = `⚠ ${e(calmErrorText(error, options.nowMs), 400)}`;
    if (!error.suggestApiKey || options.setApiKeyCommand === undefined) return text;
    const title = words(
        options,
        error.kind === 'unauthorized'
            ? phrase('Set a valid API key')
            : phrase('Set an API key for higher limits'),
    );
    return `${text} · ${md.command({ title, command: options.setApiKeyCommand })}`;
}

// ---- watch links --------------------------------------------------------------------------

/** The live part of a hover, from what the resolver found. */
export function liveHoverMarkdown(result: LiveResult, options: LiveHoverOptions): HoverMarkdown {
    // Every lookup in the workspace's contracts happens here, before a line is written.
    const workspace = workspaceFacts(result, options.contracts);
    const md = new Md();
    let links: WebLink[] = [];
    switch (result.kind) {
        case 'evmAddress':
            links = evmAddressPart(md, result, workspace, options);
            break;
        case 'evmTx':
            links = evmTxPart(md, result, workspace, options);
            break;
        case 'evmBlock':
            md.raw(
                `**${say(options, phrase('Block {0} on {1}', integer(result.blockNumber, audienceOf(options)), name(result.chain.name)))}** · ${when(result.timestamp, options)}`,
            );
            {
                const count = `${result.txCount}${result.moreTransactions ? '+' : ''}`;
                const txs =
                    result.txCount === 1 && !result.moreTransactions
                        ? phrase('{0} transaction', count)
                        : phrase('{0} transactions', count);
                const gas =
                    result.gasUsed === undefined
                        ? ''
                        : ` · ${say(options, phrase('gas used {0}', integer(result.gasUsed, audienceOf(options))))}`;
                md.raw(`${say(options, txs)}${gas}`);
            }
            if (result.confirmations) md.raw(e(result.confirmations));
            if (result.miner) md.raw(say(options, phrase('Miner {0}', shortCode(result.miner))));
            alsoOnLine(md, result.alsoOn);
            links = evmExplorer(result.chain, 'block', result.blockNumber, options);
            break;
        case 'primaryTx': {
            const type = result.txType ? ` · ${e(clip(result.txType, 40))}` : '';
            md.raw(
                `**${say(options, phrase('{0}-Chain transaction', result.chain))}** ${say(options, phrase('on {0}', e(result.network)))}${type}`,
            );
            const block = result.blockNumber
                ? `${say(options, phrase('In block {0}', integer(result.blockNumber, audienceOf(options))))}${result.blockType ? ` (${e(result.blockType)})` : ''}`
                : result.status
                  ? say(options, phrase('Status: {0}', e(clip(result.status, 40))))
                  : say(options, phrase('In a vertex (before Cortina)'));
            md.raw(
                `${block}${result.timestamp === undefined ? '' : ` · ${when(result.timestamp, options)}`}`,
            );
            autoRenewedTxPart(md, result, options);
            if (result.memo && result.memo !== '0x')
                md.raw(
                    say(options, phrase('Memo: {0}', markdownCode(result.memo, { maxLength: 80 }))),
                );
            links = templateLink(
                options,
                `${result.chain.toLowerCase()}-chain/tx`,
                result.txId,
                result.network,
            );
            break;
        }
        case 'pnAddress':
            utxoPart(md, result, audienceOf(options));
            break;
        case 'nodeId':
            nodeIdPart(md, result, options);
            links = templateLink(options, 'validators', result.nodeId, result.network);
            break;
        case 'blockchain': {
            md.raw(
                `**${say(options, phrase('Blockchain {0}', name(result.name)))}** ${say(options, phrase('on {0}', e(result.network)))}`,
            );
            const vm = result.vmName ?? (result.vmId ? shortenId(result.vmId) : undefined);
            const facts = [
                vm === undefined
                    ? undefined
                    : say(options, phrase('VM {0}', result.vmName ? e(vm) : code(vm))),
                result.evmChainId === undefined
                    ? undefined
                    : say(options, phrase('EVM chain id {0}', e(result.evmChainId))),
                result.subnetId === undefined
                    ? undefined
                    : result.subnetId === pChainId
                      ? 'Primary Network'
                      : `${result.isL1 ? 'L1' : 'subnet'} ${shortCode(result.subnetId)}`,
            ].filter((x): x is string => x !== undefined);
            if (facts.length > 0) md.raw(facts.join(' · '));
            links = templateLink(options, 'blockchains', result.blockchainId, result.network);
            break;
        }
        case 'subnet':
            subnetPart(md, result, options);
            links = templateLink(options, 'subnets', result.subnetId, result.network);
            break;
        case 'asset':
            md.raw(
                `**${say(options, phrase('X-Chain asset'))}** ${say(options, phrase('{0} ({1}) on {2} · denomination {3}', name(result.name), e(clip(result.symbol, maxSymbolLength)), e(result.network), result.denomination))}`,
            );
            break;
        case 'l1Validation': {
            const v = result.validation;
            md.raw(
                `**${say(options, phrase('L1 validation'))}** ${say(options, phrase('of {0}', code(v.nodeId)))}`,
            );
            md.raw(validationLine(v, options));
            links = templateLink(options, 'validators', v.nodeId, result.network);
            break;
        }
        case 'notFound':
            {
                const searched = e(result.searched.join(', '), 600);
                md.raw(
                    say(
                        options,
                        result.network
                            ? phrase(
                                  'Not found on {0}. Looked in: {1}.',
                                  e(result.network),
                                  searched,
                              )
                            : phrase('Not found. Looked in: {0}.', searched),
                    ),
                );
            }
            break;
        case 'unsupported':
            md.raw(e(result.reason, 400));
            break;
    }
    sourcePart(md, result);
    notesPart(md, result.notes, options);
    md.actions([...watchLinks(result, options.watch), ...traceLinks(result, options)], links);
    return md.build();
}

/**
 * The line that says why a failed transaction failed: the first failing call's error (a custom
 * error decoded with the workspace's ABIs when they know it) and its contract.
 */
function failureLine(r: EvmTxLive, workspace: WorkspaceFacts): string | undefined {
    const failure = r.failure;
    if (!failure) return undefined;
    if (failure.status === 'unavailable') return `Why: not known, ${e(clip(failure.reason, 200))}`;
    const revert = workspace.revert;
    const reason =
        revert?.status === 'decoded' &&
        revert.decoded.signature !== 'Error(string)' &&
        revert.decoded.signature !== 'Panic(uint256)'
            ? `${revert.decoded.name}(${revert.decoded.args
                  .map((a) =>
                      a.name === '' ? formatValue(a.value) : `${a.name}: ${formatValue(a.value)}`,
                  )
                  .join(', ')})`
            : failure.reason;
    const named = workspace.failedIn;
    const where =
        named !== undefined
            ? name(named)
            : failure.precompile !== undefined
              ? name(failure.precompile)
              : failure.to === undefined
                ? 'the contract it was creating'
                : shortCode(failure.to);
    const passed =
        failure.pathLength > 1
            ? ` (${failure.pathLength - 1} ${failure.pathLength === 2 ? 'caller' : 'callers'} passed it up)`
            : '';
    return `✗ reverted: ${e(clip(reason, 240))} in ${where}${passed}`;
}

/** The single calm line a hover shows when nothing could be read. */
export function calmErrorMarkdown(error: CalmError, options: LiveHoverOptions): HoverMarkdown {
    const md = new Md();
    md.raw(calmLine(md, error, options));
    return md.build();
}
