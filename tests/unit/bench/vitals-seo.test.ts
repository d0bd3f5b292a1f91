// The vitals section's SEO gate (bench/vitals.ts): the search results page is noindex by design
// (issue 43), so Lighthouse's `is-crawlable` fails there; the gate reads the SEO score without
// exactly that audit, on that page kind, when it failed for the page's own noindex. Every other
// SEO audit still counts, and every other kind counts them all. The audits below are Lighthouse
// 13.5's SEO category as the search page's report gave it (bench/out/lighthouse-search.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { categoryScore, exemptSeoAudits, SEO_EXEMPT } from '../../../bench/vitals';

type Lhr = Parameters<typeof categoryScore>[0];

const NOINDEX = {
  type: 'table',
  items: [{ source: { type: 'node', selector: 'head > meta', snippet: '<meta name="robots" content="noindex" />' } }],
};

function lhr(over: Record<string, { score: number | null; mode?: string; details?: unknown }> = {}): Lhr {
  const refs: Array<[string, number]> = [
    ['is-crawlable', 4.043478260869565],
    ['document-title', 1],
    ['meta-description', 1],
    ['http-status-code', 1],
    ['link-text', 1],
    ['crawlable-anchors', 1],
    ['robots-txt', 1],
    ['image-alt', 1],
    ['hreflang', 1],
    ['canonical', 0],
    ['structured-data', 0],
  ];
  const audits: Lhr['audits'] = {};
  for (const [id] of refs) audits[id] = { score: 1, scoreDisplayMode: 'binary' };
  audits.canonical = { score: null, scoreDisplayMode: 'notApplicable' };
  audits['structured-data'] = { score: null, scoreDisplayMode: 'manual' };
  for (const [id, a] of Object.entries(over))
    audits[id] = { score: a.score, scoreDisplayMode: a.mode ?? 'binary', details: a.details as never };
  return {
    categories: { seo: { score: null, auditRefs: refs.map(([id, weight]) => ({ id, weight })) } },
    audits,
  };
}

test('the score is computed as Lighthouse computes it: 66 on the noindex page, 100 on a clean one', () => {
  assert.equal(categoryScore(lhr({ 'is-crawlable': { score: 0, details: NOINDEX } }), 'seo'), 66);
  assert.equal(categoryScore(lhr(), 'seo'), 100);
  assert.equal(categoryScore(lhr({ 'image-alt': { score: 0 } }), 'seo'), 92);
});

test('the search kind leaves out is-crawlable failed for its noindex: 100; any other failure still counts', () => {
  assert.deepEqual(
    SEO_EXEMPT.search.map((e) => e.audit),
    ['is-crawlable'],
  );
  const noindex = lhr({ 'is-crawlable': { score: 0, details: NOINDEX } });
  for (const kind of ['search', 'before: search']) {
    assert.deepEqual(exemptSeoAudits(noindex, kind), ['is-crawlable']);
    assert.equal(categoryScore(noindex, 'seo', exemptSeoAudits(noindex, kind)), 100);
  }
  const alsoBad = lhr({ 'is-crawlable': { score: 0, details: NOINDEX }, 'document-title': { score: 0 } });
  assert.equal(categoryScore(alsoBad, 'seo', exemptSeoAudits(alsoBad, 'search')), 88);
  // Blocked for another reason (robots.txt): not the page's noindex, so it counts.
  const robots = lhr({
    'is-crawlable': {
      score: 0,
      details: { type: 'table', items: [{ source: { type: 'url', value: '/robots.txt' } }] },
    },
  });
  assert.deepEqual(exemptSeoAudits(robots, 'search'), []);
  assert.equal(categoryScore(robots, 'seo', exemptSeoAudits(robots, 'search')), 66);
});

test('every other kind counts every audit, is-crawlable included', () => {
  const noindex = lhr({ 'is-crawlable': { score: 0, details: NOINDEX } });
  for (const kind of ['review', 'home', 'showcase', 'category', 'product', 'review with video']) {
    assert.deepEqual(exemptSeoAudits(noindex, kind), []);
    assert.equal(categoryScore(noindex, 'seo', exemptSeoAudits(noindex, kind)), 66);
  }
});
