/**
 * Every query command against the sandbox, inside the extension host, with scripted answers:
 * each Data API endpoint and each node method opens its panel with the data the sandbox holds;
 * bad input is refused by `validateInput` before any request; every node-changing method asks
 * for confirmation (naming the node) and sends nothing when declined; exports are followed to
 * the end and continued after truncation.
 */
import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import {
    DataApiQueryCommandId,
    NodeQueryCommandId,
    QueryInternalCommandId,
    QueryToolCommandId,
} from '../../src/commands/queryCommandIds';
import { nodeQuery } from '../../src/core';
import type { ExtensionApi } from '../../src/extension';
import type { KnownIds } from '../sandbox/types';
import {
    accept,
    type Answer,
    queryApi,
    renderedPanel,
    runScripted,
    ScriptedInputs,
    settledPanel,
} from './commandsScript';
import { recordCheck } from '../reliability/record';
import { eventually } from './helpers';
import { clearSandboxRequests, sandboxRequests, setSandboxSettings, testEnv } from './testEnv';

async function requestedOperations(): Promise<string[]> {
    return (await sandboxRequests()).flatMap((r) => r.operations);
}

suite('(integration) query commands', function () {
    this.timeout(60_000);
    let api: ExtensionApi;
    let known: KnownIds;

    suiteSetup(async () => {
        api = await queryApi();
        known = testEnv().known.mainnet;
    });

    setup(async () => {
        api.queries.panels.closeAll();
        await clearSandboxRequests();
    });

    teardown(() => {
        api.queries.testing.inputs = undefined;
    });

    test('every Data API endpoint opens its panel with the sandbox data', async () => {
        const cases: [string, string, Record<string, Answer>, number][] = [
            [
                DataApiQueryCommandId.QueryGetAggregatedSignatures,
                'getAggregatedSignatures',
                { network: 'mainnet', txHash: known.pChainTxHash },
                0,
            ],
            [
                DataApiQueryCommandId.QueryListTransactions,
                'listTransactions',
                { chainId: known.cChainId, address: known.evmAddress, optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryGetUtxosByAddressesV2,
                'getUtxosByAddressesV2',
                {
                    network: 'mainnet',
                    blockchainId: 'p-chain',
                    addresses: known.pChainAddress,
                    optional: [],
                },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListAssetTransactions,
                'listAssetTransactions',
                {
                    network: 'mainnet',
                    blockchainId: 'x-chain',
                    assetId: known.xAssetId,
                    optional: ['txTypes'],
                    txTypes: ['BaseTx', 'CreateAssetTx', 'OperationTx'],
                },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListSubnets,
                'listSubnets',
                { network: 'mainnet', optional: ['sortOrder'], sortOrder: 'asc' },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListErc1155Transactions,
                'listErc1155Transactions',
                { chainId: known.cChainId, address: known.evmAddress, optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListErc20Balances,
                'listErc20Balances',
                {
                    chainId: known.cChainId,
                    address: known.evmAddress,
                    optional: ['currency'],
                    currency: 'eur',
                },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListTransfers,
                'listTransfers',
                { chainId: known.cChainId, address: known.erc20Contract, optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListInternalTransactions,
                'listInternalTransactions',
                { chainId: known.cChainId, address: known.evmAddress, optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListErc1155Balances,
                'listErc1155Balances',
                { chainId: known.cChainId, address: known.evmAddress, optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryGetTransactionsForBlock,
                'getTransactionsForBlock',
                { chainId: known.cChainId, blockId: known.evmBlockNumber },
                0,
            ],
            [
                DataApiQueryCommandId.QueryListCollectibleBalances,
                'listCollectibleBalances',
                { chainId: known.cChainId, address: known.evmAddress, optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryGetVertexByHeight,
                'getVertexByHeight',
                {
                    network: 'mainnet',
                    blockchainId: 'x-chain',
                    vertexHeight: String(known.vertexHeight),
                    optional: [],
                },
                1,
            ],
            [
                DataApiQueryCommandId.QueryGetTransaction,
                'getTransaction',
                { chainId: known.cChainId, txHash: known.evmTxHash },
                0,
            ],
            [
                DataApiQueryCommandId.QueryListLatestPrimaryNetworkBlocks,
                'listLatestPrimaryNetworkBlocks',
                { network: 'mainnet', blockchainId: 'p-chain', optional: [] },
                1,
            ],
            [
                DataApiQueryCommandId.QueryListL1Validators,
                'listL1Validators',
                { network: 'mainnet', optional: ['subnetId'], subnetId: known.l1SubnetId },
                1,
            ],
            [
                DataApiQueryCommandId.QueryGetAddressesByBalanceOverTime,
                'getAddressesByBalanceOverTime',
                {
                    chainId: known.cChainId,
                    address: known.erc20Contract,
                    threshold: '0',
                    optional: [],
                },
                1,
            ],
            [
                DataApiQueryCommandId.QuerySupportedChains,
                'supportedChains',
                { optional: ['network'], network: 'mainnet' },
                1,
            ],
            [
                DataApiQueryCommandId.QueryGetSubnetById,
                'getSubnetById',
                { network: 'mainnet', subnetId: known.l1SubnetId },
                0,
            ],
            [
                DataApiQueryCommandId.QueryGetBlockchainById,
                'getBlockchainById',
                { network: 'mainnet', blockchainId: known.l1BlockchainId },
                0,
            ],
            [
                DataApiQueryCommandId.QueryGetTxByHash,
                'getTxByHash',
                { network: 'mainnet', blockchainId: 'p-chain', txHash: known.pChainTxHash },
                0,
            ],
        ];
        for (const [commandId, operation, answers, minRows] of cases) {
            await clearSandboxRequests();
            const inputs = await runScripted(commandId, answers);
            assert.deepEqual(inputs.refusals(), [], `${operation}: nothing refused`);
            const panel = await settledPanel(
                (s) => s.query.source === 'dataApi' && s.query.operation === operation,
                `${operation} panel`,
            );
            assert.equal(panel.error, undefined, `${operation}: ${panel.error}`);
            assert.ok(panel.view && panel.view.title.length > 0, `${operation} has a title`);
            assert.ok(panel.rows >= minRows, `${operation}: ${panel.rows} rows`);
            if (panel.view.main) assert.equal(panel.view.main.rows.length, panel.rows);
            assert.ok(
                (await requestedOperations()).includes(operation),
                `${operation} reached the sandbox`,
            );
            if (operation === 'listErc20Balances') {
                const urls = (await sandboxRequests()).map((r) => r.url);
                assert.ok(
                    urls.some((u) => u.includes('currency=eur')),
                    'asked in euros',
                );
            }
        }
    });

    test('the panels show amounts with decimals and unit, and links to other panels', async () => {
        await runScripted(DataApiQueryCommandId.QueryGetTransaction, {
            chainId: known.cChainId,
            txHash: known.evmTxHash,
        });
        const panel = await renderedPanel((s) => s.kind === 'transaction', 'transaction panel');
        const fields = panel.view!.fields;
        const value = fields.find((f) => f.label === 'Value')!.value;
        assert.equal(value.k, 'amount');
        assert.match((value as { text: string }).text, /AVAX$/);
        const block = fields.find((f) => f.label === 'Block')!.value;
        assert.equal(block.k, 'id');
        assert.deepEqual((block as { link?: unknown }).link, {
            source: 'dataApi',
            operation: 'getTransactionsForBlock',
            params: { chainId: known.cChainId, blockId: known.evmBlockNumber },
        });
        assert.ok(
            panel.view!.sections.some(
                (s) => s.title.startsWith('ERC-20 transfers') && (s.table?.rows.length ?? 0) > 0,
            ),
            'the known tx has ERC-20 transfers',
        );
        assert.ok(
            panel.view!.sections.some(
                (s) =>
                    s.title.startsWith('Internal transactions') && (s.table?.rows.length ?? 0) > 0,
            ),
        );
    });

    test('every node method opens its panel with the node answer', async () => {
        const l1 = known.l1BlockchainId;
        const cases: [string, Record<string, Answer>][] = [
            ['admin.getChainAliases', { chain: known.xChainId }],
            ['admin.getLoggerLevel', { optional: [] }],
            ['info.acps', {}],
            ['info.isBootstrapped', { chain: 'X' }],
            ['info.getBlockchainID', { alias: 'X' }],
            ['info.getNetworkID', {}],
            ['info.getNetworkName', {}],
            ['info.getNodeID', {}],
            ['info.getNodeIP', {}],
            ['info.getNodeVersion', {}],
            ['info.getTxFee', {}],
            ['info.getVMs', {}],
            ['info.peers', { optional: [] }],
            ['info.uptime', { optional: [] }],
            ['info.upgrades', {}],
            ['eth_feeConfig', { rpcChain: l1, optional: [] }],
            ['eth_getChainConfig', { rpcChain: l1 }],
            ['eth_getActivePrecompilesAt', { rpcChain: l1, optional: [] }],
            ['eth_getActiveRulesAt', { rpcChain: l1, optional: [] }],
            ['validators.getCurrentValidators', { rpcChain: l1, optional: [] }],
            ['eth_chainId', { rpcChain: 'C' }],
            ['eth_blockNumber', { rpcChain: 'C' }],
            ['eth_getBalance', { rpcChain: 'C', address: known.evmAddress, optional: [] }],
            ['eth_getCode', { rpcChain: 'C', address: known.erc20Contract, optional: [] }],
            ['eth_getTransactionByHash', { rpcChain: 'C', hash: known.evmTxHash }],
            ['eth_getTransactionReceipt', { rpcChain: 'C', hash: known.evmTxHash }],
            ['eth_getBlockByNumber', { rpcChain: 'C', block: known.evmBlockNumber, optional: [] }],
        ];
        for (const [method, answers] of cases) {
            await clearSandboxRequests();
            const id = nodeQuery(method)!.commandId;
            const inputs = await runScripted(id, answers);
            assert.deepEqual(inputs.refusals(), [], `${method}: nothing refused`);
            assert.equal(inputs.of('confirm').length, 0, `${method} reads only: no confirmation`);
            const panel = await settledPanel(
                (s) => s.query.source === 'node' && s.query.method === method,
                `${method} panel`,
            );
            assert.equal(panel.error, undefined, `${method}: ${panel.error}`);
            assert.equal(panel.kind, 'node');
            assert.ok(
                panel.view!.fields.length + panel.view!.sections.length > 0,
                `${method} shows something`,
            );
            assert.ok(
                (await requestedOperations()).includes(method),
                `${method} reached the sandbox node`,
            );
        }
        assert.ok(api.queries.panels.snapshots().length >= cases.length);
        const peers = api.queries.panels
            .snapshots()
            .find((s) => s.query.source === 'node' && s.query.method === 'info.peers')!;
        assert.ok(peers.view!.sections[0]!.table!.rows.length > 0, 'the sandbox node has peers');
    });

    test('node-changing methods ask first, naming the node, and send nothing when declined', async () => {
        const changing: [string, Record<string, Answer>][] = [
            ['admin.alias', { endpoint: 'bc/C', alias: 'cchain' }],
            ['admin.aliasChain', { chain: 'X', alias: 'exchain' }],
            ['admin.setLoggerLevel', { optional: ['logLevel'], logLevel: 'DEBUG' }],
            ['admin.loadVMs', {}],
            ['admin.lockProfile', {}],
            ['admin.memoryProfile', {}],
            ['admin.startCPUProfiler', {}],
            ['admin.stopCPUProfiler', {}],
        ];
        const nodeUrl = testEnv().nodeUrl;
        for (const [method, answers] of changing) {
            const id = nodeQuery(method)!.commandId;
            assert.ok(
                (Object.values(NodeQueryCommandId) as string[]).includes(id),
                `a command for ${method}`,
            );
            await clearSandboxRequests();
            const declined = await runScripted(id, { ...answers, confirm: false });
            const confirm = declined.of('confirm');
            assert.equal(confirm.length, 1, `${method} asks for confirmation`);
            assert.ok(
                confirm[0]!.message!.includes(nodeUrl),
                `${method}: the confirmation names the node (${confirm[0]!.message})`,
            );
            assert.ok(
                !(await requestedOperations()).includes(method),
                `${method} was sent although declined`,
            );
            assert.equal(
                api.queries.panels
                    .snapshots()
                    .filter((s) => s.query.source === 'node' && s.query.method === method).length,
                0,
            );

            const accepted = await runScripted(id, { ...answers, confirm: true });
            assert.ok(
                (await requestedOperations()).includes(method),
                `${method} was not sent after confirmation`,
            );
            const report = accepted.of('changed')[0];
            assert.ok(report?.message, `${method} reports what changed`);
            const panel = await settledPanel(
                (s) => s.query.source === 'node' && s.query.method === method,
                `${method} panel`,
            );
            assert.equal(panel.view?.notice?.tone, 'ok');
            assert.equal(panel.error, undefined);
        }
        // The logger report compares the levels before and after.
        const levels = api.queries.panels
            .snapshots()
            .find((s) => s.query.source === 'node' && s.query.method === 'admin.setLoggerLevel')!;
        assert.match(levels.view!.notice!.text, /DEBUG/);
        // A changing method's panel never runs it again: Refresh is refused.
        await clearSandboxRequests();
        const panel = api.queries.panels
            .all()
            .find(
                (p) => p.currentQuery.source === 'node' && p.currentQuery.method === 'admin.alias',
            )!;
        await panel.deliver({ type: 'refresh' });
        assert.ok(!(await requestedOperations()).includes('admin.alias'));
    });

    test('bad input is refused while typed, and nothing is sent', async () => {
        const cases: [string, Record<string, Answer>, string, string][] = [
            [
                DataApiQueryCommandId.QueryGetTransaction,
                { chainId: known.cChainId, txHash: '0x1234' },
                'txHash',
                'getTransaction',
            ],
            [
                DataApiQueryCommandId.QueryListTransactions,
                { chainId: known.cChainId, address: 'not-an-address' },
                'address',
                'listTransactions',
            ],
            [
                DataApiQueryCommandId.QueryGetTransaction,
                { chainId: '0', txHash: known.evmTxHash },
                'chainId',
                'getTransaction',
            ],
            [
                DataApiQueryCommandId.QueryGetUtxosByAddressesV2,
                { network: 'fuji', blockchainId: 'p-chain', addresses: known.pChainAddress },
                'addresses',
                'getUtxosByAddressesV2',
            ],
            [
                DataApiQueryCommandId.QueryGetVertexByHeight,
                { network: 'mainnet', blockchainId: 'x-chain', vertexHeight: '-1' },
                'vertexHeight',
                'getVertexByHeight',
            ],
            [
                DataApiQueryCommandId.QueryListTransactions,
                {
                    chainId: known.cChainId,
                    address: known.evmAddress,
                    optional: ['startBlock'],
                    startBlock: '1.5',
                },
                'startBlock',
                'listTransactions',
            ],
            [
                NodeQueryCommandId.NodeInfoPeers,
                { optional: ['nodeIDs'], nodeIDs: 'NodeID-nope' },
                'nodeIDs',
                'info.peers',
            ],
            [
                NodeQueryCommandId.NodeAdminAlias,
                { endpoint: 'bc/X', alias: 'x'.repeat(600), confirm: true },
                'alias',
                'admin.alias',
            ],
            [
                NodeQueryCommandId.NodeEthGetBalance,
                { rpcChain: 'a/b', address: known.evmAddress },
                'rpcChain',
                'eth_getBalance',
            ],
            [
                QueryToolCommandId.SendRawRpc,
                {
                    path: '/ext/info',
                    method: 'info.peers',
                    optional: ['params'],
                    params: '{not json',
                },
                'params',
                'info.peers',
            ],
        ];
        for (const [commandId, answers, refusedKey, operation] of cases) {
            await clearSandboxRequests();
            const inputs = await runScripted(commandId, answers);
            const refused = inputs.refusals();
            assert.ok(
                refused.some((r) => r.key === refusedKey),
                `${operation}: ${refusedKey} should be refused, refused: ${JSON.stringify(refused)}`,
            );
            const sent = await requestedOperations();
            assert.ok(!sent.includes(operation), `${operation} was sent with a bad ${refusedKey}`);
        }
        // setLoggerLevel with neither level is refused by the method's own check, before the node.
        await clearSandboxRequests();
        await runScripted(NodeQueryCommandId.NodeAdminSetLoggerLevel, {
            optional: ['loggerName'],
            loggerName: 'C',
            confirm: true,
        });
        assert.ok(!(await requestedOperations()).includes('admin.setLoggerLevel'));
        // A query passed by another feature is checked too.
        await clearSandboxRequests();
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: '43114', txHash: '0xbad' },
        });
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'node',
            method: 'admin.alias',
            texts: { endpoint: 'bc/X', alias: 'y' },
        });
        await vscode.commands.executeCommand('avalanche.query.openPanel', {
            source: 'shell',
            command: 'rm -rf',
        });
        const sent = await requestedOperations();
        assert.ok(
            !sent.includes('getTransaction') && !sent.includes('admin.alias'),
            `sent: ${sent.join(', ')}`,
        );
    });

    test('the identifier under the cursor fills the input; recent values are offered', async () => {
        const document = await vscode.workspace.openTextDocument({
            content: `const tx = "${known.evmTxHash}";\n`,
            language: 'typescript',
        });
        const editor = await vscode.window.showTextDocument(document);
        const character = document.lineAt(0).text.indexOf('0x') + 5;
        editor.selection = new vscode.Selection(0, character, 0, character);
        const inputs = await runScripted(DataApiQueryCommandId.QueryGetTransaction, {
            chainId: known.cChainId,
            txHash: accept,
        });
        const asked = inputs.of('txHash')[0]!;
        const offered =
            asked.type === 'input'
                ? asked.value
                : asked.items?.find((i) => i.description === 'from the editor')?.value;
        assert.equal(offered, known.evmTxHash, 'the hash under the cursor is offered');
        const panel = await settledPanel((s) => s.kind === 'transaction', 'transaction panel');
        assert.equal(
            (panel.query as { params: Record<string, unknown> }).params['txHash'],
            known.evmTxHash,
        );
        // A second run, the cursor away from the hash, offers the value as a recent one.
        editor.selection = new vscode.Selection(0, 0, 0, 0);
        const again = await runScripted(DataApiQueryCommandId.QueryGetTransaction, {
            chainId: known.cChainId,
            txHash: known.evmTxHash,
        });
        const pick = again.of('txHash')[0]!;
        assert.equal(pick.type, 'pick');
        assert.ok(
            pick.items!.some((i) => i.value === known.evmTxHash && i.description === 'recent'),
        );
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('Send Raw JSON-RPC… does not send a method Helicon removed to its C-Chain, and says why', async () => {
        await setSandboxSettings({ helicon: true });
        try {
            for (const method of ['admin_exportChain', 'eth_accounts', 'personal_listAccounts']) {
                await clearSandboxRequests();
                const raw = await runScripted(
                    QueryToolCommandId.SendRawRpc,
                    { confirm: true },
                    { path: '/ext/bc/C/rpc', method, params: '[]' },
                );
                assert.equal(raw.of('confirm').length, 0, `${method}: nothing to confirm`);
                const told = raw.of('helicon');
                assert.equal(told.length, 1, `${method}: the user is told`);
                assert.match(
                    told[0]!.message ?? '',
                    new RegExp(`^${method} is not served by the C-Chain since Helicon`),
                );
                const sent = await requestedOperations();
                assert.ok(sent.includes('info.upgrades'), 'the node’s upgrades decide');
                assert.ok(!sent.includes(method), `${method} is not sent`);
            }
            // A method Helicon kept is sent as before.
            const kept = await runScripted(
                QueryToolCommandId.SendRawRpc,
                {},
                { path: '/ext/bc/C/rpc', method: 'eth_blockNumber', params: '[]' },
            );
            assert.equal(kept.of('helicon').length, 0);
            await settledPanel(
                (s) => s.query.source === 'rawRpc' && s.query.method === 'eth_blockNumber',
                'raw eth_blockNumber panel',
            );
            // The recent methods offered for the C-Chain leave out those it no longer serves.
            const recentOffered = async (): Promise<string[]> => {
                const again = await runScripted(
                    QueryToolCommandId.SendRawRpc,
                    { method: 'eth_blockNumber', optional: [] },
                    { path: '/ext/bc/C/rpc' },
                );
                const items = again.of('method')[0]?.items ?? [];
                return items.filter((i) => i.description === 'recent').map((i) => String(i.value));
            };
            const offered = await recentOffered();
            assert.ok(offered.includes('eth_blockNumber'), offered.join(', '));
            assert.ok(!offered.includes('eth_accounts'), offered.join(', '));
            assert.ok(!offered.includes('admin_exportChain'), offered.join(', '));
            await setSandboxSettings({ helicon: false });
            assert.ok((await recentOffered()).includes('eth_accounts'), 'a node before Helicon');
        } finally {
            await setSandboxSettings({ helicon: false });
        }
    });

    test('"Call Node Method…", "Send Raw JSON-RPC…" and "Reopen Recent Query…"', async () => {
        const call = await runScripted(QueryToolCommandId.CallNodeMethod, {
            method: 'info.getNodeVersion',
        });
        assert.ok(call.of('method')[0]!.items!.length >= 35);
        await settledPanel(
            (s) => s.query.source === 'node' && s.query.method === 'info.getNodeVersion',
            'node version panel',
        );

        const raw = await runScripted(QueryToolCommandId.SendRawRpc, {
            path: '/ext/info',
            method: 'info.getNetworkName',
            optional: [],
        });
        assert.deepEqual(raw.refusals(), []);
        const rawPanel = await settledPanel((s) => s.query.source === 'rawRpc', 'raw panel');
        assert.equal(rawPanel.kind, 'generic');
        assert.equal(rawPanel.error, undefined);

        await clearSandboxRequests();
        const rawChange = await runScripted(QueryToolCommandId.SendRawRpc, {
            path: '/ext/admin',
            method: 'admin.lockProfile',
            optional: [],
            confirm: false,
        });
        assert.equal(rawChange.of('confirm').length, 1, 'a raw admin call is confirmed');
        assert.ok(!(await requestedOperations()).includes('admin.lockProfile'));

        // A caller from outside (another extension, a link) with the whole call in the argument
        // meets the same question; methods off the read-only allow-list are never sent unasked,
        // and the panel command takes only read-only queries (#33).
        for (const method of ['debug_setHead', 'admin_exportChain', 'evm_mine', 'anvil_mine']) {
            const outside = await runScripted(
                QueryToolCommandId.SendRawRpc,
                { confirm: false },
                { path: '/ext/bc/C/rpc', method, params: '["0x1"]' },
            );
            assert.equal(outside.of('confirm').length, 1, `${method} is confirmed`);
            // The command's wrapper turns the refusal into a toast; no panel opens.
            await vscode.commands.executeCommand(QueryInternalCommandId.OpenQueryPanel, {
                source: 'rawRpc',
                path: '/ext/bc/C/rpc',
                method,
                paramsJson: '["0x1"]',
            });
            assert.ok(
                !api.queries.panels
                    .snapshots()
                    .some((p) => p.query.source === 'rawRpc' && p.query.method === method),
                `${method} does not open from a query argument`,
            );
        }
        assert.deepEqual(
            (await requestedOperations()).filter((m) =>
                /debug_setHead|admin_exportChain|evm_mine|anvil_mine/.test(m),
            ),
            [],
        );
        recordCheck({
            area: 'hostile',
            check: 'caller: raw writes in a command argument (sendRawRpc, openPanel)',
            cases: 8,
            requests: 0,
            held: true,
            detail: 'each asked once and was not sent; openPanel refused each',
        });

        const history = await runScripted(QueryToolCommandId.ReopenRecentQuery, {
            history: (asked) => String(asked.items?.[0]?.label ?? ''),
        });
        assert.ok(history.of('history')[0]!.items!.length > 0, 'the history has entries');
    });

    test('an export is created, followed to completion, and continued after truncation', async () => {
        const id = DataApiQueryCommandId.QueryPostTransactionExportJob;
        const done = await runScripted(id, {
            type: 'TRANSACTION_EXPORT_EVM',
            // The dates are optional, as the REST document has them (#34): picked to be set.
            optional: ['firstDate', 'lastDate'],
            firstDate: '2025-01-01',
            lastDate: '2025-12-31',
            addresses: known.evmAddress,
            includeChains: [known.cChainId],
        });
        assert.deepEqual(done.refusals(), []);
        const report = done.of('exportDone')[0];
        assert.ok(
            report,
            `the completion is reported: ${JSON.stringify(done.asked.map((a) => a.key))}`,
        );
        assert.match(report.message!, /completed.*Download: http/);
        assert.ok(report.actions!.includes('Open Download Link'));
        const stored = api.queries.services.operations()[0]!;
        assert.equal(stored.status, 'COMPLETED');
        assert.ok(stored.downloadUrl);
        assert.equal(stored.request?.firstDate, '2025-01-01');

        // Without dates: neither is asked for nor sent, and the API chooses the range.
        const undated = await runScripted(id, {
            type: 'TRANSACTION_EXPORT_EVM',
            optional: [],
            addresses: known.evmAddress,
            includeChains: [known.cChainId],
            exportTruncated: () => undefined,
        });
        assert.deepEqual(undated.refusals(), []);
        assert.ok(!undated.asked.some((a) => a.key === 'firstDate' || a.key === 'lastDate'));
        const sent = api.queries.services.operations()[0]!;
        assert.notEqual(sent.operationId, stored.operationId, 'a new export was created');
        assert.equal(sent.request?.firstDate, undefined);
        assert.equal(sent.request?.lastDate, undefined);

        // 400 days: the sandbox truncates after 366 and says where to continue.
        const truncated = await runScripted(id, {
            type: 'TRANSACTION_EXPORT_EVM',
            optional: ['firstDate', 'lastDate'],
            firstDate: '2024-01-01',
            lastDate: '2025-02-03',
            addresses: known.evmAddress,
            includeChains: [known.cChainId],
            exportTruncated: (asked) => asked.actions?.find((a) => a.startsWith('Continue from')),
        });
        const warning = truncated.of('exportTruncated')[0];
        assert.ok(warning, 'the truncation is reported');
        assert.match(warning.actions!.join(' '), /Continue from \d{4}-\d{2}-\d{2}/);
        assert.ok(truncated.of('exportDone')[0], 'the continuation completed');
        const operations = api.queries.services.operations();
        assert.ok(operations.length >= 3);
        assert.equal(operations[1]!.status, 'COMPLETED_WITH_WARNING');
        assert.equal(operations[0]!.request?.firstDate, operations[1]!.nextDate);

        // The status command and the operations panel show them.
        await runScripted(DataApiQueryCommandId.QueryGetOperationResult, {
            operationId: stored.operationId,
        });
        const status = await settledPanel(
            (s) => s.query.source === 'dataApi' && s.query.operation === 'getOperationResult',
            'operation status panel',
        );
        assert.match(JSON.stringify(status.view!.fields), /COMPLETED/);
        await vscode.commands.executeCommand(QueryToolCommandId.ShowExportOperations);
        const list = await settledPanel((s) => s.kind === 'operations', 'operations panel');
        assert.ok(list.rows >= 3);

        // An export looked up by id that this window did not start is remembered too (#18).
        const created = await fetch(`${testEnv().dataApiUrl}/v1/operations/transactions:export`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
                type: 'TRANSACTION_EXPORT_EVM',
                firstDate: '2025-01-01',
                lastDate: '2025-01-31',
                options: { addresses: [known.evmAddress], includeChains: [known.cChainId] },
            }),
        });
        const foreign = ((await created.json()) as { operationId: string }).operationId;
        assert.equal(api.queries.services.operation(foreign), undefined);
        await runScripted(DataApiQueryCommandId.QueryGetOperationResult, { operationId: foreign });
        await settledPanel(
            (s) =>
                s.query.source === 'dataApi' &&
                s.query.operation === 'getOperationResult' &&
                s.query.params['operationId'] === foreign,
            'status panel of the looked-up export',
        );
        const remembered = api.queries.services.operation(foreign);
        assert.ok(remembered, 'the looked-up export is remembered');
        assert.equal(remembered.request, undefined);

        // After a reload, an export last seen running is followed to its end again (#18).
        await api.queries.services.rememberOperation({
            ...remembered,
            status: 'RUNNING',
            updatedAtMs: Date.now(),
        });
        const resumed = new ScriptedInputs({});
        api.queries.testing.inputs = resumed;
        try {
            assert.ok(api.queries.exports.resumeRunning() >= 1);
            await eventually(
                () =>
                    api.queries.services.operation(foreign)?.status !== 'RUNNING' &&
                    resumed.asked.some((a) => a.type === 'notify' && a.key.startsWith('export'))
                        ? true
                        : undefined,
                'the resumed export to finish and its outcome to be told',
                20_000,
            );
        } finally {
            api.queries.testing.inputs = undefined;
        }

        // A bad export is refused before anything is sent.
        await clearSandboxRequests();
        const bad = await runScripted(id, {
            type: 'TRANSACTION_EXPORT_EVM',
            optional: ['firstDate', 'lastDate'],
            firstDate: '2025-02-30',
            lastDate: '2025-03-01',
        });
        assert.ok(bad.refusals().some((r) => r.key === 'firstDate'));
        assert.ok(!(await requestedOperations()).includes('postTransactionExportJob'));
    });
});
