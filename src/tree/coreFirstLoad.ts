/**
 * The order of work while the core bundle is not loaded yet. Opening the container asks the four
 * views for their rows at once, and the first fetch compiles the core on the extension host's
 * thread (tens of milliseconds on a fresh install). Rows that need no core (the Chains view's top
 * level, the Validators view's) are answered first: each load starts on a turn of the event loop
 * of its own, and a fetch waits until what was answered before it has been sent.
 */
import { coreLoaded } from '../platform/lazyCore';

/** True until the core bundle is loaded; after that nothing waits. */
export function beforeCore(): boolean {
    return !coreLoaded();
}

/** Resolves on the next turn of the event loop, after the answers of loads started before. */
export function nextTurn(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Resolves once what this thread has answered VS Code so far is sent: the extension host's
 * protocol writes its buffered messages on a timer of its own (`ProtocolWriter` in VS Code's
 * src/vs/base/parts/ipc/common/ipc.net.ts), and a timer set after it runs after it.
 */
export function answersSent(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
}
