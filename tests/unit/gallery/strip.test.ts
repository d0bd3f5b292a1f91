// Where the gallery's arrows and thumbnails lead (src/components/gallery/strip.ts): the rule the
// boot (before hydration) and the gallery (after) both use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QUICK_SWIPE_MS, SWIPE_MIN_PX, slideFor, slideForSwipe } from '../../../src/components/gallery/strip';

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

test('a swipe: a flick goes one slide its way however short; a drag past half goes on, short of it back', () => {
  const W = 327;
  assert.equal(slideForSwipe({ dx: -30, dy: 2, ms: 120 }, 0, 5, W), 1, 'a flick to the left: the next');
  assert.equal(slideForSwipe({ dx: 30, dy: 2, ms: 120 }, 2, 5, W), 1, 'a flick to the right: the one before');
  assert.equal(slideForSwipe({ dx: -200, dy: 0, ms: 900 }, 0, 5, W), 1, 'a slow drag past half');
  assert.equal(slideForSwipe({ dx: -100, dy: 0, ms: 900 }, 0, 5, W), null, 'a slow drag let go short of half');
  assert.equal(slideForSwipe({ dx: -300, dy: 0, ms: 100 }, 0, 5, W), 1, 'one slide, however far');
});

test('no swipe: a tap, a page scroll, a flick off either end, a strip of no width, a time that is not one', () => {
  const W = 327;
  assert.equal(slideForSwipe({ dx: -SWIPE_MIN_PX + 1, dy: 0, ms: 50 }, 0, 5, W), null, 'a tap');
  assert.equal(slideForSwipe({ dx: -SWIPE_MIN_PX, dy: 0, ms: QUICK_SWIPE_MS }, 0, 5, W), 1, 'the least flick');
  assert.equal(slideForSwipe({ dx: -60, dy: -150, ms: 200 }, 0, 5, W), null, 'more along than across: the page');
  assert.equal(slideForSwipe({ dx: -60, dy: 60, ms: 200 }, 0, 5, W), null, 'as much along as across');
  assert.equal(slideForSwipe({ dx: -60, dy: 0, ms: 200 }, 4, 5, W), null, 'past the last');
  assert.equal(slideForSwipe({ dx: 60, dy: 0, ms: 200 }, 0, 5, W), null, 'before the first');
  assert.equal(slideForSwipe({ dx: -60, dy: 0, ms: 200 }, 0, 1, W), null, 'a single picture');
  assert.equal(slideForSwipe({ dx: -60, dy: 0, ms: 200 }, 0, 5, 0), null, 'a strip not laid out');
  assert.equal(slideForSwipe({ dx: -100, dy: 0, ms: NaN }, 0, 5, W), null, 'no time: as a slow drag');
  assert.equal(slideForSwipe({ dx: NaN, dy: 0, ms: 100 }, 0, 5, W), null, 'no place');
});
