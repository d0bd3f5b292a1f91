// How a review's replies are shown (issue 44): merchant replies labelled, and questions shown
// as questions with their answers where the data tells them apart. The API's replies are a flat
// list in posting order; a reply asks a question when its text ends with a question mark or
// opens with "请问", and a later reply that opens with "回复楼上" answers the reply above it.
import type { ReplyView } from './view';

/** How many replies the build puts into a review's page (its HTML and page data). */
export const STATIC_REPLIES = 10;

export interface ReplyThread {
  reply: ReplyView;
  /** A question a shopper asked (the reply's text asks one). */
  question: boolean;
  /** The replies that answer it (a question's "回复楼上" replies), in posting order. */
  answers: ReplyView[];
}

/** Up to this many characters of a reply's end are looked at for its question mark. */
const TAIL = 8;
const QUESTION_END = /[？?][\s～~！!。.\u{1F300}-\u{1FAFF}]*$/u;
const ANSWER_PREFIX = /^回复楼上[：:，,\s]?/;

/** Whether a reply's text asks a question ("请问是正品吗？"). */
export const isQuestion = (text: string): boolean => text.startsWith('请问') || QUESTION_END.test(text.slice(-TAIL));

/** The replies as threads: a question followed by the replies that answer it, others alone. */
export function threadReplies(replies: readonly ReplyView[]): ReplyThread[] {
  const out: ReplyThread[] = [];
  for (const reply of replies) {
    const last = out[out.length - 1];
    if (last?.question && ANSWER_PREFIX.test(reply.content)) {
      last.answers.push({ ...reply, content: reply.content.replace(ANSWER_PREFIX, '') || reply.content });
      continue;
    }
    out.push({ reply, question: !reply.fromMerchant && isQuestion(reply.content), answers: [] });
  }
  return out;
}
