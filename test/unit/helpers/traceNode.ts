/**
 * A loopback node that answers what the real node answered to the call-trace requests
 * (test/fixtures/trace/answers.json, recorded by test/realnode/recordTrace.ts), at
 * /ext/bc/C/rpc and /ext/bc/L1/rpc, with faults put in its answers where a test asks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import { listenOnLoopback } from '../../mocks/loopbackServer';
import { recordedTraces } from './traces';

const recorded = recordedTraces();

/** Answers to replace the recorded ones: by method, and for the step trace by `step`. */
export interface Faults {
    callTracer?: { error: { code: number; message: string } } | { result: unknown };
    step?: { error: { code: number; message: string } };
    receipt?: null;
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
            fault ?? recorded.chains[chain].answers[JSON.stringify([body.method, params])];
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
