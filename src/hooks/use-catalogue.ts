import * as React from 'react';
import type { Catalogue } from '../catalogue/types';

let loading: Promise<Catalogue> | null = null;

/** The catalogue (data/categories.json) as its own chunk, loaded on first use in the browser. */
export function loadCatalogue(): Promise<Catalogue> {
  return (loading ??= import('../catalogue/data').then((m) => m.getCatalogue()));
}

/** The catalogue once `wanted` (null until then and while it loads). */
export function useCatalogue(wanted: boolean): Catalogue | null {
  const [catalogue, setCatalogue] = React.useState<Catalogue | null>(null);
  React.useEffect(() => {
    if (!wanted || catalogue) return;
    let live = true;
    void loadCatalogue().then((c) => {
      if (live) setCatalogue(c);
    });
    return () => {
      live = false;
    };
  }, [wanted, catalogue]);
  return catalogue;
}
