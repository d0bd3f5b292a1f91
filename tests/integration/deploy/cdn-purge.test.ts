// A CDN in front of nginx (issue 24): nginx's proxy cache with Debian's cache purge module stands
// in for it, caching pages whatever their Cache-Control (as a CDN set to keep pages until told),
// and the purge hook (server/deploy/purge.ts) is configured with its purge URL. Every change of
// what a URL answers must reach it: a takedown, a restore, a publish, a rollback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { currentRelease, publishPrepared, republish } from '../../../publish/releases';
import { preparePatchRelease, publish } from '../../../publish/release-files';
import { PurgeHook, reviewUrls } from '../../../server/deploy/purge';
import { MODULES_DIR } from '../../../deploy/nginx/render';
import { freePort, startNginx, type RunningNginx } from '../../../deploy/nginx/process';
import { page, put, raw, startStack, tmpDir, TOKEN, type Stack } from './fixture';
import { until } from '../../helpers/deadline';

const tmp = tmpDir('cdn-purge');
const pub = path.join(tmp, 'public');
const root = path.join(tmp, 'var', 'site');
let stack: Stack;
let cdn: RunningNginx;
let purge: PurgeHook;
let p: number;
let c: number;
const purged: string[] = [];

function cdnConfig(prefix: string, port: number, origin: string): string {
  const conf = `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
load_module ${MODULES_DIR}/ngx_http_cache_purge_module.so;
events { worker_connections 64; }
http {
  access_log ${prefix}/logs/access.log;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=cdn:1m inactive=1h;
  server {
    listen 127.0.0.1:${port};
    location ~ ^/purge(/.*)$ {
      allow 127.0.0.1;
      deny all;
      proxy_cache_purge cdn "$1$is_args$args";
    }
    location / {
      proxy_pass ${origin};
      proxy_cache cdn;
      proxy_cache_key "$uri$is_args$args";
      proxy_ignore_headers Cache-Control Expires Vary;
      proxy_cache_valid 200 301 302 404 410 1h;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
  for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(prefix, d), { recursive: true });
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  return path.join(prefix, 'nginx.conf');
}

before(async () => {
  put(pub, 'index.html', page('首页', 'window.pagePath="/"'));
  put(pub, '404.html', page('404', 'window.is404=true'));
  put(pub, 'merchants/index.html', page('商家 v1', 'window.pagePath="/merchants/"'));
  fs.mkdirSync(root, { recursive: true });
  const cdnPort = await freePort();
  // The hook as SITE_PURGE_URL configures it, recording what it was called with.
  purge = new PurgeHook({ url: `http://127.0.0.1:${cdnPort}/purge{path}`, method: 'GET' });
  const submit = purge.submit.bind(purge);
  purge.submit = (urls) => {
    purged.push(...urls);
    submit(urls);
  };
  // nginx reloaded after each switch (docs/deploy.md), by its pid file.
  const pidFile = path.join(tmp, 'nginx', 'nginx.pid');
  stack = await startStack(tmp, root, { purge, switchCommand: `kill -HUP "$(cat '${pidFile}')"` });
  const row = stack.server.app.db.prepare('SELECT id, product_id FROM reviews ORDER BY id LIMIT 1').get() as {
    id: number;
    product_id: number;
  };
  [p, c] = [row.product_id, row.id];
  put(pub, `${p}/${c}/index.html`, page('晒单', `window.pagePath="/${p}/${c}/"`));
  put(pub, `page-data/${p}/${c}/page-data.json`, JSON.stringify({ result: { text: '晒单'.repeat(400) } }));
  await publish(pub, root);
  await stack.nginx.reload();
  const prefix = path.join(tmp, 'cdn');
  cdn = await startNginx(cdnConfig(prefix, cdnPort, stack.nginx.url), prefix, cdnPort);
});
after(async () => {
  await cdn?.stop();
  await stack?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** GET through the CDN twice: the second answer comes from its cache. */
async function cached(url: string) {
  await raw(cdn.url + url);
  const r = await raw(cdn.url + url);
  assert.equal(r.headers['x-cache-status'], 'HIT', `${url} is cached by the CDN`);
  return r;
}
const editors = (method: string, url: string, body?: unknown) =>
  fetch(`${stack.nginx.url}/editor/api${url}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

test('a takedown purges the review page and page data: the CDN answers 410; a restore purges them again', async () => {
  const pageUrl = `/review/${p}/${c}/`;
  const dataUrl = `/review/page-data/${p}/${c}/page-data.json`;
  assert.equal((await cached(pageUrl)).status, 200);
  assert.equal((await cached(dataUrl)).status, 200);
  await cached('/review/merchants/');
  purged.length = 0;
  assert.equal(
    (await editors('POST', '/takedowns', { productId: String(p), commentId: String(c), reason: '违规' })).status,
    201,
  );
  await stack.deploy.settled();
  assert.deepEqual(purged.sort(), reviewUrls({ productId: String(p), commentId: String(c) }).sort());
  assert.equal(purge.stats.failed, 0);
  assert.equal((await raw(cdn.url + pageUrl)).status, 410);
  assert.equal((await raw(cdn.url + dataUrl)).status, 410);
  assert.equal((await raw(cdn.url + '/review/merchants/')).headers['x-cache-status'], 'HIT', 'nothing else purged');
  assert.equal((await editors('DELETE', `/takedowns/${p}/${c}`)).status, 204);
  await stack.deploy.settled();
  assert.equal((await raw(cdn.url + pageUrl)).status, 200);
  assert.equal((await raw(cdn.url + dataUrl)).status, 200);
});

test('a publish purges the URLs of the files it changed, and only those; a rollback purges them back', async () => {
  const first = fs.readlinkSync(path.join(root, 'current')).split('/').pop()!;
  assert.match((await cached('/review/merchants/')).body.toString(), /商家 v1/);
  await cached('/review/');
  purged.length = 0;
  put(pub, 'merchants/index.html', page('商家 v2', 'window.pagePath="/merchants/"'), new Date(Date.now() + 60_000));
  await publish(pub, root);
  await stack.deploy.settled();
  assert.deepEqual(purged.sort(), ['/review/merchants', '/review/merchants/', '/review/merchants/index.html']);
  const after = await raw(`${cdn.url}/review/merchants/`);
  assert.notEqual(after.headers['x-cache-status'], 'HIT');
  assert.match(after.body.toString(), /商家 v2/);
  // The switch command reloaded nginx: it serves the new page itself once its new workers run.
  await until(
    'nginx serving the new release itself (a strong ETag)',
    async () => !/^W\//.test(String((await raw(`${stack.nginx.url}/review/merchants/`)).headers.etag)),
    { everyMs: 20 },
  );
  assert.equal((await raw(`${cdn.url}/review/`)).headers['x-cache-status'], 'HIT');
  await cached('/review/merchants/');
  await republish(root, first);
  await stack.deploy.settled();
  assert.match((await raw(`${cdn.url}/review/merchants/`)).body.toString(), /商家 v1/);
});

test("an editor's edit (a patch release) purges the pages it wrote", async () => {
  const pageUrl = `/review/${p}/${c}/`;
  await cached(pageUrl);
  await cached('/review/merchants/');
  purged.length = 0;
  const out = path.join(tmp, 'patch-out');
  put(out, `${p}/${c}/index.html`, page('晒单 改过', `window.pagePath="/${p}/${c}/"`));
  const prepared = path.join(root, 'releases', '.patch-edit');
  const stats = preparePatchRelease(prepared, {
    base: path.join(root, 'releases', currentRelease(root)!),
    outDir: out,
    written: [`${p}/${c}/index.html`],
    deleted: [],
  });
  await publishPrepared(root, prepared, stats);
  await stack.deploy.settled();
  assert.deepEqual(purged.sort(), [`/review/${p}/${c}`, pageUrl, `/review/${p}/${c}/index.html`]);
  assert.match((await raw(cdn.url + pageUrl)).body.toString(), /晒单 改过/);
  assert.equal((await raw(`${cdn.url}/review/merchants/`)).headers['x-cache-status'], 'HIT');
});

test('a purge command gets the URLs on its stdin, one a line', async () => {
  const out = path.join(tmp, 'purged.txt');
  const hook = new PurgeHook({ command: `cat >> '${out}'` });
  hook.submit(['/review/a/', '/review/b/']);
  await hook.idle();
  assert.equal(fs.readFileSync(out, 'utf8'), '/review/a/\n/review/b/\n');
  const failing = new PurgeHook({ command: 'exit 3', log: { warn: () => undefined } });
  failing.submit(['/review/a/']);
  await failing.idle();
  assert.deepEqual(failing.stats, { sent: 0, failed: 1, dropped: 0 });
});
