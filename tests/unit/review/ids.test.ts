import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewIds } from '../../../src/review/ids';

test('ids come from the path segments after review', () => {
  assert.deepEqual(reviewIds('/review/123/456/'), { productId: '123', commentId: '456' });
  assert.deepEqual(reviewIds('/review/123/456'), { productId: '123', commentId: '456' });
});

test('the query string wins over the path, trimmed, first value if repeated', () => {
  assert.deepEqual(reviewIds('/review/1/2/', '?productId=%20 9 &commentId=8&commentId=7'), {
    productId: '9',
    commentId: '8',
  });
  assert.deepEqual(reviewIds('/review/haul-detail/', '?productId=5&commentId=6'), { productId: '5', commentId: '6' });
});

test('either id missing means nothing is loaded', () => {
  assert.equal(reviewIds('/review/haul-detail/'), null);
  assert.equal(reviewIds('/review/'), null);
  assert.equal(reviewIds('/review/1/', '?productId=1'), null);
  // Empty query values count as missing, so the path is used.
  assert.deepEqual(reviewIds('/review/x/y/', '?productId=&commentId='), { productId: 'x', commentId: 'y' });
});

test('values that are not ids are refused', () => {
  assert.equal(reviewIds('/review/haul-detail/', '?productId=<script>&commentId=1'), null);
  assert.equal(reviewIds('/review/a%2Fb/1/'), null);
});

test("only a review URL's path carries ids: another page's path never fills a missing one", () => {
  // /review/haul-detail/?commentId=X has no product id: nothing is loaded (issue 11 defect 6).
  assert.equal(reviewIds('/review/haul-detail/', '?commentId=5000001'), null);
  assert.equal(reviewIds('/review/haul-detail/', '?productId=100001'), null);
  assert.equal(reviewIds('/review/category/12/', '?commentId=5000001'), null);
  assert.equal(reviewIds('/review/pd/100001/'), null);
  assert.equal(reviewIds('/review/1/2/3/'), null);
  // On a review URL the query wins when it names both ids; one id alone is not used (issue 21).
  assert.deepEqual(reviewIds('/review/100029/5000116/', '?productId=100001&commentId=5000001'), {
    productId: '100001',
    commentId: '5000001',
  });
  assert.deepEqual(reviewIds('/review/100029/5000116/', '?commentId=%205000001%20'), {
    productId: '100029',
    commentId: '5000116',
  });
  assert.deepEqual(reviewIds('/review/100029/5000116/', '?productId=100001&commentId='), {
    productId: '100029',
    commentId: '5000116',
  });
  // Without the path prefix (gatsby develop without --prefix-paths).
  assert.deepEqual(reviewIds('/100029/5000116/'), { productId: '100029', commentId: '5000116' });
});
