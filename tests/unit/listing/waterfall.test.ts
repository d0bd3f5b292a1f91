import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_RATIO,
  MAX_RATIO,
  MIN_RATIO,
  PICTURE_CARD_EXTRA,
  TEXT_CARD_EXTRA,
  WATERFALL_LAYOUTS,
  cardShape,
  placeWaterfall,
  waterfallStyles,
} from '../../../src/listing/waterfall';

const two = WATERFALL_LAYOUTS[0];

test('a card goes into the shortest column, the leftmost on a tie', () => {
  const p = placeWaterfall(
    [
      { ratio: 1.3, extra: 80 },
      { ratio: 0.75, extra: 80 },
      { ratio: 1, extra: 80 },
      { ratio: 1, extra: 80 },
    ],
    two,
  );
  assert.deepEqual(
    p.slots.map((s) => s.column),
    [0, 1, 1, 0],
  );
  assert.deepEqual(p.slots[2], { column: 1, ratioAbove: 0.75, pxAbove: 80 + two.gap });
  // Column heights leave out the gap after the last card.
  assert.deepEqual(p.columns, [
    { ratio: 2.3, px: 160 + two.gap },
    { ratio: 1.75, px: 160 + two.gap },
  ]);
});

test('appending cards never moves the ones placed before (every layout)', () => {
  const shapes = Array.from({ length: 60 }, (_, i) => ({
    ratio: 0.75 + ((i * 37) % 59) / 100,
    extra: i % 4 ? 86 : 34,
  }));
  for (const layout of WATERFALL_LAYOUTS) {
    const all = placeWaterfall(shapes, layout).slots;
    for (const n of [10, 20, 30, 45])
      assert.deepEqual(placeWaterfall(shapes.slice(0, n), layout).slots, all.slice(0, n), `${layout.columns} columns`);
    assert.equal(new Set(all.map((s) => s.column)).size, layout.columns);
  }
});

test('card shapes: a picture its own shape within 4:3..3:4, unknown 3:4, a text card by its length', () => {
  assert.deepEqual(cardShape({ image: '/a.jpg', ratio: 0.5625, content: '' }), {
    ratio: MIN_RATIO,
    extra: PICTURE_CARD_EXTRA,
  });
  assert.deepEqual(cardShape({ image: '/a.jpg', ratio: 1.777, content: '' }), {
    ratio: MAX_RATIO,
    extra: PICTURE_CARD_EXTRA,
  });
  assert.deepEqual(cardShape({ image: '/a.jpg', ratio: 1, content: '' }), { ratio: 1, extra: PICTURE_CARD_EXTRA });
  assert.deepEqual(cardShape({ image: '/a.jpg', content: '' }), { ratio: DEFAULT_RATIO, extra: PICTURE_CARD_EXTRA });
  assert.equal(cardShape({ image: null, content: '好' }).extra, TEXT_CARD_EXTRA);
  assert.ok(
    cardShape({ image: null, content: '好'.repeat(80) }).ratio > cardShape({ image: null, content: '好' }).ratio,
  );
});

test('styles: every card has its column and offsets for every layout, the list its height', () => {
  const items = [
    { image: '/a.jpg', ratio: 1, content: 'a' },
    { image: null, content: 'b' },
    { image: '/c.jpg', ratio: 0.75, content: 'c' },
  ];
  const s = waterfallStyles(items);
  for (const { columns } of WATERFALL_LAYOUTS) {
    assert.match(s.list[`--h${columns}`], /^max\(calc\(/);
    for (const c of s.cards) {
      assert.match(c[`--c${columns}`], /^\d+$/);
      assert.match(c[`--e${columns}`], /^\d+px$/);
    }
  }
  assert.equal(s.cards[0]['--c2'], '0');
  assert.equal(s.cards[1]['--c2'], '1');
  assert.equal(s.cards[1]['--ar'], '1');
  // The same items give the same styles (the server HTML and the hydrated page agree).
  assert.deepEqual(waterfallStyles(items), s);
});
