/**
 * Which chain a 32-byte blockchain id names, through every network the extension knows: the
 * Data API's chain list (or on `local` the node's EVM chains), the local networks' files
 * (avalanche-cli, tmpnet, Interchain Kit, which also name each chain's TeleporterMessenger and
 * the relayer), and the node's own `platform.getBlockchains`. A chain's RPC URL comes from a
 * list, a file or a node, never from the message: it is asked only through the host's `rpcFor`,
 * which applies the origin policy (a URL nobody chose reaches no private host).
 */
import type { DataApiClient } from '../dataApi/dataApiClient';
import type { ChainInfo } from '../dataApi/model';
import { isHttpError } from '../http/errors';
import type { LocalNetwork, LocalRelayer } from '../local/localNetwork';
import { nodeRpcMethods } from '../nodeRpc/methods';
import type { PlatformBlockchain } from '../nodeRpc/primarySchemas';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import { inertLine } from '../text/inert';

import { blockchainIdCb58, blockchainIdHex } from './messageId';
import type { IcmChain, IcmDirectory, IcmIndexed } from './timeline';

/** A chain as one source names it. */
export interface IcmChainCandidate {
    readonly name: string;
    /** cb58 or `0x` hex. */
    readonly blockchainId: string;
    readonly evmChainId?: string | undefined;
    readonly rpcUrl?: string | undefined;
    readonly messenger?: string | undefined;
    readonly knownFrom: string;
    /** The subnet (L1) validating it, cb58. */
    readonly subnetId?: string | undefined;
}

/** What a host gives the directory. */
export interface IcmDirectoryHost {
    /** Every chain the host can name, in order of preference (the first name wins). */
    candidates(signal?: AbortSignal): Promise<readonly IcmChainCandidate[]>;
    /**
     * The candidates of the sources that come before the node's list (the local networks'
     * files, the chain list, usually kept already), starting the whole read: a chain they name
     * with a usable RPC is read without waiting for the node's answer (#38).
     */
    firstCandidates?(signal?: AbortSignal): Promise<readonly IcmChainCandidate[]>;
    rpcFor(rpcUrl: string): RpcTarget | undefined;
    readonly relayers?: readonly string[] | undefined;
    readonly publicNetwork?: boolean | undefined;
    /** See `IcmDirectory.sourceValidators`: a sentence about the L1 `subnetId`'s validators. */
    sourceValidators?(subnetId: string, signal?: AbortSignal): Promise<string | undefined>;
    /** See `IcmDirectory.indexedMessage`. */
    indexedMessage?(messageId: string, signal?: AbortSignal): Promise<IcmIndexed | undefined>;
    /** See `IcmDirectory.relayerReasons`. */
    relayerReasons?(
        source: IcmChain,
        destination: IcmChain,
        signal?: AbortSignal,
    ): Promise<string[]>;
}

const maxNameChars = 80;
const evmAddress = /^0x[0-9a-fA-F]{40}$/;

/** The Data API's (or the node's) EVM chains as candidates. */
function chainListCandidates(chains: readonly ChainInfo[], knownFrom: string): IcmChainCandidate[] {
    return chains.flatMap((c) =>
        c.platformChainId
            ? [
                  {
                      name: c.chainName,
                      blockchainId: c.platformChainId,
                      evmChainId: c.chainId,
                      rpcUrl: c.rpcUrl,
                      knownFrom,
                      ...(c.subnetId ? { subnetId: c.subnetId } : {}),
                  },
              ]
            : [],
    );
}

/** The chains of the local networks' files (the C-Chain Interchain Kit records among them). */
function localNetworkCandidates(networks: readonly LocalNetwork[]): IcmChainCandidate[] {
    const source: Record<LocalNetwork['source'], string> = {
        'avalanche-cli': 'avalanche-cli',
        tmpnet: 'tmpnet',
        'interchain-kit': 'Interchain Kit',
        probe: 'a local node',
    };
    return networks.flatMap((n) =>
        [...(n.cChain ? [n.cChain] : []), ...n.l1s].flatMap((l1) =>
            l1.blockchainId
                ? [
                      {
                          name: l1.name,
                          blockchainId: l1.blockchainId,
                          evmChainId:
                              l1.evmChainId === undefined ? undefined : String(l1.evmChainId),
                          rpcUrl: l1.rpcUrls[0],
                          messenger: l1.icmMessenger,
                          knownFrom: source[n.source],
                          ...(l1.subnetId ? { subnetId: l1.subnetId } : {}),
                      },
                  ]
                : [],
        ),
    );
}

/** The node's blockchains, each read through the node's own endpoint for it. */
function nodeBlockchainCandidates(
    blockchains: readonly PlatformBlockchain[],
    nodeUrl: string,
): IcmChainCandidate[] {
    const base = nodeUrl.replace(/\/+$/, '');
    return blockchains.map((b) => ({
        name: b.name,
        blockchainId: b.blockchainId,
        rpcUrl: `${base}/ext/bc/${encodeURIComponent(b.blockchainId)}/rpc`,
        knownFrom: 'node',
        subnetId: b.subnetId,
    }));
}

/** Relayer addresses the local networks' files name, lower-case. */
function localRelayers(networks: readonly LocalNetwork[]): string[] {
    return [
        ...new Set(
            networks.flatMap((n) =>
                n.relayer?.address && evmAddress.test(n.relayer.address)
                    ? [n.relayer.address.toLowerCase()]
                    : [],
            ),
        ),
    ];
}

function hostOf(url: string): string | undefined {
    try {
        return new URL(url).host;
    } catch {
        return undefined;
    }
}

/** Merges what every source says of one blockchain id into a chain the tracker can ask. */
function chainOf(
    hex: string,
    named: readonly IcmChainCandidate[],
    host: IcmDirectoryHost,
): IcmChain {
    const first = named[0]!;
    let rpc: RpcTarget | undefined;
    let rpcUrl: string | undefined;
    for (const c of named) {
        if (!c.rpcUrl) continue;
        rpc = host.rpcFor(c.rpcUrl);
        if (rpc) {
            rpcUrl = c.rpcUrl;
            break;
        }
    }
    const messenger = named.find((c) => c.messenger && evmAddress.test(c.messenger))?.messenger;
    return {
        name: inertLine(first.name, maxNameChars) || 'unnamed chain',
        blockchainId: hex,
        evmChainId: named.find((c) => c.evmChainId && /^\d{1,20}$/.test(c.evmChainId))?.evmChainId,
        rpc,
        rpcHost: rpcUrl ? hostOf(rpcUrl) : undefined,
        unreachable: rpc ? undefined : 'no http(s) RPC URL is known for it',
        messenger: messenger?.toLowerCase(),
        knownFrom: [...new Set(named.map((c) => c.knownFrom))].join(', '),
        subnetId: named.find((c) => c.subnetId && /^[1-9A-HJ-NP-Za-km-z]{40,60}$/.test(c.subnetId))
            ?.subnetId,
    };
}

/**
 * The candidates naming the blockchain `hex` (`0x` + 64 lower-case hex digits). Each candidate's
 * id is compared with the id's cb58 form, never decoded: a node names thousands of blockchains,
 * and decoding each (base58, then SHA-256 in JavaScript) cost the ICM panel ~120 ms a lookup
 * (#38). cb58 is one text per id (base58 has one spelling of a number, its checksum is fixed),
 * so the comparison says what decoding would.
 */
function namedAs(all: readonly IcmChainCandidate[], hex: string): IcmChainCandidate[] {
    const cb58 = blockchainIdCb58(hex);
    return all.filter(
        (c) =>
            c.blockchainId === cb58 ||
            (c.blockchainId.length === 66 && c.blockchainId.toLowerCase() === hex),
    );
}

/** The directory the tracker asks, over a host's sources. */
export function icmDirectory(host: IcmDirectoryHost): IcmDirectory & {
    /** The chain a person named: an EVM chain id, a blockchain id (cb58 or hex), or a name. */
    find(text: string, signal?: AbortSignal): Promise<IcmChain | undefined>;
} {
    const byId = async (asked: string, signal?: AbortSignal) => {
        const hex = asked.toLowerCase();
        if (!/^0x[0-9a-f]{64}$/.test(hex)) return undefined;
        const all = await host.candidates(signal);
        const named = namedAs(all, hex);
        return named.length === 0 ? undefined : chainOf(hex, named, host);
    };
    return {
        chain: byId,
        relayers: host.relayers,
        publicNetwork: host.publicNetwork,
        ...(host.sourceValidators
            ? {
                  sourceValidators: (source: IcmChain, signal?: AbortSignal) =>
                      source.subnetId
                          ? host.sourceValidators!(source.subnetId, signal)
                          : Promise.resolve(undefined),
              }
            : {}),
        ...(host.relayerReasons
            ? {
                  relayerReasons: (s: IcmChain, d: IcmChain, signal?: AbortSignal) =>
                      host.relayerReasons!(s, d, signal),
              }
            : {}),
        ...(host.indexedMessage
            ? {
                  indexedMessage: (id: string, signal?: AbortSignal) =>
                      host.indexedMessage!(id, signal),
              }
            : {}),
        async find(text, signal) {
            const wanted = text.trim();
            const hex = blockchainIdHex(wanted);
            if (hex) return byId(hex, signal);
            // The node's alias `C` is the C-Chain, which the node names `C-Chain`.
            const name = wanted === 'C' ? 'c-chain' : wanted.toLowerCase();
            const matchIn = (all: readonly IcmChainCandidate[]) => {
                const match =
                    all.find((c) => c.evmChainId === wanted) ??
                    all.find((c) => c.name.toLowerCase() === name) ??
                    (name === 'c-chain'
                        ? all.find((c) => c.name.toLowerCase() === 'avalanche c-chain')
                        : undefined);
                return match ? blockchainIdHex(match.blockchainId) : undefined;
            };
            if (host.firstCandidates) {
                // The node's list comes after these in preference, so a match here is the
                // match; only its RPC might come from the node.
                const first = await host.firstCandidates(signal);
                const firstHex = matchIn(first);
                if (firstHex) {
                    const named = namedAs(first, firstHex);
                    const chain = chainOf(firstHex, named, host);
                    if (chain.rpc) return chain;
                }
            }
            const matchHex = matchIn(await host.candidates(signal));
            return matchHex ? byId(matchHex, signal) : undefined;
        },
    };
}

/** What a host has to build the directory's sources from. */
export interface IcmHostParts {
    /** The selected network: `mainnet`, `fuji` (or `testnet`), or `local`. */
    readonly network: string;
    /** The Data API's EVM chains of the network, or on `local` the node's. */
    chains(signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    nodeRpc(): NodeRpcClient;
    readonly nodeUrl: string;
    rpcFor(rpcUrl: string): RpcTarget | undefined;
    /** The Data API: on Mainnet and Fuji its ICM index is asked first (`getIcmMessage`). */
    dataApi?(): Promise<DataApiClient>;
    /** The local networks found on this machine (the extension's; the MCP server has none). */
    localNetworks?(): Promise<readonly LocalNetwork[]>;
    /**
     * The L1 `subnetId`'s validators in a sentence when some are inactive or short of balance
     * (`core/watch/icmValidators.ts`, the watch list's read of an L1), else undefined.
     */
    sourceValidators?(subnetId: string, signal?: AbortSignal): Promise<string | undefined>;
    /**
     * What the relayer the local networks' files name says of a pair of chains
     * (`core/metrics/relayer.ts`: its health API and Prometheus counters, on this machine only).
     */
    relayerReasons?(
        relayer: LocalRelayer,
        source: { readonly name: string; readonly blockchainId: string },
        destination: { readonly name: string; readonly blockchainId: string },
        signal?: AbortSignal,
    ): Promise<string[]>;
}

/** Answers of a source that failed count as none: the others still name chains. */
async function orNone<T>(
    read: () => Promise<readonly T[]>,
    signal?: AbortSignal,
): Promise<readonly T[]> {
    try {
        return await read();
    } catch (error) {
        if (signal?.aborted) throw error;
        return [];
    }
}

/**
 * The sources of one follow, read once each: the local networks' files first (they name the
 * messenger), then the chain list, then the node's blockchains.
 */
export async function icmHost(
    parts: IcmHostParts,
    signal?: AbortSignal,
): Promise<IcmDirectoryHost> {
    const local = parts.localNetworks ? await orNone(() => parts.localNetworks!(), signal) : [];
    let first: Promise<readonly IcmChainCandidate[]> | undefined;
    let candidates: Promise<readonly IcmChainCandidate[]> | undefined;
    const readFirst = (inner?: AbortSignal) =>
        (first ??= orNone(() => parts.chains(inner), inner).then((chains) => [
            ...localNetworkCandidates(local),
            ...chainListCandidates(chains, parts.network === 'local' ? 'node' : 'Data API'),
        ]));
    const read = (inner?: AbortSignal) =>
        (candidates ??= Promise.all([
            readFirst(inner),
            orNone(
                async () =>
                    (
                        await parts
                            .nodeRpc()
                            .call(
                                nodeRpcMethods['platform.getBlockchains'],
                                {},
                                inner ? { signal: inner } : {},
                            )
                    ).blockchains,
                inner,
            ),
        ]).then(([named, blockchains]) => [
            ...named,
            ...nodeBlockchainCandidates(blockchains, parts.nodeUrl),
        ]));
    const indexed =
        parts.dataApi && (parts.network === 'mainnet' || parts.network === 'fuji')
            ? async (messageId: string, inner?: AbortSignal): Promise<IcmIndexed | undefined> => {
                  const api = await parts.dataApi!();
                  try {
                      // The published example sends the id without 0x (avacloud-sdk's
                      // GetIcmMessageRequest).
                      const m = await api.getIcmMessage(
                          { messageId: messageId.replace(/^0x/, '') },
                          { signal: inner ?? signal },
                      );
                      return {
                          sourceEvmChainId: m.sourceEvmChainId,
                          sourceTxHash:
                              'sourceTransaction' in m ? m.sourceTransaction.txHash : undefined,
                          destinationTxHash:
                              'destinationTransaction' in m
                                  ? m.destinationTransaction.txHash
                                  : undefined,
                          receiptDelivered: m.receiptDelivered,
                      };
                  } catch (error) {
                      // Not indexed (an L1 the Data API does not follow, or not yet).
                      if (isHttpError(error) && error.status === 404) return undefined;
                      throw error;
                  }
              }
            : undefined;
    const relayer = local.find((n) => n.relayer?.apiUrl || n.relayer?.metricsUrl)?.relayer;
    const relayerReasons =
        relayer && parts.relayerReasons
            ? (s: IcmChain, d: IcmChain, inner?: AbortSignal) =>
                  parts.relayerReasons!(
                      relayer,
                      { name: s.name, blockchainId: blockchainIdCb58(s.blockchainId) },
                      { name: d.name, blockchainId: blockchainIdCb58(d.blockchainId) },
                      inner ?? signal,
                  )
            : undefined;
    return {
        candidates: (inner) => read(inner ?? signal),
        firstCandidates: (inner) => {
            // The node's list starts now too: the destination is looked up in it later.
            void read(inner ?? signal).catch(() => undefined);
            return readFirst(inner ?? signal);
        },
        ...(relayerReasons ? { relayerReasons } : {}),
        ...(indexed ? { indexedMessage: indexed } : {}),
        rpcFor: (url) => parts.rpcFor(url),
        relayers: localRelayers(local),
        publicNetwork: parts.network !== 'local',
        ...(parts.sourceValidators
            ? {
                  sourceValidators: (subnetId: string, inner?: AbortSignal) =>
                      parts.sourceValidators!(subnetId, inner ?? signal),
              }
            : {}),
    };
}
