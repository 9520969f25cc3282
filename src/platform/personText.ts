/**
 * Core's sentences in the words a person reads: VS Code's display language, through the same
 * `vscode.l10n.t` and `l10n/` bundles as the extension's own strings. Core cannot import `vscode`,
 * so its errors carry their sentences as phrases (`core/text/phrase.ts`) and the places where an
 * error becomes a toast, a tree row, a panel's error or a lens title pass this to `formatError`.
 * Agents are not given it: the language-model tools and the MCP server answer in English, one
 * language for agents as they get one number form (`Audience` in `core/format.ts`).
 */
import * as vscode from 'vscode';

import type { Translate } from '../core/text/phrase';

/** `vscode.l10n.t` as a phrase's translator (the arguments arrive translated already). */
export const translateForPerson: Translate = (template, ...args) =>
    vscode.l10n.t(template, ...args);
