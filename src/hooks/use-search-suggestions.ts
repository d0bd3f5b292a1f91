import * as React from 'react';
import { searchProducts } from '../storefront/products';
import { buildSuggestions, namesFromProducts, type Suggestion } from '../search/suggestions';
import { clearRecentSearches, recentSearches } from '../search/recent';
import { cutQuery } from '../search/query';
import { browserClient } from './browser-client';
import { useCatalogue } from './use-catalogue';

/** Wait after the last keystroke before asking the API. */
const DEBOUNCE_MS = 150;

/**
 * The search box's suggestions for `query` while the box is in use (`active`): the catalogue
 * is loaded on first use, product and brand names are asked for after a pause in typing (the
 * latest answer wins). `query` is what the shopper committed: the box never passes text that
 * an IME is still composing.
 */
export function useSearchSuggestions(
  query: string,
  active: boolean,
): { items: Suggestion[]; hasRecent: boolean; clearRecent(): void } {
  const catalogue = useCatalogue(active);
  const [names, setNames] = React.useState<{ q: string; products: string[]; brands: string[] } | null>(null);
  const [recent, setRecent] = React.useState<string[]>([]);
  // Cut as the search page cuts it (POST /api/v3/discover takes 100 characters at most).
  const q = cutQuery(query.trim()).q;

  React.useEffect(() => {
    if (active) setRecent(recentSearches());
  }, [active]);

  React.useEffect(() => {
    if (!active || !q) return;
    let live = true;
    const timer = setTimeout(() => {
      void browserClient()
        .then((c) => searchProducts(c, q, { f: 0, t: 10 }))
        .then((res) => {
          if (live) setNames({ q, ...namesFromProducts(res?.products) });
        })
        .catch(() => {
          // Suggestions are a convenience: the categories and the search itself still work.
        });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, q]);

  const items = React.useMemo(
    () => buildSuggestions({ query: q, catalogue, names: names && names.q === q ? names : null, recent }),
    [q, catalogue, names, recent],
  );
  const clearRecent = React.useCallback(() => {
    clearRecentSearches();
    setRecent([]);
  }, []);
  return { items, hasRecent: !q && recent.length > 0, clearRecent };
}
