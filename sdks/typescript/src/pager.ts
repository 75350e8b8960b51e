// The one pager every list shares: it asks for a page, yields its items, and goes on with the
// page's cursor while the page has one.

/** One page as the pager sees it: its items, and the cursor of the next page (none at the end). */
export interface Page<T> {
  items: readonly T[];
  nextCursor?: string | null;
}

/**
 * Every item of every page, in order: `fetchPage(undefined)` for the first page, then
 * `fetchPage(cursor)` with each page's `nextCursor` until a page has none. Pages are fetched
 * only as the iteration reaches them.
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
