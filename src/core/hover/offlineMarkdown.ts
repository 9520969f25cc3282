/**
 * The offline part of a hover's Markdown: what the identifier is, from the detector alone (kind,
 * checksum state, network, other forms, the well-known name), with no request made. Apart from
 * the live part so that the small `dist/hoverOffline.js` bundle carries only this and the builder.
 */
import type { Identifier } from '../identifiers';
import { fillTemplate, type Phrase, phrase, phraseText, type Translate } from '../text/phrase';
import {
    code,
    type CommandLink,
    e,
    type HoverMarkdown,
    Md,
    sentence,
    type WebLink,
} from './markdownBuilder';
import type { HoverNetwork } from './types';

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
    /** The words in the person's language (`vscode.l10n.t`); English without it (agents). */
    readonly translate?: Translate | undefined;
}

/** Plain words in the reader's language, escaped by the caller. */
type Words = (p: Phrase) => string;

function kindTitle(id: Identifier, t: Words): string {
    switch (id.kind) {
        case 'evmAddress':
            return t(phrase('EVM address'));
        case 'hash32':
            return id.known
                ? t(phrase('{0} (as bytes32)', id.known.name))
                : t(phrase('32-byte hash'));
        case 'pnAddress':
            return id.chain
                ? t(phrase('{0}-Chain address', id.chain))
                : t(phrase('Primary-network address'));
        case 'nodeId':
            return t(phrase('Node ID'));
        case 'cb58Id':
            return id.known ? id.known.name : t(phrase('cb58 id'));
    }
}

function kindSubtitle(id: Identifier, t: Words): string | undefined {
    switch (id.kind) {
        case 'hash32':
            return id.known ? undefined : t(phrase('a transaction or block hash, or a bytes32 id'));
        case 'cb58Id':
            return id.known
                ? id.known.kind === 'asset'
                    ? t(phrase('well-known asset id'))
                    : t(phrase('well-known blockchain id'))
                : t(phrase('a transaction, blockchain, subnet, asset or validation id'));
        case 'pnAddress':
            return id.chain
                ? undefined
                : t(phrase('no chain prefix: P- and X-Chain are looked up'));
        default:
            return undefined;
    }
}

function checksumLine(id: Identifier, t: Words): string | undefined {
    switch (id.kind) {
        case 'evmAddress':
            if (id.checksum === 'valid') return t(phrase('EIP-55 checksum valid'));
            if (id.checksum === 'none') {
                return id.text.slice(2) === id.text.slice(2).toUpperCase() && /[A-F]/.test(id.text)
                    ? t(phrase('no EIP-55 checksum (all upper case)'))
                    : t(phrase('no EIP-55 checksum (all lower case)'));
            }
            return `⚠ ${t(phrase('EIP-55 checksum does not match: a typo, or a wrongly cased copy'))}`;
        case 'pnAddress':
            if (!id.broken) return t(phrase('bech32 checksum valid'));
            return id.corrected
                ? `⚠ ${t(phrase('mixed upper and lower case (bech32 allows one case only)'))}`
                : `⚠ ${t(phrase('not a valid bech32 address (checksum or characters)'))}`;
        case 'nodeId':
            return id.broken
                ? `⚠ ${t(phrase('not a valid node id (the cb58 checksum fails)'))}`
                : t(phrase('cb58 checksum valid'));
        case 'cb58Id':
            return id.broken
                ? `⚠ ${t(phrase('the cb58 checksum fails'))}`
                : t(phrase('cb58 checksum valid'));
        case 'hash32':
            return undefined;
    }
}

function networkLine(id: Identifier, options: OfflineHoverOptions): string {
    const say = (p: Phrase): string => sentence(p, options.translate);
    if (id.kind === 'pnAddress') {
        const net =
            id.network === 'custom' ? e(words(options)(phrase('a custom network'))) : e(id.network);
        return say(phrase('Network: {0} (HRP {1})', net, code(id.hrp)));
    }
    if (id.known) {
        return id.known.network === 'all'
            ? say(phrase('Network: the same id on every network'))
            : say(phrase('Network: {0}', e(id.known.network)));
    }
    if (id.kind === 'evmAddress' || id.kind === 'hash32') {
        const chain = options.evmChainName ?? 'C-Chain';
        return say(phrase('Looked up on {0} ({1})', e(chain), e(options.network)));
    }
    return say(phrase('Looked up on {0}', e(options.network)));
}

/** The reader's words as plain text (`options.translate`, English by default). */
function words(options: { readonly translate?: Translate | undefined }): Words {
    return (p) => phraseText(p, options.translate ?? fillTemplate);
}

/**
 * The offline part: kind, checksum state, network, other forms, the well-known name, and the
 * action links. Shown at once and without any request, so it appears even when offline.
 */
export function offlineHoverMarkdown(id: Identifier, options: OfflineHoverOptions): HoverMarkdown {
    const md = new Md();
    const t = words(options);
    const check = checksumLine(id, t);
    md.raw(`**${e(kindTitle(id, t))}**${check ? ` · ${e(check)}` : ''}`);
    const subtitle = kindSubtitle(id, t);
    if (subtitle) md.raw(`*${e(subtitle)}*`);
    if (id.kind === 'evmAddress' && id.checksum === 'invalid' && id.corrected) {
        const fix = options.fix ? ` · ${md.command(options.fix)}` : '';
        md.raw(
            `${sentence(phrase('Checksummed: {0}', code(id.corrected)), options.translate)}${fix}`,
        );
    }
    if (id.kind === 'pnAddress' && id.corrected)
        md.raw(sentence(phrase('Lower case: {0}', code(id.corrected)), options.translate));
    if (id.kind === 'hash32') md.raw(`cb58: ${code(id.cb58)}`);
    if (id.kind === 'cb58Id' && id.hex) md.raw(`hex: ${code(id.hex)}`);
    if (id.kind === 'nodeId' && id.hex)
        md.raw(sentence(phrase('short id (hex): {0}', code(id.hex)), options.translate));
    if (!id.broken) md.raw(networkLine(id, options));
    if (options.liveOff) md.raw(`*${e(options.liveOff)}*`);
    md.actions(options.actions ?? [], options.links ?? []);
    return md.build();
}
