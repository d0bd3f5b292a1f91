// scripts/site-freshness.ts: npm start rebuilds public/ when its sources changed or when it was
// built from another data set (the tests' 500 reviews against the demo's 1,500).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markBuilt, siteIsStale } from '../../../scripts/site-freshness';

const params = (reviews: number) =>
  JSON.stringify({ seed: 42, reviews, referenceDate: '2026-01-01', catalogueHash: 'x' });

function tree() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'freshness-'));
  fs.mkdirSync(path.join(root, 'public'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'page.tsx'), 'x');
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(root, 'src', 'page.tsx'), old, old);
  fs.utimesSync(path.join(root, 'src'), old, old);
  return root;
}

test('no built site is stale; a site built from this data set after its sources is fresh', () => {
  const root = tree();
  try {
    assert.deepEqual(siteIsStale(root, params(1500)), { stale: true, reason: 'no built site', dataMatches: false });
    fs.writeFileSync(path.join(root, 'public', 'index.html'), '<!doctype html>');
    markBuilt(root, params(1500));
    assert.deepEqual(siteIsStale(root, params(1500)), { stale: false, reason: 'up to date', dataMatches: true });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a site built from another data set is stale and says both; a source edited after the build too', () => {
  const root = tree();
  try {
    fs.writeFileSync(path.join(root, 'public', 'index.html'), '<!doctype html>');
    markBuilt(root, params(500));
    const other = siteIsStale(root, params(1500));
    assert.equal(other.stale, true);
    assert.equal(other.dataMatches, false);
    assert.match(other.reason, /500 reviews, seed 42; this database: 1500 reviews, seed 42/);
    // A stamp of the old kind (a date, no data set) is another data set too: rebuilt once.
    fs.writeFileSync(path.join(root, 'public', '.build-stamp'), new Date().toISOString());
    assert.equal(siteIsStale(root, params(500)).dataMatches, false);
    markBuilt(root, params(500));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, 'src', 'page.tsx'), later, later);
    assert.deepEqual(siteIsStale(root, params(500)), {
      stale: true,
      reason: 'src changed since the last build',
      dataMatches: true,
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
