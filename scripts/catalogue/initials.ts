// Pinyin initials of the catalogue's suggestible categories (issue 43): a shopper typing "kh"
// or "mj" gets 口红 or 墨镜, as on Taobao and JD. pinyin-pro (a maintained converter that picks
// a polyphone's reading from the words around it) runs here, when the catalogue is generated,
// not in the browser: its dictionary is several hundred KB, the initials of 499 names a few.
import { pinyin } from 'pinyin-pro';
import type { CategoriesResponse, CategoryNode } from '../../src/storefront/types';
import { normaliseSearchText } from '../../src/catalogue/suggest';

/** data/category-initials.json: id -> the initials of each word of its Chinese name and search text. */
export interface CategoryInitials {
  initials: Record<string, string[]>;
}

/**
 * The initials of `text`: one lowercase letter per Chinese character, and Latin letters and
 * digits as they are ("T恤" -> "tx", "3C数码" -> "3csm"); anything else is dropped. Empty when
 * the text has no Chinese character (an English name is matched as it is).
 */
export function initialsOf(text: string): string {
  if (!/\p{Script=Han}/u.test(text)) return '';
  const parts = pinyin(normaliseSearchText(text), {
    pattern: 'first',
    toneType: 'none',
    type: 'array',
    nonZh: 'consecutive',
  });
  return parts
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The words of a name or search text: a mappingTerm may list several ("太阳镜 墨镜"). */
export function wordsOf(text: string): string[] {
  return text.split(/[\s/、,，;；|]+/u).filter(Boolean);
}

/** The initials file's body for `data`: every node suggestions may offer (src/catalogue/suggest.ts). */
export function buildInitials(data: CategoriesResponse): CategoryInitials {
  const initials: Record<string, string[]> = {};
  const add = (c: CategoryNode) => {
    if (c.searchRecommend !== true || c.disabled === true) return;
    const words = [c.displayTerm, c.mappingTerm].flatMap(wordsOf);
    const all = [...new Set(words.map(initialsOf).filter((s) => s.length >= 2))];
    if (all.length) initials[c.id] = all;
  };
  for (const top of data.categories) {
    if (top.category) add(top.category);
    for (const second of top.children) {
      add(second.category);
      for (const leaf of second.children) add(leaf.category);
    }
  }
  return { initials };
}
