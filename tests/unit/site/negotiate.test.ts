// Content negotiation and validators of the site server's text answers (server/site/negotiate.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type fs from 'node:fs';
import { etagOf, isNotModified, negotiateEncoding, textTypeOf } from '../../../server/site/negotiate';

test('Accept-Encoding: highest q among br and gzip, brotli on a tie, q=0 refuses', () => {
  const cases: Array<[string | undefined, string | null]> = [
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=abc, gzip', 'gzip'],
    ['br ; q=1.0', 'br'],
    [`${'x,'.repeat(5000)}br`, 'br'],
  ];
  for (const [h, want] of cases) assert.equal(negotiateEncoding(h), want, String(h).slice(0, 40));
});

const st = { size: 4096, mtimeMs: 1_700_000_000_123.4, mtime: new Date(1_700_000_000_123) } as fs.Stats;

test('each variant has its own validator; conditional requests match their own variant only', () => {
  const plain = etagOf(st, null);
  const br = etagOf(st, 'br');
  assert.equal(plain, 'W/"1000-18bcfe5687b"', 'size and mtime in hex, as @fastify/static (send) tags the file');
  assert.notEqual(br, plain);
  assert.notEqual(etagOf(st, 'gzip'), br);
  assert.equal(isNotModified({ 'if-none-match': br }, br, st), true);
  assert.equal(isNotModified({ 'if-none-match': `"x", ${br.slice(2)}` }, br, st), true, 'weak comparison, in a list');
  assert.equal(isNotModified({ 'if-none-match': plain }, br, st), false);
  assert.equal(isNotModified({ 'if-none-match': '*' }, br, st), true);
  // If-Modified-Since only without If-None-Match; second precision.
  assert.equal(isNotModified({ 'if-modified-since': new Date(1_700_000_000_000).toUTCString() }, br, st), true);
  assert.equal(isNotModified({ 'if-modified-since': new Date(1_699_999_999_000).toUTCString() }, br, st), false);
  assert.equal(
    isNotModified({ 'if-none-match': plain, 'if-modified-since': new Date(1_800_000_000_000).toUTCString() }, br, st),
    false,
  );
  assert.equal(isNotModified({ 'if-modified-since': 'yesterday' }, br, st), false);
});

test('text types are compressed, others are not', () => {
  assert.equal(textTypeOf('a/b/index.html'), 'text/html; charset=utf-8');
  assert.equal(textTypeOf('page-data/x/page-data.json'), 'application/json; charset=utf-8');
  assert.equal(textTypeOf('app-1.js'), 'text/javascript; charset=utf-8');
  assert.equal(textTypeOf('favicon.svg'), 'image/svg+xml');
  for (const f of ['static/a.jpg', 'static/a.webp', 'font.woff2', 'README', 'static/v1.2/x'])
    assert.equal(textTypeOf(f), undefined, f);
});
