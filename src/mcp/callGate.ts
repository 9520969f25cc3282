/**
 * How many tool calls the MCP server runs at once. A client may send any number of `tools/call`
 * requests without waiting, and one call can make a dozen requests to the node (the node status
 * reads about twenty methods): 60 node status calls sent at once put up to 1,012 requests in
 * flight at a loopback node before this gate, and 68 after it. Calls past the limit wait their
 * turn in order; a waiting call whose client cancels it leaves the line without running; and the
 * line itself is bounded, so a client that floods the server is told it is busy instead of
 * growing a queue without end.
 */

/** Frees the slot a call held; calling it again does nothing. */
export type Release = () => void;

export class CallGate {
    private running = 0;
    /** First in, first out; at most `maxWaiting` long, so a linear removal stays cheap. */
    private readonly waiting: ((release: Release) => void)[] = [];

    /**
     * @param maxRunning calls that run at once.
     * @param maxWaiting calls that may wait for a slot; more are refused.
     */
    constructor(
        readonly maxRunning: number,
        readonly maxWaiting: number,
    ) {}

    /** Calls running now and calls waiting, for the busy sentence and the log. */
    get load(): { running: number; waiting: number } {
        return { running: this.running, waiting: this.waiting.length };
    }

    /**
     * A slot for one call: a promise of its {@link Release} once the call may run (at once when a
     * slot is free, else after the calls that came before it), or undefined when the line is full.
     * The promise rejects with `signal`'s reason if the signal fires while the call waits; the
     * call then leaves the line and never runs.
     */
    enter(signal?: AbortSignal): Promise<Release> | undefined {
        if (signal?.aborted) return Promise.reject(signal.reason as Error);
        if (this.running < this.maxRunning) {
            this.running++;
            return Promise.resolve(this.releaser());
        }
        if (this.waiting.length >= this.maxWaiting) return undefined;
        return new Promise<Release>((resolve, reject) => {
            const onAbort = () => {
                const at = this.waiting.indexOf(waiter);
                if (at !== -1) this.waiting.splice(at, 1);
                reject(signal?.reason as Error);
            };
            const waiter = (release: Release) => {
                signal?.removeEventListener('abort', onAbort);
                resolve(release);
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            this.waiting.push(waiter);
        });
    }

    private releaser(): Release {
        let released = false;
        return () => {
            if (released) return;
            released = true;
            // The slot passes straight to the next caller, so a call arriving in between cannot
            // overtake the ones that waited.
            const next = this.waiting.shift();
            if (next) next(this.releaser());
            else this.running--;
        };
    }
}
