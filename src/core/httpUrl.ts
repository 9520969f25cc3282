/**
 * The one parse behind every "is this a web URL" check: link targets in Markdown, RPC URLs from
 * the Data API, node URLs from the local-network files. Dependency-free, so that the modules that
 * load at activation (scripts/eslint/layers.mjs) can import it.
 */

/**
 * `text` parsed as an absolute URL (https://url.spec.whatwg.org/#concept-url-parser), or undefined
 * when it does not parse. With `schemes` `'http'` (the default) only `http:` and `https:` pass, so
 * `command:`, `javascript:`, `file:` and `data:` are refused; `'any'` keeps every scheme, for a
 * caller whose input was checked before.
 */
export function parseUrl(text: string, schemes: 'http' | 'any' = 'http'): URL | undefined {
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        return undefined;
    }
    if (schemes === 'http' && url.protocol !== 'http:' && url.protocol !== 'https:') {
        return undefined;
    }
    return url;
}
