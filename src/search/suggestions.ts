// The search box's suggestions (issue 43) as one list of options: with text, the catalogue's
// categories (searchRecommend, not disabled: src/catalogue/suggest.ts) then product and brand
// names from the API; with an empty field, the shopper's recent searches then popular ones.
import { suggestCategories } from '../catalogue/suggest';
import type { Catalogue } from '../catalogue/types';
import { categoryPath } from '../paths';
import { POPULAR_SEARCHES, searchPath } from './query';

export type SuggestionKind = 'category' | 'product' | 'brand' | 'recent' | 'popular';

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  /** The site path a choice goes to: a category page, or the search page for the label. */
  to: string;
  /** What the label is, read after it (分类, 品牌, ...). */
  note: string;
}

const NOTE: Record<SuggestionKind, string> = {
  category: '分类',
  product: '商品',
  brand: '品牌',
  recent: '最近搜索',
  popular: '热门搜索',
};

const asSearch = (kind: SuggestionKind, label: string): Suggestion => ({
  kind,
  label,
  to: searchPath({ q: label }),
  note: NOTE[kind],
});

export const CATEGORY_SUGGESTIONS = 5;
export const NAME_SUGGESTIONS = 6;

/** Names from a product search answer: the products' Chinese names and their brands, each once. */
export function namesFromProducts(products: unknown): { products: string[]; brands: string[] } {
  const out = { products: new Set<string>(), brands: new Set<string>() };
  if (Array.isArray(products))
    for (const p of products.slice(0, 20)) {
      if (!p || typeof p !== 'object') continue;
      const { nameCN, name, brand } = p as { nameCN?: unknown; name?: unknown; brand?: unknown };
      const productName = typeof nameCN === 'string' && nameCN.trim() ? nameCN : typeof name === 'string' ? name : '';
      if (productName.trim()) out.products.add(productName.trim().slice(0, 60));
      const b = brand as { nameCN?: unknown; name?: unknown } | null | undefined;
      const brandName = typeof b?.nameCN === 'string' && b.nameCN.trim() ? b.nameCN : b?.name;
      if (typeof brandName === 'string' && brandName.trim()) out.brands.add(brandName.trim().slice(0, 60));
    }
  return { products: [...out.products], brands: [...out.brands] };
}

export function buildSuggestions(input: {
  query: string;
  catalogue: Catalogue | null;
  names: { products: string[]; brands: string[] } | null;
  recent: readonly string[];
}): Suggestion[] {
  const q = input.query.trim();
  if (!q) {
    const recent = input.recent.map((r) => asSearch('recent', r));
    const popular = POPULAR_SEARCHES.filter((p) => !input.recent.includes(p)).map((p) => asSearch('popular', p));
    return [...recent, ...popular].slice(0, 12);
  }
  const categories: Suggestion[] = input.catalogue
    ? suggestCategories(input.catalogue, q, CATEGORY_SUGGESTIONS).map((e) => ({
        kind: 'category',
        label: e.category.displayTerm,
        to: categoryPath(e.category.id),
        note: NOTE.category,
      }))
    : [];
  const brands = (input.names?.brands ?? []).slice(0, 3).map((b) => asSearch('brand', b));
  const products = (input.names?.products ?? [])
    .filter((p) => !input.names?.brands.includes(p))
    .slice(0, NAME_SUGGESTIONS - brands.length)
    .map((p) => asSearch('product', p));
  return [...categories, ...brands, ...products];
}
