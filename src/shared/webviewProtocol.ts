/**
 * Messages between the extension host and the result-panel page (STYLE.md rule 17). Both sides
 * import these types; the host validates every inbound message before acting on it.
 */

/** Host to page. */
export type HostMessage =
    /** Shows a result as a read-only JSON tree; `title` is plain text, never markup. */
    { type: 'showJson'; title: string; json: unknown };

/** Page to host. */
export type PageMessage = { type: 'ready' };

/** What the page persists with `setState`: the query, never the data (rule 18). */
export interface PersistedState {
    title: string;
}
