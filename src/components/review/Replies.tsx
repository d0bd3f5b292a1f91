import * as React from 'react';
import type { ReplyView, ReviewView } from '../../review/view';
import type { BuiltReplies } from '../../review/page-data';
import { threadReplies } from '../../review/replies';
import { formatPostedDate, reviewerLabel } from '../../review/format';
import { useReplies } from '../../hooks/use-replies';
import { whenIdle } from '../../common/when-idle';

/**
 * Replies under a review (issue 21 item 4, issue 44). The build puts a review's first replies
 * into its page (`built`): they are in the HTML, for crawlers and readers without script, and
 * no call is made. Otherwise (a review loaded in the browser, or a build that could not read
 * them) nothing is on the server-rendered page and no request is made until the section comes
 * near the viewport, and not before the browser's first idle period (issue 26); then the first
 * reply. "查看全部 N 条回复" loads the rest. A reply by the merchant is labelled "商家回复"; a
 * question is labelled "提问" with the replies that answer it under it (src/review/replies.ts).
 * Absent when the API says the review has none.
 */
export function Replies({ review, built }: { review: ReviewView; built?: BuiltReplies }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(false);
  const none = review.replyCount === 0;
  React.useEffect(() => {
    setNear(false);
    const el = ref.current;
    if (!el || none || built) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    let io: IntersectionObserver | null = null;
    const cancel = whenIdle(() => {
      io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
        rootMargin: '300px',
      });
      io.observe(el);
    });
    return () => {
      cancel();
      io?.disconnect();
    };
  }, [review.productId, review.id, none, built]);
  const r = useReplies(review.productId, review.id, near, built);
  const threads = React.useMemo(() => threadReplies(r.replies), [r.replies]);
  if (none) return null;
  const total = r.total ?? review.replyCount ?? r.replies.length;
  return (
    // The observed box is there (empty) before the first answer; the section once there is one.
    <div ref={ref}>
      {r.replies.length > 0 && (
        <section className="replies" aria-label="回复">
          <h2 className="replies__title">回复 {total}</h2>
          <ul className="replies__list">
            {threads.map((t) => (
              <li
                key={t.reply.id}
                className={
                  t.reply.fromMerchant ? 'reply reply--merchant' : t.question ? 'reply reply--question' : 'reply'
                }
              >
                <ReplyHead reply={t.reply} label={t.reply.fromMerchant ? '商家回复' : t.question ? '提问' : null} />
                <p className="reply__text">{t.reply.content}</p>
                {t.answers.length > 0 && (
                  <ul className="reply__answers" aria-label="回答">
                    {t.answers.map((a) => (
                      <li key={a.id} className="reply reply--answer">
                        <ReplyHead reply={a} label={a.fromMerchant ? '商家回答' : '回答'} />
                        <p className="reply__text">{a.content}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {total > r.replies.length && (
            <button type="button" className="replies__more" onClick={r.loadAll} disabled={r.status === 'loading'}>
              查看全部 {total} 条回复
            </button>
          )}
        </section>
      )}
    </div>
  );
}

function ReplyHead({ reply, label }: { reply: ReplyView; label: string | null }) {
  return (
    <p className="reply__head">
      <span className="reply__name">
        {reply.fromMerchant ? (reply.userLabel ?? '商家') : reviewerLabel(reply.userLabel)}
      </span>
      {label && (
        <span className={reply.fromMerchant ? 'reply__badge' : 'reply__badge reply__badge--plain'}>{label}</span>
      )}
      {reply.postedAt != null && <time className="reply__date">{formatPostedDate(reply.postedAt)}</time>}
    </p>
  );
}
