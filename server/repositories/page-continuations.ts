// Offset windows (`f`/`t`, pinned for a product's comments) served as keyset pages (issue 23):
// when a page ends at `t`, the sort key of its last row is kept under (listing, t); the next
// request with `f = t` starts from that key instead of skipping `f` rows, so paging on costs
// the same at any depth and a review inserted between two pages neither repeats nor hides one.
import type { SortKey } from './review-keyset';

/** Listings x positions kept (oldest dropped first): ~100 bytes each. */
const MAX_ENTRIES = 20_000;

export class PageContinuations {
  private readonly keys = new Map<string, SortKey>();

  /** Where the page of `listing` that starts at `offset` begins, if a page ended there. */
  at(listing: string, offset: number): SortKey | undefined {
    const id = `${offset}|${listing}`;
    const key = this.keys.get(id);
    if (key) {
      this.keys.delete(id);
      this.keys.set(id, key); // most recently used last
    }
    return key;
  }

  /** A page of `listing` ended at `offset` with the row of sort key `key`. */
  remember(listing: string, offset: number, key: SortKey): void {
    const id = `${offset}|${listing}`;
    this.keys.delete(id);
    if (this.keys.size >= MAX_ENTRIES) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(id, key);
  }
}
