// SEED_REVIEWS (server/config.ts): how many reviews an empty database is seeded with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seedReviewsFromEnv } from '../../../server/config';

test('SEED_REVIEWS: unset or empty means the default data set; an integer up to 2,000,000 is taken', () => {
  assert.equal(seedReviewsFromEnv({}), undefined);
  assert.equal(seedReviewsFromEnv({ SEED_REVIEWS: '' }), undefined);
  assert.equal(seedReviewsFromEnv({ SEED_REVIEWS: '0' }), 0);
  assert.equal(seedReviewsFromEnv({ SEED_REVIEWS: '500' }), 500);
  assert.equal(seedReviewsFromEnv({ SEED_REVIEWS: '2000000' }), 2_000_000);
});

test('SEED_REVIEWS: anything else stops the start with its name and the value', () => {
  for (const bad of ['-1', '1.5', '1e3', ' 500', 'abc', '2000001', '99999999', '0x10', 'x'.repeat(10_000)]) {
    assert.throws(
      () => seedReviewsFromEnv({ SEED_REVIEWS: bad }),
      (e: Error) => e.message.startsWith('SEED_REVIEWS must be an integer') && e.message.length < 120,
      bad.slice(0, 20),
    );
  }
});
