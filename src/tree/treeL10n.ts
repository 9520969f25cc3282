/**
 * The trees' words in VS Code's display language. The sources build their rows in
 * `dist/treeSources.js` and some of them are unit-tested in plain Node, where `vscode` cannot be
 * imported; so they call `l10n.t` from here, which is English (the template filled) until
 * `registerTrees.ts` loads the bundle and hands it `vscode.l10n.t`. Written `l10n.t('…')`, the
 * literals join `l10n/bundle.l10n.json` as the direct calls do (test/unit/project/localisation.test.ts).
 */
import type { NodeProblem } from '../core/summaries/nodeProblems';
import {
    errorSentence,
    fillTemplate,
    type Phrase,
    phraseText,
    type Translate,
} from '../core/text/phrase';

let translate: Translate = fillTemplate;

/** `vscode.l10n.t`'s shape: a string literal template with `{0}`, `{1}`, … for the values. */
export const l10n = {
    t: (template: string, ...args: (string | number)[]): string => translate(template, ...args),
};

/** Core's phrase (src/core/text/phrase.ts) in the trees' language. */
function treePhrase(p: Phrase): string {
    return phraseText(p, translate);
}

/** Called once the bundle is loaded, with `vscode.l10n.t` (`platform/personText.ts`). */
export function useTreeTranslator(t: Translate): void {
    translate = t;
}

/** A node problem's sentence (src/core/summaries/nodeProblems.ts) in the trees' language. */
export function problemText(problem: NodeProblem): string {
    return problem.messagePhrase ? treePhrase(problem.messagePhrase) : problem.message;
}

/** A node problem's remedy in the trees' language; empty when it has none. */
export function remedyText(problem: NodeProblem): string {
    return problem.remedyPhrase ? treePhrase(problem.remedyPhrase) : (problem.remedy ?? '');
}

/** An error's sentence in the trees' language: its phrase when it carries one, else its message. */
export function errorText(error: unknown): string {
    return errorSentence(error, translate) ?? String(error);
}
