/**
 * What test/realnode/recordTrace.ts recorded of the real node's answers to the call-trace
 * requests (test/fixtures/trace/answers.json): per chain, the activity and the answers by
 * `[method, params]`, and the refusal of a chain without the tracer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { fixturesDir } from './fixtures';

/** What recordTrace.ts wrote: per chain, the answers by `[method, params]`. */
/** The recorded answers. */
export interface RecordedTraces {
    recordedFrom: string;
    chains: Record<
        'C' | 'L1',
        {
            tree: 'foundry' | 'hardhat';
            activity: {
                entry: string;
                leaf: string;
                relay: string;
                sender: string;
                txs: Record<string, { hash: string; status: 'success' | 'reverted' }>;
            };
            answers: Record<string, { result?: unknown; error?: unknown }>;
        }
    >;
    refusal: { error: { code: number; message: string } };
}

/** Reads the recorded answers. */
export function recordedTraces(): RecordedTraces {
    return JSON.parse(
        readFileSync(path.join(fixturesDir, 'trace/answers.json'), 'utf8'),
    ) as RecordedTraces;
}
