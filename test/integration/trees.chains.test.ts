import assert from 'node:assert/strict';

import * as vscode from 'vscode';

import type { Row } from '../../src/tree/rows';
import {
    testEnv,
    addSandboxFault,
    setSandboxSettings,
    sandboxRequests,
    clearSandboxRequests,
} from './testEnv';
import {
    descriptionOf,
    extensionApi,
    labelOf,
    ofKind,
    oneOfKind,
    resetSandbox,
    rowByLabel,
    rows,
    stopWatching,
    tooltipText,
    treeSuite,
    until,
    watchFromRow,
} from './treesSupport';

treeSuite('chains', 'Chains view', () => {
    async function primaryChain(label: 'P-Chain' | 'X-Chain' | 'C-Chain'): Promise<Row> {
        const top = await rows('chains');
        const primary = await rowByLabel(top, 'Primary Network');
        return rowByLabel(await rows('chains', primary), label);
    }

    async function evmChain(chainId: string): Promise<Row> {
        const top = await rows('chains');
        const list = await rows('chains', await rowByLabel(top, 'EVM chains'));
        const found = ofKind(list, 'evmChain').find((c) => c.chain.chainId === chainId);
        assert.ok(
            found,
            `no EVM chain ${chainId} among ${ofKind(list, 'evmChain')
                .map((c) => c.chain.chainId)
                .join(', ')}`,
        );
        return found;
    }

    test('the top level is the primary network and the EVM chains of the network', async () => {
        const top = await rows('chains');
        assert.deepEqual(await Promise.all(top.map(labelOf)), ['Primary Network', 'EVM chains']);
        const primary = await rows('chains', top[0]);
        assert.deepEqual(await Promise.all(primary.map(labelOf)), [
            'P-Chain',
            'X-Chain',
            'C-Chain',
        ]);
        const evm = ofKind(await rows('chains', top[1]), 'evmChain');
        const known = testEnv().known.mainnet;
        assert.ok(
            evm.some((c) => c.chain.chainId === known.cChainId),
            'the C-Chain is listed',
        );
        assert.ok(
            evm.some((c) => c.chain.chainId === known.l1EvmChainId),
            'the known L1 chain is listed',
        );
        // Chain details are in the tooltip: chain id, VM, RPC URL (escaped Markdown).
        const tip = await tooltipText(evm[0]!);
        assert.match(tip, /EVM chain id/);
        assert.match(tip, /RPC URL/);
    });

    test('P-Chain: latest blocks newest first, paged with a Load more row, each to its transactions', async () => {
        const api = await extensionApi();
        const pChain = await primaryChain('P-Chain');
        const first = await rows('chains', pChain);
        const blocks = ofKind(first, 'primaryBlock');
        assert.equal(blocks.length, 10);
        const numbers = blocks.map((b) => Number(b.block.blockNumber));
        assert.deepEqual(
            numbers,
            [...numbers].sort((a, b) => b - a),
            'newest first',
        );
        const more = oneOfKind(first, 'loadMore');
        assert.equal(first[first.length - 1], more, 'Load more is the last row');
        await vscode.commands.executeCommand('avalanche.tree.loadMore', more);
        const second = await rows('chains', pChain);
        const all = ofKind(second, 'primaryBlock');
        assert.equal(all.length, 20);
        assert.equal(new Set(all.map((b) => b.id)).size, 20, 'no duplicate ids');
        assert.ok(
            Number(all[10]!.block.blockNumber) < numbers[9]!,
            'the second page continues downwards',
        );
        assert.equal(api.trees.providers.chains.hasMore(pChain), true);
        const withTxs = all.find((b) => b.block.transactions.length > 0);
        assert.ok(withTxs, 'some block has transactions');
        const txs = ofKind(await rows('chains', withTxs), 'primaryTx');
        assert.deepEqual(
            txs.map((t) => t.txId),
            withTxs.block.transactions,
        );
    });

    test('X-Chain: vertices by height open to vertices and their transactions', async () => {
        const xChain = await primaryChain('X-Chain');
        const children = await rows('chains', xChain);
        const vertices = await rowByLabel(children, 'Vertices by height');
        assert.equal(children[0], vertices, 'the vertices row comes before the blocks');
        assert.ok(ofKind(children, 'primaryBlock').length > 0, 'the X-Chain also lists its blocks');
        const heights = ofKind(await rows('chains', vertices), 'vertexHeight');
        assert.deepEqual(
            heights.map((h) => h.height),
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        );
        const known = testEnv().known.mainnet.vertexHeight;
        const atHeight = ofKind(await rows('chains', heights[known]), 'vertex');
        assert.ok(atHeight.length > 0);
        assert.ok(atHeight.every((v) => v.vertex.vertexHeight === known));
        const txs = ofKind(await rows('chains', atHeight[0]), 'primaryTx');
        assert.deepEqual(
            txs.map((t) => t.txId),
            atHeight[0]!.vertex.transactions,
        );
    });

    test('an EVM L1 opens to its latest blocks from the RPC and each block to its transactions', async () => {
        const known = testEnv().known.mainnet;
        const chain = await evmChain(known.l1EvmChainId);
        const parts = await rows('chains', chain);
        assert.deepEqual(await Promise.all(parts.map(labelOf)), ['Latest blocks', 'Configuration']);
        await clearSandboxRequests();
        const blocks = ofKind(await rows('chains', parts[0]), 'evmBlock');
        assert.equal(blocks.length, 10);
        const numbers = blocks.map((b) => b.block.number);
        assert.deepEqual(
            numbers,
            [...numbers].sort((a, b) => b - a),
        );
        const requests = (await sandboxRequests()).filter((r) => r.service === 'node');
        assert.deepEqual(
            requests.map((r) => r.operations.length),
            [1, 10],
            'eth_blockNumber, then one batch of ten eth_getBlockByNumber',
        );
        const withTxs = blocks.find((b) => b.block.transactionHashes.length > 0);
        assert.ok(withTxs);
        const txs = ofKind(await rows('chains', withTxs), 'evmTx');
        assert.deepEqual(
            txs.map((t) => t.tx.txHash),
            withTxs.block.transactionHashes,
            'the Data API lists the same transactions as the node',
        );
    });

    test('Helicon’s C-Chain: executed and settled heights, and no block final by depth (ACP-194)', async () => {
        const known = testEnv().known.mainnet;
        const latestBlocks = async (): Promise<Row[]> => {
            const chain = await evmChain(known.cChainId);
            return rows('chains', (await rows('chains', chain))[0]);
        };
        // Before Helicon: blocks only, none marked.
        const before = await latestBlocks();
        assert.equal(ofKind(before, 'notice').length, 0);
        const plain = ofKind(before, 'evmBlock');
        assert.ok(plain.length > 0);
        for (const b of plain) assert.doesNotMatch(await descriptionOf(b), /settled/);

        await setSandboxSettings({ helicon: true });
        await (await extensionApi()).trees.refresh('chains');
        const list = await latestBlocks();
        const heights = oneOfKind(list, 'notice');
        const m = /^Executed through #(\d+), settled through #(\d+)$/.exec(heights.message);
        assert.ok(m, heights.message);
        const [executed, settled] = [Number(m[1]), Number(m[2])];
        assert.equal(executed - settled, 3);
        const blocks = ofKind(list, 'evmBlock');
        for (const b of blocks) {
            const marked = /executed, not settled/.test(await descriptionOf(b));
            assert.equal(marked, b.block.number > settled, `block ${b.block.number}`);
        }
        // Tooltips escape Markdown's punctuation; read them as a person sees them.
        const plainTip = async (row: Row): Promise<string> =>
            (await tooltipText(row)).replace(/\\(?=[^\w\s])/g, '');
        const top = blocks.find((b) => b.block.number === executed)!;
        const tip = await plainTip(top);
        assert.match(tip, /executed, not yet settled \(settled through #\d+\)/);
        assert.match(tip, /Minimum gas price/);
        assert.match(tip, /ACP-283/);
        const old = blocks.find((b) => b.block.number <= settled)!;
        assert.match(await plainTip(old), /blocks on top, settled/);
    });

    test('Watch on a P-Chain or an EVM transaction row follows it in the watch list', async () => {
        const pBlocks = ofKind(await rows('chains', await primaryChain('P-Chain')), 'primaryBlock');
        const pBlock = pBlocks.find((b) => b.block.transactions.length > 0);
        assert.ok(pBlock, 'some P-Chain block has transactions');
        const pTx = ofKind(await rows('chains', pBlock), 'primaryTx')[0]!;
        const pKey = await watchFromRow(pTx, { kind: 'pTx', network: 'mainnet', txId: pTx.txId });
        await stopWatching(pKey);

        const chain = await evmChain(testEnv().known.mainnet.l1EvmChainId);
        const blocks = ofKind(await rows('chains', (await rows('chains', chain))[0]), 'evmBlock');
        const withTxs = blocks.find((b) => b.block.transactionHashes.length > 0);
        assert.ok(withTxs);
        const evmTx = ofKind(await rows('chains', withTxs), 'evmTx')[0]!;
        const evmKey = await watchFromRow(evmTx, {
            kind: 'evmTx',
            network: 'mainnet',
            chainId: evmTx.chain.chainId,
            hash: evmTx.tx.txHash,
            chainName: evmTx.chain.chainName,
        });
        await stopWatching(evmKey);
    });

    test('an L1 configuration: chain config with precompile upgrades, fee config, active rules', async () => {
        const known = testEnv().known.mainnet;
        const chain = await evmChain(known.l1EvmChainId);
        const config = await rowByLabel(await rows('chains', chain), 'Configuration');
        await clearSandboxRequests();
        const sections = await rows('chains', config);
        assert.deepEqual(await Promise.all(sections.map(labelOf)), [
            'Chain config',
            'Fee config now',
            'Active rules and precompiles now',
        ]);
        const requests = (await sandboxRequests()).filter((r) => r.service === 'node');
        assert.equal(requests.length, 1, 'one batch for the three sections');
        assert.deepEqual(requests[0]?.operations.sort(), [
            'eth_feeConfig',
            'eth_getActiveRulesAt',
            'eth_getChainConfig',
        ]);
        const chainConfig = await rows('chains', sections[0]);
        const upgrades = await rowByLabel(chainConfig, 'Precompile upgrades');
        const upgradeRows = await rows('chains', upgrades);
        assert.deepEqual(await Promise.all(upgradeRows.map(labelOf)), [
            'Reward manager',
            'Fee manager',
        ]);
        assert.match(await descriptionOf(upgradeRows[1]!), /disabled/);
        const fees = await rows('chains', sections[1]);
        assert.ok((await Promise.all(fees.map(labelOf))).includes('Minimum base fee'));
        assert.match(await descriptionOf(await rowByLabel(fees, 'Last changed')), /never|at block/);
        const rules = await rows('chains', sections[2]);
        const precompiles = await rows('chains', await rowByLabel(rules, 'Active precompiles'));
        assert.ok(precompiles.length > 0);
    });

    test('the C-Chain has no fee config: that section explains why instead of failing', async () => {
        const chain = await evmChain(testEnv().known.mainnet.cChainId);
        const config = await rowByLabel(await rows('chains', chain), 'Configuration');
        const sections = await rows('chains', config);
        const fees = sections.find((s) => s.kind === 'notice' && /Fee config/.test(s.message));
        assert.ok(fees && fees.kind === 'notice', 'a notice for the fee config');
        assert.equal(fees.reason, 'notOffered');
        assert.match(fees.message, /Subnet-EVM/);
        assert.equal(sections[0]?.kind, 'field', 'the chain config itself is there');
    });

    test('a chain still bootstrapping on the node says so in its rows', async () => {
        const top = await rows('chains');
        const evm = ofKind(await rows('chains', await rowByLabel(top, 'EVM chains')), 'evmChain');
        const unavailable = evm.find((c) => c.chain.status === 'UNAVAILABLE');
        assert.ok(unavailable, 'the sandbox lists one chain as UNAVAILABLE');
        const blocks = await rows(
            'chains',
            await rowByLabel(await rows('chains', unavailable), 'Latest blocks'),
        );
        const error = oneOfKind(blocks, 'error');
        assert.match(error.message, /bootstrapping/);
    });

    test('a failing Data API call is an error row, and Retry loads again', async () => {
        const api = await extensionApi();
        const pChain = await primaryChain('P-Chain');
        // The fault first: a reload begun before it could still answer with blocks.
        await addSandboxFault({
            fault: { kind: 'status', status: 500 },
            target: 'listLatestPrimaryNetworkBlocks',
        });
        api.trees.providers.chains.refresh(pChain);
        const failed = await rows('chains', pChain);
        const error = oneOfKind(failed, 'error');
        assert.equal(failed.length, 1);
        assert.match(error.message, /500|Internal Server Error|server/i);
        await resetSandbox();
        await vscode.commands.executeCommand('avalanche.tree.retry', error);
        const again = await rows('chains', pChain);
        assert.equal(ofKind(again, 'primaryBlock').length, 10);
    });

    test('a page that fails to load keeps the rows so far and retries that page', async () => {
        const api = await extensionApi();
        const pChain = await primaryChain('P-Chain');
        api.trees.providers.chains.refresh(pChain);
        const first = await rows('chains', pChain);
        await addSandboxFault({
            fault: { kind: 'invalidJson' },
            target: 'listLatestPrimaryNetworkBlocks',
            times: 1,
        });
        await vscode.commands.executeCommand(
            'avalanche.tree.loadMore',
            oneOfKind(first, 'loadMore'),
        );
        const failed = await rows('chains', pChain);
        assert.equal(ofKind(failed, 'primaryBlock').length, 10);
        const error = oneOfKind(failed, 'error');
        assert.equal(error.duringLoadMore, true);
        await vscode.commands.executeCommand('avalanche.tree.retry', error);
        const retried = await rows('chains', pChain);
        assert.equal(ofKind(retried, 'primaryBlock').length, 20);
        assert.equal(ofKind(retried, 'error').length, 0);
    });

    test('a Data API that refuses the key shows a Set Data API Key row, not a toast', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ requireApiKey: 'needed-key' });
        const pChain = await primaryChain('P-Chain');
        api.trees.providers.chains.refresh(pChain);
        const list = await rows('chains', pChain);
        const signIn = oneOfKind(list, 'signIn');
        const rendered = api.trees.providers.chains.getTreeItem(signIn);
        assert.equal(rendered.command?.command, 'avalanche.dataApi.setKey');
        assert.equal(rendered.contextValue, 'signIn');
    });

    test('a node that refuses (401) gets an error row that points at its URL, not at a key (#34)', async () => {
        const api = await extensionApi();
        const known = testEnv().known.mainnet;
        const chain = await evmChain(known.l1EvmChainId);
        const parts = await rows('chains', chain);
        await addSandboxFault({ fault: { kind: 'status', status: 401 }, service: 'node' });
        api.trees.providers.chains.refresh(parts[0]);
        const list = await rows('chains', parts[0]);
        assert.equal(ofKind(list, 'signIn').length, 0, 'no "Set Data API Key" row');
        const error = oneOfKind(list, 'error');
        assert.doesNotMatch(error.message, /API key/i);
        assert.match(error.message, /requires credentials/);
        assert.match(error.message, /URL/);
    });

    test('refreshing while a load is under way cancels it', async () => {
        const api = await extensionApi();
        const pChain = await primaryChain('P-Chain');
        const provider = api.trees.providers.chains;
        provider.refresh(pChain);
        await addSandboxFault({
            fault: { kind: 'latency', ms: 3000 },
            target: 'listLatestPrimaryNetworkBlocks',
            times: 1,
        });
        const slow = rows('chains', pChain);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const started = Date.now();
        provider.refresh(pChain);
        assert.deepEqual(await slow, [], 'the cancelled load delivers nothing');
        assert.ok(Date.now() - started < 1500, 'the cancelled load ended at once');
        const fresh = await rows('chains', pChain);
        assert.equal(ofKind(fresh, 'primaryBlock').length, 10);
    });

    test('hostile chain text stays text in tooltips', async () => {
        const api = await extensionApi();
        await setSandboxSettings({ hostile: true });
        const top = await rows('chains');
        const evmGroup = await rowByLabel(top, 'EVM chains');
        await api.trees.refresh('chains');
        await until(
            async () => ofKind(await rows('chains', evmGroup), 'evmChain').length > 0,
            'chains',
        );
        const chains = ofKind(await rows('chains', evmGroup), 'evmChain');
        for (const chain of chains) {
            const provider = api.trees.providers.chains;
            const rendered = provider.resolveTreeItem(provider.getTreeItem(chain), chain);
            const tooltip = rendered.tooltip as vscode.MarkdownString;
            assert.ok(tooltip instanceof Object && 'value' in tooltip);
            assert.equal(tooltip.isTrusted, undefined, 'no command links, so not trusted');
            // Escaped characters and code spans render literally; nothing else may look like markup.
            const markup = tooltip.value.replace(/`+[^`]*`+/g, '').replace(/\\./g, '');
            assert.doesNotMatch(markup, /<|\]\(|javascript:|command:/i, tooltip.value);
        }
    });
});
