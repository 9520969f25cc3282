/**
 * The Markdown builder behind every tooltip. Everything that comes from a chain, an API or a node
 * goes through `escapeMarkdown` / `markdownCode` / `markdownLink`, so hostile names, memos or URLs
 * cannot turn into markup, images or `command:` links. Links to our own commands are added only
 * through `command`, and then `isTrusted` names exactly those commands
 * (https://code.visualstudio.com/api/references/vscode-api#MarkdownString).
 */
import * as vscode from 'vscode';

import type { CommandId } from '../../commands/commandIds';
import { escapeMarkdown, formatTimestamp, markdownCode, markdownLink } from '../../core/format';
import { displayText } from '../../core/summaries/evmConfig';

/** Collects Markdown lines; every value is escaped on the way in. */
export class Tip {
    private readonly lines: string[] = [];
    private readonly commands: CommandId[] = [];

    title(text: string): this {
        this.lines.push(`**${escapeMarkdown(text)}**`);
        return this;
    }

    text(text: string): this {
        this.lines.push(escapeMarkdown(text, { maxLength: 1000 }));
        return this;
    }

    row(label: string, value: unknown): this {
        if (value === undefined || value === null || value === '') return this;
        this.lines.push(`${escapeMarkdown(label)}: ${escapeMarkdown(displayText(value))}`);
        return this;
    }

    code(label: string, value: unknown): this {
        if (value === undefined || value === null || value === '') return this;
        this.lines.push(`${escapeMarkdown(label)}: ${markdownCode(displayText(value))}`);
        return this;
    }

    list(label: string, values: readonly string[], max = 10): this {
        if (values.length === 0) return this;
        const shown = values.slice(0, max).map((v) => markdownCode(v));
        const more = values.length > max ? vscode.l10n.t(' and {0} more', values.length - max) : '';
        this.lines.push(`${escapeMarkdown(label)}: ${shown.join(', ')}${more}`);
        return this;
    }

    link(label: string, url: string | undefined): this {
        if (!url) return this;
        this.lines.push(`${escapeMarkdown(label)}: ${markdownLink(url, url)}`);
        return this;
    }

    /** A link to one of our commands (no arguments); the command joins `enabledCommands`. */
    command(title: string, command: CommandId): this {
        this.commands.push(command);
        this.lines.push(`[${escapeMarkdown(title)}](command:${command})`);
        return this;
    }

    build(): vscode.MarkdownString {
        const md = new vscode.MarkdownString(this.lines.join('\n\n'));
        md.supportThemeIcons = false;
        md.supportHtml = false;
        if (this.commands.length > 0) md.isTrusted = { enabledCommands: [...this.commands] };
        return md;
    }
}

/** A Unix time in seconds as the tooltips show it. */
export function time(seconds: number | undefined): string | undefined {
    return seconds === undefined ? undefined : formatTimestamp(seconds);
}
