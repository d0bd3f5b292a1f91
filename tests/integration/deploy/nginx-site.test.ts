// nginx serving a published release (deploy/nginx/, issue 24) with the site server's rules:
// real nginx (Debian's, with the brotli_static module) in front of the reference server and the
// site, over a small release published by publish/releases.ts. Each answer is compared
// with what the site server itself sends, or with the modules it takes its rules from.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { publish } from '../../../publish/release-files';
import { cacheControlFor } from '../../../server/site/cache-rules';
import { sitePolicy, sitePolicyOptionsFromEnv } from '../../../server/security-headers';
import { securityHeaders } from '../../../deploy/nginx/render';
import { GONE_HTML } from '../../../server/site/taken-down';
import { page, put, raw, startStack, tmpDir, TOKEN, type Stack } from './fixture';

const tmp = tmpDir('nginx-site');
const pub = path.join(tmp, 'public');
const root = path.join(tmp, 'var', 'site');
let stack: Stack;
let nginx: string;
let node: string;
let p: number;
let c: number;
let unbuilt: number;
const BIG_JS = `!function(){${'var a=1;'.repeat(2000)}}();`;

before(async () => {
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  put(pub, '404.html', page('404', 'window.is404=true'));
  put(pub, '500.html', page('500', 'window.is500=true'));
  put(pub, 'merchants/index.html', page('商家', 'window.pagePath="/merchants/"'));
  put(pub, 'app-0123456789abcdef0123.js', BIG_JS);
  put(pub, 'app-0123456789abcdef0123.js.map', '{}');
  put(pub, 'webpack.stats.json', '{}');
  put(pub, 'chunk-map.json', '{}');
  put(pub, 'sw.js', BIG_JS);
  put(pub, 'small.css', 'body{}');
  put(pub, 'static/abc/photo.jpg', Buffer.alloc(4000, 7));
  put(pub, 'page-data/app-data.json', '{"webpackCompilationHash":"abc"}');
  // The reviews come from the seeded database: a built one, and one without a static page.
  fs.mkdirSync(root, { recursive: true });
  stack = await startStack(tmp, root);
  const rows = stack.server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 2').all() as Array<{
    id: number;
    product_id: number;
  }>;
  [p, c, unbuilt] = [rows[0].product_id, rows[0].id, rows[1].id];
  put(pub, `${p}/${c}/index.html`, page('晒单', `window.pagePath="/${p}/${c}/"`));
  put(pub, `page-data/${p}/${c}/page-data.json`, JSON.stringify({ result: { text: '晒单'.repeat(400) } }));
  await publish(pub, root);
  // nginx loads the page policies at (re)load: this release's.
  await stack.nginx.reload();
  nginx = stack.nginx.url;
  node = stack.server.url;
});
after(async () => {
  await stack?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const release = (rel: string) => fs.readFileSync(path.join(root, 'current', rel));
const decode = (r: { headers: Record<string, unknown>; body: Buffer }) =>
  r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body;

test('text files go out as the .br and .gz files made at publish, by Accept-Encoding, with Vary', async () => {
  for (const [url, rel] of [
    ['/review/', 'index.html'],
    [`/review/${p}/${c}/`, `${p}/${c}/index.html`],
    [`/review/page-data/${p}/${c}/page-data.json`, `page-data/${p}/${c}/page-data.json`],
    ['/review/app-0123456789abcdef0123.js', 'app-0123456789abcdef0123.js'],
  ]) {
    const br = await raw(nginx + url, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200, url);
    assert.equal(br.headers['content-encoding'], 'br', url);
    assert.deepEqual(br.body, release(`${rel}.br`), `${url}: the precompressed bytes`);
    assert.deepEqual(decode(br), release(rel));
    assert.match(String(br.headers.vary), /Accept-Encoding/i);
    const gz = await raw(nginx + url, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip', url);
    assert.deepEqual(decode(gz), release(rel));
    const plain = await raw(nginx + url);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.body, release(rel));
  }
  // Below 1 KB: no sibling, sent as it is; images as they are.
  assert.equal(
    (await raw(`${nginx}/review/small.css`, { 'accept-encoding': 'br' })).headers['content-encoding'],
    undefined,
  );
  const jpg = await raw(`${nginx}/review/static/abc/photo.jpg`, { 'accept-encoding': 'br' });
  assert.equal(jpg.headers['content-encoding'], undefined);
  assert.equal(jpg.body.length, 4000);
});

test("Gatsby's caching rules, as cacheControlFor says, on every kind of file", async () => {
  for (const [url, rel] of [
    ['/review/', 'index.html'],
    ['/review/merchants/', 'merchants/index.html'],
    [`/review/page-data/${p}/${c}/page-data.json`, `page-data/${p}/${c}/page-data.json`],
    ['/review/page-data/app-data.json', 'page-data/app-data.json'],
    ['/review/app-0123456789abcdef0123.js', 'app-0123456789abcdef0123.js'],
    ['/review/sw.js', 'sw.js'],
    ['/review/small.css', 'small.css'],
    ['/review/static/abc/photo.jpg', 'static/abc/photo.jpg'],
  ]) {
    const r = await raw(nginx + url, { 'accept-encoding': 'br' });
    assert.equal(r.status, 200, url);
    assert.equal(r.headers['cache-control'], cacheControlFor(rel), url);
    // The same as the site server's own answer.
    assert.equal(r.headers['cache-control'], (await raw(node + url)).headers['cache-control'], url);
  }
  assert.equal((await raw(`${nginx}/review/sw.js`)).headers['service-worker-allowed'], '/review/');
});

test("every answer carries the site server's security headers; pages their own CSP, the rest the site's", async () => {
  const expected = await securityHeaders();
  assert.ok(expected.length >= 5, 'helmet headers read from the site server');
  const opts = sitePolicyOptionsFromEnv();
  for (const [url, rel] of [
    ['/review/', 'index.html'],
    [`/review/${p}/${c}/`, `${p}/${c}/index.html`],
    ['/review/merchants/', 'merchants/index.html'],
  ]) {
    const r = await raw(nginx + url, { 'accept-encoding': 'br' });
    const csp = String(r.headers['content-security-policy']);
    assert.equal(csp, sitePolicy(release(rel).toString(), opts), url);
    assert.ok(csp.includes("'sha256-"), 'the inline script by hash');
    assert.equal(r.headers['etag'] && /^W\//.test(String(r.headers.etag)), false, `${url} is nginx's own answer`);
    // The site server sends the same policy for the same page.
    assert.equal((await raw(node + url)).headers['content-security-policy'], csp, url);
  }
  for (const url of ['/review/app-0123456789abcdef0123.js', '/review/sw.js', '/review/static/abc/photo.jpg']) {
    const r = await raw(nginx + url);
    assert.equal(r.headers['content-security-policy'], sitePolicy('', opts), url);
    for (const [k, v] of expected) assert.equal(r.headers[k], v, `${url}: ${k}`);
  }
  assert.equal((await raw(`${nginx}/review/`)).headers['strict-transport-security'], undefined, 'no HSTS over http');
});

test('the /review prefix and trailing-slash redirects, as the site server sends them', async () => {
  for (const [url, status, location] of [
    ['/', 302, '/review/'],
    ['/review', 301, '/review/'],
    ['/review?from=app', 301, '/review/?from=app'],
    ['/review/merchants', 301, '/review/merchants/'],
    ['/review/merchants?x=1', 301, '/review/merchants/?x=1'],
    ['/review/product/123', 301, '/review/pd/123/'],
    [`/review/${p}/${unbuilt}`, 301, `/review/${p}/${unbuilt}/`],
  ] as const) {
    const r = await raw(nginx + url);
    assert.equal(r.status, status, url);
    assert.equal(r.headers.location, location, url);
    const n = await raw(node + url);
    assert.deepEqual([n.status, n.headers.location], [status, location], `${url} on the site server`);
  }
});

test('404 and status pages: the 404 page with 404 and noindex; never a private file', async () => {
  const notFound = release('404.html');
  for (const url of [
    '/review/nowhere',
    '/review/nowhere/deeper.js',
    '/review/app-0123456789abcdef0123.js.map',
    '/review/webpack.stats.json',
    '/review/chunk-map.json',
    '/review/index.html.br',
    '/review/.deploy/csp.map',
    '/review/404.html',
    '/review/404/',
  ]) {
    const r = await raw(nginx + url, { 'accept-encoding': 'br' });
    assert.equal(r.status, 404, url);
    assert.equal(r.headers['x-robots-tag'], 'noindex', url);
    assert.deepEqual(decode(r), notFound, url);
    assert.equal(r.headers['content-security-policy'], sitePolicy(notFound.toString(), sitePolicyOptionsFromEnv()));
  }
  const five = await raw(`${nginx}/review/500.html`);
  assert.equal(five.status, 500);
  assert.deepEqual(five.body, release('500.html'));
});

test('a review URL without a static page goes to the site server: 200 when the review exists, 404 when not', async () => {
  const exists = await raw(`${nginx}/review/${p}/${unbuilt}/`);
  assert.equal(exists.status, 200);
  assert.match(String(exists.headers.etag), /^W\//, "the site server's answer");
  assert.deepEqual(decode(exists), release('404.html'));
  assert.equal((await raw(`${nginx}/review/${p}/99999999/`)).status, 404);
});

test('dynamic paths reach the site server: API, robots.txt, editors, the script proxy', async () => {
  assert.equal(
    (await raw(`${nginx}/api/v1/review/category`)).status,
    (await raw(`${node}/api/v1/review/category`)).status,
  );
  const robots = await raw(`${nginx}/robots.txt`);
  assert.equal(robots.status, 200);
  assert.match(robots.body.toString(), /Sitemap: /);
  assert.equal((await raw(`${nginx}/editor/api/takedowns`)).status, 401);
  assert.equal((await raw(`${nginx}/editor/api/takedowns`, { authorization: `Bearer ${TOKEN}` })).status, 200);
  assert.equal((await raw(`${nginx}/__third-party-proxy?url=https%3A%2F%2Fevil.example%2Fx.js`)).status, 403);
});

test('a takedown answers 410 through nginx from the next request, page and page data; a restore 200 again', async () => {
  const urls = [`/review/${p}/${c}/`, `/review/${p}/${c}`, `/review/${p}/${c}/index.html`, `/review/${p}/${c}/?from=x`];
  const data = `/review/page-data/${p}/${c}/page-data.json`;
  assert.equal((await raw(nginx + urls[0])).status, 200);
  const post = await fetch(`${nginx}/editor/api/takedowns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: String(p), commentId: String(c), reason: '违规' }),
  });
  assert.equal(post.status, 201);
  for (const url of urls) {
    const r = await raw(nginx + url, { 'accept-encoding': 'br' });
    assert.equal(r.status, 410, url);
    assert.equal(r.body.toString(), GONE_HTML);
    assert.equal(r.headers['cache-control'], 'no-store');
    assert.equal(r.headers['x-robots-tag'], 'noindex');
  }
  const d = await raw(nginx + data);
  assert.equal(d.status, 410);
  assert.deepEqual(JSON.parse(d.body.toString()), JSON.parse((await raw(node + data)).body.toString()));
  const del = await fetch(`${nginx}/editor/api/takedowns/${p}/${c}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  assert.equal(del.status, 204);
  assert.equal((await raw(nginx + urls[0])).status, 200);
  assert.equal((await raw(nginx + data)).status, 200);
});

test("a page of a release published after nginx's last reload is the site server's until the reload, never another release's policy", async () => {
  const before = String((await raw(`${nginx}/review/`)).headers['content-security-policy']);
  put(pub, 'index.html', page('首页', 'window.pagePath="/";window.v=2'), new Date(Date.now() + 60_000));
  await publish(pub, root);
  const expected = sitePolicy(release('index.html').toString(), sitePolicyOptionsFromEnv());
  assert.notEqual(expected, before);
  const r = await raw(`${nginx}/review/`, { 'accept-encoding': 'br' });
  assert.equal(r.status, 200);
  assert.match(String(r.headers.etag), /^W\//, "the site server's answer");
  assert.equal(r.headers['content-security-policy'], expected);
  assert.match(decode(r).toString(), /window\.v=2/);
  // Pages of the new release nginx knows nothing of yet go the same way; files that are not pages it serves.
  assert.doesNotMatch(String((await raw(`${nginx}/review/sw.js`)).headers.etag), /^W\//);
  await stack.nginx.reload();
  const after = await raw(`${nginx}/review/`, { 'accept-encoding': 'br' });
  assert.doesNotMatch(String(after.headers.etag), /^W\//, "nginx's own answer after the reload");
  assert.equal(after.headers['content-security-policy'], expected);
  assert.deepEqual(after.body, release('index.html.br'));
});
