/**
 * Where a node serves what, and what a caller may ask of it: the endpoint path of each API kind,
 * which endpoints take no JSON-RPC batch, the node's base URL cut back from a pasted endpoint URL,
 * the public API servers, and the checks of a raw endpoint path, method name and params made
 * before anything is sent. The client that sends is ./rpcClient.ts.
 */
import type { EndpointKind } from './methods';
import { checkChain } from './params';
import { ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';

/**
 * The path of an endpoint kind on a node (chain required for `evm` and `validators`). The P- and
 * X-Chain APIs go to their aliases, which every node registers; `refusesBatches` knows them.
 */
export function nodeEndpointPath(kind: EndpointKind, chain?: string): string {
    switch (kind) {
        case 'admin':
            return '/ext/admin';
        case 'info':
            return '/ext/info';
        case 'health':
            return '/ext/health';
        case 'platform':
            return '/ext/bc/P';
        case 'avm':
            return '/ext/bc/X';
        case 'evm':
            return `/ext/bc/${encodeURIComponent(requireChain(chain, 'rpc'))}/rpc`;
        case 'validators':
            return `/ext/bc/${encodeURIComponent(requireChain(chain, 'validators'))}/validators`;
    }
}

function requireChain(chain: string | undefined, suffix: string): string {
    if (chain === undefined) {
        throw new ValidationError(
            'chain',
            chain,
            phrase(
                'a blockchain id or alias (this method is served on /ext/bc/<chain>/{0})',
                suffix,
            ),
        );
    }
    return checkChain(chain);
}

/** Hosts of the public API servers, which never offer the admin API or node-specific methods. */
export const publicHosts: ReadonlySet<string> = new Set([
    'api.avax.network',
    'api.avax-test.network',
]);

/**
 * AvalancheGo's own JSON-RPC services (gorilla/rpc with its json2 codec) read one request object
 * per body: a JSON array gets code -32700 "cannot unmarshal array" (measured on avalanchego
 * v1.14.2, see test/fixtures/realnode). That covers `/ext/info`, `/ext/admin`, `/ext/health`, the P- and X-Chain
 * APIs and Subnet-EVM's `/validators`; only the EVM chains' `/rpc` take batches.
 */
export function refusesBatches(path: string): boolean {
    return /^\/ext\/(info|admin|health|bc\/(P|X|platform|avm)|bc\/[^/]+\/validators)\/?$/.test(
        path,
    );
}

/** Checks a node base URL and cuts a pasted endpoint URL back to the base. */
export function normaliseNodeUrl(url: string): string {
    const allowed = phrase('an http:// or https:// node URL such as http://127.0.0.1:9650');
    let parsed: URL;
    try {
        parsed = new URL(url.trim());
    } catch {
        throw new ValidationError('url', url, allowed);
    }
    if (
        (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
        parsed.username ||
        parsed.password
    ) {
        throw new ValidationError(
            'url',
            url,
            phrase(
                'an http:// or https:// node URL such as http://127.0.0.1:9650, without credentials',
            ),
        );
    }
    const extAt = parsed.pathname.indexOf('/ext/');
    const path = extAt >= 0 ? parsed.pathname.slice(0, extAt) : parsed.pathname;
    return `${parsed.origin}${path.replace(/\/+$/, '')}`;
}

/** Checks an endpoint path given by a caller (raw calls, batches, the metrics page). */
export function checkEndpointPath(path: unknown): string {
    if (
        typeof path !== 'string' ||
        !/^\/[A-Za-z0-9._~%/-]*$/.test(path) ||
        path.split('/').some((segment) => segment === '..' || segment === '.')
    ) {
        throw new ValidationError(
            'endpoint path',
            path,
            phrase('a path such as /ext/info or /ext/bc/C/rpc'),
        );
    }
    return path;
}

/** Checks a method name given by a caller (raw calls and raw batch entries). */
export function checkMethodName(name: unknown): string {
    if (typeof name !== 'string' || !/^[A-Za-z0-9_.]{1,200}$/.test(name)) {
        throw new ValidationError(
            'method',
            name,
            phrase('a method name such as info.peers or eth_chainId'),
        );
    }
    return name;
}

/** Checks raw params: an object, a list, or nothing, as JSON-RPC 2.0 allows. */
export function checkRawParams(params: unknown): void {
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
        throw new ValidationError('params', params, phrase('an object, a list, or nothing'));
    }
}
