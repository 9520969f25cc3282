/**
 * VS Code's proxy and certificate settings, turned into the transport every client uses.
 *
 * VS Code applies `http.proxy`, `http.noProxy`, `http.proxyStrictSSL`, `http.proxyAuthorization`
 * and `http.systemCertificates` (https://code.visualstudio.com/docs/setup/network) to the global
 * `fetch` and to Node's `http`/`https`, not to an undici dispatcher of our own; this module reads
 * the same settings and environment so that our requests take the same way out. Read when the
 * first client is built, and again after any of these settings changes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { rootCertificates } from 'node:tls';

import * as vscode from 'vscode';

import type {
    HostProxyResolver,
    HostResolution,
    NetworkSettings,
    Transport,
    TransportHints,
} from '../core/http/transport';
import { phrase } from '../core/text/phrase';
import { loadCore } from './lazyCore';
import { log } from './log';

const logger = log.for('Network');

/** The `http.*` settings this module reads; a change to any of them rebuilds the clients. */
const networkSettingKeys = [
    'http.proxy',
    'http.noProxy',
    'http.proxyStrictSSL',
    'http.proxyAuthorization',
    'http.proxySupport',
    'http.systemCertificates',
] as const;

/** True when a configuration change touches the proxy or certificate settings. */
export function affectsNetwork(event: vscode.ConfigurationChangeEvent): boolean {
    return networkSettingKeys.some((key) => event.affectsConfiguration(key));
}

/** The transport for the current settings and environment. */
export function vscodeTransport(): Transport {
    const { settings, hints, summary, host } = readNetworkSettings(process.env);
    logger.info(`Requests: ${summary}`);
    return loadCore().networkTransport(settings, hints, host);
}

/** What this extension uses of VS Code's own copy of `@vscode/proxy-agent`. */
interface VsCodeProxyAgent {
    resolveProxyURL?: unknown;
    loadSystemCertificates?: unknown;
    default?: VsCodeProxyAgent;
}

let proxyAgentModule: VsCodeProxyAgent | null | undefined;

/**
 * The extension host's `@vscode/proxy-agent`, the module VS Code resolves proxies and reads the
 * system's certificates with, or undefined where VS Code does not ship it beside its app root.
 */
function vscodeProxyAgent(): VsCodeProxyAgent | undefined {
    if (proxyAgentModule === undefined) {
        try {
            const load = createRequire(path.join(vscode.env.appRoot, 'package.json'));
            const module = load('@vscode/proxy-agent') as VsCodeProxyAgent;
            proxyAgentModule = module.default ?? module;
        } catch {
            proxyAgentModule = null;
        }
    }
    return proxyAgentModule ?? undefined;
}

/**
 * VS Code's own answer to "which proxy for this URL", or undefined where this host has none.
 *
 * The extension host resolves proxies with `@vscode/proxy-agent` (settings, environment, then the
 * host: Electron's PAC and system proxy on desktop) and publishes that resolver on the module as
 * `resolveProxyURL` (`connectProxyResolver` in VS Code's `src/vs/workbench/api/node/proxyResolver.ts`,
 * the resolver its patched `fetch` uses). There is no API for it, so it is looked up in VS Code's
 * own copy of the module, by property at each call (VS Code may set it after activation), and
 * its absence only means that requests go direct, as before.
 */
function vscodeProxyResolver(): HostProxyResolver | undefined {
    const target = vscodeProxyAgent();
    if (typeof target?.resolveProxyURL !== 'function') return undefined;
    return async (url) => {
        const resolve = target.resolveProxyURL;
        if (typeof resolve !== 'function') return undefined;
        const answer: unknown = await (resolve as (url: string) => Promise<unknown>)(url);
        return typeof answer === 'string' ? answer : undefined;
    };
}

/**
 * The system's roots as VS Code reads them for its own requests (`loadSystemCertificates`: the
 * Windows store through its native module, the macOS keychain, the Linux bundle; expired ones
 * left out), or undefined where the module is not there.
 */
function vscodeSystemRoots(): (() => Promise<readonly string[]>) | undefined {
    const load = vscodeProxyAgent()?.loadSystemCertificates;
    if (typeof load !== 'function') return undefined;
    const quiet = (): void => {};
    const log = { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet };
    return async () => {
        const certs: unknown = await (load as (params: unknown) => Promise<unknown>)({ log });
        return Array.isArray(certs) ? certs.filter((c): c is string => typeof c === 'string') : [];
    };
}

/** VS Code's resolution for origins no setting routes, with a log line per origin. */
function hostResolution(): HostResolution | undefined {
    const resolve = vscodeProxyResolver();
    if (!resolve) return undefined;
    return {
        resolve,
        onRoute: (origin, proxy, note) => {
            if (note) logger.warn(`${origin}: ${note}; it goes direct`);
            else if (proxy) logger.info(`${origin}: through ${proxy} (VS Code's proxy resolution)`);
        },
    };
}

/** Reads the settings; exported for tests of the wiring. */
function readNetworkSettings(env: NodeJS.ProcessEnv): {
    settings: NetworkSettings;
    hints: TransportHints;
    summary: string;
    host?: HostResolution | undefined;
} {
    const http = vscode.workspace.getConfiguration('http');
    const { networkSettingsFromEnv, usableProxyUrl, proxyDisplay } = loadCore();
    const fromEnv = networkSettingsFromEnv(env);
    const support = http.get<string>('proxySupport', 'override');
    const strictSSL = http.get<boolean>('proxyStrictSSL', true);
    const systemCertificates = http.get<boolean>('systemCertificates', true);
    const untrustedCertificate = systemCertificates
        ? phrase(
              "if your network inspects TLS, add its root certificate to this machine's certificate store (`http.systemCertificates` is on).",
          )
        : phrase('if your network inspects TLS, turn on `http.systemCertificates`.');
    if (support === 'off') {
        // VS Code then leaves requests alone: no proxy and Node's own roots.
        return {
            settings: { strictSSL },
            hints: {
                untrustedCertificate,
                proxyAuthentication: '',
                proxySetting: '`http.proxySupport`',
            },
            summary: 'direct (http.proxySupport is off)',
        };
    }
    const configured = http.get<string>('proxy', '');
    const settingsProxy = usableProxyUrl(configured);
    if (configured.trim() !== '' && !settingsProxy) {
        logger.warn(
            'http.proxy is not a URL with a scheme (http://, https://, socks5://); ignored',
        );
    }
    const proxy = settingsProxy ?? fromEnv.proxy;
    const configNoProxy = (http.get<string[]>('noProxy', []) ?? []).filter(
        (entry) => typeof entry === 'string' && entry.trim() !== '',
    );
    // As in VS Code: a non-empty `http.noProxy` replaces NO_PROXY rather than adding to it.
    const noProxy = configNoProxy.length > 0 ? configNoProxy : fromEnv.noProxy;
    const proxyAuthorization = http.get<string | null>('proxyAuthorization', null) ?? undefined;
    // VS Code's reader where it is there (the only one that reads Windows' store), else ours.
    const loadCa = systemCertificates ? vscodeSystemRoots() : undefined;
    const ca = systemCertificates ? trustedRoots(env, loadCa === undefined) : undefined;
    // Where nothing names a proxy, VS Code's own resolution (a PAC script, the system's proxy)
    // decides each origin's way, as it does for its own requests.
    const host = proxy ? undefined : hostResolution();
    const summary = [
        proxy
            ? `through ${proxyDisplay(proxy)} (from ${settingsProxy ? 'http.proxy' : 'the environment'})`
            : host
              ? "direct, unless VS Code's proxy resolution names a proxy for a host"
              : 'direct',
        noProxy?.some((e) => e.trim() !== '') ? `except ${noProxy.join(', ')}` : '',
        proxyAuthorization ? 'with proxy authorization' : '',
        strictSSL ? '' : 'certificates not checked (http.proxyStrictSSL is off)',
        loadCa
            ? "Node's trusted roots and the system's (read by VS Code's reader at the first TLS connection)"
            : ca
              ? `${ca.length} trusted roots (Node's and the system's)`
              : "Node's trusted roots",
    ]
        .filter((part) => part !== '')
        .join('; ');
    return {
        settings: { proxy, noProxy, proxyAuthorization, strictSSL, ca, loadCa },
        hints: {
            untrustedCertificate,
            proxyAuthentication: phrase(
                'Set `http.proxyAuthorization`, or put the user name and password in the proxy URL.',
            ),
            proxySetting: settingsProxy
                ? '`http.proxy`'
                : proxy
                  ? phrase('the HTTPS_PROXY environment variable')
                  : phrase("the system's proxy settings, or `http.proxy`"),
        },
        summary,
        host,
    };
}

let systemRoots: readonly string[] | undefined;

/**
 * Node's roots, `NODE_EXTRA_CA_CERTS` and, `withSystem`, the system's store: handing undici a list
 * replaces Node's default store, which is where the extra certificates would otherwise come from.
 */
function trustedRoots(env: NodeJS.ProcessEnv, withSystem: boolean): readonly string[] {
    const system = withSystem ? (systemRoots ??= readSystemRoots()) : [];
    const extra = env['NODE_EXTRA_CA_CERTS'] ? readPemFile(env['NODE_EXTRA_CA_CERTS']) : [];
    return [...new Set([...rootCertificates, ...extra, ...system])];
}

/**
 * The certificates of the operating system's store, read where `@vscode/proxy-agent` reads them
 * (`readLinuxCaCertificates`, `readMacCaCertificates`), for a host without VS Code's own reader
 * (`vscodeSystemRoots`). Windows keeps its store behind an API that needs a native module, so
 * there, without VS Code's reader, only Node's roots and `NODE_EXTRA_CA_CERTS` apply.
 */
function readSystemRoots(): readonly string[] {
    try {
        if (process.platform === 'linux') {
            for (const file of [
                '/etc/ssl/certs/ca-certificates.crt',
                '/etc/ssl/certs/ca-bundle.crt',
                '/etc/ssl/ca-bundle.pem',
            ]) {
                const certs = readPemFile(file);
                if (certs.length > 0) return certs;
            }
        } else if (process.platform === 'darwin') {
            const pem = execFileSync('/usr/bin/security', ['find-certificate', '-a', '-p'], {
                encoding: 'utf8',
                maxBuffer: 16 * 1024 * 1024,
            });
            return splitPem(pem);
        } else {
            logger.info("The system's certificate store is not read on this platform");
        }
    } catch (error) {
        logger.warn("Could not read the system's certificate store", error);
    }
    return [];
}

function readPemFile(file: string): string[] {
    try {
        return splitPem(readFileSync(file, 'utf8'));
    } catch {
        return [];
    }
}

function splitPem(text: string): string[] {
    return (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
        (pem) => `${pem}\n`,
    );
}
