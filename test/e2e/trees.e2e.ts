import assert from 'node:assert/strict';

import type { Locator } from 'playwright-core';

import {
    e2e,
    openAvalancheContainer,
    resetWorkbench,
    runCommand,
    screenshot,
    viewPane,
} from './harness';

const titles = ['Chains', 'Subnets & L1s', 'Validators', 'Node'] as const;
type Title = (typeof titles)[number];

/** Opens the container with only `title` expanded, so the picture shows that view whole. */
async function showOnly(title: Title): Promise<Locator> {
    await openAvalancheContainer();
    for (const other of titles) {
        const pane = viewPane(other);
        await pane.waitFor({ timeout: 15_000 });
        const header = pane.locator('.pane-header');
        const expanded = (await header.getAttribute('aria-expanded')) === 'true';
        if (expanded !== (other === title)) await header.click();
    }
    const pane = viewPane(title);
    await pane.locator('.pane-body').waitFor();
    return pane;
}

/** A tree row of the pane whose text matches. */
function row(pane: Locator, text: RegExp): Locator {
    return pane.locator('.monaco-list-row').filter({ hasText: text }).first();
}

async function expand(pane: Locator, text: RegExp): Promise<void> {
    const target = row(pane, text);
    await target.waitFor({ timeout: 20_000 });
    if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
    await assertExpanded(target);
}

async function assertExpanded(target: Locator): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await target.getAttribute('aria-expanded')) !== 'true') {
        if (Date.now() > deadline) assert.fail(`row ${await target.innerText()} did not expand`);
        await e2e().page.waitForTimeout(100);
    }
}

async function chainName(chainId: string): Promise<string> {
    const { dataApiUrl } = e2e();
    const response = await fetch(`${dataApiUrl}/v1/chains?network=mainnet`);
    const body = (await response.json()) as { chains: { chainId: string; chainName: string }[] };
    const found = body.chains.find((c) => c.chainId === chainId);
    assert.ok(found, `no chain ${chainId} in the sandbox`);
    return found.chainName;
}

function escape(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Drags the sash right of the side bar so that rows show their descriptions; returns the old width. */
async function setSideBarWidth(width: number): Promise<number> {
    const { page } = e2e();
    const sideBar = page.locator('#workbench\\.parts\\.sidebar');
    const box = await sideBar.boundingBox();
    if (!box) return width;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width + 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + width, y, { steps: 8 });
    await page.mouse.up();
    return box.width;
}

suite('(e2e) sidebar trees', () => {
    let originalWidth: number | undefined;
    suiteSetup(async () => {
        await resetWorkbench();
        await openAvalancheContainer();
        originalWidth = await setSideBarWidth(620);
    });
    suiteTeardown(async () => {
        if (originalWidth !== undefined) await setSideBarWidth(originalWidth);
    });
    teardown(() => {
        e2e().sandbox.clearFaults();
    });

    test('Chains: the P-Chain opens to its latest blocks; EVM chains are listed', async () => {
        const pane = await showOnly('Chains');
        await row(pane, /^Primary Network/).waitFor({ timeout: 20_000 });
        await expand(pane, /^P-Chain/);
        await row(pane, /^#\d+/).waitFor({ timeout: 20_000 });
        await row(pane, /Load more/).waitFor({ timeout: 20_000 });
        await row(pane, /^EVM chains/).waitFor();
        await screenshot('tree-chains');
    });

    test('Subnets & L1s: the first page, and an L1 opened to its details', async () => {
        const pane = await showOnly('Subnets & L1s');
        const l1 = row(pane, /L1 · /);
        await l1.waitFor({ timeout: 20_000 });
        const count = await pane.locator('.monaco-list-row').count();
        assert.ok(count > 5, `only ${count} rows`);
        await l1.click();
        await assertExpanded(l1);
        await row(pane, /^Subnet id/).waitFor({ timeout: 10_000 });
        await row(pane, /^Validator manager/).waitFor();
        await expand(pane, /^Blockchains/);
        await screenshot('tree-subnets');
    });

    test('Validators: the node view of an L1 marks where the Data API disagrees', async () => {
        const pane = await showOnly('Validators');
        await row(pane, /^Filter/).waitFor({ timeout: 20_000 });
        // The Data API list starts expanded; collapse it so the node's list has room.
        const dataApi = row(pane, /^L1 validators/);
        if ((await dataApi.getAttribute('aria-expanded')) === 'true') await dataApi.click();
        await expand(pane, /^Validators per chain/);
        const name = await chainName(e2e().known.mainnet.l1EvmChainId);
        await expand(pane, new RegExp(`^${escape(name)}`));
        await row(pane, /⚠ weight differs/).waitFor({ timeout: 20_000 });
        await row(pane, /missing in the Data API/).waitFor();
        await row(pane, /missing on the node/).waitFor();
        await screenshot('tree-validators');
    });

    test('Node: reachable, bootstrapped chains and the admin API', async () => {
        const pane = await showOnly('Node');
        await row(pane, /^Reachable/).waitFor({ timeout: 30_000 });
        await expand(pane, /^Bootstrapped/);
        await row(pane, /bootstrapping…/).waitFor({ timeout: 10_000 });
        await expand(pane, /^Admin API/);
        await row(pane, /^CPU profiler/).waitFor();
        await screenshot('tree-node');
    });

    test('a failing request is an error row in the tree, and Retry brings the rows back', async () => {
        const { sandbox } = e2e();
        const pane = await showOnly('Subnets & L1s');
        await row(pane, /L1 · /).waitFor({ timeout: 20_000 });
        sandbox.addFault({ fault: { kind: 'status', status: 500 }, target: 'listSubnets' });
        await runCommand('Avalanche: Refresh Subnets & L1s');
        const error = row(pane, /500|Internal Server Error|server error/i);
        await error.waitFor({ timeout: 30_000 });
        await screenshot('tree-error-row');
        sandbox.clearFaults();
        await error.click();
        await row(pane, /L1 · /).waitFor({ timeout: 20_000 });
    });

    test('a subnet opens as JSON from its context menu', async () => {
        const { page } = e2e();
        const pane = await showOnly('Subnets & L1s');
        const subnet = row(pane, /L1 · /);
        await subnet.waitFor({ timeout: 20_000 });
        await subnet.click({ button: 'right' });
        const item = page.getByRole('menuitem', { name: /Open as JSON/ }).first();
        await item.waitFor({ timeout: 10_000 });
        // The menu opens with its first item focused; VS Code menus act on keyboard selection.
        await item.hover();
        await page.keyboard.press('Enter');
        await page
            .locator('.tabs-container .tab')
            .filter({ hasText: /Untitled/ })
            .first()
            .waitFor({ timeout: 15_000 });
        // Monaco renders the document's lines; the subnet's fields are among them.
        await page.waitForFunction(
            "document.querySelector('.editor-instance .view-lines')?.textContent?.includes('subnetId') === true",
            undefined,
            { timeout: 15_000 },
        );
        await screenshot('tree-open-json');
        await runCommand('View: Revert and Close Editor');
    });
});
