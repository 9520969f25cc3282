/**
 * What every family of hover lookups shares: the clients, the limits, the options of this one
 * lookup, the network's directories, and the two rules of a lookup made of parts (run the
 * independent requests together; a part that fails becomes a calm note unless every part failed).
 */
import type { DataApiClient } from '../../dataApi/dataApiClient';
import type { ChainInfo } from '../../dataApi/model';
import { abortError, isAbortError, isHttpError } from '../../http/errors';
import type { NodeRpcClient } from '../../nodeRpc/rpcClient';
import type { RpcTarget } from '../../nodeRpc/rpcUrl';
import { toCalmError } from '../calmError';
import type { CalmError, DataApiNetwork, HoverChain, HoverNetwork, HoverService } from '../types';
import { hoverChains, type SubnetDirectory } from './directories';
import { cChainEvmId } from '../../ids/primaryNetwork';

/** Where the resolver gets its clients and shared lookups; asked per lookup, never kept. */
export interface HoverClients {
    dataApi(): Promise<DataApiClient>;
    /** The selected node. */
    nodeRpc(): NodeRpcClient;
    /**
     * The Data API's EVM chains of `network`, kept and shared by the caller (in the extension,
     * `ClientProvider.chains`); `signal` stops only this caller's wait.
     */
    chains(network: DataApiNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /**
     * The EVM chains the node side can answer for on `network`, each with the `rpcUrl` to ask:
     * the way around the Data API when it does not index the network (local networks, devnets)
     * or cannot answer now (rate limit, outage).
     */
    nodeChains(network: HoverNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /** A client and endpoint path for another chain's RPC URL (the L1s); undefined if unusable. */
    rpcFor(rpcUrl: string): RpcTarget | undefined;
}

/** Per-lookup options. */
export interface ResolveOptions {
    /** The selected network, for identifiers that do not name their own. */
    readonly network: HoverNetwork;
    /** EVM chain id to look EVM addresses and hashes up on; the network's C-Chain when empty. */
    readonly evmChainId?: string | undefined;
    /** Whether a Data API key is set (a rate limit then does not suggest one). */
    readonly hasApiKey: boolean;
    readonly signal?: AbortSignal | undefined;
}

/** Limits of the resolver; the defaults suit hovers. */
export interface ResolverLimits {
    /** Token balances shown. */
    readonly topTokens: number;
    /** Latest transactions shown. */
    readonly recentTransactions: number;
    /** Transfers and internal calls shown per transaction. */
    readonly briefItems: number;
    /** How long the subnet directory is kept. */
    readonly directoryTtlMs: number;
}

/** Defaults of `ResolverLimits`. */
export const defaultResolverLimits: ResolverLimits = {
    topTokens: 5,
    recentTransactions: 3,
    briefItems: 3,
    directoryTtlMs: 10 * 60_000,
};

export { cChainEvmId };

/** How one part of a lookup ended. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Waits for one part of a lookup without letting its failure fail the others. */
export async function outcomeOf<T>(promise: Promise<T>): Promise<Outcome<T>> {
    try {
        return { ok: true, value: await promise };
    } catch (error) {
        return { ok: false, error };
    }
}

/** The part's value, or undefined when it failed. */
export function valueIfOk<T>(outcome: Outcome<T>): T | undefined {
    return outcome.ok ? outcome.value : undefined;
}

/** `{ signal }` when there is one (the node client's options are exact). */
export function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
    return signal ? { signal } : {};
}

export function isNotFound(error: unknown): boolean {
    return isHttpError(error) && error.status === 404;
}

/**
 * One way to learn what an id names: the answer, or undefined when the id is not of its kind. It
 * must ask under the signal of the lookup it is given, which is aborted once another way answered.
 */
export type Candidate<T> = (lookup: Lookup) => Promise<T | undefined>;

/**
 * Asks every candidate at once, in order of precedence: an answer wins as soon as every candidate
 * before it has said no, and the requests of the others are then aborted, so an id costs about
 * its fastest source rather than the sum of all. Precedence matters because one id can name two
 * things: a subnet, a blockchain or an asset has the id of the transaction that created it, and
 * is the better answer. With no answer at all, a failure that might have been the answer (neither
 * a 404 nor a cancellation; the first in order) rejects, so that the hover says why it cannot
 * tell rather than "not found"; otherwise resolves undefined. Rejects with an AbortError when the
 * lookup is cancelled.
 *
 * `isFinal` names the answers that no source before them could override (a transaction of a
 * type that creates nothing named by its id): such an answer wins as soon as it arrives, without
 * waiting for a slower source of higher precedence.
 */
export async function firstAnswer<T>(
    lookup: Lookup,
    candidates: readonly Candidate<T>[],
    isFinal: (answer: T) => boolean = () => false,
): Promise<T | undefined> {
    const outer = lookup.signal;
    if (outer?.aborted) throw abortError(outer);
    const losers = new AbortController();
    const cancel = (): void => losers.abort(abortError(outer));
    outer?.addEventListener('abort', cancel, { once: true });
    try {
        const own = lookup.withSignal(losers.signal);
        const outcomes = candidates.map((ask) => outcomeOf(ask(own)));
        const settled: (Outcome<T | undefined> | undefined)[] = outcomes.map(() => undefined);
        const answer = await new Promise<T | undefined>((resolve) => {
            const decide = (): void => {
                let waiting = false;
                for (const o of settled) {
                    if (o === undefined) {
                        waiting = true;
                        break;
                    }
                    if (o.ok && o.value !== undefined) return resolve(o.value);
                }
                if (!waiting) return resolve(undefined);
                for (const o of settled) {
                    if (o?.ok && o.value !== undefined && isFinal(o.value)) return resolve(o.value);
                }
            };
            outcomes.forEach((pending, i) => {
                void pending.then((o) => {
                    settled[i] = o;
                    decide();
                });
            });
            decide();
        });
        if (outer?.aborted) throw abortError(outer);
        if (answer !== undefined) return answer;
        const all = await Promise.all(outcomes);
        lookup.rethrowCancellation(all);
        const failure = all.find((o) => !o.ok && !isNotFound(o.error));
        if (failure && !failure.ok) throw failure.error;
        return undefined;
    } finally {
        outer?.removeEventListener('abort', cancel);
        // The losers: whatever they still wait for is not needed any more.
        losers.abort(abortError());
    }
}

/** The directories of a network that the resolver keeps between lookups. */
export interface Directories {
    chains(network: HoverNetwork, signal: AbortSignal | undefined): Promise<HoverChain[]>;
    subnets(network: HoverNetwork): SubnetDirectory;
}

/** One lookup: its options, and what it reads and reports through. */
export class Lookup {
    constructor(
        readonly clients: HoverClients,
        readonly limits: ResolverLimits,
        readonly options: ResolveOptions,
        private readonly directories: Directories,
        private readonly now: () => number,
    ) {}

    get network(): HoverNetwork {
        return this.options.network;
    }

    get signal(): AbortSignal | undefined {
        return this.options.signal;
    }

    /** The same lookup on another network (an id that names its own). */
    on(network: HoverNetwork): Lookup {
        if (network === this.network) return this;
        const options = { ...this.options, network };
        return new Lookup(this.clients, this.limits, options, this.directories, this.now);
    }

    /** The same lookup under another signal (a part that is cancelled on its own). */
    withSignal(signal: AbortSignal): Lookup {
        const options = { ...this.options, signal };
        return new Lookup(this.clients, this.limits, options, this.directories, this.now);
    }

    /** The EVM chains the Data API indexes on this lookup's network (the node's, on `local`). */
    chains(): Promise<HoverChain[]> {
        return this.directories.chains(this.network, this.signal);
    }

    /** The EVM chains the node side answers for on this lookup's network, with their RPC URLs. */
    async nodeChains(): Promise<HoverChain[]> {
        return hoverChains(await this.clients.nodeChains(this.network, this.signal), this.network);
    }

    /** The subnets of this lookup's network that lookups have read by id. */
    get subnets(): SubnetDirectory {
        return this.directories.subnets(this.network);
    }

    /** The chain EVM lookups go to: the option's, else the network's C-Chain. */
    private get wantedEvmChain(): string {
        return this.options.evmChainId?.trim() || cChainEvmId(this.network);
    }

    /**
     * The EVM chain id the Data API is asked with, when it is known before the chain list is read
     * (a decimal id, not a blockchain id that only the list maps): the first requests then go out
     * with the list's, not after it.
     */
    evmChainIdNow(): string | undefined {
        const wanted = this.wantedEvmChain;
        return /^\d+$/.test(wanted) ? wanted : undefined;
    }

    /** The chain EVM lookups go to, with a note when the chain list could not be read. */
    async evmChain(): Promise<{ chain: HoverChain; notes: CalmError[] }> {
        const network = this.network;
        const wanted = this.wantedEvmChain;
        const fallback: HoverChain = {
            evmChainId: wanted,
            name: wanted === cChainEvmId(network) ? 'C-Chain' : `EVM chain ${wanted}`,
            symbol: wanted === cChainEvmId(network) ? 'AVAX' : '',
            decimals: 18,
            isCChain: wanted === '43114' || wanted === '43113',
            network,
        };
        try {
            const chains = await this.chains();
            const found = chains.find((c) => c.evmChainId === wanted || c.blockchainId === wanted);
            return { chain: found ?? fallback, notes: [] };
        } catch (error) {
            if (isAbortError(error)) throw error;
            return { chain: fallback, notes: [this.note(error, 'Data API', 'chain list')] };
        }
    }

    /** A failed part as a calm note ("balances skipped"). */
    note(error: unknown, service: HoverService, during?: string): CalmError {
        return toCalmError(error, {
            service,
            during,
            hasApiKey: this.options.hasApiKey,
            nowMs: this.now(),
        });
    }

    /** Rethrows cancellation, then rejects with the first failure when every part failed. */
    rejectIfNothingRead(outcomes: readonly Outcome<unknown>[]): void {
        this.rethrowCancellation(outcomes);
        const first = outcomes.find((o) => !o.ok);
        if (first && outcomes.every((o) => !o.ok) && !first.ok) throw first.error;
    }

    /** Rejects when the lookup was cancelled or one of `outcomes` was. */
    rethrowCancellation(outcomes: readonly Outcome<unknown>[]): void {
        const signal = this.signal;
        if (signal?.aborted) throw abortError(signal);
        for (const o of outcomes) if (!o.ok && isAbortError(o.error)) throw o.error;
    }
}
