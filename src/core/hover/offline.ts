/**
 * The offline part of a hover: what an identifier is, its checksum and network, its well-known
 * name, and the actions that need no request. Apart from the engine so that the first hover's
 * offline part loads only the small `dist/hoverOffline.js` (this, the identifiers and the
 * Markdown; see `offlineEntry.ts`) and not the whole core with its clients and schemas, which
 * the live part loads after it.
 */
import { type Identifier, toChecksumAddress } from '../identifiers';
import { fillTemplate, type Phrase, phrase, phraseText, type Translate } from '../text/phrase';
import type { HoverCommandIds, HoverPlace } from './engine';
import type { CommandLink, HoverMarkdown, WebLink } from './markdownBuilder';
import { offlineHoverMarkdown } from './offlineMarkdown';
import { cChainEvmId } from './resolve/lookup';
import type { DataApiNetwork, HoverNetwork } from './types';

/** What the offline part depends on besides the identifier: settings and the engine's choices. */
export interface OfflineContext {
    readonly commands: HoverCommandIds;
    readonly network: HoverNetwork;
    /** The EVM chain id EVM lookups of the identifier go to ('' for the network's C-Chain). */
    readonly evmChain: string;
    /** The name of an EVM chain met in answers, if one was. */
    chainName(evmChainId: string): string | undefined;
    /** Whether the identifier is looked up live (`avalanche.hovers.liveKinds`). */
    readonly live: boolean;
    explorerUrl(kind: string, id: string, network: DataApiNetwork): string;
    /** The source chain of an ICM message id followed in this window, if this is one. */
    icmMessage?(messageId: string): string | undefined;
    /** The words in the person's language (`vscode.l10n.t`); English without it (agents). */
    readonly translate?: Translate | undefined;
}

/** The offline part of the hover over `id` at `place`: no request. */
export function offlineMarkdownFor(
    id: Identifier,
    place: HoverPlace,
    context: OfflineContext,
): HoverMarkdown {
    const c = context.commands;
    const network = context.network;
    // Link titles and tooltips are plain text: the Markdown builder escapes them.
    const t = (p: Phrase): string => phraseText(p, context.translate ?? fillTemplate);
    const copy =
        id.kind === 'evmAddress' && !id.broken ? (toChecksumAddress(id.value) ?? id.text) : id.text;
    const actions: CommandLink[] = [
        {
            title: t(phrase('Copy')),
            command: c.copy,
            args: [copy],
            tooltip: t(phrase('Copy {0}', copy)),
        },
    ];
    if (id.kind === 'hash32')
        actions.push({ title: t(phrase('Copy cb58')), command: c.copy, args: [id.cb58] });
    // A message id followed before (a panel, the agent) offers its timeline again (#37).
    const icmSource =
        id.kind === 'hash32' && !id.broken ? context.icmMessage?.(id.value) : undefined;
    if (icmSource && c.followIcm) {
        actions.push({
            title: t(phrase('Follow ICM message')),
            command: c.followIcm,
            args: [{ chain: icmSource, messageId: id.value }],
            tooltip: t(
                phrase('Its delivery, execution and receipt across chains, and why it is stuck'),
            ),
        });
    }
    if (id.kind === 'cb58Id' && id.hex)
        actions.push({ title: t(phrase('Copy hex')), command: c.copy, args: [id.hex] });
    const links: WebLink[] = [];
    if (!id.broken) {
        actions.push({
            title: t(phrase('Open details')),
            command: c.openDetails,
            args: [{ text: id.text, ...place }],
            tooltip: t(phrase('Open the full answer in a panel')),
        });
        if (id.kind === 'evmAddress' || id.kind === 'hash32') {
            actions.push({
                title: t(phrase('Other chain…')),
                command: c.lookUpOnChain,
                args: [{ text: id.text, ...place }],
                tooltip: t(phrase('Look this up on another EVM chain')),
            });
        }
        if (id.kind === 'evmAddress' && context.evmChain === '' && network !== 'local') {
            links.push({
                title: t(phrase('Open in explorer')),
                url: context.explorerUrl('c-chain/address', copy, network),
            });
        }
        if (
            id.kind === 'pnAddress' &&
            id.chain &&
            (id.network === 'mainnet' || id.network === 'fuji')
        ) {
            const kind = `${id.chain.toLowerCase()}-chain/address`;
            links.push({
                title: t(phrase('Open in explorer')),
                url: context.explorerUrl(kind, id.value, id.network),
            });
        }
    }
    const chain = context.evmChain || cChainEvmId(network);
    return offlineHoverMarkdown(id, {
        network,
        evmChainName:
            chain === cChainEvmId(network)
                ? 'C-Chain'
                : (context.chainName(chain) ?? t(phrase('EVM chain {0}', chain))),
        actions,
        links,
        translate: context.translate,
        fix:
            id.kind === 'evmAddress' && id.corrected
                ? {
                      title: t(phrase('Fix checksum')),
                      command: c.fixChecksum,
                      args: [{ text: id.text, ...place }],
                      tooltip: t(phrase('Replace with {0}', id.corrected)),
                  }
                : undefined,
        liveOff:
            id.broken || context.live
                ? undefined
                : t(
                      phrase(
                          'Live lookups are off for this kind ({0})',
                          'avalanche.hovers.liveKinds',
                      ),
                  ),
    });
}
