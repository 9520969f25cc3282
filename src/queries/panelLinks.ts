/**
 * Where a result panel's page may send the user: another panel (a link, a query from the
 * history), or a web page. A page is not trusted: only read-only queries open from it, an ICM
 * link's values are checked first, and only http(s) URLs open in the browser.
 */
import * as vscode from 'vscode';

import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { QueryRequest } from '../shared/query';
import type { QueryServices } from './queryServices';

const logger = log.for('Panels');

/** Opens a page's link to another query, when it is one a page may open. */
export function openPanelLink(query: QueryRequest, open: (query: QueryRequest) => void): void {
    const core = loadCore();
    // A link never changes anything: only read-only queries open from a page.
    if (!core.isReplayable(query) || query.source === 'rawRpc') {
        logger.warn(`Refused a link to a query that is not read-only: ${core.querySummary(query)}`);
        return;
    }
    // A page's ICM query had only its shape checked: its values are, before anything opens.
    if (query.source === 'icm') {
        try {
            core.checkIcmTarget(query);
        } catch (error) {
            logger.warn(`Refused a link to an ICM message that does not check: ${String(error)}`);
            return;
        }
    }
    open(query);
}

/** Opens a page's web link in the browser, if it is http(s). */
export async function openPanelUrl(url: string): Promise<void> {
    const target = loadCore().safeLinkTarget(url);
    if (!target) {
        logger.warn('Refused to open a link that is not http(s)');
        return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(target, true));
}

/** The recent queries, the panel's own first; the one picked opens if it is read-only. */
export async function showPanelHistory(
    query: QueryRequest,
    services: QueryServices,
    open: (query: QueryRequest) => void,
): Promise<void> {
    const core = loadCore();
    const history = services.history();
    const own = new Set(core.historyOfPanel(history, query));
    const ordered = [...history.filter((e) => own.has(e)), ...history.filter((e) => !own.has(e))];
    if (ordered.length === 0) {
        void vscode.window.showInformationMessage('No queries in the history yet.');
        return;
    }
    const picked = await services.inputs.pick(
        ordered.map((e) => ({
            label: core.cleanText(e.title),
            description: core.formatLocalTime(e.atMs),
            detail: core.querySummary(e.query),
            value: e,
        })),
        {
            key: 'history',
            title: 'Avalanche: Recent Queries',
            placeholder: 'Reopen a recent query',
        },
    );
    if (!picked) return;
    const parsed = core.parseQueryRequest(picked.query);
    if (parsed && core.isReplayable(parsed)) open(parsed);
}
