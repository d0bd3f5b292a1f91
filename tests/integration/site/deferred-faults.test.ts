// Issue 39, N7: a hung render reset its requests' connections at 30 s (the server's idle timeout,
// the render timeout's equal), and the documented fallback (the 404 page, status 200 for a review
// that exists, which loads it in the browser) never came. A request now waits answerMs for its
// render, then gets the fallback. A real server on a loopback port with a short idle timeout and
// a renderer that never answers; the real render process is deferred-reviews.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startServer, type RunningServer } from '../../../server/start';
import { registerSite } from '../../../server/site';
import { DeferredPages, RENDER_ANSWER_MS } from '../../../server/site/deferred/deferred-pages';
import type { RenderAnswer } from '../../../server/site/deferred/render-process';
import { DEFAULT_TIMEOUTS } from '../../../server/timeouts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deferred-faults-'));
const site = path.join(tmp, 'site');
let server: RunningServer;
let review: string;
let hub: string;
let asked = 0;

before(async () => {
  fs.mkdirSync(path.join(site, 'page-data'), { recursive: true });
  fs.writeFileSync(path.join(site, 'page-data', 'app-data.json'), '{"webpackCompilationHash":"x"}');
  fs.writeFileSync(path.join(site, '404.html'), '<!doctype html><html><body>找不到页面 fallback</body></html>');
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><html><body>首页</body></html>');
  // A render process stuck on every page: it never answers.
  const hung = {
    available: () => true,
    restart: () => {},
    close: () => {},
    render: () => {
      asked++;
      return new Promise<RenderAnswer>(() => {});
    },
  };
  server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 10,
    // Idle connections closed after 2 s (30 s by default): the request must be answered before.
    timeouts: { idleMs: 2_000 },
    configure: (app) =>
      registerSite(app, site, {
        deferred: new DeferredPages({ keptRoot: path.join(tmp, 'kept'), renderer: hung, answerMs: 500 }),
      }),
  });
  const r = server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 1').get() as {
    id: number;
    product_id: number;
  };
  review = `/review/${r.product_id}/${r.id}/`;
  hub = `/review/pd/${r.product_id}/`;
});
after(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('a hung render: the review URL gets the fallback (the 404 page with 200), not a reset connection', async () => {
  const res = await fetch(server.url + review);
  assert.equal(res.status, 200);
  assert.match(await res.text(), /fallback/);
  assert.ok(asked >= 1, 'the render was asked for');
});

test('a hung render: the page data and a hub get a 404 answer, not a reset connection', async () => {
  const data = await fetch(server.url + review.replace('/review/', '/review/page-data/') + 'page-data.json');
  assert.equal(data.status, 404);
  await data.arrayBuffer();
  const res = await fetch(server.url + hub);
  assert.equal(res.status, 404);
  await res.arrayBuffer();
});

test("the default answer time is under the server's idle timeout", () => {
  assert.ok(RENDER_ANSWER_MS < DEFAULT_TIMEOUTS.idleMs, `${RENDER_ANSWER_MS} < ${DEFAULT_TIMEOUTS.idleMs}`);
});
