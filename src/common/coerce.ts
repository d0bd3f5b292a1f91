// Wire values -> view values: the small coercions every reshaping at the edge uses
// (src/review/view.ts, src/listing/view.ts). Wire data may hold anything (contract: "any field
// may be missing or null"), so each takes `unknown` and gives a value of its type or null.
// Two pairs keep different meanings on purpose, so they have different names:
// - `text` keeps a non-blank string as it is (review content, labels: the page keeps their
//   spaces); `trimmedText` trims it (listing cards, names);
// - `idText` takes any non-blank string or finite number (a review record's own ids, checked
//   later by its URL); `pathId` takes only what may stand in a page URL (ID_SOURCE).
import { safeUrl } from './safe-url';

/**
 * Product and review ids as they may stand in a site URL (spec sections 2 and 5): the one
 * pattern of the review ids, the /product/{id} alias, unbuilt review paths and the site server.
 */
export const ID_SOURCE = '[A-Za-z0-9_-]{1,64}';
const ID_ONLY = new RegExp(`^${ID_SOURCE}$`);
/** Whether a string has the shape of a product or review id in a site URL. */
export const isId = (s: string): boolean => ID_ONLY.test(s);

/** A non-blank string as it is, else null. */
export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
/** A non-blank string trimmed, else null. */
export const trimmedText = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
/** A finite number, else null. */
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** Non-blank strings of a list, trimmed, at most `max`. */
export const strings = (v: unknown, max = 20): string[] =>
  (Array.isArray(v) ? v : [])
    .map(trimmedText)
    .filter((s): s is string => !!s)
    .slice(0, max);

/** Any non-blank string or finite number as a trimmed string id, else null. */
export const idText = (v: unknown): string | null =>
  (typeof v === 'string' && v.trim()) || (typeof v === 'number' && Number.isFinite(v)) ? String(v).trim() : null;
/** An id that may stand in a page URL (an integer, or a string of ID_SOURCE), else null. */
export const pathId = (v: unknown): string | null =>
  (typeof v === 'string' && isId(v.trim())) || (typeof v === 'number' && Number.isInteger(v)) ? String(v).trim() : null;

/** An image as the components get it: a safe URL and a size (for layout without shift). */
export interface ViewImage {
  url: string;
  width: number;
  height: number;
}
type WireImage = { url?: unknown; width?: unknown; height?: unknown } | null | undefined;

const side = (v: unknown, fallback: number) => {
  const n = num(v);
  return n && n > 0 ? Math.round(n) : fallback;
};

/**
 * An image (or a bare URL) with its declared size, each side falling back to `fallback`
 * (one number for both, or a size) when missing; null when the URL is unsafe.
 */
export function toViewImage(
  img: WireImage | string,
  fallback: number | { width: number; height: number } = 800,
): ViewImage | null {
  const raw = typeof img === 'string' ? { url: img } : img;
  const url = safeUrl(raw?.url);
  if (!url) return null;
  const fb = typeof fallback === 'number' ? { width: fallback, height: fallback } : fallback;
  return { url, width: side(raw?.width, fb.width), height: side(raw?.height, fb.height) };
}
