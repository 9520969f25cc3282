/**
 * Everything a hover does that is not VS Code: which links the offline part offers, the live
 * answer from the cache or a lookup (with in-flight sharing and cancellation), the calm line when
 * a lookup fails, the chain chosen per identifier, what "Open details" opens, and the checksum
 * fixes of a line. The VS Code glue (`src/hover/`) only finds the identifier under the pointer and
 * wraps these strings and edits into editor objects; keeping the rest here keeps the extension
 * bundle small (this module is loaded with the core on the first hover) and all of it testable in
 * plain Node.
 */
import type { QueryRequest } from '../../shared/query';
import { soonAfter } from '../abort';
import type { DataApiClient } from '../dataApi/dataApiClient';
import type { ChainInfo } from '../dataApi/model';
import { type Audience, shortenId } from '../format';
import { inertLabel } from '../text/inert';
import type { Translate } from '../text/phrase';
import {
    isAbortError,
    isHttpError,
    isNodeApiUnavailableError,
    isRateLimitedError,
    isRpcError,
} from '../http/errors';
import { minRateLimitWaitMs, rateLimitWaitMs } from '../http/rateLimit';
import { findIdentifiers, type Identifier, parseIdentifier } from '../identifiers';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import type { ContractKnowledge } from '../workspace/knowledge';
import { type CachedAnswer, HoverCache, type HoverCacheStats } from './cache';
import { toCalmError } from './calmError';
import { type LiveHoverActions, liveHoverActions, type LiveHoverOptions } from './liveLinks';
import { calmErrorMarkdown, liveHoverMarkdown } from './markdown';
import type { HoverMarkdown } from './markdownBuilder';
import { offlineMarkdownFor } from './offline';
import { panelQueryFor } from './panelQuery';
import { HoverResolver, type ResolverLimits } from './resolve';
import type { DataApiNetwork, HoverChain, HoverNetwork, HoverService, LiveResult } from './types';

/** The extension's own commands that hover links run. */
export interface HoverCommandIds {
    readonly copy: string;
    readonly openDetails: string;
    readonly lookUpOnChain: string;
    readonly fixChecksum: string;
    readonly setApiKey: string;
    /** Adds a watch target to the Watch List; no "Watch" links without it (agents). */
    readonly watch?: string | undefined;
    /** Opens a query's panel: a transaction's "Trace" link; none without it (agents). */
    readonly trace?: string | undefined;
    /** Opens an ICM message's timeline; no "Follow" link without it (agents). */
    readonly followIcm?: string | undefined;
}

/** Where an identifier sits in a document, so that a command can come back to it. */
export interface HoverPlace {
    readonly uri: string;
    readonly line: number;
    readonly character: number;
}

/** What the engine needs from its host; getters, so settings changes apply at once. */
export interface HoverEngineHost {
    dataApi(): Promise<DataApiClient>;
    nodeRpc(): NodeRpcClient;
    /** The Data API's EVM chains of a network, kept and shared by the host. */
    chains(network: DataApiNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /**
     * The EVM chains the node side can answer for on `network`, each with its `rpcUrl`: where
     * EVM lookups go when the Data API does not index the network or cannot answer.
     */
    nodeChains(network: HoverNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /** A client and endpoint path for a chain's RPC URL, kept by the host. */
    rpcFor(rpcUrl: string): RpcTarget | undefined;
    /** The source chain of an ICM message id this window followed; its hover offers the timeline. */
    icmMessage?(messageId: string): string | undefined;
    network(): HoverNetwork;
    /** `avalanche.hovers.defaultEvmChain`: an EVM chain id, or '' for the C-Chain. */
    defaultEvmChain(): string;
    /** `avalanche.hovers.liveKinds`. */
    liveKinds(): readonly string[];
    /** The Avalanche explorer URL of an item, from the user's template (it knows no local network). */
    explorerUrl(kind: string, id: string, network: DataApiNetwork): string;
    readonly commands: HoverCommandIds;
    /**
     * The workspace's contracts, which name addresses and decode calls in EVM hovers; undefined
     * when they are not ready soon enough (the host bounds the wait).
     */
    contracts?(): Promise<ContractKnowledge | undefined>;
    /** The workspace's contracts if they are indexed already (a cached hover does not wait). */
    contractsNow?(): ContractKnowledge | undefined;
    /**
     * True for an agent's engine: its answer is read once, not shown under a pointer, so its first
     * lookup asks for the index at once (as later ones do) rather than when the thread is idle.
     */
    readonly contractsFirst?: boolean | undefined;
    readonly now?: (() => number) | undefined;
    readonly limits?: Partial<ResolverLimits> | undefined;
    /**
     * The live part's words in the person's language (`vscode.l10n.t` in the extension); English
     * without it, and always English for an agent (`audience` `agent`), who gets one language as
     * it gets one number form.
     */
    readonly translate?: Translate | undefined;
}

/** One entry of the "Look up on…" chain picker. */
export interface ChainChoice {
    readonly label: string;
    readonly description: string;
    readonly detail: string;
    /** Undefined: back to the default chain. */
    readonly evmChainId: string | undefined;
    readonly picked: boolean;
}

/** What "Open details" opens: a result panel, or the live result as JSON. */
export type HoverDetails = { readonly query: QueryRequest } | { readonly json: string };

/** A checksum fix on one line: the range of the address and its EIP-55 form. */
export interface ChecksumFix {
    readonly start: number;
    readonly end: number;
    readonly text: string;
    readonly corrected: string;
}

const maxChainChoices = 50;
/** Longest command argument text accepted (identifiers are at most 92 characters). */
const maxArgText = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The identifier text and place a command argument carries; anything else is dropped. */
export function parseHoverArg(arg: unknown): { text?: string; place?: HoverPlace } {
    const record = isRecord(arg) ? arg : { text: arg };
    const out: { text?: string; place?: HoverPlace } = {};
    const text = record['text'];
    if (typeof text === 'string' && text.length > 0 && text.length <= maxArgText)
        out.text = text.trim();
    const { uri, line, character } = record;
    if (
        typeof uri === 'string' &&
        uri.length <= 4096 &&
        Number.isSafeInteger(line) &&
        Number.isSafeInteger(character) &&
        (line as number) >= 0 &&
        (character as number) >= 0
    ) {
        out.place = { uri, line: line as number, character: character as number };
    }
    return out;
}

/** The EVM addresses of `line` whose mixed case breaks EIP-55, with their fixed form. */
export function checksumFixes(line: string): ChecksumFix[] {
    return findIdentifiers(line).flatMap((id) =>
        id.kind === 'evmAddress' && id.checksum === 'invalid' && id.corrected
            ? [{ start: id.start, end: id.end, text: id.text, corrected: id.corrected }]
            : [],
    );
}

/** The service an error came from: HTTP errors say; connection failures carry a URL. */
function serviceOf(error: unknown): HoverService {
    if (isHttpError(error) && error.service === 'node') return 'node';
    if (isRpcError(error) || isNodeApiUnavailableError(error)) return 'node';
    const url = (error as { url?: unknown } | undefined)?.url;
    return typeof url === 'string' && url.includes('/ext/') ? 'node' : 'Data API';
}

/** See the file comment. One per extension; `dispose()` stops background retries. */
export class HoverEngine {
    private readonly cache: HoverCache<LiveResult>;
    private readonly resolver: HoverResolver;
    /** EVM chain chosen per identifier (lower-case value), oldest first. */
    private readonly chosen = new Map<string, string>();
    /** Names of EVM chains met in answers, for the offline part's "Looked up on …". */
    private readonly chainNames = new Map<string, string>();
    private hasApiKey = false;
    /** Whether this engine has asked for the workspace's index (see `liveMarkdown`). */
    private contractsAsked = false;
    /** The wait for an idle moment to ask for the index in (see `askContractsWhenIdle`). */
    private idleAsk: { dispose(): void } | undefined;
    private disposed = false;
    private readonly now: () => number;

    constructor(private readonly host: HoverEngineHost) {
        this.now = host.now ?? Date.now;
        this.resolver = new HoverResolver(
            {
                dataApi: () => host.dataApi(),
                nodeRpc: () => host.nodeRpc(),
                chains: (network, signal) => host.chains(network, signal),
                nodeChains: (network, signal) => host.nodeChains(network, signal),
                rpcFor: (rpcUrl) => host.rpcFor(rpcUrl),
            },
            host.limits,
            this.now,
        );
        this.cache = new HoverCache<LiveResult>({
            maxEntries: 300,
            ttlMs: 60_000,
            // An answer with a part missing is asked again soon; a complete one is kept a minute.
            ttlFor: (value) => (value.notes.length > 0 ? 10_000 : 60_000),
            errorTtlMs: () => 5_000,
            retryDelayMs: (answer) => this.retryDelay(answer),
            now: this.now,
        });
    }

    /** The cache's counters. */
    get stats(): HoverCacheStats {
        return this.cache.stats;
    }

    /** True when `id` is looked up live (setting, and not malformed). */
    isLive(id: Identifier): boolean {
        return !id.broken && this.host.liveKinds().includes(id.kind);
    }

    /** The EVM chain id EVM lookups of `id` go to ('' for the network's C-Chain). */
    evmChainFor(id: Identifier): string {
        return this.chosen.get(id.value.toLowerCase()) ?? this.host.defaultEvmChain();
    }

    /** The cache key of the live part: network, chain, kind and value. */
    keyOf(id: Identifier): string {
        const chain = id.kind === 'evmAddress' || id.kind === 'hash32' ? this.evmChainFor(id) : '';
        return `${this.host.network()}|${chain}|${id.kind}|${id.value}`;
    }

    /** The offline part of the hover over `id` at `place`: no request. */
    offlineMarkdown(id: Identifier, place: HoverPlace): HoverMarkdown {
        return offlineMarkdownFor(id, place, {
            commands: this.host.commands,
            network: this.host.network(),
            evmChain: this.evmChainFor(id),
            chainName: (evmChainId) => this.chainNames.get(evmChainId),
            live: this.isLive(id),
            explorerUrl: (kind, text, network) => this.host.explorerUrl(kind, text, network),
            icmMessage: (messageId) => this.host.icmMessage?.(messageId),
            translate: this.host.translate,
        });
    }

    /** The live part from the cache, synchronously; undefined when it is not cached. */
    cachedMarkdown(id: Identifier): HoverMarkdown | undefined {
        const answer = this.cache.peek(this.keyOf(id));
        return answer === undefined
            ? undefined
            : this.render(id, answer, this.host.contractsNow?.());
    }

    /**
     * The live part after a lookup (shared with other hovers over the same id). A failure is one
     * calm line; undefined when `signal` fired first. `audience` `agent`: written for an agent
     * tool (ISO 8601 times, plain digits); the lookup and its cache are the same.
     */
    async liveMarkdown(
        id: Identifier,
        signal: AbortSignal,
        audience: Audience = 'person',
    ): Promise<HoverMarkdown | undefined> {
        const startedMs = this.now();
        const loading = this.load(id, signal);
        // Only EVM answers have calls to decode and contracts to name.
        const evm = id.kind === 'evmAddress' || id.kind === 'hash32';
        // Starting the workspace's index is tens of milliseconds of this thread's time (VS Code's
        // file watchers, the file search), which a lookup busy with its own first use of the
        // clients and schemas would simply add up (the first hover's profile, #19). So the first
        // lookup starts it only while it waits on the network, or else once the thread is idle
        // after its answer; an index already asked for is awaited within the grace below.
        let contracts =
            evm && (this.contractsAsked || this.host.contractsFirst)
                ? this.askContracts(true)
                : undefined;
        const waiting =
            evm && contracts === undefined
                ? whileWaiting(() => {
                      contracts = this.askContracts(false);
                  })
                : undefined;
        try {
            const value = await loading;
            // The index gets what is left of the grace since the hover began, not a grace more
            // after the answer: a first hover, whose lookup outlasts it, is not held back.
            const graceLeftMs = Math.max(0, contractsGraceMs - (this.now() - startedMs));
            const knowledge =
                (await soonAfter(contracts, graceLeftMs)) ?? this.host.contractsNow?.();
            return this.render(id, { value }, knowledge, audience);
        } catch (error) {
            if (isAbortError(error) || signal.aborted) return undefined;
            return this.render(id, { error }, undefined, audience);
        } finally {
            waiting?.dispose();
            if (evm && !this.contractsAsked) this.askContractsWhenIdle();
        }
    }

    /** The live result of `id`: cached, joined, or looked up now. */
    load(id: Identifier, signal?: AbortSignal): Promise<LiveResult> {
        const network = this.host.network();
        const evmChainId = this.evmChainFor(id);
        return this.cache.load(
            this.keyOf(id),
            async (loadSignal) => {
                const api = await this.host.dataApi();
                this.hasApiKey = api.hasApiKey;
                const result = await this.resolver.resolve(id, {
                    network,
                    evmChainId,
                    hasApiKey: api.hasApiKey,
                    signal: loadSignal,
                });
                if ('chain' in result && typeof result.chain === 'object') {
                    this.chainNames.set(result.chain.evmChainId, result.chain.name);
                }
                return result;
            },
            signal,
        );
    }

    /** What "Open details" opens for the identifier `text`; undefined when it is not one. */
    async details(text: string, signal?: AbortSignal): Promise<HoverDetails | undefined> {
        const id = parseIdentifier(text);
        if (!id || id.broken) return undefined;
        const network = this.host.network();
        const evmChainId = this.evmChainFor(id);
        const cached = this.cache.peek(this.keyOf(id));
        let live = cached !== undefined && 'value' in cached ? cached.value : undefined;
        // Hashes and cb58 ids need the answer to know which panel shows them.
        if (!live && (id.kind === 'hash32' || id.kind === 'cb58Id'))
            live = await this.load(id, signal);
        const query = panelQueryFor(id, { network, evmChainId, live });
        if (query) return { query };
        live ??= await this.load(id, signal);
        // Offsets mean nothing outside the document the identifier was found in.
        const identifier = { ...id, start: undefined, end: undefined };
        return { json: JSON.stringify({ identifier, network, live }, null, 2) };
    }

    /** The chains "Look up on…" offers for `text`, the current one picked. */
    async chainChoices(text: string, signal?: AbortSignal): Promise<ChainChoice[]> {
        const id = parseIdentifier(text);
        const current = id ? this.evmChainFor(id) : '';
        const chains: HoverChain[] = await this.resolver.chains(this.host.network(), signal);
        for (const c of chains) this.chainNames.set(c.evmChainId, c.name);
        return [
            {
                label: 'Default chain',
                description: 'the C-Chain, or avalanche.hovers.defaultEvmChain',
                detail: '',
                evmChainId: undefined,
                picked: current === '',
            },
            ...chains.map((c) => ({
                label: inertLabel(c.name, 100),
                description: `EVM chain id ${inertLabel(c.evmChainId, 40)}`,
                detail: inertLabel(c.blockchainId ?? '', 100),
                evmChainId: c.evmChainId,
                picked: c.evmChainId === current,
            })),
        ];
    }

    /** Remembers a chain for the identifier `text` (undefined: back to the default). */
    chooseChain(text: string, evmChainId: string | undefined): void {
        const id = parseIdentifier(text);
        if (!id) return;
        const key = id.value.toLowerCase();
        this.chosen.delete(key);
        if (evmChainId !== undefined) this.chosen.set(key, evmChainId);
        for (const oldest of this.chosen.keys()) {
            if (this.chosen.size <= maxChainChoices) break;
            this.chosen.delete(oldest);
        }
    }

    /** A short label of an identifier for progress messages and titles. */
    label(text: string): string {
        return shortenId(text);
    }

    /** Forgets every live answer and directory (settings, network or key changed). */
    forget(): void {
        this.cache.clear();
        this.resolver.reset();
    }

    dispose(): void {
        this.disposed = true;
        this.idleAsk?.dispose();
        this.cache.dispose();
    }

    /**
     * Asks for the workspace's index once this thread is idle after an answer: not at once, since
     * VS Code writes the answer to the workbench in a task of its own, which the index's start
     * would hold back (tens of milliseconds the person would wait for the hover).
     */
    private askContractsWhenIdle(): void {
        this.idleAsk ??= whileWaiting(() => {
            this.idleAsk = undefined;
            if (!this.disposed && !this.contractsAsked) void this.askContracts(false);
        });
    }

    /**
     * The workspace's index, or undefined without one; `afterRequests`: once the lookup's first
     * requests are out (asking again is cheap, unless a failed build is started over).
     */
    private askContracts(afterRequests: boolean): Promise<ContractKnowledge | undefined> {
        this.contractsAsked = true;
        const ask = (): Promise<ContractKnowledge | undefined> =>
            (this.host.contracts?.() ?? Promise.resolve(undefined)).catch(() => undefined);
        return afterRequests ? afterRequestsSent().then(ask) : ask();
    }

    /**
     * The "Watch" and "Trace" links the live hover of `id` offers (looked up now unless cached):
     * what the editor's context menu runs for the identifier under the cursor.
     */
    async actions(id: Identifier, signal?: AbortSignal): Promise<LiveHoverActions> {
        const live = await this.load(id, signal);
        return liveHoverActions(live, this.liveOptions(id, this.now()));
    }

    private liveOptions(
        id: Identifier,
        nowMs: number,
        contracts?: ContractKnowledge,
    ): LiveHoverOptions {
        const watch = this.host.commands.watch;
        return {
            nowMs,
            contracts,
            explorerUrl: (kind, text, network) =>
                network === 'local' ? undefined : this.host.explorerUrl(kind, text, network),
            setApiKeyCommand: this.host.commands.setApiKey,
            followIcmCommand: this.host.commands.followIcm,
            watch:
                watch === undefined
                    ? undefined
                    : { command: watch, id, network: this.host.network() },
            trace:
                this.host.commands.trace === undefined
                    ? undefined
                    : { command: this.host.commands.trace, network: this.host.network() },
        };
    }

    private render(
        id: Identifier,
        answer: CachedAnswer<LiveResult>,
        contracts?: ContractKnowledge,
        audience: Audience = 'person',
    ): HoverMarkdown {
        const nowMs = this.now();
        const options = {
            ...this.liveOptions(id, nowMs, contracts),
            audience,
            translate: audience === 'person' ? this.host.translate : undefined,
        };
        if ('value' in answer) return liveHoverMarkdown(answer.value, options);
        const calm = toCalmError(answer.error, {
            service: serviceOf(answer.error),
            hasApiKey: this.hasApiKey,
            nowMs,
        });
        return calmErrorMarkdown(calm, options);
    }

    /** A rate limit is retried in the background when it lifts, so "retrying in 12 s" holds. */
    private retryDelay(answer: CachedAnswer<LiveResult>): number | undefined {
        if ('error' in answer) {
            if (!isRateLimitedError(answer.error)) return undefined;
            return rateLimitWaitMs(answer.error.retryAfterMs);
        }
        const limited = answer.value.notes.find((n) => n.kind === 'rateLimited');
        return limited?.retryAt === undefined
            ? undefined
            : Math.max(minRateLimitWaitMs, limited.retryAt - this.now());
    }
}

/**
 * How long after a hover began its answer may wait for the workspace's index: the first EVM hover
 * of a session starts building it, and shows its answer without names rather than wait for a
 * large workspace (the next hover has them).
 */
const contractsGraceMs = 100;

/**
 * Resolves once the work queued so far has run: a lookup whose client is ready has dispatched
 * its first requests by then (they go out in promise reactions, before any I/O callback).
 */
function afterRequestsSent(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
}

/** How often `whileWaiting` looks at how busy the thread has been. */
const waitCheckMs = 30;

/**
 * Calls `start` once, at the end of the first `waitCheckMs` in which this thread was idle most of
 * the time: during a lookup, when it waits on the network (as over a real one once its first
 * compiles are done), never while it stays busy (as a first lookup on loopback does, bound by
 * compiling and first runs from start to end). Dispose to stop waiting.
 */
function whileWaiting(start: () => void): { dispose(): void } {
    let last = performance.eventLoopUtilization();
    const check = (): void => {
        const now = performance.eventLoopUtilization();
        if (performance.eventLoopUtilization(now, last).utilization < 0.5) return start();
        last = now;
        timer = setTimeout(check, waitCheckMs);
    };
    let timer = setTimeout(check, waitCheckMs);
    return { dispose: () => clearTimeout(timer) };
}
