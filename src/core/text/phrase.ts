/**
 * A sentence of core that a person may read, kept as its template and arguments so that the
 * extension can translate it where it shows it, while core stays free of `vscode`. The template
 * uses `vscode.l10n.t`'s placeholders (`{0}`, `{1}`, …) and is always written as a string literal
 * in the call to {@link phrase}: `test/unit/project/localisation.test.ts` collects those literals
 * into `l10n/bundle.l10n.json`, as it does the `vscode.l10n.t` ones. What a peer or a person
 * supplied (a server's text, a URL, an id, a value) is an argument, never part of a template.
 *
 * Errors keep their English `message` (logs, agents, the MCP server) and carry the phrase beside
 * it; `commands/formatError.ts` turns it into the person's language.
 */

/** A sentence as a template and its arguments; an argument may be a phrase of its own. */
export interface Phrase {
    /** A string literal of the source, with `{0}`, `{1}`, … for the arguments. */
    readonly template: string;
    readonly args: readonly PhraseArg[];
}

/** What fills a placeholder: text or a number as it is, or a phrase translated first. */
export type PhraseArg = string | number | Phrase;

/**
 * Translates a template and fills it, with `vscode.l10n.t`'s signature; the arguments arrive
 * already translated.
 */
export type Translate = (template: string, ...args: (string | number)[]) => string;

/**
 * A phrase: `template` must be a string literal (the bundle is extracted from the source), with
 * `{n}` for the n-th of `args`.
 */
export function phrase(template: string, ...args: PhraseArg[]): Phrase {
    return { template, args };
}

/** True for a value shaped as a {@link Phrase} (errors cross bundles, so no class to test). */
export function isPhrase(value: unknown): value is Phrase {
    return (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { template?: unknown }).template === 'string' &&
        Array.isArray((value as { args?: unknown }).args)
    );
}

/**
 * Fills `template`'s placeholders in one pass, as `vscode.l10n.t` does: an argument holding
 * `{1}` stays as it is. A placeholder without an argument is left as written.
 */
export function fillTemplate(template: string, ...args: (string | number)[]): string {
    return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
        const arg = args[Number(index)];
        return arg === undefined ? whole : String(arg);
    });
}

/** The phrase in the words of `translate`, its nested phrases translated first. */
export function phraseText(p: Phrase, translate: Translate): string {
    const args = p.args.map((arg) => (isPhrase(arg) ? phraseText(arg, translate) : arg));
    return translate(p.template, ...args);
}

/**
 * An error's sentence in the words of `translate`: its phrase when it carries one (core's errors
 * keep it beside their English `message`), else its `message`; undefined when it has neither.
 */
export function errorSentence(error: unknown, translate: Translate): string | undefined {
    if (typeof error !== 'object' || error === null) return undefined;
    const { phrase: sentence, message } = error as { phrase?: unknown; message?: unknown };
    if (isPhrase(sentence)) return phraseText(sentence, translate);
    return typeof message === 'string' ? message : undefined;
}

/** The phrase in English, as core's messages are written. */
export function englishText(p: Phrase): string {
    return phraseText(p, fillTemplate);
}
