import * as React from 'react';
import { Layout } from '../shell/Layout';
import { ReviewDetail } from './ReviewDetail';
import { ReviewHead, PlainHead } from './ReviewHead';
import { LikeButton } from './LikeButton';
import { ShareButton } from '../share/ShareButton';
import { useWechatShare } from '../../hooks/use-wechat-share';
import { shareCard } from '../../review/share';
import { useReviewData } from '../../hooks/use-review-data';
import { sameReview, type ReviewIds } from '../../review/ids';
import type { ReviewPageData } from '../../review/page-data';

export interface ReviewPageProps {
  /**
   * The review the browser's URL names (spec sections 2 and 5): `undefined` while the URL is
   * not read yet (SSR and the hydrating render), null when it names none.
   */
  ids: ReviewIds | null | undefined;
  /** The data the build supplied (a static review page's context); none on the haul detail page. */
  built?: ReviewPageData;
}

/**
 * The review page of both templates (spec section 2): the built review, or the one the URL
 * names (another review, or any review on the haul detail page and for reviews published after
 * the build), loaded in the browser. The head follows the review shown (issue 21 item 6): the
 * built one's (the HTML crawlers get), or once the URL names another, that one's (a plain
 * noindex head while it loads or when it is not found).
 */
export function ReviewPage({ ids, built }: ReviewPageProps) {
  const other = ids && !(built && sameReview(ids, built)) ? ids : null;
  const data = useReviewData(other ?? built ?? null, other ? {} : (built ?? {}));
  const head = other ? data.review : (built?.info ?? data.review);
  const card = React.useMemo(() => (data.review ? shareCard(data.review) : null), [data.review]);
  useWechatShare(card);
  return (
    <Layout>
      {head ? <ReviewHead review={head} /> : <PlainHead title="用户晒单" noindex />}
      <ReviewDetail
        review={data.review}
        related={data.related}
        similar={data.similar}
        status={ids === undefined && !built ? 'loading' : data.status}
        replies={other ? undefined : built?.replies}
        buy={built?.buy}
        facts={other ? undefined : built?.facts}
        onRetry={data.retry}
        likeSlot={data.review ? <LikeButton review={data.review} /> : null}
        shareSlot={card ? <ShareButton url={card.link} title={card.title} text={card.desc} /> : null}
      />
    </Layout>
  );
}
