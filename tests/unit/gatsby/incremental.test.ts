// Incremental sourcing (issue 13 part 2): with a hint the build fetches the details of the
// changed reviews only and reuses the others' page data from the last build; removed and
// taken-down reviews are left out even when the API still lists them (a production API).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fetchReviews, type ReviewSourceApi } from '../../../gatsby/sourcing/fetch-reviews';
import { loadLastBuild, saveBuildData, sourcingPlan } from '../../../gatsby/sourcing/incremental';
import { promoteBuildData, readStamp } from '../../../publish/build-protocol';
import type { RelatedReviewItem, Review } from '../../../src/storefront/types';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'incremental-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const texts = new Map<string, string>();
const review = (productId: string, id: string): Review => ({
  id,
  productId,
  content: texts.get(id) ?? `评价${id}`,
  postedAt: 1_700_000_000_000,
  likes: 1,
  sku: { productId, name: 'Brand | 商品', cents: 1000 },
});
const drop = (productId: string, commentId: string): RelatedReviewItem => ({
  productId,
  commentId,
  content: texts.get(commentId) ?? `评价${commentId}`,
});

function api(): ReviewSourceApi & { details: string[]; similar: string[] } {
  const details: string[] = [];
  const similar: string[] = [];
  return {
    details,
    similar,
    categories: async () => ({ categories: [{ id: '8', name: '女装', children: [] }] }),
    // The API still lists every review: it knows nothing of the takedown.
    haulPage: async () => ({
      waterFall: { waterDrops: [drop('1', 'a'), drop('1', 'b'), drop('2', 'c')], delimiter: null },
    }),
    reviewDetail: async (p, c) => {
      details.push(c);
      return review(p, c);
    },
    similarProducts: async (p) => {
      similar.push(p);
      return [];
    },
  };
}

test('a hinted build fetches only the changed review, reuses the rest and leaves removed ones out everywhere', async () => {
  const dir = path.join(tmp, 'data');
  const first = await fetchReviews(api());
  await saveBuildData(dir, first.pages, [{ id: '1' } as never, { id: '3' } as never]);
  assert.equal(await loadLastBuild(dir), null, 'not a base before it is promoted');
  assert.equal(promoteBuildData(dir, { code: 'c1', releaseId: 'r1' }), true);
  assert.deepEqual(readStamp(dir), { code: 'c1', releaseId: 'r1' }, 'stamped with what it was made with');

  texts.set('a', '改过的正文');
  const input = {
    hint: { changed: [{ productId: '1', commentId: 'a' }], removed: [] },
    exclude: [{ productId: '2', commentId: 'c' }],
  };
  const last = await loadLastBuild(dir);
  assert.equal(last?.pages.size, 3);
  const plan = sourcingPlan(input, last);
  assert.equal(plan.incremental, true);
  const a = api();
  const r = await fetchReviews(a, { exclude: plan.exclude, reuse: plan.incremental ? plan.reuse : undefined });
  assert.deepEqual(a.details, ['a'], 'only the changed detail fetched');
  assert.deepEqual(a.similar, [], "the product's similar products reused");
  assert.deepEqual(
    r.pages.map((p) => p.commentId),
    ['a', 'b'],
  );
  assert.equal(r.pages[0].info.content, '改过的正文');
  // b reuses its page but its related list is this build's: a's new text, never c.
  assert.deepEqual(
    r.pages[1].relateList.map((x) => [x.commentId, x.content]),
    [['a', '改过的正文']],
  );
  assert.ok(!r.feed.some((f) => f.commentId === 'c'));
  // Products named by the hint are fetched again; the others are reused.
  assert.ok(plan.incremental);
  assert.equal(plan.reuseProduct('1'), undefined);
  assert.equal(plan.reuseProduct('3')?.id, '3');
});

test('without a hint, or without a last build, everything is fetched; removed still left out', async () => {
  const full = sourcingPlan({ hint: null, exclude: [] }, null);
  assert.equal(full.incremental, false);
  const noBase = sourcingPlan(
    { hint: { changed: [], removed: [{ productId: '1', commentId: 'b' }] }, exclude: [] },
    null,
  );
  assert.equal(noBase.incremental, false);
  const a = api();
  const r = await fetchReviews(a, { exclude: noBase.exclude });
  assert.deepEqual(a.details.sort(), ['a', 'c']);
  assert.deepEqual(
    r.pages.map((p) => p.commentId),
    ['a', 'c'],
  );
});
