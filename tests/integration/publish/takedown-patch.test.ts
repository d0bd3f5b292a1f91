// Issue 39's lock finding: the served release patched for a takedown (publish/takedown-patch.ts).
// The servers' side (both, through real nginx, with the lock) is in
// tests/integration/deploy/takedown-walk.test.ts; here, what each file kind keeps and loses, and
// that a patch never replaces a release served meanwhile.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  patchHtml,
  patchPageData,
  patchServedRelease,
  patchSitemap,
  servedOrigin,
} from '../../../publish/takedown-patch';
import { currentRelease, listReleases, publishPrepared } from '../../../publish/releases';
import { preparePatchRelease, publish } from '../../../publish/release-files';

const down = [{ productId: '101', commentId: '5000001' }];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'takedown-patch-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('HTML: the card of each link to the review goes, everything else stays byte for byte', () => {
  const head =
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/haul/";/*]]>*/</script><style>.a>b{x:1}</style></head>';
  const keep =
    '<li><a class="rcard" href="/review/101/5000002/" data-comment-id="5000002"><img src="/m/a.webp" alt="甲" width=300></a></li>';
  const html = `${head}<body><!-- c --><ul class="rgrid" data-count="2"><li><a class="rcard" href="/review/101/5000001/?from=haul#top" data-comment-id="5000001"><span>差评 &amp; 图</span></a></li>${keep}</ul><p><a href="https://example.com/review/101/5000001">全文</a> 其余</p></body></html>`;
  const out = patchHtml(html, 'haul/index.html', down);
  assert.equal(out, `${head}<body><!-- c --><ul class="rgrid" data-count="2">${keep}</ul><p> 其余</p></body></html>`);
  // A look-alike id is not the review; data-comment-id alone counts only on the product's hub.
  const other = '<body><a href="/review/101/50000011/">x</a><li data-comment-id="5000001">y</li></body>';
  assert.equal(patchHtml(other, 'haul/index.html', down), other);
  assert.equal(patchHtml(other, 'pd/101/index.html', down), '<body><a href="/review/101/50000011/">x</a></body>');
});

test("HTML: the hub's JSON-LD Review of a removed item goes, the others stay", () => {
  const ld = {
    '@type': 'Product',
    review: [
      { '@type': 'Review', reviewBody: '做工 粗糙' },
      { '@type': 'Review', reviewBody: '很好' },
    ],
  };
  const html = `<head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><ul><li class="preview" data-comment-id="5000001"><p>做工粗糙</p></li><li class="preview" data-comment-id="5000002"><p>很好</p></li></ul></body>`;
  const out = patchHtml(html, 'pd/101/index.html', down);
  const parsed = JSON.parse(out.split('<script type="application/ld+json">')[1].split('</script>')[0]);
  assert.deepEqual(parsed.review, [{ '@type': 'Review', reviewBody: '很好' }]);
  assert.ok(!out.includes('5000001'));
});

test('page data and sitemaps: only the review goes', () => {
  const pd = JSON.stringify({
    componentChunkName: 'component---src-templates-haul-tsx',
    path: '/haul/',
    result: {
      items: [
        { productId: '101', commentId: '5000001' },
        { productId: '102', commentId: '5000001' },
        { productId: '101', commentId: '5000002' },
      ],
      hub: {
        reviews: [
          { id: '5000001', productId: '101' },
          { id: '7', productId: '101' },
        ],
      },
    },
    staticQueryHashes: ['1'],
  });
  const out = JSON.parse(patchPageData(pd, down));
  assert.deepEqual(out.result.items, [
    { productId: '102', commentId: '5000001' },
    { productId: '101', commentId: '5000002' },
  ]);
  assert.deepEqual(out.result.hub.reviews, [{ id: '7', productId: '101' }]);
  assert.deepEqual(out.staticQueryHashes, ['1']);
  const url = (loc: string) => `<url><loc>${loc}</loc><lastmod>2026-11-01</lastmod></url>`;
  const xml = `<?xml version="1.0"?><urlset>${url('https://s.example/review/101/5000001/')}${url('https://s.example/review/101/5000002/')}</urlset>`;
  assert.equal(
    patchSitemap(xml, down),
    `<?xml version="1.0"?><urlset>${url('https://s.example/review/101/5000002/')}</urlset>`,
  );
});

test('a release patched from the served one; a release served meanwhile is never replaced', async () => {
  const root = path.join(tmp, 'site');
  const pub = path.join(tmp, 'public');
  const li = (c: string) => `<li><a href="/review/101/${c}/">晒单${c}</a></li>`;
  fs.mkdirSync(path.join(pub, 'haul'), { recursive: true });
  fs.writeFileSync(path.join(pub, 'index.html'), '<body>首页</body>');
  fs.writeFileSync(path.join(pub, 'haul/index.html'), `<body><ul>${li('5000001')}${li('5000002')}</ul></body>`);
  await publish(pub, root, { deployFiles: false });
  const served = currentRelease(root)!;
  // The next build's public/ is never read: only the served release's files.
  fs.writeFileSync(path.join(pub, 'index.html'), '<body>回滚的改动</body>');
  const { release, patched } = await patchServedRelease(root, down);
  assert.deepEqual(patched, ['haul/index.html']);
  assert.equal(currentRelease(root), release!.id);
  assert.equal(
    fs.readFileSync(path.join(root, 'current/haul/index.html'), 'utf8'),
    `<body><ul>${li('5000002')}</ul></body>`,
  );
  // The other files are the served release's own (hard links).
  assert.equal(
    fs.statSync(path.join(root, 'current/index.html')).ino,
    fs.statSync(path.join(root, 'releases', served, 'index.html')).ino,
  );
  // Nothing names it any more: no new release.
  assert.equal((await patchServedRelease(root, down)).release, null);
  // The build history names the patched release's origin as served.
  assert.equal(servedOrigin(root), served);
  // A second takedown: a patch of the patch, which it replaces (no pile of patches, no build's
  // release pruned); the origin stays the build's release.
  const first = release!.id;
  const second = await patchServedRelease(root, [...down, { productId: '101', commentId: '5000002' }]);
  assert.deepEqual(second.patched, ['haul/index.html']);
  assert.equal(fs.readFileSync(path.join(root, 'current/haul/index.html'), 'utf8'), '<body><ul></ul></body>');
  assert.deepEqual(
    listReleases(root)
      .map((r) => r.id)
      .sort(),
    [served, second.release!.id].sort(),
  );
  assert.ok(!fs.existsSync(path.join(root, 'releases', first)));
  assert.equal(servedOrigin(root), served);
  // A prepared release whose base is no longer served is refused, `current` left as it was.
  const prepared = path.join(root, 'releases', '.patch-test');
  const stats = preparePatchRelease(prepared, {
    base: path.join(root, 'releases', served),
    outDir: tmp,
    written: [],
    deleted: [],
  });
  const before = listReleases(root).length;
  await assert.rejects(
    publishPrepared(root, prepared, stats, { expectServed: first, deployFiles: false }),
    /no longer served/,
  );
  assert.equal(currentRelease(root), second.release!.id);
  assert.equal(listReleases(root).length, before);
});
