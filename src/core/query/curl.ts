/**
 * "Copy as curl" for node queries: the JSON-RPC POST a call sends, as a POSIX shell command. The
 * Data API side is `toCurl(describeRequest(...))` in `dataApi/curl.ts`; node requests carry no key.
 */
import { shellQuote } from '../dataApi/curl';

/** A curl command for a JSON-RPC request (`preview()` of the node client, or a raw one). */
export function jsonRpcCurl(url: string, body: string): string {
    return [
        'curl',
        '-X',
        'POST',
        shellQuote(url),
        '-H',
        shellQuote('content-type: application/json'),
        '--data-raw',
        shellQuote(body),
    ].join(' ');
}

/** The body of a raw call: a JSON-RPC 2.0 envelope with the params as given. */
export function rawRpcBody(method: string, params: unknown): string {
    const envelope: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method };
    if (params !== undefined) envelope['params'] = params;
    return JSON.stringify(envelope);
}
