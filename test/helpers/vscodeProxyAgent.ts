/**
 * VS Code's own `@vscode/proxy-agent`, the module its extension host resolves proxies with, for
 * tests and benchmarks that need VS Code's resolution where no PAC script or system proxy exists:
 * the module is VS Code's (code-server's copy, or the running host's), and only the part Electron
 * plays on desktop (`resolveProxy`, the PAC script's or the system's answer) is given here.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

import { repoRoot } from './paths';

type Resolve = (url: string) => Promise<string | undefined>;

/** The part of the module these checks use. */
export interface ProxyAgentModule {
    readonly default?: ProxyAgentModule;
    /** Set by VS Code's extension host to its resolver (src/platform/network.ts reads it). */
    resolveProxyURL?: Resolve | undefined;
    /** VS Code's reader of the system's certificate store. */
    loadSystemCertificates?: (params: Record<string, unknown>) => Promise<string[]>;
    createProxyResolver(params: Record<string, unknown>): { resolveProxyURL: Resolve };
    createFetchPatch(
        params: Record<string, unknown>,
        originalFetch: typeof fetch,
        resolveProxyURL: Resolve,
    ): typeof fetch;
}

/** The module as installed beside `folder`'s `package.json` (VS Code's app root). */
export function proxyAgentBeside(folder: string): ProxyAgentModule {
    return createRequire(path.join(folder, 'package.json'))(
        '@vscode/proxy-agent',
    ) as ProxyAgentModule;
}

/** code-server's copy, as `npm test` installs it, or undefined before that install. */
export function codeServerProxyAgent(): ProxyAgentModule | undefined {
    try {
        return proxyAgentBeside(
            path.join(repoRoot, '.vscode-test/code-server/node_modules/code-server/lib/vscode'),
        );
    } catch {
        return undefined;
    }
}

/**
 * The parameters VS Code's extension host gives `createProxyResolver` (`connectProxyResolver` in
 * https://github.com/microsoft/vscode/blob/main/src/vs/workbench/api/node/proxyResolver.ts), with
 * no proxy setting, no environment and the host's resolution on, as on desktop; `resolveProxy` is
 * the host's answer (`PROXY host:port`, `DIRECT`, …).
 */
export function hostResolverParams(resolveProxy: Resolve): Record<string, unknown> {
    const quiet = (): void => {};
    return {
        resolveProxy,
        getProxyURL: () => undefined,
        getProxySupport: () => 'override',
        getNoProxyConfig: () => [],
        isAdditionalFetchSupportEnabled: () => true,
        addCertificatesV1: () => false,
        addCertificatesV2: () => false,
        isUseHostProxyEnabled: () => true,
        loadAdditionalCertificates: () => Promise.resolve([]),
        lookupProxyAuthorization: () => Promise.resolve(undefined),
        log: { trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet },
        getLogLevel: () => 3,
        proxyResolveTelemetry: quiet,
        env: {},
    };
}
