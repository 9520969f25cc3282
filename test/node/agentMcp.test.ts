/**
 * The MCP server of this build (`dist/mcp.js`) against the real AvalancheGo and its Subnet-EVM L1,
 * driven over stdio by the MCP SDK's client as Claude Code or Cursor would: the node's status and
 * methods, the L1, real transactions on both chains, a real revert decoded with the sample
 * workspace's ABIs, and a contract named by its code. Each answer is checked against what the
 * network's own record says happened.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

import { contractsWorkspaceFixture } from '../realnode/activity';
import { realNetwork } from './setup';

const rootDir = path.resolve(__dirname, '..', '..', '..');

describe('(node) the MCP server against the real node', function () {
    this.timeout(120_000);
    let client: Client;

    async function call(name: string, args: Record<string, unknown>): Promise<string> {
        const result = await client.callTool({ name, arguments: args });
        const text = (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');
        assert.notEqual(result.isError, true, `${name} ${JSON.stringify(args)}: ${text}`);
        return text;
    }

    before(async function () {
        const script = path.join(rootDir, 'dist', 'mcp.js');
        if (!existsSync(script)) throw new Error(`${script} is missing: run npm run build first`);
        const { info } = realNetwork();
        client = new Client({ name: 'avalanche-explorer-node-tier', version: '1.0.0' });
        await client.connect(
            new StdioClientTransport({
                command: process.execPath,
                args: [
                    script,
                    '--network',
                    'local',
                    '--node-url',
                    info.uri,
                    '--workspace',
                    path.join(rootDir, contractsWorkspaceFixture),
                ],
                stderr: 'ignore',
            }),
        );
    });

    after(async () => {
        await client?.close();
    });

    it('(node) reads the node’s status and its read-only methods', async () => {
        const { info } = realNetwork();
        const status = await call('avalanche_get_node_status', {});
        assert.match(status, /Health: healthy/);
        assert.ok(status.includes(info.nodeId), status);
        assert.match(status, /P bootstrapped; X bootstrapped; C bootstrapped/);
        const version = await call('avalanche_call_node_method', { method: 'info.getNodeVersion' });
        assert.ok(
            version.includes(info.version.replace(/^v/, '')),
            `${info.version} in\n${version}`,
        );
        assert.match(
            await call('avalanche_call_node_method', { method: 'platform.getHeight' }),
            /\d/,
        );
        const refused = await client.callTool({
            name: 'avalanche_call_node_method',
            arguments: { method: 'admin.memoryProfile' },
        });
        assert.equal(refused.isError, true);
    });

    it('(node) describes the real L1 from the P-Chain', async () => {
        const { info } = realNetwork();
        const text = await call('avalanche_get_l1', { subnetId: info.l1.subnetId });
        assert.ok(text.includes(info.l1.subnetId), text);
        assert.match(text, /Network: local/);
    });

    it('(node) reads real transfers on the C-Chain and on the L1', async () => {
        const { info } = realNetwork();
        const c = info.cChain.activity.transfers[0]!;
        const onC = await call('avalanche_get_transaction', { hash: c.hash });
        assert.ok(onC.includes(c.hash), onC);
        assert.match(onC, /success/i);
        const l1 = info.l1.activity.transfers[0]!;
        const onL1 = await call('avalanche_get_transaction', {
            hash: l1.hash,
            chain: info.l1.blockchainId,
        });
        assert.ok(onL1.includes(l1.hash), onL1);
        assert.match(onL1, /success/i);
    });

    it('(node) decodes a real revert and names a real contract with the workspace’s artifacts', async function () {
        const contracts = realNetwork().info.cChain.activity.contracts;
        if (!contracts) this.skip();
        const revert = await call('avalanche_get_transaction', {
            hash: contracts.reverts.require.hash,
        });
        assert.match(revert, /insufficient deposit/, revert);
        const custom = await call('avalanche_get_transaction', {
            hash: contracts.reverts.customError.hash,
        });
        assert.match(custom, /TooLarge/, custom);
        const token = await call('avalanche_explain_identifier', {
            identifier: contracts.foundry.token,
        });
        assert.match(token, /ExplorerToken/, token);
    });

    it('(node) says the Data API does not index a local network', async () => {
        const result = await client.callTool({
            name: 'avalanche_query_data_api',
            arguments: { operation: 'listSubnets' },
        });
        assert.equal(result.isError, true);
        assert.match(
            (result.content as { text: string }[])[0]!.text,
            /local one, which the Data API does not index/,
        );
    });
});
