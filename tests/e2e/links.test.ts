// The link checker (scripts/check-links.ts) over the built site (issue 6, "Done when": no
// internal link leads nowhere). Media URLs are checked with HEAD requests against the reference
// server that serves the site (startSite), the rest by the site server's own resolution rules.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_DIR, siteMissing, startSite, type Site } from './helpers/site';
import { checkLinks, extractLinks, formatReport } from '../../scripts/check-links';

describe('link checker', () => {
  test('finds links in tags only, decodes entities, splits srcset, ignores script bodies and escaped text', () => {
    const html = `<html><head><link rel="preload" href="/review/page-data/app-data.json"><script src="/review/app.js"></script>
      <script>var a = '<a href="/review/in-script/">'</script><style>.x{background:url(/review/in-style.png)}</style></head>
      <body><a href="/review/a/?x=1&amp;y=2">a</a><img alt="&lt;img src=x&gt;" src='/media/p/1x1.jpg' srcset="/review/s1.jpg 1x, /review/s2.jpg 2x">
      <p>&lt;a href="/review/escaped/"&gt;</p><a href=relative/>r</a></body></html>`;
    assert.deepEqual(extractLinks(html), [
      '/review/page-data/app-data.json',
      '/review/app.js',
      '/review/a/?x=1&y=2',
      '/media/p/1x1.jpg',
      '/review/s1.jpg',
      '/review/s2.jpg',
      'relative/',
    ]);
  });

  test('reports links that lead nowhere, follows the server redirects, accepts what the server serves', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
    const write = (rel: string, body: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), body);
    };
    write(
      'index.html',
      '<a href="/review/pd/1/">ok</a><a href="/review/about">redirect to /about/</a><a href="/review/product/1">alias</a>' +
        '<a href="/review/nowhere/">broken</a><a href="sub/">relative, broken</a><a href="https://example.com/">external</a><a href="#top">anchor</a>' +
        '<a href="/review/9/9/">a review with no page</a><img src="/review/static/a.png" width="1" height="1"><a href="/api/v1/appconfig">outside</a>',
    );
    write('pd/1/index.html', '<a href="../../">home, relative</a><a href="./">itself</a>');
    write('about/index.html', '<a href="/review">home without slash</a>');
    write('static/a.png', 'x');
    write('404.html', '<h1>404</h1>');
    try {
      const r = await checkLinks({ siteDir: dir });
      assert.equal(r.pages, 4);
      assert.equal(r.external, 1);
      assert.deepEqual(
        r.broken.map((b) => [b.target, b.from]),
        [
          ['/api/v1/appconfig', ['/review/']],
          ['/review/9/9/', ['/review/']],
          ['/review/nowhere/', ['/review/']],
          ['/review/sub/', ['/review/']],
        ],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the built site', { skip: siteMissing }, () => {
    let site: Site;
    before(async () => {
      site = await startSite();
    });
    after(async () => {
      await site?.close();
    });

    test('no internal link of any page leads nowhere (pages, assets, page-data, media)', async () => {
      const r = await checkLinks({ siteDir: PUBLIC_DIR, base: site.server.url });
      console.log(formatReport(r));
      assert.ok(r.pages > 500, `${r.pages} HTML pages`);
      assert.ok(r.targets > 500 && r.media > 100, 'links were found');
      assert.equal(r.mediaChecked, r.media);
      assert.deepEqual(r.broken, [], formatReport(r));
    });
  });
});
