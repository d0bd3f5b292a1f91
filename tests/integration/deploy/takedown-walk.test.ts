// Issue 39 (third probe): a takedown holds on every path to the review, on both servers. Real
// nginx (as the deploy tests start it) in front of the reference server and the site, over a
// release published by publish/releases.ts (so with the .br/.gz siblings made at publish and the
// build's `_deferred/` data). Each finding has its own test (N1, N2, N3, N6); the walk asks every
// URL form the probe used, with GET and HEAD and each Accept-Encoding, and every URL of every file
// of the release that holds the review's text, against nginx and the site server, first as
// published, then after a rollback that locks publishing (which brings the older release's files
// of the review back).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { republish, currentRelease } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { PublishingLock } from '../../../server/builds/publishing-lock';
import { urlsOfFile } from '../../../server/deploy/purge';
import {
  decoded,
  finalAnswer,
  page,
  put,
  raw,
  startStack,
  texts,
  tmpDir,
  TOKEN,
  type Raw,
  type Stack,
} from './fixture';

const tmp = tmpDir('takedown-walk');
const pub = path.join(tmp, 'public');
const root = path.join(tmp, 'var', 'site');
let stack: Stack;
let p: string;
let c: string;
/** A review of the same product without a static page (deferred), and a product without a hub page. */
let deferred: string;
let otherProduct: string;
/** The taken-down review's text: in its own files, the build data and the listings. */
const TEXT = '这条晒单将被下架：做工粗糙，与描述不符';
/**
 * Files that list the review among others: they name it until the takedown's build is served
 * (the walk leaves them out); while publishing is locked, a takedown patches them out of the
 * served release at once (the lock test below).
 */
const listings = () => [
  'haul/index.html',
  'page-data/haul/page-data.json',
  'sitemap-0.xml',
  `pd/${p}/index.html`,
  `page-data/pd/${p}/page-data.json`,
];
const isListing = (rel: string) => listings().some((l) => rel === l || rel.startsWith(`${l}.`));
/** A change of the newest build that the rollback takes back: the patch must not serve it again. */
const ROLLED_BACK = '回滚前的新版首页';

before(async () => {
  fs.mkdirSync(root, { recursive: true });
  stack = await startStack(tmp, root);
  const rows = stack.server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id').all() as Array<{
    id: number;
    product_id: number;
  }>;
  [p, c] = [String(rows[0].product_id), String(rows[0].id)];
  deferred = String(rows.find((r) => String(r.product_id) === p && String(r.id) !== c)?.id ?? rows[1].id);
  otherProduct = String(rows.find((r) => String(r.product_id) !== p)!.product_id);
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  put(pub, '404.html', page('404', 'window.is404=true'));
  put(pub, '500.html', page('500', 'window.is500=true'));
  put(
    pub,
    `${p}/${c}/index.html`,
    page(`晒单 ${TEXT}`, `window.pagePath="/${p}/${c}/"`).replace('</body>', `<p>${TEXT}</p></body>`),
  );
  put(pub, `page-data/${p}/${c}/page-data.json`, JSON.stringify({ result: { text: TEXT, pad: '晒单'.repeat(400) } }));
  // The showcase and the product's hub, as the templates draw them: cards linking the review
  // (ReviewCard), the hub's review items (ProductReviews) and its JSON-LD, and their page data.
  const card = (cid: string, text: string) =>
    `<li><a class="rcard" href="/review/${p}/${cid}/" data-comment-id="${cid}"><span>${text}</span></a></li>`;
  put(
    pub,
    'haul/index.html',
    page('晒单广场', 'window.pagePath="/haul/"').replace(
      '</body>',
      `<ul class="rgrid" data-count="2">${card(c, TEXT)}${card(deferred, '另一条晒单')}</ul></body>`,
    ),
  );
  const item = (cid: string, content: string) => ({ productId: p, commentId: cid, content });
  put(
    pub,
    'page-data/haul/page-data.json',
    JSON.stringify({
      path: '/haul/',
      result: { items: [item(c, TEXT), item(deferred, '另一条晒单')], pad: '晒单'.repeat(400) },
    }),
  );
  put(
    pub,
    'sitemap-0.xml',
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/review/${p}/${c}/</loc></url>${'<url><loc>https://example.com/review/</loc></url>'.repeat(20)}</urlset>`,
  );
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: '商品',
    review: [
      { '@type': 'Review', reviewBody: TEXT },
      { '@type': 'Review', reviewBody: '另一条晒单' },
    ],
  };
  put(
    pub,
    `pd/${p}/index.html`,
    page('商品晒单', `window.pagePath="/pd/${p}/"`)
      .replace('</head>', `<script type="application/ld+json">${JSON.stringify(ld)}</script></head>`)
      .replace(
        '</body>',
        `<ul><li class="preview" data-comment-id="${c}"><p class="preview__text">${TEXT}</p></li><li class="preview" data-comment-id="${deferred}"><p class="preview__text">另一条晒单</p></li></ul></body>`,
      ),
  );
  put(
    pub,
    `page-data/pd/${p}/page-data.json`,
    JSON.stringify({
      result: {
        hub: p,
        reviews: [
          { id: c, productId: p, content: TEXT },
          { id: deferred, productId: p, content: '另一条晒单' },
        ],
        pad: '晒单'.repeat(400),
      },
    }),
  );
  // The build's data for deferred pages: every product's reviews, the taken-down one's text included.
  put(pub, '_deferred/meta.json', JSON.stringify({ version: 1, pad: 'x'.repeat(2000) }));
  put(
    pub,
    '_deferred/related/0001.json',
    JSON.stringify({ [p]: [{ commentId: c, content: TEXT }], pad: 'x'.repeat(2000) }),
  );
  await publish(pub, root);
  await stack.nginx.reload();
});
after(async () => {
  await stack?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const servers = () => [
  ['nginx', stack.nginx.url],
  ['site server', stack.server.url],
];

const enc = (s: string) =>
  [...s].map((ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** The probe's 45 forms of the review's page and page data. */
function forms(): string[] {
  const pg = `/review/${p}/${c}`;
  const pd = `/review/page-data/${p}/${c}/page-data.json`;
  return [
    `${pg}/`,
    pg,
    `${pg}/index.html`,
    `${pg}/?from=share`,
    `${pg}/index.html.br`,
    `${pg}/index.html.gz`,
    `${pg}/index.html%2Ebr`,
    `${pg}/index.html%2egz`,
    `${pg}/index%2Ehtml`,
    `${pg}/index%2Ehtml%2Ebr`,
    `${pg}/%69ndex.html`,
    `${pg}/INDEX.HTML`,
    `${pg}/index.HTML.BR`,
    `/review/${enc(p)}/${enc(c)}/`,
    `/review/${p}%2F${c}/`,
    `${pg}%2F`,
    `${pg}/./`,
    `/review/${p}/./${c}/`,
    `${pg}/../${c}/`,
    `/review/x/../${p}/${c}/`,
    `${pg}/%2E/`,
    `/review/${p}/%2E%2E/${p}/${c}/`,
    `/review//${p}/${c}/`,
    `/review/${p}//${c}/`,
    `${pg}//`,
    `${pg}//index.html`,
    `${pg}/index.html/`,
    `${pg}/index.html?x=1`,
    `${pg}/index.html%20`,
    `/REVIEW/${p}/${c}/`,
    `/review/${p}/${c}%20/`,
    pd,
    `${pd}.br`,
    `${pd}.gz`,
    `${pd}%2Ebr`,
    `${pd}%2egz`,
    `/review/page-data/${p}/${c}/page-data%2Ejson`,
    `/review/page-data//${p}/${c}/page-data.json`,
    `/review/page-data/${p}/${c}/./page-data.json`,
    `/review/page-data/${p}/x/../${c}/page-data.json`,
    `/review/page-data/${p}/${c}/PAGE-DATA.JSON`,
    `/review/%70age-data/${p}/${c}/page-data.json`,
    `${pd}?x=1`,
    `/review/page-data/${p}/${c}/`,
    `/review/page-data/${p}/${c}/page-data.json/`,
  ];
}

/**
 * Every file of the served release that holds the review's text (as it is, or decompressed),
 * the listings aside (LISTINGS).
 */
function filesWithText(): string[] {
  const dir = fs.realpathSync(path.join(root, 'current'));
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) {
        const bytes = fs.readFileSync(path.join(dir, r));
        const body = { status: 200, headers: {}, body: bytes } as Raw;
        if (!isListing(r) && texts(body).some((t) => t.includes(TEXT))) out.push(r);
      }
    }
  };
  walk('');
  return out;
}

/** Asks every form and file URL on both servers; returns the answers that showed the review. */
async function walk(): Promise<{ shown: string[]; asked: number; urls: number }> {
  const files = filesWithText();
  // The walk covers what it should: the page, its page data, their siblings and the build data.
  for (const f of [`${p}/${c}/index.html.br`, `page-data/${p}/${c}/page-data.json.gz`, '_deferred/related/0001.json'])
    assert.ok(files.includes(f), `${f} is in the release and holds the text`);
  const urls = [...new Set([...forms(), ...files.flatMap(urlsOfFile)])];
  // Each URL also with the first segment after /review percent-encoded.
  urls.push(...files.map((f) => `/review/${enc(f.split('/')[0])}/${f.split('/').slice(1).join('/')}`));
  const shown: string[] = [];
  let asked = 0;
  for (const [name, base] of servers())
    for (const url of urls)
      for (const method of ['GET', 'HEAD'])
        for (const ae of ['br', 'gzip', '']) {
          const r = await finalAnswer(base, url, ae ? { 'accept-encoding': ae } : {}, method);
          asked++;
          const ok = r.status >= 200 && r.status < 300;
          if (ok || texts(r).some((t) => t.includes(TEXT)))
            shown.push(`${name} ${method} ${url} (ae ${ae || 'none'}) -> ${r.status} at ${r.url}`);
        }
  assert.ok(asked >= 2 * 45 * 2 * 3, `asked ${asked}`);
  return { shown, asked, urls: urls.length };
}

const takedown = (query = '') =>
  fetch(`${stack.nginx.url}/editor/api/takedowns${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: p, commentId: c, reason: '违规' }),
  });
const restore = () =>
  fetch(`${stack.nginx.url}/editor/api/takedowns/${p}/${c}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${TOKEN}` },
  });

/** The review's page is served in full by both servers (so each check below can fail). */
async function assertServed() {
  for (const [name, base] of servers()) {
    const r = await finalAnswer(base, `/review/${p}/${c}/`, { 'accept-encoding': 'br' });
    assert.equal(r.status, 200, name);
    assert.ok(decoded(r).includes(TEXT), `${name} serves the review before its takedown`);
  }
}

test('N1: after a takedown no precompressed sibling of the page or its page data answers, by any spelling', async () => {
  await assertServed();
  assert.equal((await takedown()).status, 201);
  try {
    for (const [name, base] of servers())
      for (const url of [
        `/review/${p}/${c}/index.html.br`,
        `/review/${p}/${c}/index.html.gz`,
        `/review/${p}/${c}/index.html%2Ebr`,
        `/review/page-data/${p}/${c}/page-data.json.br`,
        `/review/page-data/${p}/${c}/page-data.json.gz`,
      ]) {
        const r = await finalAnswer(base, url, { 'accept-encoding': 'br, gzip' });
        assert.ok([404, 410].includes(r.status), `${name} ${url}: ${r.status}`);
        assert.ok(!texts(r).some((t) => t.includes(TEXT)), `${name} ${url} shows the review`);
      }
  } finally {
    assert.equal((await restore()).status, 204);
  }
  // A sibling is never served by its own name, taken down or not: its file is, compressed.
  for (const [name, base] of servers()) {
    assert.equal((await raw(`${base}/review/index.html.br`)).status, 404, name);
    assert.equal((await raw(`${base}/review/page-data/${p}/${c}/page-data.json.gz`)).status, 404, name);
  }
});

test('N2: the build data (_deferred/) is never served, on either server', async () => {
  for (const [name, base] of servers())
    for (const url of [
      '/review/_deferred/meta.json',
      '/review/_deferred/related/0001.json',
      '/review/_deferred/related/0001.json.br',
      '/review/%5Fdeferred/related/0001.json',
      '/review/_deferred/',
      '/review/_deferred',
      '/review/x/../_deferred/related/0001.json',
    ]) {
      const r = await finalAnswer(base, url);
      assert.equal(r.status, 404, `${name} ${url}`);
      assert.ok(!texts(r).some((t) => t.includes(TEXT)), `${name} ${url} shows the build data`);
    }
});

test('N3: a takedown with a query string writes the marker nginx tests: 410 through nginx at once', async () => {
  const r = await takedown('?src=console');
  assert.equal(r.status, 201);
  try {
    assert.ok(fs.existsSync(path.join(root, 'takedowns', p, c)), 'the marker file');
    for (const url of [`/review/${p}/${c}/`, `/review/page-data/${p}/${c}/page-data.json`])
      assert.equal((await raw(stack.nginx.url + url)).status, 410, url);
  } finally {
    const del = await fetch(`${stack.nginx.url}/editor/api/takedowns/${p}/${c}?src=console`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(del.status, 204);
  }
  assert.ok(!fs.existsSync(path.join(root, 'takedowns', p, c)), 'the marker is gone after the restore');
  assert.equal((await raw(`${stack.nginx.url}/review/${p}/${c}/`)).status, 200);
});

test('N6: behind nginx, the page data of a deferred review and of a deferred hub is routed like their pages', async () => {
  for (const url of [
    `/review/${p}/${deferred}/`,
    `/review/page-data/${p}/${deferred}/page-data.json`,
    `/review/pd/${otherProduct}/`,
    `/review/page-data/pd/${otherProduct}/page-data.json`,
  ]) {
    const viaNginx = await raw(stack.nginx.url + url);
    const direct = await raw(stack.server.url + url);
    assert.match(String(viaNginx.headers.etag), /^W\//, `${url}: the site server's answer (${viaNginx.status})`);
    assert.equal(viaNginx.status, direct.status, url);
  }
  // A deferred review taken down: its page data answers 410 through nginx as its page does.
  const down = await fetch(`${stack.nginx.url}/editor/api/takedowns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: p, commentId: deferred, reason: '违规' }),
  });
  assert.equal(down.status, 201);
  for (const [name, base] of servers())
    for (const url of [`/review/${p}/${deferred}/`, `/review/page-data/${p}/${deferred}/page-data.json`])
      assert.equal((await raw(base + url)).status, 410, `${name} ${url}`);
  const del = await fetch(`${stack.nginx.url}/editor/api/takedowns/${p}/${deferred}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  assert.equal(del.status, 204);
});

test('the walk: every form, GET and HEAD, every file with the text, both servers; published, then rolled back and locked', async (t) => {
  await assertServed();
  assert.equal((await takedown()).status, 201);
  const published = await walk();
  t.diagnostic(
    `as published: ${published.urls} URLs, ${published.asked} requests, ${published.shown.length} showed it`,
  );

  // The takedown's build: a release without the review's files. Then a rollback to the first
  // release: publishing is locked, and the review's files (its siblings too) are served again,
  // the takedown still in force.
  const first = currentRelease(root)!;
  fs.rmSync(path.join(pub, p, c), { recursive: true });
  fs.rmSync(path.join(pub, 'page-data', p, c), { recursive: true });
  put(pub, 'index.html', page(ROLLED_BACK, 'window.pagePath="/"'));
  await publish(pub, root);
  assert.notEqual(currentRelease(root), first);
  assert.ok(!fs.existsSync(path.join(root, 'current', p, c)), "the takedown's build has no page of the review");
  await republish(root, first);
  new PublishingLock(root).lock(first, Date.now());
  await stack.nginx.reload();
  assert.equal(currentRelease(root), first);
  assert.equal(new PublishingLock(root).locked, true);
  const locked = await walk();
  t.diagnostic(`locked: ${locked.urls} URLs, ${locked.asked} requests, ${locked.shown.length} showed it`);
  assert.deepEqual(published.shown, [], 'as published');
  assert.deepEqual(locked.shown, [], 'rolled back, publishing locked');
  assert.equal((await restore()).status, 204);
  await assertServed();
});

/** Every file of the served release (siblings decompressed) that names the review or holds its text. */
function filesNaming(): string[] {
  const dir = fs.realpathSync(path.join(root, 'current'));
  const out: string[] = [];
  const walkDir = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walkDir(r);
      else if (e.isFile()) {
        const body = { status: 200, headers: {}, body: fs.readFileSync(path.join(dir, r)) } as Raw;
        if (texts(body).some((t) => t.includes(TEXT) || t.includes(`/review/${p}/${c}/`))) out.push(r);
      }
    }
  };
  walkDir('');
  return out;
}

test("while publishing is locked, a takedown leaves every listing, its page data and the sitemap at once (issue 39's lock finding)", async () => {
  // The state the walk leaves: rolled back to the first release, publishing locked.
  const lock = new PublishingLock(root).get();
  assert.equal(lock.locked, true);
  const rolledBackTo = currentRelease(root);
  const urls = [
    '/review/haul/',
    '/review/page-data/haul/page-data.json',
    '/review/sitemap-0.xml',
    `/review/pd/${p}/`,
    `/review/page-data/pd/${p}/page-data.json`,
  ];
  // Each check can fail: before the takedown every listing names the review on both servers.
  for (const [name, base] of servers())
    for (const url of urls) {
      const r = await finalAnswer(base, url, { 'accept-encoding': 'br' });
      assert.equal(r.status, 200, `${name} ${url}`);
      assert.ok(decoded(r).includes(`/review/${p}/${c}/`) || decoded(r).includes(TEXT), `${name} ${url} lists it`);
    }
  assert.ok(filesNaming().some(isListing));
  assert.equal((await takedown()).status, 201);
  try {
    // When the editor sees 201, on both servers.
    for (const [name, base] of servers()) {
      for (const url of urls)
        for (const ae of ['br', 'gzip', '']) {
          const r = await finalAnswer(base, url, ae ? { 'accept-encoding': ae } : {});
          assert.equal(r.status, 200, `${name} ${url} (ae ${ae || 'none'})`);
          for (const t of texts(r)) {
            assert.ok(!t.includes(`/review/${p}/${c}/`), `${name} ${url} (ae ${ae || 'none'}) still links the review`);
            assert.ok(!t.includes(TEXT), `${name} ${url} (ae ${ae || 'none'}) still shows its text`);
          }
          // The other review stays listed.
          assert.ok(
            texts(r).some(
              (t) => t.includes('另一条晒单') || t.includes(`/review/${p}/${deferred}/`) || url.endsWith('.xml'),
            ),
            `${name} ${url} lost the other review`,
          );
        }
      // The patch's note of its origin release is never served.
      assert.equal((await finalAnswer(base, '/review/.takedown-of')).status, 404, name);
      // The rolled-back change is not served again.
      const home = await finalAnswer(base, '/review/', { 'accept-encoding': 'br' });
      assert.equal(home.status, 200, name);
      assert.ok(!decoded(home).includes(ROLLED_BACK), `${name}: the rolled-back change is served`);
    }
    // A release derived from the served one, the lock kept.
    assert.notEqual(currentRelease(root), rolledBackTo, 'a release patched from the served one');
    assert.deepEqual(new PublishingLock(root).get(), lock, 'the lock is kept');
    // No file of the served release names it but its own page files and the build data (410 and 404 on both servers: the walk).
    const left = filesNaming().filter(
      (f) => !f.startsWith(`${p}/${c}/`) && !f.startsWith(`page-data/${p}/${c}/`) && !f.startsWith('_deferred/'),
    );
    assert.deepEqual(left, []);
    // The patched page data is still page data (Gatsby reads it), the JSON-LD still parses.
    const pd = JSON.parse(fs.readFileSync(path.join(root, 'current', 'page-data/haul/page-data.json'), 'utf8'));
    assert.deepEqual(
      pd.result.items.map((i: { commentId: string }) => i.commentId),
      [deferred],
    );
    const hub = fs.readFileSync(path.join(root, 'current', `pd/${p}/index.html`), 'utf8');
    const ld = JSON.parse(hub.split('<script type="application/ld+json">')[1].split('</script>')[0]);
    assert.deepEqual(
      ld.review.map((r: { reviewBody: string }) => r.reviewBody),
      ['另一条晒单'],
    );
  } finally {
    assert.equal((await restore()).status, 204);
  }
});
