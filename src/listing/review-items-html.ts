// A product hub's review list as HTML (issue 40, docs/architecture.md "Next: islands", step 5):
// the one drawing of a hub's review cards. The server renders it into the list's slot
// (ProductReviews), React sets it there when its list changes, and before React has hydrated
// the hub the filter's plain script (../components/listing/review-filter-early.ts) draws the
// list a tapped filter picked with it, so the shopper sees that list without waiting for the
// runtime. Every text and attribute is escaped here; every URL passes safeUrl again.
import escapeHtml from 'escape-html';
import { safeUrl } from '../common/safe-url';
import { PATH_PREFIX, reviewPath } from '../paths';
import { filledStars, formatPostedDate, likesText, relatedText } from '../review/format';
import type { ProductReviewItem } from './types';

const e = escapeHtml;

/** A reviewer's 32 px avatar, or the empty placeholder of the same size (as Avatar). */
function avatar(src: string | null): string {
  const url = safeUrl(src);
  return url
    ? `<img class="preview__avatar" src="${e(url)}" alt="" width="32" height="32" loading="lazy" decoding="async">`
    : '<span class="preview__avatar" aria-hidden="true"></span>';
}

/** The score as five stars, the first n filled (as Stars); nothing without a score. */
function stars(score: number | null): string {
  const n = filledStars(score);
  if (n === 0) return '';
  let s = '';
  for (let i = 0; i < 5; i++) s += `<span class="${i < n ? 'star star--on' : 'star'}" aria-hidden="true">★</span>`;
  return `<span class="stars" role="img" aria-label="满意度 ${n} 星（满分 5 星）" data-filled="${n}">${s}</span>`;
}

/** A positive integer attribute (a picture's size), or 1. */
const dim = (n: number) => (Number.isFinite(n) && n > 0 ? Math.round(n) : 1);

function item(r: ProductReviewItem): string {
  const date = formatPostedDate(r.postedAt);
  const tags = r.tags.length ? `<ul class="preview__tags">${r.tags.map((t) => `<li>${e(t)}</li>`).join('')}</ul>` : '';
  const imgs = r.images
    .map((img, i) => [safeUrl(img.url), img, i] as const)
    .filter(([url]) => url)
    .map(
      ([url, img, i]) =>
        `<li><img src="${e(url!)}" alt="晒单图片${i + 1}" width="${dim(img.width)}" height="${dim(img.height)}" loading="lazy" decoding="async"></li>`,
    )
    .join('');
  return (
    `<li class="preview" data-comment-id="${e(r.id)}" data-likes="${Number(r.likes) || 0}">` +
    `<div class="preview__head">${avatar(r.userAvatar)}` +
    `<span class="preview__user">${e(r.userLabel ?? '匿名用户')}</span>${stars(r.score)}` +
    (date ? `<time class="preview__date" datetime="${e(date)}">${e(date)}</time>` : '') +
    '</div>' +
    (r.spec ? `<p class="preview__spec">${e(r.spec)}</p>` : '') +
    `<p class="preview__text">${e(relatedText(r.content))}</p>${tags}` +
    (imgs ? `<ul class="preview__imgs">${imgs}</ul>` : '') +
    `<div class="preview__foot"><span class="preview__likes">♥ ${e(likesText(r.likes))}</span>` +
    `<a class="preview__link" href="${e(PATH_PREFIX + reviewPath(r.productId, r.id))}">查看晒单详情 ›</a></div>` +
    '</li>'
  );
}

/**
 * What the list's slot holds: the cards, or 暂无评价 when there are none, or nothing while the
 * first page of a filter is on its way (the 加载中… below the slot says so).
 */
export function reviewItemsHtml(items: readonly ProductReviewItem[], loading: boolean): string {
  if (items.length) return `<ul class="previews__list">${items.map(item).join('')}</ul>`;
  return loading ? '' : '<p class="lst-empty">暂无评价</p>';
}
