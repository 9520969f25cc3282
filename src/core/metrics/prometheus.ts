/**
 * A streaming reader of the Prometheus text exposition format (version 0.0.4, which AvalancheGo's
 * `/ext/metrics` serves through client_golang's `promhttp`), with the OpenMetrics additions a
 * scraper meets in the wild (`# EOF`, exemplars after ` # `, quoted metric names inside the
 * braces): https://prometheus.io/docs/instrumenting/exposition_formats/ and
 * https://github.com/prometheus/OpenMetrics/blob/main/specification/OpenMetrics.md.
 *
 * Hand-written rather than taken from npm: the one maintained-looking package,
 * `parse-prometheus-text-format` (1.1.1), parses a whole string (the page and its array of lines
 * in memory at once), keeps every family, folds a labelled histogram's buckets of several label
 * sets into one map, and keeps values as strings. A scrape here must cost memory in proportion to
 * what the dashboard shows, not to what the node sends, so this reader takes the answer chunk by
 * chunk (`HttpRequest.sink`), keeps only the families asked for, up to a number of series, and
 * counts the rest: a page of a million series costs a count, and a line longer than
 * `maxLineChars` is skipped without being held.
 *
 * Values: floats in Go's notation, `NaN`, `+Inf`, `-Inf`. Label values and help texts come from
 * the node: they are unescaped (`\\`, `\"`, `\n`), then cut and made inert (`core/text/inert.ts`).
 */
import { StringDecoder } from 'node:string_decoder';

import { inertLine } from '../text/inert';

/** A family's type as declared by its `# TYPE` line; `untyped` without one. */
export type MetricType =
    'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped' | 'info' | 'stateset' | 'unknown';

/** One sample line. */
export interface MetricSample {
    /** The sample's own name: a histogram's `…_bucket`, `…_sum`, `…_count` included. */
    readonly name: string;
    readonly labels: Readonly<Record<string, string>>;
    readonly value: number;
    readonly timestampMs?: number | undefined;
}

/** A family: its samples in the order the page gave them. */
export interface MetricFamily {
    readonly name: string;
    type: MetricType;
    help: string;
    readonly samples: MetricSample[];
}

/** What a parse keeps and how far it goes. */
export interface ParseLimits {
    /** Families to keep (by family name); every family when absent. */
    readonly wanted?: ((family: string) => boolean) | undefined;
    /** Most samples kept; later ones are counted in `droppedSeries`. */
    readonly maxSeries: number;
    /** Longest line read; a longer one is skipped (and counted in `badLines`). */
    readonly maxLineChars?: number | undefined;
    /** Most characters of a label value or help text kept. */
    readonly maxValueChars?: number | undefined;
}

/** The outcome of one parse. */
export interface ParsedMetrics {
    readonly families: ReadonlyMap<string, MetricFamily>;
    /** Sample lines seen, kept or not. */
    readonly series: number;
    /** Samples kept. */
    readonly kept: number;
    /** Samples of wanted families left out beyond `maxSeries`. */
    readonly droppedSeries: number;
    /** Lines that are not the format (or too long), skipped. */
    readonly badLines: number;
    /** Characters read. */
    readonly chars: number;
    /**
     * The page ended inside a line: the format ends every line with a line feed
     * (https://prometheus.io/docs/instrumenting/exposition_formats/), so it was cut short.
     */
    readonly unterminated: boolean;
}

const defaultMaxLineChars = 64 * 1024;
const defaultMaxValueChars = 200;
/** Sample names whose family is remembered; a page of more distinct names looks the rest up. */
const maxRememberedNames = 10_000;
const suffixes = ['_bucket', '_sum', '_count', '_created', '_total', '_info', '_gsum', '_gcount'];

/**
 * Reads a page chunk by chunk: `write` each chunk as it arrives, then `end` for the result. The
 * UTF-8 decoding streams too, so a character split between two chunks is read whole.
 */
export class PrometheusTextParser {
    /**
     * Node's decoder, not `TextDecoder`: it read a node's page six times faster (0.1 ms against
     * 0.6 ms for 432 KiB), the largest part of a scrape after the lines. It keeps a byte order
     * mark, which `TextDecoder` drops, so `write` drops it.
     */
    private readonly decoder = new StringDecoder('utf8');
    private atStart = true;
    private readonly families = new Map<string, MetricFamily>();
    /** Declared types of the wanted families (the others are never looked up). */
    private readonly types = new Map<string, MetricType>();
    private readonly helps = new Map<string, string>();
    /**
     * Each sample name's family, `null` when it is not wanted: a page repeats a name on every
     * series, and each line otherwise looked its name up under up to eight suffixes, then again
     * in `wanted`. Forgotten when a type is declared, which can change a name's family.
     */
    private readonly familyOfName = new Map<string, string | null>();
    /**
     * The last sample line's name and its family (undefined: not wanted): the series of a family
     * come one after the other, and a line that starts with the same name is not looked up again.
     */
    private lastName = '';
    private lastFamily: string | undefined;
    /** The same for `# HELP` and `# TYPE`, which come in pairs: the name, and whether wanted. */
    private lastComment = '';
    private lastCommentWanted = false;
    private pending = '';
    /** True while the rest of an overlong line is being skipped. */
    private skipping = false;
    private done = false;
    private series = 0;
    private kept = 0;
    private droppedSeries = 0;
    private badLines = 0;
    private unterminated = false;
    private chars = 0;
    private readonly maxLineChars: number;
    private readonly maxValueChars: number;

    constructor(private readonly limits: ParseLimits) {
        this.maxLineChars = limits.maxLineChars ?? defaultMaxLineChars;
        this.maxValueChars = limits.maxValueChars ?? defaultMaxValueChars;
    }

    /** Reads one chunk of the page. */
    write(chunk: Uint8Array | string): void {
        if (this.done) return;
        const text =
            typeof chunk === 'string' ? chunk : this.withoutMark(this.decoder.write(chunk));
        this.chars += text.length;
        this.take(text);
    }

    /** Drops a byte order mark at the start of the decoded page, as `TextDecoder` does. */
    private withoutMark(text: string): string {
        if (!this.atStart || text === '') return text;
        this.atStart = false;
        return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    }

    /** Reads what is left and returns the result. */
    end(): ParsedMetrics {
        if (!this.done) {
            this.take(this.withoutMark(this.decoder.end()));
            // OpenMetrics' closing `# EOF` may come without its line feed.
            this.unterminated = (this.pending !== '' && this.pending !== '# EOF') || this.skipping;
            if (!this.skipping && this.pending !== '') {
                this.line(this.pending, 0, this.pending.length);
            }
            this.pending = '';
            this.done = true;
        }
        for (const [name, family] of this.families) {
            family.type = this.types.get(name) ?? family.type;
            family.help = this.helps.get(name) ?? family.help;
        }
        return {
            families: this.families,
            series: this.series,
            kept: this.kept,
            droppedSeries: this.droppedSeries,
            badLines: this.badLines,
            chars: this.chars,
            unterminated: this.unterminated,
        };
    }

    private take(text: string): void {
        let start = 0;
        if (this.skipping) {
            const newline = text.indexOf('\n');
            if (newline < 0) return;
            this.skipping = false;
            start = newline + 1;
        }
        let newline = text.indexOf('\n', start);
        if (newline >= 0 && this.pending !== '') {
            const line = this.pending + text.slice(start, newline);
            this.pending = '';
            if (line.length > this.maxLineChars) this.badLines++;
            else this.line(line, 0, line.length);
            if (this.done) return;
            start = newline + 1;
            newline = text.indexOf('\n', start);
        }
        while (newline >= 0) {
            if (newline - start > this.maxLineChars) this.badLines++;
            else this.line(text, start, newline);
            if (this.done) return;
            start = newline + 1;
            newline = text.indexOf('\n', start);
        }
        const rest = text.length - start;
        if (this.pending.length + rest > this.maxLineChars) {
            // An endless line: drop what came and what comes until its end.
            this.pending = '';
            this.skipping = true;
            this.badLines++;
            return;
        }
        if (rest > 0) this.pending += text.slice(start);
    }

    /**
     * The line `text[start, end)`. Only a line that is kept is cut out of the chunk: most of a
     * node's page is families the dashboard does not show.
     */
    private line(text: string, start: number, lineEnd: number): void {
        const end =
            lineEnd > start && text.charCodeAt(lineEnd - 1) === 13 /* \r */ ? lineEnd - 1 : lineEnd;
        if (end === start) return;
        if (text.charCodeAt(start) === 35 /* # */) {
            this.comment(text, start, end);
            return;
        }
        this.series++;
        let name: SampleHead | undefined;
        let family: string | undefined;
        const after = start + this.lastName.length;
        const next = text.charCodeAt(after);
        if (
            this.lastName !== '' &&
            after < end &&
            (next === 123 /* { */ || next === 32 || next === 9) &&
            text.startsWith(this.lastName, start)
        ) {
            family = this.lastFamily;
            if (family === undefined) return;
            name = { name: this.lastName, end: after, braces: next === 123 };
        } else {
            name = sampleName(text, start, end);
            if (name === undefined) {
                this.badLines++;
                return;
            }
            family = this.wantedFamily(name.name);
            // A quoted name (in the braces) is not at the line's start.
            if (name.end > start) {
                this.lastName = name.name;
                this.lastFamily = family;
            }
            if (family === undefined) return;
        }
        if (this.kept >= this.limits.maxSeries) {
            this.droppedSeries++;
            return;
        }
        const line = text.slice(start, end);
        const sample = this.sample(line, { ...name, end: name.end - start });
        if (!sample) {
            this.badLines++;
            return;
        }
        let entry = this.families.get(family);
        if (!entry) {
            entry = { name: family, type: 'untyped', help: '', samples: [] };
            this.families.set(family, entry);
        }
        entry.samples.push(sample);
        this.kept++;
    }

    /** `# HELP name text`, `# TYPE name type`, `# EOF`; any other comment is skipped. */
    private comment(line: string, start: number, end: number): void {
        if (end - start === 5 && line.startsWith('# EOF', start)) {
            this.done = true;
            return;
        }
        const help = line.startsWith('# HELP ', start);
        if (!help && !line.startsWith('# TYPE ', start)) return;
        const from = start + 7;
        const found = line.indexOf(' ', from);
        const space = found < 0 || found >= end ? -1 : found;
        const nameEnd = space < 0 ? end : space;
        let name = this.lastComment;
        if (nameEnd - from !== name.length || name === '' || !line.startsWith(name, from)) {
            name = line.slice(from, nameEnd);
            this.lastComment = name;
            this.lastCommentWanted =
                name !== '' && (!this.limits.wanted || this.limits.wanted(name));
        }
        if (!this.lastCommentWanted) return;
        const text = space < 0 ? '' : line.slice(space + 1, end);
        if (help) {
            this.helps.set(name, inertLine(unescapeHelp(text), this.maxValueChars));
        } else {
            if (!this.types.has(name)) {
                this.familyOfName.clear();
                this.lastName = '';
            }
            this.types.set(name, asType(text.trim()));
        }
    }

    /** The family of a sample name, when it is wanted. */
    private wantedFamily(name: string): string | undefined {
        const known = this.familyOfName.get(name);
        if (known !== undefined) return known ?? undefined;
        const family = this.familyOf(name);
        const wanted = !this.limits.wanted || this.limits.wanted(family);
        if (this.familyOfName.size < maxRememberedNames) {
            this.familyOfName.set(name, wanted ? family : null);
        }
        return wanted ? family : undefined;
    }

    /** The family a sample belongs to: itself, or the histogram/summary/counter it suffixes. */
    private familyOf(name: string): string {
        if (this.types.has(name)) return name;
        for (const suffix of suffixes) {
            if (name.endsWith(suffix)) {
                const base = name.slice(0, -suffix.length);
                if (this.types.has(base)) return base;
            }
        }
        return name;
    }

    private sample(line: string, head: SampleHead): MetricSample | undefined {
        let at = head.end;
        let labels: Record<string, string> = {};
        if (head.braces) {
            const parsed = this.labels(line, at);
            if (!parsed) return undefined;
            labels = parsed.labels;
            at = parsed.end;
        }
        // The value, an optional timestamp, and an optional OpenMetrics exemplar after ` # `.
        const rest = line.slice(at).trim();
        const hash = rest.indexOf(' # ');
        const fields = (hash >= 0 ? rest.slice(0, hash) : rest).split(/[ \t]+/);
        if (fields.length < 1 || fields.length > 2 || fields[0] === '') return undefined;
        const value = parseValue(fields[0]!);
        if (value === undefined) return undefined;
        let timestampMs: number | undefined;
        if (fields.length === 2) {
            timestampMs = Number(fields[1]);
            if (!Number.isFinite(timestampMs)) return undefined;
        }
        return timestampMs === undefined
            ? { name: head.name, labels, value }
            : { name: head.name, labels, value, timestampMs };
    }

    /** Reads `{a="x",b="y"}` from `line[at]` (the `{`), with escapes in the values. */
    private labels(
        line: string,
        at: number,
    ): { labels: Record<string, string>; end: number } | undefined {
        const labels: Record<string, string> = Object.create(null) as Record<string, string>;
        let i = at + 1;
        const n = line.length;
        for (;;) {
            while (i < n && (line[i] === ' ' || line[i] === ',')) i++;
            if (i >= n) return undefined;
            if (line[i] === '}') return { labels, end: i + 1 };
            // A quoted label name (OpenMetrics 2 / Prometheus 3), or the quoted metric name.
            let key: string;
            if (line[i] === '"') {
                const quoted = readQuoted(line, i);
                if (!quoted) return undefined;
                key = quoted.text;
                i = quoted.end;
                while (i < n && line[i] === ' ') i++;
                if (line[i] !== '=') continue; // the metric's name, read already
            } else {
                const start = i;
                while (i < n && isNameChar(line.charCodeAt(i))) i++;
                if (i === start) return undefined;
                key = line.slice(start, i);
                while (i < n && line[i] === ' ') i++;
                if (line[i] !== '=') return undefined;
            }
            i++;
            while (i < n && line[i] === ' ') i++;
            const value = readQuoted(line, i);
            if (!value) return undefined;
            labels[key] = inertLine(value.text, this.maxValueChars);
            i = value.end;
        }
    }
}

interface SampleHead {
    readonly name: string;
    /** Where the labels (`{`) or the value start. */
    readonly end: number;
    readonly braces: boolean;
}

/**
 * The name of the sample on `text[start, n)`: before `{` or the first blank, or the first quoted
 * string in the braces. `end` is an index into `text`.
 */
function sampleName(text: string, start: number, n: number): SampleHead | undefined {
    let i = start;
    while (i < n && isNameChar(text.charCodeAt(i))) i++;
    if (i > start) {
        if (i < n && text[i] === '{') return { name: text.slice(start, i), end: i, braces: true };
        if (i < n && (text[i] === ' ' || text[i] === '\t'))
            return { name: text.slice(start, i), end: i, braces: false };
        return undefined;
    }
    if (text[start] !== '{') return undefined;
    let j = start + 1;
    while (j < n && text[j] === ' ') j++;
    const quoted = text[j] === '"' ? readQuoted(text.slice(0, n), j) : undefined;
    if (!quoted) return undefined;
    return { name: quoted.text, end: start, braces: true };
}

/** A metric or label name character: `[a-zA-Z0-9_:]`. */
function isNameChar(code: number): boolean {
    return (
        (code >= 97 && code <= 122) ||
        (code >= 65 && code <= 90) ||
        (code >= 48 && code <= 57) ||
        code === 95 ||
        code === 58
    );
}

/** Reads `"…"` from `line[at]`, undoing `\\`, `\"` and `\n`. */
function readQuoted(line: string, at: number): { text: string; end: number } | undefined {
    if (line[at] !== '"') return undefined;
    let i = at + 1;
    let text = '';
    let from = i;
    const n = line.length;
    while (i < n) {
        const c = line[i];
        if (c === '"') return { text: text + line.slice(from, i), end: i + 1 };
        if (c === '\\') {
            text += line.slice(from, i);
            const next = line[i + 1];
            text +=
                next === 'n' ? '\n' : next === '\\' ? '\\' : next === '"' ? '"' : `\\${next ?? ''}`;
            i += 2;
            from = i;
            continue;
        }
        i++;
    }
    return undefined;
}

function unescapeHelp(text: string): string {
    return text.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));
}

function asType(text: string): MetricType {
    switch (text) {
        case 'counter':
        case 'gauge':
        case 'histogram':
        case 'summary':
        case 'untyped':
        case 'info':
        case 'stateset':
            return text;
        case 'gaugehistogram':
            return 'histogram';
        default:
            return 'unknown';
    }
}

/** A sample value: Go's float notation, `NaN`, `+Inf`, `-Inf` (and `Inf`). */
function parseValue(text: string): number | undefined {
    switch (text) {
        case 'NaN':
            return NaN;
        case '+Inf':
        case 'Inf':
            return Infinity;
        case '-Inf':
            return -Infinity;
    }
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
    return Number(text);
}

/** Parses a whole page held as text (tests, fixtures); a scrape streams through the parser. */
export function parsePrometheusText(text: string, limits: ParseLimits): ParsedMetrics {
    const parser = new PrometheusTextParser(limits);
    parser.write(text);
    return parser.end();
}

/** A stable key of a series: its name and its labels in name order. */
export function seriesKey(sample: Pick<MetricSample, 'name' | 'labels'>): string {
    const keys = Object.keys(sample.labels).sort();
    if (keys.length === 0) return sample.name;
    return `${sample.name}{${keys.map((k) => `${k}=${JSON.stringify(sample.labels[k])}`).join(',')}}`;
}
