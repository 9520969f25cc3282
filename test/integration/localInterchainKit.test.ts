/**
 * An Interchain Kit network in the opened workspace folder, against the sandbox's node: the files
 * the kit leaves in `<project>/.interchain-kit` (written as it writes them, its chains' RPC URLs
 * at the sandbox's node) appear while the suite runs, the extension finds them through its
 * watchers, the views read the kit's L1 from the node under the name network.json gives it,
 * hovers and the agent tools name its contracts on their chains, and the funded account's and
 * the relayer's private keys are in no list, row, hover, agent answer or log line; a hover over
 * a key in the kit's files shows nothing and asks nothing.
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import * as vscode from 'vscode';

import { describeLocalNetwork } from '../../src/connection/localNetworkModel';
import type { LocalNetwork } from '../../src/core/local/localNetwork';
import { SettingKey } from '../../src/platform/settingKeys';
import {
    kitRelayerAddress,
    tracesIn,
    writeInterchainKitFiles,
    type InterchainKitFiles,
} from '../helpers/interchainKitFiles';
import { invokeTool } from './helpers';
import { allRowsText, hoverTextAt, kitFundedKey, kitRelayerKey, logFilesText } from './kitSupport';
import { clearSandboxRequests, sandboxRequests, testEnv } from './testEnv';
import { extensionApi, ofKind, resetSandbox, rowByLabel, rows, until } from './treesSupport';

const keys = [kitFundedKey, kitRelayerKey];
const teleporter = '0x1ce1e7a1e4000000000000000000000000000034';
const cRegistry = '0x1ce1e7a1e4000000000000000000000000000c01';
const l1Registry = '0x1ce1e7a1e4000000000000000000000000000101';
const manager = '0xfacade0000000000000000000000000000000000';
const per = 'per .interchain-kit/artifacts/network.json (Interchain Kit network file)';

suite(
    '(integration) local network from Interchain Kit: found in the workspace folder, read through the node, its keys nowhere',
    function () {
        this.timeout(120_000);
        let files: InterchainKitFiles;
        let network: LocalNetwork;
        /** The node the user settings select (the sandbox's), put back at the end. */
        let selectedBefore: string;
        /** Everything shown or answered in the suite, searched for the keys at its end. */
        const seen: string[] = [];

        suiteSetup(async () => {
            const api = await extensionApi();
            await resetSandbox();
            selectedBefore = api.config.get(SettingKey.SelectedNodeUrl);
            // Discovery has read the files before: the kit's directory appears under its watchers.
            await api.local.networks.list();
            const known = testEnv().known.mainnet;
            const node = testEnv().nodeUrl.replace(/\/+$/, '');
            files = writeInterchainKitFiles(testEnv().workspaceDir, {
                fundedKey: kitFundedKey,
                relayerKey: kitRelayerKey,
                cChain: {
                    name: 'cchain',
                    evmChainId: Number(known.cChainId),
                    blockchainId: known.cChainBlockchainId,
                    rpcUrl: `${node}/ext/bc/C/rpc`,
                    teleporter,
                    teleporterRegistry: cRegistry,
                },
                l1s: [
                    {
                        name: 'kitl1',
                        evmChainId: Number(known.l1EvmChainId),
                        blockchainId: known.l1BlockchainId,
                        subnetId: known.l1SubnetId,
                        rpcUrl: `${node}/ext/bc/${known.l1BlockchainId}/rpc`,
                        teleporter,
                        teleporterRegistry: l1Registry,
                        validatorManager: manager,
                    },
                ],
                // The extension host's own pid stands for the kit's live processes.
                processes: [
                    { name: 'node-0', pid: process.pid, kind: 'primary' },
                    { name: 'icm-relayer', pid: process.pid, kind: 'relayer' },
                    { name: 'signature-aggregator', pid: process.pid, kind: 'sigagg' },
                ],
                relayerApiPort: 18080,
                relayerMetricsPort: 19090,
                aggregatorApiPort: 18090,
            });
            await clearSandboxRequests();
        });

        suiteTeardown(async () => {
            const api = await extensionApi();
            await vscode.commands.executeCommand('workbench.action.closeAllEditors');
            await api.local.follower.follow(undefined);
            await api.config.update(SettingKey.HoversDefaultEvmChain, undefined);
            await api.config.update(SettingKey.Network, undefined);
            await api.config.update(SettingKey.SelectedNodeUrl, selectedBefore);
            rmSync(files.workDir, { recursive: true, force: true });
            rmSync(path.join(testEnv().workspaceDir, 'kit-contracts.md'), { force: true });
            await until(
                async () =>
                    !(await api.local.networks.list()).some((n) => n.source === 'interchain-kit'),
                'the kit network to go with its files',
            );
        });

        test('found from the workspace folder: nodes, chains, contracts and the relayer', async () => {
            const api = await extensionApi();
            const known = testEnv().known.mainnet;
            let found: LocalNetwork | undefined;
            await until(async () => {
                found = (await api.local.networks.list()).find(
                    (n) => n.source === 'interchain-kit',
                );
                return found !== undefined;
            }, 'the kit network to be found through the watchers');
            network = found!;
            seen.push(JSON.stringify(await api.local.networks.list()));
            assert.deepEqual(
                network.nodes.map((n) => n.uri),
                [testEnv().nodeUrl.replace(/\/+$/, '')],
            );
            const l1 = network.l1s[0];
            assert.equal(network.l1s.length, 1);
            assert.equal(l1?.name, 'kitl1');
            assert.equal(l1.blockchainId, known.l1BlockchainId);
            assert.equal(l1.subnetId, known.l1SubnetId);
            assert.equal(l1.evmChainId, Number(known.l1EvmChainId));
            assert.equal(l1.icmRegistry, l1Registry);
            assert.equal(l1.validatorManager, manager);
            assert.equal(network.cChain?.blockchainId, known.cChainBlockchainId);
            assert.equal(network.cChain.icmMessenger, teleporter);
            assert.deepEqual(network.relayer, {
                address: kitRelayerAddress,
                apiUrl: 'http://127.0.0.1:18080',
                metricsUrl: 'http://127.0.0.1:19090',
            });
            assert.equal(network.signatureAggregatorUrl, 'http://127.0.0.1:18090');
            // What "Choose Network" lists for it.
            const described = describeLocalNetwork(network);
            seen.push(JSON.stringify(described));
            assert.match(described.label, /^Interchain Kit \(/);
            assert.equal(
                described.detail,
                'Interchain Kit · 1 node · L1: kitl1 · ICM relayer 127.0.0.1:18080',
            );
        });

        test('chosen: the views read its L1 from the node under the name network.json gives it', async () => {
            const api = await extensionApi();
            const known = testEnv().known.mainnet;
            // What choosing it in "Choose Network" does (connection/networkCommands.ts).
            await api.local.follower.follow(network);
            await api.config.update(SettingKey.SelectedNodeUrl, network.nodes[0]!.uri);
            await api.config.update(SettingKey.Network, 'local');
            await until(() => api.clients.network === 'local', 'the local network to be selected');
            let l1Row: Extract<Awaited<ReturnType<typeof rows>>[number], { kind: 'evmChain' }>;
            await until(async () => {
                api.trees.providers.chains.refresh();
                const evm = ofKind(
                    await rows('chains', await rowByLabel(await rows('chains'), 'EVM chains')),
                    'evmChain',
                );
                const found = evm.find((c) => c.chain.platformChainId === known.l1BlockchainId);
                if (found?.chain.chainName !== 'kitl1') return false;
                l1Row = found;
                return true;
            }, 'the L1 to take its name from network.json');
            const blocks = ofKind(
                await rows(
                    'chains',
                    await rowByLabel(await rows('chains', l1Row!), 'Latest blocks'),
                ),
                'evmBlock',
            );
            assert.ok(blocks.length > 0, 'the L1’s blocks through its RPC URL');
            api.trees.providers.subnets.refresh();
            const subnet = ofKind(await rows('subnets'), 'subnet').find(
                (s) => s.subnet.subnetId === known.l1SubnetId,
            );
            assert.ok(subnet, 'the L1’s subnet from the node');
        });

        test('hovers and the agent tools name its contracts on their chains; a key shows and asks nothing', async () => {
            const api = await extensionApi();
            const known = testEnv().known.mainnet;
            const file = path.join(testEnv().workspaceDir, 'kit-contracts.md');
            writeFileSync(
                file,
                [
                    `messenger ${teleporter}`,
                    `c registry ${cRegistry}`,
                    `l1 registry ${l1Registry}`,
                    `manager ${manager}`,
                    `relayer ${kitRelayerAddress.toLowerCase()}`,
                ].join('\n'),
            );
            const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
            const hoverOver = async (text: string, want: RegExp): Promise<string> => {
                let markdown = '';
                await until(
                    async () => {
                        markdown = await hoverTextAt(
                            document,
                            document.getText().indexOf(text) + 4,
                        );
                        return want.test(markdown);
                    },
                    `the hover over ${text} to show ${want}`,
                    30_000,
                ).catch((error: unknown) => {
                    throw new Error(`${(error as Error).message}\n${markdown}`);
                });
                seen.push(markdown);
                return markdown;
            };
            const on = (name: string, how: string): RegExp =>
                new RegExp(`\\*\\*${name}\\*\\* · ${how}, ${per.replace(/[.()]/g, '\\$&')}`);

            await api.config.update(SettingKey.HoversDefaultEvmChain, known.l1EvmChainId);
            await hoverOver(teleporter, on('TeleporterMessenger', 'deployed'));
            await hoverOver(l1Registry, on('TeleporterRegistry', 'deployed'));
            await hoverOver(manager, on('validator manager of kitl1', 'deployed'));
            await hoverOver(kitRelayerAddress.toLowerCase(), on('ICM relayer', 'named'));
            const elsewhere = await hoverOver(cRegistry, /account|contract/i);
            assert.doesNotMatch(
                elsewhere,
                /TeleporterRegistry/,
                'the C-Chain’s registry is not the L1’s',
            );

            await api.config.update(SettingKey.HoversDefaultEvmChain, known.cChainId);
            await hoverOver(cRegistry, on('TeleporterRegistry', 'deployed'));
            await hoverOver(teleporter, on('TeleporterMessenger', 'deployed'));
            const cManager = await hoverOver(manager, /account|contract/i);
            assert.doesNotMatch(
                cManager,
                /validator manager/,
                'the L1’s manager is not the C-Chain’s',
            );

            const answer = await invokeTool('avalanche_explain_identifier', {
                identifier: manager,
                evmChainId: known.l1EvmChainId,
            });
            seen.push(answer);
            assert.match(answer, /validator manager of kitl1/, answer);
            const relayer = await invokeTool('avalanche_get_address', {
                address: kitRelayerAddress,
                evmChainId: known.l1EvmChainId,
            });
            seen.push(relayer);

            // The kit's own files hold the keys; over them a hover shows nothing and asks nothing.
            await clearSandboxRequests();
            for (const [name, key] of [
                ['artifacts/network.json', kitFundedKey],
                ['artifacts/.env', kitFundedKey],
                ['artifacts/addresses.ts', kitFundedKey],
                ['relayer.config.json', kitRelayerKey],
            ] as const) {
                const doc = await vscode.workspace.openTextDocument(
                    vscode.Uri.file(path.join(files.workDir, name)),
                );
                const at = doc.getText().indexOf(key);
                assert.ok(at > 0, `${name} holds the key`);
                const shown = await hoverTextAt(doc, at + 10);
                seen.push(shown);
                assert.deepEqual(tracesIn(shown, keys), [], `${name}: ${shown}`);
                assert.equal(shown, '', `${name}: no hover over the key`);
            }
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const asked = (await sandboxRequests()).filter((r) =>
                r.operations.some((op) => /TransactionByHash|BlockByHash|getTransaction/i.test(op)),
            );
            assert.deepEqual(
                asked.map((r) => r.operations),
                [],
                'no lookup of a hash after the hovers over the keys',
            );
        });

        test('the keys are in no list, tree row, hover, agent answer, request or log line', async () => {
            const api = await extensionApi();
            seen.push(JSON.stringify(await api.local.networks.list()));
            seen.push(await allRowsText());
            seen.push(JSON.stringify(await sandboxRequests()));
            for (const tool of ['avalanche_get_node_status', 'avalanche_get_l1'] as const) {
                seen.push(
                    await invokeTool(
                        tool,
                        tool === 'avalanche_get_l1'
                            ? { subnetId: testEnv().known.mainnet.l1SubnetId }
                            : {},
                    ),
                );
            }
            const text = seen.join('\n');
            assert.ok(
                text.includes('kitl1') && text.includes('Interchain Kit'),
                'the suite saw the kit',
            );
            assert.deepEqual(tracesIn(text, keys), []);
            const logs = logFilesText();
            if (logs) {
                assert.ok(
                    logs.files.some((f) => path.basename(f).startsWith('Avalanche Explorer')),
                    `the extension's log file among ${logs.files.join(', ')}`,
                );
                assert.deepEqual(tracesIn(logs.text, keys), [], 'the log files');
            }
        });
    },
);
