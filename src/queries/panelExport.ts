/**
 * What a result panel hands out of its answer: "Copy as curl" (with the API key only after a
 * warning), and exports as CSV or JSON through a save dialog, of the loaded rows or of every page,
 * read in a cancellable progress notification after a warning when the Data API quota could run
 * out on the way (a cancel or a failed page keeps what was read).
 */
import * as vscode from 'vscode';

import { formatError } from '../commands/formatError';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import type { QueryRequest } from '../shared/query';
import type { Cell } from '../shared/viewModel';
import type { PanelResult } from './panelResult';
import type { QueryRunner } from './queryRunner';
import type { QueryServices } from './queryServices';

const logger = log.for('Panels');

/** The panel an export reads, read when needed: a page message may change it while a dialog is open. */
export interface ExportedPanel {
    /** The panel's query now. */
    query(): QueryRequest;
    /** The panel's title now. */
    title(): string;
    readonly result: PanelResult;
    readonly services: QueryServices;
    readonly runner: QueryRunner;
}

/** Copies the panel's query as a curl command; with the API key only after the user agrees. */
export async function copyCurl(panel: ExportedPanel, includeKey: boolean): Promise<void> {
    const inputs = panel.services.inputs;
    if (includeKey) {
        const go = await inputs.confirm({
            key: 'curlWithKey',
            message: 'Copy the curl command with your Data API key in clear text?',
            detail: 'Anyone who sees the command (a chat, a ticket, a terminal history) can use the key.',
            action: 'Copy with Key',
        });
        if (!go) return;
    }
    const curl = await panel.runner.curl(panel.query(), includeKey);
    if (curl === undefined) return;
    await panel.services.clipboard.writeText(curl);
    void vscode.window.setStatusBarMessage(
        `Avalanche: curl command copied${includeKey ? ' (with the API key)' : ''}`,
        3000,
    );
}

/** Saves the panel's rows (CSV) or answer (JSON) to a file the user picks. */
export async function exportRows(panel: ExportedPanel, format: 'csv' | 'json'): Promise<void> {
    const core = loadCore();
    const result = panel.result;
    const query = panel.query();
    if (format === 'csv' && (!result.columns || !result.isList)) return;
    const what =
        query.source === 'dataApi'
            ? query.operation
            : query.source === 'node'
              ? query.method
              : query.source;
    let chosen = {
        items: result.items,
        rows: result.rows,
        described: result.isList ? `${result.rows.length} loaded rows` : 'the result',
    };
    if (result.isList && result.nextPageToken !== undefined) {
        const maxRows = core.formatNumber(core.exportAllLimits.maxRows);
        const scope = await panel.services.inputs.pick(
            [
                {
                    label: 'Loaded rows',
                    description: `${core.formatNumber(result.rows.length)} rows`,
                    value: 'loaded' as const,
                },
                {
                    label: 'All pages',
                    description: `up to ${maxRows} rows`,
                    detail: 'Reads the pages after the loaded ones first, with progress; a cancel keeps what was read.',
                    value: 'all' as const,
                },
            ],
            {
                key: 'exportScope',
                title: `Export as ${format.toUpperCase()}`,
                placeholder: 'More pages follow the loaded rows',
            },
        );
        if (!scope) return;
        if (scope === 'all') {
            const all = await readAllPages(panel);
            if (!all) return;
            chosen = all;
        }
    }
    const uri = await panel.services.inputs.saveFile({
        key: `export-${format}`,
        title: `Export ${chosen.described} as ${format.toUpperCase()}`,
        defaultName: core.exportFileName(what, format),
        filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    });
    if (!uri) return;
    const text =
        format === 'csv'
            ? core.toCsv(result.columns!, chosen.rows)
            : core.toJson(result.isList ? chosen.items : result.rawValue());
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    void vscode.window.setStatusBarMessage(
        `Avalanche: exported ${result.isList ? `${chosen.rows.length} rows` : 'the result'} to ${uri.path.split('/').pop() ?? 'a file'}`,
        5000,
    );
}

/**
 * Reads every page after the loaded ones, in a cancellable progress notification, after a
 * warning when the Data API quota could run out on the way. Undefined when the user said no.
 */
async function readAllPages(
    panel: ExportedPanel,
): Promise<{ items: unknown[]; rows: Cell[][]; described: string } | undefined> {
    const core = loadCore();
    const result = panel.result;
    const query = panel.query();
    const maxRows = core.exportAllLimits.maxRows;
    const pageSize =
        (query.source === 'dataApi' ? Number(query.params['pageSize']) : 0) || result.rows.length;
    const pagesLeft = core.pagesAtMost(result.items.length, pageSize, maxRows);
    if (query.source === 'dataApi') {
        const warning = core.exportQuotaWarning(
            panel.services.clients.quota,
            pagesLeft,
            core.dataApiComputeUnits[query.operation],
        );
        const go =
            warning === undefined ||
            (await panel.services.inputs.confirm({
                key: 'exportQuota',
                message: 'The Data API quota may run out during this export',
                detail: warning,
                action: 'Export All Pages',
            }));
        if (!go) return undefined;
    }
    const read = await vscode.window.withProgress(
        {
            location: vscode.ProgressLocation.Notification,
            title: `Avalanche: reading every page of ${panel.title()}`,
            cancellable: true,
        },
        async (progress, token) => {
            const abort = new AbortController();
            const listener = token.onCancellationRequested(() => abort.abort());
            try {
                return await core.readRemainingPages({
                    loaded: result.items,
                    nextPageToken: result.nextPageToken,
                    maxRows,
                    signal: abort.signal,
                    readPage: async (pageToken, signal) => {
                        const run = await panel.runner.run(query, pageToken, signal);
                        const items = core.resultItems(query, run.result) ?? [];
                        const repairs = core.resultRepairs(run.result);
                        const rows = core.buildRows(query, items, run.context, repairs);
                        return { items, nextPageToken: run.nextPageToken, rows };
                    },
                    // `increment` adds up: each page is its share of the pages left at most.
                    onProgress: (rows, pages) =>
                        progress.report({
                            message: `${core.formatNumber(rows)} of at most ${core.formatNumber(maxRows)} rows, ${pages} more pages`,
                            increment: 100 / Math.max(1, pagesLeft),
                        }),
                });
            } finally {
                listener.dispose();
            }
        },
    );
    if (read.stoppedBy === 'failed') {
        const reason = log.redact(formatError(read.error, translateForPerson).message);
        logger.warn(`Reading every page of ${core.querySummary(query)} failed`, read.error);
        void panel.services.inputs.notify({
            key: 'exportPageFailed',
            severity: 'warning',
            message: `A page failed while reading every page: ${reason} The ${core.formatNumber(read.items.length)} rows read so far can still be saved.`,
            actions: [],
        });
    }
    return {
        items: read.items,
        rows: [...result.rows, ...read.pageRows.flatMap((rows) => rows.map((row) => [...row]))],
        described: core.describeExportAll(read, maxRows),
    };
}
