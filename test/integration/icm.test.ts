/**
 * The ICM message panel in the extension host against the sandbox, whose C-Chain sends
 * Teleporter messages to its L1s and whose L1s deliver them (logs in TeleporterMessenger's
 * shapes): opened from the palette, from a transaction panel's message id, and from a hover;
 * its timeline drawn by the page; polled while visible until final; a page's malformed ICM query
 * refused.
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { ExtensionApi } from '../../src/extension';
import type { IcmQuery, QueryRequest } from '../../src/shared/query';
import type { PanelSnapshot } from '../../src/queries/queryPanel';
import type { KnownIds } from '../sandbox/types';
import { queryApi, renderedPanel, ScriptedInputs, settledPanel } from './commandsScript';
import { eventually } from './helpers';
import { testEnv } from './testEnv';

const isIcm = (s: PanelSnapshot): boolean => s.query.source === 'icm';
const field = (s: PanelSnapshot, label: string): string => {
    const value = s.view?.fields.find((f) => f.label === label)?.value;
    return value && 'text' in value ? value.text : '';
};

suite('(integration) ICM message panel', function () {
    this.timeout(90_000);
    let api: ExtensionApi;
    let known: KnownIds;

    suiteSetup(async () => {
        api = await queryApi();
        known = testEnv().known.mainnet;
    });

    setup(() => {
        api.queries.panels.closeAll();
    });

    teardown(() => {
        api.queries.testing.inputs = undefined;
        api.queries.testing.icmPollMs = undefined;
        api.queries.panels.closeAll();
    });

    test('the palette asks the source chain and the transaction, and the page draws the timeline', async () => {
        const inputs = new ScriptedInputs({
            chain: known.cChainId,
            by: 'txHash',
            txHash: known.icmExecutedTxHash,
        });
        api.queries.testing.inputs = inputs;
        await vscode.commands.executeCommand('avalanche.query.followIcmMessage');
        const panel = await renderedPanel(isIcm, 'ICM panel');
        assert.equal(panel.kind, 'icm');
        assert.equal(panel.error, undefined);
        assert.equal(field(panel, 'State'), 'delivered and executed');
        assert.equal(field(panel, 'Message id check'), 'recomputed from its contents: matches');
        const timeline = panel.view?.sections.find((s) => s.title === 'Timeline');
        assert.equal(timeline?.table?.rows.length, 4);
        // Final: no poll is scheduled.
        assert.equal(panel.polling, false);
        assert.deepEqual(
            inputs.asked.map((a) => a.key),
            ['chain', 'by', 'txHash'],
        );
        // Numbered as the other prompt flows: each prompt's title tells it from the last.
        assert.deepEqual(
            inputs.asked.map((a) => a.title),
            [1, 2, 3].map((n) => `Avalanche: Follow an ICM (Teleporter) Message (${n}/3)`),
        );
        // The id it followed is known now: a hover over it offers the timeline again.
        const messageId = field(panel, 'Message id');
        const document = await vscode.workspace.openTextDocument({
            language: 'markdown',
            content: `id ${messageId}\n`,
        });
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            document.uri,
            document.positionAt(6),
        );
        const markdown = hovers
            .flatMap((h) => h.contents)
            .map((c) => (c instanceof vscode.MarkdownString ? c.value : ''))
            .join('\n');
        assert.match(
            markdown,
            /\[Follow ICM message\]\(command:avalanche\.query\.followIcmMessage\?/,
        );
    });

    test('a chain typed after "Another chain…" is still the first of the three steps', async () => {
        const inputs = new ScriptedInputs({
            chain: (asked) => (asked.type === 'pick' ? 'Another chain…' : known.cChainId),
            by: 'messageId',
            messageId: known.icmExecutedMessageId,
        });
        api.queries.testing.inputs = inputs;
        await vscode.commands.executeCommand('avalanche.query.followIcmMessage');
        const panel = await settledPanel(isIcm, 'ICM panel by id');
        assert.equal(field(panel, 'Message id'), known.icmExecutedMessageId);
        assert.deepEqual(
            inputs.asked.map((a) => `${a.type} ${a.key}: ${a.title}`),
            [
                'pick chain: Avalanche: Follow an ICM (Teleporter) Message (1/3)',
                'input chain: Avalanche: Follow an ICM (Teleporter) Message (1/3)',
                'pick by: Avalanche: Follow an ICM (Teleporter) Message (2/3)',
                'input messageId: Avalanche: Follow an ICM (Teleporter) Message (3/3)',
            ],
        );
    });

    test('a transaction panel’s message id opens the timeline, a failed execution names its retry', async () => {
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: known.cChainId, txHash: known.icmFailedTxHash },
        } satisfies QueryRequest);
        const tx = await settledPanel(
            (s) => s.query.source === 'dataApi' && s.query.operation === 'getTransaction',
            'transaction panel',
        );
        const section = tx.view?.sections.find((s) => s.title === 'Teleporter message');
        const cell = section?.fields?.find((f) => f.label === 'Message id')?.value;
        assert.ok(cell && cell.k === 'id' && cell.link, JSON.stringify(section));
        assert.deepEqual(cell.link, {
            source: 'icm',
            chain: known.cChainId,
            txHash: known.icmFailedTxHash.toLowerCase(),
        });
        const host = api.queries.panels.all().find((p) => p.key === tx.key)!;
        await host.deliver({ type: 'open', query: cell.link });
        const panel = await settledPanel(isIcm, 'ICM panel from the link');
        assert.equal(field(panel, 'State'), 'delivered, execution failed');
        const why = panel.view?.sections.find((s) => s.title === 'Why it is not further');
        assert.match(JSON.stringify(why), /retryMessageExecution/);
        assert.ok(field(panel, 'Failed delivery').startsWith('0x'));
    });

    test('a hover over a transaction that sent a message offers its timeline', async () => {
        const document = await vscode.workspace.openTextDocument({
            language: 'markdown',
            content: `sent in ${known.icmExecutedTxHash}\n`,
        });
        const position = document.positionAt(document.getText().indexOf('0x') + 4);
        const link = await eventually(
            async () => {
                const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
                    'vscode.executeHoverProvider',
                    document.uri,
                    position,
                );
                for (const h of hovers)
                    for (const c of h.contents) {
                        if (!(c instanceof vscode.MarkdownString)) continue;
                        const m =
                            /\[Follow ICM message\]\(command:avalanche\.query\.followIcmMessage\?([^ )]+)/.exec(
                                c.value,
                            );
                        if (m) {
                            const trusted = c.isTrusted;
                            assert.ok(
                                typeof trusted === 'object' &&
                                    trusted.enabledCommands.includes(
                                        'avalanche.query.followIcmMessage',
                                    ),
                            );
                            return m[1];
                        }
                    }
                return undefined;
            },
            'the hover’s Follow ICM message link',
            30_000,
        );
        const [target] = JSON.parse(decodeURIComponent(link)) as [object];
        await vscode.commands.executeCommand('avalanche.query.followIcmMessage', target);
        const panel = await settledPanel(isIcm, 'ICM panel from the hover');
        assert.equal(field(panel, 'State'), 'delivered and executed');
    });

    test('a message not delivered yet is polled while the panel is visible, and a bad query is refused', async () => {
        api.queries.testing.icmPollMs = 300;
        const query: IcmQuery = {
            source: 'icm',
            chain: known.cChainId,
            txHash: known.teleporterTxHash,
        };
        await vscode.commands.executeCommand('avalanche.query.openPanel', query);
        const first = await settledPanel(isIcm, 'ICM panel of an undelivered message');
        assert.equal(field(first, 'State'), 'sent, not delivered yet');
        assert.match(first.view?.notice?.text ?? '', /still bootstrapping|did not answer/);
        await eventually(
            () => api.queries.panels.snapshots().find((s) => isIcm(s) && s.polls >= 2),
            'two polls',
            20_000,
        );
        // A page's query in the wrong shape opens nothing.
        const host = api.queries.panels.all().find((p) => p.currentQuery.source === 'icm')!;
        const before = api.queries.panels.all().length;
        await host.deliver({
            type: 'open',
            query: { source: 'icm', chain: 'C', messageId: 'x'.repeat(80) },
        });
        await host.deliver({
            type: 'open',
            query: { source: 'icm', chain: 'C', messageId: '0x12' },
        });
        assert.equal(api.queries.panels.all().length, before);
        // Closed: no more polls.
        api.queries.panels.closeAll();
        assert.equal(api.queries.panels.snapshots().filter(isIcm).length, 0);
    });
});
