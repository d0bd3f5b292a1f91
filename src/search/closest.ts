// The categories closest to a query (issue 43): the zero-results page and the search box's
// suggestions. Suggestible catalogue nodes (src/catalogue/suggest.ts) matching the query, else
// its words, else its characters one by one (面霜乳 has no category, 面霜 has).
import { suggestCategories } from '../catalogue/suggest';
import type { Catalogue, CatalogueEntry } from '../catalogue/types';

export function closestCategories(catalogue: Catalogue, query: string, limit = 6): CatalogueEntry[] {
  const whole = suggestCategories(catalogue, query, limit);
  if (whole.length) return whole;
  const words = query
    .split(/[\s\p{P}\p{S}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  const chars = Array.from(query.replace(/[\s\p{P}\p{S}]+/gu, '')).slice(0, 20);
  for (const candidates of [words, chars.length > 1 ? chars : []]) {
    const seen = new Map<string, CatalogueEntry>();
    for (const w of candidates)
      for (const e of suggestCategories(catalogue, w, limit)) if (!seen.has(e.category.id)) seen.set(e.category.id, e);
    if (seen.size) return [...seen.values()].slice(0, limit);
  }
  return [];
}
