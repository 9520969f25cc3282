/**
 * The one wrapper every command runs through: logs start, end and failure,
 * turns errors into a toast with "Show Logs" (plus a remedy when one is known), and keeps
 * cancellation silent. Failures are not rethrown: VS Code would add a second, raw toast.
 */
import * as vscode from 'vscode';

import { log } from '../platform/log';
import { translateForPerson } from '../platform/personText';
import { CommandId } from './commandIds';
import { type ErrorAction, formatError, isCancellation } from './formatError';

const logger = log.for('Commands');

const showLogsLabel = 'Show Logs';
const actionLabels: Record<
    ErrorAction,
    { label: string; command: CommandId | 'workbench.action.openSettings'; args?: unknown[] }
> = {
    setApiKey: { label: 'Set Data API Key', command: CommandId.SetDataApiKey },
    chooseNode: { label: 'Choose Node', command: CommandId.ChooseNode },
    metricsApiSetting: {
        label: 'Open Metrics API Setting',
        command: 'workbench.action.openSettings',
        args: ['avalanche.metricsApi.url'],
    },
};

export type CommandHandler = (...args: unknown[]) => unknown;

/** Runs `handler` for command `id`; resolves to its result, or undefined when it failed. */
export async function runCommand(
    id: CommandId,
    handler: CommandHandler,
    args: readonly unknown[],
): Promise<unknown> {
    const started = Date.now();
    logger.debug(`${id} started`);
    try {
        const result: unknown = await handler(...args);
        logger.debug(`${id} finished in ${Date.now() - started} ms`);
        return result;
    } catch (error) {
        if (isCancellation(error)) {
            logger.debug(`${id} cancelled after ${Date.now() - started} ms`);
            return undefined;
        }
        logger.error(`${id} failed after ${Date.now() - started} ms`, error);
        void showErrorToast(error);
        return undefined;
    }
}

/** Shows a failure to the user; also used by user-initiated actions outside commands. */
async function showErrorToast(error: unknown): Promise<void> {
    const friendly = formatError(error, translateForPerson);
    const remedies = friendly.actions.map((a) => actionLabels[a]);
    const choice = await vscode.window.showErrorMessage(
        log.redact(friendly.message),
        ...remedies.map((r) => r.label),
        showLogsLabel,
    );
    if (choice === showLogsLabel) {
        log.show();
        return;
    }
    const remedy = remedies.find((r) => r.label === choice);
    if (remedy) await vscode.commands.executeCommand(remedy.command, ...(remedy.args ?? []));
}
