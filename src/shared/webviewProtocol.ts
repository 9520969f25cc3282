/**
 * Messages between the extension host and a result-panel page. Both sides
 * import these types. The page starts by posting `ready`; the host queues everything until then.
 * The host validates every inbound message with the zod schemas of `pageMessageSchema.ts` before
 * acting on it, since a page renders hostile chain data. Requests the page starts carry a
 * `requestId` that the reply echoes; data the host sends carries the `requestId` of the query run
 * that produced it, so that the page can tell a stale "Load more" from a current one.
 */
import type { QueryRequest } from './query';
import type { Cell, PanelAction, PanelFrame, PagingState, ResultView } from './viewModel';

/** Host to page. */
export type HostMessage =
    /** A query started: the page shows a progress bar (keeping rows when `append`). */
    | { readonly type: 'loading'; readonly requestId: number; readonly append: boolean }
    /** A complete result: replaces what the page shows. */
    | {
          readonly type: 'result';
          readonly requestId: number;
          readonly frame: PanelFrame;
          readonly view: ResultView;
          /** `Date.now()` on the host when the response arrived (for the render-time figure). */
          readonly receivedAt: number;
      }
    /**
     * The next page of the main table: appended to its rows. `notice` replaces the view's notice
     * when the page changed it (items of the page that did not match their shape).
     */
    | {
          readonly type: 'rows';
          readonly requestId: number;
          readonly rows: readonly (readonly Cell[])[];
          readonly paging: PagingState;
          readonly receivedAt: number;
          readonly notice?: ResultView['notice'];
      }
    /** A query failed; `keepRows` when it was "Load more" and the loaded rows stay valid. */
    | {
          readonly type: 'error';
          readonly requestId: number;
          readonly message: string;
          readonly frame: PanelFrame;
          readonly keepRows: boolean;
      }
    /** Reply to `requestRaw`: the loaded result as indented JSON (cut when very long). */
    | {
          readonly type: 'raw';
          readonly requestId: number;
          readonly text: string;
          readonly truncated: boolean;
      }
    /** The query behind the panel changed (tab, page size, sort, edit): the page persists it. */
    | { readonly type: 'query'; readonly query: QueryRequest; readonly title: string }
    /**
     * The answer of a call that may have changed something, which is never sent again by itself:
     * the page persists it, so that the panel restored after a reload still shows it.
     */
    | { readonly type: 'keepAnswer'; readonly view: ResultView };

/** Page to host. */
export type PageMessage =
    | { readonly type: 'ready' }
    /** The page drew a result or rows: how many rows it holds and how long drawing took. */
    | {
          readonly type: 'rendered';
          readonly requestId: number;
          readonly rows: number;
          /** From message arrival to the next frame, in ms (page clock). */
          readonly renderMs: number;
          /** From `receivedAt` to the next frame, in ms (host and page share a clock in tests). */
          readonly sinceResponseMs: number;
      }
    | { readonly type: 'refresh' }
    | { readonly type: 'loadMore'; readonly requestId: number }
    | { readonly type: 'setPageSize'; readonly pageSize: number }
    /** A drop-down of the frame changed (sort order, sort field, currency). */
    | { readonly type: 'setControl'; readonly param: string; readonly value: string }
    | { readonly type: 'selectTab'; readonly tab: string }
    /** A link was followed: open the query in its panel (the host checks it first). */
    | { readonly type: 'open'; readonly query: QueryRequest }
    | { readonly type: 'action'; readonly action: PanelAction }
    /** Copy a raw value shown in the panel. */
    | { readonly type: 'copy'; readonly text: string }
    | { readonly type: 'copyJson' }
    | { readonly type: 'copyCurl'; readonly includeKey: boolean }
    | { readonly type: 'export'; readonly format: 'csv' | 'json' }
    /**
     * Add the panel's subject to the watch list. It carries nothing: the host derives the target
     * from the panel's own query, never from the page.
     */
    | { readonly type: 'watch' }
    | { readonly type: 'history' }
    | { readonly type: 'edit' }
    | { readonly type: 'requestRaw'; readonly requestId: number }
    /** Counters the page keeps about itself, for the e2e tier's security checks. */
    | { readonly type: 'cspViolation'; readonly directive: string }
    /** An uncaught error of the page script, for the extension's log. */
    | { readonly type: 'pageError'; readonly message: string };

/**
 * What the page persists with `setState`: the query, and the data only where it cannot be asked
 * again (`answer`: the answer of a call that may have changed something, at most
 * `maxKeptAnswerChars` of JSON).
 */
export interface PersistedState {
    readonly v: 1;
    readonly query: QueryRequest;
    readonly title: string;
    readonly answer?: ResultView | undefined;
}

/** Largest answer a page keeps across a reload, as JSON characters. */
export const maxKeptAnswerChars = 256 * 1024;
