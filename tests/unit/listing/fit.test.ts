// Fit across a product's reviews (issue 45): the rule of src/listing/fit.ts on buyers' own words,
// the demo data's sentences among them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIT_LABEL, MAX_TEXT, clauseFit, fitSummary, reviewFit } from '../../../src/listing/fit';

test('plain words, advice and what the buyer did each say which way a size runs', () => {
  const cases: Array<[string, string | null]> = [
    ['偏大半码，建议拍小一码。', 'large'],
    ['尺码偏大一点，可以穿到明年。', 'large'],
    ['平时穿M，这次买的M刚好合身。', 'true'],
    ['尺码偏小很多，换货很麻烦。', 'small'],
    ['买小了，只能送人', 'small'],
    ['买大了', 'large'],
    ['建议拍大一码，脚宽的更要注意', 'small'],
    ['往小拍就对了', 'large'],
    ['不大不小，大小正好', 'true'],
    ['一点都不偏大，尺码标准', 'true'],
    ['鞋头有点挤脚', 'small'],
    ['ＸＬ码偏小', 'small'], // full-width letters folded
  ];
  for (const [text, fit] of cases) assert.equal(reviewFit(text), fit, text);
});

test('words that are not about size, and questions, say nothing', () => {
  for (const text of [
    '就是价格有点小贵。',
    '收到的颜色和图片差别有点大。',
    '容量比想象中大，通勤刚好。',
    '请问尺码偏大吗？',
    '会不会偏小',
    '是不是偏大?',
    '',
  ])
    assert.equal(reviewFit(text), null, text);
  assert.equal(reviewFit(null), null);
  assert.equal(reviewFit(undefined, []), null);
  // A question beside a statement: the statement counts.
  assert.equal(reviewFit('会偏大吗？穿了一周，确实偏大。'), 'large');
});

test('clauses that disagree leave the review uncounted; the text decides before the tags', () => {
  assert.equal(reviewFit('左脚偏大，右脚偏小'), null);
  assert.equal(reviewFit('偏大半码，建议拍小一码。', ['宽版合脚']), 'large');
  assert.equal(reviewFit('鞋底很软，走一天脚也不累。', ['尺码偏大', '百搭']), 'large');
  assert.equal(reviewFit('面料舒服', ['尺码标准']), 'true');
  assert.equal(reviewFit('面料舒服', ['尺码偏大', '尺码偏小']), null);
  assert.equal(reviewFit('面料舒服', ['面料舒服']), null);
});

test('bounded: only the first MAX_TEXT characters are read', () => {
  const long = '好'.repeat(MAX_TEXT) + '偏大';
  assert.equal(reviewFit(long), null);
  assert.equal(reviewFit('偏大' + '好'.repeat(MAX_TEXT * 10)), 'large');
  assert.equal(clauseFit('x'.repeat(100_000)), null);
});

test('summary: counts per fit, and a verdict only from a majority of at least 3 stating reviews', () => {
  const r = (content: string, tags: string[] = []) => ({ content, tags });
  const s = fitSummary([
    r('偏小'),
    r('偏小了'),
    r('买小了'),
    r('正码'),
    r('价格有点小贵'),
    r('左脚偏大，右脚偏小'),
    r('', ['尺码偏大']),
  ]);
  assert.deepEqual(s, { large: 1, true: 1, small: 3, counted: 5, verdict: 'small' });
  assert.equal(FIT_LABEL[s.verdict!], '偏小');
  // Two of two is not enough to say; a tie has no majority.
  assert.equal(fitSummary([r('偏大'), r('偏大')]).verdict, null);
  assert.equal(fitSummary([r('偏大'), r('偏大'), r('偏小'), r('偏小')]).verdict, null);
  assert.deepEqual(fitSummary([]), { large: 0, true: 0, small: 0, counted: 0, verdict: null });
});
