/**
 * The offline part of a hover's Markdown: what the identifier is, from the detector alone (kind,
 * checksum state, network, other forms, the well-known name), with no request made. Apart from
 * the live part so that the small `dist/hoverOffline.js` bundle carries only this and the builder.
 */
import type { Identifier } from '../identifiers';
import { code, type CommandLink, e, type HoverMarkdown, Md, type WebLink } from './markdownBuilder';
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
