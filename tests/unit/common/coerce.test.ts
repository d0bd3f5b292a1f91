// The edge coercions (src/common/coerce.ts): the two text and the two id rules keep their own
// meanings; images fall back side by side; one id pattern for every site URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { idText, isId, num, pathId, strings, text, toViewImage, trimmedText } from '../../../src/common/coerce';

test('text keeps a non-blank string as it is, trimmedText trims it', () => {
  assert.equal(text('  好评 '), '  好评 ');
  assert.equal(trimmedText('  好评 '), '好评');
  for (const v of ['', '   ', null, undefined, 3, {}]) {
    assert.equal(text(v), null);
    assert.equal(trimmedText(v), null);
  }
  assert.deepEqual(strings([' a ', '', 7, 'b', 'c'], 2), ['a', 'b']);
});

test('num takes finite numbers only', () => {
  assert.equal(num(1.5), 1.5);
  for (const v of [NaN, Infinity, '1', null]) assert.equal(num(v), null);
});

test('idText takes any non-blank id, pathId only one that may stand in a URL', () => {
  assert.equal(idText(' 5000001 '), '5000001');
  assert.equal(idText(1.5), '1.5');
  assert.equal(idText('a/b'), 'a/b');
  assert.equal(pathId(' 5000001 '), '5000001');
  assert.equal(pathId(42), '42');
  for (const v of [1.5, 'a/b', 'x'.repeat(65), '', null]) assert.equal(pathId(v), null, String(v));
  assert.ok(isId('k00_a-B'));
  assert.ok(!isId('k00 a') && !isId('') && !isId('x'.repeat(65)));
});

test('toViewImage: safe URL, each side falls back on its own', () => {
  assert.deepEqual(toViewImage({ url: '/media/a.jpg', width: 640.4, height: 0 }), {
    url: '/media/a.jpg',
    width: 640,
    height: 800,
  });
  assert.deepEqual(toViewImage('/media/a.jpg', 690), { url: '/media/a.jpg', width: 690, height: 690 });
  assert.deepEqual(toViewImage({ url: '/m.jpg' }, { width: 720, height: 960 }), {
    url: '/m.jpg',
    width: 720,
    height: 960,
  });
  assert.equal(toViewImage({ url: 'javascript:alert(1)' }), null);
  assert.equal(toViewImage(null), null);
});
