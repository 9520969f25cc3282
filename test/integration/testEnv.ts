/**
 * What the integration tests know about the world they run in: the sandbox URLs, its control
 * route and known ids, and the sample workspace. The script that starts the extension host writes
 * it as JSON and names the file in `AVALANCHE_TEST_ENV` (test/host-runner sets that variable
 * inside the host; test/electron/runElectron.ts passes it through `extensionTestsEnv`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type {
    FaultRule,
    KnownIds,
    RecordedRequest,
    SandboxNetwork,
    SandboxSettings,
} from '../sandbox/types';
import type { RealNetworkInfo } from '../realnode/network';

export interface TestEnv {
    dataApiUrl: string;
    metricsUrl: string;
    nodeUrl: string;
    /** `<dataApiUrl>/__sandbox`: the control route of the sandbox, for tests in another process. */
    controlUrl: string;
    known: Record<SandboxNetwork, KnownIds>;
    /** The folder opened in the window: the sample workspace generated from `known`. */
    workspaceDir: string;
    /**
     * In the node tier's host part: `<workspaceDir>/realnode-contracts`, holding `foundry/` and
     * `hardhat/`, the projects of test/fixtures/contracts-workspace with the deployment records
     * of the real network's activity (test/realnode/workspaceRecords.ts;
     * `realNode.{cChain,l1}.activity.contracts` names what they deployed). Absent elsewhere.
     */
    contractsWorkspaceDir?: string;
    /** Which host runs the suite. */
    host: 'code-server' | 'electron';
    /**
     * The real local network of the node tier's host part (scripts/test.mjs starts it with
     * test/realnode/cli.ts); absent in the other runs, where the '(node host)' suites skip.
     */
    realNode?: RealNodeEnv;
    /** The run folder of scripts/hostTest.mjs, through which `screenshot()` asks for a picture. */
    runDir?: string;
    /** Set when the sandbox is reachable only through a test proxy (scripts/hostTest.mjs HOST_PROXY). */
    proxy?: ProxyTestEnv;
    /**
     * Set in the localised run (scripts/hostTest.mjs HOST_LOCALE): VS Code's display language,
     * with test/integration/translation.ts staged as the extension's bundle for it.
     */
    locale?: string;
}

/** The proxy world of a HOST_PROXY run (scripts/squid.mjs). */
export interface ProxyTestEnv {
    /** How the host learns of the proxy: `http.proxy` in user settings, or HTTPS_PROXY. */
    mode: 'setting' | 'env';
    /** The sandbox is served over HTTPS with a root only the system store (in the test) trusts. */
    tls: boolean;
    /** The open port. */
    url: string;
    /** The port that demands Basic credentials. */
    authUrl: string;
    user: string;
    password: string;
    /** squid's access log: one line per request or tunnel, with the headers it received. */
    accessLog: string;
    /** The host name only the proxy resolves. */
    host: string;
}

/** The network test/realnode/cli.ts started, and how to stop and start its node. */
export interface RealNodeEnv extends RealNetworkInfo {
    /** The CLI's process: SIGUSR1 kills the node, SIGUSR2 starts it again. */
    cliPid: number;
    /** Where the CLI writes `UP`, `DOWN` or `FAILED …` once a switch is done. */
    stateFile: string;
}

export const testEnvVariable = 'AVALANCHE_TEST_ENV';

/**
 * A screenshot of the workbench as it is now, taken by scripts/hostTest.mjs (the browser is in
 * that process); resolves once it is written. A README picture from the real host.
 */
export async function screenshot(name: string): Promise<void> {
    const dir = testEnv().runDir;
    if (!dir) return;
    const done = path.join(dir, `screenshot-done-${name}`);
    writeFileSync(path.join(dir, 'screenshot-request.json'), JSON.stringify({ name }));
    const deadline = Date.now() + 30_000;
    while (!existsSync(done)) {
        if (Date.now() > deadline) throw new Error(`no screenshot ${name} after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

let cached: TestEnv | undefined;

/** Reads the environment file once; throws a clear error when the suite was started by hand. */
export function testEnv(): TestEnv {
    if (cached) return cached;
    const file = process.env[testEnvVariable];
    if (!file) {
        throw new Error(
            `${testEnvVariable} is not set: run the suite with "npm run test:integration" or "npm run test:electron".`,
        );
    }
    cached = JSON.parse(readFileSync(file, 'utf8')) as TestEnv;
    return cached;
}

async function control(method: string, route: string, body?: unknown): Promise<unknown> {
    const init: RequestInit = { method };
    if (body !== undefined) {
        init.headers = { 'content-type': 'application/json' };
        // `undefined` (e.g. `requireApiKey: undefined` to turn a switch off) must survive JSON.
        init.body = JSON.stringify(body, (_key, value: unknown) =>
            value === undefined ? null : value,
        );
    }
    const response = await fetch(`${testEnv().controlUrl}${route}`, init);
    if (!response.ok)
        throw new Error(`sandbox control ${method} ${route}: HTTP ${response.status}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Changes sandbox switches (applies to the next request). */
export async function setSandboxSettings(settings: Partial<SandboxSettings>): Promise<void> {
    await control('POST', '/settings', settings);
}

/** Adds a fault rule in the sandbox. */
export async function addSandboxFault(rule: FaultRule): Promise<void> {
    await control('POST', '/faults', rule);
}

export async function clearSandboxFaults(): Promise<void> {
    await control('DELETE', '/faults');
}

/** Requests the sandbox received since start or the last `clearSandboxRequests()`. */
export async function sandboxRequests(): Promise<RecordedRequest[]> {
    const body = (await control('GET', '/requests')) as
        RecordedRequest[] | { requests: RecordedRequest[] };
    return Array.isArray(body) ? body : body.requests;
}

export async function clearSandboxRequests(): Promise<void> {
    await control('DELETE', '/requests');
}

/** Current sandbox settings. */
export async function sandboxState(): Promise<{ settings: SandboxSettings }> {
    return (await control('GET', '/state')) as { settings: SandboxSettings };
}

/**
 * The sandbox's watch-list routes (test/sandbox/README.md): a validator's balance, transactions
 * held pending, exports held running, the node stopped. `releaseSandboxHolds()` undoes them all.
 */
export const sandboxWatch = {
    setBalance: (validationId: string, balance: string) =>
        control('POST', '/l1Validators/balance', { validationId, balance }),
    holdEvmTx: (hash: string) => control('POST', '/evmTxs/pending', { hash }),
    acceptEvmTx: (hash: string) => control('POST', '/evmTxs/accept', { hash }),
    setPTxStatus: (txId: string, status: string, reason?: string) =>
        control('POST', '/pTxs/status', { txId, status, ...(reason ? { reason } : {}) }),
    holdOperation: (operationId: string) => control('POST', '/operations/hold', { operationId }),
    finishOperation: (operationId: string, status: 'COMPLETED' | 'FAILED', message?: string) =>
        control('POST', '/operations/finish', {
            operationId,
            status,
            ...(message ? { message } : {}),
        }),
    stopNode: () => control('POST', '/node/stop'),
    startNode: () => control('POST', '/node/start'),
};

export async function releaseSandboxHolds(): Promise<void> {
    await control('DELETE', '/holds');
}

/** Requests that reached the internal host a hostile chain list names (`internalRpcUrls`). */
export async function internalRequests(): Promise<number> {
    const body = (await control('GET', '/internal')) as { requests: number };
    return body.requests;
}

export async function clearInternalRequests(): Promise<void> {
    await control('DELETE', '/internal');
}
