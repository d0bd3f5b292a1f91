// Search suggestions from the catalogue: the nodes with searchRecommend true and not
// disabled (an absent `disabled` counts as not disabled: spec section 9 lists nodes without
// the flag). The flags are per node, as the spec gives them: a suggested leaf may sit under a
// group that is itself excluded (e.g. the leaves of 女性护理 feminine care).
import type { Catalogue, CatalogueEntry } from './types';

export function isSuggestible(entry: CatalogueEntry): boolean {
  return entry.category.searchRecommend === true && entry.category.disabled !== true;
}

/** Case-, width- and space-insensitive form: full-width letters match half-width ones. */
export function normaliseSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A query that may be pinyin initials: two or more Latin letters or digits ("kh", "3csm"). */
const INITIALS_QUERY = /^[a-z0-9]{2,}$/;

/**
 * Suggestible categories matching `query` in their Chinese name (displayTerm), search text
 * (mappingTerm) or English term, or, for a query of Latin letters, in their pinyin initials
 * (catalogue.initials: "kh" for 口红). Exact matches of a text first, then an exact match of
 * the initials or a prefix of a text, then a prefix of the initials or any substring of a text;
 * catalogue order within each rank. An empty query suggests nothing.
 */
export function suggestCategories(catalogue: Catalogue, query: string, limit = 10): CatalogueEntry[] {
  const q = normaliseSearchText(query);
  if (!q || limit <= 0) return [];
  const ranked: Array<{ entry: CatalogueEntry; rank: number; order: number }> = [];
  let order = 0;
  for (const entry of catalogue.byId.values()) {
    order++;
    if (!isSuggestible(entry)) continue;
    const c = entry.category;
    const texts = [c.displayTerm, c.mappingTerm, c.term].filter(Boolean).map(normaliseSearchText);
    const initials = INITIALS_QUERY.test(q) ? (catalogue.initials?.get(entry.id) ?? []) : [];
    const rank = Math.min(
      ...texts.map((t) => (t === q ? 0 : t.startsWith(q) ? 1 : t.includes(q) ? 2 : 3)),
      ...initials.map((t) => (t === q ? 1 : t.startsWith(q) ? 2 : 3)),
    );
    if (rank < 3) ranked.push({ entry, rank, order });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((r) => r.entry);
}
