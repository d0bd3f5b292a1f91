// SEARCH_WORKERS (server/search/workers.ts): how many worker threads read review searches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { MAX_SEARCH_WORKERS, searchWorkersFromEnv } from '../../../server/search/workers';

test('SEARCH_WORKERS: unset or empty means one per core up to two; 0 to 8 is taken', () => {
  assert.equal(searchWorkersFromEnv({}), Math.min(2, availableParallelism()));
  assert.equal(searchWorkersFromEnv({ SEARCH_WORKERS: '' }), Math.min(2, availableParallelism()));
  assert.equal(searchWorkersFromEnv({ SEARCH_WORKERS: '0' }), 0);
  assert.equal(searchWorkersFromEnv({ SEARCH_WORKERS: '3' }), 3);
  assert.equal(searchWorkersFromEnv({ SEARCH_WORKERS: String(MAX_SEARCH_WORKERS) }), MAX_SEARCH_WORKERS);
});

test('SEARCH_WORKERS: anything else stops the start with its name and the value', () => {
  for (const bad of ['-1', '9', '10', '1.5', ' 2', 'two', '0x1', 'x'.repeat(10_000)]) {
    assert.throws(
      () => searchWorkersFromEnv({ SEARCH_WORKERS: bad }),
      (e: Error) => e.message.startsWith('SEARCH_WORKERS must be an integer') && e.message.length < 120,
      bad.slice(0, 20),
    );
  }
});
