/**
 * The Watch List view's rows and the global-state key of the list. Small and free of the core, so
 * that activation's thin provider (`lazyWatch.ts`) can name them.
 */

/** Where the list is kept between sessions (VS Code's global state: small, bounded). */
export const watchStateKey = 'avalanche.watch.list';

/** A row: a watched item, or one of its detail or change lines. */
export type WatchRow =
    | { readonly type: 'item'; readonly key: string }
    | {
          readonly type: 'line';
          readonly key: string;
          readonly index: number;
          readonly label: string;
          readonly value: string;
          readonly change: boolean;
      };
