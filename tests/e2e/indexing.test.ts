// Issue 11, "Crawler readiness": every page that must not be indexed (404, 500, login, search, the
// haul detail template, the unbuilt-review loading state, which is the 404 page's HTML)
// carries `noindex` and no canonical URL; every other page has exactly one canonical URL, its
// own absolute URL under siteConfig.siteUrl + /review/; every page has a non-empty title.
// Scans every HTML file of the e2e build (public/).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { PUBLIC_DIR, siteMissing } from './helpers/site';
import { builtHtmlPages, isReviewPage, type BuiltPage } from './helpers/built-pages';
import { siteConfig } from '../../src/site-config';

/** Pages that must carry noindex, by file; these must exist in every build (search: issue 43). */
const REQUIRED_NOINDEX = ['404.html', 'login/index.html', 'haul-detail/index.html', 'search/index.html'];
const NOINDEX_IF_BUILT = ['404/index.html', '500.html', '500/index.html', 'product/index.html'];
/** gatsby-plugin-offline's app shell: no page component, so no head of the site's own. */
const APP_SHELL = 'offline-plugin-app-shell-fallback/index.html';

interface Head {
  page: BuiltPage;
  title: string;
  canonicals: string[];
  noindex: boolean;
}

function readHead(page: BuiltPage): Head {
  const doc = parse(fs.readFileSync(path.join(PUBLIC_DIR, page.file), 'utf8'));
  const robots = doc
    .querySelectorAll('meta[name="robots"], meta[name="googlebot"]')
    .map((m) => m.getAttribute('content') ?? '');
  return {
    page,
    title: (doc.querySelector('title')?.text ?? '').trim(),
    canonicals: doc.querySelectorAll('link[rel="canonical"]').map((l) => l.getAttribute('href') ?? ''),
    noindex: robots.some((c) => /\bnoindex\b/i.test(c)),
  };
}

describe('indexing: noindex where required, one canonical everywhere else (issue 11)', { skip: siteMissing }, () => {
  const heads = () => builtHtmlPages(PUBLIC_DIR).map(readHead);
  let all: Head[] = [];

  test('404, 500, login, search and the haul detail template carry noindex and no canonical', () => {
    all = heads();
    const byFile = new Map(all.map((h) => [h.page.file, h]));
    for (const f of REQUIRED_NOINDEX) assert.ok(byFile.has(f), `${f} is built`);
    const problems = [...REQUIRED_NOINDEX, ...NOINDEX_IF_BUILT].flatMap((f) => {
      const h = byFile.get(f);
      if (!h) return [];
      return [
        ...(h.noindex ? [] : [`${f}: no noindex`]),
        ...(h.canonicals.length ? [`${f}: canonical ${h.canonicals.join(' ')} on a noindex page`] : []),
      ];
    });
    assert.deepEqual(problems, []);
  });

  test('no page carries both noindex and a canonical URL', () => {
    const both = all.filter((h) => h.noindex && h.canonicals.length).map((h) => h.page.urlPath);
    assert.deepEqual(both, []);
  });

  test('every indexable page has exactly one canonical: its own absolute URL under the site URL', () => {
    const indexable = all.filter((h) => !h.noindex && h.page.file !== APP_SHELL);
    assert.ok(indexable.filter((h) => isReviewPage(h.page)).length > 100, 'review pages are indexable');
    const problems = indexable.flatMap((h) => {
      const want = `${siteConfig.siteUrl.replace(/\/+$/, '')}${h.page.urlPath}`;
      if (h.canonicals.length !== 1) return [`${h.page.urlPath}: ${h.canonicals.length} canonical links`];
      return h.canonicals[0] === want ? [] : [`${h.page.urlPath}: canonical ${h.canonicals[0]}, expected ${want}`];
    });
    assert.deepEqual(problems.slice(0, 20), [], `${problems.length} pages`);
  });

  test('every page has a non-empty title', () => {
    const untitled = all.filter((h) => !h.title && h.page.file !== APP_SHELL).map((h) => h.page.urlPath);
    assert.deepEqual(untitled, []);
  });

  // The app shell is the offline fallback the service worker serves; at its own URL it answers
  // 200 with an empty body, so it is marked noindex (gatsby-ssr.tsx's onRenderBody).
  test('the offline app shell carries noindex', () => {
    const shell = all.find((h) => h.page.file === APP_SHELL);
    assert.ok(shell, `${APP_SHELL} is built`);
    assert.ok(shell.noindex, `${APP_SHELL}: no noindex`);
  });
});
