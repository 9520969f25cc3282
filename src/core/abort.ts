/**
 * Waiting on a promise that others share, without letting one caller's cancellation (or
 * impatience) cancel it for everyone. Dependency-free so that the VS Code glue can import it
 * without loading core.
 */

/**
 * Waits for `promise`, but rejects with `abortError(signal)` as soon as `signal` fires; the
 * promise itself goes on. Without a signal this is `promise` itself.
 */
export function untilAborted<T>(
    promise: Promise<T>,
    signal: AbortSignal | undefined,
    abortError: (signal: AbortSignal) => Error,
): Promise<T> {
    if (!signal) return promise;
    if (signal.aborted) return Promise.reject(abortError(signal));
    return new Promise<T>((resolve, reject) => {
        const onAbort = (): void => reject(abortError(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        promise.then(
            (value) => {
                signal.removeEventListener('abort', onAbort);
                resolve(value);
            },
            (error: unknown) => {
                signal.removeEventListener('abort', onAbort);
                reject(error instanceof Error ? error : new Error(String(error)));
            },
        );
    });
}

/** `promise`'s value if it settles within `ms`, else undefined; the promise itself goes on. */
export async function soonAfter<T>(
    promise: Promise<T> | undefined,
    ms: number,
): Promise<T | undefined> {
    if (promise === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
    });
    try {
        return await Promise.race([promise, late]);
    } finally {
        clearTimeout(timer);
    }
}
