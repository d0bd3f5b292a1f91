// Issue 25, F3 and F5: a takedown holds at every form of the review's URLs and reaches its
// parts. F3: repeated slashes (/review/P/C//, /review//P/C/, /review/P//C/ and the page data's
// forms) used to meet the takedown check raw, miss it and then be normalised to the full review
// (200). F5: the review's replies, likes and pictures were still served. The reference server and
// the site on one origin, as `npm start` runs them, over a small site tree on disk.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { registerSite } from '../../../server/site';
import { startServer, type RunningServer } from '../../../server/start';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'takedown-reach-'));
const site = path.join(tmp, 'site');
let server: RunningServer;
let p: number;
let c: number;
let picture: string;
const codes = new Map<string, string>();
after(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function put(rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  fs.writeFileSync(path.join(site, rel), body);
}

const get = (url: string, init: RequestInit = {}) => fetch(server.url + url, { redirect: 'manual', ...init });

before(async () => {
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 20,
    logger: false,
    devCodeLog: (phone, code) => codes.set(phone, code),
    configure: (app) => registerSite(app, site),
  });
  const row = server.app.db
    .prepare('SELECT id, product_id, pictures FROM reviews WHERE json_array_length(pictures) > 0 ORDER BY id LIMIT 1')
    .get() as { id: number; product_id: number; pictures: string };
  [p, c] = [row.product_id, row.id];
  picture = (JSON.parse(row.pictures) as Array<{ full: { url: string } }>)[0].full.url;
  put('index.html', '<html>home</html>');
  put('404.html', '<html>404</html>');
  put(`${p}/${c}/index.html`, '<html>晒单正文 review text</html>');
  put(`page-data/${p}/${c}/page-data.json`, '{"result":"晒单正文"}');
});

/** Every non-canonical form of the review's page and page data. */
const oddForms = () => [
  `/review/${p}/${c}//`,
  `/review//${p}/${c}/`,
  `/review/${p}//${c}/`,
  `/review//${p}//${c}//`,
  `/review/${p}/${c}//index.html`,
  `/review/page-data//${p}/${c}/page-data.json`,
  `/review/page-data/${p}//${c}/page-data.json`,
  `/review/page-data/${p}/${c}//page-data.json`,
  `/review//page-data/${p}/${c}/page-data.json`,
  `/review/${p}%2F%2F${c}/`,
  `/review/page-data/${p}/${c}%2F%2Fpage-data.json`,
];

/** Follows the site's redirects (same origin only) to the final answer. */
async function finalAnswer(url: string): Promise<{ status: number; text: string; hops: number }> {
  let hops = 0;
  for (;;) {
    const r = await get(url);
    const text = await r.text();
    if (r.status !== 301 && r.status !== 302) return { status: r.status, text, hops };
    url = r.headers.get('location')!;
    assert.ok(url.startsWith('/review/'), url);
    assert.ok(++hops < 5, 'no redirect loop');
  }
}

test('F3: repeated slashes lead to the canonical URL (or a 404), never to a second copy of the page', async () => {
  for (const url of oddForms()) {
    const r = await get(url);
    assert.ok([301, 404].includes(r.status), `${url}: ${r.status}`);
    if (r.status === 301) assert.ok(!r.headers.get('location')!.includes('//'), r.headers.get('location')!);
  }
  const withQuery = await get(`/review//${p}/${c}/?from=share`);
  assert.equal(withQuery.headers.get('location'), `/review/${p}/${c}/?from=share`);
  assert.equal((await finalAnswer(`/review//${p}/${c}/`)).status, 200);
});

test('F3 + F5: after a takedown no form of the page answers; replies, likes and pictures stop', async () => {
  const json = { 'content-type': 'application/json' };
  await get('/api/v2/signin/sms', { method: 'POST', headers: json, body: JSON.stringify({ phone: '13800000001' }) });
  const signedIn = (await (
    await get('/api/v2/signin/sms/verification', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone: '13800000001', code: codes.get('13800000001') }),
    })
  ).json()) as { userId: string; userKey: string };
  const session = { 'x-session-user': signedIn.userId, 'x-session-key': signedIn.userKey };
  const likes = `/api/v1/product-comment/products/${p}/comments/${c}/likes`;
  assert.equal((await get(likes, { method: 'POST', headers: session })).status, 200);
  const replies = `/api/v1/product-comment/products/${p}/comments/${c}/replies?f=0&t=10`;
  assert.equal((await get(replies)).status, 200);
  assert.equal((await get(picture)).status, 200);

  server.app.repos.takedowns.add(String(p), String(c), '违规');

  for (const url of [...oddForms(), `/review/${p}/${c}/`, `/review/page-data/${p}/${c}/page-data.json`]) {
    const r = await finalAnswer(url);
    assert.ok([404, 410].includes(r.status), `${url}: ${r.status}`);
    assert.ok(!r.text.includes('晒单正文'), `${url} shows the review`);
  }
  assert.equal((await get(replies)).status, 410);
  const pic = await get(picture);
  assert.equal(pic.status, 410);
  assert.equal(pic.headers.get('cache-control'), 'no-store');
  for (const method of ['POST', 'DELETE']) {
    const r = await get(likes, { method, headers: session });
    assert.equal(r.status, 410, `${method} likes`);
  }

  server.app.repos.takedowns.remove(String(p), String(c));
  assert.equal((await get(replies)).status, 200);
  assert.equal((await get(picture)).status, 200);
});
