import * as React from 'react';
import type { ReviewView } from '../../review/view';
import { formatPostedDate, reviewerLabel } from '../../review/format';
import { useReplies } from '../../hooks/use-replies';
import { whenIdle } from '../../common/when-idle';

/**
 * Replies under a review (issue 21 item 4): nothing on the server-rendered page and no request
 * until the section comes near the viewport, and not before the browser's first idle period
 * (issue 26: on a phone the section is near the first screen, and its API client, request and
 * render competed with hydration); then the first reply, and "查看全部 N 条回复"
 * for the rest. A reply by the merchant is labelled "商家回复". Absent when the API says the
 * review has none.
 */
export function Replies({ review }: { review: ReviewView }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(false);
  const none = review.replyCount === 0;
  React.useEffect(() => {
    setNear(false);
    const el = ref.current;
    if (!el || none) return;
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
  }, [review.productId, review.id, none]);
  const r = useReplies(review.productId, review.id, near);
  if (none) return null;
  const total = r.total ?? review.replyCount ?? r.replies.length;
  return (
    // The observed box is there (empty) before the first answer; the section once there is one.
    <div ref={ref}>
      {r.replies.length > 0 && (
        <section className="replies" aria-label="回复">
          <h2 className="replies__title">回复 {total}</h2>
          <ul className="replies__list">
            {r.replies.map((it) => (
              <li key={it.id} className={it.fromMerchant ? 'reply reply--merchant' : 'reply'}>
                <p className="reply__head">
                  <span className="reply__name">
                    {it.fromMerchant ? (it.userLabel ?? '商家') : reviewerLabel(it.userLabel)}
                  </span>
                  {it.fromMerchant && <span className="reply__badge">商家回复</span>}
                  {it.postedAt != null && <time className="reply__date">{formatPostedDate(it.postedAt)}</time>}
                </p>
                <p className="reply__text">{it.content}</p>
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
