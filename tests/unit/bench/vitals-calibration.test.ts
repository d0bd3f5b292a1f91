// The vitals section's calibrated diagnostic (bench/vitals.ts): the CPU slowdown that makes a
// machine stand for Lighthouse's reference phone, from the benchmarkIndex Lighthouse measured,
// by the formula of Lighthouse's CPU throttling calculator: its stated anchor points, and no
// figure where the calculator gives none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calibratedMultiplier } from '../../../bench/vitals';

test("the calculator's anchor points: 1x at 150, 2x at 800, 3x at 1,300, 4x at 1,533, 6x at 2,000", () => {
  assert.equal(calibratedMultiplier(150), 1);
  assert.equal(calibratedMultiplier(800), 2);
  assert.equal(calibratedMultiplier(1300), 3);
  assert.ok(Math.abs(calibratedMultiplier(1533) - 4) < 0.01);
  assert.ok(Math.abs(calibratedMultiplier(2000) - 6) < 0.01);
});

test('continuous at the joins, and rising with the index', () => {
  for (const at of [800, 1300]) assert.ok(Math.abs(calibratedMultiplier(at - 1e-9) - calibratedMultiplier(at)) < 1e-6);
  let last = 0;
  for (let i = 150; i <= 2500; i += 50) {
    assert.ok(calibratedMultiplier(i) > last, `at ${i}`);
    last = calibratedMultiplier(i);
  }
  // The hosts of these sessions: 1,124-1,239 (slower than the reference: under 4x), about 2,000.
  assert.ok(calibratedMultiplier(1124) > 2.6 && calibratedMultiplier(1239) < 2.9);
});

test('no figure for an index the calculator does not cover, or none', () => {
  assert.ok(Number.isNaN(calibratedMultiplier(100)));
  assert.ok(Number.isNaN(calibratedMultiplier(NaN)));
});
