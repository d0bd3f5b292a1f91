// The shopper's recent searches (issue 43), kept on the device only (the typed store,
// storage.ts): newest first, each once, at most RECENT_MAX, clearable.
import { createStore, type Store } from '../storefront/storage';

export const RECENT_MAX = 8;

let store: Store | undefined;
const theStore = () => (store ??= createStore());

export function recentSearches(s: Store = theStore()): string[] {
  const list = s.get('recentSearches');
  return Array.isArray(list)
    ? list.filter((x): x is string => typeof x === 'string' && x.length <= 100).slice(0, RECENT_MAX)
    : [];
}

export function rememberSearch(q: string, s: Store = theStore()): void {
  const text = q.trim();
  if (!text) return;
  s.set('recentSearches', [text, ...recentSearches(s).filter((x) => x !== text)].slice(0, RECENT_MAX));
}

export function clearRecentSearches(s: Store = theStore()): void {
  s.remove('recentSearches');
}
