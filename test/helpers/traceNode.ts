/**
 * A loopback node that answers what the real node answered to the call-trace requests
 * (test/fixtures/trace/answers.json, recorded by test/realnode/recordTrace.ts), at
 * /ext/bc/C/rpc and /ext/bc/L1/rpc, with faults put in its answers where a test asks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { listenOnLoopback } from './loopbackServer';
import { recordedTraces } from './traces';

const recorded = recordedTraces();

/** Answers to replace the recorded ones: by method, and for the step trace by `step`. */
export interface Faults {
    callTracer?: { error: { code: number; message: string } } | { result: unknown };
    step?: { error: { code: number; message: string } };
    receipt?: null;
}

/**
 * What a hover asks besides the trace, which the recording does not hold: the transaction, made
 * from its recorded receipt (what a hover shows of it), and no block by that hash.
 */
function lookups(
    chain: 'C' | 'L1',
    method: string,
    params: unknown[],
): { result: unknown } | undefined {
    if (method === 'eth_getBlockByHash') return { result: null };
    if (method !== 'eth_getTransactionByHash') return undefined;
    const receipt = recorded.chains[chain].answers[
        JSON.stringify(['eth_getTransactionReceipt', params])
    ]?.result as Record<string, unknown> | null | undefined;
    if (!receipt) return { result: null };
    return {
        result: {
            hash: receipt['transactionHash'],
            blockHash: receipt['blockHash'],
            blockNumber: receipt['blockNumber'],
            transactionIndex: receipt['transactionIndex'],
            from: receipt['from'],
            to: receipt['to'],
            value: '0x0',
            gas: '0x100000',
            gasPrice: receipt['effectiveGasPrice'],
            nonce: '0x1',
            input: '0x',
            type: receipt['type'],
        },
    };
}

/** A loopback node for the recorded chains at /ext/bc/C/rpc and /ext/bc/L1/rpc. */
export async function recordedNode(
    faults: Faults = {},
): Promise<{ url: string; close(): Promise<void>; asked: string[] }> {
    const asked: string[] = [];
    const answer = (
        chain: 'C' | 'L1',
        body: { id: unknown; method: string; params: unknown[] },
    ) => {
        asked.push(body.method);
        const params = body.params;
        const isStep =
            body.method === 'debug_traceTransaction' &&
            (params[1] as { tracer?: string }).tracer !== 'callTracer';
        const fault =
            body.method === 'eth_getTransactionReceipt' && faults.receipt === null
                ? { result: null }
                : body.method === 'debug_traceTransaction'
                  ? isStep
                      ? faults.step
                      : faults.callTracer
                  : undefined;
        const found =
            fault ??
            recorded.chains[chain].answers[JSON.stringify([body.method, params])] ??
            lookups(chain, body.method, params);
        if (!found) {
            return {
                jsonrpc: '2.0',
                id: body.id,
                error: { code: -32000, message: `nothing recorded for ${body.method}` },
            };
        }
        return { jsonrpc: '2.0', id: body.id, ...found };
    };
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
        let text = '';
        request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        request.on('end', () => {
            const chain = request.url === '/ext/bc/L1/rpc' ? 'L1' : 'C';
            const body = JSON.parse(text) as
                Parameters<typeof answer>[1] | Parameters<typeof answer>[1][];
            const reply = Array.isArray(body)
                ? body.map((b) => answer(chain, b))
                : answer(chain, body);
            response.setHeader('content-type', 'application/json');
            response.end(JSON.stringify(reply));
        });
    });
    const listening = await listenOnLoopback(server);
    return { ...listening, asked };
}
