/**
 * Counting stand-ins for the global timer functions. esbuild injects this module into every Node
 * bundle (`esbuild.mjs`, `inject`), so every `setTimeout`/`setInterval` of the extension's code
 * and of what is bundled with it is registered in the live counters until it fires or is
 * cleared. Behaviour is unchanged: the real functions run and their handles are returned as is.
 * Not used by the plain-Node tests, which run the compiled sources without the bundle.
 */
import { liveStore } from './liveCounters';

const timers = liveStore().timers;
// Taken from globalThis explicitly: inside this module the names below are the stand-ins.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;

type Handle = ReturnType<typeof realSetTimeout>;

function countedSetTimeout<A extends unknown[]>(
    callback: (...args: A) => void,
    ms?: number,
    ...args: A
): Handle {
    const handle: Handle = realSetTimeout(() => {
        timers.delete(handle);
        callback(...args);
    }, ms);
    timers.set(handle, callback);
    return handle;
}

function countedClearTimeout(handle: Handle | string | number | undefined): void {
    timers.delete(handle);
    realClearTimeout(handle);
}

function countedSetInterval<A extends unknown[]>(
    callback: (...args: A) => void,
    ms?: number,
    ...args: A
): Handle {
    const handle: Handle = realSetInterval(callback, ms, ...args);
    timers.set(handle, callback);
    return handle;
}

function countedClearInterval(handle: Handle | string | number | undefined): void {
    timers.delete(handle);
    realClearInterval(handle);
}

export {
    countedClearInterval as clearInterval,
    countedClearTimeout as clearTimeout,
    countedSetInterval as setInterval,
    countedSetTimeout as setTimeout,
};
