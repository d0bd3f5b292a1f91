// The bounded LRU map behind the site server's caches (server/site/lru.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lru } from '../../../server/site/lru';

test('keeps at most maxWeight, least recently used out first', () => {
  const lru = new Lru<number>({ maxWeight: 2 });
  lru.set('a', 1);
  lru.set('b', 2);
  assert.equal(lru.get('a'), 1); // a is now the most recent
  lru.set('c', 3);
  assert.equal(lru.get('b'), undefined);
  assert.deepEqual([lru.get('a'), lru.get('c'), lru.size], [1, 3, 2]);
});

test('weighs entries (bytes), drops as many as needed, never keeps one heavier than the budget', () => {
  const lru = new Lru<Buffer>({ maxWeight: 10, weigh: (b) => b.length });
  lru.set('a', Buffer.alloc(4));
  lru.set('b', Buffer.alloc(4));
  lru.set('c', Buffer.alloc(8));
  assert.deepEqual([lru.get('a'), lru.get('b')], [undefined, undefined]);
  assert.equal(lru.totalWeight, 8);
  lru.set('big', Buffer.alloc(11));
  assert.equal(lru.get('big'), undefined);
  assert.equal(lru.totalWeight, 8);
  lru.set('c', Buffer.alloc(2)); // replacing an entry replaces its weight
  assert.equal(lru.totalWeight, 2);
});

test('entries expire after ttlMs', () => {
  let now = 1_000;
  const lru = new Lru<string>({ maxWeight: 10, ttlMs: 100, now: () => now });
  lru.set('a', 'x');
  now += 99;
  assert.equal(lru.get('a'), 'x');
  now += 1;
  assert.equal(lru.get('a'), undefined);
  assert.equal(lru.size, 0);
});
