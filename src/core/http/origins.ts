/**
 * Which hosts a URL the user did not choose may reach. A chain list's `rpcUrl`, a workspace or
 * network file, or an agent's argument can name any URL; sending to it blindly would let whoever
 * wrote it make the editor POST to `http://127.0.0.1/internal-admin/…`, a router, or a cloud
 * metadata address, from inside the user's network. Such a URL is called only when it is a
 * public `https` host, or its origin is one the user chose (the selected node, a built-in
 * public node, a local network found on this machine) or approved (`avalanche.rpc.allowedOrigins`).
 * Pure, so the address classes are unit-tested; `privateAddressLookup` also checks what a
 * public-looking name resolves to, at connect time.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

/** Where the origins a URL may reach come from. */
export interface OriginPolicy {
    /** Origins the user chose: the selected node, the built-in public nodes, local networks found. */
    readonly chosen: readonly string[];
    /** Origins the user approved (a setting only the user can set). */
    readonly approved: readonly string[];
}

/** True when both URLs parse and share scheme, host and port. */
export function sameOrigin(a: string, b: string): boolean {
    try {
        return new URL(a).origin === new URL(b).origin;
    } catch {
        return false;
    }
}

/** True when `url` is on an origin the user chose (where no approval is needed at all). */
export function isChosenOrigin(url: string, policy: OriginPolicy): boolean {
    return policy.chosen.some((chosen) => sameOrigin(chosen, url));
}

/** The IPv4 ranges that are not the public internet (RFC 6890 and its updates). */
const privateV4: readonly [number, number][] = [
    [0x00000000, 8], // "this" network
    [0x0a000000, 8], // private
    [0x64400000, 10], // carrier-grade NAT
    [0x7f000000, 8], // loopback
    [0xa9fe0000, 16], // link-local, cloud metadata (169.254.169.254)
    [0xac100000, 12], // private
    [0xc0000000, 24], // IETF protocol assignments
    [0xc0000200, 24], // documentation
    [0xc0a80000, 16], // private
    [0xc6120000, 15], // benchmarking
    [0xc6336400, 24], // documentation
    [0xcb007100, 24], // documentation
    [0xe0000000, 4], // multicast
    [0xf0000000, 4], // reserved, broadcast
];

function v4Number(ip: string): number | undefined {
    const parts = ip.split('.');
    if (parts.length !== 4) return undefined;
    let n = 0;
    for (const part of parts) {
        const octet = Number(part);
        if (!/^\d{1,3}$/.test(part) || octet > 255) return undefined;
        n = n * 256 + octet;
    }
    return n;
}

/** True for an IP address that is not on the public internet (loopback, private, link-local…). */
export function isPrivateAddress(address: string): boolean {
    const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
    const kind = isIP(ip);
    if (kind === 4) {
        const n = v4Number(ip)!;
        return privateV4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
    }
    if (kind !== 6) return false;
    // IPv4-mapped and -compatible forms carry an IPv4 address in their last 32 bits.
    const mapped = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
    if (mapped) return isPrivateAddress(mapped[1]!);
    const hexMapped = /^(?:0*:)*ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ip);
    if (hexMapped) {
        const n = parseInt(hexMapped[1]!, 16) * 65536 + parseInt(hexMapped[2]!, 16);
        return isPrivateAddress([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
    }
    if (ip === '::' || ip === '::1') return true;
    const first = parseInt(ip.split(':')[0] || '0', 16);
    return (
        (first & 0xfe00) === 0xfc00 || // unique local
        (first & 0xffc0) === 0xfe80 || // link-local
        (first & 0xff00) === 0xff00 || // multicast
        (first === 0x2001 && /^2001:0*db8:/.test(ip)) // documentation
    );
}

/** Names that never denote a public host. */
const localNames = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|corp)$/i;

/**
 * Why `url` is not a public https host, in a few words; undefined when it is one. A host name
 * without a dot is a local name; an IP literal is judged by its range.
 */
export function notPublicHttps(url: URL): string | undefined {
    if (url.protocol !== 'https:') return 'not https';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0) return isPrivateAddress(host) ? 'a private or local address' : undefined;
    if (localNames.test(host) || !host.includes('.')) return 'a local host name';
    return undefined;
}

/**
 * The sentence that refuses `rawUrl` under `policy`, or undefined when it may be called. `source`
 * says where such URLs come from, for the sentence.
 */
export function originRefusal(
    rawUrl: string,
    policy: OriginPolicy,
    source = 'a chain list, a file or an agent',
): string | undefined {
    let url: URL;
    try {
        url = new URL(rawUrl);
    } catch {
        return `Not called: the RPC URL from ${source} is not a URL.`;
    }
    if (isChosenOrigin(rawUrl, policy) || policy.approved.some((a) => sameOrigin(a, rawUrl))) {
        return undefined;
    }
    const origin = url.origin;
    const why = notPublicHttps(url);
    if (why === undefined) return undefined;
    const shown = origin.length > 120 ? `${origin.slice(0, 119)}…` : origin;
    return `Not called: ${shown} is ${why}, and you did not choose or approve it (the URL came from ${source}). If you trust it, add ${shown} to the setting avalanche.rpc.allowedOrigins.`;
}

/**
 * A DNS lookup that refuses private and local results, for connections to hosts the user did not
 * choose: a public-looking name may resolve to 127.0.0.1 or a metadata address.
 */
export function privateAddressLookup(
    hostname: string,
    options: LookupOptions,
    callback: (
        error: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
    ) => void,
): void {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, [], undefined);
        const list = addresses;
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (bad) {
            const refused: NodeJS.ErrnoException = new Error(
                `${hostname} resolves to ${bad.address}, a private or local address, which a URL you did not choose may not reach.`,
            );
            refused.code = 'EPRIVATEADDRESS';
            return callback(refused, [], undefined);
        }
        if (options.all) return callback(null, list);
        const first = list[0];
        if (!first)
            return callback(
                Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
                [],
                undefined,
            );
        return callback(null, first.address, first.family);
    });
}
