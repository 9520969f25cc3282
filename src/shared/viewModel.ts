/**
 * The view model a result panel renders: the host turns every API result into fields, sections
 * and tables of typed cells (`src/core/query/results`), and the page only lays them out. Cells carry
 * display text and the raw value separately: the page shows the text, puts the raw value in the
 * tooltip and copies the raw value; CSV export writes raw values. Every string here comes from the
 * chain or the user and is hostile: the page sets it with `textContent` only.
 */
import type { QueryRequest } from './query';

/** Something a button inside a panel asks the host to do, besides opening a link. */
export type PanelAction =
    /** Opens an http(s) URL from the data (an export's download link) after the host's checks. */
    | { readonly kind: 'openUrl'; readonly url: string }
    /** Acts on a remembered export operation. */
    | {
          readonly kind: 'operation';
          readonly operationId: string;
          readonly verb: 'follow' | 'continue' | 'forget';
      }
    /**
     * Sends the panel's own call again, after the same question as the first time: offered by a
     * panel restored after a reload whose call may change something, which is never repeated by
     * itself. It carries nothing: the host takes the call from the panel's own query.
     */
    | { readonly kind: 'sendAgain' }
    /**
     * Opens the Solidity line of a frame of the panel's trace in the editor. It names the frame
     * only: the host takes the file and line from its own report, and opens only a file inside
     * the workspace.
     */
    | { readonly kind: 'openSource'; readonly frame: number };

/** Visual tone of a badge. */
export type Tone = 'ok' | 'warn' | 'error' | 'info';

/** One value. `raw` is what copy and CSV use; `text` is what the page shows. */
export type Cell =
    | { readonly k: 'text'; readonly text: string }
    /** A number or quantity; `raw` is the exact value (digits). */
    | { readonly k: 'num'; readonly text: string; readonly raw: string }
    /** A token amount formatted with its decimals and unit; `raw` is the smallest-unit integer. */
    | { readonly k: 'amount'; readonly text: string; readonly raw: string }
    /** A price or value in a fiat currency. */
    | { readonly k: 'money'; readonly text: string; readonly raw: string }
    /** A point in time, formatted by the page in local time with relative time. */
    | { readonly k: 'time'; readonly ms: number; readonly raw: string }
    /** An id, address or hash: shown shortened, `raw` is the full value; a link when `link` is set. */
    | {
          readonly k: 'id';
          readonly text: string;
          readonly raw: string;
          readonly link?: QueryRequest | undefined;
      }
    | { readonly k: 'bool'; readonly value: boolean }
    | { readonly k: 'badge'; readonly text: string; readonly tone: Tone }
    /** Several values in one cell (addresses of a UTXO, aliases). */
    | { readonly k: 'list'; readonly items: readonly Cell[] }
    /** A button that posts a {@link PanelAction}. */
    | {
          readonly k: 'action';
          readonly label: string;
          readonly icon: string;
          readonly action: PanelAction;
      }
    /** Nothing to show. */
    | { readonly k: 'empty' };

/** A label and its value. */
export interface Field {
    readonly label: string;
    readonly value: Cell;
}

export interface Column {
    readonly key: string;
    readonly label: string;
    /** Numbers and amounts line up on the right. */
    readonly align?: 'end' | undefined;
}

export interface Table {
    readonly columns: readonly Column[];
    readonly rows: readonly (readonly Cell[])[];
    /** Shown when there are no rows. */
    readonly empty?: string | undefined;
}

export interface Section {
    readonly title: string;
    readonly fields?: readonly Field[] | undefined;
    readonly table?: Table | undefined;
    readonly note?: string | undefined;
}

/** The view of one result. */
export interface ResultView {
    readonly title: string;
    readonly subtitle?: string | undefined;
    readonly notice?: { readonly tone: Tone; readonly text: string } | undefined;
    /** The overview. */
    readonly fields: readonly Field[];
    /** Further parts (transfers of a transaction, fee config of a chain…). */
    readonly sections: readonly Section[];
    /** The paged list: "Load more" appends rows to it. */
    readonly main?: (Table & { readonly title: string }) | undefined;
}

/**
 * A closed-set query parameter the page offers as a drop-down: the sort order or sort field of an
 * endpoint that sorts (the server sorts), or the currency of balance values.
 */
export interface SelectControl {
    /** The query parameter, e.g. `sortOrder`. */
    readonly param: string;
    readonly label: string;
    readonly options: readonly { readonly value: string; readonly label: string }[];
    /** The current value, or '' for the server's default. */
    readonly value: string;
}

/** Paging state of the main table. */
export interface PagingState {
    /** The page size in use, or undefined for the server's default. */
    readonly pageSize: number | undefined;
    /** The sizes the endpoint accepts, offered in the page-size picker. */
    readonly pageSizes: readonly number[];
    readonly hasMore: boolean;
    readonly loadedRows: number;
}

/** A tab of a panel: a sibling query on the same subject (an address's balances, transfers…). */
export interface PanelTab {
    readonly id: string;
    readonly label: string;
}

/** What the page needs to draw its frame around a result. */
export interface PanelFrame {
    /** The query, in words: `listTransactions · chainId 43114 · address 0x…`. */
    readonly summary: string;
    readonly tabs: readonly PanelTab[];
    readonly activeTab: string | undefined;
    readonly controls: readonly SelectControl[];
    readonly paging: PagingState | undefined;
    /** Which toolbar buttons apply (JSON copy and export always do). */
    readonly can: {
        readonly curl: boolean;
        /** CSV export of the main table's rows. */
        readonly csv: boolean;
        readonly edit: boolean;
        readonly refresh: boolean;
        /** The Watch button's tooltip, when the panel's subject can be watched. */
        readonly watch?: string | undefined;
    };
}

/** The text of a cell as copy and CSV see it. */
export function cellRaw(cell: Cell): string {
    switch (cell.k) {
        case 'text':
            return cell.text;
        case 'num':
        case 'amount':
        case 'money':
        case 'time':
        case 'id':
            return cell.raw;
        case 'bool':
            return cell.value ? 'true' : 'false';
        case 'badge':
            return cell.text;
        case 'list':
            return cell.items.map(cellRaw).join(' ');
        case 'action':
        case 'empty':
            return '';
    }
}
