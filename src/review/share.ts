// What a shared review shows (issue 21 item 3): the page's own title and description, its
// canonical URL and share image (src/review/head.ts's summary, without the JSON-LD), so the WeChat card, the system share sheet
// and the copied link all say the same as the page's head.
import { reviewSummary } from './head';
import type { ReviewView } from './view';

export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  /** Absolute URL of the card's picture; '' when the review has none. */
  imgUrl: string;
}

export function shareCard(r: ReviewView): ShareCard {
  const h = reviewSummary(r);
  return { title: h.title, desc: h.description, link: h.canonical, imgUrl: h.image ?? '' };
}
