/**
 * Which panel shows a query, which panel instance (one per subject: a transaction, an address, a
 * token…), the frame around its result (tabs, drop-downs, page sizes), and whether the query may
 * run again by itself (on restore, from history). A query that creates or changes something never
 * does: a panel revived after a reload must not alias a chain or start an export a second time.
 */
import type { DataApiOperation } from '../dataApi/params';
import { pageSizeLimits } from '../dataApi/endpoints';
import type { PanelKind, QueryParamValue, QueryRequest } from '../../shared/query';
import type { PanelFrame, PanelTab, PagingState, SelectControl } from '../../shared/viewModel';
import { dataApiQuery, panelTabs, tabDefaults } from './dataApiQueries';
import { nodeQuery, rawMethodMayChange } from './nodeQueries';

/** The panel kind that shows a query. */
export function panelKindFor(request: QueryRequest): PanelKind {
    switch (request.source) {
        case 'dataApi':
            return dataApiQuery(request.operation)?.panel ?? 'generic';
        case 'node':
            return 'node';
        case 'rawRpc':
            return 'generic';
        case 'operations':
            return 'operations';
        case 'trace':
            return 'trace';
        case 'icm':
            return 'icm';
    }
}

/** Parameters that change what is listed but not the subject: left out of the panel key. */
const viewParams = new Set(['pageSize', 'pageToken', 'sortOrder', 'sortBy', 'currency']);

/** JSON with sorted keys, so that equal queries give equal text. */
export function stableJson(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
    if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
    }
    return JSON.stringify(value) ?? 'null';
}

/**
 * The identity of the panel a query opens in: queries with the same key share one panel (it is
 * revealed and re-run), others open their own. Tabbed kinds key by subject (chain + address and
 * any filter), so an address's balances and transfers are tabs of one panel, while a filtered
 * list (one subnet's L1 validators) opens beside the unfiltered one.
 */
export function panelKey(request: QueryRequest): string {
    const kind = panelKindFor(request);
    if (request.source === 'dataApi') {
        const tabs = panelTabs[kind];
        const tabbed =
            tabs !== undefined &&
            (tabs.operations as readonly string[]).includes(request.operation);
        // Tabs share one panel: the key leaves out the operation and what a tab fills by default.
        const ignored = new Set(viewParams);
        if (tabbed)
            for (const op of tabs.operations)
                for (const name of Object.keys(tabDefaults[op] ?? {})) ignored.add(name);
        const subject = Object.fromEntries(
            Object.entries(request.params).filter(([name]) => !ignored.has(name)),
        );
        return tabbed
            ? `${kind}:${stableJson(subject)}`
            : `${kind}:${request.operation}:${stableJson(subject)}`;
    }
    return `${kind}:${stableJson(request)}`;
}

/** True when the query only reads, so that it may be re-run on restore and kept in history. */
export function isReplayable(request: QueryRequest): boolean {
    switch (request.source) {
        case 'dataApi':
            return dataApiQuery(request.operation)?.creates !== true;
        case 'node':
            return nodeQuery(request.method)?.changesNode === false;
        case 'rawRpc':
            return !rawMethodMayChange(request.method);
        case 'operations':
        case 'trace':
        case 'icm':
            return true;
    }
}

/** The tabs of the panel of a query, or none. */
export function tabsFor(request: QueryRequest): PanelTab[] {
    if (request.source !== 'dataApi') return [];
    const tabs = panelTabs[panelKindFor(request)];
    if (!tabs || !(tabs.operations as readonly string[]).includes(request.operation)) return [];
    return tabs.operations.map((operation) => ({
        id: operation,
        label: dataApiQuery(operation)?.tab ?? operation,
    }));
}

/** The query of another tab: the shared parameters, plus what that tab needs by default. */
export function tabQuery(request: QueryRequest, tab: string): QueryRequest | undefined {
    if (request.source !== 'dataApi') return undefined;
    const tabs = panelTabs[panelKindFor(request)];
    if (!tabs || !(tabs.operations as readonly string[]).includes(tab)) return undefined;
    if (tab === request.operation) return request;
    const params: Record<string, QueryParamValue> = {
        ...tabDefaults[tab as DataApiOperation],
    };
    for (const name of tabs.shared) {
        const value = request.params[name];
        if (value !== undefined) params[name] = value;
    }
    return { source: 'dataApi', operation: tab, params };
}

const commonPageSizes = [10, 25, 50, 100, 250, 500, 1000, 5000, 10_000];

/** Page sizes offered for a list operation, within its limits. */
export function pageSizesFor(request: QueryRequest): number[] {
    if (request.source !== 'dataApi') return [];
    const limit = (pageSizeLimits as Partial<Record<string, { min: number; max: number }>>)[
        request.operation
    ];
    if (!limit) return [];
    return commonPageSizes.filter((size) => size >= Math.max(1, limit.min) && size <= limit.max);
}

/** The drop-downs of a query (server-side sort, currency). */
export function controlsFor(request: QueryRequest): SelectControl[] {
    if (request.source !== 'dataApi') return [];
    const entry = dataApiQuery(request.operation);
    return (entry?.controls ?? []).map((control) => {
        const value = request.params[control.param];
        return {
            param: control.param,
            label: control.label,
            options: control.values.map((v) => ({
                value: v,
                label: control.param === 'currency' ? v.toUpperCase() : v,
            })),
            value: typeof value === 'string' ? value : '',
        };
    });
}

/** The query with one parameter set (or removed with ''), for drop-downs and page sizes. */
export function withParam(
    request: QueryRequest,
    name: string,
    value: string | number | undefined,
): QueryRequest {
    if (request.source !== 'dataApi') return request;
    const params: Record<string, QueryParamValue> = { ...request.params };
    if (value === undefined || value === '') delete params[name];
    else params[name] = value;
    return { ...request, params };
}

function describeValue(value: unknown): string {
    if (Array.isArray(value)) return value.join(',');
    return String(value);
}

/** The query in one line: `listTransactions · chainId 43114 · address 0x…`. */
export function querySummary(request: QueryRequest): string {
    switch (request.source) {
        case 'dataApi': {
            const parts = Object.entries(request.params).map(
                ([k, v]) => `${k} ${describeValue(v)}`,
            );
            return [request.operation, ...parts].join(' · ');
        }
        case 'node': {
            const parts = Object.entries(request.texts)
                .filter(([, v]) => v !== '')
                .map(([k, v]) => `${k} ${v}`);
            return [
                request.method,
                ...(request.chain ? [`chain ${request.chain}`] : []),
                ...parts,
            ].join(' · ');
        }
        case 'rawRpc':
            return `${request.method} · ${request.path}${request.paramsJson ? ` · ${request.paramsJson.slice(0, 200)}` : ''}`;
        case 'operations':
            return 'Export operations';
        case 'trace':
            return `Call trace · ${request.network} · chain ${request.chainId} · ${request.hash}`;
        case 'icm':
            return `ICM message · ${request.chain} · ${request.messageId ? `id ${request.messageId}` : `transaction ${request.txHash ?? ''}`}`;
    }
}

/** The frame of a panel around a query's result. */
export function frameFor(request: QueryRequest, paging: PagingState | undefined): PanelFrame {
    const tabs = tabsFor(request);
    return {
        summary: querySummary(request),
        tabs,
        activeTab: tabs.length > 0 && request.source === 'dataApi' ? request.operation : undefined,
        controls: controlsFor(request),
        paging,
        can: {
            curl:
                request.source === 'dataApi' ||
                request.source === 'node' ||
                request.source === 'rawRpc',
            csv: paging !== undefined,
            edit:
                request.source !== 'operations' &&
                request.source !== 'trace' &&
                request.source !== 'icm' &&
                isReplayable(request),
            refresh: isReplayable(request),
        },
    };
}
