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

/**
 * Suggestible categories matching `query` in their Chinese name (displayTerm), search text
 * (mappingTerm) or English term. Exact matches first, then prefix matches, then any
 * substring; catalogue order within each rank. An empty query suggests nothing.
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
    const rank = Math.min(...texts.map((t) => (t === q ? 0 : t.startsWith(q) ? 1 : t.includes(q) ? 2 : 3)));
    if (rank < 3) ranked.push({ entry, rank, order });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((r) => r.entry);
}
