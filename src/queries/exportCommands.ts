/**
 * Transaction exports (`postTransactionExportJob`): create one (type, first and last date,
 * addresses, chains), then follow it in a cancellable progress notification that polls the
 * operation until it completes, completes with a warning or fails; offer the download link, and on
 * `WarnTruncatedExport` offer to continue from `nextDate`. Every export started is remembered in
 * `globalState`, so the Export Operations panel lists them across reloads; cancelling the
 * notification stops following, not the export.
 */
import * as vscode from 'vscode';

import type { Operation, PostTransactionExportJobParams, StoredOperation } from '../core/index';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { PanelAction } from '../shared/viewModel';
import type { QueryPanels } from './queryPanels';
import { PromptFlow } from './promptFlow';
import type { QueryServices } from './queryServices';

const logger = log.for('Exports');

function isoDay(ms: number): string {
    return new Date(ms).toISOString().slice(0, 10);
}

function sleep(ms: number, token: vscode.CancellationToken): Promise<void> {
    return new Promise((resolve) => {
        const timer = setTimeout(() => {
            listener.dispose();
            resolve();
        }, ms);
        const listener = token.onCancellationRequested(() => {
            clearTimeout(timer);
            listener.dispose();
            resolve();
        });
    });
}

export class ExportCommands {
    /** Operations followed right now, so that "Follow" does not start a second loop. */
    private readonly following = new Set<string>();

    constructor(
        private readonly services: QueryServices,
        private readonly panels: QueryPanels,
    ) {}

    /** "Create Transaction Export…": asks, creates, follows. */
    async createExport(arg?: unknown): Promise<void> {
        const core = loadCore();
        const entry = core.dataApiQuery('postTransactionExportJob')!;
        const title = entry.title.replace(/…$/, '');
        const given =
            typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
        const typeFlow = new PromptFlow(this.services, {
            title,
            initial: typeof given['type'] === 'string' ? { type: given['type'] } : {},
        });
        const typeValues = await typeFlow.ask(entry.prompts.filter((p) => p.name === 'type'));
        if (!typeValues) return;
        const type = String(typeValues['type']);
        const evm = type === 'TRANSACTION_EXPORT_EVM';
        // Optional, as the REST document has them: left out, the API chooses the range.
        const rest = await new PromptFlow(this.services, {
            title,
            initial: Object.fromEntries(
                (['firstDate', 'lastDate'] as const)
                    .filter((k) => typeof given[k] === 'string')
                    .map((k) => [k, given[k] as string]),
            ),
            exportType: type,
        }).ask([
            {
                name: 'firstDate',
                kind: 'date',
                label: 'First date (YYYY-MM-DD)',
                optional: true,
                hint: `For example ${isoDay(Date.now() - 30 * 86_400_000)}; left out, the API chooses`,
            },
            {
                name: 'lastDate',
                kind: 'date',
                label: 'Last date (YYYY-MM-DD)',
                optional: true,
                hint: `For example ${isoDay(Date.now())}; left out, the API chooses`,
            },
        ]);
        if (!rest) return;
        const targets = await new PromptFlow(this.services, {
            title,
            initial: Object.fromEntries(
                (['addresses', 'includeChains'] as const)
                    .filter((k) => Array.isArray(given[k]))
                    .map((k) => [k, given[k] as string[]]),
            ),
            exportType: type,
        }).ask([
            {
                name: 'addresses',
                kind: evm ? 'evmAddresses' : 'pnAddresses',
                label: evm ? 'EVM addresses' : 'Primary-network addresses',
                optional: false,
                hint: evm ? '0x… (comma-separated)' : 'P-avax1…, X-avax1… (comma-separated)',
            },
            { name: 'includeChains', kind: 'exportChains', label: 'Chains', optional: false },
        ]);
        if (!targets) return;
        // A primary-network export can also take the owner's C-Chain EVM addresses (the OpenAPI's
        // `cChainEvmAddresses`), whose atomic imports and exports it then includes.
        const evmSide = evm
            ? {}
            : await new PromptFlow(this.services, {
                  title,
                  initial: Array.isArray(given['cChainEvmAddresses'])
                      ? { cChainEvmAddresses: given['cChainEvmAddresses'] as string[] }
                      : {},
                  exportType: type,
              }).ask([
                  {
                      name: 'cChainEvmAddresses',
                      kind: 'evmAddresses',
                      label: 'C-Chain EVM addresses',
                      optional: true,
                      hint: '0x… (comma-separated): the same owner on the C-Chain',
                  },
              ]);
        if (!evmSide) return;
        const evmAddresses = evmSide['cChainEvmAddresses'];
        const params: PostTransactionExportJobParams = {
            type,
            ...(typeof rest['firstDate'] === 'string' ? { firstDate: rest['firstDate'] } : {}),
            ...(typeof rest['lastDate'] === 'string' ? { lastDate: rest['lastDate'] } : {}),
            options: {
                addresses: targets['addresses'] as string[],
                includeChains: targets['includeChains'] as string[],
                ...(Array.isArray(evmAddresses) ? { cChainEvmAddresses: evmAddresses } : {}),
            },
        };
        await this.start(params);
    }

    /** Creates an export and follows it. */
    private async start(params: PostTransactionExportJobParams): Promise<void> {
        const core = loadCore();
        core.validateParams('postTransactionExportJob', params);
        const client = await this.services.clients.dataApi();
        const op = await client.postTransactionExportJob(params);
        const stored = core.storeOperation(op, params);
        await this.services.rememberOperation(stored);
        logger.info(`Export ${op.operationId} created (${op.operationType})`);
        await this.follow(stored);
    }

    /**
     * Follows again the exports a reload interrupted (`operationsToResume`), each in its own
     * progress notification; returns how many.
     */
    resumeRunning(): number {
        const ops = loadCore().operationsToResume(this.services.operations());
        for (const op of ops) {
            void this.follow(op).catch((error: unknown) => {
                logger.warn(`Following export ${op.operationId} again failed`, error);
            });
        }
        if (ops.length > 0) logger.info(`Following ${ops.length} running export(s) again`);
        return ops.length;
    }

    /** Follows an export in a cancellable progress notification, then reports the outcome. */
    async follow(start: StoredOperation): Promise<void> {
        const core = loadCore();
        if (this.following.has(start.operationId)) return;
        this.following.add(start.operationId);
        let current = start;
        try {
            const client = await this.services.clients.dataApi();
            const finished = await vscode.window.withProgress(
                {
                    location: vscode.ProgressLocation.Notification,
                    title: vscode.l10n.t('Avalanche export {0}', start.operationId.slice(0, 8)),
                    cancellable: true,
                },
                async (progress, token) => {
                    const abort = new AbortController();
                    const listener = token.onCancellationRequested(() => abort.abort());
                    try {
                        for (let attempt = 0; !token.isCancellationRequested; attempt++) {
                            if (core.isOperationFinal(current)) return true;
                            progress.report({ message: core.describeOperation(current) });
                            await sleep(core.pollDelayMs(attempt), token);
                            if (token.isCancellationRequested) break;
                            const op: Operation = await client.getOperationResult(
                                { operationId: current.operationId },
                                { signal: abort.signal },
                            );
                            current = core.updateStored(current, op);
                            await this.services.rememberOperation(current);
                        }
                        return false;
                    } catch (error) {
                        if (core.isAbortError(error)) return false;
                        throw error;
                    } finally {
                        listener.dispose();
                    }
                },
            );
            if (finished) await this.report(current);
            else logger.info(`Stopped following export ${current.operationId}; it keeps running`);
        } finally {
            this.following.delete(start.operationId);
        }
    }

    /** Tells the outcome, with the download link and, for a truncated export, a way on. */
    private async report(op: StoredOperation): Promise<void> {
        const core = loadCore();
        const outcome = core.operationOutcome(op);
        const line = core.notificationText(core.describeOperation(op));
        const link = op.downloadUrl ? core.safeLinkTarget(op.downloadUrl) : undefined;
        const open = 'Open Download Link';
        const copy = 'Copy Link';
        const show = 'Show Operations';
        if (outcome === 'completed' || outcome === 'warning') {
            const choice = await this.services.inputs.notify({
                key: 'exportDone',
                severity: outcome === 'completed' ? 'info' : 'warning',
                message: link ? `${line} Download: ${link}` : line,
                actions: link ? [open, copy, show] : [show],
            });
            await this.onChoice(choice, link);
            return;
        }
        if (outcome === 'truncated') {
            const next = core.continuationRequest(op.request, op.nextDate);
            const go = next ? `Continue from ${op.nextDate}` : undefined;
            const choice = await this.services.inputs.notify({
                key: 'exportTruncated',
                severity: 'warning',
                message: link ? `${line} Download: ${link}` : line,
                actions: [...(go ? [go] : []), ...(link ? [open, copy] : [])],
            });
            if (go && choice === go && next) {
                await this.start(next);
                return;
            }
            await this.onChoice(choice, link);
            return;
        }
        await this.services.inputs.notify({
            key: 'exportFailed',
            severity: 'error',
            message: line,
            actions: [],
        });
    }

    private async onChoice(choice: string | undefined, link: string | undefined): Promise<void> {
        if (choice === 'Open Download Link' && link)
            await vscode.env.openExternal(vscode.Uri.parse(link, true));
        else if (choice === 'Copy Link' && link) await this.services.clipboard.writeText(link);
        else if (choice === 'Show Operations') this.showOperations();
    }

    /** Continues a truncated export from its `nextDate`. */
    async continueExport(op: StoredOperation): Promise<void> {
        const next = loadCore().continuationRequest(op.request, op.nextDate);
        if (!next) {
            await this.services.inputs.notify({
                key: 'exportContinue',
                severity: 'info',
                message: 'This export has nothing left to continue.',
                actions: [],
            });
            return;
        }
        await this.start(next);
    }

    /** The Export Operations panel. */
    showOperations(): void {
        this.panels.open({ source: 'operations' });
    }

    /** Buttons of the operations panel. */
    async act(action: PanelAction & { kind: 'operation' }): Promise<void> {
        const op = this.services.operation(action.operationId);
        if (!op) return;
        switch (action.verb) {
            case 'follow':
                // The notification shows the progress; the panel stays usable meanwhile.
                void this.follow(op).catch((error: unknown) => {
                    // The progress notification is gone: without this the button did nothing.
                    logger.error('Following an export failed', error);
                    void vscode.window.showErrorMessage(
                        log.redact(error instanceof Error ? error.message : String(error)),
                    );
                });
                return;
            case 'continue':
                void this.continueExport(op).catch((error: unknown) => {
                    logger.error('Continuing an export failed', error);
                    void vscode.window.showErrorMessage(
                        log.redact(error instanceof Error ? error.message : String(error)),
                    );
                });
                return;
            case 'forget':
                await this.services.forgetOperation(op.operationId);
                return;
        }
    }
}
