/**
 * What the e2e journeys share: the workbench page that scripts/hostTest.mjs opened (code-server
 * in headless Chromium, the sandbox behind it) and helpers that act as a person would: the
 * activity bar, the command palette, quick picks, notifications, the status bar, screenshots.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Browser, Locator, Page } from 'playwright-core';

import type { KnownIds, Sandbox, SandboxNetwork, SandboxUrls } from '../sandbox/types';
import { paletteOptimise } from './pngPalette';

export interface ConsoleError {
    text: string;
    url: string;
}

export interface E2eContext {
    page: Page;
    browser: Browser;
    workbenchUrl: string;
    serverUrl: string;
    dataApiUrl: string;
    metricsUrl: string;
    nodeUrl: string;
    controlUrl: string;
    known: Record<SandboxNetwork, KnownIds>;
    /** The sandbox runs in the same process as the journeys: faults and settings are direct. */
    sandbox: Sandbox;
    workspaceDir: string;
    userDataDir: string;
    runDir: string;
    /** Id of the second extension installed next to ours (test/e2e/exportsProbe.ts). */
    exportsProbeId: string;
    /** Where that extension writes what it saw when its command runs. */
    exportsProbeFile: string;
    /** Every screenshot of this run (git-ignored). */
    screenshotsDir: string;
    /** The README's pictures: written when missing or when `updateReadmeScreenshots` is set. */
    readmeScreenshotsDir: string;
    updateReadmeScreenshots: boolean;
    /** Errors the workbench page printed to its console, collected since it opened. */
    consoleErrors: ConsoleError[];
    /** Starts a second code-server for a journey that needs its own start (scripts/hostTest.mjs). */
    startExtraServer: (options: ExtraServerOptions) => Promise<ExtraServer>;
}

export interface ExtraServerOptions {
    /** Folder name under the run folder for its user data, extension copy and log. */
    name: string;
    /** The workspace folder it opens. */
    folder: string;
    /** The endpoints written to its user settings. */
    urls: SandboxUrls;
    /** More user settings, on top of the quiet ones and the endpoints. */
    settings?: Record<string, unknown>;
    /** Starts without --disable-workspace-trust (also set `security.workspace.trust.enabled`). */
    workspaceTrust?: boolean;
}

export interface ExtraServer {
    url: string;
    /** The workbench with the folder open. */
    workbenchUrl: string;
    userDataDir: string;
    stop(): Promise<void>;
}

const contextKey = Symbol.for('avalanche-explorer.e2e');

/** The running workbench; only scripts/hostTest.mjs sets it up. */
export function e2e(): E2eContext {
    const context = (globalThis as Record<symbol, unknown>)[contextKey] as E2eContext | undefined;
    if (!context) throw new Error('no workbench: run the e2e tier with "npm run test:e2e"');
    return context;
}

export const extensionId = 'avalanche-explorer.avalanche-explorer';

/** Errors a journey provokes on purpose; the final log check ignores them. */
export const expectedErrors: RegExp[] = [];

/** Waits for the workbench and closes whatever a previous journey left open. */
export async function resetWorkbench(): Promise<Page> {
    const { page } = e2e();
    await page.locator('.monaco-workbench').waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
    await clearNotifications();
    return page;
}

/** Opens the Avalanche container by its activity bar icon and returns the side bar. */
export async function openAvalancheContainer(): Promise<Locator> {
    const { page } = e2e();
    const sideBar = page.locator('#workbench\\.parts\\.sidebar');
    const alreadyOpen = await sideBar
        .locator('.composite.title h2', { hasText: /^Avalanche/i })
        .isVisible()
        .catch(() => false);
    if (!alreadyOpen) {
        const icon = page
            .locator('#workbench\\.parts\\.activitybar .action-item a[aria-label^="Avalanche"]')
            .first();
        await icon.waitFor({ timeout: 30_000 });
        await icon.click();
    }
    await sideBar
        .locator('.composite.title h2', { hasText: /^Avalanche/i })
        .waitFor({ timeout: 15_000 });
    return sideBar;
}

/** The pane of one view in the side bar, found by the title in its header. */
export function viewPane(title: string): Locator {
    const { page } = e2e();
    return page.locator('#workbench\\.parts\\.sidebar .pane').filter({
        has: page.locator('.pane-header h3.title', {
            hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i'),
        }),
    });
}

/** Expands a collapsed pane; a person clicks its header. */
export async function expandPane(pane: Locator): Promise<void> {
    const header = pane.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    await pane.locator('.pane-body').waitFor();
}

/**
 * Runs a command by typing its title into the command palette (F1) and clicking the entry with
 * exactly that title (not whatever fuzzy match comes first).
 */
export async function runCommand(title: string): Promise<void> {
    const { page } = e2e();
    // A webview that takes the focus as it finishes loading closes the palette under our fingers;
    // open it again (the title bar click gives the focus back to the workbench) rather than wait.
    for (let attempt = 1; ; attempt++) {
        const input = await openCommandPalette();
        try {
            await input.fill(`>${title}`, { timeout: 5_000 });
            break;
        } catch (error) {
            if (attempt >= 3) throw error;
            await page
                .locator('#workbench\\.parts\\.titlebar')
                .click({ position: { x: 5, y: 5 } })
                .catch(() => undefined);
            await page.waitForTimeout(500);
        }
    }
    const exact = page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) });
    const row = quickPickRow(title).filter({ has: exact }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
}

export async function openCommandPalette(): Promise<Locator> {
    const { page } = e2e();
    await page
        .locator('.monaco-workbench')
        .click({ position: { x: 640, y: 400 }, trial: true })
        .catch(() => undefined);
    await page.keyboard.press('F1');
    const input = quickInput();
    await input.waitFor({ timeout: 10_000 });
    return input;
}

/** The text box of the open quick input (palette, quick pick or input box). */
export function quickInput(): Locator {
    return e2e().page.locator('.quick-input-widget .quick-input-box input');
}

/** Rows of the open quick pick whose label contains `label` (case-insensitive). */
export function quickPickRow(label: string | RegExp): Locator {
    const pattern = typeof label === 'string' ? new RegExp(escapeRegExp(label), 'i') : label;
    return e2e()
        .page.locator('.quick-input-widget .quick-input-list .monaco-list-row')
        .filter({ hasText: pattern });
}

/** Labels of the rows the open quick pick shows. */
export async function quickPickLabels(): Promise<string[]> {
    const rows = e2e().page.locator(
        '.quick-input-widget .quick-input-list .monaco-list-row .label-name',
    );
    await rows.first().waitFor({ timeout: 10_000 });
    return (await rows.allInnerTexts()).map((text) => text.trim());
}

export function notificationToasts(): Locator {
    return e2e().page.locator('.notification-toast');
}

/** Waits for a notification whose text matches and returns its text. */
export async function waitForNotification(text: RegExp, timeoutMs = 15_000): Promise<string> {
    const toast = notificationToasts().filter({ hasText: text }).first();
    await toast.waitFor({ timeout: timeoutMs });
    return (await toast.innerText()).trim();
}

export async function clearNotifications(): Promise<void> {
    const { page } = e2e();
    const toasts = notificationToasts();
    for (let i = await toasts.count(); i > 0; i--) {
        const close = toasts
            .first()
            .locator('.codicon-notifications-clear, .codicon-close')
            .first();
        if (!(await close.isVisible().catch(() => false))) {
            await toasts
                .first()
                .hover()
                .catch(() => undefined);
        }
        await close.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await page.waitForTimeout(100);
}

/** Status bar entries whose text or accessible name matches. */
export function statusBarItem(text: RegExp): Locator {
    const { page } = e2e();
    return page.locator('#workbench\\.parts\\.statusbar .statusbar-item').filter({ hasText: text });
}

/** Opens a workspace file in the editor through Quick Open (Ctrl+P), as a person would. */
export async function openFile(relativePath: string): Promise<void> {
    const { page } = e2e();
    // Quick Open answers from the file search's index: a file written a moment ago may be missing
    // from the first answer, so ask again rather than wait on a list that will not change.
    for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('Control+P');
        const input = quickInput();
        await input.waitFor({ timeout: 10_000 });
        await input.fill(relativePath);
        try {
            await quickPickRow(path.basename(relativePath)).first().waitFor({ timeout: 10_000 });
            break;
        } catch (error) {
            if (attempt >= 3) throw error;
            await page.keyboard.press('Escape');
            await page.waitForTimeout(1_000);
        }
    }
    await page.keyboard.press('Enter');
    await page
        .locator(`.tabs-container .tab[aria-label^="${path.basename(relativePath)}"]`)
        .first()
        .waitFor({ timeout: 15_000 });
}

/**
 * Saves a 1280x800 PNG of the workbench into .vscode-test/screenshots/ and, when it is missing
 * there or UPDATE_SCREENSHOTS=1, a 256-colour copy into media/screenshots/ for the README.
 */
export async function screenshot(name: string): Promise<string> {
    const { page, screenshotsDir, readmeScreenshotsDir, updateReadmeScreenshots } = e2e();
    mkdirSync(screenshotsDir, { recursive: true });
    const file = path.join(screenshotsDir, `${name}.png`);
    // No hover tooltip from the last click; animations (quick input, notifications) settled.
    await page.mouse.move(1100, 120);
    await page.waitForTimeout(300);
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    const readmeFile = path.join(readmeScreenshotsDir, `${name}.png`);
    if (updateReadmeScreenshots || !existsSync(readmeFile)) {
        mkdirSync(readmeScreenshotsDir, { recursive: true });
        writeFileSync(readmeFile, paletteOptimise(readFileSync(file)));
    }
    return file;
}

export interface LogError {
    source: string;
    text: string;
}

const logEntryStart = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} \[(\w+)\]/;

/** Splits a VS Code log file into entries (a stack trace stays with its entry). */
function logEntries(file: string): { level: string; text: string }[] {
    const entries: { level: string; text: string }[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
        const match = logEntryStart.exec(line);
        if (match) entries.push({ level: match[1] ?? '', text: line });
        else if (entries.length) entries[entries.length - 1]!.text += `\n${line}`;
    }
    return entries;
}

/** Every file below `dir` (none when it does not exist). */
export function filesUnder(dir: string): string[] {
    try {
        return readdirSync(dir, { recursive: true, encoding: 'utf8' })
            .map((file) => path.join(dir, file))
            .filter((file) => statSync(file).isFile());
    } catch {
        return [];
    }
}

/** What the extension wrote to its own "Avalanche Explorer" log under `userDataDir` so far. */
export function extensionLog(userDataDir: string): string {
    return filesUnder(path.join(userDataDir, 'logs'))
        .filter((file) => path.basename(file).startsWith('Avalanche Explorer'))
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n');
}

/**
 * Errors that come from the extension: `[error]` entries of the extension host log that name it,
 * every `[error]` entry of its own "Avalanche Explorer" log, and workbench console errors that
 * name it. Errors listed in {@link expectedErrors} are left out.
 */
export function extensionErrors(): LogError[] {
    const { userDataDir, consoleErrors } = e2e();
    const found: LogError[] = [];
    const expected = (text: string) => expectedErrors.some((re) => re.test(text));
    for (const file of filesUnder(path.join(userDataDir, 'logs'))) {
        const name = path.basename(file);
        const ours =
            file.includes(`${path.sep}${extensionId}${path.sep}`) ||
            name.startsWith('Avalanche Explorer');
        const host = /exthost[^/]*\.log$/.test(name);
        if (!ours && !host) continue;
        for (const entry of logEntries(file)) {
            if (entry.level !== 'error' || expected(entry.text)) continue;
            if (ours || /avalanche-explorer/i.test(entry.text))
                found.push({ source: file, text: entry.text });
        }
    }
    for (const error of consoleErrors) {
        const text = `${error.text} ${error.url}`;
        if (/avalanche-explorer/i.test(text) && !expected(text))
            found.push({ source: 'workbench console', text });
    }
    return found;
}

function escapeRegExp(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The ports the sandbox of this run listens on, for a stand-in sandbox that takes its place. */
export function sandboxPorts(): { dataApi: number; metrics: number; node: number } {
    const context = e2e();
    const port = (url: string) => Number(new URL(url).port);
    return {
        dataApi: port(context.dataApiUrl),
        metrics: port(context.metricsUrl),
        node: port(context.nodeUrl),
    };
}
