/**
 * The one log of the extension: a `LogOutputChannel` named "Avalanche Explorer",
 * so the user picks the level in the Output view. Every line carries a component tag and passes
 * through {@link redact}, which strips the API key and the key header's value. `log` is the only
 * module singleton: it has to exist before anything else can report a failure.
 */
import * as vscode from 'vscode';

import { redact } from './redact';

const logChannelName = 'Avalanche Explorer';

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';

/** Lines logged before the channel exists (during the first milliseconds of activation). */
const maxEarlyLines = 200;

/** A logger bound to one component tag, for example `log.for('Config')`. */
export interface ComponentLog {
    trace(message: string, ...details: unknown[]): void;
    debug(message: string, ...details: unknown[]): void;
    info(message: string, ...details: unknown[]): void;
    warn(message: string, ...details: unknown[]): void;
    /** Logs the message, then the error's stack (or its text when it has none). */
    error(message: string, error?: unknown): void;
}

export class Log {
    private channel: vscode.LogOutputChannel | undefined;
    private early: [Level, string][] = [];
    private readonly secrets = new Set<string>();
    private readonly headerNames = new Set<string>(['authorization', 'x-glacier-api-key']);

    /** Creates the output channel; the returned disposable closes it. */
    init(): vscode.Disposable {
        const channel = vscode.window.createOutputChannel(logChannelName, { log: true });
        this.channel = channel;
        for (const [level, line] of this.early) channel[level](line);
        this.early = [];
        return new vscode.Disposable(() => {
            this.channel = undefined;
            channel.dispose();
        });
    }

    /** Reveals the channel in the Output view. */
    show(): void {
        this.channel?.show(true);
    }

    /** Registers a secret value (the API key) so that it never appears in the log. */
    addSecret(value: string | undefined): void {
        if (value) this.secrets.add(value);
    }

    /** Registers a header whose value must never appear in the log (the configured key header). */
    addSensitiveHeader(name: string): void {
        if (name) this.headerNames.add(name.toLowerCase());
    }

    /** Applies the redaction rules; also used for text shown in error toasts. */
    redact(text: string): string {
        return redact(text, this.secrets, this.headerNames);
    }

    for(component: string): ComponentLog {
        return {
            trace: (m, ...d) => this.write('trace', component, m, d),
            debug: (m, ...d) => this.write('debug', component, m, d),
            info: (m, ...d) => this.write('info', component, m, d),
            warn: (m, ...d) => this.write('warn', component, m, d),
            error: (m, e) => this.write('error', component, m, e === undefined ? [] : [e]),
        };
    }

    trace(component: string, message: string, ...details: unknown[]): void {
        this.write('trace', component, message, details);
    }
    debug(component: string, message: string, ...details: unknown[]): void {
        this.write('debug', component, message, details);
    }
    info(component: string, message: string, ...details: unknown[]): void {
        this.write('info', component, message, details);
    }
    warn(component: string, message: string, ...details: unknown[]): void {
        this.write('warn', component, message, details);
    }
    error(component: string, message: string, error?: unknown): void {
        this.write('error', component, message, error === undefined ? [] : [error]);
    }

    private write(level: Level, component: string, message: string, details: unknown[]): void {
        // Skip formatting when the user's level would drop the line anyway.
        if (this.channel && !this.enabled(level)) return;
        const parts = [`[${component}] ${message}`, ...details.map(formatDetail)];
        const line = this.redact(parts.join('\n'));
        if (this.channel) this.channel[level](line);
        else if (this.early.length < maxEarlyLines) this.early.push([level, line]);
    }

    private enabled(level: Level): boolean {
        const current = this.channel?.logLevel ?? vscode.LogLevel.Info;
        if (current === vscode.LogLevel.Off) return false;
        const needed = {
            trace: vscode.LogLevel.Trace,
            debug: vscode.LogLevel.Debug,
            info: vscode.LogLevel.Info,
            warn: vscode.LogLevel.Warning,
            error: vscode.LogLevel.Error,
        }[level];
        return current <= needed;
    }
}

function formatDetail(detail: unknown): string {
    if (detail instanceof Error) {
        const cause =
            detail.cause === undefined ? '' : `\nCaused by: ${formatDetail(detail.cause)}`;
        return (detail.stack ?? `${detail.name}: ${detail.message}`) + cause;
    }
    if (typeof detail === 'string') return detail;
    try {
        return JSON.stringify(detail, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
    } catch {
        return String(detail);
    }
}

/** The extension's log. */
/**
 * Kept on `globalThis` under a registered symbol, like the live counters: the lazily loaded
 * `dist/queries.js` carries its own copy of this module, and its lines must reach the one channel
 * `activate()` opened (and be redacted with the secrets registered there).
 */
const logKey = Symbol.for('avalanche-explorer.log');

export const log: Log = ((globalThis as unknown as Record<symbol, Log | undefined>)[logKey] ??=
    new Log());
