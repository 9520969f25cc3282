/**
 * The node tier's local-network part: a throwaway home holds the files avalanche-cli leaves for a
 * local network (test/realnode/cli.ts `--discovery-home`), pointing at the real AvalancheGo with
 * its Subnet-EVM L1; the node itself keeps its process.json there. The extension finds the
 * network, reads every view from the node, resolves hovers over the real transactions through
 * the chains' RPC, and follows the node when it is restarted on another port. An Interchain Kit
 * network.json naming the same node's C-Chain and L1 is found in the opened folder, read through
 * the node and named in hovers, its keys nowhere. Runs before realNode.test.ts (file order),
 * which kills the node.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import { nodeQuery } from '../../src/core/query/nodeQueries';
import type { LocalNetwork } from '../../src/core/local/localNetwork';
import { SettingKey } from '../../src/platform/settingKeys';
import {
    kitRelayerAddress,
    tracesIn,
    writeInterchainKitFiles,
} from '../helpers/interchainKitFiles';
import { renderedPanel, runScripted, settledPanel } from './commandsScript';
import { invokeTool } from './helpers';
import { allRowsText, hoverTextAt, kitFundedKey, kitRelayerKey, logFilesText } from './kitSupport';
import { type RealNodeEnv, screenshot, testEnv } from './testEnv';
import { descriptionOf, extensionApi, ofKind, rowByLabel, rows, until } from './treesSupport';

async function movedTo(node: RealNodeEnv, previous: string): Promise<string> {
    let uri = '';
    await until(
        () => {
            if (!existsSync(node.stateFile)) return false;
            const state = readFileSync(node.stateFile, 'utf8').trim();
            const match = /^MOVED (\S+)$/.exec(state);
            if (!match || match[1] === previous) return false;
            uri = match[1]!;
            return true;
        },
        'the real node to be restarted on another port',
        90_000,
    );
    return uri;
}

/** Waits for `thenable` at most `ms`; a reveal that fails or never settles only costs the wait. */
async function within(thenable: Thenable<unknown>, ms = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
        Promise.resolve(thenable).catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
}

function hoverText(hovers: readonly vscode.Hover[]): string {
    return hovers
        .flatMap((h) =>
            h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')),
        )
        .join('\n');
}

suite('(node host) a local network found on disk, read from the real node', function () {
    this.timeout(240_000);
    let node: RealNodeEnv;

    suiteSetup(async function () {
        const real = testEnv().realNode;
        if (!real) this.skip();
        node = real;
        const api = await extensionApi();
        const networks = await api.local.networks.list();
        const found = networks.find((n) => n.nodes.some((x) => x.uri === node.uri));
        assert.ok(found, `the real node among ${JSON.stringify(networks)}`);
        await api.local.follower.follow(found);
        await api.config.update(SettingKey.SelectedNodeUrl, node.uri);
        await api.config.update(SettingKey.Network, 'local');
        await until(
            () => api.clients.network === 'local' && api.clients.nodeUrl === node.uri,
            'the local network to be selected',
        );
    });

    suiteTeardown(async () => {
        const api = await extensionApi();
        await api.local.follower.follow(undefined);
        await api.config.update(SettingKey.Network, undefined);
        await api.config.update(SettingKey.SelectedNodeUrl, undefined);
    });

    test('discovery reads avalanche-cli’s files: the node, its network id and the L1', async () => {
        const api = await extensionApi();
        const found = (await api.local.networks.list()).find((n) =>
            n.nodes.some((x) => x.uri === node.uri),
        )!;
        assert.equal(found.source, 'avalanche-cli');
        assert.equal(found.networkId, node.networkId);
        assert.equal(found.nodes[0]?.nodeId, node.nodeId);
        const l1 = found.l1s.find((x) => x.blockchainId === node.l1.blockchainId);
        assert.ok(l1, 'the L1 from its sidecar');
        assert.equal(l1.subnetId, node.l1.subnetId);
        assert.equal(l1.evmChainId, node.l1.activity.evmChainId);
    });

    test('Chains view: the C-Chain and the L1 from the node, with their blocks’ transactions', async () => {
        const api = await extensionApi();
        api.trees.providers.chains.refresh();
        const top = await rows('chains');
        const primary = await rows('chains', await rowByLabel(top, 'Primary Network'));
        const pBlocks = ofKind(await rows('chains', primary[0]), 'primaryBlock');
        assert.ok(pBlocks.length > 0, 'P-Chain blocks from the node');
        assert.ok(
            pBlocks.some((b) => b.block.transactions.includes(node.l1.convertTxId ?? '')) ||
                !node.l1.convertTxId,
            'the L1 conversion is in a P-Chain block',
        );
        let evm = ofKind(await rows('chains', await rowByLabel(top, 'EVM chains')), 'evmChain');
        await until(async () => {
            api.trees.providers.chains.refresh();
            evm = ofKind(
                await rows('chains', await rowByLabel(await rows('chains'), 'EVM chains')),
                'evmChain',
            );
            return evm.some(
                (c) =>
                    c.chain.platformChainId === node.l1.blockchainId &&
                    c.chain.networkToken.symbol === 'EXT',
            );
        }, 'the L1 named from its sidecar');
        const l1 = evm.find((c) => c.chain.platformChainId === node.l1.blockchainId)!;
        assert.equal(l1.chain.chainId, String(node.l1.activity.evmChainId));
        const blocks = ofKind(
            await rows('chains', await rowByLabel(await rows('chains', l1), 'Latest blocks')),
            'evmBlock',
        );
        const last = node.l1.activity.contract.calls.at(-1)!;
        const block = blocks.find((b) => b.block.number === Number(last.blockNumber));
        if (block) {
            const txs = ofKind(await rows('chains', block), 'evmTx');
            const tx = txs.find((t) => t.tx.txHash === last.hash);
            assert.ok(tx, 'the last contract call among its block’s transactions');
            assert.equal(tx.tx.txStatus, '1');
            assert.equal(tx.tx.from.address.toLowerCase(), node.l1.activity.from.toLowerCase());
        }
    });

    test('Subnets and Validators views: the L1 and its validator from the P-Chain', async () => {
        const api = await extensionApi();
        api.trees.providers.subnets.refresh();
        const subnet = ofKind(await rows('subnets'), 'subnet').find(
            (s) => s.subnet.subnetId === node.l1.subnetId,
        );
        assert.ok(subnet, 'the L1 subnet listed');
        assert.equal(subnet.subnet.isL1, node.l1.converted);
        assert.deepEqual(
            subnet.subnet.blockchains.map((b) => b.blockchainId),
            [node.l1.blockchainId],
        );
        if (!node.l1.validationId) return;
        api.trees.providers.validators.refresh();
        const group = await rowByLabel(await rows('validators'), 'L1 validators');
        assert.match(await descriptionOf(group), /P-Chain/);
        const listed = ofKind(await rows('validators', group), 'l1Validator');
        assert.ok(
            listed.some((v) => v.validator.validationId === node.l1.validationId),
            'the conversion’s validator',
        );
    });

    test('hovers over the real transactions and addresses resolve through the node', async () => {
        const cCall = node.cChain.activity.contract.calls[0]!;
        const l1Call = node.l1.activity.contract.calls[0]!;
        // A file on disk, not an untitled one: a dirty editor would make "close all" ask to save.
        const file = path.join(testEnv().workspaceDir, 'local-network.md');
        writeFileSync(
            file,
            [
                `C-Chain call ${cCall.hash}`,
                `L1 call ${l1Call.hash}`,
                `contract ${node.cChain.activity.contract.address}`,
            ].join('\n'),
        );
        const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
        for (const [text, want] of [
            [cCall.hash, /success|succeeded/i],
            [l1Call.hash, /success|succeeded/i],
            [node.cChain.activity.contract.address, /code|contract/i],
        ] as const) {
            const offset = document.getText().indexOf(text);
            let markdown = '';
            await until(
                async () => {
                    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
                        'vscode.executeHoverProvider',
                        document.uri,
                        document.positionAt(offset + 2),
                    );
                    markdown = hoverText(hovers);
                    return want.test(markdown) && /node/i.test(markdown);
                },
                `the hover over ${text} to resolve through the node`,
                30_000,
            ).catch((error: unknown) => {
                throw new Error(`${(error as Error).message}\n${markdown}`);
            });
        }
    });

    test('a node method over the L1 opens its panel', async () => {
        const inputs = await runScripted(nodeQuery('eth_blockNumber')!.commandId, {
            rpcChain: node.l1.blockchainId,
        });
        assert.deepEqual(inputs.refusals(), []);
        const panel = await settledPanel(
            (s) => s.query.source === 'node' && s.query.method === 'eth_blockNumber',
            'eth_blockNumber panel',
        );
        assert.equal(panel.error, undefined, panel.error);
    });

    test('the workspace’s contracts name, decode and check what the real chains hold', async function () {
        const dir = testEnv().contractsWorkspaceDir;
        const contracts = node.cChain.activity.contracts;
        if (!dir || !contracts) this.skip();
        const c = node.cChain.activity;
        const transfer = contracts.foundry.transactions.find((t) =>
            t.signature?.startsWith('transfer('),
        );
        assert.ok(transfer, 'a token transfer among the Foundry deployment’s calls');

        // The hover over the deployed token names it from the Foundry broadcast.
        const file = path.join(testEnv().workspaceDir, 'real-contracts.md');
        writeFileSync(
            file,
            [
                `token ${contracts.foundry.token}`,
                `hardhat vault ${contracts.hardhat.vault}`,
                `transfer ${transfer.hash}`,
            ].join('\n'),
        );
        const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
        const hoverOver = async (text: string, want: RegExp): Promise<string> => {
            let markdown = '';
            await until(
                async () => {
                    // Without Markdown's escapes: what a person reads.
                    markdown = hoverText(
                        await vscode.commands.executeCommand<vscode.Hover[]>(
                            'vscode.executeHoverProvider',
                            document.uri,
                            document.positionAt(document.getText().indexOf(text) + 2),
                        ),
                    ).replace(/\\/g, '');
                    return want.test(markdown);
                },
                `the hover over ${text} to show ${want}`,
                30_000,
            ).catch((error: unknown) => {
                throw new Error(`${(error as Error).message}\n${markdown}`);
            });
            return markdown;
        };
        await hoverOver(
            contracts.foundry.token,
            /\*\*ExplorerToken\*\* · deployed, per realnode-contracts\/foundry\/broadcast\/.*Foundry broadcast/,
        );
        await hoverOver(
            contracts.hardhat.vault,
            /\*\*ExplorerVault\*\* · deployed, per realnode-contracts\/hardhat\//,
        );
        await hoverOver(transfer.hash, /Call transfer\(/);

        // The panel of the transfer decodes its call and its Transfer event.
        const open = async (hash: string) => {
            await vscode.commands.executeCommand('avalanche.query.openPanel', {
                source: 'node',
                method: 'eth_getTransactionByHash',
                texts: { hash },
                chain: 'C',
            });
            const panel = await settledPanel(
                (s) =>
                    s.query.source === 'node' &&
                    s.query.method === 'eth_getTransactionByHash' &&
                    JSON.stringify(s.query).includes(hash),
                `the panel of ${hash}`,
                30_000,
            );
            assert.equal(panel.error, undefined, panel.error);
            return JSON.stringify(panel.view);
        };
        const shown = await open(transfer.hash);
        assert.match(shown, /Call: transfer/);
        assert.match(shown, /Log \d+: Transfer/);
        assert.match(
            shown,
            /realnode-contracts\/foundry\/out\/ExplorerToken\.sol\/ExplorerToken\.json \(Foundry artifact\)/,
        );
        assert.match(shown, /ExplorerToken · deployed, per/);

        // Both failed calls show why they reverted, replayed on the real chain.
        const reasons = [
            [contracts.reverts.require.hash, /ExplorerVault: insufficient deposit/],
            [contracts.reverts.customError.hash, /TooLarge/],
        ] as const;
        for (const [hash, reason] of reasons) {
            const failed = await open(hash);
            assert.match(failed, /"Revert"/, hash);
            assert.match(failed, reason, hash);
        }

        // The broadcast's lenses: each transaction's status, block and fee; each contract's code.
        const broadcast = await vscode.workspace.openTextDocument(
            path.join(
                dir,
                'foundry',
                'broadcast',
                'Deploy.s.sol',
                String(c.evmChainId),
                'run-latest.json',
            ),
        );
        let titles: string[] = [];
        await until(
            async () => {
                const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
                    'vscode.executeCodeLensProvider',
                    broadcast.uri,
                    100,
                );
                titles = lenses.map((l) => l.command?.title ?? '');
                return (
                    titles.some((t) => /code matches/.test(t)) &&
                    titles.some((t) => /block \d+/.test(t))
                );
            },
            'the broadcast’s lenses to resolve',
            30_000,
        ).catch((error: unknown) => {
            throw new Error(`${(error as Error).message}\n${titles.join('\n')}`);
        });
        assert.ok(
            titles.some((t) => /^\$\(pass\) success · block \d+ · fee /.test(t)),
            titles.join('\n'),
        );
        assert.ok(
            titles.some((t) =>
                /code matches realnode-contracts\/foundry\/out\/ExplorerVault\.sol\/ExplorerVault\.json/.test(
                    t,
                ),
            ),
            titles.join('\n'),
        );

        // For the README: the decoded panel of the transfer, alone and drawn by its page.
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'node',
            method: 'eth_getTransactionByHash',
            texts: { hash: transfer.hash },
            chain: 'C',
        });
        await renderedPanel(
            (s) => s.query.source === 'node' && JSON.stringify(s.query).includes(transfer.hash),
            'the transfer panel drawn',
        );
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await screenshot('panel-decoded-transaction');
    });

    test('the agent tools answer from the real node: status, methods, the L1, real transactions', async () => {
        const status = await invokeTool('avalanche_get_node_status', {});
        assert.match(status, /Health: healthy/, status);
        assert.ok(status.includes(node.nodeId), status);
        const version = await invokeTool('avalanche_call_node_method', {
            method: 'info.getNodeVersion',
        });
        assert.ok(
            version.includes(node.version.replace(/^v/, '')),
            `${node.version} in\n${version}`,
        );
        const l1 = await invokeTool('avalanche_get_l1', { subnetId: node.l1.subnetId });
        assert.doesNotMatch(l1, /^Error: /, l1);
        assert.ok(l1.includes(node.l1.subnetId), l1);
        const transfer = node.l1.activity.transfers[0]!;
        const tx = await invokeTool('avalanche_get_transaction', {
            hash: transfer.hash,
            chain: node.l1.blockchainId,
        });
        assert.ok(tx.includes(transfer.hash), tx);
        assert.match(tx, /success/i, tx);
        const contracts = node.cChain.activity.contracts;
        if (contracts) {
            const revert = await invokeTool('avalanche_get_transaction', {
                hash: contracts.reverts.require.hash,
            });
            assert.match(revert, /insufficient deposit/, revert);
            const token = await invokeTool('avalanche_explain_identifier', {
                identifier: contracts.foundry.token,
            });
            assert.match(token, /ExplorerToken/, token);
        }
    });

    test('an Interchain Kit network.json at the real node: found, browsed and named, its keys nowhere', async () => {
        const api = await extensionApi();
        const cli = (await api.local.networks.list()).find(
            (n) => n.source === 'avalanche-cli' && n.nodes.some((x) => x.uri === node.uri),
        );
        const teleporter = '0x1ce1e7a1e4000000000000000000000000000034';
        const manager = '0xfacade0000000000000000000000000000000000';
        const l1EvmChainId = node.l1.activity.evmChainId;
        const files = writeInterchainKitFiles(testEnv().workspaceDir, {
            fundedKey: kitFundedKey,
            relayerKey: kitRelayerKey,
            cChain: {
                name: 'cchain',
                evmChainId: node.cChain.activity.evmChainId,
                blockchainId: node.cChain.blockchainId,
                rpcUrl: node.cChain.rpcUrl,
                teleporter,
                teleporterRegistry: '0x1ce1e7a1e4000000000000000000000000000c01',
            },
            l1s: [
                {
                    name: 'kitl1',
                    evmChainId: l1EvmChainId,
                    blockchainId: node.l1.blockchainId,
                    subnetId: node.l1.subnetId,
                    rpcUrl: node.l1.rpcUrl,
                    teleporter,
                    teleporterRegistry: '0x1ce1e7a1e4000000000000000000000000000101',
                    validatorManager: manager,
                },
            ],
            // The extension host's pid stands for the kit's node process.
            processes: [{ name: 'node-0', pid: process.pid, kind: 'primary' }],
        });
        const seen: string[] = [];
        try {
            let kit: LocalNetwork | undefined;
            await until(
                async () => {
                    kit = (await api.local.networks.list()).find(
                        (n) => n.source === 'interchain-kit',
                    );
                    return kit !== undefined;
                },
                'the kit network to be found in the workspace folder',
                30_000,
            );
            assert.deepEqual(
                kit!.nodes.map((n) => n.uri),
                [node.uri],
            );
            assert.equal(kit!.l1s[0]?.blockchainId, node.l1.blockchainId);
            assert.equal(kit!.l1s[0]?.evmChainId, l1EvmChainId);
            await api.local.follower.follow(kit);
            await api.config.update(SettingKey.SelectedNodeUrl, kit!.nodes[0]!.uri);

            // The real L1, read from the real node under the kit's name for it.
            let l1Row: Extract<Awaited<ReturnType<typeof rows>>[number], { kind: 'evmChain' }>;
            await until(
                async () => {
                    api.trees.providers.chains.refresh();
                    const evm = ofKind(
                        await rows('chains', await rowByLabel(await rows('chains'), 'EVM chains')),
                        'evmChain',
                    );
                    const found = evm.find((c) => c.chain.platformChainId === node.l1.blockchainId);
                    if (found?.chain.chainName !== 'kitl1') return false;
                    l1Row = found;
                    return true;
                },
                'the real L1 named from network.json',
                30_000,
            );
            assert.equal(l1Row!.chain.chainId, String(l1EvmChainId));
            const blocks = ofKind(
                await rows(
                    'chains',
                    await rowByLabel(await rows('chains', l1Row!), 'Latest blocks'),
                ),
                'evmBlock',
            );
            assert.ok(blocks.length > 0, 'the real L1’s blocks');

            // Hovers over a real L1 transaction and over the kit's contracts on the L1.
            const l1Call = node.l1.activity.contract.calls[0]!;
            const file = path.join(testEnv().workspaceDir, 'kit-real.md');
            writeFileSync(
                file,
                [`call ${l1Call.hash}`, `manager ${manager}`, `relayer ${kitRelayerAddress}`].join(
                    '\n',
                ),
            );
            const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
            await api.config.update(SettingKey.HoversDefaultEvmChain, String(l1EvmChainId));
            for (const [text, want] of [
                [l1Call.hash, /success|succeeded/i],
                [manager, /\*\*validator manager of kitl1\*\* · deployed, per \.interchain-kit/],
                [kitRelayerAddress, /\*\*ICM relayer\*\* · named, per \.interchain-kit/],
            ] as const) {
                let markdown = '';
                await until(
                    async () => {
                        markdown = await hoverTextAt(
                            document,
                            document.getText().indexOf(text) + 4,
                        );
                        return want.test(markdown);
                    },
                    `the hover over ${text}`,
                    30_000,
                ).catch((error: unknown) => {
                    throw new Error(`${(error as Error).message}\n${markdown}`);
                });
                seen.push(markdown);
            }
            const answer = await invokeTool('avalanche_explain_identifier', {
                identifier: manager,
                evmChainId: String(l1EvmChainId),
            });
            assert.match(answer, /validator manager of kitl1/, answer);
            seen.push(answer, await allRowsText(), JSON.stringify(await api.local.networks.list()));
            assert.deepEqual(tracesIn(seen.join('\n'), [kitFundedKey, kitRelayerKey]), []);
            const logs = logFilesText();
            if (logs) assert.deepEqual(tracesIn(logs.text, [kitFundedKey, kitRelayerKey]), []);
        } finally {
            await vscode.commands.executeCommand('workbench.action.closeAllEditors');
            await api.config.update(SettingKey.HoversDefaultEvmChain, undefined);
            rmSync(files.workDir, { recursive: true, force: true });
            rmSync(path.join(testEnv().workspaceDir, 'kit-real.md'), { force: true });
            await api.local.follower.follow(cli);
            await api.config.update(SettingKey.SelectedNodeUrl, node.uri);
            await until(
                async () =>
                    !(await api.local.networks.list()).some((n) => n.source === 'interchain-kit'),
                'the kit network to go with its files',
            );
        }
    });

    test('screenshot for the README: the views on the real local network', async () => {
        const api = await extensionApi();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('notifications.clearAll');
        await vscode.commands.executeCommand('avalanche.chains.focus');
        const evm = ofKind(
            await rows('chains', await rowByLabel(await rows('chains'), 'EVM chains')),
            'evmChain',
        );
        const l1 = evm.find((c) => c.chain.platformChainId === node.l1.blockchainId);
        if (l1) await within(api.trees.views.chains.reveal(l1, { expand: 1 }));
        const subnet = ofKind(await rows('subnets'), 'subnet')[0];
        if (subnet) await within(api.trees.views.subnets.reveal(subnet, { expand: 1 }));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await screenshot('local-network-views');
    });

    test('the node restarted on another port is followed, and back', async () => {
        const api = await extensionApi();
        const first = node.uri;
        process.kill(node.cliPid, 'SIGHUP');
        const second = await movedTo(node, first);
        assert.notEqual(second, first);
        await until(
            () => api.clients.nodeUrl === second,
            'the selection to follow the node',
            30_000,
        );
        api.trees.providers.subnets.refresh();
        assert.ok(
            ofKind(await rows('subnets'), 'subnet').some(
                (s) => s.subnet.subnetId === node.l1.subnetId,
            ),
            'the views read the moved node',
        );
        process.kill(node.cliPid, 'SIGHUP');
        await movedTo(node, second);
        await until(() => api.clients.nodeUrl === first, 'the selection to follow it back', 30_000);
    });
});
