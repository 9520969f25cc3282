/**
 * Cursor-shaped paging: clients return one page and never loop over all pages; trees keep the
 * accumulated items and the cursor, and callers that really want more pages use `collectPages`
 * with an explicit bound.
 */

/** One page of a list endpoint. `nextPageToken` is absent on the last page. */
export interface Page<T> {
    items: T[];
    nextPageToken?: string | undefined;
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

/** Collects items across pages up to `maxItems` / `maxPages`; says whether more remain. */
export async function collectPages<T>(
    fetchPage: PageFetcher<T>,
    options: CollectOptions = {},
): Promise<{ items: T[]; nextPageToken?: string | undefined }> {
    const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
    const items: T[] = [];
    let next: string | undefined;
    for await (const page of iteratePages(fetchPage, options)) {
        items.push(...page.items);
        next = page.nextPageToken;
        if (items.length >= maxItems) break;
    }
    return { items: items.slice(0, maxItems), nextPageToken: next };
}
