// Replies as threads (issue 44): questions told apart from comments, "回复楼上" answers under
// the question above, merchant replies never questions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isQuestion, threadReplies } from '../../../src/review/replies';
import type { ReplyView } from '../../../src/review/view';

const reply = (id: string, content: string, fromMerchant = false): ReplyView => ({
  id,
  content,
  userLabel: null,
  postedAt: null,
  fromMerchant,
});

test('questions: a question mark at the end (emoji and tildes after it too) or 请问 at the start', () => {
  for (const q of [
    '请问是正品吗？有防伪码吗？',
    '这个多久到的呀？',
    '请问尺码偏大吗',
    'is it real?',
    '真的吗？😍',
    '多久到？～',
  ])
    assert.equal(isQuestion(q), true, q);
  for (const c of ['同款！颜色真好看', '求链接！', '回复楼上：偏大半码', '？不是问题，只是开头', ''])
    assert.equal(isQuestion(c), false, c);
  // Bounded: a long text is looked at by its end only.
  assert.equal(isQuestion(`${'好'.repeat(100_000)}吗？`), true);
});

test('a question gets the "回复楼上" replies after it as answers, without the prefix', () => {
  const t = threadReplies([
    reply('1', '感谢您的认可！', true),
    reply('2', '请问尺码偏大吗？'),
    reply('3', '回复楼上：偏大半码'),
    reply('4', '被种草了😍'),
    reply('5', '回复楼上：我也是'),
  ]);
  assert.deepEqual(
    t.map((x) => [x.reply.id, x.question, x.answers.map((a) => [a.id, a.content])]),
    [
      ['1', false, []],
      ['2', true, [['3', '偏大半码']]],
      ['4', false, []],
      ['5', false, []], // answers a comment, not a question: shown as it is
    ],
  );
  assert.equal(t[3].reply.content, '回复楼上：我也是');
});

test('a merchant reply that ends with a question mark is not a shopper question', () => {
  assert.equal(threadReplies([reply('1', '亲，还有什么问题吗？', true)])[0].question, false);
});

test('nothing lost: every reply appears once, in order', () => {
  const all = ['请问？', '回复楼上：是', '回复楼上：对', '好', '回复楼上：嗯'].map((c, i) => reply(String(i), c));
  const flat = threadReplies(all).flatMap((t) => [t.reply, ...t.answers].map((r) => r.id));
  assert.deepEqual(flat, ['0', '1', '2', '3', '4']);
});
