/**
 * Local Avalanche networks found on this machine without any setting: what avalanche-cli and
 * AvalancheGo's tmpnet leave in the home directory, what Interchain Kit leaves in a project, or a
 * node answering on a loopback port. The types here are what the node picker and the views show;
 * `parseLocalFiles.ts` and `interchainKit.ts` turn the tools' files into them, and
 * `platform/localNetworks.ts` reads the files.
 *
 * Everything in those files is untrusted: any process of the user can write them, so a URL that
 * leaves the machine is kept (the user may run a node elsewhere on purpose) but flagged
 * `offLoopback`, and the UI asks before it sends anything there.
 */
import { parseUrl } from '../httpUrl';

/** Which tool left the network behind. */
export type LocalNetworkSource = 'avalanche-cli' | 'tmpnet' | 'interchain-kit' | 'probe';

/** One AvalancheGo process of a local network. */
export interface LocalNode {
    /** The node's base URL (an origin, such as `http://127.0.0.1:9650`). */
    readonly uri: string;
    readonly nodeId?: string;
    /** From `process.json`; absent for a node found by the probe. */
    readonly pid?: number;
    /** `host:port` of the staking (P2P) listener, as `process.json` has it. */
    readonly stakingAddress?: string;
    readonly source: LocalNetworkSource;
    /** The `process.json` the node was read from. */
    readonly sourceFile?: string;
    /** The URI names a host other than this machine: ask before sending it anything. */
    readonly offLoopback?: true;
}

/** One L1 (a chain of a subnet) deployed on a local network. */
export interface LocalL1 {
    readonly name: string;
    readonly subnetId?: string;
    readonly blockchainId?: string;
    /** JSON-RPC URLs of the chain, the ones of running nodes first. */
    readonly rpcUrls: readonly string[];
    readonly evmChainId?: number;
    readonly vmId?: string;
    /** avalanche-cli's VM kind (`Subnet-EVM`, `Custom`). */
    readonly vm?: string;
    readonly tokenSymbol?: string;
    /** The ICM (Teleporter) messenger contract. */
    readonly icmMessenger?: string;
    /** The ICM (Teleporter) registry contract. */
    readonly icmRegistry?: string;
    readonly validatorManager?: string;
    /** The blockchain the validator manager runs on, when the sidecar names it (it may be another L1's or the C-Chain). */
    readonly validatorManagerBlockchainId?: string;
    /** The PoS specialization in front of the validator manager, when avalanche-cli deployed one. */
    readonly specializedValidatorManager?: string;
    /** The owner avalanche-cli gave the validator manager (sidecar-wide). */
    readonly validatorManagerOwner?: string;
    /** The owner of the validator manager's proxy admin (sidecar-wide). */
    readonly proxyContractOwner?: string;
    /** The file the L1 was read from (a sidecar, a tmpnet subnet file, Interchain Kit's network.json). */
    readonly sourceFile: string;
    /** At least one of `rpcUrls` names a host other than this machine. */
    readonly offLoopback?: true;
}

/**
 * The ICM relayer a tool runs beside its network (Interchain Kit's icm-relayer): the EOA it
 * delivers messages with on every chain, and where its API and metrics listen.
 */
export interface LocalRelayer {
    readonly address?: string;
    /** The relayer's HTTP API, `http://127.0.0.1:<api-port>`. */
    readonly apiUrl?: string;
    /** Its Prometheus metrics, `http://127.0.0.1:<metrics-port>`. */
    readonly metricsUrl?: string;
}

/** A running local network: its nodes and the L1s deployed on it. */
export interface LocalNetwork {
    /** Stable across rescans: the source and the network's directory (or the probed URI). */
    readonly key: string;
    readonly name: string;
    readonly networkId?: number;
    /** The tmpnet network directory, or Interchain Kit's work directory, with symlinks resolved. */
    readonly dir?: string;
    readonly nodes: readonly LocalNode[];
    readonly l1s: readonly LocalL1[];
    readonly source: LocalNetworkSource;
    /**
     * The C-Chain as the tool recorded it, when it does (Interchain Kit: its ICM contracts and
     * RPC URL). Not an L1, so not among `l1s`.
     */
    readonly cChain?: LocalL1;
    /** The ICM relayer the tool runs, when its files say. */
    readonly relayer?: LocalRelayer;
    /** The signature aggregator's HTTP API, when the tool runs one (`http://127.0.0.1:<port>`). */
    readonly signatureAggregatorUrl?: string;
}

/** Longest name or other free text kept from a file. */
const maxLocalTextLength = 200;
/** Longest URL kept from a file. */
export const maxLocalUrlLength = 2048;

const ipv4Loopback = /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** True for a host name that always means this machine. */
function isLoopbackHost(hostname: string): boolean {
    const host = hostname.toLowerCase();
    return host === 'localhost' || host === '[::1]' || host === '::1' || ipv4Loopback.test(host);
}

/** A checked URL and whether it leaves the machine. */
export interface CheckedUrl {
    readonly url: string;
    readonly offLoopback: boolean;
}

/**
 * Checks an http(s) URL from a file: no credentials, bounded length. `origin` cuts it to
 * `scheme://host:port` (a node's base URL); otherwise path and query are kept (an RPC endpoint).
 * AvalancheGo writes its URI from the listener's address (`node/node.go`,
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/node/node.go), which is the unspecified
 * address when it listens on every interface: that node is reachable on loopback, so it becomes
 * 127.0.0.1.
 */
export function checkLocalUrl(value: unknown, origin: boolean): CheckedUrl | undefined {
    if (typeof value !== 'string' || value.length === 0 || value.length > maxLocalUrlLength) {
        return undefined;
    }
    const url = parseUrl(value);
    if (url === undefined) return undefined;
    if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
    if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
    url.hash = '';
    const text = origin ? url.origin : url.href.replace(/\/$/, '');
    return { url: text, offLoopback: !isLoopbackHost(url.hostname) };
}

/** Free text from a file: a string without control characters, trimmed and bounded. */
export function boundedText(value: unknown, max = maxLocalTextLength): string | undefined {
    if (typeof value !== 'string') return undefined;
    const text = value
        .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
        .trim();
    if (text.length === 0) return undefined;
    return text.length > max ? text.slice(0, max) : text;
}

/** The JSON-RPC URL of a chain on a node (AvalancheGo serves each chain at /ext/bc/<id>/rpc). */
export function chainRpcUrl(nodeUri: string, blockchainId: string): string {
    return `${nodeUri}/ext/bc/${blockchainId}/rpc`;
}

/**
 * Nodes found by the probe as networks of their own (one node each, no L1s known), leaving out
 * those a listed network already has: the node picker shows each node once.
 */
export function probedLocalNetworks(
    probed: readonly LocalNode[],
    listed: readonly LocalNetwork[] = [],
): LocalNetwork[] {
    const known = new Set(listed.flatMap((network) => network.nodes.map((node) => node.uri)));
    return probed
        .filter((node) => !known.has(node.uri))
        .map((node) => ({
            key: `probe:${node.uri}`,
            name: `Node at ${new URL(node.uri).host}`,
            nodes: [node],
            l1s: [],
            source: 'probe' as const,
        }));
}
