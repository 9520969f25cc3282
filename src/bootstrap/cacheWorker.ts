/**
 * The worker of `BundleLoader.warm` (`dist/cacheWorker.js`): loads each bundle it is given with a
 * loader of its own, which writes the bundle's code cache after its top level has run, and exits.
 * The bundles run here as on the extension host's thread, but in this thread's own context: the
 * lazily loaded ones (the core, undici's dispatcher) need nothing but Node's builtins at load.
 */
import { setPriority } from 'node:os';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { workerData } from 'node:worker_threads';

import { BundleLoader, type CacheWorkerRequest } from './bundleLoader';

const { dir, cacheDir, bundles } = workerData as CacheWorkerRequest;

// Below the extension host's own thread, so that a view or hover that asks meanwhile is not
// slowed. Only on Linux is a thread's priority its own; elsewhere this call would lower the
// whole extension host, so there the worker runs at the host's priority.
if (process.platform === 'linux') {
    try {
        setPriority(19);
    } catch {
        // Not allowed: it runs at the host's priority.
    }
}

const loader = new BundleLoader(dir, createRequire(path.join(dir, 'cacheWorker.js')), cacheDir);
for (const bundle of bundles) {
    try {
        loader.load(bundle);
    } catch {
        // A bundle that fails to load here fails on the host's thread too, and says so there.
    }
}
void loader.settled();
