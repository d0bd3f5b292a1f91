// The bounded review-existence check of the site server (server/site/review-exists.ts): ids of
// the review URL shape only, one question per review while the answer is fresh, a timeout
// that counts as "unknown" (404, not cached), failures likewise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundedReviewExists, repositoryReviewExists } from '../../../server/site/review-exists';

test('asks once per review while the answer is fresh, again after ttl', async () => {
  let now = 0;
  const asked: string[] = [];
  const exists = boundedReviewExists(
    async (p, c) => {
      asked.push(`${p}/${c}`);
      return c === '7';
    },
    { ttlMs: 1_000, now: () => now },
  );
  assert.deepEqual(await Promise.all([exists('1', '7'), exists('1', '7'), exists('1', '8')]), [true, true, false]);
  assert.equal(await exists('1', '8'), false);
  assert.deepEqual(asked, ['1/7', '1/8']);
  now += 1_000;
  assert.equal(await exists('1', '7'), true);
  assert.deepEqual(asked, ['1/7', '1/8', '1/7']);
});

test('ids not of the review URL shape never reach the check', async () => {
  const asked: string[] = [];
  const exists = boundedReviewExists(async (p, c) => {
    asked.push(`${p}/${c}`);
    return true;
  });
  for (const [p, c] of [
    ['', '1'],
    ['1', 'a/b'],
    ['1', '9'.repeat(65)],
    ['<x>', '1'],
    ['1', '1 '],
  ])
    assert.equal(await exists(p, c), false, `${p}/${c}`);
  assert.deepEqual(asked, []);
});

test('no answer in time, or a failing check, is "unknown": false and asked again next time', async () => {
  let calls = 0;
  const slow = boundedReviewExists(
    () => {
      calls++;
      return new Promise<boolean>(() => {});
    },
    { timeoutMs: 20 },
  );
  assert.equal(await slow('1', '2'), false);
  assert.equal(await slow('1', '2'), false);
  assert.equal(calls, 2);
  let fail = true;
  const flaky = boundedReviewExists(async () => {
    if (fail) throw new Error('down');
    return true;
  });
  assert.equal(await flaky('1', '2'), false);
  fail = false;
  assert.equal(await flaky('1', '2'), true);
});

test('keeps at most maxEntries answers', async () => {
  let calls = 0;
  const exists = boundedReviewExists(
    async () => {
      calls++;
      return true;
    },
    { maxEntries: 2 },
  );
  for (const c of ['1', '2', '3', '1']) await exists('9', c);
  assert.equal(calls, 4, 'the oldest answer was dropped');
});

test("the repository check takes the reference server's numeric ids only", async () => {
  const seen: Array<[number, number]> = [];
  const exists = repositoryReviewExists({
    getReview: (p: number, c: number) => {
      seen.push([p, c]);
      if (p === 1 && c === 2) return { id: 2, productId: 1, postedAt: 1_700_000_000_000 } as never;
      // The build skips this one (postedAt not a number): it has no page and never will.
      if (p === 1 && c === 4) return { id: 4, productId: 1, postedAt: '2024-02-30' } as never;
      return undefined;
    },
  });
  assert.equal(await exists('1', '2'), true);
  assert.equal(await exists('1', '3'), false);
  assert.equal(await exists('1', '4'), false);
  for (const [p, c] of [
    ['01', '2'],
    ['1', 'abc'],
    ['1', '99999999999'],
    ['0', '2'],
  ])
    assert.equal(await exists(p, c), false, `${p}/${c}`);
  assert.deepEqual(seen, [
    [1, 2],
    [1, 3],
    [1, 4],
  ]);
});
