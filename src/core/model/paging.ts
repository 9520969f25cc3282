/**
 * Cursor-shaped paging: clients return one page and never loop over all pages; trees keep the
 * accumulated items and the cursor, and callers that really want more pages use `collectPages`
 * with an explicit bound.
 */

/**
 * An item of a list answer that did not match its published shape, and what became of it: shown
 * without the fields that did not match (`repaired`), or left out when nothing of it could be read
 * (`dropped`). Its neighbours and its page stand either way.
 */
export interface ItemRepair {
    /** The item's place in the answer's list (0-based), as sent. */
    readonly position: number;
    /** Its place in the page's `items` when it was kept; absent when it was dropped. */
    readonly index?: number | undefined;
    readonly outcome: 'repaired' | 'dropped';
    /** The fields left out, as paths inside the item (`blockchains[0].evmChainId`); at most 5. */
    readonly removed: readonly string[];
    /** What did not match, as `path: problem` lines naming only types; at most 3. */
    readonly problems: readonly string[];
}

/**
 * The items of a list answer that were repaired or dropped (`ItemRepair`), or an empty list: every
 * result of the Data API client's `parseResponse` (a `Page`, or `supportedChains`' `{ chains }`)
 * may carry them.
 */
export function resultRepairs(result: unknown): readonly ItemRepair[] {
    const repairs = (result as { repairs?: unknown } | null | undefined)?.repairs;
    return Array.isArray(repairs) ? (repairs as ItemRepair[]) : [];
}

/** One page of a list endpoint. `nextPageToken` is absent on the last page. */
export interface Page<T> {
    items: T[];
    nextPageToken?: string | undefined;
    /** The items that did not match their shape (see `ItemRepair`); absent when all did. */
    repairs?: readonly ItemRepair[] | undefined;
}

/**
 * A page from a list answer's items and token. The API omits `nextPageToken` on the last page,
 * and an empty token is read the same way.
 */
export function pageOf<T>(items: T[], nextPageToken: string | undefined): Page<T> {
    return { items, nextPageToken: nextPageToken === '' ? undefined : nextPageToken };
}

/** Fetches the page that starts at `pageToken` (undefined for the first). */
export type PageFetcher<T> = (
    pageToken: string | undefined,
    signal?: AbortSignal,
) => Promise<Page<T>>;

export interface CollectOptions {
    /** Stop once this many items were collected (the last page may overshoot; it is trimmed). */
    maxItems?: number;
    /** Stop after this many pages. */
    maxPages?: number;
    signal?: AbortSignal;
}

/** Iterates pages in order, up to the given bounds. */
export async function* iteratePages<T>(
    fetchPage: PageFetcher<T>,
    options: CollectOptions = {},
): AsyncGenerator<Page<T>> {
    const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
    let token: string | undefined;
    for (let pages = 0; pages < maxPages; pages++) {
        const page = await fetchPage(token, options.signal);
        yield page;
        token = page.nextPageToken;
        if (!token) return;
    }
}

/**
 * Collects items across pages up to `maxItems` / `maxPages`; says whether more remain, and which
 * items were repaired or dropped (their places counted in the collected list).
 */
export async function collectPages<T>(
    fetchPage: PageFetcher<T>,
    options: CollectOptions = {},
): Promise<{
    items: T[];
    nextPageToken?: string | undefined;
    repairs?: readonly ItemRepair[] | undefined;
}> {
    const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    const items: T[] = [];
    const repairs: ItemRepair[] = [];
    let next: string | undefined;
    let sent = 0;
    for await (const page of iteratePages(fetchPage, options)) {
        // Each page counts its own places; the collected list counts from its first item.
        let dropped = 0;
        for (const repair of page.repairs ?? []) {
            if (repair.outcome === 'dropped') dropped++;
            repairs.push({
                ...repair,
                position: repair.position + sent,
                ...(repair.index === undefined ? {} : { index: repair.index + items.length }),
            });
        }
        sent += page.items.length + dropped;
        items.push(...page.items);
        next = page.nextPageToken;
        if (items.length >= maxItems) break;
    }
    const kept = repairs.filter((r) => r.index === undefined || r.index < maxItems);
    return {
        items: items.slice(0, maxItems),
        nextPageToken: next,
        ...(kept.length > 0 ? { repairs: kept } : {}),
    };
}
