/**
 * Pure formatting for trees, hovers and tooltips: token amounts with exact bigint arithmetic (a
 * float would turn 18-decimal balances into approximations) in the one display locale,
 * shortened ids, timestamps, percentages,
 * and the Markdown escaping that keeps text from the chain (token names, memos, metadata: anything
 * an attacker can write) from ever becoming Markdown markup, links or HTML.
 */
import { parseUrl } from './httpUrl';
import { indexAfterCodePoints, indexBeforeLastCodePoints, inertLine } from './text/inert';

export { revealInvisible } from './text/inert';

/**
 * The separators numbers are written with for people. Machine-readable output (CSV and JSON
 * exports, a panel cell's raw value, copied values, times in agent answers) never uses them: it
 * keeps plain digits, `.` as the decimal point and no grouping.
 */
export interface NumberSeparators {
    readonly group: string;
    readonly decimal: string;
}

const enUsSeparators: NumberSeparators = { group: ',', decimal: '.' };
const plainSeparators: NumberSeparators = { group: '', decimal: '.' };

/**
 * Whom a text is written for. `person` (the default): the display locale's separators, times in
 * its words with the time zone named, relative times in its language. `agent`: what a program
 * reads back without guessing the locale: plain digits (`.` as the decimal point, no grouping),
 * ISO 8601 times in UTC and relative times in English. A parameter, not a switch on the process:
 * the extension host answers a hover and an agent's call at the same time.
 */
export type Audience = 'person' | 'agent';

// The locale lives on the process, not in this module: the build copies this file into each
// bundle that uses it (`dist/main.js`, `dist/core.js`, `dist/hoverOffline.js`, see esbuild.mjs),
// and the copies must agree on what activation chose.
const localeKey = Symbol.for('avalanche-explorer.displayLocale');
type LocaleHolder = { [localeKey]?: string };

/**
 * Chooses the one locale every number and date for people is written in: VS Code's display
 * language in the extension (`vscode.env.language`, set at activation), the environment's in the
 * MCP server. A tag Intl does not take gives `en-US`. Returns the locale chosen.
 */
export function setDisplayLocale(tag: string | undefined): string {
    let chosen = 'en-US';
    // English, VS Code's default, asks Intl nothing at activation.
    if (tag !== undefined && !isEnglishUs(tag)) {
        try {
            const [canonical] = Intl.getCanonicalLocales(tag);
            if (canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0) {
                chosen = canonical;
            }
        } catch {
            // A malformed tag: the default stays.
        }
    }
    (globalThis as LocaleHolder)[localeKey] = chosen;
    return chosen;
}

/** The locale chosen by `setDisplayLocale` (`en-US` until then). */
export function displayLocale(): string {
    return (globalThis as LocaleHolder)[localeKey] ?? 'en-US';
}

/**
 * A POSIX locale from the environment (`de_DE.UTF-8`, as `LC_ALL`, `LC_NUMERIC` or `LANG` hold
 * it) as a BCP 47 tag (`de-DE`); `C`, `POSIX` and empty values give undefined.
 */
export function localeFromEnvironment(
    env: Readonly<Record<string, string | undefined>>,
): string | undefined {
    const value = [env['LC_ALL'], env['LC_NUMERIC'], env['LANG']].find((v) => v && v.trim());
    const tag = value?.trim().split(/[.@]/)[0]?.replace(/_/g, '-');
    return !tag || tag === 'C' || tag === 'POSIX' ? undefined : tag;
}

let separators: { readonly locale: string; readonly value: NumberSeparators } | undefined;

/** The display locale's separators (three-digit groups, as in most locales), or an agent's. */
function numberSeparators(audience: Audience = 'person'): NumberSeparators {
    if (audience === 'agent') return plainSeparators;
    const locale = displayLocale();
    if (separators?.locale === locale) return separators.value;
    let value = enUsSeparators;
    // English needs no locale data; another locale's is read on the first number that needs
    // it, as ICU's first use costs tens of milliseconds (bench/hoversBench.ts).
    if (!isEnglishUs(locale)) {
        const parts: Record<string, string> = {};
        try {
            for (const part of new Intl.NumberFormat(locale).formatToParts(1234567.5)) {
                parts[part.type] = part.value;
            }
        } catch {
            // Keep en-US's.
        }
        value = { group: parts['group'] ?? ',', decimal: parts['decimal'] ?? '.' };
    }
    separators = { locale, value };
    return value;
}

/**
 * Text written for a person with `formatNumber` and its kin, given back with an agent's
 * separators: no digit groups and `.` as the decimal point (`1.234,5 AVAX` in de-DE and
 * `1,234.5 AVAX` in en-US both give `1234.5 AVAX`). Only separators between two digits change,
 * so words and lists in the text stay as they are. Use it on a number's text only.
 */
export function agentNumberText(text: string): string {
    const { group, decimal } = numberSeparators('person');
    const escape = (c: string): string => c.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
    // One pass, so that in de-DE a group's `.` is never read back as a decimal point.
    const between = new RegExp(
        `(?<=\\d)(?:${[group, decimal].filter(Boolean).map(escape).join('|')})(?=\\d)`,
        'g',
    );
    return text.replace(between, (separator) => (separator === decimal ? '.' : ''));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (milliseconds since 1970) as a date and time in the display locale and the local time
 * zone, as the panels show times: `Mar 30, 2022, 8:34:46 PM` in en-US, `30.03.2022, 20:34:46` in
 * de-DE. `style` `time` gives the time alone. Out-of-range values give ''.
 */
export function formatLocalTime(ms: number, style: 'dateTime' | 'time' = 'dateTime'): string {
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '';
    const locale = displayLocale();
    const key = `${locale} ${style}`;
    let format = dateTimeFormats.get(key);
    if (!format) {
        format = new Intl.DateTimeFormat(
            locale,
            style === 'time'
                ? { timeStyle: 'medium' }
                : { dateStyle: 'medium', timeStyle: 'medium' },
        );
        dateTimeFormats.set(key, format);
    }
    return format.format(ms);
}

/**
 * A number for people in the display locale (grouped, at most `maxFractionDigits` fraction digits,
 * 0 by default). For counts and measures held in a `number`; token amounts go through
 * `formatAmount`, which is exact.
 */
export function formatNumber(
    value: number,
    maxFractionDigits = 0,
    audience: Audience = 'person',
): string {
    // Past 1e21 toFixed writes an exponent; such a count does not occur in what is shown.
    if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
    const negative = value < 0;
    const [whole = '0', fraction = ''] = Math.abs(value)
        .toFixed(Math.min(Math.max(maxFractionDigits, 0), 20))
        .split('.');
    const trimmed = fraction.replace(/0+$/, '');
    const { group, decimal } = numberSeparators(audience);
    const body = `${groupDigits(whole, group)}${trimmed ? `${decimal}${trimmed}` : ''}`;
    return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * A number with exactly `digits` fraction digits (`toFixed`) and the display locale's decimal
 * point, ungrouped: `2.4`, `2,4` in de-DE. For short measures such as durations.
 */
export function formatFixed(value: number, digits: number, audience: Audience = 'person'): string {
    return value.toFixed(digits).replace('.', numberSeparators(audience).decimal);
}

/** Decimals of nAVAX, the unit of P-Chain and X-Chain amounts. */
export const nAvaxDecimals = 9;
/** Decimals of wei, the unit of C-Chain and EVM native amounts. */
export const weiDecimals = 18;

/** Options of `formatUnits`. */
export interface FormatUnitsOptions {
    /**
     * Round (half away from zero) to at most this many fraction digits. Absent: exact, with
     * every significant digit.
     */
    maxFractionDigits?: number | undefined;
}

const integerText = /^-?\d+$/;
const hexText = /^-?0x[0-9a-fA-F]+$/;

/**
 * Reads an integer amount: a bigint, a safe integer, a string of decimal digits or `0x` hex
 * (optionally with a leading `-`). Throws RangeError for anything else.
 */
export function parseInteger(raw: string | bigint | number): bigint {
    if (typeof raw === 'bigint') return raw;
    if (typeof raw === 'number') {
        if (Number.isSafeInteger(raw)) return BigInt(raw);
        throw new RangeError(`Not a safe integer: ${raw}`);
    }
    const text = raw.trim();
    if (integerText.test(text)) return BigInt(text);
    if (hexText.test(text)) {
        return text.startsWith('-') ? -BigInt(text.slice(1)) : BigInt(text);
    }
    throw new RangeError(`Not an integer amount: ${JSON.stringify(raw.slice(0, 40))}`);
}

/**
 * True when an integer amount (a decimal string, bigint or number) is above zero; text that is no
 * integer is not. Uint64 fields (weights, balances) are decimal strings, so `> 0` cannot be used.
 */
export function isPositiveAmount(raw: string | bigint | number): boolean {
    try {
        return parseInteger(raw) > 0n;
    } catch {
        return false;
    }
}

function checkDecimals(decimals: number): void {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
        throw new RangeError(`decimals must be an integer from 0 to 255, not ${decimals}`);
    }
}

/**
 * Splits an integer amount into whole and fraction digits for `decimals`, rounding when
 * `maxFractionDigits` asks for fewer. Trailing zeros of the fraction are dropped.
 */
function toDecimal(
    raw: string | bigint | number,
    decimals: number,
    maxFractionDigits: number | undefined,
): { negative: boolean; whole: string; fraction: string; roundedAway: boolean } {
    checkDecimals(decimals);
    const value = parseInteger(raw);
    const negative = value < 0n;
    const magnitude = negative ? -value : value;
    let digits = decimals;
    let scaled: bigint;
    if (maxFractionDigits !== undefined && maxFractionDigits < decimals) {
        if (!Number.isInteger(maxFractionDigits) || maxFractionDigits < 0) {
            throw new RangeError(
                `maxFractionDigits must be an integer >= 0, not ${maxFractionDigits}`,
            );
        }
        digits = maxFractionDigits;
        const step = 10n ** BigInt(decimals - digits);
        scaled = magnitude / step;
        if ((magnitude % step) * 2n >= step) scaled += 1n;
    } else {
        scaled = magnitude;
    }
    const unit = 10n ** BigInt(digits);
    const whole = (scaled / unit).toString();
    const fraction =
        digits === 0 ? '' : (scaled % unit).toString().padStart(digits, '0').replace(/0+$/, '');
    return { negative, whole, fraction, roundedAway: scaled === 0n && magnitude !== 0n };
}

/**
 * An integer amount in the smallest unit as a decimal number of whole units, exactly:
 * `formatUnits('1500000000000000000', 18)` is `'1.5'`. No grouping; `-` for negative amounts.
 */
export function formatUnits(
    raw: string | bigint | number,
    decimals: number,
    options: FormatUnitsOptions = {},
): string {
    const { negative, whole, fraction } = toDecimal(raw, decimals, options.maxFractionDigits);
    const body = fraction ? `${whole}.${fraction}` : whole;
    return negative && body !== '0' ? `-${body}` : body;
}

/**
 * Inserts the display locale's group separator (`,` in en-US, `.` in de-DE) between groups of
 * three digits of a whole number given as digits.
 */
export function groupDigits(digits: string, separator = numberSeparators().group): string {
    // A loop, not the usual /\B(?=(\d{3})+(?!\d))/ replace: that lookahead rescans the rest of
    // the number at every position, and a 100,000-digit amount from the chain took 10 s.
    const head = digits.length % 3 || 3;
    const groups = [digits.slice(0, head)];
    for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
    return groups.join(separator);
}

/** Options of `formatAmount`, `formatNAvax` and `formatWei`. */
export interface FormatAmountOptions {
    /** Default 6. Amounts that round to zero but are not zero show as `< 0.000001`. */
    maxFractionDigits?: number | undefined;
    /** `person` by default; `agent`: plain digits. */
    audience?: Audience | undefined;
}

/**
 * An amount for people: whole units with the display locale's separators (en-US below), rounded to 6 fraction digits
 * (by default), followed by the symbol: `formatAmount('1234567890000', 9, 'AVAX')` is
 * `'1,234.56789 AVAX'`. Input that is not an integer is returned as it came (plus the symbol),
 * so that odd data shows up rather than throwing in a tree. The result is plain text: escape it
 * before putting it into Markdown.
 */
export function formatAmount(
    raw: string | bigint | number,
    decimals: number,
    symbol?: string,
    options: FormatAmountOptions = {},
): string {
    const suffix = symbol ? ` ${symbol}` : '';
    const maxFractionDigits = options.maxFractionDigits ?? 6;
    let parts: ReturnType<typeof toDecimal>;
    try {
        parts = toDecimal(raw, decimals, maxFractionDigits);
    } catch {
        return `${String(raw)}${suffix}`;
    }
    const { group, decimal } = numberSeparators(options.audience);
    if (parts.roundedAway) {
        const smallest =
            maxFractionDigits === 0 ? '1' : `0${decimal}${'0'.repeat(maxFractionDigits - 1)}1`;
        return `${parts.negative ? '> -' : '< '}${smallest}${suffix}`;
    }
    const whole = groupDigits(parts.whole, group);
    const body = parts.fraction ? `${whole}${decimal}${parts.fraction}` : whole;
    return `${parts.negative && body !== '0' ? '-' : ''}${body}${suffix}`;
}

/** nAVAX (P-/X-Chain amounts) as AVAX: `formatNAvax('1000000000')` is `'1 AVAX'`. */
export function formatNAvax(
    raw: string | bigint | number,
    options: FormatAmountOptions = {},
): string {
    return formatAmount(raw, nAvaxDecimals, 'AVAX', options);
}

/** wei (C-Chain and EVM native amounts) as whole tokens, AVAX unless another symbol is given. */
export function formatWei(
    raw: string | bigint | number,
    symbol = 'AVAX',
    options: FormatAmountOptions = {},
): string {
    return formatAmount(raw, weiDecimals, symbol, options);
}

/**
 * A whole number with thousands separators (`1234567` → `1,234,567`), none for an agent; other
 * input as it came.
 */
export function formatInteger(
    raw: string | bigint | number,
    audience: Audience = 'person',
): string {
    try {
        const value = parseInteger(raw);
        const text = groupDigits(
            (value < 0n ? -value : value).toString(),
            numberSeparators(audience).group,
        );
        return value < 0n ? `-${text}` : text;
    } catch {
        return String(raw);
    }
}

/**
 * A US dollar value: `$15,169` from 100 up, else with cents (`$12.50`), `-$3.20` below zero, with
 * the display locale's separators (`$15.169`, `$12,50` in de-DE). Written out rather than with `Intl.NumberFormat`'s currency style, whose
 * first use loads ICU's locale data: tens of milliseconds that the first hover paid.
 */
export function formatUsd(value: number, audience: Audience = 'person'): string {
    if (!Number.isFinite(value)) return '';
    const cents = value < 100;
    const magnitude = Math.abs(value);
    let whole: string;
    let fraction = '';
    if (magnitude >= 1e21) {
        // Past toFixed's range; such a value has no cents to show.
        whole = BigInt(magnitude).toString();
        if (cents) fraction = '00';
    } else {
        // Rounded on the shortest decimal form, as Intl does (1.005 is $1.01, not $1.00).
        const rounded = !cents
            ? Math.round(magnitude)
            : magnitude < 1e-6
              ? 0
              : Math.round(Number(`${magnitude}e2`)) / 100;
        [whole = '0', fraction = ''] = rounded.toFixed(cents ? 2 : 0).split('.');
    }
    const sign = value < 0 || Object.is(value, -0) ? '-' : '';
    const { group, decimal } = numberSeparators(audience);
    return `${sign}$${groupDigits(whole, group)}${fraction ? `${decimal}${fraction}` : ''}`;
}

/**
 * A long id cut in the middle: `shortenId('0x1234567890abcdef', 6, 4)` is `'0x1234…cdef'`.
 * Ids short enough to show whole are returned unchanged.
 */
export function shortenId(id: string, head = 8, tail = 6): string {
    if (id.length <= head + tail + 1) return id;
    // Only the two ends are walked: a hostile value may be megabytes long.
    const headEnd = indexAfterCodePoints(id, 0, head);
    const tailStart = indexBeforeLastCodePoints(id, tail);
    if (indexAfterCodePoints(id, headEnd, 1) >= tailStart) return id;
    return `${id.slice(0, headEnd)}…${id.slice(tailStart)}`;
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['week', 7 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
];

/** English, the default display language, is written out: it asks ICU for no locale data. */
function isEnglishUs(locale: string): boolean {
    return /^en(-US)?$/i.test(locale);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string, numeric: 'always' | 'auto'): Intl.RelativeTimeFormat {
    const key = `${locale} ${numeric}`;
    let format = relativeFormats.get(key);
    if (!format) {
        format = new Intl.RelativeTimeFormat(locale, { numeric });
        relativeFormats.set(key, format);
    }
    return format;
}

/**
 * How long ago (or ahead) a UNIX time in seconds is: `3 minutes ago`, `in 2 days`, `just now`
 * within 5 seconds, for a person in the display locale (`vor 3 Minuten` in de-DE, through
 * `Intl.RelativeTimeFormat`), for an agent in English. `nowMs` is injectable for tests. English
 * is written out rather than asked of `Intl.RelativeTimeFormat`, whose first use loads ICU's
 * locale data: tens of milliseconds that the first hover of a session paid
 * (bench/hoversBench.ts).
 */
export function relativeTime(
    seconds: number,
    nowMs: number = Date.now(),
    audience: Audience = 'person',
): string {
    if (!Number.isFinite(seconds)) return '';
    const delta = seconds - nowMs / 1000;
    const magnitude = Math.abs(delta);
    const locale = audience === 'agent' ? 'en-US' : displayLocale();
    const english = isEnglishUs(locale);
    if (magnitude < 5) {
        return english ? 'just now' : relativeFormat(locale, 'auto').format(0, 'second');
    }
    for (const [unit, size] of relativeUnits) {
        if (magnitude >= size || unit === 'second') {
            const count = Math.floor(magnitude / size);
            if (!english)
                return relativeFormat(locale, 'always').format(delta < 0 ? -count : count, unit);
            const span = `${formatInteger(count, audience)} ${unit}${count === 1 ? '' : 's'}`;
            return delta < 0 ? `${span} ago` : `in ${span}`;
        }
    }
    return '';
}

/** The ISO 8601 form of a UNIX time in seconds, without milliseconds: `2022-03-30T20:34:46Z`. */
export function isoTime(seconds: number): string | undefined {
    const ms = seconds * 1000;
    if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
    return new Date(ms).toISOString().replace('.000Z', 'Z');
}

const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const utcFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A UNIX time in seconds as a date and time: for a person in the display locale and in UTC,
 * named (`Mar 30, 2022, 8:34:46 PM UTC`, `30.03.2022, 20:34:46 UTC` in de-DE): the extension
 * host that writes trees and hovers may run on another machine than the person's, in another
 * time zone, so its local time would be a guess. For an agent ISO 8601 (`2022-03-30T20:34:46Z`).
 * A value that is not a valid time gives undefined.
 */
export function formatTime(seconds: number, audience: Audience = 'person'): string | undefined {
    const iso = isoTime(seconds);
    if (iso === undefined || audience === 'agent') return iso;
    const locale = displayLocale();
    const date = new Date(seconds * 1000);
    // Intl's en-US medium date and long time, written out (see `relativeTime`); the years Intl
    // writes otherwise (before 1000, negative) are left to it.
    if (isEnglishUs(locale) && date.getUTCFullYear() >= 1000) {
        const hours = date.getUTCHours();
        const pad = (n: number): string => String(n).padStart(2, '0');
        return `${months[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hours % 12 || 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'} UTC`;
    }
    let format = utcFormats.get(locale);
    if (!format) {
        format = new Intl.DateTimeFormat(locale, {
            dateStyle: 'medium',
            timeStyle: 'long',
            timeZone: 'UTC',
        });
        utcFormats.set(locale, format);
    }
    return format.format(date);
}

/**
 * A UNIX time in seconds as a date and time plus how long ago (`formatTime` and `relativeTime`):
 * `Mar 30, 2022, 8:34:46 PM UTC (2 years ago)` for a person in en-US,
 * `2022-03-30T20:34:46Z (2 years ago)` for an agent. A value that is not a valid time is
 * returned as text.
 */
export function formatTimestamp(
    seconds: number,
    nowMs: number = Date.now(),
    audience: Audience = 'person',
): string {
    const time = formatTime(seconds, audience);
    return time === undefined
        ? String(seconds)
        : `${time} (${relativeTime(seconds, nowMs, audience)})`;
}

/**
 * A percentage with fixed fraction digits: `formatPercent(99.5)` is `'99.50%'`. AvalancheGo sends
 * percentages as strings (`"100.0000"`), which are accepted; `fraction: true` reads 0.995 as 99.5%.
 * Anything that is not a number gives `'n/a'`.
 */
export function formatPercent(
    value: number | string,
    options: { fractionDigits?: number; fraction?: boolean; audience?: Audience } = {},
): string {
    const number = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(number)) return 'n/a';
    const percent = options.fraction ? number * 100 : number;
    const { decimal } = numberSeparators(options.audience);
    return `${percent.toFixed(options.fractionDigits ?? 2).replace('.', decimal)}%`;
}

/** Longest text `escapeMarkdown` keeps, in characters, before cutting with an ellipsis. */
const defaultMaxMarkdownLength = 256;

// Everything CommonMark (and VS Code's GFM flavour) could read as syntax: emphasis, code, links,
// images, headings, lists, tables, strikethrough, HTML and entities (`&`), and autolinks (`:`,
// `.` in `www.`, `@` in e-mail addresses). Escaping `:` is what keeps `command:` and
// `javascript:` from ever forming a link.
const markdownSyntax = /[\\`*_{}[\]()#+\-.!|~<>&:@"'=$^%]/g;

/**
 * Makes any string safe inside VS Code Markdown (hovers, tooltips): made inert by the one rule of
 * `text/inert.ts` (one line, control characters gone, bidi and invisible ones shown as markers,
 * cut to `maxLength` characters with an ellipsis), then every character Markdown could read as
 * syntax is backslash-escaped.
 */
export function escapeMarkdown(text: unknown, options: { maxLength?: number } = {}): string {
    // Not `asText`: callers pass numbers and the odd undefined, and expect to see them.
    const value = typeof text === 'string' ? text : String(text);
    return inertLine(value, options.maxLength ?? defaultMaxMarkdownLength).replace(
        markdownSyntax,
        '\\$&',
    );
}

/**
 * Inline code for Markdown, safe for any text: cleaned like `escapeMarkdown` (no escaping is
 * needed inside a code span) and fenced with more backticks than the text contains in a row.
 */
export function markdownCode(text: unknown, options: { maxLength?: number } = {}): string {
    const value = inertLine(
        typeof text === 'string' ? text : String(text),
        options.maxLength ?? defaultMaxMarkdownLength,
    );
    let longest = 0;
    for (const run of value.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
    const fence = '`'.repeat(longest + 1);
    // A space on each side keeps a leading or trailing backtick from joining the fence.
    let padded = value;
    if (value === '') padded = ' ';
    else if (value.startsWith('`') || value.endsWith('`')) padded = ` ${value} `;
    return `${fence}${padded}${fence}`;
}

/**
 * The link target if it is a plain `https:` or `http:` URL, else undefined: `command:`,
 * `javascript:`, `file:`, `data:` and relative targets are never returned.
 */
export function safeLinkTarget(url: string): string | undefined {
    const parsed = parseUrl(url);
    if (parsed === undefined) return undefined;
    // `href` percent-encodes spaces, quotes and angle brackets; parentheses are encoded too
    // because they would end the Markdown link target early.
    return parsed.href.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/**
 * A Markdown link whose label is escaped and whose target must be http(s); any other target
 * (for example `command:` or `javascript:` from hostile metadata) yields the escaped label alone.
 */
export function markdownLink(
    label: unknown,
    url: string,
    options: { maxLength?: number } = {},
): string {
    const text = escapeMarkdown(label, options);
    const target = safeLinkTarget(url);
    return target === undefined ? text : `[${text}](${target})`;
}
