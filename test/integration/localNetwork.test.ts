/**
 * The `local` network against the sandbox's node: discovery finds the network the host's
 * throwaway home names (scripts/hostTest.mjs writes avalanche-cli's and tmpnet's files there),
 * and the Chains, Subnets & L1s and Validators views are read from the node's P-Chain, X-Chain
 * and EVM APIs, with error rows for the node's faults and no request to the Data API.
 */
import assert from 'node:assert/strict';

import { SettingKey } from '../../src/platform/settingKeys';
import type { Row } from '../../src/tree/rows';
import {
    addSandboxFault,
    clearSandboxFaults,
    clearSandboxRequests,
    sandboxRequests,
    testEnv,
} from './testEnv';
import {
    descriptionOf,
    extensionApi,
    labelOf,
    ofKind,
    resetSandbox,
    rowByLabel,
    rows,
    until,
} from './treesSupport';

suite('(integration) local network: the views read from the node', function () {
    this.timeout(60_000);

    suiteSetup(async () => {
        const api = await extensionApi();
        await resetSandbox();
        await api.config.update(SettingKey.Network, 'local');
        await until(() => api.clients.network === 'local', 'the local network to be selected');
    });

    suiteTeardown(async () => {
        const api = await extensionApi();
        await api.config.update(SettingKey.Network, undefined);
        await resetSandbox();
    });

    test('discovery finds the network the home directory names, with its L1', async () => {
        const api = await extensionApi();
        const networks = await api.local.networks.list();
        const node = testEnv().nodeUrl.replace(/\/+$/, '');
        const found = networks.find((n) => n.nodes.some((x) => x.uri === node));
        assert.ok(found, `a network with node ${node} among ${JSON.stringify(networks)}`);
        assert.equal(found.source, 'avalanche-cli');
        assert.deepEqual(
            found.l1s.map((l1) => l1.name),
            ['sandboxl1'],
        );
    });

    test('Chains view: P-Chain blocks from the node, EVM chains named from the files', async () => {
        const api = await extensionApi();
        await api.local.follower.follow(undefined);
        api.trees.providers.chains.refresh();
        const top = await rows('chains');
        assert.match(await descriptionOf(top[0]!), /^local · /);
        const primary = await rows('chains', await rowByLabel(top, 'Primary Network'));
        const pBlocks = ofKind(await rows('chains', primary[0]), 'primaryBlock');
        assert.ok(pBlocks.length > 0, 'P-Chain blocks from platform.getBlockByHeight');
        const heights = pBlocks.map((b) => Number(b.block.blockNumber));
        assert.deepEqual(
            heights,
            [...heights].sort((a, b) => b - a),
            'newest first',
        );
        const known = testEnv().known.mainnet;
        const evm = ofKind(await rows('chains', await rowByLabel(top, 'EVM chains')), 'evmChain');
        const l1 = evm.find((c) => c.chain.platformChainId === known.l1BlockchainId);
        assert.ok(l1, 'the L1 the node serves is listed');
        await until(async () => {
            api.trees.providers.chains.refresh();
            const again = ofKind(
                await rows('chains', await rowByLabel(await rows('chains'), 'EVM chains')),
                'evmChain',
            );
            return again.some((c) => c.chain.chainName === 'sandboxl1');
        }, 'the L1 to take its name from the sidecar');
    });

    test('Subnets view: the node’s subnets, the L1 with its validators from the P-Chain', async () => {
        const api = await extensionApi();
        api.trees.providers.subnets.refresh();
        const known = testEnv().known.mainnet;
        const list = ofKind(await rows('subnets'), 'subnet');
        const l1 = list.find((s) => s.subnet.subnetId === known.l1SubnetId);
        assert.ok(l1, `L1 ${known.l1SubnetId} listed`);
        assert.equal(l1.subnet.isL1, true);
        const parts = await rows('subnets', l1);
        const validators = ofKind(
            await rows('subnets', await rowByLabel(parts, /validators/i)),
            'l1Validator',
        );
        assert.ok(
            validators.some((v) => v.validator.validationId === known.l1ValidationId),
            'the L1 validator from platform.getCurrentValidators',
        );
    });

    test('Validators view: L1 validators from the P-Chain, none from the Data API', async () => {
        const api = await extensionApi();
        await clearSandboxRequests();
        api.trees.providers.validators.refresh();
        const top = await rows('validators');
        const group = await rowByLabel(top, 'L1 validators');
        assert.match(await descriptionOf(group), /P-Chain/);
        const listed = ofKind(await rows('validators', group), 'l1Validator');
        assert.ok(listed.length > 0, 'validators listed');
        const requests = await sandboxRequests();
        assert.deepEqual(
            requests.filter((r) => r.service !== 'node').map((r) => r.url),
            [],
            'no Data API request on the local network',
        );
    });

    test('a failing P-Chain API becomes an error row with Retry, and Retry recovers', async () => {
        const api = await extensionApi();
        await addSandboxFault({ fault: { kind: 'status', status: 503 }, target: '/ext/bc/P' });
        api.trees.providers.subnets.refresh();
        const failed: Row[] = await rows('subnets');
        assert.equal(failed.length, 1, await Promise.all(failed.map(labelOf)).then(String));
        assert.equal(failed[0]!.kind, 'error');
        await clearSandboxFaults();
        api.trees.providers.subnets.refresh();
        assert.ok(ofKind(await rows('subnets'), 'subnet').length > 0);
    });
});
