/**
 * The node's JSON-RPC endpoints, reproducing AvalancheGo's transports (a real node's answers are
 * in test/fixtures/realnode, and test/unit/sandbox/sandbox.realnode.test.ts holds this file to them):
 * `/ext/info`, `/ext/admin`, `/ext/bc/P`, `/ext/bc/X` (primaryApi.ts) and
 * `/ext/bc/<chain>/validators` behave like gorilla/rpc json2 with
 * AvalancheGo's codec (errors are -32000 with `data: null`, numbers often quoted strings, 405/415
 * in plain text); `/ext/bc/<chain>/rpc` behaves like the geth-style EVM server (-32601/-32602).
 * Admin state (endpoint and chain aliases, logger levels, the CPU profiler) persists while the
 * sandbox runs. Batches are accepted on `/rpc` only: the json2 endpoints answer an array with
 * one -32700 error, as AvalancheGo does.
 */
import { decodeErrorResult, type Hex } from 'viem';

import { readFileSync } from 'node:fs';
import path from 'node:path';

import { revertSitesTracer } from '../../src/core/trace/revertSites';
import { blsPublicKey } from './bls';
import { contractsWorkspaceDir } from './contracts';
import type { SandboxContext } from './context';
import type { Dataset, EvmChainEntry } from './dataset';
import type { EvmChain, EvmTx } from './evmChain';
import { topics } from './evmChain';
import { teleporterMessage } from './teleporter';
import { makeHostile } from './hostile';
import { NodeObservability } from './nodeObservability';
import { PrimaryApi, PrimaryFailure, PrimaryUnmarshal } from './primaryApi';
import { cb58Decode, isNodeId, wellKnown } from './ids';
import { type SandboxResponse, toJsonText } from './httpUtil';
import { heliconSettleLag } from './types';
import { upgradeTimes } from './primaryNetwork';
import { feeConfig, precompileAdmin } from './primaryViews';
import { bytesToHex, deriveSeed, Prng } from './prng';

const levels = ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'TRACE', 'DEBUG', 'VERBO'];
const unmarshalMessage =
    "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";
const notBootstrapped = 'API call rejected because chain is not done bootstrapping\n';
const notFoundText = '404 page not found\n';
const jsonType = 'application/json; charset=utf-8';

/** A json2 handler error: message becomes `error.message` with code -32000. */
class RpcFailure extends Error {
    constructor(
        message: string,
        readonly code = -32000,
        /** `error.data`, which the EVM server sends with a revert (code 3). */
        readonly data?: string,
    ) {
        super(message);
    }
}

class UnmarshalError extends RpcFailure {
    constructor() {
        super(unmarshalMessage);
    }
}

type Params = Record<string, unknown>;

/**
 * The `nodeIDs` filter of info.peers and validators.getCurrentValidators: undefined (everyone) when
 * absent, null or empty; anything but a list of node ids fails to unmarshal, as in AvalancheGo.
 */
function wantedNodeIds(p: Params): Set<string> | undefined {
    const ids = p['nodeIDs'];
    if (
        ids !== undefined &&
        ids !== null &&
        (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string' || !isNodeId(x)))
    )
        throw new UnmarshalError();
    return Array.isArray(ids) && ids.length > 0 ? new Set(ids as string[]) : undefined;
}
type Json2Method = (params: Params) => unknown;

interface Endpoint {
    kind: 'json2' | 'evm';
    /** json2 service name (`info`, `admin`, `platform`, `avm`, `validators`). */
    service?: string;
    chain?: EvmChainEntry;
    /** Chain the path names, for bootstrapping checks. */
    blockchainId?: string;
}

export interface NodeRoute {
    operations: string[];
    run(): SandboxResponse;
}

export class NodeApi {
    /** `/ext/<alias>` → `/ext/<endpoint>` (admin.alias). */
    private readonly endpointAliases = new Map<string, string>();
    /** Chain alias → blockchain id (admin.aliasChain plus the defaults). */
    private readonly chainAliases = new Map<string, string>();
    private readonly loggers = new Map<string, { logLevel: string; displayLevel: string }>();
    private profiling = false;
    private vmsLoaded = false;
    private readonly data: Dataset;
    private readonly primaryApi: PrimaryApi;
    private readonly observability: NodeObservability;

    constructor(private readonly ctx: SandboxContext) {
        this.data = ctx.dataset(ctx.nodeNetwork);
        this.primaryApi = new PrimaryApi(this.data, ctx.holds, () => ctx.settings.helicon);
        this.observability = new NodeObservability(
            this.data,
            ctx.settings,
            () => new UnmarshalError(),
        );
        const d = this.data;
        this.chainAliases.set('P', wellKnown.pChainId);
        this.chainAliases.set('platform', wellKnown.pChainId);
        this.chainAliases.set('X', d.primary.xChainId);
        this.chainAliases.set('avm', d.primary.xChainId);
        this.chainAliases.set('C', d.primary.cChainBlockchainId);
        this.chainAliases.set('evm', d.primary.cChainBlockchainId);
        for (const name of [
            'main',
            'http',
            'P',
            'X',
            'C',
            ...d.l1Chains.map((c) => c.spec.blockchainId),
        ]) {
            this.loggers.set(name, {
                logLevel: 'INFO',
                displayLevel: name === 'main' ? 'INFO' : 'WARN',
            });
        }
    }

    // ---- routing ------------------------------------------------------------------------

    /** Resolves aliases and the chain in `/ext/bc/<chain>/…`; undefined means HTTP 404. */
    private endpointFor(pathname: string): Endpoint | 'bootstrapping' | undefined {
        let path = pathname.length > 5 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
        if (!path.startsWith('/ext/')) return undefined;
        let rest = path.slice(5);
        for (let hops = 0; hops < 4; hops++) {
            const first = rest.split('/')[0]!;
            const target = this.endpointAliases.get(first) ?? this.endpointAliases.get(rest);
            if (target === undefined) break;
            rest = this.endpointAliases.has(rest) ? target : target + rest.slice(first.length);
        }
        path = `/ext/${rest}`;
        if (rest === 'info') return { kind: 'json2', service: 'info' };
        if (rest === 'health' && !this.ctx.settings.publicNode)
            return { kind: 'json2', service: 'health' };
        if (rest === 'admin') {
            const s = this.ctx.settings;
            return s.adminApi && !s.publicNode ? { kind: 'json2', service: 'admin' } : undefined;
        }
        // The P- and X-Chain services answer at /ext/bc/<chain> itself (aliases or ids).
        const whole = /^bc\/([^/]+)$/.exec(rest);
        if (whole) {
            const id = this.resolveChain(whole[1]!);
            if (id === wellKnown.pChainId) return { kind: 'json2', service: 'platform' };
            if (id === this.data.primary.xChainId) return { kind: 'json2', service: 'avm' };
            return undefined;
        }
        const m = /^bc\/([^/]+)\/(rpc|validators)$/.exec(rest);
        if (!m) return undefined;
        const blockchainId = this.resolveChain(m[1]!);
        if (blockchainId === undefined) return undefined;
        const chain = this.data.chains.find((c) => c.blockchainId === blockchainId);
        if (!chain) return undefined;
        if (!chain.bootstrapped) return 'bootstrapping';
        if (m[2] === 'rpc') return { kind: 'evm', chain, blockchainId };
        // The validators API is Subnet-EVM's; coreth (the C-Chain) registers no such handler.
        return chain.isCChain
            ? undefined
            : { kind: 'json2', service: 'validators', chain, blockchainId };
    }

    private resolveChain(idOrAlias: string): string | undefined {
        const alias = this.chainAliases.get(idOrAlias);
        if (alias !== undefined) return alias;
        if (cb58Decode(idOrAlias)?.length !== 32) return undefined;
        if (idOrAlias === wellKnown.pChainId || idOrAlias === this.data.primary.xChainId)
            return idOrAlias;
        return this.data.chains.some((c) => c.blockchainId === idOrAlias) ? idOrAlias : undefined;
    }

    /** Operations named in a request (for recording and fault matching) and the handler. */
    route(
        method: string,
        pathname: string,
        contentType: string | undefined,
        body: string,
        query: URLSearchParams = new URLSearchParams(),
    ): NodeRoute {
        // The health API's GET form and the metrics page (nodeObservability.ts); a POST to
        // /ext/health is json2 like the other services.
        if (
            NodeObservability.serves(pathname) &&
            (method === 'GET' || !pathname.startsWith('/ext/health'))
        ) {
            const operation = pathname.replace(/^\/ext\//, 'GET ').replace(/\/$/, '');
            return {
                operations: [operation],
                run: () =>
                    method === 'GET'
                        ? this.observability.get(pathname, query)
                        : text(405, 'Method Not Allowed\n'),
            };
        }
        const endpoint = this.endpointFor(pathname);
        if (endpoint === undefined) return { operations: [], run: () => text(404, notFoundText) };
        if (endpoint === 'bootstrapping')
            return { operations: [], run: () => text(503, notBootstrapped) };
        let parsed: unknown;
        let parseError: string | undefined;
        try {
            parsed = JSON.parse(body);
        } catch (error) {
            parseError = (error as Error).message;
        }
        const operations: string[] = [];
        for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
            const m =
                item !== null && typeof item === 'object' ? (item as Params)['method'] : undefined;
            if (typeof m === 'string') operations.push(m);
        }
        if (endpoint.kind === 'evm') {
            return {
                operations,
                run: () =>
                    this.evmHttp(endpoint.chain!, method, contentType, parsed, parseError, body),
            };
        }
        return {
            operations,
            run: () => this.json2Http(endpoint, method, contentType, parsed, parseError),
        };
    }

    // ---- json2 (gorilla/rpc + AvalancheGo codec) ----------------------------------------

    private json2Http(
        endpoint: Endpoint,
        method: string,
        contentType: string | undefined,
        parsed: unknown,
        parseError: string | undefined,
    ): SandboxResponse {
        if (method !== 'POST')
            return {
                status: 405,
                body: `rpc: POST method required, received ${method}`,
                contentType: 'text/plain; charset=utf-8',
            };
        const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/json') {
            return {
                status: 415,
                body: `rpc: unrecognized Content-Type: ${(contentType ?? '').split(';')[0]!}`,
                contentType: 'text/plain; charset=utf-8',
            };
        }
        if (parseError !== undefined)
            return json2ParseError(
                /end of JSON input/i.test(parseError) ? 'unexpected EOF' : parseError,
            );
        // gorilla/rpc's json2 codec decodes the body into one request object: an array fails
        // to decode, and the whole batch gets one parse error (recorded from avalanchego v1.14.2).
        if (Array.isArray(parsed)) return json2ParseError(arrayUnmarshal);
        return { status: 200, body: this.json2One(endpoint, parsed), contentType: jsonType };
    }

    private json2One(endpoint: Endpoint, request: unknown): string {
        const req = (
            request !== null && typeof request === 'object' && !Array.isArray(request)
                ? request
                : {}
        ) as Params;
        const id = req['id'] ?? null;
        const error = (code: number, message: string, data: unknown = null): string =>
            JSON.stringify({ jsonrpc: '2.0', error: { code, message, data }, id });
        if (req['jsonrpc'] !== '2.0') {
            return error(-32600, 'jsonrpc must be 2.0', {
                jsonrpc: req['jsonrpc'] ?? '',
                method: req['method'] ?? '',
                params: req['params'] ?? null,
                id,
            });
        }
        const method = typeof req['method'] === 'string' ? req['method'] : '';
        const dot = method.lastIndexOf('.');
        let goMethod = method;
        if (dot >= 0) {
            const name = method.slice(dot + 1);
            if (name.length > 0 && name[0] !== name[0]!.toLowerCase())
                return error(-32000, 'method must start with a non-uppercase letter');
            goMethod = `${method.slice(0, dot)}.${name.charAt(0).toUpperCase()}${name.slice(1)}`;
        }
        const parts = goMethod.split('.');
        if (parts.length !== 2)
            return error(
                -32000,
                `rpc: service/method request ill-formed: ${JSON.stringify(goMethod)}`,
            );
        if (parts[0] !== endpoint.service)
            return error(-32000, `rpc: can't find service ${JSON.stringify(goMethod)}`);
        const table = this.json2Methods(endpoint);
        const handler = table[parts[1]!.charAt(0).toLowerCase() + parts[1]!.slice(1)];
        if (!handler || parts[1]!.charAt(0) !== parts[1]!.charAt(0).toUpperCase())
            return error(-32000, `rpc: can't find method ${JSON.stringify(goMethod)}`);
        let params: Params;
        const raw = req['params'];
        if (raw === undefined || raw === null) params = {};
        else if (
            Array.isArray(raw) &&
            raw.length === 1 &&
            raw[0] !== null &&
            typeof raw[0] === 'object' &&
            !Array.isArray(raw[0])
        )
            params = raw[0] as Params;
        else if (typeof raw === 'object' && !Array.isArray(raw)) params = raw as Params;
        else return error(-32000, unmarshalMessage);
        try {
            let result = handler(params);
            if (this.ctx.settings.hostile && endpoint.service !== 'validators')
                result = makeHostile(structuredClone(result));
            return toJsonText({ jsonrpc: '2.0', result, id });
        } catch (e) {
            if (e instanceof RpcFailure) return error(e.code, e.message);
            if (e instanceof PrimaryUnmarshal) return error(-32000, unmarshalMessage);
            if (e instanceof PrimaryFailure) return error(-32000, e.message);
            throw e;
        }
    }

    private json2Methods(endpoint: Endpoint): Record<string, Json2Method> {
        if (endpoint.service === 'info') return this.infoMethods;
        if (endpoint.service === 'admin') return this.adminMethods;
        if (endpoint.service === 'health') return this.observability.methods;
        if (endpoint.service === 'platform') return this.primaryApi.platform;
        if (endpoint.service === 'avm') return this.primaryApi.avm;
        return { getCurrentValidators: (p) => this.getCurrentValidators(endpoint.chain!, p) };
    }

    private readonly infoMethods: Record<string, Json2Method> = {
        acps: () => this.acps(),
        isBootstrapped: (p) => {
            const chain = optionalString(p, 'chain');
            if (chain === undefined || chain === '')
                throw new RpcFailure("argument 'chain' not given");
            const id = this.resolveChain(chain);
            if (id === undefined)
                throw new RpcFailure(`there is no chain with alias/ID '${chain}'`);
            const entry = this.data.chains.find((c) => c.blockchainId === id);
            return { isBootstrapped: entry ? entry.bootstrapped : true };
        },
        getBlockchainID: (p) => {
            // Every chain's own id is one of its aliases, as in AvalancheGo's chain manager.
            const alias = optionalString(p, 'alias') ?? '';
            const id = this.resolveChain(alias);
            if (id === undefined) throw new RpcFailure(`there is no ID with alias: ${alias}`);
            return { blockchainID: id };
        },
        getNetworkID: () => ({ networkID: this.data.network === 'mainnet' ? '1' : '5' }),
        getNetworkName: () => ({ networkName: this.data.network }),
        getNodeID: () => {
            this.refuseOnPublic('info.getNodeID');
            const rng = new Prng(deriveSeed(this.data.primary.spec.seed, 'pop'));
            return {
                nodeID: this.data.known.nodeId,
                nodePOP: {
                    publicKey: blsPublicKey(rng.bytes(48)),
                    proofOfPossession: bytesToHex(rng.bytes(96)),
                },
            };
        },
        getNodeIP: () => {
            this.refuseOnPublic('info.getNodeIP');
            return { ip: '203.0.113.10:9651' };
        },
        getNodeVersion: () => ({
            version: 'avalanchego/1.14.2',
            databaseVersion: 'v1.4.5',
            rpcProtocolVersion: '43',
            gitCommit: '1cf1fc3d1711a09fde7319d2b48609c8cba93680',
            vmVersions: {
                avm: 'v1.14.2',
                evm: 'v0.15.4',
                platform: 'v1.14.2',
                'subnet-evm': 'v0.8.3',
            },
        }),
        getTxFee: () => ({
            txFee: '1000000',
            createAssetTxFee: '10000000',
            createSubnetTxFee: '1000000000',
            transformSubnetTxFee: '10000000000',
            createBlockchainTxFee: '1000000000',
            addPrimaryNetworkValidatorFee: '0',
            addPrimaryNetworkDelegatorFee: '0',
            addSubnetValidatorFee: '1000000',
            addSubnetDelegatorFee: '1000000',
        }),
        getVMs: () => {
            this.refuseOnPublic('info.getVMs');
            const v = wellKnown.vms;
            return {
                vms: {
                    [v.avm]: ['avm'],
                    [v.evm]: ['evm'],
                    [v.platform]: ['platform'],
                    [v.subnetEvm]: ['subnet-evm', 'subnetevm'],
                },
                // One name per fx, not a list (unlike vms), as avalanchego v1.14.2 answers.
                fxs: {
                    [v.nftfx]: 'nftfx',
                    [v.propertyfx]: 'propertyfx',
                    [v.secp256k1fx]: 'secp256k1fx',
                },
            };
        },
        peers: (p) => {
            const wanted = wantedNodeIds(p);
            const peers = this.peers().filter(
                (peer) => !wanted || wanted.has(peer['nodeID'] as string),
            );
            return { numPeers: String(peers.length), peers };
        },
        uptime: () => ({
            rewardingStakePercentage: '99.8123',
            weightedAveragePercentage: '99.1234',
        }),
        upgrades: () => {
            const upgrades = this.data.network === 'mainnet' ? mainnetUpgrades : fujiUpgrades;
            // Helicon's activation on each network (issue #34: Fuji 2026-07-28, Mainnet 2026-09-22).
            if (!this.ctx.settings.helicon) return upgrades;
            return {
                ...upgrades,
                heliconTime:
                    this.data.network === 'mainnet'
                        ? '2026-09-22T16:00:00Z'
                        : '2026-07-28T15:00:00Z',
            };
        },
    };

    private refuseOnPublic(method: string): void {
        // The public API's proxy only forwards allow-listed methods and answers like geth.
        if (this.ctx.settings.publicNode)
            throw new RpcFailure(`the method ${method} does not exist/is not available`, -32601);
    }

    /** Primary-network peers plus the validators of the tracked L1s, except one offline node. */
    private peers(): Params[] {
        const d = this.data;
        const out: Params[] = [];
        const lastSeen = new Date(d.latestTimestamp * 1000);
        const iso = (offset: number): string =>
            new Date(lastSeen.getTime() - offset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
        const tracked = d.l1Chains.map((c) => c.spec.subnetId);
        const add = (nodeId: string, i: number, subnets: string[]): void => {
            out.push({
                ip: `198.51.100.${((i * 7) % 250) + 1}:9651`,
                publicIP: `198.51.100.${((i * 7) % 250) + 1}:9651`,
                nodeID: nodeId,
                version: i % 5 === 0 ? 'avalanchego/1.14.1' : 'avalanchego/1.14.2',
                upgradeTime: 0,
                lastSent: iso(i % 3),
                lastReceived: iso((i % 4) + 1),
                observedUptime: String(90 + (i % 10)),
                trackedSubnets: subnets,
                supportedACPs: i % 2 === 0 ? [23, 24, 25, 30, 31, 41, 62, 77] : [],
                objectedACPs: i % 7 === 3 ? [62] : [],
                benched: [],
            });
        };
        d.primary.primaryValidators
            .slice(1)
            .forEach((v, i) => add(v.nodeId, i + 1, i % 3 === 0 ? tracked : []));
        d.l1Chains.forEach((chain, k) => {
            const subnetIndex = d.primary.evmL1Subnets[k]!;
            d.nodeL1Validators(subnetIndex).forEach((v, i) => {
                if (this.isOffline(subnetIndex, i)) return;
                add(v.nodeId, 100 + k * 10 + i, [chain.spec.subnetId]);
            });
        });
        return out;
    }

    private isOffline(subnetIndex: number, validatorIndex: number): boolean {
        return subnetIndex === this.data.primary.evmL1Subnets[0] && validatorIndex === 2;
    }

    private acps(): unknown {
        const total = this.data.primary.primaryValidators.reduce(
            (sum, v) => sum + BigInt(v.weight),
            0n,
        );
        const peers = this.peers();
        const out: Record<string, unknown> = {};
        for (const acp of [23, 24, 25, 30, 31, 41, 62, 77]) {
            const supporters = peers
                .filter((p) => (p['supportedACPs'] as number[]).includes(acp))
                .map((p) => p['nodeID'] as string);
            const objectors = peers
                .filter((p) => (p['objectedACPs'] as number[]).includes(acp))
                .map((p) => p['nodeID'] as string);
            const support = (total * BigInt(supporters.length)) / 100n;
            const object = (total * BigInt(objectors.length)) / 100n;
            out[String(acp)] = {
                supportWeight: String(support),
                supporters,
                objectWeight: String(object),
                objectors,
                abstainWeight: String(total - support - object),
            };
        }
        return { acps: out };
    }

    private readonly adminMethods: Record<string, Json2Method> = {
        alias: (p) => {
            const endpoint = optionalString(p, 'endpoint') ?? '';
            const alias = optionalString(p, 'alias') ?? '';
            if (alias.length > 512) throw new RpcFailure('alias length is too long');
            const target = endpoint.replace(/^\/?(ext\/)?/, '').replace(/\/$/, '');
            // A real node records an alias of an endpoint it does not serve (yet) without error.
            if (
                this.endpointAliases.has(alias) ||
                ['info', 'admin', 'bc', 'health', 'metrics', 'keystore'].includes(alias)
            ) {
                throw new RpcFailure(`alias "${alias}" is already in use`);
            }
            this.endpointAliases.set(alias, target);
            return {};
        },
        aliasChain: (p) => {
            const chain = optionalString(p, 'chain') ?? '';
            const alias = optionalString(p, 'alias') ?? '';
            if (alias.length > 512) throw new RpcFailure('alias length is too long');
            const id = this.resolveChain(chain);
            if (id === undefined) throw new RpcFailure(`there is no ID with alias ${chain}`);
            if (this.chainAliases.has(alias))
                throw new RpcFailure(`alias already mapped to an ID: ${alias}`);
            this.chainAliases.set(alias, id);
            return {};
        },
        getChainAliases: (p) => {
            const chain = optionalString(p, 'chain') ?? '';
            const bytes = cb58Decode(chain);
            // cb58 keeps a 4-byte checksum: a short text (an alias such as "C") decodes to fewer
            // bytes than that, which AvalancheGo reports before any checksum test.
            if (bytes?.length !== 32)
                throw new RpcFailure(
                    chain.length < 6
                        ? 'input string is smaller than the checksum size'
                        : 'invalid input checksum',
                );
            if (this.resolveChain(chain) !== chain) return { aliases: [] };
            const aliases = [...this.chainAliases].filter(([, id]) => id === chain).map(([a]) => a);
            return { aliases: [...aliases, chain] };
        },
        getLoggerLevel: (p) => {
            const name = optionalString(p, 'loggerName');
            return { loggerLevels: this.loggerLevels(name) };
        },
        setLoggerLevel: (p) => {
            const name = optionalString(p, 'loggerName');
            const logLevel = optionalLevel(p, 'logLevel');
            const displayLevel = optionalLevel(p, 'displayLevel');
            if (logLevel === undefined && displayLevel === undefined)
                throw new RpcFailure('need to specify either displayLevel or logLevel');
            const affected = this.loggerLevels(name);
            for (const key of Object.keys(affected)) {
                const current = this.loggers.get(key)!;
                if (logLevel !== undefined) current.logLevel = logLevel;
                if (displayLevel !== undefined) current.displayLevel = displayLevel;
            }
            return { loggerLevels: this.loggerLevels(name) };
        },
        loadVMs: () => {
            if (this.vmsLoaded) return { newVMs: {} };
            this.vmsLoaded = true;
            return { newVMs: { [wellKnown.vms.subnetEvm]: ['subnet-evm'] } };
        },
        lockProfile: () => ({}),
        memoryProfile: () => ({}),
        startCPUProfiler: () => {
            if (this.profiling) throw new RpcFailure('cpu profiler already running');
            this.profiling = true;
            return {};
        },
        stopCPUProfiler: () => {
            if (!this.profiling) throw new RpcFailure("cpu profiler doesn't exist");
            this.profiling = false;
            return {};
        },
    };

    private loggerLevels(
        name: string | undefined,
    ): Record<string, { logLevel: string; displayLevel: string }> {
        if (name !== undefined && name !== '') {
            const level = this.loggers.get(name);
            if (!level) throw new RpcFailure(`logger with name "${name}" not found`);
            return { [name]: { ...level } };
        }
        const out: Record<string, { logLevel: string; displayLevel: string }> = {};
        for (const [key, level] of this.loggers) out[key] = { ...level };
        return out;
    }

    private getCurrentValidators(entry: EvmChainEntry, p: Params): unknown {
        const wanted = wantedNodeIds(p);
        const d = this.data;
        const now = d.latestTimestamp;
        let validators: Params[];
        if (entry.isCChain) {
            validators = d.primary.primaryValidators.map((v, i) => ({
                validationID: v.txId,
                nodeID: v.nodeId,
                weight: v.weight,
                startTimestamp: v.start,
                isActive: true,
                isL1Validator: false,
                isConnected: true,
                uptimeSeconds: Math.floor(((now - v.start) * v.uptime) / 100),
                uptimePercentage: Math.round(v.uptime * 100) / 100 + (i === 0 ? 0 : 0),
            }));
        } else {
            const k = d.l1Chains.findIndex((c) => c.spec.blockchainId === entry.blockchainId);
            const subnetIndex = d.primary.evmL1Subnets[k]!;
            validators = d.nodeL1Validators(subnetIndex).map((v, i) => {
                const connected = !this.isOffline(subnetIndex, i);
                const span = Math.max(1, now - v.startTimestamp);
                const uptime = Math.min(v.uptimeSeconds, span);
                return {
                    validationID: v.validationId,
                    nodeID: v.nodeId,
                    weight: v.weight,
                    startTimestamp: v.startTimestamp,
                    isActive: v.isActive,
                    isL1Validator: true,
                    isConnected: connected,
                    uptimeSeconds: uptime,
                    uptimePercentage: Math.round((uptime / span) * 10000) / 100,
                };
            });
        }
        return {
            validators: validators.filter((v) => !wanted || wanted.has(v['nodeID'] as string)),
        };
    }

    // ---- EVM (geth-style) ----------------------------------------------------------------

    private evmHttp(
        entry: EvmChainEntry,
        method: string,
        contentType: string | undefined,
        parsed: unknown,
        parseError: string | undefined,
        body: string,
    ): SandboxResponse {
        const plain = 'text/plain; charset=utf-8';
        if (method === 'GET' && body.length === 0)
            return { status: 200, body: '', contentType: plain };
        if (method !== 'POST')
            return { status: 405, body: 'method not allowed\n', contentType: plain };
        const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/json')
            return {
                status: 415,
                body: 'invalid content type, only application/json is supported\n',
                contentType: plain,
            };
        const reply = (value: string): SandboxResponse => ({
            status: 200,
            body: value,
            contentType: 'application/json',
        });
        if (parseError !== undefined)
            return reply(
                '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}\n',
            );
        if (Array.isArray(parsed)) {
            if (parsed.length === 0)
                return reply(
                    '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"empty batch"}}\n',
                );
            return reply(`[${parsed.map((item) => this.evmOne(entry, item)).join(',')}]\n`);
        }
        return reply(`${this.evmOne(entry, parsed)}\n`);
    }

    private evmOne(entry: EvmChainEntry, request: unknown): string {
        const req = (
            request !== null && typeof request === 'object' && !Array.isArray(request)
                ? request
                : undefined
        ) as Params | undefined;
        const id = req?.['id'] ?? null;
        const error = (code: number, message: string, data?: string): string =>
            JSON.stringify({
                jsonrpc: '2.0',
                id,
                error: data === undefined ? { code, message } : { code, message, data },
            });
        if (!req || req['jsonrpc'] !== '2.0' || typeof req['method'] !== 'string')
            return error(-32600, 'invalid request');
        const method = req['method'];
        const params = req['params'] === undefined || req['params'] === null ? [] : req['params'];
        if (!Array.isArray(params)) return error(-32602, 'non-array args');
        const handler = this.evmMethod(entry, method);
        if (!handler) return error(-32601, `the method ${method} does not exist/is not available`);
        try {
            return toJsonText({ jsonrpc: '2.0', id, result: handler(params as unknown[]) });
        } catch (e) {
            if (e instanceof RpcFailure) return error(e.code, e.message, e.data);
            if (e instanceof PrimaryUnmarshal) return error(-32000, unmarshalMessage);
            if (e instanceof PrimaryFailure) return error(-32000, e.message);
            throw e;
        }
    }

    private evmMethod(
        entry: EvmChainEntry,
        method: string,
    ): ((params: unknown[]) => unknown) | undefined {
        const chain = entry.chain;
        const isL1 = !entry.isCChain;
        const blockArg = (params: unknown[], i: number, required: boolean): number => {
            const raw = params[i];
            if (raw === undefined) {
                if (required)
                    throw new RpcFailure(`missing value for required argument ${i}`, -32602);
                return chain.latestBlock;
            }
            return parseBlockTag(raw, i, chain);
        };
        const addressArg = (params: unknown[], i: number): number | undefined => {
            const raw = params[i];
            if (raw === undefined)
                throw new RpcFailure(`missing value for required argument ${i}`, -32602);
            if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(raw))
                throw new RpcFailure(
                    `invalid argument ${i}: hex string has length ${typeof raw === 'string' ? raw.replace(/^0x/, '').length : 0}, want 40 for common.Address`,
                    -32602,
                );
            return chain.accountOf(raw);
        };
        const hashArg = (params: unknown[], i: number): string => {
            const raw = params[i];
            if (raw === undefined)
                throw new RpcFailure(`missing value for required argument ${i}`, -32602);
            if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(raw))
                throw new RpcFailure(
                    `invalid argument ${i}: hex string has length ${typeof raw === 'string' ? raw.replace(/^0x/, '').length : 0}, want 64 for common.Hash`,
                    -32602,
                );
            return raw.toLowerCase();
        };
        const hex = (n: number | bigint): string => `0x${n.toString(16)}`;
        const timestampArg = (params: unknown[]): number => {
            const raw = params[0];
            if (raw === undefined || raw === null)
                return chain.blocks[chain.latestBlock]!.timestamp;
            if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0) return raw;
            if (typeof raw === 'string' && /^0x[0-9a-fA-F]+$/.test(raw)) return parseInt(raw, 16);
            throw new RpcFailure(
                'invalid argument 0: json: cannot unmarshal into Go value of type uint64',
                -32602,
            );
        };
        const table: Record<string, (params: unknown[]) => unknown> = {
            eth_chainId: () => hex(Number(entry.evmChainId)),
            net_version: () => entry.evmChainId,
            web3_clientVersion: () => (isL1 ? 'subnet-evm/v0.8.3' : 'coreth/v0.15.4'),
            eth_blockNumber: () => hex(chain.latestBlock),
            eth_gasPrice: () =>
                hex(BigInt(chain.blocks[chain.latestBlock]!.baseFee + 1) * 1_000_000_000n),
            eth_getBalance: (p) => {
                const account = addressArg(p, 0);
                const block = blockArg(p, 1, true);
                return account === undefined
                    ? '0x0'
                    : chain.weiHex(chain.nativeBalance(account, block));
            },
            eth_getCode: (p) => {
                const account = addressArg(p, 0);
                const block = blockArg(p, 1, true);
                return account === undefined ? '0x' : chain.code(account, block);
            },
            eth_getTransactionCount: (p) => {
                const account = addressArg(p, 0);
                const block = blockArg(p, 1, true);
                return hex(account === undefined ? 0 : chain.nonceAt(account, block));
            },
            eth_getTransactionByHash: (p) => {
                const hash = hashArg(p, 0);
                const index = chain.txIndexByHash(hash);
                if (index === undefined) return null;
                const pending = this.ctx.holds.pendingEvmTxs.has(hash);
                return rpcTx(entry, chain.txs[index]!, pending);
            },
            eth_getTransactionReceipt: (p) => {
                const hash = hashArg(p, 0);
                const index = chain.txIndexByHash(hash);
                // A transaction in the mempool has no receipt yet: geth answers null.
                if (index === undefined || this.ctx.holds.pendingEvmTxs.has(hash)) return null;
                return rpcReceipt(chain, chain.txs[index]!);
            },
            // geth's filter API (eth/filters/api.go): a range past the head ends at the head,
            // addresses match any of the list, each topic position any of its alternatives.
            eth_getLogs: (p) => {
                const filter = p[0];
                if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
                    throw new RpcFailure('missing value for required argument 0', -32602);
                const f = filter as Params;
                const from =
                    f['fromBlock'] === undefined
                        ? chain.latestBlock
                        : blockArg([f['fromBlock']], 0, true);
                const to = Math.min(
                    f['toBlock'] === undefined
                        ? chain.latestBlock
                        : blockArg([f['toBlock']], 0, true),
                    chain.latestBlock,
                );
                if (
                    from > to &&
                    f['toBlock'] !== undefined &&
                    blockArg([f['toBlock']], 0, true) <= chain.latestBlock
                )
                    throw new RpcFailure('invalid block range', -32000);
                const lower = (v: unknown): string[] | undefined =>
                    v === undefined || v === null
                        ? undefined
                        : (Array.isArray(v) ? v : [v]).map((x) => String(x).toLowerCase());
                const addresses = lower(f['address']);
                const topicSets = Array.isArray(f['topics']) ? f['topics'].map(lower) : [];
                const out: Params[] = [];
                const held = this.ctx.holds.pendingEvmTxs;
                for (let b = from; b <= to; b++) {
                    const block = chain.blocks[b]!;
                    for (let i = block.txStart; i < block.txStart + block.txCount; i++) {
                        // A transaction held in the mempool has no logs yet (geth indexes
                        // logs of accepted blocks only).
                        if (held.size > 0 && held.has(chain.txs[i]!.hash.toLowerCase())) continue;
                        const logs = txLogs(chain, chain.txs[i]!);
                        for (const log of logs) {
                            const topics = log['topics'] as string[];
                            if (
                                addresses &&
                                !addresses.includes(String(log['address']).toLowerCase())
                            )
                                continue;
                            if (
                                topicSets.some(
                                    (set, k) =>
                                        set !== undefined &&
                                        !set.includes(topics[k]?.toLowerCase() ?? ''),
                                )
                            )
                                continue;
                            out.push(log);
                        }
                    }
                }
                return out;
            },
            eth_getBlockByNumber: (p) => {
                if (p.length < 2)
                    throw new RpcFailure(`missing value for required argument ${p.length}`, -32602);
                const helicon = entry.isCChain && this.ctx.settings.helicon;
                // ACP-194: safe and finalized are the settled block, latest the executed head.
                const number =
                    helicon && (p[0] === 'safe' || p[0] === 'finalized')
                        ? Math.max(0, chain.latestBlock - heliconSettleLag)
                        : blockArg(p, 0, true);
                if (number > chain.latestBlock) return null;
                const block = rpcBlock(entry, number, p[1] === true, helicon);
                // geth's ethapi (and coreth's, and Helicon's C-Chain) nil out what a pending
                // block does not have yet (test/fixtures/realnode-v1.15/cchain-helicon.json).
                return p[0] === 'pending'
                    ? { ...block, hash: null, nonce: null, miner: null }
                    : block;
            },
            // Fee suggestions, served by coreth and Subnet-EVM alike (internal/ethapi/api.go in
            // avalanchego's graft modules at v1.14.2); the sandbox's tip is 1 gwei.
            eth_baseFee: () => hex(BigInt(chain.blocks[chain.latestBlock]!.baseFee) * gwei),
            eth_maxPriorityFeePerGas: () => hex(gwei),
            eth_syncing: () => false,
            eth_feeHistory: (p) => {
                const count = Number(p[0]);
                if (!Number.isInteger(count) || count < 0)
                    throw new RpcFailure('invalid argument 0: invalid block count', -32602);
                const newest = Math.min(blockArg(p, 1, true), chain.latestBlock);
                const oldest = Math.max(0, newest - Math.min(count, 1024) + 1);
                const blocks = chain.blocks.slice(oldest, newest + 1);
                const percentiles = Array.isArray(p[2]) ? p[2] : [];
                const next = chain.blocks[Math.min(newest + 1, chain.latestBlock)]!;
                return {
                    oldestBlock: hex(oldest),
                    ...(percentiles.length > 0
                        ? { reward: blocks.map(() => percentiles.map(() => hex(gwei))) }
                        : {}),
                    baseFeePerGas: [...blocks, next].map((b) => hex(BigInt(b.baseFee) * gwei)),
                    gasUsedRatio: blocks.map((b) => b.gasUsed / feeConfig.gasLimit),
                };
            },
            eth_getBlockByHash: (p) => {
                if (p.length < 2)
                    throw new RpcFailure(`missing value for required argument ${p.length}`, -32602);
                const number = chain.blockNumberByHash(hashArg(p, 0));
                return number === undefined ? null : rpcBlock(entry, number, p[1] === true);
            },
            eth_getChainConfig: () => (isL1 ? l1ChainConfig(entry) : cChainConfig(entry)),
            // The callTracer's tree of one call (the sandbox models no calls between contracts),
            // its output as a replay on the state before the block gives it, as geth's
            // callTracer shapes it (eth/tracers/native/call.go): the error and, for Error(string),
            // the decoded reason. Other tracers are refused as a node without them refuses.
            debug_traceTransaction: (p) => {
                const hash = hashArg(p, 0);
                const index = chain.txIndexByHash(hash);
                if (index === undefined || this.ctx.holds.pendingEvmTxs.has(hash))
                    throw new RpcFailure(`transaction ${hash} not found`);
                const options = (p[1] ?? {}) as Params;
                if (options['tracer'] === revertSitesTracer) {
                    const recorded = recordedRevertSites(chain, index);
                    if (recorded !== undefined) return recorded;
                }
                if (options['tracer'] !== 'callTracer')
                    throw new RpcFailure(
                        'tracer not found: the sandbox serves only callTracer, and the step tracer for the recorded vault calls',
                    );
                const tx = chain.txs[index]!;
                const from = chain.accounts[tx.from]!.lower;
                const to = tx.kind === 'deploy' ? undefined : chain.accounts[tx.to]!.lower;
                const input = chain.input(tx) as Hex;
                const replay = chain.call(
                    from,
                    to,
                    input,
                    BigInt(chain.weiHex(tx.value)),
                    Math.max(0, tx.block - 1),
                );
                const output = replay.ok ? replay.returnData : replay.revertData;
                const frame: Params = {
                    type: tx.kind === 'deploy' ? 'CREATE' : 'CALL',
                    from,
                    gas: hexOf(tx.gasLimit),
                    gasUsed: hexOf(tx.gasUsed),
                    ...(to === undefined ? {} : { to }),
                    input,
                    output: tx.status === 1 && !replay.ok ? '0x' : output,
                    value: chain.weiHex(tx.value),
                };
                if (tx.status === 0) {
                    frame['error'] = 'execution reverted';
                    const reason = replay.ok ? undefined : unpackRevert(replay.revertData);
                    if (reason !== undefined) frame['revertReason'] = reason;
                }
                return frame;
            },
            eth_call: (p) => {
                const call = callArgs(p[0]);
                const block = blockArg(p, 1, false);
                if (block > chain.latestBlock) throw new RpcFailure('header not found');
                const outcome = chain.call(call.from, call.to, call.input, call.value, block);
                if (outcome.ok) return outcome.returnData;
                throw revertError(outcome.revertData);
            },
        };
        // coreth's (internal/ethapi/api.coreth.go at v1.14.2); Subnet-EVM has no such method.
        if (!isL1) {
            table['eth_suggestPriceOptions'] = () => {
                const baseFee = BigInt(chain.blocks[chain.latestBlock]!.baseFee) * gwei;
                const option = (times: bigint) => ({
                    maxPriorityFeePerGas: hex(gwei),
                    maxFeePerGas: hex(baseFee * times + gwei),
                });
                return { slow: option(1n), normal: option(2n), fast: option(3n) };
            };
        }
        // Subnet-EVM's extras: coreth answers -32601 to each of them on the C-Chain.
        if (isL1) {
            table['eth_getActiveRulesAt'] = (p) => activeRules(entry, timestampArg(p));
            table['eth_feeConfig'] = (p) => {
                if (p[0] !== undefined) blockArg(p, 0, false);
                return { feeConfig, lastChangedAt: 0 };
            };
            table['eth_getActivePrecompilesAt'] = (p) => activePrecompiles(entry, timestampArg(p));
        }
        return table[method];
    }
}

/**
 * What a real AvalancheGo answered to the extension's step tracer (src/core/trace/revertSites.ts)
 * for the two failed calls to the vault (test/fixtures/trace/vault.json, recorded by
 * test/realnode/recordVaultTrace.ts). The sandbox's vault runs the same runtime code with the same
 * arguments, and the program counters depend on nothing else, so its own failed calls get the
 * recorded answer; any other transaction is refused as before (the sandbox runs no EVM).
 */
function recordedRevertSites(chain: EvmChain, index: number): unknown {
    const ids = chain.contractsShowcase;
    if (ids === undefined) return undefined;
    const name =
        index === ids.vaultRevertTx
            ? 'require'
            : index === ids.vaultCustomErrorTx
              ? 'customError'
              : undefined;
    if (name === undefined) return undefined;
    vaultTraces ??= JSON.parse(
        readFileSync(path.join(contractsWorkspaceDir, '..', 'trace', 'vault.json'), 'utf8'),
    ) as Record<string, { revertSites: unknown }>;
    return vaultTraces[name]?.revertSites;
}
let vaultTraces: Record<string, { revertSites: unknown }> | undefined;

const arrayUnmarshal = 'json: cannot unmarshal array into Go value of type json2.serverRequest';

function json2ParseError(message: string): SandboxResponse {
    return {
        status: 200,
        body: JSON.stringify({
            jsonrpc: '2.0',
            error: {
                code: -32700,
                message,
                data: { jsonrpc: '', method: '', params: null, id: null },
            },
            id: null,
        }),
        contentType: jsonType,
    };
}

function text(status: number, body: string): SandboxResponse {
    return { status, body, contentType: 'text/plain; charset=utf-8' };
}

function optionalString(p: Params, key: string): string | undefined {
    const v = p[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new UnmarshalError();
    return v;
}

function optionalLevel(p: Params, key: string): string | undefined {
    const v = optionalString(p, key);
    if (v === undefined || v === '') return undefined;
    const upper = v.toUpperCase();
    if (!levels.includes(upper)) throw new UnmarshalError();
    return upper;
}

function parseBlockTag(raw: unknown, i: number, chain: EvmChain): number {
    if (typeof raw === 'string') {
        if (['latest', 'pending', 'safe', 'finalized', 'accepted'].includes(raw))
            return chain.latestBlock;
        if (raw === 'earliest') return 0;
        if (/^0x[0-9a-fA-F]+$/.test(raw)) {
            if (/^0x0[0-9a-fA-F]/.test(raw))
                throw new RpcFailure(
                    `invalid argument ${i}: hex number with leading zero digits`,
                    -32602,
                );
            return parseInt(raw, 16);
        }
        if (/^0x[0-9a-fA-F]{64}$/.test(raw))
            return chain.blockNumberByHash(raw) ?? Number.MAX_SAFE_INTEGER;
        throw new RpcFailure(`invalid argument ${i}: hex string without 0x prefix`, -32602);
    }
    if (raw !== null && typeof raw === 'object') {
        const r = raw as Params;
        if (typeof r['blockNumber'] === 'string') return parseBlockTag(r['blockNumber'], i, chain);
        if (typeof r['blockHash'] === 'string')
            return chain.blockNumberByHash(r['blockHash']) ?? Number.MAX_SAFE_INTEGER;
    }
    throw new RpcFailure(
        `invalid argument ${i}: json: cannot unmarshal ${typeof raw} into Go value of type string`,
        -32602,
    );
}

const hexOf = (n: number | bigint): string => `0x${n.toString(16)}`;
const gwei = 1_000_000_000n;

/**
 * The call object of `eth_call` (geth's `TransactionArgs`): the fields a call's outcome depends
 * on; gas and fee fields are accepted and not checked.
 */
function callArgs(raw: unknown): {
    from: string;
    to: string | undefined;
    input: Hex;
    value: bigint;
} {
    if (raw === undefined) throw new RpcFailure('missing value for required argument 0', -32602);
    if (raw !== null && (typeof raw !== 'object' || Array.isArray(raw)))
        throw new RpcFailure(
            `invalid argument 0: json: cannot unmarshal ${Array.isArray(raw) ? 'array' : typeof raw} into Go value of type ethapi.TransactionArgs`,
            -32602,
        );
    const args = (raw ?? {}) as Params;
    const field = (name: string, pattern: RegExp, type: string): string | undefined => {
        const value = args[name];
        if (value === undefined || value === null) return undefined;
        if (typeof value !== 'string' || !pattern.test(value))
            throw new RpcFailure(
                `invalid argument 0: json: cannot unmarshal invalid hex string into Go struct field TransactionArgs.${name} of type ${type}`,
                -32602,
            );
        return value.toLowerCase();
    };
    const address = /^0x[0-9a-fA-F]{40}$/;
    const bytes = /^0x(?:[0-9a-fA-F]{2})*$/;
    const from = field('from', address, 'common.Address') ?? `0x${'0'.repeat(40)}`;
    const to = field('to', address, 'common.Address');
    const data = field('data', bytes, 'hexutil.Bytes');
    const input = field('input', bytes, 'hexutil.Bytes');
    // TransactionArgs.data(): both may be set only when equal (internal/ethapi/transaction_args.go).
    if (data !== undefined && input !== undefined && data !== input)
        throw new RpcFailure(
            'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
        );
    const value = field('value', /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/, '*hexutil.Big');
    return {
        from,
        to,
        input: (input ?? data ?? '0x') as Hex,
        value: value === undefined ? 0n : BigInt(value),
    };
}

/**
 * A revert as coreth's `eth_call` answers it: code 3, the revert data in `data`, and the reason
 * in the message when the data is `Error(string)` (or a `Panic(uint256)`); without revert data,
 * the plain -32000 "execution reverted". `newRevertError` in
 * https://github.com/ava-labs/coreth/blob/master/internal/ethapi/errors.go and `Call` in
 * internal/ethapi/api.go there, as in go-ethereum.
 */
function revertError(data: Hex): RpcFailure {
    if (data === '0x') return new RpcFailure('execution reverted');
    const reason = unpackRevert(data);
    return new RpcFailure(
        reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`,
        3,
        data,
    );
}

/**
 * `UnpackRevert` of coreth's accounts/abi/abi.go (go-ethereum's): the reason of `Error(string)`,
 * the words of `Panic(uint256)`.
 */
function unpackRevert(data: Hex): string | undefined {
    try {
        const decoded = decodeErrorResult({ abi: panicAbi, data });
        if (decoded.errorName === 'Error') return decoded.args[0];
        const code = decoded.args[0];
        return panicReasons.get(code) ?? `unknown panic code: ${hexOf(code)}`;
    } catch {
        return undefined;
    }
}

const panicAbi = [
    { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
    { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
] as const;

/** `panicReasons` of coreth's accounts/abi/abi.go. */
const panicReasons = new Map<bigint, string>([
    [0x00n, 'generic panic'],
    [0x01n, 'assert(false)'],
    [0x11n, 'arithmetic underflow or overflow'],
    [0x12n, 'division or modulo by zero'],
    [0x21n, 'enum overflow'],
    [0x22n, 'invalid encoded storage byte array accessed'],
    [0x31n, 'out-of-bounds array access; popping on an empty array'],
    [0x32n, 'out-of-bounds access of an array or bytesN'],
    [0x41n, 'out of memory'],
    [0x51n, 'uninitialized function'],
]);

/**
 * A transaction as `eth_getTransactionByHash` answers it. A `pending` one (held in the mempool by
 * the control route) has what geth's `newRPCPendingTransaction` gives: null `blockHash`,
 * `blockNumber` and `transactionIndex`, and a dynamic-fee transaction's `gasPrice` is its fee cap
 * (the effective price is known only once it is in a block).
 */
function rpcTx(entry: EvmChainEntry, tx: EvmTx, pending = false): Params {
    const chain = entry.chain;
    const block = chain.blocks[tx.block]!;
    const sig = new Prng(deriveSeed(tx.index, tx.hash));
    const out: Params = {
        blockHash: pending ? null : block.hash,
        blockNumber: pending ? null : hexOf(tx.block),
        from: chain.accounts[tx.from]!.lower,
        gas: hexOf(tx.gasLimit),
        gasPrice: hexOf(
            BigInt(pending && tx.txType === 2 ? tx.maxFee : tx.gasPrice) * 1_000_000_000n,
        ),
    };
    if (tx.txType === 2) {
        out['maxFeePerGas'] = hexOf(BigInt(tx.maxFee) * 1_000_000_000n);
        out['maxPriorityFeePerGas'] = hexOf(BigInt(tx.maxPriority) * 1_000_000_000n);
    }
    Object.assign(out, {
        hash: tx.hash,
        input: chain.input(tx),
        nonce: hexOf(tx.nonce),
        to: tx.kind === 'deploy' ? null : chain.accounts[tx.to]!.lower,
        transactionIndex: pending ? null : hexOf(tx.blockIndex),
        value: chain.weiHex(tx.value),
        type: hexOf(tx.txType),
    });
    if (tx.txType === 2) out['accessList'] = [];
    out['chainId'] = hexOf(Number(entry.evmChainId));
    const parity = sig.int(0, 2);
    out['v'] = tx.txType === 2 ? hexOf(parity) : hexOf(Number(entry.evmChainId) * 2 + 35 + parity);
    out['r'] = trimHex(sig.hex(32));
    out['s'] = trimHex(sig.hex(32));
    if (tx.txType === 2) out['yParity'] = hexOf(parity);
    return out;
}

function trimHex(h: string): string {
    return `0x${h.slice(2).replace(/^0+/, '') || '0'}`;
}

function pad32(hex: string): string {
    return `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`;
}

/**
 * The logs of a sealed transaction, built once. A node answers `eth_getLogs` from an index
 * (geth's bloom bits); building every receipt of the ICM tracker's 8 windows of 2048 blocks anew
 * (each ICM message ABI-encoded again) took the sandbox 0.3–0.4 s of CPU per filter at scale
 * large, 35–40 ms once built, and stood in the 150 ms bench row of the ICM panel as if the
 * extension spent it (bench/hostLatencyBench.ts). A sealed transaction never changes; a held one
 * is skipped before this is asked.
 */
const logsOfTx = new WeakMap<EvmTx, Params[]>();
function txLogs(chain: EvmChain, tx: EvmTx): Params[] {
    let logs = logsOfTx.get(tx);
    if (!logs) {
        logs = rpcReceipt(chain, tx)['logs'] as Params[];
        logsOfTx.set(tx, logs);
    }
    return logs;
}

function rpcReceipt(chain: EvmChain, tx: EvmTx): Params {
    const block = chain.blocks[tx.block]!;
    let cumulative = 0;
    for (let i = block.txStart; i <= tx.index; i++) cumulative += chain.txs[i]!.gasUsed;
    const common = {
        blockNumber: hexOf(tx.block),
        transactionHash: tx.hash,
        transactionIndex: hexOf(tx.blockIndex),
        blockHash: block.hash,
    };
    // A contract of contracts.ts logs what its model emitted, token Transfers included.
    const scripted = tx.script?.logs.map((log) => ({
        address: log.address,
        topics: log.topics,
        data: log.data,
        ...common,
        logIndex: hexOf(log.logIndex),
        removed: false,
    }));
    const logs: Params[] =
        scripted ??
        tx.transfers.map((t) => {
            const token = chain.accounts[t.token]!;
            const kind = token.token!.kind;
            const from = t.from < 0 ? `0x${'0'.repeat(40)}` : chain.accounts[t.from]!.lower;
            const to = chain.accounts[t.to]!.lower;
            let logTopics: string[];
            let data: string;
            if (kind === 'erc1155') {
                logTopics = [
                    topics.transferSingle,
                    pad32(chain.accounts[tx.from]!.lower),
                    pad32(from),
                    pad32(to),
                ];
                data = `0x${BigInt(t.tokenId).toString(16).padStart(64, '0')}${BigInt(t.amount).toString(16).padStart(64, '0')}`;
            } else if (kind === 'erc721') {
                logTopics = [
                    topics.transfer,
                    pad32(from),
                    pad32(to),
                    pad32(t.tokenId.toString(16)),
                ];
                data = '0x';
            } else {
                logTopics = [topics.transfer, pad32(from), pad32(to)];
                data = pad32(BigInt(chain.units(t.amount, t.token)).toString(16));
            }
            return {
                address: token.lower,
                topics: logTopics,
                data,
                ...common,
                logIndex: hexOf(t.logIndex),
                removed: false,
            };
        });
    if (tx.teleporter && tx.status === 1) {
        // TeleporterMessenger's logs as it emits them (`teleporter.ts`): a send with the Warp
        // precompile's log after it, or a delivery by the transaction's sender with its execution.
        const t = tx.teleporter;
        const message = teleporterMessage(t.message);
        const relayer = chain.accounts[tx.from]!.lower as Hex;
        const emitted =
            t.direction === 'SOURCE_TRANSACTION'
                ? [message.send, message.warp]
                : [
                      message.receive(relayer, relayer),
                      t.executionFails ? message.failed() : message.executed(),
                  ];
        let logIndex =
            tx.transfers.length > 0 ? tx.transfers[tx.transfers.length - 1]!.logIndex + 1 : 0;
        for (const log of emitted) {
            logs.push({ ...log, ...common, logIndex: hexOf(logIndex++), removed: false });
        }
    }
    return {
        blockHash: block.hash,
        blockNumber: hexOf(tx.block),
        contractAddress: tx.kind === 'deploy' ? chain.accounts[tx.to]!.lower : null,
        cumulativeGasUsed: hexOf(cumulative),
        effectiveGasPrice: hexOf(BigInt(tx.gasPrice) * 1_000_000_000n),
        from: chain.accounts[tx.from]!.lower,
        gasUsed: hexOf(tx.gasUsed),
        logs,
        logsBloom: `0x${'0'.repeat(512)}`,
        status: hexOf(tx.status),
        to: tx.kind === 'deploy' ? null : chain.accounts[tx.to]!.lower,
        transactionHash: tx.hash,
        transactionIndex: hexOf(tx.blockIndex),
        type: hexOf(tx.txType),
    };
}

function rpcBlock(entry: EvmChainEntry, number: number, full: boolean, helicon = false): Params {
    const chain = entry.chain;
    const b = chain.blocks[number]!;
    const roots = new Prng(deriveSeed(number, b.hash));
    const txs: unknown[] = [];
    for (let i = 0; i < b.txCount; i++) {
        const tx = chain.txs[b.txStart + i]!;
        txs.push(full ? rpcTx(entry, tx) : tx.hash);
    }
    const zero32 = `0x${'0'.repeat(64)}`;
    const emptyRoot = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
    // Header fields of Cancun (blob gas, beacon root) and of Granite (millisecond timestamps,
    // minimum block delay) that avalanchego v1.14.2 sends on both chains, and the C-Chain's
    // atomic-transaction fields (test/fixtures/realnode/cchain.json).
    const cOnly = entry.isCChain
        ? { blockExtraData: '0x', extDataGasUsed: '0x0', extDataHash: emptyRoot }
        : {};
    // Helicon's C-Chain header (test/fixtures/realnode-v1.15/cchain-helicon.json): what the
    // block settles, and the gas target and minimum price exponents (0: 1,000,000 gas/s, 1 wei).
    const settled = Math.max(0, number - heliconSettleLag);
    const heliconOnly = helicon
        ? {
              settledHeight: hexOf(settled),
              settledGasUnix: hexOf(chain.blocks[settled]!.timestamp),
              settledGasNumerator: '0x0',
              settledExcess: '0x0',
              targetExponent: '0x0',
              minPriceExponent: '0x0',
          }
        : {};
    return {
        baseFeePerGas: hexOf(BigInt(b.baseFee) * 1_000_000_000n),
        blobGasUsed: '0x0',
        ...cOnly,
        ...heliconOnly,
        blockGasCost: '0x0',
        excessBlobGas: '0x0',
        minDelayExcess: '0x799d4c',
        parentBeaconBlockRoot: zero32,
        timestampMilliseconds: hexOf(b.timestamp * 1000),
        difficulty: '0x1',
        extraData: `0x${'0'.repeat(160)}`,
        gasLimit: hexOf(feeConfig.gasLimit),
        gasUsed: hexOf(b.gasUsed),
        hash: b.hash,
        logsBloom: `0x${'0'.repeat(512)}`,
        miner: b.miner,
        mixHash: `0x${'0'.repeat(64)}`,
        nonce: '0x0000000000000000',
        number: hexOf(b.number),
        parentHash: b.parentHash,
        receiptsRoot: roots.hex(32),
        sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
        size: hexOf(b.size),
        stateRoot: roots.hex(32),
        timestamp: hexOf(b.timestamp),
        totalDifficulty: hexOf(b.number + 1),
        transactions: txs,
        transactionsRoot:
            b.txCount === 0
                ? '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'
                : roots.hex(32),
        uncles: [],
    };
}

function l1Record(entry: EvmChainEntry): {
    evmChainId: number;
    createTimestamp: number;
    admin: string;
} {
    const createTimestamp = entry.chain.blocks[0]!.timestamp;
    return {
        evmChainId: Number(entry.evmChainId),
        createTimestamp,
        admin: precompileAdmin(Number(entry.evmChainId)),
    };
}

function l1ChainConfig(entry: EvmChainEntry): Params {
    const r = l1Record(entry);
    const allow = { adminAddresses: [r.admin], blockTimestamp: 0 };
    const upgradeAt = entry.chain.blocks[Math.floor(entry.chain.latestBlock / 2)]!.timestamp;
    return {
        chainId: r.evmChainId,
        feeConfig,
        allowFeeRecipients: false,
        homesteadBlock: 0,
        eip150Block: 0,
        eip155Block: 0,
        eip158Block: 0,
        byzantiumBlock: 0,
        constantinopleBlock: 0,
        petersburgBlock: 0,
        istanbulBlock: 0,
        muirGlacierBlock: 0,
        berlinBlock: 0,
        londonBlock: 0,
        subnetEVMTimestamp: 0,
        durangoTimestamp: 0,
        etnaTimestamp: 0,
        shanghaiTime: 0,
        cancunTime: 0,
        graniteTimestamp: upgradeTimes.granite,
        // Far in the future: not scheduled in v1.14.2 (the local network's value).
        heliconTimestamp: 253399622400,
        contractNativeMinterConfig: allow,
        feeManagerConfig: allow,
        warpConfig: {
            blockTimestamp: r.createTimestamp,
            quorumNumerator: 67,
            requirePrimaryNetworkSigners: false,
        },
        upgrades: {
            precompileUpgrades: [
                { rewardManagerConfig: { adminAddresses: [r.admin], blockTimestamp: upgradeAt } },
                {
                    feeManagerConfig: {
                        adminAddresses: null,
                        blockTimestamp: upgradeAt + 10,
                        disable: true,
                    },
                },
            ],
        },
    };
}

function cChainConfig(entry: EvmChainEntry): Params {
    const mainnet = entry.network === 'mainnet';
    return {
        chainId: Number(entry.evmChainId),
        homesteadBlock: 0,
        daoForkBlock: 0,
        daoForkSupport: true,
        eip150Block: 0,
        eip155Block: 0,
        eip158Block: 0,
        byzantiumBlock: 0,
        constantinopleBlock: 0,
        petersburgBlock: 0,
        istanbulBlock: 0,
        muirGlacierBlock: 0,
        berlinBlock: 0,
        londonBlock: 0,
        apricotPhase1BlockTimestamp: mainnet ? 1617199200 : 1616767200,
        apricotPhase2BlockTimestamp: mainnet ? 1620644400 : 1620223200,
        apricotPhase3BlockTimestamp: mainnet ? 1629813600 : 1629140400,
        apricotPhase4BlockTimestamp: mainnet ? 1632344400 : 1631826000,
        apricotPhase5BlockTimestamp: mainnet ? 1638468000 : 1637766000,
        apricotPhasePre6BlockTimestamp: mainnet ? 1662341400 : 1662494400,
        apricotPhase6BlockTimestamp: mainnet ? 1662494400 : 1662494400,
        apricotPhasePost6BlockTimestamp: mainnet ? 1662519600 : 1662523200,
        banffBlockTimestamp: mainnet ? 1666108800 : 1664805600,
        cortinaBlockTimestamp: mainnet ? upgradeTimes.cortina : 1680793200,
        durangoBlockTimestamp: mainnet ? 1709740800 : 1707840000,
        shanghaiTime: mainnet ? 1709740800 : 1707840000,
        cancunTime: mainnet ? upgradeTimes.etna : 1732550400,
        etnaTimestamp: mainnet ? upgradeTimes.etna : 1732550400,
        fortunaTimestamp: mainnet ? 1744124400 : 1741878000,
        graniteTimestamp: mainnet ? upgradeTimes.granite : 1761750000,
        heliconTimestamp: 253399622400,
    };
}

function activePrecompiles(entry: EvmChainEntry, timestamp: number): Params {
    const r = l1Record(entry);
    const cfg = l1ChainConfig(entry);
    const out: Params = {
        contractNativeMinterConfig: { adminAddresses: [r.admin], blockTimestamp: 0 },
        warpConfig: { blockTimestamp: r.createTimestamp, quorumNumerator: 67 },
    };
    const upgrades = ((cfg['upgrades'] as Params)['precompileUpgrades'] as Params[]).map(
        (u) => Object.entries(u)[0]!,
    );
    const feeDisabledAt = (upgrades[1]![1] as Params)['blockTimestamp'] as number;
    if (timestamp < feeDisabledAt)
        out['feeManagerConfig'] = { adminAddresses: [r.admin], blockTimestamp: 0 };
    const rewardAt = (upgrades[0]![1] as Params)['blockTimestamp'] as number;
    if (timestamp >= rewardAt)
        out['rewardManagerConfig'] = { adminAddresses: [r.admin], blockTimestamp: rewardAt };
    if (timestamp < r.createTimestamp) delete out['warpConfig'];
    return out;
}

function activeRules(entry: EvmChainEntry, timestamp: number): Params {
    const ethRules = {
        ChainID: Number(entry.evmChainId),
        IsHomestead: true,
        IsEIP150: true,
        IsEIP155: true,
        IsEIP158: true,
        IsByzantium: true,
        IsConstantinople: true,
        IsPetersburg: true,
        IsIstanbul: true,
        IsBerlin: true,
        IsLondon: true,
        IsMerge: true,
        IsShanghai: true,
        IsCancun: timestamp >= 1734368400,
        IsPrague: false,
        IsVerkle: false,
    };
    if (entry.isCChain) {
        const c = cChainConfig(entry);
        return {
            ethRules,
            avalancheRules: {
                IsApricotPhase1: timestamp >= (c['apricotPhase1BlockTimestamp'] as number),
                IsApricotPhase2: timestamp >= (c['apricotPhase2BlockTimestamp'] as number),
                IsApricotPhase3: timestamp >= (c['apricotPhase3BlockTimestamp'] as number),
                IsApricotPhase4: timestamp >= (c['apricotPhase4BlockTimestamp'] as number),
                IsApricotPhase5: timestamp >= (c['apricotPhase5BlockTimestamp'] as number),
                IsBanff: timestamp >= (c['banffBlockTimestamp'] as number),
                IsCortina: timestamp >= (c['cortinaBlockTimestamp'] as number),
                IsDurango: timestamp >= (c['durangoBlockTimestamp'] as number),
                IsEtna: timestamp >= (c['etnaTimestamp'] as number),
                IsFortuna: timestamp >= (c['fortunaTimestamp'] as number),
                IsGranite: timestamp >= (c['graniteTimestamp'] as number),
            },
            precompiles:
                timestamp >= (c['durangoBlockTimestamp'] as number)
                    ? { warpConfig: { timestamp: c['durangoBlockTimestamp'] } }
                    : {},
        };
    }
    const precompiles: Params = {};
    for (const [name, config] of Object.entries(activePrecompiles(entry, timestamp))) {
        precompiles[name] = { timestamp: (config as Params)['blockTimestamp'] };
    }
    return {
        ethRules,
        avalancheRules: {
            IsSubnetEVM: true,
            IsDurango: true,
            IsEtna: true,
            IsFortuna: timestamp >= 1744124400,
            IsGranite: timestamp >= upgradeTimes.granite,
            IsHelicon: false,
        },
        precompiles,
    };
}

const mainnetUpgrades = {
    apricotPhase1Time: '2021-03-31T14:00:00Z',
    apricotPhase2Time: '2021-05-10T11:00:00Z',
    apricotPhase3Time: '2021-08-24T14:00:00Z',
    apricotPhase4Time: '2021-09-22T21:00:00Z',
    apricotPhase4MinPChainHeight: 793005,
    apricotPhase5Time: '2021-12-02T18:00:00Z',
    apricotPhasePre6Time: '2022-09-05T01:30:00Z',
    apricotPhase6Time: '2022-09-06T20:00:00Z',
    apricotPhasePost6Time: '2022-09-07T03:00:00Z',
    banffTime: '2022-10-18T16:00:00Z',
    cortinaTime: '2023-04-25T15:00:00Z',
    cortinaXChainStopVertexID: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
    durangoTime: '2024-03-06T16:00:00Z',
    etnaTime: '2024-12-16T17:00:00Z',
    fortunaTime: '2025-04-08T15:00:00Z',
    graniteTime: '2025-11-19T16:00:00Z',
    graniteEpochDuration: 30_000_000_000,
    heliconTime: '9999-12-01T00:00:00Z',
};

const fujiUpgrades = {
    apricotPhase1Time: '2021-03-26T14:00:00Z',
    apricotPhase2Time: '2021-05-05T14:00:00Z',
    apricotPhase3Time: '2021-08-16T19:00:00Z',
    apricotPhase4Time: '2021-09-16T21:00:00Z',
    apricotPhase4MinPChainHeight: 47437,
    apricotPhase5Time: '2021-11-24T15:00:00Z',
    apricotPhasePre6Time: '2022-09-06T20:00:00Z',
    apricotPhase6Time: '2022-09-06T20:00:00Z',
    apricotPhasePost6Time: '2022-09-07T06:00:00Z',
    banffTime: '2022-10-03T14:00:00Z',
    cortinaTime: '2023-04-06T15:00:00Z',
    cortinaXChainStopVertexID: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ',
    durangoTime: '2024-02-13T16:00:00Z',
    etnaTime: '2024-11-25T16:00:00Z',
    fortunaTime: '2025-03-13T15:00:00Z',
    graniteTime: '2025-10-29T15:00:00Z',
    graniteEpochDuration: 30_000_000_000,
    heliconTime: '9999-12-01T00:00:00Z',
};
