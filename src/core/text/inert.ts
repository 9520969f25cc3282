/**
 * The one rule for text that comes from a peer (a node, a chain RPC, the Data API, a workspace
 * file, an agent's argument) before any surface shows it: hovers, trees, tooltips, the status
 * bar, quick picks, lens titles, notifications, panels and agent answers, success and error
 * alike. The text is bounded (cut without first copying what will be dropped: a 96 MiB version
 * string must not become a 96 MiB array on the way to 300 characters), kept on one line (control
 * characters and line or paragraph separators cannot start a line of their own or forge one),
 * and its invisible and direction-changing characters are shown as markers (`⟨U+202E⟩`), so
 * that no value can reverse, hide or pose as another. Markup is the surface's own business:
 * Markdown surfaces escape on top of this (`escapeMarkdown` in `format.ts`), and labels that
 * render `$(icon)` syntax use {@link inertLabel}.
 */

/** How much of a raw string is looked at per character kept: markers and surrogates need slack. */
const slackPerChar = 2;

// Unicode Cf: bidi overrides and isolates, zero-width characters, the BOM, tag characters.
const invisibleChar = /\p{Cf}/gu;
// With the `u` flag only unpaired surrogates match \p{Cs}; they would render as garbage.
const loneSurrogate = /\p{Cs}/gu;
// Control characters (Cc) and line or paragraph separators (Zl, Zp), in runs, with a space on
// either side: the run becomes one space.
const breaking = / ?[\p{Cc}\p{Zl}\p{Zp}]+ ?/gu;
// Space to tilde, and the ellipsis cuts end with: no Cc, Cf, Cs, Zl or Zp among them.
const printableAscii = /^[\x20-\x7e\u2026]*$/;

/**
 * `text` cut to at most `max` code points, the last of them `…` when anything was cut. Only the
 * kept part is read and copied, so the cost does not grow with the length of `text`.
 */
export function cutText(text: string, max: number): string {
    if (text.length <= max) return text;
    if (max <= 0) return '';
    const end = indexAfterCodePoints(text, 0, max);
    // A text of at most `max` code points fits whole.
    if (end >= text.length) return text;
    return `${text.slice(0, indexAfterCodePoints(text, 0, max - 1))}…`;
}

/** The index `count` code points after `from` (or the end of `text`); reads only those. */
export function indexAfterCodePoints(text: string, from: number, count: number): number {
    let index = from;
    for (let n = 0; n < count && index < text.length; n++) {
        index += isPairAt(text, index) ? 2 : 1;
    }
    return index;
}

/** The index `count` code points before the end of `text` (or 0); reads only those. */
export function indexBeforeLastCodePoints(text: string, count: number): number {
    let index = text.length;
    for (let n = 0; n < count && index > 0; n++) {
        index -= index >= 2 && isPairAt(text, index - 2) ? 2 : 1;
    }
    return index;
}

function isPairAt(text: string, index: number): boolean {
    const high = text.charCodeAt(index);
    if (high < 0xd800 || high > 0xdbff) return false;
    const low = text.charCodeAt(index + 1);
    return low >= 0xdc00 && low <= 0xdfff;
}

/**
 * Invisible and direction-changing characters (Unicode Cf) shown as a visible marker such as
 * `⟨U+202E⟩`. Dropping them silently would still let a name pose as another (`A\u200BVAX` beside
 * `AVAX`); acting on them lets `\u202eevil.exe\u202c gnp.txt` read as `exe.live gnp.txt`.
 */
export function revealInvisible(text: string): string {
    return text.replace(
        invisibleChar,
        (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
    );
}

/** Any value as text: strings as they are, objects as JSON, nothing for null and undefined. */
export function asText(value: unknown): string {
    if (typeof value === 'string') return value;
    if (value === undefined || value === null) return '';
    if (typeof value === 'object') {
        try {
            return JSON.stringify(value) ?? '';
        } catch {
            return '';
        }
    }
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
        return String(value);
    }
    return typeof value === 'symbol' ? value.toString() : '';
}

/**
 * A peer's value as one inert line of at most `max` characters: lone surrogates become U+FFFD,
 * runs of control characters and line separators one space, invisible and bidi characters
 * markers. Only a bounded prefix of a long `value` is looked at.
 */
export function inertLine(value: unknown, max: number): string {
    let text = asText(value);
    // The prefix is a cheap slice: nothing past it can survive the cut below.
    if (text.length > max * slackPerChar + 8) text = text.slice(0, max * slackPerChar + 8);
    // Printable ASCII has nothing the three Unicode scans below change, and it is most of what
    // they are given (names, decoded calls, hex): one plain scan instead of three.
    if (!printableAscii.test(text)) {
        text = revealInvisible(text.replace(loneSurrogate, '\uFFFD').replace(breaking, ' '));
    }
    return cutText(text, max);
}

/**
 * {@link inertLine}, keeping line breaks: for multi-line text a surface shows as lines of its
 * own (a panel's note, an agent answer's quoted error). Carriage returns, other control
 * characters become spaces, and line and paragraph separators line breaks.
 */
export function inertLines(value: unknown, max: number): string {
    let text = asText(value);
    if (text.length > max * slackPerChar + 8) text = text.slice(0, max * slackPerChar + 8);
    text = text
        .replace(loneSurrogate, '\uFFFD')
        .replace(/\r\n?|[\u2028\u2029]/g, '\n')
        .replace(/[^\P{Cc}\n]+/gu, ' ');
    return cutText(revealInvisible(text), max);
}

/**
 * {@link inertLine} for VS Code labels that render `$(name)` as an icon: quick pick items, the
 * status bar, CodeLens titles. A backslash before `$(` shows it as written (VS Code's own
 * `escapeIcons` does the same), so a chain name cannot draw an icon or pose as a spinner.
 */
export function inertLabel(value: unknown, max: number): string {
    return inertLine(value, max).replace(/\$\(/g, '\\$(');
}

/**
 * {@link inertLine} for a notification's message, which VS Code scans for `[label](target)`
 * links (`command:` ones included): square brackets go, so no link can form from a peer's text.
 */
export function inertNotice(value: unknown, max: number): string {
    return inertLine(value, max).replace(/[[\]]/g, '');
}
