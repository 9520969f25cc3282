/**
 * What the watch list's commands do outside the list: ask before following a node the user did
 * not choose, show a watched item where it lives, and copy the platform-cli command that tops up
 * a watched L1 validator.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { TopUp, WatchEntry, WatchTarget } from '../core/index';
import type { ClientProvider } from '../platform/clients';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { ViewId } from '../platform/viewIds';
import { inertText } from './watchNotifications';

const logger = log.for('Watch list');

/** For the integration tests: where "Top Up…" copies its command, and what it offered. */
export interface TopUpTesting {
    clipboard: Pick<vscode.Clipboard, 'writeText'> | undefined;
    readonly topUps: TopUp[];
}

/**
 * A node URL in an argument (another extension, a link) is not one the user chose: the list
 * would read it every few minutes, for good. Unless it is one of the user's nodes (selected,
 * built in, added, found on this machine, approved), the user is asked first, every time.
 */
export async function mayWatchNode(
    target: WatchTarget,
    clients: Pick<ClientProvider, 'originPolicy'>,
): Promise<boolean> {
    if (target.kind !== 'node') return true;
    const core = loadCore();
    const policy = clients.originPolicy();
    if (core.isChosenOrigin(target.url, policy)) return true;
    if (policy.approved.some((origin) => core.sameOrigin(origin, target.url))) return true;
    const shown = core.inertNotice(new URL(target.url).origin, 120);
    const watch = 'Watch It';
    const choice = await vscode.window.showWarningMessage(
        `Watch the node at ${shown}?`,
        {
            modal: true,
            detail: `It is not one of your nodes. The watch list would send it a request every few minutes until you remove it.`,
        },
        watch,
    );
    return choice === watch;
}

/** Shows a watched item where it lives: the Validators view, the Node view, a details panel. */
export async function openWatched(
    entry: WatchEntry,
    revealItem: () => Thenable<void>,
): Promise<void> {
    const t = entry.target;
    switch (t.kind) {
        case 'l1Validator':
            await vscode.commands.executeCommand(CommandId.FilterValidators, {
                validationId: t.validationId,
                includeInactive: true,
            });
            return;
        case 'l1':
            await vscode.commands.executeCommand(CommandId.FilterValidators, {
                subnetId: t.subnetId,
                includeInactive: true,
            });
            return;
        case 'node':
            await vscode.commands.executeCommand(`${ViewId.Node}.focus`);
            return;
        case 'evmTx':
            await vscode.commands.executeCommand(CommandId.HoverOpenDetails, { text: t.hash });
            return;
        case 'evmAddress':
            await vscode.commands.executeCommand(CommandId.HoverOpenDetails, {
                text: t.address,
            });
            return;
        case 'pTx':
            await vscode.commands.executeCommand(CommandId.HoverOpenDetails, { text: t.txId });
            return;
        case 'export':
            await revealItem();
            return;
        case 'icmMessage':
            await vscode.commands.executeCommand(CommandId.FollowIcmMessage, {
                chain: t.chain,
                messageId: t.messageId,
            });
            return;
    }
}

/**
 * "Top Up…" on a watched L1 validator: copies the platform-cli command that adds balance to
 * it (its validation id filled in, the amount sized by today's fee) and offers the Builder
 * Console's page. Nothing is signed, sent or run here: the command is the user's to run.
 */
export async function copyTopUp(
    entry: WatchEntry,
    target: Extract<WatchTarget, { kind: 'l1Validator' }>,
    clients: Pick<ClientProvider, 'nodeUrl'>,
    testing: TopUpTesting,
): Promise<void> {
    const core = loadCore();
    const topUp = core.topUpCommand({
        validationId: target.validationId,
        network: target.network,
        nodeUrl: target.network === 'local' ? clients.nodeUrl : undefined,
        feePerSecond: entry.observation?.feePerSecond,
    });
    await (testing.clipboard ?? vscode.env.clipboard).writeText(topUp.command);
    testing.topUps.push(topUp);
    logger.info(`Top-up command copied for ${core.describeTarget(target)}`);
    const openConsole = 'Open Builder Console';
    const docs = 'Platform CLI Docs';
    // Not awaited: the command is done once the line is copied; the buttons act later.
    void vscode.window
        .showInformationMessage(
            inertText(
                `Copied to the clipboard: ${topUp.command} — it adds ${topUp.balanceAvax} AVAX (${topUp.sizedBy}). Put your platform-cli key's name for ${core.keyNamePlaceholder} and run it yourself: this extension never signs or sends it. The Builder Console does the same with a browser wallet.`,
            ),
            openConsole,
            docs,
        )
        .then((choice) => {
            const url =
                choice === openConsole
                    ? core.consoleTopUpUrl
                    : choice === docs
                      ? core.platformCliL1Docs
                      : undefined;
            if (url) void vscode.env.openExternal(vscode.Uri.parse(url, true));
        });
}
