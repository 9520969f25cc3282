/**
 * A loopback node that answers from a real node's recordings (test/fixtures/realnode*, written by
 * test/realnode/record.ts): a request is matched by path, method and params (the recordings'
 * `{{name}}` placeholders filled from their `values`), then the answer recorded for an unknown id
 * or the method's recording without params; anything
 * else is the -32601 AvalancheGo and the EVM send for a method they do not serve. Batches are
 * answered call by call. For tests that hold the views to what a real node said.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

import { listenOnLoopback } from './loopbackServer';
import { repoRoot } from './paths';

interface Fixture {
    name: string;
    path: string;
    body: { method?: string; params?: unknown };
    response: { status: number; contentType: string; body: unknown };
}

interface Recorded {
    values: Record<string, string>;
    fixtures: Fixture[];
}

const fixtureRoot = path.join(repoRoot, 'test/fixtures');

/** One recorded set, by file under test/fixtures (`realnode-v1.15/cchain-helicon.json`). */
export function loadRecorded(file: string): Recorded {
    return JSON.parse(readFileSync(path.join(fixtureRoot, file), 'utf8')) as Recorded;
}

function fill(value: unknown, values: Record<string, string>): unknown {
    if (typeof value === 'string') {
        return value.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
    }
    if (Array.isArray(value)) return value.map((v) => fill(v, values));
    if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)]));
    }
    return value;
}

export interface RecordedNode {
    readonly url: string;
    readonly values: Record<string, string>;
    /** Methods asked, in order (`path method`). */
    readonly asked: string[];
    /**
     * Answers `method` with `params` by another recorded answer from now on: the node as it was
     * at another moment of the same recording (`latest` when an earlier block was the head).
     */
    answerWith(method: string, params: unknown, fixtureName: string): void;
    close(): Promise<void>;
}

/**
 * Serves the recorded sets given, earlier files first: `files` of one recording run, so that their
 * values agree. `loose` names methods whose recorded answer stands for any params.
 */
export async function startRecordedNode(
    files: readonly string[],
    loose: readonly string[] = [],
): Promise<RecordedNode> {
    /** `method params` (params as JSON) → the recorded fixture's name to answer with instead. */
    const instead = new Map<string, string>();
    const sets = files.map(loadRecorded);
    const values = Object.assign({}, ...sets.map((s) => s.values)) as Record<string, string>;
    const fixtures = sets.flatMap((s) => s.fixtures.map((f) => fill(f, values) as Fixture));
    const cChain = values['cChain'];
    const asked: string[] = [];
    const answer = (urlPath: string, call: { id?: unknown; method?: string; params?: unknown }) => {
        const wanted = cChain ? urlPath.replace(`/ext/bc/${cChain}/`, '/ext/bc/C/') : urlPath;
        asked.push(`${wanted} ${call.method}`);
        const same = fixtures.filter(
            (f) =>
                f.path === wanted &&
                f.body.method === call.method &&
                f.response.status === 200 &&
                !Array.isArray(f.response.body),
        );
        const swapped = instead.get(`${call.method} ${JSON.stringify(call.params ?? null)}`);
        const exact = swapped
            ? fixtures.find((f) => f.name === swapped)
            : same.find(
                  (f) =>
                      JSON.stringify(f.body.params ?? null) === JSON.stringify(call.params ?? null),
              );
        // An id the recordings do not hold gets the answer recorded for an unknown one, as the
        // node would give; only the methods named loose answer any params alike.
        const fixture =
            exact ??
            (loose.includes(call.method ?? '') ? same[0] : undefined) ??
            fixtures.find((f) => f.name === `${call.method} unknown` && f.path === wanted) ??
            same.find((f) => f.body.params === undefined || JSON.stringify(f.body.params) === '{}');
        if (!fixture) {
            return {
                jsonrpc: '2.0',
                id: call.id,
                error: {
                    code: -32601,
                    message: `the method ${call.method} does not exist/is not available`,
                },
            };
        }
        return { ...(fixture.response.body as object), id: call.id };
    };
    const server = await listenOnLoopback(
        createServer((req, res) => {
            let text = '';
            req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            req.on('end', () => {
                const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
                let body: unknown;
                try {
                    body = JSON.parse(text) as unknown;
                } catch {
                    // A GET (the health API's form) or a body that is no JSON: the recordings
                    // hold neither, so the route is answered as missing.
                    asked.push(`${urlPath} ${req.method ?? ''}`);
                    res.statusCode = 404;
                    res.end('404 page not found\n');
                    return;
                }
                const reply = Array.isArray(body)
                    ? body.map((call) => answer(urlPath, call as { method?: string }))
                    : answer(urlPath, body as { method?: string });
                res.setHeader('content-type', 'application/json');
                res.end(JSON.stringify(reply));
            });
        }),
    );
    return {
        url: server.url,
        values,
        asked,
        answerWith: (method, params, fixtureName) =>
            instead.set(`${method} ${JSON.stringify(params)}`, fixtureName),
        close: () => server.close(),
    };
}
