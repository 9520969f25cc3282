/**
 * Entry of the integration suite inside a VS Code extension host. `run()` is what
 * @vscode/test-electron calls (`extensionTestsPath`); `runSuite()` is what test/host-runner (the
 * tests module of VS Code's server build) calls, with the spec output captured so that the script
 * that started the host can print it. Both run the extension in ExtensionMode.Test, the only mode
 * in which `activate()` returns the API these tests use.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import Mocha from 'mocha';

/** Outcome of one run, written to a file by test/host-runner. */
export interface SuiteResult {
    passed: number;
    failed: number;
    skipped: number;
    failures: { title: string; message: string }[];
    /** The spec reporter's output, ending with the "integration: N passed, N failed" line. */
    output: string;
    durationMs: number;
}

export interface RunSuiteOptions {
    /** Collect the reporter's output in `output` (the extension host has no terminal). */
    capture?: boolean;
    /** Only tests whose full title contains this text. */
    grep?: string;
}

const projectRoot = path.resolve(__dirname, '..', '..', '..');

/** The compiled test files, sorted so that every run goes in the same order. */
export function integrationTestFiles(): string[] {
    return readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.js'))
        .sort()
        .map((file) => path.join(__dirname, file));
}

interface ReporterBase {
    consoleLog: (...args: unknown[]) => void;
}

/** Runs every `(integration)` suite once and resolves with the counts (never rejects on failures). */
export async function runSuite(options: RunSuiteOptions = {}): Promise<SuiteResult> {
    const mocha = new Mocha({
        ui: 'tdd',
        color: false,
        timeout: 30_000,
        reporter: path.join(projectRoot, 'scripts', 'summaryReporter.cjs'),
        reporterOptions: { tier: 'integration' },
        // `/…/` is a regular expression, to run several suites in their real order.
        ...(options.grep?.startsWith('/') && options.grep.endsWith('/') && options.grep.length > 2
            ? { grep: new RegExp(options.grep.slice(1, -1)) }
            : { fgrep: options.grep ?? '(integration)' }),
    });
    for (const file of integrationTestFiles()) mocha.addFile(file);

    const lines: string[] = [];
    const base = Mocha.reporters.Base as unknown as ReporterBase;
    const originalBaseLog = base.consoleLog;
    const originalConsoleLog = console.log;
    const capture = (...args: unknown[]): void => {
        lines.push(formatLine(args));
        originalConsoleLog(...args);
    };
    if (options.capture) {
        base.consoleLog = capture;
        // The summary reporter prints its closing line with console.log.
        console.log = capture;
    }

    const started = Date.now();
    const failures: SuiteResult['failures'] = [];
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    try {
        await mocha.loadFilesAsync();
        await new Promise<void>((resolve) => {
            const runner = mocha.run(() => resolve());
            runner.on('pass', () => passed++);
            runner.on('pending', () => skipped++);
            runner.on('fail', (test, error: unknown) => {
                failed++;
                const message =
                    error instanceof Error ? (error.stack ?? error.message) : String(error);
                failures.push({ title: test.fullTitle(), message });
            });
        });
    } finally {
        base.consoleLog = originalBaseLog;
        console.log = originalConsoleLog;
    }
    if (passed + failed === 0) {
        failed = 1;
        failures.push({ title: 'integration tier', message: 'no test ran' });
    }
    return {
        passed,
        failed,
        skipped,
        failures,
        output: lines.join('\n') + '\n',
        durationMs: Date.now() - started,
    };
}

function formatLine(args: unknown[]): string {
    if (args.length === 0) return '';
    const [first, ...rest] = args;
    if (typeof first !== 'string') return args.map(String).join(' ');
    // The spec reporter passes printf-style formats (`%s`, `%d`).
    let index = 0;
    const text = first.replace(/%[sdij%]/g, (token) => {
        if (token === '%%') return '%';
        return index < rest.length ? String(rest[index++]) : token;
    });
    return [text, ...rest.slice(index).map(String)].join(' ');
}

/** Called by @vscode/test-electron; rejects when a test failed so that the run exits non-zero. */
export async function run(): Promise<void> {
    const result = await runSuite();
    if (result.failed > 0) throw new Error(`${result.failed} integration test(s) failed`);
}
