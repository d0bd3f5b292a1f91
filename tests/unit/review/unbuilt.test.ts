// The one rule for "a path that may be a review published after the build" (src/review/unbuilt.ts),
// and the inline script of the 404 page that must apply the same rule in the browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  isUnbuiltReviewPath,
  sitePathOf,
  unbuiltReviewMarkerScript,
  RESERVED_SECTIONS,
} from '../../../src/review/unbuilt';

const CASES: Array<[string, boolean]> = [
  ['/100001/5000001/', true],
  ['/100001/5000001', true],
  ['/abc_DEF-1/x/', true],
  ['/category/8/', false],
  ['/pd/100001/', false],
  ['/haul/page/', false],
  ['/404/x/', false],
  ['/page-data/a/', false],
  ['/100001/', false],
  ['/a/b/c/', false],
  ['/', false],
  ['/a%2Fb/c/', false],
  ['/<script>/1/', false],
  [`/${'9'.repeat(65)}/1/`, false],
];

test('review-shaped paths count, the site sections and other shapes do not', () => {
  for (const [p, want] of CASES) assert.equal(isUnbuiltReviewPath(p), want, p);
  for (const section of RESERVED_SECTIONS) assert.equal(isUnbuiltReviewPath(`/${section}/1/`), false, section);
});

test('sitePathOf strips the prefix and refuses paths outside the site or with bad escapes', () => {
  assert.equal(sitePathOf('/review/1/2/'), '/1/2/');
  assert.equal(sitePathOf('/review'), '/');
  assert.equal(sitePathOf('/reviewx/1/2/'), null);
  assert.equal(sitePathOf('/other/1/2/'), null);
  assert.equal(sitePathOf('/review/%E0%A4%A/'), null);
});

/** Runs the inline script with a fake location and document; says whether it marked <html>. */
function marks(pathname: string): boolean {
  const classes = new Set<string>();
  const context = {
    location: { pathname },
    document: { documentElement: { classList: { add: (c: string) => classes.add(c) } } },
    decodeURIComponent,
    RegExp,
  };
  vm.runInNewContext(unbuiltReviewMarkerScript('/review'), context);
  return classes.has('unbuilt-review');
}

test('the 404 page script marks exactly the paths the server answers with the review view', () => {
  for (const [p, want] of CASES) {
    const full = `/review${p === '/' ? '/' : p}`;
    let sitePath: string | null = null;
    try {
      sitePath = sitePathOf(full);
    } catch {
      /* bad escape */
    }
    assert.equal(marks(full), sitePath != null && isUnbuiltReviewPath(sitePath), full);
    assert.equal(marks(full), want, full);
  }
  assert.equal(marks('/elsewhere/1/2/'), false);
  assert.equal(marks('/review/%E0%A4%A/2/'), false, 'a bad escape is no review and throws nothing');
});

test('the script is inert text inside a <script> element', () => {
  const s = unbuiltReviewMarkerScript('/review');
  assert.ok(!/<\/script/i.test(s) && !s.includes('<!--'));
});
