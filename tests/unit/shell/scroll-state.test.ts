import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { initialScroll, reduceScroll, type ScrollSnapshot } from '../../../src/components/shell/scroll-state';

const OFFSET = 64;
const run = (ys: number[], start: ScrollSnapshot = initialScroll) =>
  ys
    .reduce<ScrollSnapshot[]>((acc, y) => [...acc, reduceScroll(acc[acc.length - 1] ?? start, y, OFFSET)], [])
    .map((s) => s.state);

test('NONE at or above the header offset, whatever the direction (spec section 4)', () => {
  assert.deepEqual(run([0, 10, 64, 30, 0]), ['NONE', 'NONE', 'NONE', 'NONE', 'NONE']);
});

test('UP when scrolled down past the offset compared with the previous position', () => {
  assert.deepEqual(run([100, 200, 201]), ['UP', 'UP', 'UP']);
  assert.equal(reduceScroll({ state: 'NONE', y: 64 }, 65, OFFSET).state, 'UP');
});

test('DOWN otherwise: scrolling back up while still below the offset', () => {
  assert.deepEqual(run([300, 250, 400, 120, 60]), ['UP', 'DOWN', 'UP', 'DOWN', 'NONE']);
});

test('no movement below the offset is DOWN (the spec: "DOWN otherwise")', () => {
  assert.equal(reduceScroll({ state: 'UP', y: 500 }, 500, OFFSET).state, 'DOWN');
});

test('the snapshot remembers the position it was computed from', () => {
  assert.deepEqual(reduceScroll(initialScroll, 321, OFFSET), { state: 'UP', y: 321 });
});

test('the header hides only in UP (the rule is src/styles/shell.css)', () => {
  const css = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'src', 'styles', 'shell.css'), 'utf8');
  assert.deepEqual(
    [...css.matchAll(/\.hdr\[data-scroll="(\w+)"\][^{]*\{[^}]*translateY\(-100%\)/g)].map((m) => m[1]),
    ['UP'],
  );
});
