import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import { SettingKey } from '../../src/platform/settingKeys';
import type { Row } from '../../src/tree/rows';
import { settledPanel } from './commandsScript';
import {
    addSandboxFault,
    clearSandboxRequests,
    sandboxRequests,
    setSandboxSettings,
    testEnv,
} from './testEnv';
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

treeSuite('subnets', 'Subnets & L1s view', () => {
    /** The view's rows after `fault`: a load VS Code began before the fault was in place is dropped. */
    async function rowsUnder(fault: Parameters<typeof addSandboxFault>[0]): Promise<Row[]> {
        await addSandboxFault(fault);
        (await extensionApi()).trees.providers.subnets.refresh();
        return rows('subnets');
    }

    async function knownL1(): Promise<Extract<Row, { kind: 'subnet' }>> {
        const list = ofKind(await rows('subnets'), 'subnet');
        const found = list.find((s) => s.subnet.subnetId === testEnv().known.mainnet.l1SubnetId);
        assert.ok(found, 'the known L1 is on the first page (newest first)');
        return found;
    }

    test('pages follow the page-size setting, with Load more until the end', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.SubnetsPageSize, 10);
        const first = await rows('subnets');
        assert.equal(ofKind(first, 'subnet').length, 10);
        // The setting sizes a fresh listing (a change starts one); its token chain keeps the
        // page size it began with, since a token is only known to continue its own list (#34).
        await clearSandboxRequests();
        await vscode.commands.executeCommand(
            'avalanche.tree.loadMore',
            oneOfKind(first, 'loadMore'),
        );
        // A Load more reads as many subnets as are shown (10, then 20), in pages of 10.
        let list = await rows('subnets');
        assert.equal(ofKind(list, 'subnet').length, 20);
        for (let i = 0; i < 10 && ofKind(list, 'loadMore').length > 0; i++) {
            await vscode.commands.executeCommand(
                'avalanche.tree.loadMore',
                oneOfKind(list, 'loadMore'),
            );
            list = await rows('subnets');
        }
        const subnets = ofKind(list, 'subnet');
        assert.equal(subnets.length, 24, 'the small sandbox has 24 subnets');
        const sizes = (await sandboxRequests())
            .filter((r) => r.operations.includes('listSubnets'))
            .map((r) => new URL(r.url, 'http://x').searchParams.get('pageSize'));
        assert.ok(sizes.length >= 2, `Load more read pages (${sizes.join(', ')})`);
        assert.deepEqual(new Set(sizes), new Set(['10']), 'every page of the chain asked for 10');
        assert.equal(ofKind(list, 'loadMore').length, 0, 'no Load more after the last page');
        assert.equal(new Set(subnets.map((s) => s.id)).size, 24);
        const times = subnets.map((s) => s.subnet.createBlockTimestamp);
        assert.deepEqual(
            times,
            [...times].sort((a, b) => b - a),
            'newest first',
        );
    });

    test('the sort order switch lists the oldest first', async () => {
        const api = await extensionApi();
        const newest = ofKind(await rows('subnets'), 'subnet')[0];
        await vscode.commands.executeCommand('avalanche.subnets.toggleSortOrder');
        assert.equal(api.trees.subnetsSource.sortOrder, 'asc');
        assert.match(api.trees.views.subnets.description ?? '', /oldest first/);
        const oldest = ofKind(await rows('subnets'), 'subnet');
        assert.notEqual(oldest[0]?.subnet.subnetId, newest?.subnet.subnetId);
        assert.ok(
            (oldest[0]?.subnet.createBlockTimestamp ?? 0) <
                (newest?.subnet.createBlockTimestamp ?? 0),
        );
        await vscode.commands.executeCommand('avalanche.subnets.toggleSortOrder');
        assert.equal(api.trees.subnetsSource.sortOrder, 'desc');
    });

    test('an L1 shows its id, type, creation, owner, conversion and validator manager', async () => {
        const l1 = await knownL1();
        assert.match(await descriptionOf(l1), /^L1 · /);
        const details = await rows('subnets', l1);
        const labels = await Promise.all(details.map(labelOf));
        assert.deepEqual(labels, [
            'Subnet id',
            'Type',
            'Created',
            'Owner',
            'L1 conversion',
            'Validator manager',
            'Blockchains',
            'L1 validators',
        ]);
        const id = details[0];
        assert.ok(id?.kind === 'field' && id.copy === l1.subnet.subnetId);
        const owner = await rowByLabel(details, 'Owner');
        const owners = ofKind(await rows('subnets', owner), 'field');
        assert.deepEqual(
            owners.map((o) => o.copy),
            l1.subnet.subnetOwnershipInfo.addresses,
        );
        assert.match(
            await descriptionOf(owner),
            new RegExp(`^${l1.subnet.subnetOwnershipInfo.threshold} of `),
        );
        const manager = await rows('subnets', await rowByLabel(details, 'Validator manager'));
        assert.deepEqual(
            manager.map((m) => (m.kind === 'field' ? m.copy : undefined)),
            [
                l1.subnet.l1ValidatorManagerDetails?.blockchainId,
                l1.subnet.l1ValidatorManagerDetails?.contractAddress,
            ],
        );
        const tip = await tooltipText(l1);
        assert.match(tip, /L1 conversion/);
    });

    test('Watch on an L1 row follows all its validators in the watch list', async () => {
        const l1 = await knownL1();
        const name = l1.subnet.blockchains.map((b) => b.blockchainName).join(', ');
        const key = await watchFromRow(l1, {
            kind: 'l1',
            network: 'mainnet',
            subnetId: l1.subnet.subnetId,
            ...(name ? { name: name.length <= 80 ? name : `${name.slice(0, 79)}…` } : {}),
        });
        await stopWatching(key);
    });

    test('a blockchain opens to its ids and a readable genesis summary', async () => {
        const l1 = await knownL1();
        const chains = ofKind(
            await rows('subnets', await rowByLabel(await rows('subnets', l1), 'Blockchains')),
            'blockchain',
        );
        const chain = chains.find(
            (c) => c.blockchain.blockchainId === testEnv().known.mainnet.l1BlockchainId,
        );
        assert.ok(chain);
        const details = await rows('subnets', chain);
        assert.deepEqual((await Promise.all(details.map(labelOf))).slice(0, 3), [
            'Blockchain id',
            'VM id',
            'EVM chain id',
        ]);
        const genesis = await rows('subnets', await rowByLabel(details, 'Genesis'));
        const alloc = await rowByLabel(genesis, 'Allocations');
        assert.match(await descriptionOf(alloc), /^\d+ accounts?, [\d,.]+ native/);
        const fees = await rows('subnets', await rowByLabel(genesis, 'Fee config'));
        assert.ok((await Promise.all(fees.map(labelOf))).includes('Gas limit'));
        const permissions = await rowByLabel(genesis, 'Permission precompiles');
        assert.match(await descriptionOf(permissions), /Fee manager/);
        const precompiles = await rows('subnets', permissions);
        const feeManager = await rowByLabel(precompiles, 'Fee manager');
        const admins = ofKind(await rows('subnets', feeManager), 'field').filter(
            (f) => f.label === 'Admin',
        );
        assert.equal(admins.length, 1);
        assert.match(admins[0]?.copy ?? '', /^0x[0-9a-fA-F]{40}$/);
    });

    test('an L1 lists its validators (by subnet), inactive ones marked', async () => {
        const l1 = await knownL1();
        const group = await rowByLabel(await rows('subnets', l1), 'L1 validators');
        const validators = ofKind(await rows('subnets', group), 'l1Validator');
        assert.equal(validators.length, 7);
        assert.ok(validators.every((v) => v.validator.subnetId === l1.subnet.subnetId));
        const inactive = validators.filter((v) => v.validator.remainingBalance === '0');
        assert.equal(inactive.length, 1);
        assert.match(await descriptionOf(inactive[0]!), /inactive/);
        assert.match(await descriptionOf(validators[0]!), /weight [\d,]+ · [\d,.]+ AVAX/);
    });

    test('Find jumps to a loaded subnet, and looks up and pins one not loaded yet', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.SubnetsPageSize, 5);
        const loaded = ofKind(await rows('subnets'), 'subnet');
        const target = loaded[2]!;
        await vscode.commands.executeCommand('avalanche.subnets.find', target.subnet.subnetId);
        assert.equal(api.trees.views.subnets.selection[0]?.id, target.id);
        // The known plain subnet is the fourth newest... the oldest one is surely not on page 1.
        api.trees.subnetsSource.sortOrder = 'asc';
        api.trees.providers.subnets.refresh();
        const oldest = ofKind(await rows('subnets'), 'subnet').find(
            (n) => n.subnet.blockchains.length > 0,
        )!;
        api.trees.subnetsSource.sortOrder = 'desc';
        api.trees.providers.subnets.refresh();
        assert.ok(
            !ofKind(await rows('subnets'), 'subnet').some(
                (s) => s.subnet.subnetId === oldest.subnet.subnetId,
            ),
        );
        assert.ok(oldest, 'an old subnet with a blockchain');
        await vscode.commands.executeCommand(
            'avalanche.subnets.find',
            oldest.subnet.blockchains[0]!.blockchainId,
        );
        const top = await rows('subnets');
        const pinned = top[0];
        assert.ok(
            pinned?.kind === 'subnet' && pinned.pinned === true,
            'the match is pinned above the list',
        );
        assert.equal(pinned.subnet.subnetId, oldest.subnet.subnetId);
        const selected = api.trees.views.subnets.selection[0];
        assert.equal(selected?.kind, 'blockchain');
        assert.equal(
            selected?.kind === 'blockchain' ? selected.blockchain.blockchainId : '',
            oldest.subnet.blockchains[0]!.blockchainId,
        );
    });

    test('bidi and invisible characters in chain names are shown as markers, not acted on (#18)', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ hostile: true });
        try {
            api.trees.providers.subnets.refresh();
            const subnets = ofKind(await rows('subnets'), 'subnet');
            const labels = await Promise.all(subnets.map(labelOf));
            const descriptions = await Promise.all(subnets.map(descriptionOf));
            for (const text of [...labels, ...descriptions]) {
                assert.doesNotMatch(text, /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u, text);
            }
            // The hostile name `\u202eevil.exe\u202c gnp.txt` no longer reads `exe.live gnp.txt`.
            assert.ok(
                labels.some((l) => l.includes('⟨U+202E⟩evil.exe⟨U+202C⟩ gnp.txt')),
                labels.join('\n').slice(0, 2000),
            );
        } finally {
            await setSandboxSettings({ hostile: false });
            api.trees.providers.subnets.refresh();
        }
    });

    test('a page whose first subnet breaks the schema stands: that one is left out, with a notice row (#34)', async () => {
        // The sandbox's schemaBreak breaks the page itself (its list is no list), which fails as
        // a whole; here only the first subnet is unreadable.
        const list = await rowsUnder({
            fault: { kind: 'patch', set: { 'subnets.0.subnetId': 42 } },
            target: 'listSubnets',
        });
        assert.deepEqual(
            ofKind(list, 'error').map((e) => e.message),
            [],
            'no error row',
        );
        assert.ok(ofKind(list, 'subnet').length > 0, 'the rest of the page');
        const notice = ofKind(list, 'notice').find((n) => /left out/.test(n.message));
        assert.ok(notice, 'a row says a subnet was left out');
        assert.match(notice.message, /^1 subnet of this page left out/);
        assert.match(notice.remedy ?? '', /: expected \w+, got \w+/);
    });

    test('an odd subnet is shown marked, without its odd field; the palette panel marks it too (#34)', async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.SubnetsPageSize, 10);
        const odd = {
            fault: {
                kind: 'patch' as const,
                // A chain id no schema reads, and a subnet with no readable id at all.
                set: { 'subnets.1.blockchains.0.evmChainId': 'many', 'subnets.3.subnetId': 42 },
            },
            target: 'listSubnets',
        };
        const list = await rowsUnder(odd);
        const subnets = ofKind(list, 'subnet');
        assert.equal(subnets.length, 9, 'ten sent, one unreadable');
        const partial = subnets[1]!;
        assert.deepEqual(partial.partial?.removed, ['blockchains[0].evmChainId']);
        assert.match(await descriptionOf(partial), /· partial$/);
        const tip = await tooltipText(partial);
        assert.match(tip, /shown without/);
        assert.match(tip, /evmChainId/);
        assert.equal(partial.subnet.blockchains[0]?.evmChainId, undefined);
        assert.ok(subnets.filter((s) => s !== partial).every((s) => !s.partial));
        assert.match(
            ofKind(list, 'notice').find((n) => /left out/.test(n.message))?.remedy ?? '',
            /subnetId: expected string, got number/,
        );

        // The same page in a panel: the row is badged, the notice names it and the one left out.
        await addSandboxFault(odd);
        api.queries.panels.open({
            source: 'dataApi',
            operation: 'listSubnets',
            params: { network: 'mainnet', pageSize: 10 },
        });
        const panel = await settledPanel(
            (p) => p.query.source === 'dataApi' && p.query.operation === 'listSubnets',
            'the subnets panel',
        );
        assert.equal(panel.error, undefined);
        assert.equal(panel.rows, 9);
        assert.match(panel.view?.notice?.text ?? '', /2 items of this page did not match/);
        assert.match(panel.view?.notice?.text ?? '', /row 2 without blockchains\[0\]\.evmChainId/);
        const badged = panel.view!.main!.rows[1]![0]!;
        assert.ok(badged.k === 'list' && badged.items[0]?.k === 'badge', JSON.stringify(badged));
        api.queries.panels.closeAll();
    });

    test('a dropped connection is an error row', async () => {
        const list = await rowsUnder({ fault: { kind: 'reset' }, target: 'listSubnets' });
        const error = oneOfKind(list, 'error');
        assert.match(error.message, /connection|reset|closed|network/i);
    });

    test('rate limiting without a key suggests setting one', async () => {
        const list = await rowsUnder({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 0 },
            target: 'listSubnets',
        });
        const row = oneOfKind(list, 'signIn');
        assert.match(row.message, /key/i);
    });

    test('Open as JSON shows the subnet; rows carry their context values', async () => {
        const l1 = await knownL1();
        await vscode.commands.executeCommand('avalanche.tree.openJson', l1);
        const editor = vscode.window.activeTextEditor;
        assert.equal(editor?.document.languageId, 'json');
        assert.equal(editor?.document.isUntitled, true);
        const shown = JSON.parse(editor?.document.getText() ?? '{}') as { subnetId?: string };
        assert.equal(shown.subnetId, l1.subnet.subnetId);
        const rendered = (await extensionApi()).trees.providers.subnets.getTreeItem(l1);
        assert.equal(rendered.contextValue, 'subnet.l1');
        assert.equal(rendered.id, l1.id);
        const idRow = await rowByLabel(await rows('subnets', l1), 'Subnet id');
        assert.equal(
            (await extensionApi()).trees.providers.subnets.getTreeItem(idRow).contextValue,
            'field.copy',
        );
    });

    test('Open Details on an L1 opens its validators in a result panel', async () => {
        const l1 = await knownL1();
        await vscode.commands.executeCommand('avalanche.tree.openDetails', l1);
        const panel = await settledPanel(
            (p) =>
                p.query.source === 'dataApi' &&
                p.query.operation === 'listL1Validators' &&
                p.query.params['subnetId'] === l1.subnet.subnetId,
            'the L1 validators panel',
        );
        assert.equal(panel.error, undefined);
        assert.ok(panel.rows > 0, 'the sandbox L1 has validators');
        (await extensionApi()).queries.panels.closeAll();
    });
});
