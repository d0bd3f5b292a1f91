// Related reviews (issue 44): the same product first, then the same leaf category, then the same
// group, each ranked by media and likes; one rule for built and deferred pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getCatalogue, getChildren } from '../../../src/catalogue';
import { groupOfLeaf, rankRelated, relatedListOf, relatedPools, tiersOf } from '../../../src/review/related';
import type { RelatedView } from '../../../src/review/view';

const catalogue = getCatalogue();
// Two leaves of one group (under different second-level categories when it has them) and a leaf of another group.
const [g1, g2] = getChildren(catalogue, null);
const leavesOf = (id: string) => getChildren(catalogue, id).flatMap((s) => getChildren(catalogue, s.id));
const [leafA, leafB] = leavesOf(g1.id).map((l) => l.id);
const leafC = leavesOf(g2.id)[0].id;

const item = (commentId: string, productId: string, categoryId: string, likes = 0, image = true): RelatedView => ({
  commentId,
  productId,
  image: image ? `/media/picture/${commentId}/320x320.jpg` : null,
  userLabel: null,
  userAvatar: null,
  content: commentId,
  likes,
  categoryId,
});

test('ranking: media first, then likes, feed order on a tie', () => {
  const list = [
    item('a', '1', leafA, 5, false),
    item('b', '1', leafA, 1),
    item('c', '1', leafA, 9),
    item('d', '1', leafA, 1),
  ];
  assert.deepEqual(
    rankRelated(list).map((r) => r.commentId),
    ['c', 'b', 'd', 'a'],
  );
});

test('the same product first, then the same leaf, then the same group; never another group; own review left out', () => {
  const feed = [
    item('own', 'p1', leafA, 0),
    item('p1-text', 'p1', leafA, 50, false),
    item('p1-pic', 'p1', leafA, 1),
    item('leaf-liked', 'p2', leafA, 30),
    item('leaf-new', 'p3', leafA, 2),
    item('group', 'p4', leafB, 99),
    item('other-group', 'p5', leafC, 500),
  ];
  const pools = relatedPools(feed, catalogue, 12);
  const tiers = tiersOf(pools, catalogue, pools.byProduct.get('p1')!, feed.slice(0, 30));
  assert.deepEqual(
    relatedListOf('own', tiers, 12).map((r) => r.commentId),
    ['p1-pic', 'p1-text', 'leaf-liked', 'leaf-new', 'group'],
  );
  assert.deepEqual(
    relatedListOf('own', tiers, 3).map((r) => r.commentId),
    ['p1-pic', 'p1-text', 'leaf-liked'],
  );
  assert.equal(groupOfLeaf(catalogue, leafA), g1.id);
});

test('without category facts (a feed without the extension): the product, else the feed head as before', () => {
  const strip = (r: RelatedView): RelatedView => ({ ...r, categoryId: undefined });
  const feed = [item('a', '1', leafA), item('b', '1', leafA), item('c', '2', leafA)].map(strip);
  const pools = relatedPools(feed, catalogue, 12);
  const head = feed.slice(0, 30);
  const of = (id: string, p: string) =>
    relatedListOf(id, tiersOf(pools, catalogue, pools.byProduct.get(p) ?? [], head), 12).map((r) => r.commentId);
  assert.deepEqual(of('a', '1'), ['b']);
  assert.deepEqual(of('c', '2'), ['a', 'b']);
});

test('a category pool of limit + 1 gives the same lists as the whole feed', () => {
  const feed: RelatedView[] = [];
  for (let i = 0; i < 80; i++) feed.push(item(`r${i}`, `p${i % 7}`, i % 3 ? leafA : leafB, (i * 13) % 17, i % 5 !== 0));
  const limit = 4;
  const small = relatedPools(feed, catalogue, limit);
  const whole = relatedPools(feed, catalogue, feed.length);
  for (const r of feed) {
    const list = (pools: typeof small) =>
      relatedListOf(r.commentId, tiersOf(pools, catalogue, pools.byProduct.get(r.productId)!, []), limit).map(
        (x) => x.commentId,
      );
    assert.deepEqual(list(small), list(whole), r.commentId);
  }
});
