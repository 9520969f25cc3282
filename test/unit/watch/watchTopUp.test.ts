/**
 * "Top up…" for a watched L1 validator whose runway is low (#34): the platform-cli command as
 * its documentation writes it (https://build.avax.network/docs/tooling/platform-cli/l1-validators),
 * with the validation id filled in and the amount sized by today's fee, safe to paste into a
 * shell; the Builder Console's page; and the menu entry that offers it for a low item only.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import {
    consoleTopUpUrl,
    keyNamePlaceholder,
    topUpAmountAvax,
    topUpCommand,
} from '../../../src/core/watch/topUp';

import { realIds } from '../dataApi/dataApi.samples';
import { repoRoot } from '../../helpers/paths';

/** A cb58 id with a valid checksum, as a validation id is. */
const validationId = realIds.xTxId;

describe('(unit) watch list: the top-up command of a low L1 validator (#34)', () => {
    it('names the validation id, the network and an amount for 30 days at today’s fee', () => {
        // 512 nAVAX a second, 30 days: 1.327104 AVAX, rounded up to the hundredth.
        const mainnet = topUpCommand({ validationId, network: 'mainnet', feePerSecond: '512' });
        assert.equal(
            mainnet.command,
            `platform l1 add-balance --validation-id ${validationId} --balance 1.33 --key-name ${keyNamePlaceholder} --network mainnet`,
        );
        assert.equal(mainnet.balanceAvax, '1.33');
        assert.match(mainnet.sizedBy, /30 days at today's fee/);
        // Fuji is the CLI's default network, named all the same so that the line says where.
        assert.match(
            topUpCommand({ validationId, network: 'fuji', feePerSecond: '512' }).command,
            / --network fuji$/,
        );
        // A local network: its node, by URL.
        assert.match(
            topUpCommand({ validationId, network: 'local', nodeUrl: 'http://127.0.0.1:9650/' })
                .command,
            / --rpc-url http:\/\/127\.0\.0\.1:9650$/,
        );
    });

    it('an unknown fee gives an example amount, and says so', () => {
        const topUp = topUpCommand({ validationId, network: 'mainnet' });
        assert.equal(topUp.balanceAvax, '1.00');
        assert.match(topUp.sizedBy, /example amount/);
        assert.equal(topUpAmountAvax('0'), undefined);
        assert.equal(topUpAmountAvax('x'), undefined);
        assert.equal(topUpAmountAvax('1', 1), '0.01', 'at least a hundredth');
        assert.equal(topUpAmountAvax('1000000000', 30), '2592000.00');
    });

    it('is one line a shell takes as plain words, and refuses what is not a validation id', () => {
        const { command } = topUpCommand({ validationId, network: 'mainnet', feePerSecond: '7' });
        assert.doesNotMatch(command, /[<>|;&$`'"\\\n()]/);
        for (const bad of ['$(reboot)', `${validationId}; rm -rf /`, 'x'.repeat(200), '']) {
            assert.throws(() => topUpCommand({ validationId: bad, network: 'mainnet' }), TypeError);
        }
        assert.throws(
            () =>
                topUpCommand({
                    validationId,
                    network: 'local',
                    nodeUrl: 'http://127.0.0.1:9650/x; curl evil',
                }),
            TypeError,
        );
    });

    it('the Console page, and the menu offers it for a low validator only', () => {
        assert.equal(
            consoleTopUpUrl,
            'https://build.avax.network/console/layer-1/l1-validator-balance',
        );
        const manifest = JSON.parse(
            fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
        ) as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
        const entry = manifest.contributes.menus['view/item/context']!.find(
            (m) => m.command === 'avalanche.watch.topUp',
        );
        const when = /viewItem =~ \/(.+)\/$/.exec(entry?.when ?? '')?.[1];
        assert.ok(when, 'a context menu entry on watch items');
        const matches = (context: string) => new RegExp(when).test(context);
        assert.ok(matches('watch.item.l1Validator.low'));
        assert.ok(!matches('watch.item.l1Validator'));
        assert.ok(!matches('watch.item.l1.low'));
    });
});
