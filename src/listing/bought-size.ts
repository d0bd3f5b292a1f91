// The size a reviewer bought, as a row of the product's size chart (issue 45: the review page's
// product box marks it). The review's sku names its size (`sku.size.name`, spec section 3); the
// chart's rows start with the sizes the merchant sells. Both are the merchant's words for the
// same size, written by hand: "m" and "M", "US7" and "US 7", "L码" and "L", a full-width "Ｌ".
// Those are read as one size; nothing else is guessed (a "7" is not "US 7", "均码" is no row):
// a size the chart does not name marks nothing, and neither does a review without a size.
import type { SizeChartView } from './facts';

/** Characters of a size read (a chart cell is at most MAX_CELL long; a sku's size is short too). */
const MAX_SIZE = 40;

/** A size as compared: NFKC (full-width folded), no spaces, upper case, no trailing 码 / 号. */
export function sizeKey(size: string): string {
  return size
    .slice(0, MAX_SIZE)
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/[码號号]$/, '');
}

/**
 * The chart's row label (its first cell, as the chart writes it) of the size bought, or null:
 * no chart, no size, or a size the chart does not list.
 */
export function boughtSize(chart: SizeChartView | null | undefined, size: string | null | undefined): string | null {
  if (!chart || !size) return null;
  const key = sizeKey(size);
  if (!key) return null;
  return chart.rows.find((r) => sizeKey(r[0]) === key)?.[0] ?? null;
}
