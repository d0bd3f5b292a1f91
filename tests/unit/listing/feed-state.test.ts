import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addFeedPage, initialFeedState } from '../../../src/listing/feed-state';
import type { RelatedView } from '../../../src/review/view';

const view = (id: string): RelatedView => ({
  commentId: id,
  productId: 'p',
  image: null,
  userLabel: null,
  userAvatar: null,
  content: '',
  likes: 0,
});
const drop = (id: string) => ({ commentId: id, productId: 'p' });

test("continues from the build's cursor and appends new items", () => {
  let s = initialFeedState([view('1'), view('2')], 'c2');
  assert.equal(s.cursor, 'c2');
  s = addFeedPage(s, [drop('3'), drop('4')], 'c4');
  assert.deepEqual(
    s.loaded.map((x) => x.commentId),
    ['3', '4'],
  );
  assert.equal(s.cursor, 'c4');
  assert.equal(s.done, false);
  s = addFeedPage(s, [drop('5')], null);
  assert.deepEqual(
    s.loaded.map((x) => x.commentId),
    ['3', '4', '5'],
  );
  assert.equal(s.done, true);
});

test('without a cursor it starts over and skips what the page shows', () => {
  let s = initialFeedState([view('1'), view('2')], null);
  assert.equal(s.cursor, '0');
  s = addFeedPage(s, [drop('1'), drop('2')], 'a');
  assert.deepEqual(s.loaded, []);
  assert.equal(s.done, false);
  s = addFeedPage(s, [drop('2'), drop('3'), drop('3'), { productId: 'p' }, 'junk'], 'b');
  assert.deepEqual(
    s.loaded.map((x) => x.commentId),
    ['3'],
  );
});

test('a cursor that does not move ends the feed (no endless loop); unsafe images dropped', () => {
  let s = initialFeedState([], 'x');
  s = addFeedPage(s, [{ commentId: '9', productId: 'p', image: 'javascript:alert(1)' }], 'x');
  assert.equal(s.done, true);
  assert.equal(s.loaded[0].image, null);
});

test('issue 44: a review the build skipped is never shown, though the feed lists it', () => {
  let s = initialFeedState([view('1')], 'c1', false, ['5000055']);
  s = addFeedPage(s, [drop('2'), drop('5000055'), drop('3')], 'c3');
  assert.deepEqual(
    s.loaded.map((x) => x.commentId),
    ['2', '3'],
  );
});
