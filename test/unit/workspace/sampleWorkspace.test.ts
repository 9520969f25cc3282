/**
 * The sample workspace the integration and e2e tiers open: every placeholder filled from the
 * sandbox's known ids, the Foundry project whose contracts the sandbox's C-Chain holds (the
 * committed artifacts byte for byte, a broadcast that records the token and the vault, not the
 * Counter) and the hostile artifact with its selector collision. The broadcast template is held
 * to what test/fixtures/sandboxBroadcast.ts reads from a running sandbox.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { keccak256, toBytes, toFunctionSelector, type Abi } from 'viem';

import {
    broadcastTemplate,
    readBroadcastTemplate,
    sandboxBroadcast,
} from '../../fixtures/sandboxBroadcast';
import { fillTemplate, foundryTreeDir, writeSampleWorkspace } from '../../fixtures/sampleWorkspace';
import { startSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox/types';

type Json = Record<string, unknown>;

describe('(unit) sample workspace', function () {
    this.timeout(30_000);
    let sb: Sandbox;
    let dir: string;
    let files: string[];
    const read = (relative: string): string => readFileSync(path.join(dir, relative), 'utf8');

    before(async () => {
        sb = await startSandbox({ seed: 1 });
        dir = mkdtempSync(path.join(os.tmpdir(), 'sample-workspace-'));
        files = writeSampleWorkspace(dir, sb.known);
    });
    after(async () => {
        await sb.close();
        rmSync(dir, { recursive: true, force: true });
    });

    it('fills every placeholder, with the prefixes of the Foundry records', () => {
        for (const file of files) assert.doesNotMatch(read(file), /\{\{/, file);
        const k = sb.known.mainnet;
        const known = sb.known;
        assert.equal(fillTemplate('{{lower:tokenContract}}', known), k.tokenContract.toLowerCase());
        assert.equal(
            fillTemplate('0x{{word:tokenRecipient}}', known),
            `0x${'0'.repeat(24)}${k.tokenRecipient.slice(2).toLowerCase()}`,
        );
        assert.equal(
            fillTemplate('{{hex:contractsBlockNumber}}', known),
            `0x${Number(k.contractsBlockNumber).toString(16)}`,
        );
        assert.equal(fillTemplate('{{fuji.tokenContract}}', known), known.fuji.tokenContract);
        assert.throws(() => fillTemplate('{{upper:tokenContract}}', known), /unknown prefix/);
        assert.throws(() => fillTemplate('{{hex:tokenContract}}', known), /a decimal number/);
        assert.throws(() => fillTemplate('{{word:evmTxHash}}', known), /an EVM address/);
        assert.throws(() => fillTemplate('{{lower:noSuchKey}}', known), /unknown placeholder/);
        const readme = read('README.md');
        for (const key of ['tokenContract', 'counterContract', 'vaultRevertTxHash'] as const)
            assert.ok(readme.includes(k[key]), key);
    });

    it('holds the committed Foundry tree byte for byte, with the Deploy script’s broadcast', () => {
        for (const name of ['ExplorerToken', 'ExplorerVault', 'Counter']) {
            const relative = `out/${name}.sol/${name}.json`;
            assert.ok(files.includes(`foundry/${relative}`), relative);
            assert.equal(
                read(`foundry/${relative}`),
                readFileSync(path.join(foundryTreeDir, relative), 'utf8'),
            );
        }
        assert.ok(files.includes('foundry/foundry.toml'));
        const k = sb.known.mainnet;
        const broadcast = JSON.parse(
            read('foundry/broadcast/Deploy.s.sol/43114/run-latest.json'),
        ) as { chain: number; transactions: Json[]; receipts: Json[] };
        assert.equal(broadcast.chain, 43114);
        const created = broadcast.transactions
            .filter((t) => t['transactionType'] === 'CREATE')
            .map((t) => [t['contractName'], t['contractAddress'], t['hash']]);
        assert.deepEqual(created, [
            ['ExplorerToken', k.tokenContract.toLowerCase(), k.tokenDeployTxHash],
            ['ExplorerVault', k.vaultContract.toLowerCase(), k.vaultDeployTxHash],
        ]);
        const text = read('foundry/broadcast/Deploy.s.sol/43114/run-latest.json').toLowerCase();
        assert.ok(!text.includes(k.counterContract.slice(2).toLowerCase()), 'the Counter');
        assert.equal(broadcast.receipts.length, 5);
    });

    it('has a hostile artifact whose names carry markup and whose selector collides with the token’s', () => {
        const hostile = JSON.parse(read('foundry/out/Hostile.sol/Hostile.json')) as {
            abi: Abi;
            methodIdentifiers: Record<string, string>;
        };
        const names = JSON.stringify(hostile.abi);
        for (const markup of ['<img src=x onerror=alert(1)>', '](command:', '$(zap)'])
            assert.ok(names.includes(markup), markup);
        const token = JSON.parse(read('foundry/out/ExplorerToken.sol/ExplorerToken.json')) as {
            methodIdentifiers: Record<string, string>;
        };
        const transferFrom = 'transferFrom(address,address,uint256)';
        const colliding = 'gasprice_bit_ether(int128)';
        assert.equal(token.methodIdentifiers[transferFrom], '23b872dd');
        assert.equal(hostile.methodIdentifiers[colliding], '23b872dd');
        assert.equal(toFunctionSelector(colliding), toFunctionSelector(transferFrom));
        for (const [signature, id] of Object.entries(hostile.methodIdentifiers))
            assert.equal(keccak256(toBytes(signature)).slice(2, 10), id, signature);
    });

    it('the broadcast template is what the sandbox’s node answers, for any seed', async () => {
        assert.equal(
            readBroadcastTemplate(),
            broadcastTemplate(await sandboxBroadcast(sb), sb.known.mainnet),
            'stale: node out/test/fixtures/sandboxBroadcast.js rewrites it',
        );
        const other = await startSandbox({ seed: 11 });
        try {
            assert.deepEqual(
                JSON.parse(fillTemplate(readBroadcastTemplate(), other.known)),
                await sandboxBroadcast(other),
            );
        } finally {
            await other.close();
        }
    });
});
