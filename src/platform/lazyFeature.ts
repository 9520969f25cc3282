/**
 * What the features that build themselves from their own bundle on first use share
 * (`queries/lazyQueries.ts`, `watch/lazyWatch.ts`): the timed first build, and the one piece of
 * work that cannot wait for a first use, started only once startup is over.
 */
import type { ComponentLog } from './log';

/** Builds a feature from its bundle, logging how long loading and building took. */
export function loadTimed<T>(logger: ComponentLog, build: () => T): T {
    const started = performance.now();
    const built = build();
    logger.debug(`Loaded in ${(performance.now() - started).toFixed(1)} ms`);
    return built;
}

/**
 * Runs `work` once, `delayMs` from now, so that activation goes first; a throw is logged as
 * `failure`, since nothing waits on it. Disposing before then cancels it.
 */
export function runAfterStartup(
    delayMs: number,
    logger: ComponentLog,
    failure: string,
    work: () => void,
): { dispose(): void } {
    const timer = setTimeout(() => {
        try {
            work();
        } catch (error) {
            logger.error(failure, error);
        }
    }, delayMs);
    return { dispose: () => clearTimeout(timer) };
}
