// The patch build's page data (gatsby/patch/manifest.ts, gatsby/renderer/render.ts) against Gatsby's
// own writer: same bytes, so a patched page-data.json is the one `gatsby build` writes (the
// integration test tests/integration/editor/builds.test.ts compares whole releases).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { manifestEntry } from '../../../gatsby/patch/manifest';
import { htmlFile, pageDataFile, pageDataString, pageResultJson } from '../../../gatsby/renderer/render';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { constructPageDataString } = require('gatsby/dist/utils/page-data-helpers') as {
  constructPageDataString(
    page: Record<string, unknown>,
    result: string,
    slicesUsedByTemplates: Map<string, unknown>,
    slices: Map<string, unknown>,
  ): string;
};

test("page-data.json bytes equal gatsby's constructPageDataString (with slices, with a match path)", () => {
  const componentPath = '/site/src/templates/review.tsx';
  const context = { productId: '1', commentId: '2', info: { content: '正文 "引号" </script>' } };
  const previous = process.env.GATSBY_SLICES;
  process.env.GATSBY_SLICES = 'true';
  try {
    for (const matchPath of [undefined, '/product/:id']) {
      const gatsby = constructPageDataString(
        {
          componentChunkName: 'component---src-templates-review-tsx',
          componentPath,
          path: '/1/2/',
          matchPath,
          staticQueryHashes: ['2850881135'],
        },
        pageResultJson(context),
        new Map([[componentPath, {}]]),
        new Map(),
      );
      const ours = pageDataString(
        {
          componentChunkName: 'component---src-templates-review-tsx',
          staticQueryHashes: ['2850881135'],
          slicesMap: {},
        },
        '/1/2/',
        pageResultJson(context),
        matchPath ?? null,
      );
      assert.equal(ours, gatsby);
    }
  } finally {
    if (previous === undefined) delete process.env.GATSBY_SLICES;
    else process.env.GATSBY_SLICES = previous;
  }
});

test("the result drops the keys Gatsby drops from a page context; the digest follows the page's data", () => {
  assert.equal(pageResultJson({ a: 1, path: '/x/', component: 'c', matchPath: 'm' }), '{"pageContext":{"a":1}}');
  const page = { path: '/1/2/', component: '/site/src/templates/review.tsx', context: { a: 1 } };
  const e = manifestEntry(page);
  assert.equal(e.template, 'review');
  assert.equal(manifestEntry({ ...page }).digest, e.digest);
  assert.notEqual(manifestEntry({ ...page, context: { a: 2 } }).digest, e.digest);
  assert.notEqual(manifestEntry({ ...page, component: '/site/src/templates/product.tsx' }).digest, e.digest);
  assert.notEqual(manifestEntry({ ...page, matchPath: '/1/:id' }).digest, e.digest);
});

test('file paths of a page: index for the home page, index.html in the page folder', () => {
  assert.equal(pageDataFile('/'), 'page-data/index/page-data.json');
  assert.equal(pageDataFile('/1/2/'), 'page-data/1/2/page-data.json');
  assert.equal(htmlFile('/'), 'index.html');
  assert.equal(htmlFile('/1/2/'), '1/2/index.html');
  assert.equal(htmlFile('/404.html'), '404.html');
});
