/**
 * The result-panel page. It posts `ready`, then draws what the host sends: a frame (tabs,
 * drop-downs, paging, toolbar) around a view model of fields, sections and tables. Data arrives
 * only through `postMessage` and reaches the DOM only as `textContent` (see `dom.ts`). It
 * persists only the query with `setState`. It also keeps a few figures for the e2e tier: the time
 * from a result's arrival to the next frame, long tasks, and CSP violations (which it reports).
 */
import './styles.css';

import type { QueryRequest } from '../shared/query';
import type {
    Cell,
    Field,
    PanelAction,
    PanelFrame,
    ResultView,
    Section,
} from '../shared/viewModel';
import type { HostMessage, PageMessage, PersistedState } from '../shared/webviewProtocol';
import { type CellActions, renderCell } from './cells';
import { button, el, icon } from './dom';
import { LoadedRows } from './loadedRows';
import { createTable, type DataTable } from './table';

interface VsCodeApi {
    postMessage(message: PageMessage): void;
    setState(state: PersistedState): void;
    getState(): PersistedState | undefined;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** Figures the e2e tier reads from the page. */
interface PanelStats {
    cspViolations: number;
    /** Long tasks of this page. */
    longTasks: number[];
    /** Long tasks of other frames on the same event loop. */
    otherLongTasks: number[];
    /** The last result drawn (already kept for drawing; exposed so a test can replay it). */
    lastResult: HostMessage | undefined;
    renders: { rows: number; renderMs: number; sinceResponseMs: number }[];
}

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;
const stats: PanelStats = {
    cspViolations: 0,
    longTasks: [],
    otherLongTasks: [],
    lastResult: undefined,
    renders: [],
};
(window as unknown as { __avalanchePanel: PanelStats }).__avalanchePanel = stats;

const rawTab = '\u0000raw';

interface PageState {
    requestId: number;
    frame: PanelFrame | undefined;
    view: ResultView | undefined;
    error: string | undefined;
    loading: boolean;
    /** The query tab, or the Raw JSON tab. */
    showRaw: boolean;
    raw: { text: string; truncated: boolean } | undefined;
    /**
     * The main list's rows: the result's, then every page "Load more" appended. Kept here, not in
     * the table, so that drawing the panel again (back from the Raw JSON tab, after a failed
     * "Load more") shows all of them, where it still is in the list.
     */
    mainRows: LoadedRows<readonly Cell[]> | undefined;
    mainTable: DataTable | undefined;
    /** How far the main list was scrolled when the panel was last drawn over. */
    mainScrollTop: number;
}

const state: PageState = {
    requestId: 0,
    frame: undefined,
    view: undefined,
    error: undefined,
    loading: true,
    showRaw: false,
    raw: undefined,
    mainRows: undefined,
    mainTable: undefined,
    mainScrollTop: 0,
};

let rawRequest = 0;

function post(message: PageMessage): void {
    vscode.postMessage(message);
}

const actions: CellActions = {
    open: (query: QueryRequest) => post({ type: 'open', query }),
    act: (action: PanelAction) => post({ type: 'action', action }),
};

// -- frame -------------------------------------------------------------------------------------

function toolbar(frame: PanelFrame | undefined): HTMLElement {
    const bar = el('div', {
        className: 'toolbar',
        attrs: { role: 'toolbar', 'aria-label': 'Result actions' },
    });
    if (frame?.can.refresh)
        bar.append(button('Refresh', 'refresh', () => post({ type: 'refresh' })));
    if (frame?.can.edit) bar.append(button('Edit Query…', 'edit', () => post({ type: 'edit' })));
    bar.append(button('History…', 'history', () => post({ type: 'history' })));
    bar.append(button('Copy JSON', 'json', () => post({ type: 'copyJson' })));
    if (frame?.can.curl) {
        bar.append(
            button(
                'Copy as curl',
                'terminal',
                () => post({ type: 'copyCurl', includeKey: false }),
                { title: 'Copy as curl (the API key is replaced by <API_KEY>)' },
            ),
        );
        bar.append(
            button('…with key', 'key', () => post({ type: 'copyCurl', includeKey: true }), {
                title: 'Copy as curl with the API key (asks first)',
            }),
        );
    }
    if (frame?.can.csv)
        bar.append(button('Export CSV…', 'export', () => post({ type: 'export', format: 'csv' })));
    bar.append(button('Export JSON…', 'save', () => post({ type: 'export', format: 'json' })));
    if (frame?.can.watch)
        bar.append(
            button('Watch', 'eye', () => post({ type: 'watch' }), { title: frame.can.watch }),
        );
    for (const control of frame?.controls ?? []) {
        const id = `control-${control.param}`;
        const select = el('select', { attrs: { id } });
        select.append(el('option', { text: 'default', attrs: { value: '' } }));
        for (const option of control.options)
            select.append(el('option', { text: option.label, attrs: { value: option.value } }));
        select.value = control.value;
        select.addEventListener('change', () =>
            post({ type: 'setControl', param: control.param, value: select.value }),
        );
        const label = el('label', { className: 'control', text: `${control.label} ` });
        label.append(select);
        bar.append(label);
    }
    const paging = frame?.paging;
    if (paging && paging.pageSizes.length > 0) {
        const select = el('select', { attrs: { id: 'page-size' } });
        select.append(el('option', { text: 'default', attrs: { value: '' } }));
        for (const size of paging.pageSizes)
            select.append(el('option', { text: String(size), attrs: { value: String(size) } }));
        select.value = paging.pageSize === undefined ? '' : String(paging.pageSize);
        // 0 asks for the server's default again.
        select.addEventListener('change', () =>
            post({ type: 'setPageSize', pageSize: Number(select.value || '0') }),
        );
        const label = el('label', { className: 'control', text: 'Page size ' });
        label.append(select);
        bar.append(label);
    }
    return bar;
}

function tabs(frame: PanelFrame | undefined): HTMLElement {
    const list = el('div', {
        className: 'tabs',
        attrs: { role: 'tablist', 'aria-label': 'Views' },
    });
    const entries: { id: string; label: string }[] =
        frame && frame.tabs.length > 0 ? [...frame.tabs] : [{ id: '', label: 'Result' }];
    entries.push({ id: rawTab, label: 'Raw JSON' });
    const active = state.showRaw ? rawTab : (frame?.activeTab ?? '');
    const buttons: HTMLButtonElement[] = [];
    for (const entry of entries) {
        const selected = entry.id === active;
        const tab = el('button', {
            className: selected ? 'tab selected' : 'tab',
            text: entry.label,
            attrs: {
                role: 'tab',
                type: 'button',
                'aria-selected': String(selected),
                tabindex: selected ? '0' : '-1',
                'data-tab': entry.id,
            },
        });
        tab.addEventListener('click', () => selectTab(entry.id));
        buttons.push(tab);
        list.append(tab);
    }
    // Arrow keys move between tabs (WAI-ARIA tabs pattern).
    list.addEventListener('keydown', (event) => {
        const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
        if (index < 0) return;
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (step === 0) return;
        event.preventDefault();
        buttons[(index + step + buttons.length) % buttons.length]!.focus();
    });
    return list;
}

function selectTab(id: string): void {
    if (id === rawTab) {
        state.showRaw = true;
        state.raw = undefined;
        rawRequest++;
        post({ type: 'requestRaw', requestId: rawRequest });
        draw();
        return;
    }
    const wasRaw = state.showRaw;
    state.showRaw = false;
    if (id !== '' && id !== state.frame?.activeTab) post({ type: 'selectTab', tab: id });
    else if (wasRaw) draw();
}

// -- content -----------------------------------------------------------------------------------

function fieldList(fields: readonly Field[]): HTMLElement {
    const list = el('dl', { className: 'fields' });
    for (const field of fields) {
        list.append(
            el('dt', { text: field.label }),
            el('dd', {}, renderCell(field.value, actions)),
        );
    }
    return list;
}

function section(part: Section): HTMLElement {
    const node = el('section', { className: 'part' }, el('h2', { text: part.title }));
    if (part.note) node.append(el('p', { className: 'note', text: part.note }));
    if (part.fields && part.fields.length > 0) node.append(fieldList(part.fields));
    if (part.table) {
        const table = createTable(part.table.columns, new LoadedRows(part.table.rows), actions, {
            label: part.title,
            empty: part.table.empty,
            virtual: part.table.rows.length > 200,
        });
        node.append(table.element);
    }
    return node;
}

function pagingFooter(): HTMLElement | undefined {
    const paging = state.frame?.paging;
    if (!paging) return undefined;
    const footer = el(
        'div',
        { className: 'paging' },
        el('span', {
            className: 'count',
            text: `${paging.loadedRows.toLocaleString()} row${paging.loadedRows === 1 ? '' : 's'} loaded${paging.hasMore ? '' : ' (all)'}`,
            attrs: { 'aria-live': 'polite' },
        }),
    );
    if (paging.hasMore) {
        const more = button('Load more', 'fold-down', () => {
            more.disabled = true;
            post({ type: 'loadMore', requestId: state.requestId });
        });
        more.disabled = state.loading;
        more.id = 'load-more';
        footer.append(more);
    }
    return footer;
}

function content(): HTMLElement {
    const body = el('div', { className: 'content' });
    if (state.showRaw) {
        if (!state.raw) {
            body.append(el('p', { className: 'note', text: 'Loading the raw JSON…' }));
        } else {
            if (state.raw.truncated)
                body.append(
                    el('p', {
                        className: 'notice tone-warn',
                        text: 'The JSON is long and shown cut; Copy JSON and Export JSON have all of it.',
                    }),
                );
            body.append(
                el('pre', {
                    className: 'raw',
                    text: state.raw.text || '(no result yet)',
                    attrs: { tabindex: '0', 'aria-label': 'Raw JSON' },
                }),
            );
        }
        return body;
    }
    if (state.error !== undefined) {
        const notice = el(
            'div',
            { className: 'notice tone-error', attrs: { role: 'alert' } },
            icon('error'),
            el('span', { text: state.error }),
        );
        if (state.frame?.can.refresh)
            notice.append(button('Retry', 'refresh', () => post({ type: 'refresh' })));
        body.append(notice);
    }
    const view = state.view;
    if (!view) {
        if (state.error === undefined)
            body.append(el('p', { className: 'note', text: 'Loading…' }));
        return body;
    }
    if (view.notice) {
        body.append(
            el(
                'div',
                { className: `notice tone-${view.notice.tone}`, attrs: { role: 'status' } },
                icon(
                    view.notice.tone === 'ok'
                        ? 'pass'
                        : view.notice.tone === 'error'
                          ? 'error'
                          : view.notice.tone === 'warn'
                            ? 'warning'
                            : 'info',
                ),
                el('span', { className: 'multiline', text: view.notice.text }),
            ),
        );
    }
    if (view.fields.length > 0)
        body.append(el('section', { className: 'part overview' }, fieldList(view.fields)));
    if (view.main) {
        state.mainRows ??= new LoadedRows(view.main.rows);
        const table = createTable(view.main.columns, state.mainRows, actions, {
            label: view.main.title,
            empty: view.main.empty,
            virtual: true,
        });
        state.mainTable = table;
        body.append(
            el(
                'section',
                { className: 'part main' },
                el('h2', { text: view.main.title }),
                table.element,
                pagingFooter() ?? null,
            ),
        );
    } else {
        state.mainTable = undefined;
    }
    for (const part of view.sections) body.append(section(part));
    return body;
}

function draw(): void {
    const view = state.view;
    const header = el(
        'header',
        { className: 'panel-header' },
        el('h1', {
            text: view?.title ?? (state.error !== undefined ? 'Query failed' : 'Loading…'),
        }),
        view?.subtitle ? el('p', { className: 'subtitle', text: view.subtitle }) : null,
        state.frame
            ? el('p', {
                  className: 'summary',
                  text: state.frame.summary,
                  title: state.frame.summary,
              })
            : null,
    );
    const progress = el('div', {
        className: state.loading ? 'progress active' : 'progress',
        attrs: {
            role: 'progressbar',
            'aria-hidden': state.loading ? 'false' : 'true',
            'aria-label': 'Loading',
        },
    });
    const focused =
        document.activeElement instanceof HTMLElement
            ? document.activeElement.dataset['tab']
            : undefined;
    root.setAttribute('aria-busy', String(state.loading));
    const list = state.mainTable?.element;
    if (list?.isConnected) state.mainScrollTop = list.scrollTop;
    root.replaceChildren(header, toolbar(state.frame), tabs(state.frame), progress, content());
    if (state.mainTable && state.mainTable.element !== list && !state.showRaw)
        state.mainTable.element.scrollTop = state.mainScrollTop;
    if (focused !== undefined)
        root.querySelector<HTMLElement>(`.tab[data-tab="${CSS.escape(focused)}"]`)?.focus();
}

function refreshPaging(): void {
    const old = root.querySelector('.paging');
    const next = pagingFooter();
    if (old && next) old.replaceWith(next);
    root.querySelector('.progress')?.classList.toggle('active', state.loading);
}

/** Reports, at the next frame, how long a result took to show. */
function reportRender(requestId: number, started: number, receivedAt: number, rows: number): void {
    requestAnimationFrame(() => {
        const renderMs = performance.now() - started;
        const sinceResponseMs = Date.now() - receivedAt;
        performance.mark('avalanche-rendered', { detail: { rows } });
        stats.renders.push({ rows, renderMs, sinceResponseMs });
        post({ type: 'rendered', requestId, rows, renderMs, sinceResponseMs });
    });
}

function receive(message: HostMessage): void {
    switch (message.type) {
        case 'loading':
            state.loading = true;
            if (!message.append) state.requestId = message.requestId;
            root.querySelector('.progress')?.classList.add('active');
            root.setAttribute('aria-busy', 'true');
            return;
        case 'result': {
            const started = performance.now();
            stats.lastResult = message;
            performance.mark('avalanche-result-received');
            state.requestId = message.requestId;
            state.frame = message.frame;
            state.view = message.view;
            state.mainRows = message.view.main && new LoadedRows(message.view.main.rows);
            state.mainTable = undefined;
            state.mainScrollTop = 0;
            state.error = undefined;
            state.loading = false;
            state.raw = undefined;
            if (state.showRaw) {
                rawRequest++;
                post({ type: 'requestRaw', requestId: rawRequest });
            }
            draw();
            reportRender(
                message.requestId,
                started,
                message.receivedAt,
                message.view.main?.rows.length ?? 0,
            );
            return;
        }
        case 'rows': {
            const started = performance.now();
            if (message.requestId !== state.requestId && state.frame)
                state.requestId = message.requestId;
            state.loading = false;
            state.mainRows?.append(message.rows);
            state.mainTable?.refresh();
            if (state.frame) state.frame = { ...state.frame, paging: message.paging };
            if (message.notice && state.view) {
                // The notice sits above the table: drawn again, with the rows and scroll kept.
                state.view = { ...state.view, notice: message.notice };
                draw();
            } else {
                refreshPaging();
            }
            reportRender(
                message.requestId,
                started,
                message.receivedAt,
                state.mainTable?.rowCount ?? 0,
            );
            return;
        }
        case 'error':
            state.requestId = message.requestId;
            state.frame = message.frame;
            state.error = message.message;
            state.loading = false;
            if (!message.keepRows) {
                state.view = undefined;
                state.mainRows = undefined;
                state.mainTable = undefined;
            }
            draw();
            return;
        case 'raw':
            if (message.requestId !== rawRequest) return;
            state.raw = { text: message.text, truncated: message.truncated };
            if (state.showRaw) draw();
            return;
        case 'query':
            vscode.setState({ v: 1, query: message.query, title: message.title });
            return;
        case 'keepAnswer': {
            const saved = vscode.getState();
            if (saved) vscode.setState({ ...saved, answer: message.view });
            return;
        }
    }
}

// Copy of a focused value takes its raw value (the full id, the amount in the smallest unit).
document.addEventListener('copy', (event) => {
    const selection = document.getSelection();
    if (selection && !selection.isCollapsed) return;
    const target =
        document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const raw = target?.dataset['raw'];
    if (raw === undefined) return;
    event.preventDefault();
    post({ type: 'copy', text: raw });
});

window.addEventListener('error', (event) => {
    post({ type: 'pageError', message: String(event.message).slice(0, 2000) });
});

document.addEventListener('securitypolicyviolation', (event) => {
    stats.cspViolations++;
    post({ type: 'cspViolation', directive: event.effectiveDirective });
});

try {
    new PerformanceObserver((list) => {
        // `self`: a task of this page. Others ran in a frame sharing its event loop (the
        // workbench, when the webview is not in a process of its own).
        for (const entry of list.getEntries()) {
            (entry.name === 'self' ? stats.longTasks : stats.otherLongTasks).push(entry.duration);
        }
    }).observe({ type: 'longtask', buffered: true });
} catch {
    // Long tasks are only counted where the browser reports them.
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
    const message = event.data;
    if (typeof message === 'object' && message !== null && typeof message.type === 'string')
        receive(message);
});

draw();
post({ type: 'ready' });
