// Security headers on the reference server and the site beside it (issue 12, item 5):
// helmet's set on every answer, a deny-all CSP on API answers, each page's own CSP with its
// inline scripts by hash, HSTS only on https.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from './helper';
import { registerSite } from '../../../server/site';
import { API_POLICY, HSTS } from '../../../server/security-headers';
import os from 'node:os';

let server: TestServer;
let siteDir: string;
// Gatsby's page-path script (a known id: src/site-inline-scripts.ts); the stray one is not hashed.
const INLINE = '/*<![CDATA[*/window.pagePath="/about/";/*]]>*/';

before(async () => {
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-site-'));
  fs.mkdirSync(path.join(siteDir, 'about'));
  fs.writeFileSync(
    path.join(siteDir, 'about', 'index.html'),
    `<!DOCTYPE html><html><head><script id="gatsby-script-loader">${INLINE}</script><script>window.injected=1</script><script type="application/ld+json">{}</script></head><body>关于我们</body></html>`,
  );
  fs.writeFileSync(path.join(siteDir, 'app-0123456789abcdef0123.js'), 'console.log(1)');
  server = await startTestServer({ app: { trustProxy: true, configure: (app) => registerSite(app, siteDir) } });
});
after(async () => {
  await server?.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const common = (h: Headers) => {
  assert.equal(h.get('x-content-type-options'), 'nosniff');
  assert.equal(h.get('x-frame-options'), 'DENY');
  assert.equal(h.get('referrer-policy'), 'strict-origin-when-cross-origin');
  // The rest of helmet's set (asked of helmet once at start-up, server/security-headers.ts).
  assert.equal(h.get('cross-origin-resource-policy'), 'same-site');
  assert.equal(h.get('cross-origin-opener-policy'), 'same-origin');
  assert.equal(h.get('origin-agent-cluster'), '?1');
  assert.equal(h.get('x-permitted-cross-domain-policies'), 'none');
  assert.equal(h.get('x-dns-prefetch-control'), 'off');
  assert.equal(h.get('x-xss-protection'), '0');
  assert.equal(h.get('x-powered-by'), null);
};

test("API answers: helmet's set and a CSP that allows nothing, errors included", async () => {
  for (const p of ['/api/v2/productcategories', '/api/v1/products/nope', '/nowhere']) {
    const r = await server.get(p);
    common(r.headers);
    assert.equal(r.headers.get('content-security-policy'), API_POLICY, p);
    assert.equal(r.headers.get('strict-transport-security'), null, `${p}: no HSTS over http`);
  }
});

test('HSTS only when the request came over https (a trusted proxy says so)', async () => {
  const r = await server.get('/api/v2/productcategories', { 'x-forwarded-proto': 'https' });
  assert.equal(r.headers.get('strict-transport-security'), HSTS);
});

test('a page gets its own CSP: its inline script by hash, no inline otherwise, no framing', async () => {
  for (const enc of ['br', 'identity']) {
    const r = await server.get('/review/about/', { 'accept-encoding': enc });
    assert.equal(r.status, 200);
    common(r.headers);
    const csp = r.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(INLINE).digest('base64');
    assert.match(
      csp,
      new RegExp(`script-src 'self' https://res\\.wx\\.qq\\.com 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`),
      csp,
    );
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok(!csp.includes("default-src 'none'"));
  }
  const js = await server.get('/review/app-0123456789abcdef0123.js');
  assert.match(
    js.headers.get('content-security-policy') ?? '',
    /^default-src 'self'; script-src 'self' https:\/\/res\.wx\.qq\.com;/,
  );
  const missing = await server.get('/review/no/such/page/');
  assert.equal(missing.status, 404);
  assert.match(missing.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
});
