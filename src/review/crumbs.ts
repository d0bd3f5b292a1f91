// The review page's breadcrumb (spec sections 2 and 4): home, the review showcase, then the
// reviewer's label (or "用户晒单"); once the detail is there, the review text. The static
// HTML of a built review already has the detail, so its last crumb is the review text, and
// its structured data says the same (issue 11).
import { pageCrumb, type Crumb } from '../common/breadcrumb';
import { SITE_PAGES } from '../site-pages';
import { truncate } from './format';
import type { ReviewView } from './view';

const CRUMB_LIMIT = 40;

export function reviewCrumbs(review: ReviewView | null, fallbackLabel?: string | null): Crumb[] {
  const oneLine = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const last = oneLine(review?.content) || oneLine(review?.userLabel) || oneLine(fallbackLabel) || '用户晒单';
  return [
    pageCrumb(SITE_PAGES.home),
    pageCrumb(SITE_PAGES.haul),
    { label: Array.from(last).length > CRUMB_LIMIT ? `${truncate(last, CRUMB_LIMIT)}…` : last },
  ];
}
