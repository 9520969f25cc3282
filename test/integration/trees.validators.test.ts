import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { setDisplayLocale } from '../../src/core/format';
import { SettingKey } from '../../src/platform/settingKeys';
import type { Row } from '../../src/tree/rows';
import { setSandboxSettings, testEnv } from './testEnv';
import {
    descriptionOf,
    extensionApi,
    labelOf,
    ofKind,
    oneOfKind,
    rowByLabel,
    rows,
    stopWatching,
    tooltipText,
    treeSuite,
    watchFromRow,
} from './treesSupport';

treeSuite('validators', 'Validators view', () => {
    async function dataApiGroup(): Promise<Row> {
        return rowByLabel(await rows('validators'), 'L1 validators');
    }

    async function nodeChain(blockchainId: string): Promise<Extract<Row, { kind: 'nodeChain' }>> {
        const group = await rowByLabel(await rows('validators'), 'Validators per chain');
        const chains = ofKind(await rows('validators', group), 'nodeChain');
        const found = chains.find((c) => c.chain.platformChainId === blockchainId);
        assert.ok(found, `no chain ${blockchainId}`);
        return found;
    }

    test('the top level is the filter line, the Data API list and the node list', async () => {
        const top = await rows('validators');
        assert.deepEqual(await Promise.all(top.map(labelOf)), [
            'Filter',
            'L1 validators',
            'Validators per chain',
            'Primary network validators',
        ]);
        assert.equal(await descriptionOf(top[0]!), 'active only');
    });

    test('L1 validators: node id, weight, balance in AVAX and creation time; details in the tooltip', async () => {
        const list = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.ok(list.length > 0);
        assert.ok(
            list.every((v) => BigInt(v.validator.remainingBalance) > 0n),
            'active only by default',
        );
        const first = list[0]!;
        assert.equal(await labelOf(first), first.validator.nodeId);
        assert.match(await descriptionOf(first), /^weight [\d,]+ · [\d,.]+ AVAX · .+ ago$/);
        const tip = await tooltipText(first);
        for (const part of [
            'Validation id \\\\\\(hex\\\\\\)',
            'BLS public key',
            'Balance owners',
            'Deactivation owner',
        ]) {
            assert.match(tip, new RegExp(part));
        }
    });

    test('rows and tooltips speak the display language: German separators and times, the zone named', async () => {
        // The locale lives on the process (`core/format.ts`), which this test shares with the
        // extension: VS Code's display language cannot change without a restart and a language pack.
        setDisplayLocale('de-DE');
        try {
            const list = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
            const first = list[0]!;
            assert.match(await descriptionOf(first), /^weight [\d.]+ · [\d.,]+ AVAX · vor .+$/);
            const tip = await tooltipText(first);
            assert.match(tip, /\d\d\\\.\d\d\\\.\d{4}, \d\d\\:\d\d\\:\d\d UTC \\\(vor /, tip);
        } finally {
            setDisplayLocale('en-US');
        }
        const first = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator')[0]!;
        assert.match(await descriptionOf(first), / ago$/);
    });

    test('primary network validators on a Helicon node: auto-renewed first, ACP-236 settings by name', async () => {
        const primaryRows = async () => {
            const all = await rows(
                'validators',
                await rowByLabel(await rows('validators'), 'Primary network validators'),
            );
            const found = ofKind(all, 'primaryValidator');
            assert.ok(found.length > 0, JSON.stringify(all).slice(0, 600));
            return found;
        };
        // Before Helicon: none is auto-renewed, and no row says so.
        const before = await primaryRows();
        for (const v of before) assert.doesNotMatch(await descriptionOf(v), /auto-renew/);

        await setSandboxSettings({ helicon: true });
        const api = await extensionApi();
        api.trees.providers.validators.refresh();
        const list = await primaryRows();
        const renewed = list.filter((v) => v.validator.autoRenewed);
        assert.ok(renewed.length >= 2, `${renewed.length} auto-renewed`);
        assert.deepEqual(
            list.slice(0, renewed.length).map((v) => v.validator.nodeId),
            renewed.map((v) => v.validator.nodeId),
            'auto-renewed ones first',
        );
        // The sandbox's second validator: 14-day cycles, half of the rewards restaked.
        const first = renewed.find(
            (v) => v.validator.autoRenewed?.autoCompoundRewardShares === 500_000,
        )!;
        assert.ok(first, 'one restakes half');
        assert.equal(await labelOf(first), first.validator.nodeId);
        assert.match(
            await descriptionOf(first),
            /^[\d,.]+ AVAX · uptime [\d.]+% · (not connected · )?auto-renews every 14 days · 50% restaked · cycle ends .+$/,
        );
        // Tooltips escape Markdown's punctuation; read them as a person sees them.
        const tip = (await tooltipText(first)).replace(/\\(?=[^\w\s])/g, '');
        assert.match(tip, /Auto-renewed primary network validator/);
        assert.match(tip, /ACP-236/);
        assert.match(tip, /Authority: 1 of P-/);
        assert.match(tip, /Next cycle: 14 days/);
        assert.match(tip, /Compounding share: 50% of each cycle's rewards restaked/);
        assert.match(tip, /Restaked validation rewards: [\d,.]+ AVAX/);
        assert.match(tip, /Restaked delegatee rewards: 0 AVAX/);
        assert.match(tip, /Cycle ends: /);
        const leaving = renewed.find((v) => v.validator.autoRenewed?.nextPeriodSeconds === '0');
        assert.ok(leaving, 'one leaves after this cycle');
        assert.match(await descriptionOf(leaving), /auto-renewed, leaves after this cycle/);
        assert.match(
            (await tooltipText(leaving)).replace(/\\(?=[^\w\s])/g, ''),
            /Next cycle: none: leaves at the end of this cycle/,
        );
        const fixed = list.find((v) => !v.validator.autoRenewed)!;
        assert.match(await descriptionOf(fixed), / · ends (in|.* ago)/);

        // The node id filter asks the node for that validator alone.
        api.trees.validatorsSource.filter = {
            nodeId: first.validator.nodeId,
            includeInactive: false,
        };
        api.trees.providers.validators.refresh();
        const byNode = await primaryRows();
        assert.deepEqual(
            byNode.map((v) => v.validator.nodeId),
            [first.validator.nodeId],
        );
        assert.deepEqual(byNode[0]!.validator.autoRenewed, first.validator.autoRenewed);
        await vscode.commands.executeCommand('avalanche.validators.clearFilter');
    });

    test('filters: subnet, node id, validation id and inactive on or off', async () => {
        const api = await extensionApi();
        const known = testEnv().known.mainnet;
        api.trees.validatorsSource.filter = { subnetId: known.l1SubnetId, includeInactive: false };
        api.trees.providers.validators.refresh();
        const active = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.equal(active.length, 6);
        assert.match(
            await descriptionOf((await rows('validators'))[0]!),
            /subnet .* · active only/,
        );
        api.trees.validatorsSource.filter = { subnetId: known.l1SubnetId, includeInactive: true };
        api.trees.providers.validators.refresh();
        assert.equal(
            ofKind(await rows('validators', await dataApiGroup()), 'l1Validator').length,
            7,
        );
        api.trees.validatorsSource.filter = { nodeId: known.l1NodeId, includeInactive: false };
        api.trees.providers.validators.refresh();
        const byNode = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.deepEqual(
            byNode.map((v) => v.validator.nodeId),
            [known.l1NodeId],
        );
        api.trees.validatorsSource.filter = {
            validationId: known.l1ValidationId,
            includeInactive: false,
        };
        api.trees.providers.validators.refresh();
        const byValidation = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.deepEqual(
            byValidation.map((v) => v.validator.validationId),
            [known.l1ValidationId],
        );
        await vscode.commands.executeCommand('avalanche.validators.clearFilter');
        assert.equal(api.trees.validatorsSource.filterActive, false);
    });

    test('the node view of an L1 marks every disagreement with the Data API', async () => {
        const known = testEnv().known.mainnet;
        const chain = await nodeChain(known.l1BlockchainId);
        const list = ofKind(await rows('validators', chain), 'nodeValidator');
        const byAgreement = (a: string) => list.filter((v) => v.compared.agreement === a);
        assert.equal(byAgreement('weightDiffers').length, 1, 'one weight differs');
        assert.equal(byAgreement('onlyDataApi').length, 1, 'one is missing on the node');
        assert.equal(byAgreement('onlyNode').length, 1, 'one is missing in the Data API');
        assert.ok(list.every((v) => v.comparable));
        const weight = byAgreement('weightDiffers')[0]!;
        const n = BigInt(weight.compared.node?.weight ?? '0');
        const d = BigInt(weight.compared.dataApi?.weight ?? 0);
        assert.equal(n - d, 5n);
        assert.match(await descriptionOf(weight), /⚠ weight differs: node [\d,]+, Data API [\d,]+/);
        assert.match(await descriptionOf(byAgreement('onlyDataApi')[0]!), /missing on the node/);
        assert.match(await descriptionOf(byAgreement('onlyNode')[0]!), /missing in the Data API/);
        const agreeing = list.find((v) => v.compared.nodeId === known.l1NodeId);
        assert.equal(agreeing?.compared.agreement, 'agree');
        assert.match(
            await descriptionOf(agreeing),
            /^weight [\d,]+ · uptime [\d.]+% · (connected|not connected) · L1 validator$/,
        );
        assert.equal(
            list.filter((v) => v.compared.node?.isConnected === false).length,
            1,
            'one node-side validator is offline',
        );
        const rendered = (await extensionApi()).trees.providers.validators.getTreeItem(weight);
        assert.equal(rendered.contextValue, 'validator.node.weightDiffers');
        // A validator whose balance ran out is still listed by the node, inactive (#18), and
        // agrees with the Data API's inactive entry.
        const inactive = list.filter((v) => v.compared.node?.isActive === false);
        assert.ok(inactive.length > 0, 'an inactive validator on the node');
        for (const v of inactive) {
            assert.equal(v.compared.agreement, 'agree');
            assert.match(await descriptionOf(v), / · inactive · /);
        }
    });

    test('the C-Chain is not among the node chains: AvalancheGo has no validators API there', async () => {
        const group = await rowByLabel(await rows('validators'), 'Validators per chain');
        const chains = ofKind(await rows('validators', group), 'nodeChain');
        assert.ok(chains.length > 0, 'the L1 chains are listed');
        assert.ok(
            chains.every(
                (c) => c.chain.platformChainId !== testEnv().known.mainnet.cChainBlockchainId,
            ),
        );
    });

    test('a chain the node is still bootstrapping explains itself', async () => {
        const group = await rowByLabel(await rows('validators'), 'Validators per chain');
        const chains = ofKind(await rows('validators', group), 'nodeChain');
        const unavailable = chains.find((c) => c.chain.status === 'UNAVAILABLE');
        assert.ok(unavailable);
        const notice = oneOfKind(await rows('validators', unavailable), 'notice');
        assert.equal(notice.reason, 'bootstrapping');
    });

    test('a node that is down is a notice on each chain, not a toast', async () => {
        await setSandboxSettings({ nodeDown: true });
        const chain = await nodeChain(testEnv().known.mainnet.l1BlockchainId);
        (await extensionApi()).trees.providers.validators.refresh(chain);
        const notice = oneOfKind(await rows('validators', chain), 'notice');
        assert.equal(notice.reason, 'unreachable');
    });

    test('Watch on an L1 validator row follows it in the watch list', async () => {
        const list = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        const v = list[0]!.validator;
        const rendered = (await extensionApi()).trees.providers.validators.getTreeItem(list[0]!);
        assert.match(rendered.contextValue ?? '', /^validator\.l1\./, 'the menus offer Watch');
        const key = await watchFromRow(list[0]!, {
            kind: 'l1Validator',
            network: 'mainnet',
            validationId: v.validationId,
            subnetId: v.subnetId,
            nodeId: v.nodeId,
        });
        await stopWatching(key);
    });

    test('L1 validators under the runway threshold are marked, and marked again when it changes', async () => {
        const api = await extensionApi();
        // The sandbox's P-Chain charges 512 nAVAX a second (platform.getValidatorFeeState).
        const daysOf = (v: { remainingBalance: string }) =>
            Number(v.remainingBalance) / 512 / 86_400;
        let list = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.ok(
            list.every((r) => r.fees?.state.price === '512'),
            'every row of the page has the fee read beside it',
        );
        const runways = list.map((r) => daysOf(r.validator)).sort((a, b) => a - b);
        // A threshold between the shortest and the longest runway: some rows under it, some not.
        const threshold = Math.min(365, (runways[0]! + runways[runways.length - 1]!) / 2);
        assert.ok(runways[0]! < threshold, `a runway under ${threshold} days`);
        await api.config.update(SettingKey.WatchRunwayWarningDays, threshold);
        list = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        let under = 0;
        for (const row of list) {
            const low = daysOf(row.validator) < threshold;
            const rendered = api.trees.providers.validators.getTreeItem(row);
            const description = await descriptionOf(row);
            if (low) {
                under++;
                assert.match(description, / · [\d.]+ (days|years|h|min)[^·]* left$/);
                assert.equal((rendered.iconPath as vscode.ThemeIcon).id, 'warning');
                assert.match(rendered.contextValue ?? '', /^validator\.l1\.active\.low$/);
                // The tooltip's Markdown, its escapes undone.
                const tip = (await tooltipText(row)).replace(/\\(.)/g, '$1');
                assert.match(tip, /warning threshold/);
                assert.match(tip, /Fee now: 0\.000000512 AVAX per second/);
                assert.match(tip, /Runway: .* at today's fee/);
            } else {
                assert.doesNotMatch(description, /left$/);
                assert.notEqual((rendered.iconPath as vscode.ThemeIcon).id, 'warning');
            }
        }
        assert.ok(under > 0 && under < list.length, `${under} of ${list.length} marked`);
        // A lower threshold draws the same rows again, without reading them.
        await api.config.update(SettingKey.WatchRunwayWarningDays, 0.01);
        const again = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.equal(again[0], list[0], 'the rows were not read again');
        for (const row of again) assert.doesNotMatch(await descriptionOf(row), /left$/);
    });

    test('the filter takes an argument from other features, checked as the prompt checks', async () => {
        const api = await extensionApi();
        const known = testEnv().known.mainnet;
        await vscode.commands.executeCommand('avalanche.validators.filter', {
            validationId: known.l1ValidationId,
            includeInactive: true,
        });
        assert.deepEqual(api.trees.validatorsSource.filter, {
            subnetId: undefined,
            nodeId: undefined,
            validationId: known.l1ValidationId,
            includeInactive: true,
        });
        const byValidation = ofKind(await rows('validators', await dataApiGroup()), 'l1Validator');
        assert.deepEqual(
            byValidation.map((v) => v.validator.validationId),
            [known.l1ValidationId],
        );
        // Refused: the filter stays as it was.
        for (const bad of [{ validationId: 'not-an-id' }, { subnet: known.l1SubnetId }, 'x']) {
            await vscode.commands.executeCommand('avalanche.validators.filter', bad);
            assert.equal(api.trees.validatorsSource.filter.validationId, known.l1ValidationId);
        }
    });
});
