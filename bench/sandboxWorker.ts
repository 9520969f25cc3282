/** Runs the sandbox network inside a worker thread for the benchmarks (see harness.ts). */
import { parentPort, workerData } from 'node:worker_threads';

import { startSandbox } from '../test/sandbox';
import type { SandboxOptions } from '../test/sandbox/types';

void (async () => {
    const sandbox = await startSandbox(workerData as SandboxOptions);
    parentPort?.postMessage({
        urls: {
            dataApiUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            nodeUrl: sandbox.nodeUrl,
        },
        known: sandbox.known,
    });
})();
