/**
 * Secrets and trust in the real workbench.
 *
 * With a Data API key set through the palette's password box, every request the sandbox records
 * is checked: the key goes only to the Data API origin and never into a URL. It never appears in
 * the "Avalanche Explorer" log file in the user-data folder, in an error message (401s, 429s and
 * 500s shown in panels and notifications), in an exported file, or in "Copy as curl" unless the
 * person chose "…with key" and confirmed. Another installed extension (test/e2e/exportsProbe.ts)
 * gets nothing from `getExtension()`: no key, no test hooks, `exports` undefined.
 *
 * A workspace `.vscode/settings.json` naming a node URL: the consent dialog appears, nothing
 * reaches that URL while it waits (the views keep talking to the user's node), and requests go
 * there once the person clicks Allow. (Workspace trust is disabled in this host; the untrusted
 * case is covered in plain Node, see test/unit/reliability/fuzz.policy.test.ts.)
 */
import assert from 'node:assert/strict';
import {
    existsSync,
    mkdirSync,
    readdirSync,
    readFileSync,
    rmSync,
    statSync,
    writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Frame } from 'playwright-core';

import { recorded } from '../reliability/record';
import { headerText } from '../sandbox/httpUtil';
import type { ExportsProbeRecord } from './exportsProbe';
import {
    e2e,
    expandPane,
    filesUnder,
    openAvalancheContainer,
    quickInput,
    quickPickRow,
    resetWorkbench,
    viewPane,
} from './harness';
import { clipboard, command, panelFrame } from './palette';

const key = 'e2e-reliability-key-7Qz9xK2mV4pL';

/** Text of every panel frame and every notification: what a person can read on screen. */
async function screenText(): Promise<string> {
    const { page } = e2e();
    const parts: string[] = [
        await page
            .locator('body')
            .innerText()
            .catch(() => ''),
    ];
    for (const frame of page.frames()) {
        parts.push(
            await frame
                .locator('body')
                .innerText({ timeout: 1_000 })
                .catch(() => ''),
        );
    }
    return parts.join('\n');
}

/**
 * Clicks "Export JSON…" / "Export CSV…" in a panel and saves through the file dialog (the simple
 * dialog of the web workbench, which adds the filter's extension itself); returns the file.
 */
async function exportTo(
    frame: Frame,
    label: RegExp,
    base: string,
    extension: string,
): Promise<string> {
    const { page } = e2e();
    const dir = path.dirname(base);
    const before = new Set(readdirSync(dir));
    await frame.locator('button', { hasText: label }).first().click();
    const input = quickInput();
    await input.waitFor({ timeout: 15_000 });
    // A list with more pages first asks which rows to save: the loaded ones, here.
    const loaded = quickPickRow('Loaded rows');
    if (
        await loaded
            .first()
            .waitFor({ timeout: 2_000 })
            .then(
                () => true,
                () => false,
            )
    ) {
        await loaded.first().click();
        await page.waitForTimeout(300);
        await input.waitFor({ timeout: 15_000 });
    }
    // The dialog fills in its default name a moment after it opens: type until ours stays.
    for (let tries = 0; tries < 10; tries++) {
        await input.fill(base);
        await page.waitForTimeout(300);
        if ((await input.inputValue()) === base) break;
    }
    await page.keyboard.press('Enter');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
        const created = readdirSync(dir)
            .filter((name) => !before.has(name) && name.endsWith(`.${extension}`))
            .map((name) => path.join(dir, name));
        const found = [base, `${base}.${extension}`, ...created].find(
            (file) => existsSync(file) && statSync(file).isFile(),
        );
        if (found) return found;
        await page.waitForTimeout(200);
    }
    throw new Error(`no ${extension} export was written to ${dir}`);
}

suite('(e2e) reliability: secrets and trust', function () {
    this.timeout(300_000);
    const written: string[] = [];

    suiteSetup(async () => {
        const { page, serverUrl } = e2e();
        await resetWorkbench();
        await page
            .context()
            .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: serverUrl })
            .catch(() => undefined);
        e2e().sandbox.clearFaults();
    });

    suiteTeardown(async () => {
        const { sandbox } = e2e();
        sandbox.settings.requireApiKey = undefined;
        sandbox.clearFaults();
        for (const file of written) rmSync(file, { force: true, recursive: true });
        await command('Avalanche: Clear Data API Key').catch(() => undefined);
        await resetWorkbench();
    });

    test('with a key set: it goes only to the Data API, and never into logs, messages, exports or curl', async () => {
        const { page, known, workspaceDir, userDataDir } = e2e();
        const k = known.mainnet;
        await recorded(
            'secrets',
            'API key in the browser run: requests, log file, messages, exports, curl',
            async (progress) => {
                // The key, typed into the password box as a person would.
                await command('Avalanche: Set Data API Key');
                await page
                    .locator('.quick-input-widget .quick-input-box input[type="password"]')
                    .waitFor({ timeout: 10_000 });
                await quickInput().fill(key);
                await page.keyboard.press('Enter');
                await page.waitForTimeout(1_000);
                const sandbox = e2e().sandbox;
                sandbox.settings.requireApiKey = key;
                sandbox.clearRequests();

                // The views, a Data API panel, a Metrics API panel, a node panel.
                await openAvalancheContainer();
                for (const title of ['Chains', 'Subnets & L1s', 'Node'])
                    await expandPane(viewPane(title));
                await page.waitForTimeout(2_000);
                await command('Avalanche: Data API: Transaction Details…', [
                    k.cChainId,
                    k.evmTxHash,
                ]);
                const txFrame = await panelFrame(/^Transaction 0x/);
                await command('Avalanche: Metrics API: Token Holders over Time…', [
                    k.cChainId,
                    k.erc20Contract,
                    '1',
                    '',
                ]);
                await panelFrame(/^Token /);
                await command('Avalanche: Node: Node Version (info.getNodeVersion)');
                await panelFrame(/^Node Version/);

                const requests = [...e2e().sandbox.requests];
                const by = { dataApi: 0, metrics: 0, node: 0 };
                for (const request of requests) {
                    by[request.service]++;
                    assert.ok(!request.url.includes(key), `the key is in a URL: ${request.url}`);
                    if (request.service === 'dataApi')
                        assert.equal(
                            request.headers['x-glacier-api-key'],
                            key,
                            `without the key: ${request.url}`,
                        );
                    else
                        assert.ok(
                            !headerText(request).includes(key),
                            `the key went to the ${request.service}`,
                        );
                }
                assert.ok(
                    by.dataApi > 0 && by.metrics > 0 && by.node > 0,
                    `requests per service: ${JSON.stringify(by)}`,
                );
                progress.requests = requests.length;

                // Failures the person reads: a refused key, a rate limit, a server error.
                sandbox.settings.requireApiKey = 'another-key-entirely';
                await command('Avalanche: Data API: Transfers of a Token Contract…', [
                    k.cChainId,
                    k.erc20Contract,
                    '',
                ]);
                await panelFrame(/^Token /).catch(() => undefined);
                await page.waitForTimeout(1_500);
                sandbox.settings.requireApiKey = key;
                const undo429 = sandbox.addFault({
                    fault: { kind: 'status', status: 429, retryAfterSeconds: 5 },
                    target: 'listSubnets',
                });
                const undo500 = sandbox.addFault({
                    fault: { kind: 'status', status: 500 },
                    target: 'getTransactionsForBlock',
                });
                await command('Avalanche: Data API: Subnets and L1s…', ['mainnet', '']);
                await command('Avalanche: Data API: Transactions of a Block…', [
                    k.cChainId,
                    k.evmBlockNumber,
                ]);
                await page.waitForTimeout(2_000);
                undo429();
                undo500();
                const onScreen = await screenText();
                assert.ok(
                    /401|key|Unauthorized/i.test(onScreen),
                    'the refused key is reported on screen',
                );
                assert.ok(!onScreen.includes(key), 'the key is shown on screen');

                // Exports of a panel that was read with the key.
                const exportBase = path.join(workspaceDir, 'reliability-export');
                written.push(
                    exportBase,
                    `${exportBase}.json`,
                    `${exportBase}-list`,
                    `${exportBase}-list.csv`,
                );
                await command('Avalanche: Data API: Transaction Details…', [
                    k.cChainId,
                    k.evmTxHash,
                ]);
                const frame = await panelFrame(/^Transaction 0x/);
                const exportJson = await exportTo(frame, /Export JSON/, exportBase, 'json');
                written.push(exportJson);
                assert.ok(
                    !readFileSync(exportJson, 'utf8').includes(key),
                    'the key is in the exported JSON',
                );
                await command('Avalanche: Data API: Transactions of an Address…', [
                    k.cChainId,
                    k.evmAddress,
                    '',
                ]);
                const list = await panelFrame(/^Address 0x/);
                const exportCsv = await exportTo(list, /Export CSV/, `${exportBase}-list`, 'csv');
                written.push(exportCsv);
                assert.ok(
                    !readFileSync(exportCsv, 'utf8').includes(key),
                    'the key is in the exported CSV',
                );

                // Copy as curl: without the key unless chosen, with it when chosen and confirmed.
                await list
                    .locator('button', { hasText: /^Copy as curl$/ })
                    .first()
                    .click();
                await page.waitForTimeout(800);
                const plain = await clipboard();
                let curlDetail = 'clipboard not readable';
                if (plain !== undefined) {
                    assert.match(plain, /^curl /);
                    assert.ok(!plain.includes(key), 'Copy as curl carries the key');
                    await list
                        .locator('button', { hasText: /with key/ })
                        .first()
                        .click();
                    const confirm = page
                        .locator(
                            '.monaco-dialog-box .monaco-button, .notification-toast .monaco-button',
                        )
                        .filter({ hasText: /Copy with Key/ })
                        .first();
                    await confirm.waitFor({ timeout: 10_000 });
                    await confirm.click();
                    await page.waitForTimeout(800);
                    const withKey = (await clipboard()) ?? '';
                    assert.ok(
                        withKey.includes(key),
                        'chosen and confirmed: the key is in the command',
                    );
                    curlDetail =
                        'curl without the key by default, with it only when chosen and confirmed';
                }
                void txFrame;

                // The log file the extension wrote, as a person would attach it to an issue.
                await page.waitForTimeout(1_500);
                const logs = filesUnder(path.join(userDataDir, 'logs')).filter((file) =>
                    path.basename(file).startsWith('Avalanche Explorer'),
                );
                assert.ok(logs.length > 0, 'the Avalanche Explorer log file exists');
                let logBytes = 0;
                for (const file of logs) {
                    const text = readFileSync(file, 'utf8');
                    logBytes += text.length;
                    assert.ok(!text.includes(key), `the key is in ${file}`);
                }
                progress.cases = requests.length + 6;
                return {
                    cases: progress.cases,
                    requests: requests.length,
                    detail: `Data API ${by.dataApi} requests with the key, Metrics API ${by.metrics} and node ${by.node} without; none in ${logs.length} log file(s) (${logBytes} characters), on screen after 401/429/500, in JSON/CSV exports; ${curlDetail}`,
                };
            },
        );
    });

    test('a second extension reads no exports: no key, no test hooks, nothing at all', async () => {
        const { page, known, exportsProbeFile } = e2e();
        const k = known.mainnet;
        await recorded('secrets', 'a second extension reads no exports', async (progress) => {
            // The key, typed into the password box as a person would.
            await command('Avalanche: Set Data API Key');
            await page
                .locator('.quick-input-widget .quick-input-box input[type="password"]')
                .waitFor({ timeout: 10_000 });
            await quickInput().fill(key);
            await page.keyboard.press('Enter');
            await page.waitForTimeout(1_000);
            // The extension holds it: its next Data API request carries it.
            const sandbox = e2e().sandbox;
            sandbox.clearRequests();
            await command('Avalanche: Data API: Transaction Details…', [k.cChainId, k.evmTxHash]);
            await panelFrame(/^Transaction 0x/);
            const withKey = sandbox.requests.filter(
                (r) => r.service === 'dataApi' && r.headers['x-glacier-api-key'] === key,
            ).length;
            assert.ok(withKey > 0, 'the key set through the palette reached no Data API request');

            // The other extension, installed next to ours, does what it can to reach the key.
            rmSync(exportsProbeFile, { force: true });
            await command('Probe: Read Avalanche Explorer Exports');
            const deadline = Date.now() + 30_000;
            while (!existsSync(exportsProbeFile) && Date.now() < deadline)
                await page.waitForTimeout(200);
            assert.ok(existsSync(exportsProbeFile), 'the probe extension wrote nothing');
            const text = readFileSync(exportsProbeFile, 'utf8');
            const seen = JSON.parse(text) as ExportsProbeRecord;
            assert.equal(seen.error, undefined, `the probe failed: ${seen.error ?? ''}`);
            assert.equal(seen.probeMode, 1, 'the probe is an installed (Production) extension');
            assert.ok(seen.target.found && seen.target.active, 'ours is installed and active');
            // The control: the same calls see the API of an extension that exports one.
            assert.equal(seen.control.exports.type, 'object', 'the probe sees no exports at all');
            assert.equal(
                seen.target.dataApiKey,
                null,
                'another extension read the key through exports.secrets.getDataApiKey()',
            );
            assert.deepEqual(
                seen.target.testHooks,
                [],
                `test hooks reachable by another extension: ${seen.target.testHooks.join(', ')}`,
            );
            for (const [what, value] of [
                ['exports', seen.target.exports],
                ['what activate() resolved to', seen.target.activated],
            ] as const) {
                assert.deepEqual(
                    value,
                    { type: 'undefined' },
                    `another extension got ${what}: ${JSON.stringify(value)}`,
                );
            }
            assert.equal(seen.ownSecret, null, 'its own SecretStorage holds our key');
            assert.ok(!text.includes(key), 'the key is in what the probe saw');
            progress.cases = 6;
            return {
                cases: 6,
                requests: withKey,
                detail: `with the key set (${withKey} Data API request(s) carried it), ${e2e().exportsProbeId} (Production mode) saw exports and activate() undefined, no key, no test hooks, nothing under the key's name in its own SecretStorage; the ${seen.control.exports.keys?.length ?? 0}-key API of the Git extension, seen by the same calls`,
            };
        });
    });

    test('a workspace naming a node URL: nothing reaches it before the person allows it', async () => {
        const { page, workspaceDir } = e2e();
        const hits: string[] = [];
        const server: Server = createServer((req, res) => {
            hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(
                '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}',
            );
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const dir = path.join(workspaceDir, '.vscode');
        const file = path.join(dir, 'settings.json');
        const existed = existsSync(dir);
        assert.ok(!existsSync(file), 'the sample workspace has no settings of its own');
        mkdirSync(dir, { recursive: true });
        try {
            await recorded(
                'trust',
                'workspace node URL in the browser: consent dialog, nothing sent before Allow',
                async (progress) => {
                    await resetWorkbench();
                    await openAvalancheContainer();
                    await expandPane(viewPane('Node'));
                    e2e().sandbox.clearRequests();
                    writeFileSync(
                        file,
                        JSON.stringify({ 'avalanche.node.selectedUrl': url }, null, 4),
                    );
                    const dialog = page.locator('.monaco-dialog-box').filter({ hasText: url });
                    await dialog.waitFor({ timeout: 30_000 });
                    // The views keep polling the user's node meanwhile (every 10 s by default).
                    await page.waitForTimeout(11_000);
                    assert.deepEqual(hits, [], 'requests reached the workspace URL before consent');
                    const toUserNode = e2e().sandbox.requests.filter(
                        (r) => r.service === 'node',
                    ).length;
                    assert.ok(toUserNode > 0, 'the Node view went on reading the user’s node');
                    await dialog
                        .locator('.monaco-button, button')
                        .filter({ hasText: /^Allow$/ })
                        .first()
                        .click();
                    const deadline = Date.now() + 30_000;
                    while (hits.length === 0 && Date.now() < deadline)
                        await page.waitForTimeout(250);
                    assert.ok(
                        hits.length > 0,
                        'after Allow the extension talks to the workspace URL',
                    );
                    progress.cases = 2;
                    return {
                        cases: 2,
                        requests: hits.length,
                        detail: `0 requests to the workspace URL in 11 s before consent (${toUserNode} to the user's node); ${hits.length} after Allow`,
                    };
                },
            );
        } finally {
            rmSync(existed ? file : dir, { recursive: true, force: true });
            await page.waitForTimeout(1_500);
            server.closeAllConnections();
            server.close();
        }
    });
});
