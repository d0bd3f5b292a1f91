// Issue 39's lock finding, after a rollback: a rollback serves an older build's release, which
// lists reviews taken down since; every switch applies every takedown (publish/takedown-patch.ts
// serveRelease) before serving it. And the takedown patch of a large release keeps the server
// answering while it links (preparePatchReleaseAsync). Real files, the reference server with the
// site and its build queue (a runner publishing a small site), real nginx in front.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { currentRelease } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { servedOrigin } from '../../../publish/takedown-patch';
import { BuildHistory } from '../../../server/builds/history';
import { PublishingLock } from '../../../server/builds/publishing-lock';
import { BuildQueue, type BuildRunner } from '../../../server/builds/queue';
import { registerDeploy } from '../../../server/deploy';
import { registerSite } from '../../../server/site';
import { startServer } from '../../../server/start';
import { decoded, finalAnswer, page, put, raw, startStack, texts, tmpDir, TOKEN, type Stack } from './fixture';

const tmp = tmpDir('rollback-takedown');
const pub = path.join(tmp, 'public');
const root = path.join(tmp, 'var', 'site');
let stack: Stack;
let p: string;
/** Reviews of product p: the first is taken down after build A, the second stays. */
let reviews: string[];

interface Listed {
  cid: string;
  text: string;
}
const textOf = (cid: string) => `晒单${cid}：做工粗糙，与描述不符`;

/**
 * The site as a build makes it: each review's page and page data, the showcase, the product's
 * hub and the sitemap listing every review the build does not exclude (as gatsby-runner.ts does).
 */
function writeSite(excluded: ReadonlyArray<{ productId: string; commentId: string }>) {
  fs.rmSync(pub, { recursive: true, force: true });
  const listed: Listed[] = reviews
    .filter((cid) => !excluded.some((e) => e.productId === p && e.commentId === cid))
    .map((cid) => ({ cid, text: textOf(cid) }));
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  for (const r of listed) {
    put(pub, `${p}/${r.cid}/index.html`, page(r.text, `window.pagePath="/${p}/${r.cid}/"`));
    put(pub, `page-data/${p}/${r.cid}/page-data.json`, JSON.stringify({ result: { text: r.text } }));
  }
  const cards = listed.map((r) => `<li><a href="/review/${p}/${r.cid}/">${r.text}</a></li>`).join('');
  for (const [rel, pagePath] of [
    ['haul/index.html', '/haul/'],
    [`pd/${p}/index.html`, `/pd/${p}/`],
  ])
    put(pub, rel, page('晒单', `window.pagePath="${pagePath}"`).replace('</body>', `<ul>${cards}</ul></body>`));
  const items = listed.map((r) => ({ productId: p, commentId: r.cid, content: r.text }));
  put(pub, 'page-data/haul/page-data.json', JSON.stringify({ path: '/haul/', result: { items } }));
  put(pub, `page-data/pd/${p}/page-data.json`, JSON.stringify({ result: { reviews: items } }));
  const locs = listed.map((r) => `<url><loc>https://example.com/review/${p}/${r.cid}/</loc></url>`).join('');
  put(pub, 'sitemap-0.xml', `<?xml version="1.0" encoding="UTF-8"?><urlset>${locs}</urlset>`);
}

/** The runner: builds the site without the reviews taken down so far, and publishes it (held while locked). */
const runner: BuildRunner = async (_build, { serve }) => {
  writeSite(stack.server.app.repos.takedowns.list());
  const served = serve();
  const r = await publish(pub, root, { serve: served });
  return { releaseId: r.id, served, pages: reviews.length + 3, skipped: [] };
};
const queue = new BuildQueue(new BuildHistory(root), runner);

const editor = (method: string, url: string, body?: unknown) =>
  fetch(`${stack.nginx.url}/editor/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const takedown = (cid: string) => editor('POST', '/takedowns', { productId: p, commentId: cid, reason: '违规' });
/** A build through the editors' API, once it is published. */
async function build(): Promise<string> {
  const r = await editor('POST', '/builds');
  assert.equal(r.status, 202);
  const { id } = (await r.json()) as { id: string };
  const b = await queue.finished(id);
  assert.equal(b.status, 'published', b.error ?? '');
  return id;
}

const servers = () => [
  ['nginx', stack.nginx.url],
  ['site server', stack.server.url],
];
const LISTINGS = [
  '/review/haul/',
  '/review/page-data/haul/page-data.json',
  '/review/sitemap-0.xml',
  () => `/review/pd/${p}/`,
  () => `/review/page-data/pd/${p}/page-data.json`,
];
const listingUrls = () => LISTINGS.map((u) => (typeof u === 'function' ? u() : u));

/** Which listings, on which server and encoding, name review `cid` (its page's path or its text). */
async function listingsNaming(cid: string): Promise<string[]> {
  const out: string[] = [];
  for (const [name, base] of servers())
    for (const url of listingUrls())
      for (const ae of ['br', 'gzip', '']) {
        const r = await finalAnswer(base, url, ae ? { 'accept-encoding': ae } : {});
        assert.equal(r.status, 200, `${name} ${url}`);
        if (texts(r).some((t) => t.includes(`/review/${p}/${cid}/`) || t.includes(textOf(cid))))
          out.push(`${name} ${url} (ae ${ae || 'none'})`);
      }
  return out;
}

before(async () => {
  fs.mkdirSync(root, { recursive: true });
  stack = await startStack(tmp, root, { builds: queue });
  const rows = stack.server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id').all() as Array<{
    id: number;
    product_id: number;
  }>;
  p = String(rows[0].product_id);
  reviews = rows.filter((r) => String(r.product_id) === p).map((r) => String(r.id));
  assert.ok(reviews.length >= 2, 'two reviews of one product');
});
after(async () => {
  await queue.close();
  await stack?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('a rollback after a takedown serves the older build without the review: every listing, the sitemap, the feed, on both servers', async () => {
  const [gone, kept] = reviews;
  const a = await build();
  const releaseA = queue.history.get(a)!.releaseId!;
  await stack.nginx.reload();
  // Each check can fail: build A lists the review on both servers.
  assert.equal((await listingsNaming(gone)).length, 2 * 5 * 3);
  // The takedown (publishing unlocked): its build leaves the review out and is served.
  assert.equal((await takedown(gone)).status, 201);
  await queue.finished(queue.history.records()[0].id);
  assert.notEqual(servedOrigin(root), releaseA);
  assert.deepEqual(await listingsNaming(gone), [], "the takedown's build");

  // The rollback to build A: its release lists the review; what is served must not.
  const r = await editor('POST', `/builds/${a}/publish`);
  assert.equal(r.status, 200);
  assert.equal(((await r.json()) as { locked: boolean }).locked, true);
  await stack.nginx.reload();
  assert.deepEqual(await listingsNaming(gone), [], 'rolled back to build A');
  // The rest of build A is served: the other review stays listed, its page answers.
  assert.equal((await listingsNaming(kept)).length, 2 * 5 * 3);
  for (const [name, base] of servers()) {
    assert.equal((await finalAnswer(base, `/review/${p}/${kept}/`)).status, 200, name);
    const own = await finalAnswer(base, `/review/${p}/${gone}/`, { 'accept-encoding': 'br' });
    assert.equal(own.status, 410, name);
    assert.ok(!decoded(own).includes(textOf(gone)), name);
  }
  // A patch of build A's release is served, build A's own release kept as it was; the console
  // names build A as live.
  assert.notEqual(currentRelease(root), releaseA);
  assert.equal(servedOrigin(root), releaseA);
  assert.ok(fs.readFileSync(path.join(root, 'releases', releaseA, 'haul/index.html'), 'utf8').includes(textOf(gone)));
  const state = (await (await editor('GET', '/publishing')).json()) as { live: string; locked: boolean };
  assert.deepEqual([state.live, state.locked], [a, true]);
});

/** Files of the large release, linked by the patch. */
const BULK = 12_000;

test('a takedown patch of a large release: the server answers a request started while it links, before the 201', async (t) => {
  const [, kept] = reviews;
  // A release of BULK more files, served, publishing locked.
  writeSite([]);
  for (let i = 0; i < BULK; i++) put(pub, `static/bulk/${String(i).padStart(5, '0')}.txt`, `${i}`);
  const big = await publish(pub, root);
  new PublishingLock(root).lock('rolled-back', Date.now());
  await stack.nginx.reload();
  assert.ok((await listingsNaming(kept)).length > 0, 'the large release lists the review');

  const releases = path.join(root, 'releases');
  /** How many bulk files the patch being prepared has linked, or null when none is being prepared. */
  const linked = (): number | null => {
    const prepared = fs.readdirSync(releases).find((n) => n.startsWith('.patch-takedown-'));
    if (!prepared) return null;
    try {
      return fs.readdirSync(path.join(releases, prepared, 'static/bulk')).length;
    } catch {
      return 0;
    }
  };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const order: string[] = [];
  let requests: Array<Promise<void>> = [];
  let done = false;
  const answered = takedown(kept).then((r) => {
    order.push('takedown 201');
    done = true;
    return r;
  });
  // While the patch links: a request to the site server, started then, answered when?
  while (!done) {
    const n = requests.length ? null : linked();
    if (n !== null && n > 0 && n < BULK)
      requests = [
        raw(`${stack.server.url}/review/`).then((r) => {
          assert.equal(r.status, 200);
          order.push(`request started at ${n} of ${BULK} files linked`);
        }),
      ];
    await new Promise((r) => setImmediate(r));
  }
  delay.disable();
  assert.equal((await answered).status, 201);
  await Promise.all(requests);
  t.diagnostic(
    `event loop delay during the takedown: max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  assert.ok(requests.length, 'a request was started while the patch was linking the release');
  assert.match(order[0], /^request started at/, `answered before the patch was served: ${order.join(', ')}`);
  // The 201 came after the patched release was served: no listing names the review.
  assert.deepEqual(await listingsNaming(kept), []);
  assert.equal(servedOrigin(root), big.id);
  assert.equal(
    fs.readdirSync(path.join(root, 'current/static/bulk')).length,
    BULK,
    'every file of the release is in the patch',
  );
});

test("at start, while publishing is locked, a release served by a switch outside the editors' API is patched for every takedown", async () => {
  // Another releases root, served as a repair at start serves it (publish/check-state.ts): a
  // release listing both reviews, both taken down by the tests above, publishing locked.
  const other = path.join(tmp, 'restart', 'site');
  writeSite([]);
  const served = await publish(pub, other, { deployFiles: false });
  new PublishingLock(other).lock('rolled-back', Date.now());
  const down = stack.server.app.repos.takedowns.list().map((t) => t.commentId);
  assert.deepEqual(down.sort(), reviews.slice(0, 2).sort());
  const naming = (cids = down) =>
    ['haul/index.html', 'page-data/haul/page-data.json', 'sitemap-0.xml'].filter((rel) =>
      cids.some((cid) => {
        const text = fs.readFileSync(path.join(other, 'current', rel), 'utf8');
        return text.includes(textOf(cid)) || text.includes(`/review/${p}/${cid}/`);
      }),
    );
  assert.equal(naming().length, 3);
  // A server over the same database (its takedowns); closing it waits for its patch.
  const server = await startServer({
    dbFile: path.join(tmp, 'db.sqlite'),
    mediaDir: path.join(tmp, 'media'),
    host: '127.0.0.1',
    port: 0,
    editorToken: TOKEN,
    configure: async (app) => {
      await registerSite(app, path.join(other, 'current'));
      registerDeploy(app, { releasesRoot: other, purge: null, switchCommand: null });
    },
  });
  await server.close();
  assert.deepEqual(naming(), [], 'the served release names no taken-down review');
  assert.equal(naming(reviews.slice(2)).length, reviews.length > 2 ? 3 : 0, 'the others stay listed');
  assert.equal(servedOrigin(other), served.id);
  assert.equal(new PublishingLock(other).locked, true);
});
