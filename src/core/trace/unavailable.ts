/**
 * Why a node cannot trace a transaction, as typed errors whose sentences say what to change and
 * where: never a bare "-32601 method not found".
 *
 * What the sentences rest on, read in avalanchego's sources:
 * - coreth and Subnet-EVM at v1.14.2 serve `debug_trace*` only when the chain config's `eth-apis`
 *   lists `debug-tracer` (`APIs` in graft/coreth/eth/tracers/api.go); a list given replaces the
 *   default one (`NewDefaultConfig` in graft/coreth/plugin/evm/config/default_config.go and its
 *   Subnet-EVM copy), so the snippet repeats the defaults.
 * - The Helicon C-Chain (AvalancheGo 1.15, `vms/saevm`) registers the tracing API unless its
 *   `rpc.Config.DisableTracing` is set, and its chain config (`vms/saevm/cchain/config.go` at
 *   v1.15.0-fuji) has no key for it: such a node serves `debug_trace*` as it is.
 * - Chain configs: `<chain-config-dir>/<blockchain id or alias>/config.json` (default
 *   `~/.avalanchego/configs/chains`), or `--chain-config-content` (base64 of
 *   `{"<chain>": {"Config": "<base64 of the config>"}}`), read when the node starts
 *   (config/config.go `getChainConfigs`); avalanche-cli keeps an L1's in
 *   `~/.avalanche-cli/subnets/<name>/chain.json` (`avalanche blockchain configure`); tmpnet keeps
 *   the primary chains' in the network's `config.json` (`primaryChainConfigs`) and an L1's as the
 *   chain's `Config` string in `subnets/<name>.json` (tests/fixture/tmpnet).
 * - Pruned state: `required historical state unavailable (reexec=N)` when the re-execution from
 *   the nearest kept state would be longer than `reexec` blocks (eth/state_accessor.go), `missing
 *   trie node` from the trie itself.
 */
import { inertLine } from '../text/inert';
import { formatNumber } from '../format';

/** Why a trace cannot be had. */
export type TraceUnavailableReason =
    /** The chain's node does not serve `debug_traceTransaction`. */
    | 'tracer-off'
    /** A public API endpoint, which never serves it. */
    | 'public-endpoint'
    /** The node no longer has the state the transaction ran on. */
    | 'state-pruned'
    /** The node does not know the transaction (or it is not mined yet). */
    | 'unknown-transaction'
    /** The node refuses JavaScript tracers: the call tree comes, the failing lines do not. */
    | 'js-tracer-refused'
    /** The node stopped tracing at its time limit. */
    | 'timeout';

/** The error name `isTraceUnavailableError` tests (errors cross bundle boundaries). */
const traceUnavailableErrorName = 'TraceUnavailableError';

/** A trace the node cannot give, with the sentence that says why and what to change. */
export class TraceUnavailableError extends Error {
    override readonly name: string = traceUnavailableErrorName;
    constructor(
        message: string,
        readonly reason: TraceUnavailableReason,
        /** The chain configuration that turns tracing on, when that is the remedy (JSON). */
        readonly configSnippet: string | undefined,
        /** Where that configuration goes, most specific first (files and commands, as text). */
        readonly configPlaces: readonly string[],
        /** The node's own error text, inert and bounded. */
        readonly nodeText: string,
    ) {
        super(message);
    }
}

/** True for a `TraceUnavailableError` of any bundle. */
export function isTraceUnavailableError(error: unknown): error is TraceUnavailableError {
    return (
        typeof error === 'object' &&
        error !== null &&
        (error as { name?: unknown }).name === traceUnavailableErrorName
    );
}

/** What the caller knows of the chain, for the sentences that say how to turn tracing on. */
export interface TraceChain {
    /**
     * `c-chain`: the Primary Network's C-Chain (coreth, or Helicon's SAE C-Chain from AvalancheGo
     * 1.15); `subnet-evm`: an L1 or subnet chain running Subnet-EVM; `evm`: any other EVM server.
     */
    readonly kind: 'c-chain' | 'subnet-evm' | 'evm';
    /** The chain's name, for the sentence. */
    readonly name?: string | undefined;
    /** Its blockchain id (cb58), which names its chain config folder. */
    readonly blockchainId?: string | undefined;
    /** Where this machine's discovery found the chain's local network (core/local). */
    readonly local?: TraceChainLocal | undefined;
}

/** The discovery's files of a local network, as `core/local` reads them. */
export interface TraceChainLocal {
    readonly source: 'avalanche-cli' | 'tmpnet' | 'probe';
    /** The tmpnet network directory (avalanche-cli's local networks are tmpnet networks too). */
    readonly networkDir?: string | undefined;
    /** The file the L1 was read from: avalanche-cli's `sidecar.json` or tmpnet's subnet file. */
    readonly l1File?: string | undefined;
    /** The L1's name as that file gives it. */
    readonly l1Name?: string | undefined;
}

/**
 * The default `eth-apis` of coreth and Subnet-EVM (v1.14.2 `NewDefaultConfig`), which a chain
 * config's list replaces, followed by `debug-tracer`.
 */
export const tracingEthApis: readonly string[] = [
    'eth',
    'eth-filter',
    'net',
    'web3',
    'internal-eth',
    'internal-blockchain',
    'internal-transaction',
    'debug-tracer',
];

/** The chain config that turns tracing on, as JSON text. */
export function tracingConfigSnippet(): string {
    return JSON.stringify({ 'eth-apis': tracingEthApis });
}

const text = (value: string | undefined, max = 120): string => inertLine(value ?? '', max);

function dirOf(file: string): string {
    const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
    return cut > 0 ? file.slice(0, cut) : file;
}

/** Where the chain config of `chain` goes, most specific first. */
function chainConfigPlaces(chain: TraceChain): string[] {
    const places: string[] = [];
    const local = chain.local;
    const folder = chain.kind === 'c-chain' ? 'C' : text(chain.blockchainId) || '<blockchain id>';
    if (chain.kind !== 'c-chain' && local?.source === 'avalanche-cli' && local.l1File) {
        const name = text(local.l1Name) || '<name>';
        places.push(
            `avalanche-cli's chain config of ${name}: ${text(dirOf(local.l1File), 300)}/chain.json (beside ${text(local.l1File, 300)}), or \`avalanche blockchain configure ${name}\``,
        );
    }
    if (chain.kind !== 'c-chain' && local?.source === 'tmpnet' && local.l1File) {
        places.push(
            `the chain's "Config" (the JSON as a string) in tmpnet's subnet file ${text(local.l1File, 300)}`,
        );
    }
    if (chain.kind === 'c-chain' && local?.networkDir) {
        places.push(
            `"primaryChainConfigs": {"C": …} in the network's ${text(local.networkDir, 300)}/config.json (tmpnet; avalanche-cli's local network is one)`,
        );
    }
    places.push(
        `AvalancheGo's chain config directory: <--chain-config-dir>/${folder}/config.json (by default ~/.avalanchego/configs/chains/${folder}/config.json), or the same JSON under "${folder}" in --chain-config-content`,
    );
    return places;
}

/** The node's text, for the end of a sentence. */
function said(nodeText: string): string {
    return nodeText ? ` (the node says: ${nodeText})` : '';
}

/** The chain in words, for the start of a sentence. */
function chainWords(chain: TraceChain): string {
    const name = text(chain.name);
    if (chain.kind === 'c-chain') return name ? `The C-Chain (${name})` : 'The C-Chain';
    return name ? `Chain ${name}` : 'This chain';
}

/** The error for a node that does not serve `debug_traceTransaction`. */
export function tracerOffError(chain: TraceChain, nodeText: string): TraceUnavailableError {
    const snippet = tracingConfigSnippet();
    const places = chainConfigPlaces(chain);
    const where = places.join('; or ');
    const message =
        chain.kind === 'c-chain'
            ? `${chainWords(chain)} does not serve debug_traceTransaction on this node${said(nodeText)}. Before AvalancheGo 1.15 the C-Chain traces only with "debug-tracer" in its chain config's "eth-apis", which replaces the default list, so keep the defaults: ${snippet} in ${where}; then restart the node. From the Helicon upgrade (AvalancheGo 1.15) the C-Chain traces without configuration, so such a node that refuses is behind a proxy that filters methods.`
            : chain.kind === 'subnet-evm'
              ? `${chainWords(chain)} does not serve debug_traceTransaction on this node${said(nodeText)}: Subnet-EVM traces only with "debug-tracer" in the chain config's "eth-apis", which replaces the default list, so keep the defaults (and any other names the file lists): ${snippet} in ${where}; then restart the node.`
              : `${chainWords(chain)}'s endpoint does not serve debug_traceTransaction${said(nodeText)}. On an Avalanche node, a Subnet-EVM chain or the C-Chain before AvalancheGo 1.15 traces only with "debug-tracer" in its chain config's "eth-apis": ${snippet} in ${where}; then restart the node.`;
    return new TraceUnavailableError(message, 'tracer-off', snippet, places, nodeText);
}

/** The error for a public API endpoint. */
export function publicEndpointError(chain: TraceChain, nodeText: string): TraceUnavailableError {
    const snippet = tracingConfigSnippet();
    const places = chainConfigPlaces(chain);
    return new TraceUnavailableError(
        `Public API endpoints do not serve debug_traceTransaction${said(nodeText)}. Trace on a node of your own with the tracer on: ${snippet} in ${places.join('; or ')}.`,
        'public-endpoint',
        snippet,
        places,
        nodeText,
    );
}

/** The error for a node that pruned the state the transaction ran on. */
export function statePrunedError(
    chain: TraceChain,
    block: number | undefined,
    nodeText: string,
): TraceUnavailableError {
    const snippet = JSON.stringify({ 'pruning-enabled': false });
    const places = chainConfigPlaces(chain);
    const at = block === undefined ? 'the block' : `block ${formatNumber(block)}`;
    return new TraceUnavailableError(
        `The node no longer has the state before ${at} to replay this transaction${said(nodeText)}: it keeps only recent state (pruning, the default). Trace on an archive node (${snippet} in ${places.join('; or ')}, on a node that syncs the chain from the start with it), or trace recent transactions.`,
        'state-pruned',
        snippet,
        places,
        nodeText,
    );
}

/** The error for a transaction the node does not know. */
export function unknownTransactionError(hash: string, nodeText: string): TraceUnavailableError {
    return new TraceUnavailableError(
        `The node does not know transaction ${text(hash, 70)}, or it is not in a block yet${said(nodeText)}.`,
        'unknown-transaction',
        undefined,
        [],
        nodeText,
    );
}

/** The error for a node that refuses JavaScript tracers (the call tree still comes). */
export function jsTracerRefusedError(nodeText: string): TraceUnavailableError {
    return new TraceUnavailableError(
        `The node refuses JavaScript tracers${said(nodeText)}, so the instruction each call failed at, and its Solidity line, cannot be found; the call tree and the decoded errors are shown.`,
        'js-tracer-refused',
        undefined,
        [],
        nodeText,
    );
}

/** The error for a trace the node stopped at its time limit. */
export function traceTimeoutError(seconds: number, nodeText: string): TraceUnavailableError {
    return new TraceUnavailableError(
        `The node stopped tracing after ${seconds} s${said(nodeText)}: the transaction runs too many instructions to replay in that time.`,
        'timeout',
        undefined,
        [],
        nodeText,
    );
}
