/**
 * The hovers' testing surface: what the integration tests and the benchmark observe in the hovers
 * or replace, in one place so that the product classes carry no test-only fields. `Hovers.testing`
 * hands it out, and it reaches tests only through the extension API that `activate()` returns in a
 * test run (`ExtensionMode.Test`). The product reads back only the clipboard override, because a
 * headless browser refuses clipboard reads.
 */
import type * as vscode from 'vscode';

/** Durations of the providers' own work in milliseconds (the last {@link maxTimings} of each). */
export interface HoverTimings {
    readonly offline: readonly number[];
    /** Live part answered from the cache. */
    readonly liveCached: readonly number[];
    /** Live part that waited for a lookup (includes the requests). */
    readonly liveLoaded: readonly number[];
}

/** When each provider was asked (`performance.now()`), in the order of {@link HoverTimings}. */
export type HoverStarts = { readonly [K in keyof HoverTimings]: readonly number[] };

/** For tests and the benchmark only: see the module comment. */
export interface HoversTesting {
    /** Where "Copy" writes instead of the system clipboard; undefined: the system clipboard. */
    clipboard: Pick<vscode.Clipboard, 'writeText'> | undefined;
    /** How long the providers took. */
    readonly timings: HoverTimings;
    /**
     * When they were asked: the benchmark tells the workbench's share of a hover (before a
     * provider is asked, after the last one has answered) from the extension's.
     */
    readonly starts: HoverStarts;
}

const maxTimings = 1000;

/** What the providers report; `Hovers` owns one and hands it out as {@link HoversTesting}. */
export class HoversTestingSurface implements HoversTesting {
    clipboard: Pick<vscode.Clipboard, 'writeText'> | undefined;
    readonly timings: { [K in keyof HoverTimings]: number[] } = {
        offline: [],
        liveCached: [],
        liveLoaded: [],
    };
    readonly starts: { [K in keyof HoverTimings]: number[] } = {
        offline: [],
        liveCached: [],
        liveLoaded: [],
    };

    /** Records when a provider was asked and how long it took (kept bounded). */
    record(which: keyof HoverTimings, startedAt: number): void {
        for (const [list, value] of [
            [this.timings[which], performance.now() - startedAt],
            [this.starts[which], startedAt],
        ] as const) {
            list.push(value);
            if (list.length > maxTimings) list.splice(0, list.length - maxTimings);
        }
    }
}
