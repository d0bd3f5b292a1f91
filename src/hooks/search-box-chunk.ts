// The search box's suggestion logic (issue 43), a chunk of its own that the box loads on first
// use (use-search-suggestions.ts): every page's header has the box, so what every page loads
// first is only the form (the review page's first-load budget, tests/e2e/page-weight.test.ts).
// The catalogue comes in its own chunk (use-catalogue.ts); names come from the API.
import { searchProducts } from '../storefront/products';
import { cutQuery, highlightParts, type TextPart } from '../search/query';
import { buildSuggestions, namesFromProducts, type Suggestion } from '../search/suggestions';
import { browserClient } from './browser-client';

export { clearRecentSearches, recentSearches } from '../search/recent';

/** A suggestion with its label split for <mark> (the committed text marked). */
export interface SuggestionView extends Suggestion {
  parts: TextPart[];
}

/** The query as the search page would search it (POST /api/v3/discover takes 100 characters at most). */
export const suggestionQuery = (query: string) => cutQuery(query.trim()).q;

export function suggestionViews(input: Parameters<typeof buildSuggestions>[0]): SuggestionView[] {
  const q = input.query.trim();
  return buildSuggestions(input).map((s) => ({ ...s, parts: highlightParts(s.label, q ? [q] : []) }));
}

/** Product and brand names for `q` from the product search. */
export async function namesFor(q: string): Promise<{ products: string[]; brands: string[] }> {
  const res = await searchProducts(await browserClient(), q, { f: 0, t: 10 });
  return namesFromProducts(res?.products);
}
