// The search page's URL state, the highlighting, the suggestions and the closest categories
// (issue 43): pure rules of src/search/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cutQuery, hasFilters, highlightParts, readSearchParams, searchPath } from '../../../src/search/query';
import { buildSuggestions, namesFromProducts } from '../../../src/search/suggestions';
import { closestCategories } from '../../../src/search/closest';
import { recentSearches, rememberSearch, clearRecentSearches, RECENT_MAX } from '../../../src/search/recent';
import { createStore, type StorageLike } from '../../../src/storefront/storage';
import { getCatalogue } from '../../../src/catalogue/data';

test('readSearchParams / searchPath: a round trip; defaults left out; bad values fall back', () => {
  const s = readSearchParams('?q=%E9%9D%A2%E9%9C%9C&sort=likes&media=1&score=4&page=3');
  assert.deepEqual(s, { q: '面霜', cut: false, sort: 'likes', media: true, score: 4, page: 3 });
  assert.equal(searchPath(s), '/search/?q=%E9%9D%A2%E9%9C%9C&sort=likes&media=1&score=4&page=3');
  assert.deepEqual(readSearchParams(searchPath(s).slice('/search/'.length)), s);
  assert.equal(searchPath({ q: 'a b' }), '/search/?q=a+b');
  const bad = readSearchParams('?q=x&sort=rank%3B&score=9&page=-2&media=yes');
  assert.deepEqual(bad, { q: 'x', cut: false, sort: 'relevance', media: false, score: null, page: 1 });
  assert.equal(readSearchParams('?page=100000').page, 100);
  assert.equal(readSearchParams('').q, '');
});

test('hasFilters: 有图/视频 or a score narrow the reviews; the sort does not', () => {
  assert.equal(hasFilters(readSearchParams('?q=x&sort=likes&page=2')), false);
  assert.equal(hasFilters(readSearchParams('?q=x&media=1')), true);
  assert.equal(hasFilters(readSearchParams('?q=x&score=1')), true);
  assert.equal(hasFilters(readSearchParams('?q=x&score=0')), false);
});

test('a query over 50 characters is cut at 50 characters (never inside an emoji) and says so', () => {
  const long = readSearchParams(`?q=${encodeURIComponent('面'.repeat(60))}`);
  assert.equal(long.cut, true);
  assert.equal(long.q, '面'.repeat(50));
  assert.deepEqual(cutQuery('😀'.repeat(51)), { q: '😀'.repeat(50), cut: true });
  assert.deepEqual(cutQuery('short'), { q: 'short', cut: false });
});

test('highlightParts: case- and width-insensitive, longest first, the text kept as it is', () => {
  const join = (parts: Array<{ text: string; hit: boolean }>) =>
    parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('');
  assert.equal(join(highlightParts('这款面霜很好用，面霜！', ['面霜'])), '这款[面霜]很好用，[面霜]！');
  assert.equal(join(highlightParts('Estee LAUDER 面霜', ['estee', 'lauder'])), '[Estee] [LAUDER] 面霜');
  assert.equal(join(highlightParts('ＮＩＫＥ鞋', ['nike'])), '[ＮＩＫＥ]鞋');
  assert.equal(join(highlightParts('保湿面霜', ['面', '面霜'])), '保湿[面霜]');
  // Markup in the text stays text: the parts are strings that React escapes.
  assert.deepEqual(highlightParts('<b>面霜</b>', ['面霜']), [
    { text: '<b>', hit: false },
    { text: '面霜', hit: true },
    { text: '</b>', hit: false },
  ]);
  assert.deepEqual(highlightParts('abc', []), [{ text: 'abc', hit: false }]);
});

test('suggestions: categories (searchRecommend, not disabled) then brands and products; recent and popular when empty', () => {
  const catalogue = getCatalogue();
  const names = namesFromProducts([
    { nameCN: '兰蔻 亮肤面霜', brand: { nameCN: '兰蔻', name: 'Lancome' } },
    { name: 'Only English', brand: { name: 'Brand' } },
    null,
    'junk',
  ]);
  assert.deepEqual(names, { products: ['兰蔻 亮肤面霜', 'Only English'], brands: ['兰蔻', 'Brand'] });
  const items = buildSuggestions({ query: '面霜', catalogue, names, recent: [] });
  const cats = items.filter((i) => i.kind === 'category');
  assert.ok(cats.length > 0, 'a 面霜 category');
  for (const c of cats) {
    assert.match(c.to, /^\/category\/[^/]+\/$/);
    const entry = [...catalogue.byId.values()].find((e) => `/category/${e.category.id}/` === c.to)!;
    assert.equal(entry.category.searchRecommend, true);
    assert.notEqual(entry.category.disabled, true);
  }
  assert.deepEqual(
    items.filter((i) => i.kind !== 'category').map((i) => [i.kind, i.label, i.to]),
    [
      ['brand', '兰蔻', '/search/?q=%E5%85%B0%E8%94%BB'],
      ['brand', 'Brand', '/search/?q=Brand'],
      ['product', '兰蔻 亮肤面霜', '/search/?q=%E5%85%B0%E8%94%BB+%E4%BA%AE%E8%82%A4%E9%9D%A2%E9%9C%9C'],
      ['product', 'Only English', '/search/?q=Only+English'],
    ],
  );
  // English terms match too.
  assert.ok(
    buildSuggestions({ query: 'cream', catalogue, names: null, recent: [] }).some((i) => i.kind === 'category'),
  );
  const empty = buildSuggestions({ query: '  ', catalogue, names: null, recent: ['奶粉', '面霜'] });
  assert.deepEqual(
    empty.slice(0, 2).map((i) => [i.kind, i.label]),
    [
      ['recent', '奶粉'],
      ['recent', '面霜'],
    ],
  );
  assert.ok(empty.slice(2).every((i) => i.kind === 'popular' && i.label !== '面霜'));
});

test('closest categories: the query, else its words, else its characters', () => {
  const catalogue = getCatalogue();
  assert.ok(closestCategories(catalogue, '面霜').length > 0);
  assert.ok(closestCategories(catalogue, 'zzzz 面霜').length > 0, 'by a word');
  assert.ok(closestCategories(catalogue, 'zq霜').length > 0, 'by a character');
  assert.deepEqual(closestCategories(catalogue, '😀😀'), []);
});

test('recent searches: newest first, once each, bounded, clearable; survive a throwing storage', () => {
  const data = new Map<string, string>();
  const backend: StorageLike = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  const store = createStore(backend);
  for (const q of ['a', 'b', 'a', '  ', 'c']) rememberSearch(q, store);
  assert.deepEqual(recentSearches(store), ['c', 'a', 'b']);
  for (let i = 0; i < 20; i++) rememberSearch(`q${i}`, store);
  assert.equal(recentSearches(store).length, RECENT_MAX);
  clearRecentSearches(store);
  assert.deepEqual(recentSearches(store), []);
  const throwing = createStore({
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => {},
  });
  rememberSearch('x', throwing);
  assert.deepEqual(recentSearches(throwing), ['x']);
});
