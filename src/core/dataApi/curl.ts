/**
 * "Copy as curl": renders a described request as a POSIX shell command. Every value is single-
 * quoted, so nothing in a URL, header or body (which may hold text typed by the user) is expanded
 * by the shell.
 */
import { type DescribedRequest, redactedKey } from './dataApiClient';

/** Quotes text for a POSIX shell: inside single quotes only `'` itself needs care. */
export function shellQuote(text: string): string {
    return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command equivalent to the request. Secret headers are replaced by `<API_KEY>` unless
 * `includeKey` is set (and the request was described with its key).
 */
export function toCurl(request: DescribedRequest, options: { includeKey?: boolean } = {}): string {
    const parts = ['curl'];
    if (request.method !== 'GET') parts.push('-X', request.method);
    parts.push(shellQuote(request.url));
    for (const [name, value] of Object.entries(request.headers)) {
        const secret = request.secretHeaders.includes(name);
        const shown = secret && !options.includeKey ? redactedKey : value;
        parts.push('-H', shellQuote(`${name}: ${shown}`));
    }
    if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
    return parts.join(' ');
}
