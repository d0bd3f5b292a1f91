// The catalogue shipped with the site (data/categories.json), loaded once on first use, with
// the pinyin initials search suggestions match (data/category-initials.json).
// The same file is what the reference server answers on GET /api/v2/productcategories.
import categories from '../../data/categories.json';
import categoryInitials from '../../data/category-initials.json';
import { loadCatalogue } from './load';
import type { Catalogue } from './types';

let cached: Catalogue | undefined;

export function getCatalogue(): Catalogue {
  cached ??= {
    ...loadCatalogue(categories),
    initials: new Map(Object.entries(categoryInitials.initials as Record<string, string[]>)),
  };
  return cached;
}

/** The raw wire body, for serving it or for tests. */
export const categoriesData: unknown = categories;
