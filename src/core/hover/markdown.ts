/**
 * The hover's Markdown, built from data: the offline part (what the identifier is, from the
 * detector alone), the live part (what the services said) and the calm error line. Pure: the
 * VS Code glue only wraps the string in a `MarkdownString` whose `isTrusted` lists exactly the
 * `commands` returned here.
 *
 * Safety: every value that came from a chain, an API or the document goes through
 * `escapeMarkdown` or `markdownCode`; links are either our own `command:` links (arguments JSON-
 * and URI-encoded) or http(s) URLs that passed `safeLinkTarget`. No images, no HTML.
 */
import {
    escapeMarkdown,
    formatAmount,
    formatInteger,
    formatPercent,
    formatTimestamp,
    formatUsd,
    markdownCode,
    markdownLink,
    relativeTime,
    safeLinkTarget,
    shortenId,
} from '../format';
import { decodedLines, formatValue } from '../abi/format';
import { describeAutoRenew, formatPeriod, formatShares } from '../stakingText';
import type { PlatformOwner } from '../nodeRpc/primarySchemas';
import { type Identifier, parseIdentifier, toChecksumAddress } from '../identifiers';
import { nameHow, originText, type ContractKnowledge } from '../workspace/knowledge';
import { pChainId } from '../ids/primaryNetwork';
import { cutText } from '../text/inert';
import { calmErrorText } from './calmError';
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
import { evmChainIdPattern } from '../ids/evmPatterns';

/** Markdown plus the command ids its links use (for `isTrusted.enabledCommands`). */
export interface HoverMarkdown {
    readonly markdown: string;
    readonly commands: readonly string[];
}

/** A link to one of the extension's own commands. */
export interface CommandLink {
    readonly title: string;
    readonly command: string;
    readonly args?: readonly unknown[] | undefined;
    /** Shown when the pointer rests on the link. */
    readonly tooltip?: string | undefined;
}

/** A plain web link (only http and https survive). */
export interface WebLink {
    readonly title: string;
    readonly url: string;
}

const commandIdPattern = /^[A-Za-z][\w.-]*$/;

/**
 * `[title](command:id?args "tooltip")` with the arguments JSON-encoded, then URI-encoded, so that
 * nothing in them can end the link or start another.
 */
export function commandLink(link: CommandLink): string {
    if (!commandIdPattern.test(link.command)) {
        throw new Error(`not a command id: ${JSON.stringify(link.command.slice(0, 60))}`);
    }
    // encodeURIComponent leaves parentheses alone, and an unbalanced `)` would end the link.
    const encoded = encodeURIComponent(JSON.stringify(link.args ?? null))
        .replace(/\(/g, '%28')
        .replace(/\)/g, '%29');
    const args = link.args === undefined ? '' : `?${encoded}`;
    // A tooltip sits in a quoted link title: quotes and backslashes must not close it.
    const tooltip =
        link.tooltip === undefined ? '' : ` "${escapeMarkdown(link.tooltip).replace(/"/g, '\\"')}"`;
    return `[${escapeMarkdown(link.title)}](command:${link.command}${args}${tooltip})`;
}

/** Collects lines and the commands their links use. */
class Md {
    private readonly blocks: string[][] = [[]];
    readonly commands = new Set<string>();

    /** A line of already-safe Markdown. */
    raw(line: string): this {
        this.blocks[this.blocks.length - 1]!.push(line);
        return this;
    }

    /** Starts a new paragraph. */
    gap(): this {
        if (this.blocks[this.blocks.length - 1]!.length > 0) this.blocks.push([]);
        return this;
    }

    command(link: CommandLink): string {
        this.commands.add(link.command);
        return commandLink(link);
    }

    /** One line of links separated by middle dots; nothing when there are none. */
    actions(commands: readonly CommandLink[], links: readonly WebLink[] = []): this {
        const parts = [
            ...commands.map((c) => this.command(c)),
            ...links.flatMap((l) => {
                const target = safeLinkTarget(l.url);
                return target === undefined ? [] : [markdownLink(l.title, target)];
            }),
        ];
        if (parts.length > 0) this.gap().raw(parts.join(' · ')).gap();
        return this;
    }

    build(): HoverMarkdown {
        const markdown = this.blocks
            .filter((b) => b.length > 0)
            // Two trailing spaces: a hard line break inside a paragraph.
            .map((b) => b.join('  \n'))
            .join('\n\n');
        return { markdown, commands: [...this.commands] };
    }
}

const e = (text: unknown, maxLength?: number): string =>
    escapeMarkdown(text, maxLength === undefined ? {} : { maxLength });
const code = (text: unknown): string => markdownCode(text);
const shortCode = (text: string): string => markdownCode(shortenId(text, 8, 6));

// ---- offline ------------------------------------------------------------------------------

/** What the offline part needs besides the identifier. */
export interface OfflineHoverOptions {
    /** The selected network (EVM lookups and unprefixed ids use it). */
    readonly network: HoverNetwork;
    /** Name of the EVM chain EVM lookups go to, e.g. "C-Chain". */
    readonly evmChainName?: string | undefined;
    /** Our commands shown as one line of links (copy, details, other chain…). */
    readonly actions?: readonly CommandLink[] | undefined;
    /** Web links (the explorer), http(s) only. */
    readonly links?: readonly WebLink[] | undefined;
    /** The quick fix of a broken EIP-55 checksum, as a link. */
    readonly fix?: CommandLink | undefined;
    /** Why no live part follows (live lookups off for this kind), if so. */
    readonly liveOff?: string | undefined;
}

function kindTitle(id: Identifier): string {
    switch (id.kind) {
        case 'evmAddress':
            return 'EVM address';
        case 'hash32':
            return id.known ? `${id.known.name} (as bytes32)` : '32-byte hash';
        case 'pnAddress':
            return id.chain ? `${id.chain}-Chain address` : 'Primary-network address';
        case 'nodeId':
            return 'Node ID';
        case 'cb58Id':
            return id.known ? id.known.name : 'cb58 id';
    }
}

function kindSubtitle(id: Identifier): string | undefined {
    switch (id.kind) {
        case 'hash32':
            return id.known ? undefined : 'a transaction or block hash, or a bytes32 id';
        case 'cb58Id':
            return id.known
                ? `well-known ${id.known.kind === 'asset' ? 'asset' : 'blockchain'} id`
                : 'a transaction, blockchain, subnet, asset or validation id';
        case 'pnAddress':
            return id.chain ? undefined : 'no chain prefix: P- and X-Chain are looked up';
        default:
            return undefined;
    }
}

function checksumLine(id: Identifier): string | undefined {
    switch (id.kind) {
        case 'evmAddress':
            if (id.checksum === 'valid') return 'EIP-55 checksum valid';
            if (id.checksum === 'none') {
                return id.text.slice(2) === id.text.slice(2).toUpperCase() && /[A-F]/.test(id.text)
                    ? 'no EIP-55 checksum (all upper case)'
                    : 'no EIP-55 checksum (all lower case)';
            }
            return '⚠ EIP-55 checksum does not match: a typo, or a wrongly cased copy';
        case 'pnAddress':
            if (!id.broken) return 'bech32 checksum valid';
            return id.corrected
                ? '⚠ mixed upper and lower case (bech32 allows one case only)'
                : '⚠ not a valid bech32 address (checksum or characters)';
        case 'nodeId':
            return id.broken
                ? '⚠ not a valid node id (the cb58 checksum fails)'
                : 'cb58 checksum valid';
        case 'cb58Id':
            return id.broken ? '⚠ the cb58 checksum fails' : 'cb58 checksum valid';
        case 'hash32':
            return undefined;
    }
}

function networkLine(id: Identifier, options: OfflineHoverOptions): string {
    if (id.kind === 'pnAddress') {
        const net = id.network === 'custom' ? 'a custom network' : id.network;
        return `Network: ${e(net)} (HRP ${code(id.hrp)})`;
    }
    if (id.known) {
        return id.known.network === 'all'
            ? 'Network: the same id on every network'
            : `Network: ${e(id.known.network)}`;
    }
    if (id.kind === 'evmAddress' || id.kind === 'hash32') {
        const chain = options.evmChainName ?? 'C-Chain';
        return `Looked up on ${e(chain)} (${e(options.network)})`;
    }
    return `Looked up on ${e(options.network)}`;
}

/**
 * The offline part: kind, checksum state, network, other forms, the well-known name, and the
 * action links. Shown at once and without any request, so it appears even when offline.
 */
export function offlineHoverMarkdown(id: Identifier, options: OfflineHoverOptions): HoverMarkdown {
    const md = new Md();
    const check = checksumLine(id);
    md.raw(`**${e(kindTitle(id))}**${check ? ` · ${e(check)}` : ''}`);
    const subtitle = kindSubtitle(id);
    if (subtitle) md.raw(`*${e(subtitle)}*`);
    if (id.kind === 'evmAddress' && id.checksum === 'invalid' && id.corrected) {
        md.raw(
            `Checksummed: ${code(id.corrected)}${options.fix ? ` · ${md.command(options.fix)}` : ''}`,
        );
    }
    if (id.kind === 'pnAddress' && id.corrected) md.raw(`Lower case: ${code(id.corrected)}`);
    if (id.kind === 'hash32') md.raw(`cb58: ${code(id.cb58)}`);
    if (id.kind === 'cb58Id' && id.hex) md.raw(`hex: ${code(id.hex)}`);
    if (id.kind === 'nodeId' && id.hex) md.raw(`short id (hex): ${code(id.hex)}`);
    if (!id.broken) md.raw(networkLine(id, options));
    if (options.liveOff) md.raw(`*${e(options.liveOff)}*`);
    md.actions(options.actions ?? [], options.links ?? []);
    return md.build();
}

// ---- live ---------------------------------------------------------------------------------

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

function when(seconds: number, nowMs: number): string {
    return e(formatTimestamp(seconds, nowMs));
}

function ago(seconds: number, nowMs: number): string {
    return e(relativeTime(seconds, nowMs));
}

/** Longest token symbol and name shown (a hostile token may have a 10,000-character name). */
const maxSymbolLength = 24;
const maxNameLength = 64;
/** Most L1 validations of one node listed, each with its Watch link. */
const maxValidationLines = 5;

/** `text` cut to `max` characters with an ellipsis, before escaping. */
const clip = cutText;

/** A name from a chain or an API, escaped and cut short. */
const name = (text: string): string => e(clip(text, maxNameLength));

function amount(raw: string, decimals: number | undefined, symbol: string | undefined): string {
    const unit = symbol ? clip(symbol, maxSymbolLength) : '';
    const text =
        decimals === undefined
            ? `${formatInteger(raw)}${unit ? ` ${unit}` : ''}`
            : formatAmount(raw, decimals, unit);
    return e(text.trim());
}

function usd(value: number | undefined): string {
    if (value === undefined || !Number.isFinite(value)) return '';
    return ` (${e(formatUsd(value))})`;
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
                  title: `Open on ${chain.isCChain ? 'the Avalanche explorer' : `the ${clip(chain.name, maxNameLength)} explorer`}`,
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
    return url === undefined ? [] : [{ title: 'Open in explorer', url }];
}

function tokenLine(t: HoverTokenBalance): string {
    return `${amount(t.balance, t.decimals, t.symbol)}${usd(t.usd)}`;
}

function evmAddressPart(md: Md, r: EvmAddressLive, options: LiveHoverOptions): WebLink[] {
    let what: string;
    if (r.token) {
        const tokenName = r.token.name ? ` ${name(r.token.name)}` : '';
        const symbol = r.token.symbol ? ` (${e(clip(r.token.symbol, maxSymbolLength))})` : '';
        const decimals = r.token.decimals === undefined ? '' : `, ${r.token.decimals} decimals`;
        what = `${e(r.token.ercType)} token${tokenName}${symbol}${e(decimals)}`;
    } else if (r.isContract === true) {
        what = 'contract';
    } else if (r.isContract === false) {
        what = 'account (no code)';
    } else {
        what = 'account or contract';
    }
    md.raw(`**On ${name(r.chain.name)}** · ${what}`);
    const known = options.contracts
        ? addressName(options.contracts, r.chain.evmChainId, r.address, r.code)
        : undefined;
    if (known) md.raw(known);
    if (r.native) md.raw(`Balance: ${tokenLine(r.native)}`);
    if (r.nonce !== undefined) {
        md.raw(`Nonce ${e(formatInteger(String(r.nonce)))} (transactions sent)`);
    }
    alsoOnLine(md, r.alsoOn);
    if (r.tokens !== undefined) {
        const shown = r.tokens.map(tokenLine);
        const rest = (r.tokenCount ?? 0) - r.tokens.length;
        const more = rest > 0 || r.moreTokens ? ` and ${rest > 0 ? `${rest} more` : 'more'}` : '';
        const spam = r.spamHidden
            ? ` (${r.spamHidden} spam token${r.spamHidden === 1 ? '' : 's'} hidden)`
            : '';
        md.raw(`Tokens: ${shown.length > 0 ? shown.join(' · ') : 'none'}${more}${spam}`);
    }
    if (r.recent !== undefined) {
        if (r.recent.length === 0) {
            md.raw('No transactions yet');
        } else {
            md.gap().raw('Latest transactions:');
            for (const t of r.recent) {
                const status = t.success ? '' : ' ✗ failed';
                const method = t.method ? `${e(clip(t.method, 48))}, ` : '';
                md.raw(
                    `${shortCode(t.txHash)} ${method}${amount(t.value, r.chain.decimals, r.chain.symbol)}, ${ago(t.timestamp, options.nowMs)}${status}`,
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
function addressName(
    contracts: ContractKnowledge,
    chainId: string,
    address: string,
    code: string | undefined,
): string | undefined {
    const named = contracts.nameOf(chainId, address) ?? contracts.roleOf(chainId, address);
    if (named) return `**${name(named.name)}** · ${e(nameHow(named))}`;
    if (!code) return undefined;
    const matches = contracts.byCode(code);
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
function decodedCallLine(
    contracts: ContractKnowledge,
    chainId: string,
    to: string,
    input: string,
): string | undefined {
    const result = contracts.decodeCall(chainId, to, input);
    switch (result.status) {
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

function transferLine(t: HoverTransfer): string {
    const what =
        t.ercType === 'ERC-721'
            ? `${name(t.symbol ?? t.name ?? 'NFT')} #${e(clip(t.tokenId ?? '?', 24))}`
            : t.ercType === 'ERC-1155'
              ? `${amount(t.value ?? '0', t.decimals, undefined)} × ${name(t.symbol ?? t.name ?? 'item')} #${e(clip(t.tokenId ?? '?', 24))}`
              : amount(t.value ?? '0', t.decimals, t.symbol);
    return `${what} ${shortCode(t.from)} → ${shortCode(t.to)}`;
}

function evmTxPart(md: Md, r: EvmTxLive, options: LiveHoverOptions): WebLink[] {
    const status = r.pending ? '⏳ pending' : r.success ? '✓ success' : '✗ failed';
    md.raw(`**Transaction on ${name(r.chain.name)}** · ${status}`);
    const why = failureLine(r, options);
    if (why) md.raw(why);
    if (r.blockNumber !== '') {
        const time = r.timestamp > 0 ? ` · ${when(r.timestamp, options.nowMs)}` : '';
        const depth = r.confirmations ? ` · ${e(r.confirmations)}` : '';
        md.raw(`Block ${e(formatInteger(r.blockNumber))}${time}${depth}`);
    }
    md.raw(`From ${shortCode(r.from)} to ${r.to ? shortCode(r.to) : 'a new contract'}`);
    const decoded =
        options.contracts && r.input && r.to
            ? decodedCallLine(options.contracts, r.chain.evmChainId, r.to, r.input)
            : undefined;
    const method = r.method && !decoded ? ` · ${e(clip(r.method, 80))}` : '';
    md.raw(`Value ${amount(r.value, r.decimals, r.symbol)}${method}`);
    if (decoded) md.raw(decoded);
    md.raw(
        `Gas ${e(formatInteger(r.gasUsed))} of ${e(formatInteger(r.gasLimit))} at ${amount(r.gasPrice, 9, 'gwei')}`,
    );
    const facts = [
        r.fee === undefined ? undefined : `Fee ${amount(r.fee, r.decimals, r.symbol)}`,
        r.logCount === undefined ? undefined : `${r.logCount} log${r.logCount === 1 ? '' : 's'}`,
    ].filter((x): x is string => x !== undefined);
    if (facts.length > 0) md.raw(facts.join(' · '));
    alsoOnLine(md, r.alsoOn);
    if (r.transferCount > 0) {
        const more =
            r.transferCount > r.transfers.length
                ? ` and ${r.transferCount - r.transfers.length} more`
                : '';
        md.raw(
            `Token transfers (${r.transferCount}): ${r.transfers.map(transferLine).join(' · ')}${more}`,
        );
    }
    if (r.internalCount > 0) {
        const items = r.internal.map(
            (c) =>
                `${e(c.type)} ${amount(c.value, r.decimals, r.symbol)} ${shortCode(c.from)} → ${shortCode(c.to)}${c.reverted ? ' (reverted)' : ''}`,
        );
        const more =
            r.internalCount > r.internal.length
                ? ` and ${r.internalCount - r.internal.length} more`
                : '';
        md.raw(`Internal transactions (${r.internalCount}): ${items.join(' · ')}${more}`);
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
                    title: 'Follow ICM message',
                    command: options.followIcmCommand,
                    args: [target],
                    tooltip:
                        'Its delivery, execution and receipt across chains, and why it is stuck',
                },
            ]);
        }
    }
    return evmExplorer(r.chain, 'tx', r.txHash, options);
}

function utxoPart(md: Md, r: PnAddressLive): void {
    if (r.chains.length === 0) return;
    for (const c of r.chains) {
        const count = `${c.utxoCount}${c.more ? '+' : ''} UTXO${c.utxoCount === 1 && !c.more ? '' : 's'}`;
        if (c.balances.length === 0) {
            md.raw(`**${c.chain}-Chain** · no UTXOs`);
            continue;
        }
        const balances = c.balances.slice(0, 5).map((b) => {
            const staked =
                b.staked !== '0' ? ` (${amount(b.staked, b.denomination, b.symbol)} staked)` : '';
            return `${amount(b.amount, b.denomination, b.symbol)}${staked}`;
        });
        const more = c.balances.length > 5 ? ` and ${c.balances.length - 5} more assets` : '';
        md.raw(`**${c.chain}-Chain** · ${count}: ${balances.join(' · ')}${more}`);
    }
}

function nodeValidatorLine(v: HoverNodeValidator, primary: boolean): string {
    const uptime =
        v.uptimePercentage === undefined ? '' : `, uptime ${e(formatPercent(v.uptimePercentage))}`;
    const connected =
        v.connected === undefined ? '' : v.connected ? ', connected' : ', not connected';
    // Primary-network weight is the stake in nAVAX; an L1's weight has no unit.
    const weight = primary
        ? `stake ${amount(v.weight, 9, 'AVAX')}`
        : `weight ${e(formatInteger(v.weight))}`;
    return `${weight}${uptime}${connected}`;
}

function validationLine(v: HoverL1Validation, options: LiveHoverOptions): string {
    const subnet = v.subnetName ? `${name(v.subnetName)} ` : '';
    const state = v.active ? '' : ', inactive';
    return `${subnet}(subnet ${shortCode(v.subnetId)}): weight ${e(formatInteger(v.weight))}, balance ${amount(String(v.remainingBalance), 9, 'AVAX')}${state}, since ${ago(v.creationTimestamp, options.nowMs)}`;
}

/** The Watch link of a validation listed under the node id the pointer is on. */
function nodeValidationWatch(
    r: NodeIdLive,
    v: HoverL1Validation,
    options: LiveHoverOptions,
): CommandLink | undefined {
    const watch = options.watch;
    if (!watch || watch.id.kind !== 'nodeId' || watch.id.broken || r.nodeId !== watch.id.value)
        return undefined;
    return validationWatchLink(watch, r.network, v, watch.id.value);
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
            ? ` for the cycle that ended ${when(Number(a.cycleEndTime), options.nowMs)}`
            : '';
        md.raw(`Rewards the auto-renewed validator${staker ? ` added by ${staker}` : ''}${end}`);
        return;
    }
    if (!a) return;
    const facts = [
        a.nodeId ? `Validator ${code(a.nodeId)}` : undefined,
        a.stakeAmount ? `stake ${amount(a.stakeAmount, 9, 'AVAX')}` : undefined,
        a.periodSeconds === undefined
            ? undefined
            : a.periodSeconds === '0'
              ? 'leaves at the end of its cycle'
              : `${r.txType === 'SetAutoRenewedValidatorConfigTx' ? 'next cycles' : 'cycles'} of ${e(formatPeriod(a.periodSeconds))}`,
        a.autoCompoundRewardShares === undefined
            ? undefined
            : `${e(formatShares(a.autoCompoundRewardShares))} of rewards restaked`,
        a.delegationShares === undefined
            ? undefined
            : `delegation fee ${e(formatShares(a.delegationShares))}`,
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
            md.raw(`**L1 validations** · none on ${e(r.network)}`);
        } else {
            md.raw(`**L1 validations** (${r.l1Validations.length}):`).gap();
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
                ? '**Primary network** · not a current validator (as the connected node sees it)'
                : `**Primary network** (connected node): ${nodeValidatorLine(r.primary, true)}`,
        );
        if (r.primary?.autoRenewed) {
            const a = r.primary.autoRenewed;
            md.raw(
                `Auto-renewed (ACP-236): ${e(describeAutoRenew(a))} · authority ${ownerText(a.validatorAuthority)}`,
            );
        }
    }
    if (r.l1OnNode)
        md.raw(
            `**${name(r.l1OnNode.chainName)}** (connected node): ${nodeValidatorLine(r.l1OnNode, false)}`,
        );
    if (r.peer !== undefined) {
        md.raw(
            r.peer === null
                ? 'Not a peer of the connected node'
                : `Peer of the connected node${r.peer.version ? `: ${name(r.peer.version)}` : ''}, tracks ${r.peer.trackedSubnets} subnet${r.peer.trackedSubnets === 1 ? '' : 's'}`,
        );
    }
}

function subnetPart(md: Md, r: SubnetLive, options: LiveHoverOptions): void {
    md.raw(
        `**${r.isL1 ? 'L1' : 'Subnet'}** on ${e(r.network)}${r.createdAt > 0 ? ` · created ${when(r.createdAt, options.nowMs)}` : ''}`,
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
        md.raw(
            `Blockchains: ${chains.join(' · ')}${r.blockchains.length > 5 ? ` and ${r.blockchains.length - 5} more` : ''}`,
        );
    } else {
        md.raw('No blockchains');
    }
    if (r.validatorCount !== undefined) {
        md.raw(`Active L1 validators: ${r.validatorCount}${r.moreValidators ? '+' : ''}`);
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
    const title =
        error.kind === 'unauthorized' ? 'Set a valid API key' : 'Set an API key for higher limits';
    return `${text} · ${md.command({ title, command: options.setApiKeyCommand })}`;
}

// ---- watch links --------------------------------------------------------------------------

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
function watchLinks(result: LiveResult, options: WatchLinkOptions | undefined): CommandLink[] {
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

/** The live part of a hover, from what the resolver found. */
export function liveHoverMarkdown(result: LiveResult, options: LiveHoverOptions): HoverMarkdown {
    const md = new Md();
    let links: WebLink[] = [];
    switch (result.kind) {
        case 'evmAddress':
            links = evmAddressPart(md, result, options);
            break;
        case 'evmTx':
            links = evmTxPart(md, result, options);
            break;
        case 'evmBlock':
            md.raw(
                `**Block ${e(formatInteger(result.blockNumber))} on ${name(result.chain.name)}** · ${when(result.timestamp, options.nowMs)}`,
            );
            md.raw(
                `${result.txCount}${result.moreTransactions ? '+' : ''} transaction${result.txCount === 1 && !result.moreTransactions ? '' : 's'}${result.gasUsed === undefined ? '' : ` · gas used ${e(formatInteger(result.gasUsed))}`}`,
            );
            if (result.confirmations) md.raw(e(result.confirmations));
            if (result.miner) md.raw(`Miner ${shortCode(result.miner)}`);
            alsoOnLine(md, result.alsoOn);
            links = evmExplorer(result.chain, 'block', result.blockNumber, options);
            break;
        case 'primaryTx': {
            const type = result.txType ? ` · ${e(clip(result.txType, 40))}` : '';
            md.raw(`**${result.chain}-Chain transaction** on ${e(result.network)}${type}`);
            const block = result.blockNumber
                ? `In block ${e(formatInteger(result.blockNumber))}${result.blockType ? ` (${e(result.blockType)})` : ''}`
                : result.status
                  ? `Status: ${e(clip(result.status, 40))}`
                  : 'In a vertex (before Cortina)';
            md.raw(
                `${block}${result.timestamp === undefined ? '' : ` · ${when(result.timestamp, options.nowMs)}`}`,
            );
            autoRenewedTxPart(md, result, options);
            if (result.memo && result.memo !== '0x')
                md.raw(`Memo: ${markdownCode(result.memo, { maxLength: 80 })}`);
            links = templateLink(
                options,
                `${result.chain.toLowerCase()}-chain/tx`,
                result.txId,
                result.network,
            );
            break;
        }
        case 'pnAddress':
            utxoPart(md, result);
            break;
        case 'nodeId':
            nodeIdPart(md, result, options);
            links = templateLink(options, 'validators', result.nodeId, result.network);
            break;
        case 'blockchain': {
            md.raw(`**Blockchain ${name(result.name)}** on ${e(result.network)}`);
            const vm = result.vmName ?? (result.vmId ? shortenId(result.vmId) : undefined);
            const facts = [
                vm === undefined ? undefined : `VM ${result.vmName ? e(vm) : code(vm)}`,
                result.evmChainId === undefined
                    ? undefined
                    : `EVM chain id ${e(result.evmChainId)}`,
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
                `**X-Chain asset** ${name(result.name)} (${e(clip(result.symbol, maxSymbolLength))}) on ${e(result.network)} · denomination ${result.denomination}`,
            );
            break;
        case 'l1Validation': {
            const v = result.validation;
            md.raw(`**L1 validation** of ${code(v.nodeId)}`);
            md.raw(validationLine(v, options));
            links = templateLink(options, 'validators', v.nodeId, result.network);
            break;
        }
        case 'notFound':
            md.raw(
                `Not found${result.network ? ` on ${e(result.network)}` : ''}. Looked in: ${e(result.searched.join(', '), 600)}.`,
            );
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
function failureLine(r: EvmTxLive, options: LiveHoverOptions): string | undefined {
    const failure = r.failure;
    if (!failure) return undefined;
    if (failure.status === 'unavailable') return `Why: not known, ${e(clip(failure.reason, 200))}`;
    const chainId = r.chain.evmChainId;
    const contracts = options.contracts;
    const revert =
        contracts && failure.output.length > 10
            ? contracts.decodeRevert(chainId, failure.to, failure.output)
            : undefined;
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
    // Named as an address hover names it: a deployment record first, else the one contract
    // whose artifact the chain's code matches.
    const named =
        failure.to === undefined
            ? undefined
            : (contracts?.nameOf(chainId, failure.to)?.name ??
              (failure.code === undefined ? undefined : contracts?.nameByCode(failure.code)?.name));
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
function traceLinks(result: LiveResult, options: LiveHoverOptions): CommandLink[] {
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

/** The single calm line a hover shows when nothing could be read. */
export function calmErrorMarkdown(error: CalmError, options: LiveHoverOptions): HoverMarkdown {
    const md = new Md();
    md.raw(calmLine(md, error, options));
    return md.build();
}
