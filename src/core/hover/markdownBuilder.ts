/**
 * The hover's Markdown builder: lines joined into paragraphs, our own `command:` links (arguments
 * JSON- and URI-encoded) and web links that passed `safeLinkTarget`, plus the escaping helpers
 * every part uses. The offline part (`offlineMarkdown.ts`) and the live part (`markdown.ts`)
 * both write through it, so what a link may carry is decided in one place.
 */
import { escapeMarkdown, markdownCode, markdownLink, safeLinkTarget, shortenId } from '../format';
import { fillTemplate, isPhrase, type Phrase, type Translate } from '../text/phrase';

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
export class Md {
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

    /** A command link, its command id noted for `isTrusted.enabledCommands`. */
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

    /** The Markdown and the commands its links use. */
    build(): HoverMarkdown {
        const markdown = this.blocks
            .filter((b) => b.length > 0)
            // Two trailing spaces: a hard line break inside a paragraph.
            .map((b) => b.join('  \n'))
            .join('\n\n');
        return { markdown, commands: [...this.commands] };
    }
}

/** `text` escaped for Markdown, cut to `maxLength` when given. */
export const e = (text: unknown, maxLength?: number): string =>
    escapeMarkdown(text, maxLength === undefined ? {} : { maxLength });
/** `text` as inline code. */
export const code = (text: unknown): string => markdownCode(text);
/** A long id shortened to its ends, as inline code. */
export const shortCode = (text: string): string => markdownCode(shortenId(text, 8, 6));

/**
 * A phrase of the hover as Markdown, in the words of `translate` (English by default). Its string
 * arguments are Markdown made safe already (escaped, code, our links) and fill the placeholders
 * as they are; a nested phrase is rendered the same way. The template is the source's own text
 * and holds no Markdown syntax (bold and the like are written around the call), so it is kept as
 * written; a translation is a file, not code, so its words are escaped like a peer's text and can
 * neither format nor link. The placeholders are filled here, not by `translate`, so that only
 * the translation's own words are escaped.
 */
export function sentence(p: Phrase, translate: Translate = fillTemplate): string {
    const words = translate(p.template, ...p.args.map((_, i) => `{${i}}`));
    const own = words === p.template;
    const args = p.args.map((arg) => (isPhrase(arg) ? sentence(arg, translate) : String(arg)));
    return words
        .split(/(\{\d+\})/)
        .map((piece, i) => {
            const arg = i % 2 === 1 ? args[Number(piece.slice(1, -1))] : undefined;
            if (arg !== undefined) return arg;
            return own ? piece : escapeMarkdown(piece);
        })
        .join('');
}
