import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HAUL_PAGE_SIZE, pageCount, pageSlice, pageWindow } from '../../../src/listing/pagination';

test('page count: at least one page, rounds up', () => {
  assert.equal(HAUL_PAGE_SIZE, 20);
  assert.equal(pageCount(0), 1);
  assert.equal(pageCount(-3), 1);
  assert.equal(pageCount(Number.NaN), 1);
  assert.equal(pageCount(1), 1);
  assert.equal(pageCount(20), 1);
  assert.equal(pageCount(21), 2);
  assert.equal(pageCount(400), 20);
  assert.equal(pageCount(100_000), 5000);
  assert.equal(pageCount(7, 3), 3);
});

test('page slice: 1-based, the last page may be short, out of range is empty', () => {
  const items = Array.from({ length: 45 }, (_, i) => i);
  assert.deepEqual(pageSlice(items, 1), items.slice(0, 20));
  assert.deepEqual(pageSlice(items, 2), items.slice(20, 40));
  assert.deepEqual(pageSlice(items, 3), [40, 41, 42, 43, 44]);
  assert.deepEqual(pageSlice(items, 4), []);
  assert.deepEqual(pageSlice(items, 0), []);
  // Every item is on exactly one page.
  const all = Array.from({ length: pageCount(items.length) }, (_, i) => pageSlice(items, i + 1)).flat();
  assert.deepEqual(all, items);
});

test('page window: first and last always, two around the current, gaps as null', () => {
  assert.deepEqual(pageWindow(1, 1), [1]);
  assert.deepEqual(pageWindow(1, 2), [1, 2]);
  assert.deepEqual(pageWindow(1, 5), [1, 2, 3, 4, 5]);
  assert.deepEqual(pageWindow(1, 20), [1, 2, 3, null, 20]);
  assert.deepEqual(pageWindow(10, 20), [1, null, 8, 9, 10, 11, 12, null, 20]);
  assert.deepEqual(pageWindow(20, 20), [1, null, 18, 19, 20]);
  assert.deepEqual(pageWindow(4, 7), [1, 2, 3, 4, 5, 6, 7]);
});
