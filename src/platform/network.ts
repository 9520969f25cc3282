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
import { rootCertificates } from 'node:tls';

import * as vscode from 'vscode';

import type { NetworkSettings, Transport, TransportHints } from '../core/http/transport';
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
    const { settings, hints, summary } = readNetworkSettings(process.env);
    logger.info(`Requests: ${summary}`);
    return loadCore().networkTransport(settings, hints);
}

/** Reads the settings; exported for tests of the wiring. */
function readNetworkSettings(env: NodeJS.ProcessEnv): {
    settings: NetworkSettings;
    hints: TransportHints;
    summary: string;
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
    const ca = systemCertificates ? trustedRoots(env) : undefined;
    const summary = [
        proxy
            ? `through ${proxyDisplay(proxy)} (from ${settingsProxy ? 'http.proxy' : 'the environment'})`
            : 'direct',
        noProxy?.some((e) => e.trim() !== '') ? `except ${noProxy.join(', ')}` : '',
        proxyAuthorization ? 'with proxy authorization' : '',
        strictSSL ? '' : 'certificates not checked (http.proxyStrictSSL is off)',
        ca ? `${ca.length} trusted roots (Node's and the system's)` : "Node's trusted roots",
    ]
        .filter((part) => part !== '')
        .join('; ');
    return {
        settings: { proxy, noProxy, proxyAuthorization, strictSSL, ca },
        hints: {
            untrustedCertificate,
            proxyAuthentication: phrase(
                'Set `http.proxyAuthorization`, or put the user name and password in the proxy URL.',
            ),
            proxySetting: settingsProxy
                ? '`http.proxy`'
                : phrase('the HTTPS_PROXY environment variable'),
        },
        summary,
    };
}

let systemRoots: readonly string[] | undefined;

/**
 * Node's roots, `NODE_EXTRA_CA_CERTS` and the system's store: handing undici a list replaces
 * Node's default store, which is where the extra certificates would otherwise come from.
 */
function trustedRoots(env: NodeJS.ProcessEnv): readonly string[] {
    systemRoots ??= readSystemRoots();
    const extra = env['NODE_EXTRA_CA_CERTS'] ? readPemFile(env['NODE_EXTRA_CA_CERTS']) : [];
    return [...new Set([...rootCertificates, ...extra, ...systemRoots])];
}

/**
 * The certificates of the operating system's store, read where `@vscode/proxy-agent` reads them
 * (`readLinuxCaCertificates`, `readMacCaCertificates`). Windows keeps its store behind an API that
 * needs a native module, so there only Node's roots and `NODE_EXTRA_CA_CERTS` apply.
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
