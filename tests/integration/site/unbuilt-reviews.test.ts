// Review URLs without a static page (issue 11, "soft 404s"; src/review/unbuilt.ts): the 404
// page's HTML answers them (it loads the review in the browser), with 200 only when the
// storefront knows the review and 404 otherwise; without a check (a plain static host) always
// 404. First against a checker the test controls, then wired to the reference server's review
// repository as `npm start` wires it (registerSite).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveSite } from '../../../server/site/serve-site';
import { registerSite } from '../../../server/site';
import { startServer, type RunningServer } from '../../../server/start';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-unbuilt-'));
const NOT_FOUND = '<html><head><meta name="robots" content="noindex"></head><body>404</body></html>';
fs.writeFileSync(path.join(dir, '404.html'), NOT_FOUND);
fs.mkdirSync(path.join(dir, '1001', '2002'), { recursive: true });
fs.writeFileSync(path.join(dir, '1001', '2002', 'index.html'), '<html>review 2002</html>');
after(() => fs.rmSync(dir, { recursive: true, force: true }));

async function listen(configure: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify({ forceCloseConnections: true });
  await configure(app);
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

describe('with a review check', () => {
  let app: FastifyInstance;
  let base: string;
  const asked: string[] = [];
  const known = new Set(['1001/3003']);
  before(async () => {
    ({ app, base } = await listen((a) =>
      serveSite(a, {
        siteDir: dir,
        reviewExists: async (p, c) => {
          asked.push(`${p}/${c}`);
          return known.has(`${p}/${c}`);
        },
      }),
    ));
  });
  after(() => app.close());

  test('a review that exists answers 200 with the 404 page (it loads the review), never indexed', async () => {
    const r = await fetch(`${base}/review/1001/3003/`);
    assert.equal(r.status, 200);
    assert.equal(await r.text(), NOT_FOUND);
    assert.equal(r.headers.get('x-robots-tag'), 'noindex');
    assert.equal(r.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
    assert.equal(
      (await fetch(`${base}/review/1001/3003/`, { method: 'HEAD' })).status,
      200,
      "HEAD, as Gatsby's loader asks",
    );
  });

  test('a review that does not exist answers 404 with the same page (which then says so)', async () => {
    for (const p of ['/review/1001/9999/', '/review/abc/def/', '/review/9/9/']) {
      const r = await fetch(base + p);
      assert.equal(r.status, 404, p);
      assert.equal(await r.text(), NOT_FOUND, p);
    }
    assert.equal((await fetch(`${base}/review/1001/9999/`, { method: 'HEAD' })).status, 404);
  });

  test('a built review page is a file: no check; other shapes never reach the check', async () => {
    asked.length = 0;
    assert.equal((await fetch(`${base}/review/1001/2002/`)).status, 200);
    for (const p of ['/review/category/8/', '/review/500/1/', '/review/a/b/c/', `/review/${'9'.repeat(65)}/1/`])
      assert.equal((await fetch(base + p)).status, 404, p);
    assert.deepEqual(asked, []);
  });
});

test('without a review check (a plain static host) every unbuilt review URL answers 404', async () => {
  const { app, base } = await listen((a) => serveSite(a, { siteDir: dir }));
  try {
    const r = await fetch(`${base}/review/1001/3003/`);
    assert.equal(r.status, 404);
    assert.equal(await r.text(), NOT_FOUND, 'the page still loads the review in the browser');
  } finally {
    await app.close();
  }
});

describe('beside the reference API (registerSite, as npm start)', () => {
  let server: RunningServer;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-unbuilt-api-'));
  before(async () => {
    server = await startServer({
      dbFile: path.join(tmp, 'db.sqlite'),
      mediaDir: path.join(tmp, 'media'),
      host: '127.0.0.1',
      port: 0,
      seedReviews: 20,
      logger: false,
      configure: (app) => registerSite(app, dir),
    });
  });
  after(async () => {
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('200 for a review in the repository, 404 for another id, another product, or a non-numeric id', async () => {
    const row = server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 1').get() as {
      id: number;
      product_id: number;
    };
    const other = server.app.db.prepare('SELECT id FROM products WHERE id != ? LIMIT 1').get(row.product_id) as {
      id: number;
    };
    assert.equal((await fetch(`${server.url}/review/${row.product_id}/${row.id}/`)).status, 200);
    for (const p of [
      `/review/${row.product_id}/99999999/`,
      `/review/${other.id}/${row.id}/`,
      `/review/${row.product_id}/x${row.id}/`,
      `/review/0${row.product_id}/${row.id}/`,
    ]) {
      assert.equal((await fetch(server.url + p)).status, 404, p);
    }
  });

  test('a review the build would skip (postedAt not a number) answers 404, not 200', async () => {
    const row = server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id DESC LIMIT 1').get() as {
      id: number;
      product_id: number;
    };
    server.app.db
      .prepare('UPDATE reviews SET overrides = ? WHERE id = ?')
      .run(JSON.stringify({ review: { postedAt: '2024-02-30' } }), row.id);
    const r = await fetch(`${server.url}/review/${row.product_id}/${row.id}/`);
    assert.equal(r.status, 404);
  });
});
