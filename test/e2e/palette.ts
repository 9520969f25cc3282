/**
 * Driving palette commands and result panels the way a person does, shared by the panel journeys
 * and the hostile-data checks: answer the quick input step by step, keep the focus in the
 * workbench, find a panel's page by its heading.
 */
import type { Frame } from 'playwright-core';

import { e2e, quickInput, quickPickRow, resetWorkbench, runCommand } from './harness';

const quickTitle = () => e2e().page.locator('.quick-input-widget .quick-input-title');

/** Answers the open quick input: a pick (typing filters; "Enter a value…" when not offered) or a box. */
export async function answer(text: string): Promise<void> {
    const { page } = e2e();
    const widget = page.locator('.quick-input-widget');
    await widget.waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(200);
    const before =
        (await quickTitle()
            .textContent()
            .catch(() => '')) ?? '';
    const input = quickInput();
    const list = page.locator('.quick-input-widget .quick-input-list');
    if ((await list.isVisible()) && text !== '') {
        await input.fill(text);
        await page.waitForTimeout(250);
        if ((await quickPickRow(text).count()) === 0) {
            await input.fill('Enter a value');
            await quickPickRow(/Enter a value/)
                .first()
                .waitFor({ timeout: 5_000 });
            await page.keyboard.press('Enter');
            await list.waitFor({ state: 'hidden', timeout: 5_000 });
            await input.fill(text);
        }
    } else if (text !== '') {
        await input.fill(text);
    }
    await page.keyboard.press('Enter');
    const title = async (): Promise<string> =>
        (await quickTitle()
            .textContent()
            .catch(() => '')) ?? '';
    for (let attempt = 0; attempt < 2; attempt++) {
        const deadline = Date.now() + 6_000;
        while (Date.now() < deadline) {
            if (!(await widget.isVisible())) return;
            if ((await title()) !== before) return;
            await page.waitForTimeout(100);
        }
        // A multi-select pick sometimes misses the Enter: its OK button does the same.
        await page
            .locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ })
            .first()
            .click()
            .catch(() => undefined);
    }
    throw new Error(`the quick input did not move on after "${text}" (${before})`);
}

/**
 * Takes the keyboard focus out of a panel page: keys pressed inside a webview (F1) stay in its
 * frame, and a page that takes the focus closes the quick input.
 */
async function focusWorkbench(): Promise<void> {
    const bar = e2e().page.locator('#workbench\\.parts\\.activitybar');
    const box = await bar.boundingBox().catch(() => null);
    // The empty part at the bottom of the activity bar: no icon, no menu.
    if (box) await e2e().page.mouse.click(box.x + box.width / 2, box.y + box.height - 120);
}

/** Runs a palette command by its full title with the focus in the workbench, then answers its prompts. */
export async function command(title: string, answers: readonly string[] = []): Promise<void> {
    for (let attempt = 1; ; attempt++) {
        await focusWorkbench();
        await resetWorkbench();
        try {
            await runCommand(title);
            break;
        } catch (error) {
            // A panel page that finished loading took the focus and closed the palette.
            if (attempt === 3) throw error;
        }
    }
    for (const text of answers) await answer(text);
}

/** The frame of the panel whose heading matches, once it has drawn its result. */
export async function panelFrame(heading: RegExp, timeoutMs = 30_000): Promise<Frame> {
    const { page } = e2e();
    const deadline = Date.now() + timeoutMs;
    let seen: string[] = [];
    while (Date.now() < deadline) {
        seen = [];
        for (const frame of page.frames()) {
            try {
                const h1 = frame.locator('.panel-header h1');
                if ((await h1.count()) === 0) continue;
                const text = (await h1.first().textContent({ timeout: 200 })) ?? '';
                seen.push(text);
                if (
                    heading.test(text) &&
                    (await frame.locator('#root[aria-busy="true"]').count()) === 0
                )
                    return frame;
            } catch {
                // Frames come and go while panels open.
            }
        }
        await page.waitForTimeout(200);
    }
    throw new Error(`no panel with a heading like ${heading} (seen: ${seen.join(' | ')})`);
}

/** Reads the system clipboard of the browser (the workbench writes it for the extension host). */
export async function clipboard(): Promise<string | undefined> {
    try {
        return await e2e().page.evaluate<string>('navigator.clipboard.readText()');
    } catch {
        return undefined;
    }
}
