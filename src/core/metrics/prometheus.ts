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
const suffixes = ['_bucket', '_sum', '_count', '_created', '_total', '_info', '_gsum', '_gcount'];

/**
 * Reads a page chunk by chunk: `write` each chunk as it arrives, then `end` for the result. The
 * UTF-8 decoding streams too, so a character split between two chunks is read whole.
 */
export class PrometheusTextParser {
    private readonly decoder = new TextDecoder('utf-8');
    private readonly families = new Map<string, MetricFamily>();
    /** Declared types of the wanted families (the others are never looked up). */
    private readonly types = new Map<string, MetricType>();
    private readonly helps = new Map<string, string>();
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
            typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
        this.chars += text.length;
        this.take(text);
    }

    /** Reads what is left and returns the result. */
    end(): ParsedMetrics {
        if (!this.done) {
            this.take(this.decoder.decode());
            // OpenMetrics' closing `# EOF` may come without its line feed.
            this.unterminated = (this.pending !== '' && this.pending !== '# EOF') || this.skipping;
            if (!this.skipping && this.pending !== '') this.line(this.pending);
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
            else this.line(line);
            if (this.done) return;
            start = newline + 1;
            newline = text.indexOf('\n', start);
        }
        while (newline >= 0) {
            if (newline - start > this.maxLineChars) this.badLines++;
            else this.line(text.slice(start, newline));
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

    private line(raw: string): void {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (line === '') return;
        if (line.charCodeAt(0) === 35 /* # */) {
            this.comment(line);
            return;
        }
        this.series++;
        const name = sampleName(line);
        if (name === undefined) {
            this.badLines++;
            return;
        }
        const family = this.familyOf(name.name);
        if (this.limits.wanted && !this.limits.wanted(family)) return;
        if (this.kept >= this.limits.maxSeries) {
            this.droppedSeries++;
            return;
        }
        const sample = this.sample(line, name);
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
    private comment(line: string): void {
        if (line === '# EOF') {
            this.done = true;
            return;
        }
        const help = line.startsWith('# HELP ');
        if (!help && !line.startsWith('# TYPE ')) return;
        const rest = line.slice(7);
        const space = rest.indexOf(' ');
        const name = space < 0 ? rest : rest.slice(0, space);
        if (name === '' || (this.limits.wanted && !this.limits.wanted(name))) return;
        const text = space < 0 ? '' : rest.slice(space + 1);
        if (help) {
            this.helps.set(name, inertLine(unescapeHelp(text), this.maxValueChars));
        } else {
            this.types.set(name, asType(text.trim()));
        }
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

/** The sample's name: before `{` or the first blank, or the first quoted string in the braces. */
function sampleName(line: string): SampleHead | undefined {
    let i = 0;
    const n = line.length;
    while (i < n && isNameChar(line.charCodeAt(i))) i++;
    if (i > 0) {
        if (i < n && line[i] === '{') return { name: line.slice(0, i), end: i, braces: true };
        if (i < n && (line[i] === ' ' || line[i] === '\t'))
            return { name: line.slice(0, i), end: i, braces: false };
        return undefined;
    }
    if (line[0] !== '{') return undefined;
    let j = 1;
    while (j < n && line[j] === ' ') j++;
    const quoted = line[j] === '"' ? readQuoted(line, j) : undefined;
    if (!quoted) return undefined;
    return { name: quoted.text, end: 0, braces: true };
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
export function parseValue(text: string): number | undefined {
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
