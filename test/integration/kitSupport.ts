/**
 * What the Interchain Kit host suites share (the sandbox's in localInterchainKit.test.ts, the real
 * node's in localRealNode.test.ts): the kit's files for a network at given chains, and every
 * surface a person or an agent sees (tree rows with their tooltips, hovers, the extension's log
 * files) as text, so that a suite can show a private key is in none of them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import type { Row, ViewKey } from '../../src/tree/rows';
import { testEnv } from './testEnv';
import { item, rows } from './treesSupport';

/** Distinctive keys: their hex appears nowhere else in the repository or the sandbox. */
export const kitFundedKey = '0x7a31f00dfeed5ecde7c0de0ddba11c0ffee1d5ea5e5ba5ebe11b0a710ad5eed1';
export const kitRelayerKey = '0x9e1a7e5ec4e7b0b5c0de1e55f00d5a1adba5eba11deadbeefcafe0b1e5eed042';

/** The text of every hover VS Code's providers give at `offset` of `document`, unescaped. */
export async function hoverTextAt(document: vscode.TextDocument, offset: number): Promise<string> {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        document.uri,
        document.positionAt(offset),
    );
    return hovers
        .flatMap((h) =>
            h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')),
        )
        .join('\n')
        .replace(/\\/g, '');
}

async function rowText(row: Row): Promise<string> {
    const shown = await item(row);
    const text = (value: unknown): string =>
        typeof value === 'string'
            ? value
            : value instanceof vscode.MarkdownString
              ? value.value
              : JSON.stringify(value ?? '');
    return [shown.label, shown.description, shown.tooltip, shown.id].map(text).join(' | ');
}

/**
 * Every row of the four views down to `depth` levels (at most `max` rows), rendered as VS Code
 * renders it, tooltips resolved, as text. "Load more" rows are read, not run.
 */
export async function allRowsText(depth = 3, max = 400): Promise<string> {
    const views: readonly ViewKey[] = ['chains', 'subnets', 'validators', 'node'];
    const texts: string[] = [];
    for (const view of views) {
        let level: (Row | undefined)[] = [undefined];
        for (let d = 0; d < depth && level.length > 0 && texts.length < max; d++) {
            const next: Row[] = [];
            for (const parent of level) {
                if (texts.length >= max) break;
                let children: Row[];
                try {
                    children = await rows(view, parent);
                } catch (error) {
                    texts.push(String(error));
                    continue;
                }
                for (const row of children) {
                    texts.push(await rowText(row));
                    if (row.kind !== 'loadMore' && row.kind !== 'error') next.push(row);
                }
            }
            level = next;
        }
    }
    return texts.join('\n');
}

/** The files under `dir`, recursively. */
function filesUnder(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(dir, file))
        .filter((file) => statSync(file).isFile());
}

/**
 * The extension's log files (the "Avalanche Explorer" output channel) and the extension host's,
 * as written so far; undefined where the host keeps them elsewhere (no run folder).
 */
export function logFilesText(): { files: string[]; text: string } | undefined {
    const runDir = testEnv().runDir;
    if (!runDir) return undefined;
    const files = filesUnder(path.join(runDir, 'user-data', 'logs')).filter((file) =>
        /Avalanche Explorer|exthost/.test(path.basename(file)),
    );
    return { files, text: files.map((file) => readFileSync(file, 'utf8')).join('\n') };
}
