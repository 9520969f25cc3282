/**
 * The sandbox network: three loopback servers (Data API, Metrics API, AvalancheGo node) over
 * deterministic generated data, with live switches, fault rules, request recording and a control
 * route for other processes. See README.md in this folder for the data model.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import type { HeldPTxStatus, SandboxContext, SandboxHolds } from './context';
import { DataApi } from './dataApi';
import { Dataset, type Scale } from './dataset';
import {
    breakSchema,
    corruptJson,
    FaultBook,
    hugeErrorResponse,
    patchBody,
    sendDripping,
    sendEndless,
    sendTruncated,
    type ServiceName,
    statusFaultResponse,
} from './faults';
import { makeHostile } from './hostile';
import { isCb58Id } from './ids';
import { errorBody, type SandboxResponse } from './httpUtil';
import { MetricsApi } from './metricsApi';
import { NodeApi } from './nodeApi';
import { askDigest } from './roundTrips';
import {
    type Fault,
    type FaultRule,
    faultStatuses,
    type KnownIds,
    type RecordedRequest,
    type Sandbox,
    sandboxControlPrefix,
    type SandboxNetwork,
    type SandboxOptions,
    type SandboxSettings,
    type SandboxUrls,
} from './types';

export * from './types';
export { Dataset } from './dataset';

export const defaultSettings: SandboxSettings = {
    adminApi: true,
    publicNode: false,
    requireApiKey: undefined,
    apiKeyHeader: 'x-glacier-api-key',
    hostile: false,
    nodeDown: false,
    exportDelayMs: 300,
    extraChains: [],
    internalRpcUrls: false,
    helicon: false,
    failingHealthChecks: [],
    unrunHealthChecks: [],
    diskFreePercent: 29,
};

/** Compute units per minute a keyed request sees in `ratelimit-*` headers (Pro tier). */
const rateLimitPerMinute = 20_000;
const maxRecorded = 50_000;
const maxCached = 20_000;

const settingKeys: Record<
    keyof SandboxSettings,
    'boolean' | 'number' | 'key' | 'header' | 'objects' | 'names'
> = {
    adminApi: 'boolean',
    publicNode: 'boolean',
    requireApiKey: 'key',
    apiKeyHeader: 'header',
    hostile: 'boolean',
    nodeDown: 'boolean',
    exportDelayMs: 'number',
    extraChains: 'objects',
    internalRpcUrls: 'boolean',
    helicon: 'boolean',
    failingHealthChecks: 'names',
    unrunHealthChecks: 'names',
    diskFreePercent: 'number',
};

/** Applies validated partial settings; returns an error message for bad input. */
function applySettings(target: SandboxSettings, patch: unknown): string | undefined {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
        return 'settings must be an object';
    for (const [key, value] of Object.entries(patch)) {
        const kind = settingKeys[key as keyof SandboxSettings];
        if (kind === undefined) return `unknown setting ${key}`;
        if (kind === 'boolean' && typeof value !== 'boolean') return `${key} must be a boolean`;
        if (kind === 'number' && (typeof value !== 'number' || !(value >= 0)))
            return `${key} must be a number >= 0`;
        if (kind === 'key' && value !== undefined && value !== null && typeof value !== 'string')
            return `${key} must be a string or null`;
        if (
            kind === 'header' &&
            !(typeof value === 'string' && /^[A-Za-z0-9-]{1,100}$/.test(value))
        )
            return `${key} must be an HTTP header name`;
        if (
            kind === 'objects' &&
            !(
                Array.isArray(value) &&
                value.length <= 100 &&
                value.every((v) => v !== null && typeof v === 'object')
            )
        )
            return `${key} must be an array of at most 100 objects`;
        if (
            kind === 'names' &&
            !(
                Array.isArray(value) &&
                value.length <= 20 &&
                value.every((v) => typeof v === 'string' && v.length <= 100)
            )
        )
            return `${key} must be an array of at most 20 names`;
    }
    for (const [key, value] of Object.entries(patch)) {
        (target as unknown as Record<string, unknown>)[key] = value === null ? undefined : value;
    }
    return undefined;
}

function isFaultRule(value: unknown): value is FaultRule {
    if (value === null || typeof value !== 'object') return false;
    const rule = value as Record<string, unknown>;
    const fault = rule['fault'] as Record<string, unknown> | undefined;
    if (!fault || typeof fault !== 'object') return false;
    const kinds = [
        'latency',
        'status',
        'reset',
        'truncate',
        'invalidJson',
        'schemaBreak',
        'patch',
        'endless',
        'drip',
        'hugeError',
    ];
    if (!kinds.includes(fault['kind'] as string)) return false;
    if (fault['kind'] === 'latency' && typeof fault['ms'] !== 'number') return false;
    if (fault['kind'] === 'drip' && !(typeof fault['ms'] === 'number' && fault['ms'] >= 10))
        return false;
    if (
        fault['kind'] === 'status' &&
        !(faultStatuses as readonly number[]).includes(fault['status'] as number)
    )
        return false;
    if (
        fault['kind'] === 'patch' &&
        (typeof fault['set'] !== 'object' ||
            fault['set'] === null ||
            Object.keys(fault['set']).some((path) => path.length > 200))
    )
        return false;
    if (rule['target'] !== undefined && typeof rule['target'] !== 'string') return false;
    if (
        rule['service'] !== undefined &&
        !['dataApi', 'metrics', 'node', 'localNode'].includes(rule['service'] as string)
    )
        return false;
    if (rule['times'] !== undefined && (typeof rule['times'] !== 'number' || rule['times'] < 1))
        return false;
    return true;
}

function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        req.on('error', reject);
    });
}

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

function send(res: ServerResponse, r: SandboxResponse, extra?: Record<string, string>): void {
    const headers: Record<string, string | number> = {
        'content-type': r.contentType ?? 'application/json; charset=utf-8',
        'content-length': r.bytes ? r.bytes.length : Buffer.byteLength(r.body),
    };
    if (r.headers) Object.assign(headers, r.headers);
    if (extra) Object.assign(headers, extra);
    res.writeHead(r.status, headers);
    res.end(r.bytes ?? r.body);
}

/** Starts the three servers; resolves once all listen. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
    const host = options.host ?? '127.0.0.1';
    const seed = options.seed ?? 1;
    const scale: Scale = options.scale ?? 'small';
    const nodeNetwork: SandboxNetwork = options.nodeNetwork ?? 'mainnet';
    const settings: SandboxSettings = { ...defaultSettings };
    const initialError = options.settings ? applySettings(settings, options.settings) : undefined;
    if (initialError) throw new Error(`startSandbox: ${initialError}`);
    const datasets = new Map<SandboxNetwork, Dataset>();
    const dataset = (network: SandboxNetwork): Dataset => {
        let d = datasets.get(network);
        if (!d) datasets.set(network, (d = new Dataset(network, seed, scale)));
        return d;
    };
    const urls: SandboxUrls = { dataApiUrl: '', metricsUrl: '', nodeUrl: '', internalUrl: '' };
    /** Requests that reached the internal host (`internalRpcUrls`): must stay 0. */
    let internalRequests = 0;
    const holds: SandboxHolds = { pendingEvmTxs: new Set(), pTxStatuses: new Map() };
    const ctx: SandboxContext = { dataset, settings, urls, nodeNetwork, holds };
    dataset(nodeNetwork);
    if (scale === 'small') dataset(nodeNetwork === 'mainnet' ? 'fuji' : 'mainnet');
    const dataApi = new DataApi(ctx);
    const metricsApi = new MetricsApi(ctx);
    const nodeApi = new NodeApi(ctx);
    const faults = new FaultBook();
    let requests: RecordedRequest[] = [];
    const cache = new Map<string, SandboxResponse>();
    let windowStart = Date.now();
    let windowUsed = 0;

    const known = {} as Record<SandboxNetwork, KnownIds>;
    for (const network of ['mainnet', 'fuji'] as const) {
        Object.defineProperty(known, network, {
            enumerable: true,
            get: () => dataset(network).known,
        });
    }

    /** Sizes of the networks generated so far (a network is generated on first use). */
    const stats = (): Record<string, unknown> => {
        const out: Record<string, unknown> = {};
        for (const [network, d] of datasets) {
            out[network] = {
                subnets: d.primary.subnetCount,
                l1Validators: d.primary.allL1Validators().length,
                evmChains: d.chains.length,
                evmBlocks: d.chains.reduce((n, c) => n + c.chain.blocks.length, 0),
                evmTransactions: d.chains.reduce((n, c) => n + c.chain.txs.length, 0),
                xChainTransactions: d.primary.xTxs.length,
                vertices: d.primary.vertices.length,
                pChainHeight: d.primary.latestPHeight,
            };
        }
        return out;
    };

    const record = (
        service: ServiceName,
        req: IncomingMessage,
        operations: string[],
        res?: ServerResponse,
        body?: string,
    ): void => {
        if (requests.length >= maxRecorded) requests = requests.slice(maxRecorded / 2);
        const local = service === 'localNode';
        const entry: RecordedRequest = {
            // One node answers on both listeners; the flag tells them apart.
            service: service === 'localNode' ? 'node' : service,
            ...(local ? { localNode: true as const } : {}),
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: req.headers,
            operations,
            atMs: Date.now(),
            startMs: performance.timeOrigin + performance.now(),
            askDigest: askDigest(req.method ?? 'GET', req.url ?? '/', body ?? ''),
        };
        requests.push(entry);
        // 'close' also fires for a reset or an abandoned answer, which ends the round trip too.
        res?.once('close', () => {
            entry.endMs ??= performance.timeOrigin + performance.now();
        });
        res?.once('finish', () => {
            entry.endMs ??= performance.timeOrigin + performance.now();
        });
    };

    const control = async (
        req: IncomingMessage,
        res: ServerResponse,
        path: string,
    ): Promise<void> => {
        const method = req.method ?? 'GET';
        const ok = (value: unknown, status = 200): void =>
            send(res, { status, body: JSON.stringify(value ?? null) });
        const fail = (status: number, message: string): void =>
            send(res, { status, body: errorBody(status, message) });
        const sub = path.slice(sandboxControlPrefix.length);
        const body = method === 'POST' ? await readBody(req) : '';
        const parse = (): unknown => {
            try {
                return JSON.parse(body);
            } catch {
                return undefined;
            }
        };
        if (sub === '/state' && method === 'GET')
            return ok({
                settings,
                faults: faults.active,
                requestCount: requests.length,
                urls,
                seed,
                scale,
                nodeNetwork,
                stats: stats(),
            });
        if (sub === '/stats' && method === 'GET') return ok(stats());
        if (sub === '/settings' && method === 'POST') {
            const error = applySettings(settings, parse());
            if (error) return fail(400, error);
            cache.clear();
            return ok(settings);
        }
        if (sub === '/settings' && method === 'GET') return ok(settings);
        if (sub === '/faults' && method === 'POST') {
            const rule = parse();
            if (!isFaultRule(rule)) return fail(400, 'body must be a FaultRule');
            faults.add(rule);
            return ok({ faults: faults.active }, 201);
        }
        if (sub === '/faults' && method === 'GET') return ok(faults.active);
        if (sub === '/faults' && method === 'DELETE') {
            faults.clear();
            return ok({ faults: [] });
        }
        if (sub === '/requests' && method === 'GET') return ok(requests);
        if (sub === '/internal' && method === 'GET') return ok({ requests: internalRequests });
        if (sub === '/internal' && method === 'DELETE') {
            internalRequests = 0;
            return ok({ requests: 0 });
        }
        if (sub === '/requests' && method === 'DELETE') {
            requests = [];
            return ok({ requests: 0 });
        }
        if (sub === '/known' && method === 'GET') return ok(known);
        if (method === 'POST' || (method === 'DELETE' && sub === '/holds')) {
            const answer = await watchControl(sub, method === 'POST' ? parse() : undefined);
            if (answer !== undefined) {
                // The Data API's cached answers (listL1Validators) must see the change.
                cache.clear();
                return 'error' in answer ? fail(answer.status, answer.error) : ok(answer.ok);
            }
        }
        const csv = /^\/exports\/([0-9a-f-]{36})\.csv$/.exec(sub);
        if (csv && method === 'GET') {
            const r = dataApi.operations.csv(csv[1]!);
            return r ? send(res, r) : fail(404, 'Export not found or not ready');
        }
        return fail(404, `Cannot ${method} ${path}`);
    };

    /** Balances the control route changed: validation id → the generated balance, for reset. */
    const originalBalances = new Map<string, { network: SandboxNetwork; balance: bigint }>();
    const l1Validator = (validationId: string, network?: SandboxNetwork) => {
        const order = network ? [network] : [nodeNetwork, ...datasets.keys()];
        for (const n of order) {
            const v = dataset(n)
                .primary.allL1Validators()
                .find((x) => x.validationId === validationId);
            if (v) return { network: n, validator: v };
        }
        return undefined;
    };
    const nodeEvmTx = (hash: string) =>
        dataset(nodeNetwork).chains.find((c) => c.chain.txIndexByHash(hash) !== undefined);

    /**
     * The routes that move the world a watch list follows (see README.md): a validator's
     * balance, a transaction held before its block, a P-Chain status, an export held running,
     * the node stopped. Undefined when `sub` is none of them.
     */
    const watchControl = async (
        sub: string,
        body: unknown,
    ): Promise<{ ok: unknown } | { status: number; error: string } | undefined> => {
        const b = (body !== null && typeof body === 'object' ? body : {}) as Record<
            string,
            unknown
        >;
        const bad = (error: string) => ({ status: 400, error });
        const missing = (error: string) => ({ status: 404, error });
        switch (sub) {
            case '/l1Validators/balance': {
                const id = b['validationId'];
                const balance = b['balance'];
                const network = b['network'];
                if (typeof id !== 'string' || !isCb58Id(id)) return bad('validationId: a cb58 id');
                if (
                    typeof balance !== 'string' ||
                    !/^\d{1,20}$/.test(balance) ||
                    BigInt(balance) >= 2n ** 64n
                )
                    return bad('balance: nAVAX as a decimal uint64 string');
                if (network !== undefined && network !== 'mainnet' && network !== 'fuji')
                    return bad('network: mainnet or fuji');
                const found = l1Validator(id, network);
                if (!found) return missing(`L1 validator ${id} not found`);
                const previous = found.validator.remainingBalance;
                if (!originalBalances.has(id))
                    originalBalances.set(id, { network: found.network, balance: previous });
                found.validator.remainingBalance = BigInt(balance);
                return {
                    ok: {
                        validationId: id,
                        network: found.network,
                        balance,
                        previous: String(previous),
                    },
                };
            }
            case '/evmTxs/pending':
            case '/evmTxs/accept': {
                const hash = b['hash'];
                if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
                    return bad('hash: 0x and 64 hex digits');
                const lower = hash.toLowerCase();
                const entry = nodeEvmTx(lower);
                if (!entry) return missing(`transaction ${hash} is on none of the node's chains`);
                if (sub === '/evmTxs/pending') holds.pendingEvmTxs.add(lower);
                else holds.pendingEvmTxs.delete(lower);
                const tx = entry.chain.txs[entry.chain.txIndexByHash(lower)!]!;
                return {
                    ok: {
                        hash: lower,
                        evmChainId: entry.evmChainId,
                        blockchainId: entry.blockchainId,
                        pending: holds.pendingEvmTxs.has(lower),
                        receiptStatus: tx.status === 1 ? '0x1' : '0x0',
                    },
                };
            }
            case '/pTxs/status': {
                const txId = b['txId'];
                const status = b['status'];
                const reason = b['reason'];
                const statuses = ['Processing', 'Committed', 'Aborted', 'Dropped', 'Unknown'];
                if (typeof txId !== 'string' || !isCb58Id(txId)) return bad('txId: a cb58 id');
                if (status === null) {
                    holds.pTxStatuses.delete(txId);
                    return { ok: { txId, status: null } };
                }
                if (typeof status !== 'string' || !statuses.includes(status))
                    return bad(`status: one of ${statuses.join(', ')}, or null`);
                if (reason !== undefined && (typeof reason !== 'string' || reason.length > 1000))
                    return bad('reason: a string');
                const held: HeldPTxStatus = {
                    status: status as HeldPTxStatus['status'],
                    ...(reason ? { reason } : {}),
                };
                holds.pTxStatuses.set(txId, held);
                return { ok: { txId, ...held } };
            }
            case '/operations/hold':
            case '/operations/finish': {
                const id = b['operationId'];
                if (typeof id !== 'string') return bad('operationId: a string');
                if (sub === '/operations/hold') {
                    return dataApi.operations.hold(id)
                        ? { ok: { operationId: id, operationStatus: 'RUNNING' } }
                        : missing(`Operation ${id} not found`);
                }
                const status = b['status'] ?? 'COMPLETED';
                const message = b['message'];
                if (status !== 'COMPLETED' && status !== 'FAILED')
                    return bad('status: COMPLETED or FAILED');
                if (message !== undefined && typeof message !== 'string')
                    return bad('message: a string');
                return dataApi.operations.finish(id, status, message)
                    ? { ok: { operationId: id, operationStatus: status } }
                    : missing(`Operation ${id} not found`);
            }
            case '/node/stop':
                await stopNode();
                return { ok: { node: 'stopped' } };
            case '/node/start':
                await startNode();
                return { ok: { node: 'started', url: urls.nodeUrl } };
            case '/holds':
                resetHolds();
                await startNode();
                return { ok: { holds: 0 } };
            default:
                return undefined;
        }
    };

    const resetHolds = (): void => {
        for (const [id, { network, balance }] of originalBalances) {
            const found = l1Validator(id, network);
            if (found) found.validator.remainingBalance = balance;
        }
        originalBalances.clear();
        holds.pendingEvmTxs.clear();
        holds.pTxStatuses.clear();
        cache.clear();
    };

    const corrupt = (
        fault: Fault | undefined,
        res: ServerResponse,
        r: SandboxResponse,
        extra?: Record<string, string>,
    ): void => {
        if (fault?.kind === 'truncate')
            return sendTruncated(res, { ...r, headers: { ...r.headers, ...extra } });
        if (fault?.kind === 'invalidJson')
            return send(
                res,
                { ...r, status: 200, body: corruptJson(r.body), bytes: undefined },
                extra,
            );
        if (fault?.kind === 'schemaBreak')
            return send(res, { ...r, body: breakSchema(r.body), bytes: undefined }, extra);
        if (fault?.kind === 'patch')
            return send(res, { ...r, body: patchBody(r.body, fault.set), bytes: undefined }, extra);
        send(res, r, extra);
    };

    /** Latency, status and reset faults act before the handler; true when answered. */
    const preFault = async (
        service: ServiceName,
        fault: Fault | undefined,
        req: IncomingMessage,
        res: ServerResponse,
    ): Promise<boolean> => {
        if (!fault) return false;
        if (fault.kind === 'latency') {
            await sleep(fault.ms);
            return false;
        }
        if (fault.kind === 'reset') {
            req.socket.destroy();
            return true;
        }
        if (fault.kind === 'status') {
            send(res, statusFaultResponse(service, fault.status, fault.retryAfterSeconds));
            return true;
        }
        if (fault.kind === 'endless') {
            sendEndless(res);
            return true;
        }
        if (fault.kind === 'drip') {
            sendDripping(res, fault.ms);
            return true;
        }
        if (fault.kind === 'hugeError') {
            send(res, hugeErrorResponse(service));
            return true;
        }
        return false;
    };

    const hostileBody = (r: SandboxResponse): SandboxResponse => {
        if (
            !settings.hostile ||
            !(r.contentType ?? 'application/json').startsWith('application/json')
        )
            return r;
        try {
            return { ...r, body: JSON.stringify(makeHostile(JSON.parse(r.body))) };
        } catch {
            return r;
        }
    };

    const handleRest = async (
        service: 'dataApi' | 'metrics',
        req: IncomingMessage,
        res: ServerResponse,
    ): Promise<void> => {
        const method = req.method ?? 'GET';
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        const pathname = q >= 0 ? url.slice(0, q) : url;
        if (service === 'dataApi' && pathname.startsWith(sandboxControlPrefix))
            return control(req, res, pathname);
        const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
        const route =
            service === 'dataApi'
                ? dataApi.match(method, pathname)
                : metricsApi.match(method, pathname);
        const operations = route ? [route.operationId] : [];
        record(service, req, operations, res, body);
        const fault = faults.take(service, pathname, operations);
        if (await preFault(service, fault, req, res)) return;
        const extra: Record<string, string> = {};
        if (service === 'dataApi') {
            const header = req.headers[settings.apiKeyHeader.toLowerCase()];
            const key = Array.isArray(header) ? header[0] : header;
            const required = settings.requireApiKey;
            if (required !== undefined && key !== required) {
                const message = key === undefined ? 'API key is required' : 'Invalid API key';
                return corrupt(fault, res, { status: 401, body: errorBody(401, message) });
            }
            if (key !== undefined) {
                const now = Date.now();
                if (now - windowStart >= 60_000) {
                    windowStart = now;
                    windowUsed = 0;
                }
                windowUsed += route && 'weight' in route ? route.weight : 1;
                extra['ratelimit-policy'] = `${rateLimitPerMinute};w=60`;
                extra['ratelimit-limit'] = String(rateLimitPerMinute);
                extra['ratelimit-remaining'] = String(Math.max(1, rateLimitPerMinute - windowUsed));
                extra['ratelimit-reset'] = String(
                    Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000)),
                );
            }
        }
        if (!route) {
            return corrupt(
                fault,
                res,
                { status: 404, body: errorBody(404, `Cannot ${method} ${pathname}`) },
                extra,
            );
        }
        const cacheKey =
            method === 'GET'
                ? `${service}|${settings.hostile ? 1 : 0}|${settings.internalRpcUrls ? 1 : 0}|${url}`
                : undefined;
        let response = cacheKey === undefined ? undefined : cache.get(cacheKey);
        if (!response) {
            response = hostileBody(
                route.run(new URLSearchParams(q >= 0 ? url.slice(q + 1) : ''), body),
            );
            if (cacheKey !== undefined && response.cacheable !== false && response.status < 300) {
                if (cache.size >= maxCached) cache.clear();
                response = { ...response, bytes: Buffer.from(response.body, 'utf8') };
                cache.set(cacheKey, response);
            }
        }
        corrupt(fault, res, response, extra);
    };

    const handleNode = async (
        req: IncomingMessage,
        res: ServerResponse,
        listener: 'node' | 'localNode' = 'node',
    ): Promise<void> => {
        const method = req.method ?? 'GET';
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        const pathname = q >= 0 ? url.slice(0, q) : url;
        if (settings.nodeDown) {
            record(listener, req, [], res);
            req.socket.destroy();
            return;
        }
        const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
        const route = nodeApi.route(
            method,
            pathname,
            req.headers['content-type'],
            body,
            new URLSearchParams(q >= 0 ? url.slice(q + 1) : ''),
        );
        record(listener, req, route.operations, res, body);
        const fault = faults.take(listener, pathname, route.operations);
        if (await preFault(listener, fault, req, res)) return;
        corrupt(fault, res, route.run());
    };

    const servers: Server[] = [];
    const sockets = new Set<Socket>();
    const nodeSockets = new Set<Socket>();
    let nodeServer: Server | undefined;
    let nodePort = 0;
    let nodeStopped = false;

    /**
     * Closes the node's port, as a stopped AvalancheGo: connections are refused (ECONNREFUSED),
     * unlike `settings.nodeDown`, whose accepted connections are then reset.
     */
    const stopNode = async (): Promise<void> => {
        if (!nodeServer || nodeStopped) return;
        nodeStopped = true;
        const server = nodeServer;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of nodeSockets) socket.destroy();
        server.closeAllConnections();
        await closed;
    };

    /** Listens again on the node's port (the URL the extension knows does not change). */
    const startNode = async (): Promise<void> => {
        if (!nodeServer || !nodeStopped) return;
        const server = nodeServer;
        await new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(nodePort, host, () => {
                server.off('error', reject);
                resolve();
            });
        });
        nodeStopped = false;
    };
    const listen = (
        handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
        port: number,
        service: ServiceName | 'internal',
    ): Promise<string> => {
        const server = createServer((req, res) => {
            handler(req, res).catch((error: unknown) => {
                if (!res.headersSent)
                    send(res, { status: 500, body: errorBody(500, (error as Error).message) });
                else res.destroy();
            });
        });
        server.keepAliveTimeout = 30_000;
        server.headersTimeout = 31_000;
        server.on('connection', (socket: Socket) => {
            if (service === 'node' && settings.nodeDown) {
                socket.destroy();
                return;
            }
            sockets.add(socket);
            if (service === 'node') nodeSockets.add(socket);
            socket.on('close', () => {
                sockets.delete(socket);
                nodeSockets.delete(socket);
            });
        });
        servers.push(server);
        return new Promise((resolve, reject) => {
            server.once('error', reject);
            server.listen(port, host, () => {
                const { port: actual } = server.address() as AddressInfo;
                resolve(`http://${host}:${actual}`);
            });
        });
    };

    const ports = options.ports ?? {};
    try {
        urls.dataApiUrl = await listen(
            (req, res) => handleRest('dataApi', req, res),
            ports.dataApi ?? 0,
            'dataApi',
        );
        urls.metricsUrl = await listen(
            (req, res) => handleRest('metrics', req, res),
            ports.metrics ?? 0,
            'metrics',
        );
        urls.nodeUrl = await listen(handleNode, ports.node ?? 0, 'node');
        nodeServer = servers[servers.length - 1];
        nodePort = (nodeServer!.address() as AddressInfo).port;
        if (options.localNode)
            urls.localNodeUrl = await listen(
                (req, res) => handleNode(req, res, 'localNode'),
                0,
                'localNode',
            );
        urls.internalUrl = await listen(
            (req, res) => {
                internalRequests++;
                req.resume();
                res.writeHead(403, { 'content-type': 'text/plain' });
                res.end('internal host: this request should never have been sent\n');
                return Promise.resolve();
            },
            0,
            'internal',
        );
    } catch (error) {
        await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
        throw error;
    }

    const sandbox: Sandbox = {
        ...urls,
        settings,
        addFault: (rule) => faults.add(rule),
        clearFaults: () => faults.clear(),
        get requests() {
            return requests;
        },
        clearRequests: () => {
            requests = [];
        },
        known,
        close: async () => {
            for (const s of sockets) s.destroy();
            await Promise.all(
                servers.map(
                    (s) =>
                        new Promise<void>((resolve) => {
                            s.closeAllConnections();
                            s.close(() => resolve());
                        }),
                ),
            );
        },
    };
    return sandbox;
}
