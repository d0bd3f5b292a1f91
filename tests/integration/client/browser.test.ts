// The client's browser wiring in real Chromium: the bundled client on a page served by a
// recording server (API on the page's own origin, the browser default), real localStorage,
// a real 401 redirect via window.location, and the clipboard.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server';

const root = path.resolve(__dirname, '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The page's script: the real modules, bundled for the browser like Gatsby would.
const ENTRY = `
import { createStorefrontClient, defaultSession } from './src/storefront/client';
import { likeComment } from './src/storefront/comments';
import { getAppConfig } from './src/storefront/app-config';
import { copyText } from './src/storefront/clipboard';
import { captureUtm } from './src/storefront/session';
const client = createStorefrontClient({ mode: 'browser' });
captureUtm(defaultSession().store, window.location.href);
(window as any).sf = {
  baseURL: client.baseURL,
  appConfig: () => getAppConfig(client),
  like: () => likeComment(client, 'p1', 'c1'),
  copy: (t: string) => copyText(t),
  session: () => ({ guestId: defaultSession().guestId(), loggedIn: defaultSession().isLoggedIn(), persistent: defaultSession().store.persistent, utm: defaultSession().store.get('utmParams') }),
};
`;

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>晒单</title><body><script src="/review/sf.js"></script></body>';

describe('browser client in Chromium', () => {
  let srv: RecordingServer;
  let browserApp: Browser;
  let bundle: string;

  before(async () => {
    const esbuild = await import('esbuild');
    const out = await esbuild.build({
      stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'iife',
      target: 'es2020',
      logLevel: 'silent',
    });
    bundle = out.outputFiles[0].text;
    srv = await startRecordingServer((req) => {
      if (req.path === '/review/sf.js')
        return { body: bundle, headers: { 'content-type': 'text/javascript; charset=utf-8' } };
      if (req.path.startsWith('/api/v1/product-comment/')) return { status: 401, body: { message: '请先登录' } };
      if (req.path.startsWith('/api/')) return { body: { giftPackageYuan: 688 } };
      return { body: PAGE, headers: { 'content-type': 'text/html; charset=utf-8' } };
    });
    browserApp = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  after(async () => {
    await browserApp?.close();
    await srv?.close();
  });

  const apiCalls = () => srv.requests.filter((r) => r.path.startsWith('/api/'));

  test('page origin is the API, guest id is stable across reloads, UTM kept, clipboard works', async () => {
    const context = await browserApp.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.origin });
    const page = await context.newPage();
    srv.requests.length = 0;
    await page.goto(`${srv.url}/review/p1/c1/?utm_source=wx&utm_campaign=618`);
    const first = await page.evaluate(async () => {
      const w = window as any;
      return {
        data: await w.sf.appConfig(),
        base: w.sf.baseURL,
        session: w.sf.session(),
        stored: localStorage.getItem('hrv:guestId'),
      };
    });
    assert.deepEqual(first.data, { giftPackageYuan: 688 });
    assert.equal(first.base, srv.origin);
    assert.match(first.session.guestId, /^[0-9a-f-]{36}$/);
    assert.equal(first.stored, JSON.stringify(first.session.guestId));
    assert.equal(first.session.persistent, true);
    assert.deepEqual(first.session.utm, { utmSource: 'wx', utmCampaign: '618' });
    const call = apiCalls()[0];
    assert.equal(call.headers['x-session-user'], first.session.guestId);
    assert.equal(call.headers['x-session-key'], '');
    assert.match(String(call.headers['x-client-agent']), / \(web\)$/);

    await page.reload();
    const second = await page.evaluate(async () => {
      const w = window as any;
      await w.sf.appConfig();
      return w.sf.session();
    });
    assert.equal(second.guestId, first.session.guestId, 'same guest after reload');
    assert.deepEqual(second.utm, { utmSource: 'wx', utmCampaign: '618' }, 'UTM kept without params');
    assert.equal(apiCalls().at(-1)!.headers['x-session-user'], first.session.guestId);

    const copied = await page.evaluate(async () => {
      const ok = await (window as any).sf.copy('https://example/review/p1/c1/');
      return { ok, text: await navigator.clipboard.readText() };
    });
    assert.equal(copied.ok, true);
    // The context may read the clipboard (granted above): what was copied is there.
    assert.equal(copied.text, 'https://example/review/p1/c1/');
    await context.close();
  });

  test('a 401 sends the browser to /review/login/ with the page as returnTo', async () => {
    const context = await browserApp.newContext();
    const page = await context.newPage();
    await page.goto(`${srv.url}/review/p1/c1/?from=share`);
    await page.evaluate(() => {
      (window as any).sf.like().catch(() => undefined);
    });
    await page.waitForURL('**/review/login/**', { timeout: 5000 });
    const u = new URL(page.url());
    assert.equal(u.pathname, '/review/login/');
    assert.equal(u.searchParams.get('returnTo'), '/review/p1/c1/?from=share');
    await context.close();
  });

  test('localStorage that throws (private mode): calls still work, the guest id lives in memory', async () => {
    const context = await browserApp.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    srv.requests.length = 0;
    await page.goto(`${srv.url}/review/p2/c2/`);
    const s = await page.evaluate(async () => {
      const w = window as any;
      await w.sf.appConfig();
      return w.sf.session();
    });
    assert.deepEqual(errors, []);
    assert.equal(s.persistent, false);
    assert.match(s.guestId, /^[0-9a-f-]{36}$/);
    assert.equal(apiCalls()[0].headers['x-session-user'], s.guestId);
    await context.close();
  });
});
