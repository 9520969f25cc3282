/**
 * Where an EVM chain's JSON-RPC endpoint lives. The Data API lists each chain's `rpcUrl`
 * (https://developers.avacloud.io/data-api/evm-chains/list-chains), which may be on another host
 * than the selected node, and may sit behind a reverse proxy under a path prefix. It imports only
 * the dependency-free `../httpUrl` at run time, so the VS Code layer can use it without loading
 * the core bundle.
 */
import { parseUrl } from '../httpUrl';
import type { NodeRpcClient } from './rpcClient';

/** A JSON-RPC client for an endpoint's base URL, and the endpoint path to send to. */
export interface RpcTarget {
    readonly client: NodeRpcClient;
    readonly path: string;
}

/**
 * Splits an RPC URL into the node's base URL and the endpoint path: everything before `/ext/`
 * stays in the base, so `https://host/avax/ext/bc/C/rpc` (a node behind a proxy at `/avax`) is
 * base `https://host/avax` and path `/ext/bc/C/rpc`, the shape AvalancheGo serves
 * (https://build.avax.network/docs/api-reference/c-chain/api). A URL without `/ext/` is a plain
 * EVM endpoint: its whole path is the endpoint. Undefined for anything but http(s).
 */
export function splitRpcUrl(rpcUrl: string): { base: string; path: string } | undefined {
    const url = parseUrl(rpcUrl);
    if (url === undefined) return undefined;
    const at = url.pathname.indexOf('/ext/');
    if (at < 0) return { base: url.origin, path: url.pathname === '' ? '/' : url.pathname };
    return { base: `${url.origin}${url.pathname.slice(0, at)}`, path: url.pathname.slice(at) };
}
