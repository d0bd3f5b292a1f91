// Where the gallery's arrows and thumbnails lead (src/components/gallery/strip.ts): the rule the
// boot (before hydration) and the gallery (after) both use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slideFor } from '../../../src/components/gallery/strip';

test('next and prev step from the slide shown, within the strip', () => {
  assert.equal(slideFor('next', 0, 5), 1);
  assert.equal(slideFor('next', 4, 5), 4, 'the last stays');
  assert.equal(slideFor('prev', 3, 5), 2);
  assert.equal(slideFor('prev', 0, 5), 0, 'the first stays');
});

test("a thumbnail names its slide's index, clamped to the strip", () => {
  assert.equal(slideFor('2', 0, 5), 2);
  assert.equal(slideFor('0', 4, 5), 0);
  assert.equal(slideFor('9', 0, 5), 4);
});

test('anything else leads nowhere', () => {
  for (const go of ['', 'last', '-1', '1.5', '1e3', '0x2', ' 2', '12345'])
    assert.equal(slideFor(go, 1, 5), null, JSON.stringify(go));
  assert.equal(slideFor('next', 0, 0), null, 'an empty strip');
});
