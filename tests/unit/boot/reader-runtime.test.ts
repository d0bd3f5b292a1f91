// The rules of the reader's runtime (src/boot/reader-runtime.ts) on stand-in values: when the
// pages of links are prefetched (Gatsby's loader's rules), and which links lead to a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayPrefetch, pageUrlOf } from '../../../src/boot/reader-runtime';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const nav = (userAgent: string, connection?: { effectiveType?: string; saveData?: boolean }) =>
  ({ userAgent, connection }) as unknown as Navigator;

test('prefetch: yes on a phone, no on 2g, data saver or for a bot', () => {
  assert.equal(mayPrefetch(nav(CHROME)), true, 'no connection info');
  assert.equal(mayPrefetch(nav(CHROME, { effectiveType: '4g', saveData: false })), true);
  assert.equal(mayPrefetch(nav(CHROME, { effectiveType: '3g' })), true);
  assert.equal(mayPrefetch(nav(CHROME, { effectiveType: '2g' })), false);
  assert.equal(mayPrefetch(nav(CHROME, { effectiveType: 'slow-2g' })), false);
  assert.equal(mayPrefetch(nav(CHROME, { effectiveType: '4g', saveData: true })), false);
  for (const bot of [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    'Sogou web spider/4.0',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
  ])
    assert.equal(mayPrefetch(nav(bot)), false, bot);
});

/** A link as the browser parses it: its URL against the page's. */
const link = (href: string, attrs: Record<string, string> = {}) => {
  const u = new URL(href, 'https://shop.example/review/haul/');
  return {
    origin: u.origin,
    pathname: u.pathname,
    search: u.search,
    hasAttribute: (n: string) => n in attrs,
  } as unknown as HTMLAnchorElement;
};
const here = { origin: 'https://shop.example', pathname: '/review/haul/', search: '' } as Location;

test('the pages of the site that a link leads to, as document URLs', () => {
  assert.equal(pageUrlOf(link('/review/100001/5000001/'), here), '/review/100001/5000001/');
  assert.equal(pageUrlOf(link('/review/100001/5000001/#reply'), here), '/review/100001/5000001/', 'no fragment');
  assert.equal(pageUrlOf(link('/review/haul/?category=3'), here), '/review/haul/?category=3', 'a query is a page');
  assert.equal(pageUrlOf(link('/review/'), here), '/review/', 'home');
  assert.equal(pageUrlOf(link('/review/haul/'), here), null, 'the page itself');
  assert.equal(pageUrlOf(link('#top'), here), null, 'a place on the page itself');
  assert.equal(pageUrlOf(link('https://other.example/review/1/2/'), here), null, 'another site');
  assert.equal(pageUrlOf(link('/shop/1/'), here), null, 'outside /review');
  assert.equal(pageUrlOf(link('/reviewer/1/'), here), null, 'a prefix of /review only');
  assert.equal(pageUrlOf(link('/review/sitemap.xml'), here), null, 'a file');
  assert.equal(pageUrlOf(link('/review/1/2/', { download: '' }), here), null, 'a download');
});
