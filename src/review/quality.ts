// Which reviews help a shopper (issue 22, "Thin reviews"). A review with no text of its own
// (empty, or the auto-review's default praise) and no picture or video is thin: its page still
// opens for a shopper who follows a link, but it is `noindex`, carries no Review rich markup,
// is left out of the sitemap and never leads a listing (docs/seo.md "Thin reviews", after
// Google's guidance on thin content and on review snippets).
import { ANONYMOUS_LABEL, isDefaultPraise } from './format';

/** The reviewer wrote something: non-empty text that is not the default-praise auto text. */
export function hasOwnText(content: string | null | undefined): boolean {
  const text = (content ?? '').trim();
  return text.length > 0 && !isDefaultPraise(text);
}

/** No text of its own and no media. `hasMedia`: a picture or a video (cover) to show. */
export const isThin = (content: string | null | undefined, hasMedia: boolean): boolean =>
  !hasMedia && !hasOwnText(content);

/** A review view (its gallery holds pictures, else video covers: src/review/view.ts). */
export const isThinReview = (r: { content: string; gallery: readonly unknown[] }) =>
  isThin(r.content, r.gallery.length > 0);

/** A feed / related item (its image is the first picture or video cover). */
export const isThinFeedItem = (r: { content: string; image: string | null }) => isThin(r.content, !!r.image);

/**
 * A reviewer Google may be told the name of: a real label. "匿名用户" is the site's word for a
 * missing label, not a person, so it is never named as a Person in JSON-LD.
 */
export function isNamedAuthor(userLabel: string | null | undefined): boolean {
  const label = (userLabel ?? '').replace(/\s+/g, ' ').trim();
  return label.length > 0 && label !== ANONYMOUS_LABEL;
}

/**
 * The same items with the useful ones first and the thin ones after them, each group in its
 * own order (a stable partition): a thin review never leads a listing. Applied within one page
 * of a listing, so paging by offset still meets every item once.
 */
export function leadWithUseful<T>(items: readonly T[], thin: (item: T) => boolean): T[] {
  const useful: T[] = [];
  const rest: T[] = [];
  for (const it of items) (thin(it) ? rest : useful).push(it);
  return rest.length ? [...useful, ...rest] : [...items];
}
