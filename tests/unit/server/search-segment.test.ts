// The search index's segmentation and query parsing (issue 43, server/search/segment.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexText, parseQuery, MAX_QUERY_CHARS } from '../../../server/search/segment';

test('indexText: Chinese words split by the ICU dictionary, folded case and width, no punctuation or emoji', () => {
  assert.equal(indexText('宝宝很喜欢喝这个奶粉！👍'), '宝宝 很喜欢 喝 这个 奶粉');
  assert.equal(indexText('ＥＳＴＥＥ Lauder', null, '面霜'), 'estee lauder 面霜');
  assert.equal(indexText(''), '');
});

test('parseQuery: each clause a quoted phrase, the last a prefix; FTS syntax is text', () => {
  assert.deepEqual(parseQuery('奶粉'), { match: '"奶粉" *', terms: ['奶粉'], text: '奶粉', cut: false });
  assert.equal(parseQuery('宝宝 奶粉').match, '"宝宝" "奶粉" *');
  for (const q of ['"', '*', '(', ')', ':', '^', '-', '"*(:^-)']) assert.equal(parseQuery(q).match, null, q);
  assert.equal(parseQuery('NEAR(a b) AND c OR d').match, '"near" "a" "b" "and" "c" "or" "d" *');
  assert.equal(parseQuery('body:面霜').match, '"body" "面霜" *');
  assert.equal(parseQuery('a"b').match, '"a" "b" *');
  assert.equal(parseQuery('   ').match, null);
  assert.equal(parseQuery('😀').match, null);
});

test('parseQuery: cut at 50 characters, by code points', () => {
  const q = parseQuery('面'.repeat(80));
  assert.equal(q.cut, true);
  assert.equal(Array.from(q.text).length, MAX_QUERY_CHARS);
  assert.equal(parseQuery('😀'.repeat(51)).text, '😀'.repeat(50));
});
