import * as React from 'react';
import { useCatalogue } from './use-catalogue';

/** Wait after the last keystroke before asking the API. */
const DEBOUNCE_MS = 150;

type Chunk = typeof import('./search-box-chunk');
let chunk: Promise<Chunk> | null = null;
const loadChunk = () => (chunk ??= import('./search-box-chunk'));

export type { SuggestionView } from './search-box-chunk';

/**
 * The search box's suggestions for `query` while the box is in use (`active`): the box's logic
 * (./search-box-chunk.ts) and the catalogue load on first use, product and brand names are
 * asked for after a pause in typing (the latest answer wins). `query` is what the shopper
 * committed: the box never passes text that an IME is still composing. Nothing until the
 * chunk is in (the server's HTML has no options).
 */
export function useSearchSuggestions(query: string, active: boolean) {
  const [logic, setLogic] = React.useState<Chunk | null>(null);
  const catalogue = useCatalogue(active);
  const [names, setNames] = React.useState<{ q: string; products: string[]; brands: string[] } | null>(null);
  const [recent, setRecent] = React.useState<string[]>([]);
  const q = logic ? logic.suggestionQuery(query) : '';

  React.useEffect(() => {
    if (!active || logic) return;
    let live = true;
    loadChunk().then(
      (m) => {
        if (live) setLogic(m);
      },
      () => {
        // Suggestions are a convenience: the form still searches.
      },
    );
    return () => {
      live = false;
    };
  }, [active, logic]);

  React.useEffect(() => {
    if (active && logic) setRecent(logic.recentSearches());
  }, [active, logic]);

  React.useEffect(() => {
    if (!active || !logic || !q) return;
    let live = true;
    const timer = setTimeout(() => {
      logic.namesFor(q).then(
        (n) => {
          if (live) setNames({ q, ...n });
        },
        () => {
          // Suggestions are a convenience: the categories and the search itself still work.
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, logic, q]);

  const items = React.useMemo(
    () =>
      logic ? logic.suggestionViews({ query: q, catalogue, names: names && names.q === q ? names : null, recent }) : [],
    [logic, q, catalogue, names, recent],
  );
  const clearRecent = React.useCallback(() => {
    logic?.clearRecentSearches();
    setRecent([]);
  }, [logic]);
  return { items, hasRecent: !q && recent.length > 0, clearRecent };
}
