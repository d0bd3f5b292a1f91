// Pure display rules of the review page (spec sections 5 and 9). Each cites its rule.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { siteConfig } from '../site-config';

dayjs.extend(utc);
dayjs.extend(timezone);

export const CHINA_ZONE = 'Asia/Shanghai';
export const FULL_WIDTH_BAR = '｜';
export const SHORT_TITLE_LIMIT = 12;
export const ALT_TEXT_LIMIT = 120;
export const SIMILAR_PRODUCTS_LIMIT = 9;

/** Numbers are rounded to 2 decimals (spec section 5), half away from zero. */
export function round2(n: number): number {
  const sign = n < 0 ? -1 : 1;
  return (sign * Math.round((Math.abs(n) + Number.EPSILON) * 100)) / 100;
}

/**
 * Price only when cents exist: cents x exchange rate / 100, two decimals, yen sign
 * (spec section 5; contract "Money"). A missing rate counts as 1 (price already in yuan).
 */
export function formatPrice(cents: number | null | undefined, rate?: number | null): string | null {
  const yuan = priceYuan(cents, rate);
  return yuan == null ? null : `¥${yuan}`;
}

/** Colour, size and width joined with a full-width bar, empty parts skipped (spec section 5). */
export function specLine(parts: Array<string | null | undefined>): string {
  return parts
    .map((p) => (typeof p === 'string' ? p.trim() : ''))
    .filter((p) => p.length > 0)
    .join(FULL_WIDTH_BAR);
}

/** Whether a text contains the default-praise phrase of auto-reviews. */
export function isDefaultPraise(content: string | null | undefined): boolean {
  return !!content && content.includes(siteConfig.defaultPraise);
}

/**
 * The review content is a short title only when non-empty, shorter than 12 characters
 * (counted as user-perceived characters, so an emoji counts once) and free of the
 * default-praise phrase (spec section 5).
 */
export function shortTitle(content: string | null | undefined): string | null {
  const text = (content ?? '').trim();
  if (!text || isDefaultPraise(text)) return null;
  return Array.from(text).length < SHORT_TITLE_LIMIT ? text : null;
}

/** First n user-perceived characters. */
export function truncate(text: string, n: number): string {
  const chars = Array.from(text);
  return chars.length <= n ? text : chars.slice(0, n).join('');
}

/** Gallery alt text: the first 120 characters of the content (spec section 5). */
export function altText(content: string | null | undefined, fallback = '晒单图片'): string {
  const text = (content ?? '').replace(/\s+/g, ' ').trim();
  return text ? truncate(text, ALT_TEXT_LIMIT) : fallback;
}

/** Asia/Shanghai has kept UTC+8 without daylight saving since 1992-01-01 (this instant, UTC). */
export const CHINA_FIXED_OFFSET_SINCE = Date.UTC(1992, 0, 1);

/**
 * `postedAt` formatted in the Asia/Shanghai zone. Since 1992 the zone is a fixed +08:00, so the
 * wall time is the UTC time of `postedAt + 8 h`, formatted in dayjs's UTC mode: no Intl
 * formatter (the timezone plugin's first use cost ~100 ms of the review page's hydration on a
 * throttled phone CPU, docs/benchmarks.md) and nothing from the machine's own zone (dayjs's
 * utcOffset() shifts by an hour near the host's DST changes). Earlier instants (China's
 * 1986-1991 summer time) go through the timezone plugin. `pattern` must not use Z or ZZ.
 */
function formatInChina(postedAt: number, pattern: string): string {
  return postedAt >= CHINA_FIXED_OFFSET_SINCE
    ? dayjs.utc(postedAt + 8 * 3_600_000).format(pattern)
    : dayjs(postedAt).tz(CHINA_ZONE).format(pattern);
}

/** Posted date as YYYY-MM-DD in China Standard Time, whatever the machine's zone. */
export function formatPostedDate(postedAt: number | null | undefined): string | null {
  if (typeof postedAt !== 'number' || !Number.isFinite(postedAt)) return null;
  return formatInChina(postedAt, 'YYYY-MM-DD');
}

/** ISO 8601 time with the +08:00 offset, for JSON-LD and <time datetime>. */
export function isoChinaTime(postedAt: number | null | undefined): string | null {
  if (typeof postedAt !== 'number' || !Number.isFinite(postedAt)) return null;
  if (postedAt < CHINA_FIXED_OFFSET_SINCE) return dayjs(postedAt).tz(CHINA_ZONE).format('YYYY-MM-DDTHH:mm:ssZ');
  return `${formatInChina(postedAt, 'YYYY-MM-DDTHH:mm:ss')}+08:00`;
}

/** Like count; the word for like when zero or missing (spec section 5). */
export function likesText(likes: number | null | undefined): string {
  return typeof likes === 'number' && likes > 0 ? String(likes) : '赞';
}

/** Satisfaction score clamped to 0..5 filled stars (spec section 3: 1-5). */
export function filledStars(score: number | null | undefined): number {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 0;
  return Math.max(0, Math.min(5, Math.round(score)));
}

/** Related review text falls back to the default-praise text (spec section 5). */
export function relatedText(content: string | null | undefined): string {
  const text = (content ?? '').trim();
  return text || siteConfig.defaultPraise;
}

/**
 * Sku names are "{product}|{variant}" (spec section 3, "Sku"): the product is the part before
 * the first "|"; a name without "|" is the product name as a whole (issue 11, defect 2).
 * Empty when the name is missing.
 */
export function productName(name: string | null | undefined): string {
  const n = (name ?? '').trim();
  const i = n.indexOf('|');
  return i >= 0 ? n.slice(0, i).trim() || n.slice(i + 1).trim() : n;
}

/** The variant part of a sku name (after the first "|"); null when the name has none. */
export function variantName(name: string | null | undefined): string | null {
  const n = (name ?? '').trim();
  const i = n.indexOf('|');
  if (i < 0 || !n.slice(0, i).trim()) return null;
  return n.slice(i + 1).trim() || null;
}

/** The reviewer as shown on the page; the same word in the head and the structured data. */
export const ANONYMOUS_LABEL = '匿名用户';
export function reviewerLabel(userLabel: string | null | undefined): string {
  const label = (userLabel ?? '').replace(/\s+/g, ' ').trim();
  return label || ANONYMOUS_LABEL;
}

/** Shown price in yuan as a decimal string (cents x rate / 100, two decimals), or null. */
export function priceYuan(cents: number | null | undefined, rate?: number | null): string | null {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return null;
  const r = typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : 1;
  return round2((cents * r) / 100).toFixed(2);
}
