/**
 * One TreeDataProvider for all four views; what differs per view is its {@link TreeSource}.
 *
 * - Paging: a source answers a parent with either static children or a page fetcher. The provider
 *   keeps, per parent, the rows so far and the cursor, appends a "Load more" row, and on
 *   `loadMore(row)` fetches the next page and fires that parent only.
 * - Failures are rows: an error row with Retry, a "Set Data API Key" row for refused keys, an
 *   empty row. Nothing here shows a toast.
 * - Cancellation: every load has an AbortController; refreshing a row aborts the loads in its
 *   subtree, refreshing the view aborts all of them, and a late answer is dropped.
 * - Tooltips are built lazily in `resolveTreeItem`
 *   (https://code.visualstudio.com/api/references/vscode-api#TreeDataProvider).
 */
import * as vscode from 'vscode';

import { isAbortError, isUnauthorizedError } from '../core/http/errors';
import { isDataApiRateLimit } from '../core/http/rateLimit';
import { errorSentence } from '../core/text/phrase';
import { Disposable } from '../platform/disposable';
import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import { answersSent, beforeCore, nextTurn } from './coreFirstLoad';
import { emptyRow, type RenderContext, type Row, type ViewKey, under } from './rows';
import type { TreesProbe } from './treesTesting';

const logger = log.for('Trees');

/** One page of child rows and the cursor of the next one. */
export interface RowPage {
    readonly rows: readonly Row[];
    readonly next?: string | undefined;
}

/**
 * Reads one page of a paged list. `loaded`: rows the list holds already (a source may size the
 * page by it).
 */
type FetchPage = (
    token: string | undefined,
    signal: AbortSignal,
    loaded: number,
) => Promise<RowPage>;

/** What a source answers for a parent. */
export type Children =
    | { readonly type: 'static'; readonly rows: readonly Row[] }
    | {
          readonly type: 'paged';
          /** Rows shown before the paged ones (pinned lookups, sub-groups). */
          readonly head?: readonly Row[];
          readonly fetch: FetchPage;
          /** The row text when there is nothing at all. */
          readonly empty: string;
      };

/**
 * How rows become tree items: `renderRow.ts` and `tooltips.ts`, which load with the sources
 * (`treeSources.ts`), since every row a view shows comes after its source answered.
 */
export interface RowRendering {
    renderRow(row: Row, context: RenderContext): vscode.TreeItem;
    tooltipFor(row: Row, context: RenderContext): vscode.MarkdownString | undefined;
}

export interface TreeSource {
    readonly view: ViewKey;
    /** Children of `parent` (undefined: the view's top level). May throw; the provider makes a row. */
    children(parent: Row | undefined, signal: AbortSignal): Promise<Children> | Children;
}

interface PagedState {
    readonly head: readonly Row[];
    readonly fetch: FetchPage;
    readonly empty: string;
    readonly items: Row[];
    readonly ids: Set<string>;
    next: string | undefined;
}

interface ParentState {
    readonly owner: Row | undefined;
    controller: AbortController;
    /** The rows last returned. */
    rows?: readonly Row[];
    paged?: PagedState;
    pending?: Promise<Row[]> | undefined;
    /** The next getChildren fetches a further page. */
    loadMore: boolean;
}

const rootKey = '\u0000root';

export class ExplorerTreeProvider extends Disposable implements vscode.TreeDataProvider<Row> {
    private readonly changed = this._register(new vscode.EventEmitter<Row | Row[] | undefined>());
    readonly onDidChangeTreeData = this.changed.event;
    private readonly states = new Map<string, ParentState>();

    constructor(
        readonly source: TreeSource,
        private readonly probe: TreesProbe,
        /** The settings rows are drawn with, read at each draw. */
        private readonly context: () => RenderContext,
        private readonly rendering: () => RowRendering,
    ) {
        super();
    }

    get view(): ViewKey {
        return this.source.view;
    }

    getTreeItem(row: Row): vscode.TreeItem {
        this.probe.rendered(this.view);
        return this.rendering().renderRow(row, this.context());
    }

    resolveTreeItem(item: vscode.TreeItem, row: Row): vscode.TreeItem {
        item.tooltip ??= this.rendering().tooltipFor(row, this.context());
        return item;
    }

    getParent(row: Row): Row | undefined {
        return row.parent;
    }

    getChildren(parent?: Row): Promise<Row[]> {
        const key = parent?.id ?? rootKey;
        let state = this.states.get(key);
        if (!state) {
            state = { owner: parent, controller: new AbortController(), loadMore: false };
            this.states.set(key, state);
        }
        if (state.pending) return state.pending;
        if (state.rows && !state.loadMore) return Promise.resolve([...state.rows]);
        const current = state;
        const started = performance.now();
        const pending = this.load(current).then((rows) => {
            if (this.states.get(key) === current) {
                current.rows = rows;
                current.pending = undefined;
            }
            this.probe.loaded({
                view: this.view,
                parentId: parent?.id,
                rows: rows.length,
                ms: performance.now() - started,
            });
            return rows;
        });
        current.pending = pending;
        return pending;
    }

    /**
     * Reloads `row`'s children (or the whole view): in-flight loads below it are aborted and
     * their cached rows dropped, then VS Code is told to ask again.
     */
    refresh(row?: Row): void {
        if (row === undefined) {
            for (const state of this.states.values()) state.controller.abort();
            this.states.clear();
            this.changed.fire(undefined);
            return;
        }
        const prefix = `${row.id}/`;
        for (const [key, state] of this.states) {
            if (key === row.id || key.startsWith(prefix)) {
                state.controller.abort();
                this.states.delete(key);
            }
        }
        this.changed.fire(row);
    }

    /**
     * Draws the loaded rows again without reading anything (a setting they are drawn with
     * changed): VS Code asks for the children again and gets the rows it has.
     */
    redraw(): void {
        this.changed.fire(undefined);
    }

    /** Loads the page after the rows of `owner` (the parent of a "Load more" row). */
    loadMore(owner: Row | undefined): void {
        const state = this.states.get(owner?.id ?? rootKey);
        if (!state?.paged || state.paged.next === undefined || state.pending) return;
        state.loadMore = true;
        this.fire(owner);
    }

    /** Retries what an error row reports: the first load, or the page that failed. */
    retry(owner: Row | undefined, duringLoadMore: boolean): void {
        if (duringLoadMore) {
            const state = this.states.get(owner?.id ?? rootKey);
            if (state?.paged) {
                state.loadMore = true;
                this.fire(owner);
                return;
            }
        }
        this.refresh(owner);
    }

    /** Items loaded so far below `owner` by paging (for the "Find" command and tests). */
    pagedItems(owner: Row | undefined): readonly Row[] {
        return this.states.get(owner?.id ?? rootKey)?.paged?.items ?? [];
    }

    /** Whether `owner` has a further page. */
    hasMore(owner: Row | undefined): boolean {
        return this.states.get(owner?.id ?? rootKey)?.paged?.next !== undefined;
    }

    override dispose(): void {
        for (const state of this.states.values()) state.controller.abort();
        this.states.clear();
        super.dispose();
    }

    private fire(row: Row | undefined): void {
        this.changed.fire(row);
    }

    private async load(state: ParentState): Promise<Row[]> {
        const { owner } = state;
        const signal = state.controller.signal;
        const moreRequested = state.loadMore;
        state.loadMore = false;
        try {
            // Rows that need no core are answered before a fetch compiles it (coreFirstLoad.ts).
            if (beforeCore()) await nextTurn();
            if (!state.paged) {
                const children = await this.source.children(owner, signal);
                if (children.type === 'static') return unique(children.rows);
                state.paged = {
                    head: children.head ?? [],
                    fetch: children.fetch,
                    empty: children.empty,
                    items: [],
                    ids: new Set((children.head ?? []).map((n) => n.id)),
                    next: undefined,
                };
                await this.fetchPage(state.paged, undefined, signal);
            } else if (moreRequested && state.paged.next !== undefined) {
                await this.fetchPage(state.paged, state.paged.next, signal);
            }
            return this.pagedRows(state);
        } catch (error) {
            if (signal.aborted || isAbortError(error)) return [];
            logger.warn(`Loading ${owner?.id ?? `the ${this.view} view`} failed`, error);
            const failureRow = this.failureRow(owner, error, moreRequested && !!state.paged);
            const kept = state.paged ? [...state.paged.head, ...state.paged.items] : [];
            return [...kept, failureRow];
        }
    }

    private async fetchPage(
        paged: PagedState,
        token: string | undefined,
        signal: AbortSignal,
    ): Promise<void> {
        if (beforeCore()) await answersSent();
        const page = await paged.fetch(token, signal, paged.items.length);
        if (signal.aborted) return;
        for (const row of page.rows) {
            // A list that shifted between two pages can repeat an item; VS Code rejects
            // duplicate ids, so the later copy is dropped.
            if (paged.ids.has(row.id)) continue;
            paged.ids.add(row.id);
            paged.items.push(row);
        }
        paged.next = page.next === '' ? undefined : page.next;
    }

    private pagedRows(state: ParentState): Row[] {
        const paged = state.paged;
        if (!paged) return [];
        const rows: Row[] = [...paged.head, ...paged.items];
        if (paged.next !== undefined) {
            rows.push({
                kind: 'loadMore',
                ...under(this.view, state.owner, '~more'),
                owner: state.owner,
                loaded: paged.items.length,
            });
        }
        if (rows.length === 0) rows.push(emptyRow(this.view, state.owner, paged.empty));
        return rows;
    }

    private failureRow(owner: Row | undefined, error: unknown, duringLoadMore: boolean): Row {
        const message = errorText(error);
        // A key helps the Data API only: a refusing node or Metrics API gets its error row,
        // whose text says what would help it.
        if (isUnauthorizedError(error) && (error.service ?? 'Data API') === 'Data API') {
            return {
                kind: 'signIn',
                ...under(this.view, owner, '~signIn'),
                owner,
                message: `${message} ${vscode.l10n.t('Set a Data API key to continue.')}`,
            };
        }
        // The message says when to try again (`rateLimitWaitMs`); a key raises the limit.
        if (isDataApiRateLimit(error)) {
            return {
                kind: 'signIn',
                ...under(this.view, owner, '~signIn'),
                owner,
                message: `${message} ${vscode.l10n.t('A Data API key raises the limit.')}`,
            };
        }
        return {
            kind: 'error',
            ...under(this.view, owner, '~error'),
            owner,
            message,
            duringLoadMore,
        };
    }
}

function errorText(error: unknown): string {
    const text = errorSentence(error, translateForPerson);
    const message = typeof text === 'string' && text.trim() !== '' ? text.trim() : String(error);
    return log.redact(message);
}

/** Drops rows whose id repeats (VS Code rejects duplicate ids in a tree). */
function unique(rows: readonly Row[]): Row[] {
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.id) && !!seen.add(row.id));
}
