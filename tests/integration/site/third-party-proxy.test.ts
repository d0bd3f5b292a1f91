// GET /__third-party-proxy (issue 11, defect 8; docs/analytics.md) on a real Fastify instance
// registered as `npm start` registers it (registerSite), with a local HTTP server on loopback
// standing in for hm.baidu.com: the allow-list comes from the configured site id (nothing
// without one), only JavaScript is passed on, the size and time are bounded, and error
// answers carry the contract's shape without upstream detail.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandlers } from '../../../server/errors';
import { registerSite } from '../../../server/site';
import { PROXY_MAX_BYTES, thirdPartyProxy } from '../../../server/site/third-party-proxy';
import { analyticsScriptUrl, thirdPartyProxyUrl } from '../../../src/third-party';

const SITE_ID = '0123456789abcdef0123456789abcdef';
const OTHER_ID = 'fedcba9876543210fedcba9876543210';
// The id hard-coded in src/third-party.ts before issue 11: it must not be allowed by default.
const OLD_HARD_CODED = 'https://hm.baidu.com/hm.js?3f9c1d2b7a6e5f4c8d0b1a2e3c4d5f60';
const SCRIPT = 'self.__tongji = 1;';

const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxy-site-'));
let upstream: http.Server;
let upstreamBase = '';
const upstreamHits: string[] = [];
const apps: FastifyInstance[] = [];

/** hm.baidu.com's stand-in: the script at /hm.js, and misbehaving variants selected by the site id. */
function upstreamHandler(req: http.IncomingMessage, res: http.ServerResponse) {
  upstreamHits.push(req.url ?? '');
  const id = new URL(req.url ?? '/', 'http://x').search.slice(1);
  switch (id) {
    case 'a'.repeat(32): // an HTML error page
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end('<html>secret upstream page at 10.0.0.7</html>');
    case 'b'.repeat(32): // too large, chunked (no Content-Length)
      res.setHeader('content-type', 'application/javascript');
      for (let i = 0; i < 9; i++) res.write(Buffer.alloc(64 * 1024, 0x20));
      return res.end();
    case 'c'.repeat(32): // too large, declared
      res.setHeader('content-type', 'application/javascript');
      res.setHeader('content-length', String(PROXY_MAX_BYTES + 1));
      return res.end(Buffer.alloc(PROXY_MAX_BYTES + 1, 0x20));
    case 'd'.repeat(32): // never answers
      return;
    case 'e'.repeat(32): // a redirect elsewhere
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
      return res.end();
    case 'f'.repeat(32): // upstream failure with detail in the body
      res.statusCode = 500;
      res.setHeader('content-type', 'application/javascript');
      return res.end('internal stack trace at /srv/tongji');
    default:
      res.setHeader('content-type', 'text/javascript; charset=utf-8');
      return res.end(SCRIPT);
  }
}

/** Points an allow-listed https://hm.baidu.com URL at the stand-in, keeping path and query. */
const toStandIn = (url: string) => {
  const u = new URL(url);
  assert.equal(u.origin, 'https://hm.baidu.com');
  return `${upstreamBase}${u.pathname}${u.search}`;
};

async function site(analyticsSiteId: string | null, timeoutMs?: number): Promise<string> {
  const app = Fastify();
  installErrorHandlers(app);
  if (timeoutMs) {
    await thirdPartyProxy(app, {
      allow: [analyticsScriptUrl(analyticsSiteId!)],
      resolveUpstream: toStandIn,
      timeoutMs,
    });
  } else {
    await registerSite(app, siteDir, { analyticsSiteId, resolveUpstream: toStandIn });
  }
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const proxied = (base: string, src: string) => fetch(base + thirdPartyProxyUrl(src));

/** An error answer: the contract's fields only, a Chinese text, nothing of the upstream. */
async function assertCleanError(r: Response, status: number) {
  assert.equal(r.status, status);
  const text = await r.text();
  const body = JSON.parse(text) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'messages', 'statusCode']);
  assert.ok(Array.isArray(body.messages) && /[\u4e00-\u9fff]/.test(String((body.messages as string[])[0])));
  for (const leak of [
    '127.0.0.1',
    '10.0.0.7',
    '169.254',
    'ECONN',
    'fetch failed',
    'abort',
    'timeout',
    'stack',
    'Error',
    '/srv/',
  ]) {
    assert.ok(!text.includes(leak), `error answer leaks "${leak}": ${text}`);
  }
}

before(async () => {
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<html></html>');
  upstream = http.createServer(upstreamHandler);
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
});
after(async () => {
  for (const a of apps) await a.close();
  upstream.closeAllConnections();
  upstream.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

describe('without a configured site id (the default)', () => {
  test('the proxy allows nothing, not even a Baidu Tongji URL, and fetches nothing', async () => {
    const base = await site(null);
    const before = upstreamHits.length;
    for (const src of [OLD_HARD_CODED, analyticsScriptUrl(SITE_ID)])
      await assertCleanError(await proxied(base, src), 403);
    assert.equal(upstreamHits.length, before, 'no upstream request');
  });
});

describe('with a configured site id', () => {
  let base: string;
  before(async () => {
    base = await site(SITE_ID);
  });

  test("serves the configured id's script as JavaScript, fetched from the upstream", async () => {
    const r = await proxied(base, analyticsScriptUrl(SITE_ID));
    assert.equal(r.status, 200);
    assert.equal(await r.text(), SCRIPT);
    assert.equal(r.headers.get('content-type'), 'application/javascript; charset=utf-8');
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(upstreamHits.at(-1), `/hm.js?${SITE_ID}`);
  });

  test('refuses every other URL: another id, the old hard-coded one, other hosts, variations', async () => {
    const before = upstreamHits.length;
    for (const src of [
      analyticsScriptUrl(OTHER_ID),
      OLD_HARD_CODED,
      `${analyticsScriptUrl(SITE_ID)}&x=1`,
      `http://hm.baidu.com/hm.js?${SITE_ID}`,
      'http://127.0.0.1:1/hm.js',
      'file:///etc/passwd',
    ]) {
      await assertCleanError(await proxied(base, src), 403);
    }
    assert.equal(upstreamHits.length, before, 'no upstream request');
  });

  test('a missing or overlong url is a 400 in the contract shape', async () => {
    await assertCleanError(await fetch(`${base}/__third-party-proxy`), 400);
    await assertCleanError(await fetch(`${base}/__third-party-proxy?url=${'x'.repeat(2049)}`), 400);
  });
});

describe('a misbehaving upstream gets 502, without its detail', () => {
  const cases: [string, string][] = [
    ['a non-JavaScript content type', 'a'],
    ['a chunked body over the size cap', 'b'],
    ['a declared Content-Length over the size cap', 'c'],
    ['a redirect', 'e'],
    ['an upstream 500', 'f'],
  ];
  for (const [name, ch] of cases) {
    test(name, async () => {
      const id = ch.repeat(32);
      const base = await site(id);
      await assertCleanError(await proxied(base, analyticsScriptUrl(id)), 502);
    });
  }

  test('an upstream that never answers times out', async () => {
    const id = 'd'.repeat(32);
    const base = await site(id, 300);
    await assertCleanError(await proxied(base, analyticsScriptUrl(id)), 502);
  });

  test('an unreachable upstream', async () => {
    const app = Fastify();
    await thirdPartyProxy(app, {
      allow: [analyticsScriptUrl(SITE_ID)],
      resolveUpstream: () => 'http://127.0.0.1:1/hm.js',
    });
    apps.push(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await assertCleanError(await proxied(base, analyticsScriptUrl(SITE_ID)), 502);
  });
});
