/**
 * Removes credentials from text before it is logged or shown. Pure, so the patterns are unit-tested.
 */
import { parseUrl } from '../core/httpUrl';

export const redactedMarker = '[redacted]';

/** Secrets shorter than this are not searched for: replacing two letters everywhere helps no one. */
const minSecretLength = 6;

function escapeRegExp(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every occurrence of a known secret value, and the value after any of `headerNames` in
 * `name: value`, `"name": "value"` and `name=value` forms (headers dumped in logs, JSON, query
 * strings), with {@link redactedMarker}.
 */
export function redact(
    text: string,
    secrets: Iterable<string>,
    headerNames: Iterable<string>,
): string {
    let out = text;
    for (const secret of secrets) {
        if (secret.length >= minSecretLength) out = out.split(secret).join(redactedMarker);
    }
    for (const name of headerNames) {
        if (name.length === 0) continue;
        const re = new RegExp(
            `(${escapeRegExp(name)}["']?\\s*[:=]\\s*["']?)(?!\\[redacted\\])[^\\s"',;&}]+`,
            'gi',
        );
        out = out.replace(re, `$1${redactedMarker}`);
    }
    return out;
}

/**
 * A path segment that looks like an access token: what providers put in a node URL
 * (`https://x.quiknode.pro/<token>/`, Infura's `/v3/<project id>`, Ankr's and GetBlock's hex keys,
 * Blast's UUIDs, Chainstack's `/ext/bc/C/rpc/<key>`). Sixteen or more URL-safe characters mixing
 * letters and digits, or thirty-two or more of any kind. Words (`ext`, `rpc`, `avalanche-mainnet`),
 * versions (`v1`) and numbers (chain ids, ports) stay.
 */
function looksLikeToken(segment: string): boolean {
    if (!/^[A-Za-z0-9._~+=%-]+$/.test(segment)) return false;
    if (segment.length >= 32) return true;
    return segment.length >= 16 && /[A-Za-z]/.test(segment) && /[0-9]/.test(segment);
}

/**
 * A chain alias or a cb58 blockchain id (base58: no 0, O, I or l) in the segment after `/ext/bc/`:
 * AvalancheGo's own route, whose ids are public and say which chain a URL reads.
 */
const chainSegment = /^[1-9A-HJ-NP-Za-km-z]{1,64}$/;

/** The path's segments as written, each with whether it is public because of where it stands. */
function pathSegments(pathname: string): { text: string; chain: boolean }[] {
    const parts = pathname.split('/');
    return parts.map((text, i) => ({
        text,
        chain: i >= 2 && parts[i - 2] === 'ext' && parts[i - 1] === 'bc' && chainSegment.test(text),
    }));
}

/** `k=v&k2=v2` as written (not decoded, so the pieces are found in the text as they appear). */
function queryItems(query: string): { key: string; value: string | undefined }[] {
    if (query === '') return [];
    return query.split('&').map((item) => {
        const eq = item.indexOf('=');
        return eq === -1
            ? { key: item, value: undefined }
            : { key: item.slice(0, eq), value: item.slice(eq + 1) };
    });
}

/** Query keys whose values are credentials (`apikey`, `access_token`, `sig`, dRPC's `dkey`, …). */
const secretKey = /key|token|secret|auth|pass|pwd|sig|session|credential|jwt|bearer|code/i;

/**
 * `url` as it may be shown in a log line, a tooltip or an answer: scheme, host, port and the
 * public parts of the path, with {@link redactedMarker} for the user name and password, every
 * query value, the fragment, and each path segment that looks like an access token (sixteen or
 * more characters of `[A-Za-z0-9._~+=%-]` mixing letters and digits, or thirty-two or more). The
 * segment after `/ext/bc/` stays when it is a chain alias or a cb58 blockchain id (public, and it
 * names the chain). The host stays: it says which provider, and a provider's name is no secret.
 * Text that is not a URL is all hidden, since its parts cannot be told apart. Pure.
 *
 * `https://u:p@x.quiknode.pro/4f1c…9a/ext/bc/C/rpc?k=v` →
 * `https://[redacted]@x.quiknode.pro/[redacted]/ext/bc/C/rpc?k=[redacted]`.
 */
export function redactUrlSecrets(url: string): string {
    const parsed = parseUrl(url.trim(), 'any');
    if (!parsed) return redactedMarker;
    const afterScheme = url.trim().slice(parsed.protocol.length);
    const hasAuthority = afterScheme.startsWith('//');
    // `new URL` gives `https://host` the path `/`; shown as written, without it.
    const noPath =
        parsed.pathname === '/' && !afterScheme.replace(/^\/\/[^/?#]*/, '').startsWith('/');
    const userinfo = parsed.username !== '' || parsed.password !== '' ? `${redactedMarker}@` : '';
    const path = noPath
        ? ''
        : pathSegments(parsed.pathname)
              .map((s) => (!s.chain && looksLikeToken(s.text) ? redactedMarker : s.text))
              .join('/');
    const items = queryItems(parsed.search.slice(1)).map(({ key, value }) =>
        value !== undefined
            ? `${key}=${redactedMarker}`
            : looksLikeToken(key)
              ? redactedMarker
              : key,
    );
    const query = parsed.search === '' ? '' : `?${items.join('&')}`;
    const fragment = parsed.hash === '' ? '' : `#${redactedMarker}`;
    const authority = hasAuthority ? `//${userinfo}${parsed.host}` : '';
    return `${parsed.protocol}${authority}${path}${query}${fragment}`;
}

/**
 * The secret pieces of `url`, to add to {@link redact}'s list so that text quoting the URL (an
 * error message, a node's status) hides them too: the user name and password, the path segments
 * that {@link redactUrlSecrets} hides, and the query and fragment values that are credentials by
 * their key's name (`apikey=…`, `token=…`) or look like a token. Other query values (`network=
 * mainnet`) are left out: `redact` replaces a secret everywhere in the text, and a common word
 * would be blanked wherever it appears. Each piece comes as written in the URL and, when it
 * differs, percent-decoded; longest first, so that a piece inside another is not replaced before
 * the longer one. Empty for text that is not a URL. Pure.
 */
export function urlSecrets(url: string): string[] {
    const parsed = parseUrl(url.trim(), 'any');
    if (!parsed) return [];
    const found: string[] = [parsed.username, parsed.password];
    for (const s of pathSegments(parsed.pathname)) {
        if (!s.chain && looksLikeToken(s.text)) found.push(s.text);
    }
    for (const part of [parsed.search.slice(1), parsed.hash.slice(1)]) {
        for (const { key, value } of queryItems(part)) {
            if (value === undefined) {
                if (looksLikeToken(key)) found.push(key);
            } else if (secretKey.test(key) || looksLikeToken(value)) {
                found.push(value);
            }
        }
    }
    const withDecoded = found.flatMap((piece) => {
        try {
            const decoded = decodeURIComponent(piece);
            return decoded === piece ? [piece] : [piece, decoded];
        } catch {
            return [piece];
        }
    });
    return [...new Set(withDecoded.filter((piece) => piece !== ''))].sort(
        (a, b) => b.length - a.length,
    );
}
