// The product hub's rating summary and filter counts (issue 22, "Product review hub"), counted
// from the product's reviews: the visible summary and the Product JSON-LD's aggregateRating
// are both made from one RatingSummary, so they cannot disagree.

/** Reviews per score: index 0 is 1 star, index 4 is 5 stars. */
export type ScoreHistogram = [number, number, number, number, number];

export interface RatingSummary {
  /** Mean of the 1-5 scores to one decimal (half up), null without any rated review. */
  average: number | null;
  /** Reviews with a 1-5 score (the histogram's sum). */
  count: number;
  histogram: ScoreHistogram;
}

export interface TagCount {
  tag: string;
  count: number;
}

/** What the hub's filter buttons show next to each filter (Taobao's 有图 and 大家印象). */
export interface ReviewFacets {
  /** Every review of the product (rated or not). */
  total: number;
  /** Reviews with a picture or a video. */
  media: number;
  /** Word tags, most frequent first (ties: first seen first). */
  tags: TagCount[];
}

export const TAG_FACET_LIMIT = 12;

/** A satisfaction score as its star bucket 1..5, or null when it is not a 1-5 number. */
export function scoreBucket(score: number | null | undefined): 1 | 2 | 3 | 4 | 5 | null {
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 1 || score > 5) return null;
  return Math.round(score) as 1 | 2 | 3 | 4 | 5;
}

export function ratingSummary(scores: Iterable<number | null | undefined>): RatingSummary {
  const histogram: ScoreHistogram = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const s of scores) {
    const b = scoreBucket(s);
    if (b == null) continue;
    histogram[b - 1]++;
    sum += b;
    count++;
  }
  // Integer arithmetic: sum * 10 / count rounded, so 4.45 is never 4.4 by float error.
  const average = count ? Math.round((sum * 10) / count) / 10 : null;
  return { average, count, histogram };
}

/** The average as shown and as JSON-LD's ratingValue: one decimal ("4.0"). */
export const formatAverage = (average: number) => average.toFixed(1);

export function reviewFacets(
  reviews: Iterable<{ tags: readonly string[]; hasMedia: boolean }>,
  tagLimit = TAG_FACET_LIMIT,
): ReviewFacets {
  let total = 0;
  let media = 0;
  const tags = new Map<string, number>();
  for (const r of reviews) {
    total++;
    if (r.hasMedia) media++;
    for (const t of new Set(r.tags)) tags.set(t, (tags.get(t) ?? 0) + 1);
  }
  return {
    total,
    media,
    tags: [...tags.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, tagLimit)
      .map(([tag, count]) => ({ tag, count })),
  };
}
