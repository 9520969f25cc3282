/**
 * The one webview view type of every result panel. Kept apart from the host classes
 * (`panels.ts`) so that activation can register the serializer (panels come back after a reload)
 * without loading the panel code, which lives in the lazily loaded `dist/queries.js`.
 *
 * One view type, not one per kind: a panel's kind follows from the query in the state it saves
 * (`panelKindFor`), and each serializer registered at activation cost the extension host about
 * 0.15 ms (bench/results/host.md).
 */
export const panelViewType = 'avalanche.panel';
