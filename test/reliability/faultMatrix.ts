/**
 * The fault matrix of the integration tier: every fault the sandbox can inject, and every place
 * of the extension a person sees an answer in (each view, each hover kind, each panel kind, export
 * polling, the status bar, the deployment lenses, the watch list) or an agent reads one (the agent
 * tools). Pure data and selection, so that `npm test` (a covering subset: every
 * fault and every surface at least once) and `npm run test:reliability` (every applicable cell)
 * run the same cells the same way.
 */
import type { FaultRule, SandboxSettings } from '../sandbox/types';

/** A fault: a sandbox rule and/or a switch of the sandbox settings. */
export interface FaultSpec {
    readonly name: string;
    readonly rule?: Omit<FaultRule, 'target' | 'service'>;
    readonly settings?: Partial<SandboxSettings>;
    /** Only surfaces that talk to the node feel it (admin API off, node down). */
    readonly nodeOnly?: boolean;
    /** Only surfaces that use the admin API feel it. */
    readonly adminOnly?: boolean;
    /**
     * The hostile-peer axis (#33): a peer that answers without end, drips, sends a huge error
     * with control and bidi characters, or names internal hosts. On top of the usual checks, no
     * control, bidi or invisible character reaches the surface, and the host's memory is recorded.
     */
    readonly hostile?: boolean;
    /**
     * A surface may also go on showing its data: a body whose first field has the wrong type
     * breaks only the schemas that check that field (others tolerate it on purpose).
     */
    readonly mayBeTolerated?: boolean;
}

/** Requests slower than this time out in the extension (set for the suite). */
export const suiteRequestTimeoutMs = 2_000;

export const faults: readonly FaultSpec[] = [
    { name: 'latency past the timeout', rule: { fault: { kind: 'latency', ms: 3_500 } } },
    {
        name: '429 with retry-after',
        rule: { fault: { kind: 'status', status: 429, retryAfterSeconds: 1 } },
    },
    { name: '500', rule: { fault: { kind: 'status', status: 500 } } },
    { name: '502', rule: { fault: { kind: 'status', status: 502 } } },
    { name: '503', rule: { fault: { kind: 'status', status: 503 } } },
    { name: 'connection reset', rule: { fault: { kind: 'reset' } } },
    { name: 'truncated body', rule: { fault: { kind: 'truncate' } } },
    { name: 'invalid JSON', rule: { fault: { kind: 'invalidJson' } } },
    {
        name: 'body that breaks the schema',
        rule: { fault: { kind: 'schemaBreak' } },
        mayBeTolerated: true,
    },
    { name: 'endless body', rule: { fault: { kind: 'endless' } }, hostile: true },
    { name: 'dripping body', rule: { fault: { kind: 'drip', ms: 200 } }, hostile: true },
    {
        name: 'huge error with control and bidi characters',
        rule: { fault: { kind: 'hugeError' } },
        hostile: true,
    },
    {
        // Only the surfaces that call a chain's own RPC feel it; the rest show their data.
        name: 'chain list naming internal hosts',
        settings: { internalRpcUrls: true },
        hostile: true,
        mayBeTolerated: true,
    },
    { name: 'admin API off', settings: { adminApi: false }, nodeOnly: true, adminOnly: true },
    { name: 'node down', settings: { nodeDown: true }, nodeOnly: true },
];

export type SurfaceGroup =
    'view' | 'hover' | 'panel' | 'export' | 'statusBar' | 'lens' | 'agent' | 'watch';

/** What the matrix needs to know about a surface to pick its cells. */
export interface SurfaceInfo {
    readonly name: string;
    readonly group: SurfaceGroup;
    /** Talks to the node (JSON-RPC). */
    readonly node: boolean;
    /** Uses the admin API. */
    readonly admin: boolean;
    /** Talks to the Data API or the Metrics API. */
    readonly dataApi: boolean;
}

export function applies(fault: FaultSpec, surface: SurfaceInfo): boolean {
    if (fault.adminOnly) return surface.admin;
    if (fault.nodeOnly) return surface.node;
    return true;
}

export interface Cell {
    readonly fault: FaultSpec;
    readonly surface: SurfaceInfo;
}

/** Every applicable cell, fault by fault. */
export function fullMatrix(surfaces: readonly SurfaceInfo[]): Cell[] {
    return faults.flatMap((fault) =>
        surfaces.filter((s) => applies(fault, s)).map((surface) => ({ fault, surface })),
    );
}

/**
 * A covering subset: every fault on some surface and every surface under some fault, spread
 * round-robin so that one run mixes groups. Deterministic.
 */
export function coveringMatrix(surfaces: readonly SurfaceInfo[]): Cell[] {
    const cells: Cell[] = [];
    const used = new Set<string>();
    const add = (fault: FaultSpec, surface: SurfaceInfo): void => {
        const key = `${fault.name}|${surface.name}`;
        if (used.has(key)) return;
        used.add(key);
        cells.push({ fault, surface });
    };
    let next = 0;
    for (const fault of faults) {
        for (let tried = 0; tried < surfaces.length; tried++) {
            const surface = surfaces[(next + tried) % surfaces.length]!;
            if (applies(fault, surface)) {
                add(fault, surface);
                next = (next + tried + 1) % surfaces.length;
                break;
            }
        }
    }
    const covered = new Set(cells.map((c) => c.surface.name));
    let f = 0;
    for (const surface of surfaces) {
        if (covered.has(surface.name)) continue;
        for (let tried = 0; tried < faults.length; tried++) {
            const fault = faults[(f + tried) % faults.length]!;
            if (fault.mayBeTolerated || !applies(fault, surface)) continue;
            add(fault, surface);
            f = (f + tried + 1) % faults.length;
            break;
        }
    }
    return cells;
}

/**
 * The most requests a surface may send while a fault lasts: each request of a healthy read
 * (`baseline`) at most four times (the first attempt and the HttpClient's three retries), plus
 * one background retry of a rate-limited hover, plus two for the Node view's chain list.
 */
export function requestBound(baseline: number): number {
    return 4 * baseline + 4;
}

/**
 * Characters that must never reach a surface from a peer (#33): controls, line and paragraph
 * separators, bidi and invisible marks. A message holds them only as markers (`⟨U+202E⟩`). Line
 * feeds and tabs are the surfaces' own layout (a hover's lines); a peer's line that would start
 * with a forged `SYSTEM:` is checked apart.
 */
export const unsafeCharacter = /[\p{Cf}\p{Zl}\p{Zp}\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;

/** A message a person can read: not empty, no stack, no object dump, not a wall of text. */
export function clearMessageProblem(message: string): string | undefined {
    const text = message.trim();
    if (text.length < 8) return `too short: ${JSON.stringify(text)}`;
    if (text.length > 600) return `too long (${text.length} characters)`;
    if (/\n\s+at .+\(.*:\d+:\d+\)/.test(text) || /^\s+at /m.test(text))
        return 'contains a stack trace';
    if (/\[object \w+\]|undefined is not|Cannot read propert/i.test(text))
        return `reads like a crash: ${text}`;
    if (/<(script|img|svg|html|body)\b/i.test(text)) return `contains markup: ${text}`;
    if (/\n\s*SYSTEM:/.test(text)) return 'a peer’s text starts a line of its own';
    const unsafe = unsafeCharacter.exec(text);
    if (unsafe) {
        const code = unsafe[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
        return `contains the control or invisible character U+${code}`;
    }
    return undefined;
}
