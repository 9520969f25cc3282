/**
 * One refresh of the Node view: everything the view shows about a node, read in as few round trips
 * as the node allows. AvalancheGo's own APIs (`/ext/info`, `/ext/admin`) take no JSON-RPC batch
 * (test/fixtures/realnode), so every call is a request of its own, and they all start at once:
 * only the aliases of the X- and C-Chain wait, each for the id of its own chain, and those of the
 * candidate chains for the answer that says the node tracks them. A refresh then takes about two
 * round trips however many calls it makes. Each part succeeds or carries a {@link NodeProblem},
 * so one refused method never hides the others.
 *
 * This module calls the client and the method table (zod), so the VS Code layer reaches it through
 * the lazily loaded core bundle; its types are free to import.
 */
import { abortError } from '../http/errors';
import { pChainId } from '../knownIds';
import {
    chainHeights,
    type ChainHeights,
    heliconActive,
    stakingRules,
    type StakingRules,
} from '../nodeRpc/helicon';
import { nodeRpcMethods } from '../nodeRpc/methods';
import {
    batchCall,
    type BatchCall,
    type NodeCallOptions,
    type NodeRpcClient,
    type Settled,
} from '../nodeRpc/rpcClient';
import type {
    Acps,
    ChainAliases,
    LoggerLevels,
    NetworkUpgrades,
    NodeIdResult,
    NodeIpResult,
    NodeVersion,
    Peers,
    RpcBlock,
    Uptime,
    Vms,
} from '../nodeRpc/schemas';
import { checksFailingOnRun, type HealthReport } from '../nodeRpc/healthSchemas';
import { displayText } from './evmConfig';
import { englishText, phrase } from '../text/phrase';
import { describeNodeProblem, type NodeProblem } from './nodeProblems';

/** A part of the snapshot: the value, or why the node did not give it. */
export type Part<T> =
    | { readonly ok: true; readonly value: T }
    | { readonly ok: false; readonly problem: NodeProblem };

/** A chain whose bootstrapping state is asked for besides P, X and C. */
export interface NodeChainCandidate {
    /** Blockchain id (cb58). */
    readonly id: string;
    readonly name: string;
}

export interface ChainBootstrap {
    /** Blockchain id when known (P always; X and C once resolved). */
    readonly id?: string;
    /** `P`, `X`, `C` for the primary chains. */
    readonly alias?: string;
    readonly name: string;
    readonly bootstrapped: Part<boolean>;
}

export interface ChainAliasEntry {
    readonly id: string;
    readonly name: string;
    readonly aliases: Part<ChainAliases>;
}

export type Reachability =
    | { readonly reachable: true; readonly rttMs: number }
    | { readonly reachable: false; readonly problem: NodeProblem };

/** The node's health API, as the Node view reads it. */
export interface NodeHealthPart {
    /** `health.health`: every check. */
    readonly report: HealthReport;
    /** Whether the readiness and liveness checks pass; undefined when the node did not say. */
    readonly ready?: boolean | undefined;
    readonly live?: boolean | undefined;
    /** `rpc` for health.health, `get` where only the GET form answered (some proxies). */
    readonly via: 'rpc' | 'get';
}

export interface NodeSnapshot {
    /** The node's base URL the snapshot was read from. */
    readonly url: string;
    /** A known public API server, or a node that refused node-specific methods like one. */
    readonly publicServer: boolean;
    readonly fetchedAtMs: number;
    /** Reachable, with the time the info calls took (sent together); or why not. */
    readonly reachability: Reachability;
    readonly version: Part<NodeVersion>;
    readonly networkId: Part<number>;
    readonly networkName: Part<string>;
    readonly nodeId: Part<NodeIdResult>;
    readonly ip: Part<NodeIpResult>;
    /** P, X, C, then every candidate chain the node tracks. */
    readonly chains: readonly ChainBootstrap[];
    readonly peers: Part<Peers>;
    readonly uptime: Part<Uptime>;
    /**
     * The C-Chain's head (`eth_getBlockByNumber` latest): on Helicon's C-Chain the last executed
     * block and the settled height it names (ACP-194), otherwise the last accepted one.
     */
    readonly cChainHead: Part<ChainHeights>;
    readonly upgrades: Part<NetworkUpgrades>;
    readonly acps: Part<Acps>;
    readonly vms: Part<Vms>;
    readonly loggerLevels: Part<LoggerLevels>;
    readonly chainAliases: readonly ChainAliasEntry[];
    /** The health API (`/ext/health`): every check by name, failing ones first. */
    readonly health: Part<NodeHealthPart>;
}

export interface CollectNodeSnapshotOptions {
    /** Chains to ask about besides P, X and C (from the Data API's chain list, for example). */
    readonly chains?: readonly NodeChainCandidate[];
    readonly signal?: AbortSignal;
    /** Injectable clock for tests. */
    readonly now?: () => number;
    /**
     * The last snapshot of the same node. Its chain ids let the alias calls start with the others
     * instead of waiting for `info.getBlockchainID` and `info.isBootstrapped` (a second round trip
     * on every refresh); an id that changed (a node restarted with another genesis) is asked
     * again once known.
     */
    readonly previous?: NodeSnapshot | undefined;
}

const primaryAliases = [
    { alias: 'P', name: 'P-Chain' },
    { alias: 'X', name: 'X-Chain' },
    { alias: 'C', name: 'C-Chain' },
] as const;

function toPart<T>(settled: Settled<unknown> | undefined, publicServer: boolean): Part<T> {
    if (settled === undefined) {
        const message = phrase('No answer for this call.');
        return {
            ok: false,
            problem: { kind: 'error', message: englishText(message), messagePhrase: message },
        };
    }
    return settled.status === 'fulfilled'
        ? { ok: true, value: settled.value as T }
        : { ok: false, problem: describeNodeProblem(settled.reason, publicServer) };
}

function asError(error: unknown): Error {
    return error instanceof Error ? error : new Error(String(error));
}

function failed<T>(problem: NodeProblem): Part<T> {
    return { ok: false, problem };
}

/** AvalancheGo's answer for a chain it does not know (so: does not track). */
function isUnknownChain(settled: Settled<unknown> | undefined): boolean {
    if (settled?.status !== 'rejected') return false;
    const reason = settled.reason as { rpcMessage?: unknown; message?: unknown };
    const text = `${displayText(reason.rpcMessage)} ${displayText(reason.message)}`;
    return /there is no chain with alias\/ID|no chain with (alias|id)/i.test(text);
}

/**
 * Reads a full snapshot. Never rejects for node-side failures (they become parts with problems);
 * rejects only with an AbortError when `signal` fires.
 */
export async function collectNodeSnapshot(
    client: NodeRpcClient,
    options: CollectNodeSnapshotOptions = {},
): Promise<NodeSnapshot> {
    const now = options.now ?? Date.now;
    const signal = options.signal;
    const m = nodeRpcMethods;
    const candidates = (options.chains ?? []).filter(
        (c, i, all) => c.id !== pChainId && all.findIndex((o) => o.id === c.id) === i,
    );

    const callOptions: NodeCallOptions = signal ? { signal } : {};
    const one = <T>(call: Promise<T>): Promise<Settled<unknown>> =>
        call.then(
            (value) => ({ status: 'fulfilled', value }),
            (reason: unknown) => ({ status: 'rejected', reason: asError(reason) }),
        );
    /** Calls sent as one client batch (bounded concurrency), settled whatever happens. */
    const many = (calls: BatchCall[]): Promise<Settled<unknown>[]> =>
        calls.length === 0
            ? Promise.resolve([])
            : client
                  .batch(calls, callOptions)
                  .catch((reason: unknown) =>
                      calls.map(() => ({ status: 'rejected', reason: asError(reason) }) as const),
                  );

    const started = now();
    const fixed = [
        one(client.call(m['info.getNodeVersion'], {}, callOptions)),
        one(client.call(m['info.getNetworkID'], {}, callOptions)),
        one(client.call(m['info.getNetworkName'], {}, callOptions)),
        one(client.call(m['info.getNodeID'], {}, callOptions)),
        one(client.call(m['info.getNodeIP'], {}, callOptions)),
        one(client.call(m['info.peers'], {}, callOptions)),
        one(client.call(m['info.uptime'], {}, callOptions)),
        one(client.call(m['info.upgrades'], {}, callOptions)),
        one(client.call(m['info.acps'], {}, callOptions)),
        one(client.call(m['info.getVMs'], {}, callOptions)),
        one(client.call(m['info.getBlockchainID'], { alias: 'X' }, callOptions)),
        one(client.call(m['info.getBlockchainID'], { alias: 'C' }, callOptions)),
        one(client.call(m.eth_getBlockByNumber, ['latest', false], { ...callOptions, chain: 'C' })),
    ];
    // Its own controller, tied to the caller's signal by one listener: the health calls would
    // otherwise add four more to a signal that the other calls already share.
    const healthController = new AbortController();
    const stopHealth = (): void => healthController.abort(signal?.reason);
    signal?.addEventListener('abort', stopHealth, { once: true });
    const healthSignal = healthController.signal;
    const healthCall = readHealth(client, { signal: healthSignal }, healthSignal).finally(() =>
        signal?.removeEventListener('abort', stopHealth),
    );
    // Awaited last: a snapshot that ends before (cancelled, the node unreachable) leaves its
    // rejection handled here, not unhandled.
    void healthCall.catch(() => undefined);
    const primaryBoot = primaryAliases.map((p) =>
        one(client.call(m['info.isBootstrapped'], { chain: p.alias }, callOptions)),
    );
    // Candidates may be the many chains of the Data API's list: a client batch bounds how many
    // requests are in flight for them.
    const candidateBoot = many(
        candidates.map((c) => batchCall(m['info.isBootstrapped'], { chain: c.id })),
    );
    const idOf = (settled: Promise<Settled<unknown>>): Promise<string | undefined> =>
        settled.then((s) =>
            s.status === 'fulfilled'
                ? (s.value as { blockchainId: string }).blockchainId
                : undefined,
        );
    const xIdPromise = idOf(fixed[10]!);
    const cIdPromise = idOf(fixed[11]!);

    // The admin calls start with the info calls. The aliases need a chain's id (X and C) or to
    // know that the node tracks it (candidates): the ids of the last snapshot of this node are
    // asked at once, and only an id not among them waits for its answer.
    const admin = !client.isKnownPublicServer;
    const aliasCalls = new Map<string, Promise<Settled<unknown>>>();
    const aliasesOf = (id: string | undefined): Promise<Settled<unknown> | undefined> => {
        if (id === undefined) return Promise.resolve(undefined);
        let call = aliasCalls.get(id);
        if (!call) {
            call = one(client.call(m['admin.getChainAliases'], { chain: id }, callOptions));
            aliasCalls.set(id, call);
        }
        return call;
    };
    const previous = options.previous?.url === client.url ? options.previous : undefined;
    if (admin) for (const c of previous?.chains ?? []) void aliasesOf(c.id);
    const loggerLevelsCall = admin
        ? one(client.call(m['admin.getLoggerLevel'], {}, callOptions))
        : undefined;
    const primaryAliasCalls = admin
        ? [aliasesOf(pChainId), xIdPromise.then(aliasesOf), cIdPromise.then(aliasesOf)]
        : [];
    const candidateAliasCalls = admin
        ? Promise.all([candidateBoot, xIdPromise, cIdPromise]).then(([boot, xId, cId]) => {
              const tracked = candidates.filter(
                  (c, k) => c.id !== xId && c.id !== cId && !isUnknownChain(boot[k]),
              );
              const known = tracked.filter((c) => aliasCalls.has(c.id));
              const unknown = tracked.filter((c) => !aliasCalls.has(c.id));
              return Promise.all([
                  Promise.all(known.map((c) => aliasesOf(c.id))),
                  many(unknown.map((c) => batchCall(m['admin.getChainAliases'], { chain: c.id }))),
              ]).then(
                  ([settledKnown, settledUnknown]) =>
                      new Map([
                          ...known.map((c, k) => [c.id, settledKnown[k]] as const),
                          ...unknown.map((c, k) => [c.id, settledUnknown[k]] as const),
                      ]),
              );
          })
        : undefined;

    const info = await Promise.all([...fixed, ...primaryBoot]);
    const rttMs = now() - started;
    const candidateSettled = await candidateBoot;
    if (signal?.aborted) throw abortError(signal);

    const publicServer =
        client.isKnownPublicServer ||
        [...info, ...candidateSettled].some(
            (s) =>
                s.status === 'rejected' &&
                (s.reason as { reason?: unknown }).reason === 'publicServer',
        );
    const unreachable = info.every(
        (s) => s.status === 'rejected' && describeNodeProblem(s.reason).kind === 'unreachable',
    );
    const at = (i: number): Settled<unknown> | undefined => info[i];
    if (unreachable) {
        const problem = describeNodeProblem((info[0] as { reason?: unknown } | undefined)?.reason);
        return unreachableSnapshot(client.url, publicServer, now(), problem);
    }

    const xId = await xIdPromise;
    const cId = await cIdPromise;
    const primaryIds = [pChainId, xId, cId];
    const chains: ChainBootstrap[] = [];
    primaryAliases.forEach((p, k) => {
        const id = primaryIds[k];
        chains.push({
            ...(id === undefined ? {} : { id }),
            alias: p.alias,
            name: p.name,
            bootstrapped: bootPart(at(fixed.length + k), publicServer),
        });
    });
    candidates.forEach((c, k) => {
        const settled = candidateSettled[k];
        if (c.id === xId || c.id === cId || isUnknownChain(settled)) return;
        chains.push({ id: c.id, name: c.name, bootstrapped: bootPart(settled, publicServer) });
    });

    const aliasTargets = chains
        .filter((c): c is ChainBootstrap & { id: string } => c.id !== undefined)
        .map((c) => ({ id: c.id, name: c.name }));
    let loggerLevels: Part<LoggerLevels>;
    let chainAliases: ChainAliasEntry[];
    if (!admin || !loggerLevelsCall || !candidateAliasCalls) {
        const problem = describeNodeProblem(
            { name: 'NodeApiUnavailableError', reason: 'adminDisabled', message: '' },
            true,
        );
        loggerLevels = failed(problem);
        chainAliases = aliasTargets.map((t) => ({ ...t, aliases: failed(problem) }));
    } else {
        const [logger, primary, byCandidate] = await Promise.all([
            loggerLevelsCall,
            Promise.all(primaryAliasCalls),
            candidateAliasCalls,
        ]);
        if (signal?.aborted) throw abortError(signal);
        loggerLevels = toPart(logger, publicServer);
        const primaryById = new Map(primaryIds.map((id, k) => [id, primary[k]]));
        chainAliases = aliasTargets.map((t) => ({
            ...t,
            aliases: toPart<ChainAliases>(
                primaryById.get(t.id) ?? byCandidate.get(t.id),
                publicServer,
            ),
        }));
    }

    const health = await healthCall;
    if (signal?.aborted) throw abortError(signal);
    return {
        url: client.url,
        publicServer,
        fetchedAtMs: now(),
        reachability: { reachable: true, rttMs },
        version: toPart(at(0), publicServer),
        networkId: mapPart(toPart<{ networkId: number }>(at(1), publicServer), (v) => v.networkId),
        networkName: mapPart(
            toPart<{ networkName: string }>(at(2), publicServer),
            (v) => v.networkName,
        ),
        nodeId: toPart(at(3), publicServer),
        ip: toPart(at(4), publicServer),
        chains,
        peers: toPart(at(5), publicServer),
        uptime: toPart(at(6), publicServer),
        cChainHead: headPart(at(12), publicServer),
        upgrades: toPart(at(7), publicServer),
        acps: toPart(at(8), publicServer),
        vms: toPart(at(9), publicServer),
        loggerLevels,
        chainAliases,
        health: health.ok
            ? health
            : failed(
                  healthProblem(
                      health.problem,
                      publicServer || health.problem.kind === 'publicServer',
                  ),
              ),
    };
}

/**
 * `health.health`, `health.readiness` and `health.liveness` at once; when the JSON-RPC form is
 * refused (a proxy that forwards GETs only), the GET form of `/ext/health`. Never rejects but
 * for an abort.
 */
async function readHealth(
    client: NodeRpcClient,
    callOptions: NodeCallOptions,
    signal: AbortSignal | undefined,
): Promise<Part<NodeHealthPart>> {
    const m = nodeRpcMethods;
    const settle = <T>(call: Promise<T>): Promise<Settled<T>> =>
        call.then(
            (value) => ({ status: 'fulfilled', value }) as const,
            (reason: unknown) => ({ status: 'rejected', reason: asError(reason) }) as const,
        );
    const [health, ready, live] = await Promise.all([
        settle(client.call(m['health.health'], {}, callOptions)),
        settle(client.call(m['health.readiness'], {}, callOptions)),
        settle(client.call(m['health.liveness'], {}, callOptions)),
    ]);
    if (signal?.aborted) throw abortError(signal);
    const flag = (s: Settled<HealthReport>): boolean | undefined =>
        s.status === 'fulfilled' ? s.value.healthy : undefined;
    if (health.status === 'fulfilled') {
        return {
            ok: true,
            value: { report: health.value, ready: flag(ready), live: flag(live), via: 'rpc' },
        };
    }
    const problem = describeNodeProblem(health.reason, client.isKnownPublicServer);
    // The GET form helps where the JSON-RPC form is refused (a public node, a proxy that lets only
    // GET through); a node failing with 5xx or unreachable would only be asked again for nothing.
    if (problem.kind !== 'notOffered' && problem.kind !== 'publicServer') return failed(problem);
    const got = await settle(client.healthGet('health', [], signal ? { signal } : {}));
    if (signal?.aborted) throw abortError(signal);
    if (got.status === 'fulfilled') {
        return {
            ok: true,
            value: { report: got.value.report, ready: flag(ready), live: flag(live), via: 'get' },
        };
    }
    return failed(problem);
}

/** Why the health section is empty, in its words: public servers answer only part of it. */
function healthProblem(problem: NodeProblem, publicServer: boolean): NodeProblem {
    if (!publicServer) return problem;
    const message = phrase(
        'Public API servers answer only part of the health API (at most whether they are up), not the checks of one node.',
    );
    const remedy = phrase(
        'Choose your own node (Avalanche: Choose Node…) to see its health checks.',
    );
    return {
        kind: 'publicServer',
        message: englishText(message),
        messagePhrase: message,
        remedy: englishText(remedy),
        remedyPhrase: remedy,
    };
}

function headPart(
    settled: Settled<unknown> | undefined,
    publicServer: boolean,
): Part<ChainHeights> {
    const part = toPart<RpcBlock | null>(settled, publicServer);
    if (!part.ok) return part;
    if (part.value === null) {
        const message = phrase('The C-Chain has no latest block yet.');
        return failed({ kind: 'error', message: englishText(message), messagePhrase: message });
    }
    return { ok: true, value: chainHeights(part.value) };
}

/**
 * The staking rules the node's network is judged by now: Helicon's once the node's
 * `info.upgrades` says it is active. Undefined when the upgrades could not be read.
 */
export function snapshotStakingRules(s: NodeSnapshot, nowMs: number): StakingRules | undefined {
    if (!s.upgrades.ok) return undefined;
    return stakingRules(
        s.networkId.ok ? s.networkId.value : undefined,
        heliconActive(s.upgrades.value, nowMs),
    );
}

function bootPart(settled: Settled<unknown> | undefined, publicServer: boolean): Part<boolean> {
    return mapPart(
        toPart<{ isBootstrapped: boolean }>(settled, publicServer),
        (v) => v.isBootstrapped,
    );
}

function mapPart<A, B>(part: Part<A>, map: (value: A) => B): Part<B> {
    return part.ok ? { ok: true, value: map(part.value) } : part;
}

function unreachableSnapshot(
    url: string,
    publicServer: boolean,
    fetchedAtMs: number,
    problem: NodeProblem,
): NodeSnapshot {
    const no = failed<never>(problem);
    return {
        url,
        publicServer,
        fetchedAtMs,
        reachability: { reachable: false, problem },
        version: no,
        networkId: no,
        networkName: no,
        nodeId: no,
        ip: no,
        chains: [],
        peers: no,
        uptime: no,
        cChainHead: no,
        upgrades: no,
        acps: no,
        vms: no,
        loggerLevels: no,
        chainAliases: [],
        health: no,
    };
}

/** The status bar's verdict on a snapshot. */
export type NodeHealthVerdict =
    | { readonly kind: 'healthy'; readonly detail: string }
    | { readonly kind: 'unhealthy'; readonly detail: string }
    | { readonly kind: 'unreachable'; readonly detail: string };

/**
 * Healthy when the node answers, its health API reports no failing check (where it answers) and
 * P, X and C are bootstrapped; unhealthy when a check fails, one of them is still bootstrapping
 * (or the node's answers are broken); unreachable when nothing came back.
 */
export function nodeHealth(snapshot: NodeSnapshot): NodeHealthVerdict {
    const r = snapshot.reachability;
    if (!r.reachable) return { kind: 'unreachable', detail: r.problem.message };
    // The node answered, but not with its version (a rate limit, a 500, a broken body): calling
    // it healthy would hide that every call fails.
    if (!snapshot.version.ok && snapshot.version.problem.kind === 'error') {
        return { kind: 'unhealthy', detail: snapshot.version.problem.message };
    }
    const behind = snapshot.chains
        .filter((c) => c.alias !== undefined)
        .filter((c) => c.bootstrapped.ok && !c.bootstrapped.value)
        .map((c) => c.alias as string);
    const version = snapshot.version.ok ? snapshot.version.value.version : 'version unknown';
    // A node that answers but reports failing checks is not up: its own verdict comes first.
    // Checks not run yet (a node just started) are no verdict: bootstrapping says more then.
    const failing = snapshot.health.ok ? checksFailingOnRun(snapshot.health.value.report) : [];
    if (failing.length > 0) {
        const names = failing.slice(0, 3).map((c) => c.name);
        const more =
            failing.length > names.length ? ` and ${failing.length - names.length} more` : '';
        return {
            kind: 'unhealthy',
            detail: `failing ${failing.length === 1 ? 'check' : 'checks'}: ${names.join(', ') || 'unnamed'}${more}; ${version}`,
        };
    }
    if (behind.length > 0) {
        return {
            kind: 'unhealthy',
            detail: `${behind.join(', ')} still bootstrapping; ${version}, ${Math.round(r.rttMs)} ms`,
        };
    }
    return { kind: 'healthy', detail: `${version}, ${Math.round(r.rttMs)} ms` };
}
