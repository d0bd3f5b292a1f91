import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveIndex } from '../../../src/components/shell/menu-keys';

test('row axis: ArrowRight/ArrowLeft wrap around, Home/End jump', () => {
  assert.equal(moveIndex(0, 'ArrowRight', 3, 'row'), 1);
  assert.equal(moveIndex(2, 'ArrowRight', 3, 'row'), 0);
  assert.equal(moveIndex(0, 'ArrowLeft', 3, 'row'), 2);
  assert.equal(moveIndex(1, 'Home', 3, 'row'), 0);
  assert.equal(moveIndex(1, 'End', 3, 'row'), 2);
  assert.equal(moveIndex(1, 'ArrowDown', 3, 'row'), null);
});

test('column axis: ArrowDown/ArrowUp move, other keys do not', () => {
  assert.equal(moveIndex(0, 'ArrowDown', 4, 'column'), 1);
  assert.equal(moveIndex(0, 'ArrowUp', 4, 'column'), 3);
  assert.equal(moveIndex(0, 'ArrowRight', 4, 'column'), null);
  assert.equal(moveIndex(0, 'Enter', 4, 'column'), null);
});

test('an empty list never moves', () => {
  assert.equal(moveIndex(0, 'ArrowDown', 0, 'column'), null);
});
