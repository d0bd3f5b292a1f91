// Numbered pages of the review showcase (/haul/, /haul/page/2/, ...): plain links crawlers
// can follow. Pure maths, shared by the page creator and the pagination component.

export const HAUL_PAGE_SIZE = 20;

/**
 * Numbered pages built per showcase listing (/haul/ and each /haul/c/{id}/), issue 23: the
 * first 100 x 20 = 2,000 reviews of each (feed order), so the build no longer grows with the
 * feed (~100,000 pages at 1,000,000 reviews, now at most 100 per listing). Deeper reviews are
 * reached by infinite scroll (the API), the sitemaps (which list every review) and the review
 * pages' related lists.
 */
export const HAUL_MAX_PAGES = 100;

/** Number of pages for `total` items; at least 1 (an empty showcase is still a page). */
export function pageCount(total: number, size = HAUL_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.ceil(total / Math.max(1, size));
}

/** Items of page `page` (1-based). */
export function pageSlice<T>(items: readonly T[], page: number, size = HAUL_PAGE_SIZE): T[] {
  const start = (page - 1) * size;
  return start < 0 ? [] : items.slice(start, start + size);
}

/**
 * The page numbers a pagination bar shows: always the first and the last, a window of
 * `radius` pages around the current one, and null where two or more pages are left out
 * (an ellipsis).
 */
export function pageWindow(current: number, total: number, radius = 2): Array<number | null> {
  const out: Array<number | null> = [];
  const from = Math.max(2, current - radius);
  const to = Math.min(total - 1, current + radius);
  out.push(1);
  // A gap of a single page shows that page instead of an ellipsis.
  if (from === 3) out.push(2);
  else if (from > 3) out.push(null);
  for (let p = from; p <= to; p++) out.push(p);
  if (to === total - 2) out.push(total - 1);
  else if (to < total - 2) out.push(null);
  if (total > 1) out.push(total);
  return out;
}
