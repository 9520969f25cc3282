/**
 * What a result panel has loaded of its query: the view, a list's items and rows page by page,
 * the next page's token and the last answer as it came. One owner for the panel's paging, its
 * "Load more", the Raw JSON tab and its exports, which all read the same loaded pages.
 */
import { loadCore } from '../platform/lazyCore';
import type { QueryRequest } from '../shared/query';
import type { Cell, Column, PagingState, ResultView } from '../shared/viewModel';

export class PanelResult {
    view: ResultView | undefined;
    items: unknown[] = [];
    rows: Cell[][] = [];
    columns: readonly Column[] | undefined;
    isList = false;
    nextPageToken: string | undefined;
    lastResult: unknown;

    /** Takes a first page (or a whole answer) in place of what was loaded. */
    accept(
        built: { view: ResultView; items: readonly unknown[] | undefined },
        nextPageToken: string | undefined,
        result: unknown,
    ): void {
        this.view = built.view;
        this.isList = built.items !== undefined;
        this.items = built.items ? [...built.items] : [];
        this.rows = built.view.main ? built.view.main.rows.map((row) => [...row]) : [];
        this.columns = built.view.main?.columns;
        this.nextPageToken = nextPageToken;
        this.lastResult = result;
    }

    /** Forgets the view and the pages after a first page failed (the columns and answer stay). */
    clear(): void {
        this.view = undefined;
        this.rows = [];
        this.items = [];
        this.isList = false;
        this.nextPageToken = undefined;
    }

    /** The view with every loaded row in its table. */
    currentView(): ResultView | undefined {
        if (!this.view) return undefined;
        if (!this.view.main) return this.view;
        return { ...this.view, main: { ...this.view.main, rows: this.rows } };
    }

    /** The paging bar of a list: page size, the sizes offered, whether more follow. */
    paging(query: QueryRequest): PagingState | undefined {
        if (!this.isList) return undefined;
        const pageSize = query.source === 'dataApi' ? query.params['pageSize'] : undefined;
        return {
            pageSize: typeof pageSize === 'number' ? pageSize : undefined,
            pageSizes: loadCore().pageSizesFor(query),
            hasMore: this.nextPageToken !== undefined,
            loadedRows: this.rows.length,
        };
    }

    /** The loaded result as JSON: a list's items are every loaded page. */
    rawValue(): unknown {
        if (!this.isList || typeof this.lastResult !== 'object' || this.lastResult === null) {
            return this.lastResult ?? null;
        }
        const key = 'chains' in this.lastResult ? 'chains' : 'items';
        const rest = { ...(this.lastResult as Record<string, unknown>) };
        delete rest['nextPageToken'];
        return { ...rest, [key]: this.items };
    }
}
