import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countText } from '../../../src/listing/haul-state';

test('countText groups thousands as zh-CN and en-US write them, for every magnitude', () => {
  const cases = [0, 7, 42, 999, 1000, 1203, 99999, 100000, 1234567, 1000000000, 9007199254740991, -1203, 12.9];
  for (const n of cases) assert.equal(countText(n), Math.trunc(n).toLocaleString('en-US'), String(n));
  for (const n of cases) assert.equal(countText(n), Math.trunc(n).toLocaleString('zh-CN'), String(n));
});
