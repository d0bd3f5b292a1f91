// When a page boots at once instead of at the shopper's first engagement (src/boot/engagement.ts): the rule on a stand-in window, one reason at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootAtOnceReason, DOWNLOAD_BAR_DISMISSED_KEY } from '../../../src/boot/engagement';
import { STORAGE_PREFIX } from '../../../src/storefront/storage';

const storage = (entries: Record<string, string> = {}) => ({ getItem: (k: string) => entries[k] ?? null }) as Storage;

function win(over: {
  pagePath?: string;
  pathname?: string;
  search?: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
}) {
  return {
    pagePath: 'pagePath' in over ? over.pagePath : '/100001/5000001/',
    location: { pathname: over.pathname ?? '/review/100001/5000001/', search: over.search ?? '' },
    localStorage: storage(over.local),
    sessionStorage: storage(over.session),
  } as unknown as Window & { pagePath?: string };
}

test('a page at its own URL without a query or a stored state waits for engagement', () => {
  assert.equal(bootAtOnceReason(win({})), null);
  assert.equal(bootAtOnceReason(win({ pathname: '/review/100001/5000001' })), null, 'without the trailing slash');
  assert.equal(bootAtOnceReason(win({ pagePath: '/', pathname: '/review/' })), null, 'home');
});

test('each reason to boot at once', () => {
  assert.equal(bootAtOnceReason(win({ pagePath: undefined })), 'no page path');
  for (const p of ['/404.html', '/login/', '/haul-detail/', '/product/1/', '/offline-plugin-app-shell-fallback/'])
    assert.equal(bootAtOnceReason(win({ pagePath: p, pathname: `/review${p}` })), 'page', p);
  assert.equal(bootAtOnceReason(win({ pagePath: '/404.html' })), 'page');
  assert.equal(bootAtOnceReason(win({ pathname: '/review/100001/5000002/' })), 'other URL');
  assert.equal(bootAtOnceReason(win({ search: '?utm_source=weibo' })), 'query');
  const signedIn = { [`${STORAGE_PREFIX}userId`]: '"7"', [`${STORAGE_PREFIX}userKey`]: '"k"' };
  assert.equal(bootAtOnceReason(win({ local: signedIn })), 'signed in');
  assert.equal(bootAtOnceReason(win({ local: { [`${STORAGE_PREFIX}userId`]: '"7"' } })), null, 'a user id alone');
  assert.equal(bootAtOnceReason(win({ session: { [DOWNLOAD_BAR_DISMISSED_KEY]: '1' } })), 'bar dismissed');
});

test('a storage that throws is no reason', () => {
  const w = win({});
  Object.defineProperty(w, 'localStorage', {
    get() {
      throw new Error('SecurityError');
    },
  });
  assert.equal(bootAtOnceReason(w), null);
});
