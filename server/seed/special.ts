// Seeded hostile and malformed records (docs/server.md, "Hostile and malformed records").
// They sit at fixed review ids so the site's tests can target them; every data set with at
// least 60 reviews contains all of them, whatever the seed.
export const FIRST_REVIEW_ID = 5_000_001;
export const FIRST_PRODUCT_ID = 100_001;
export const FIRST_SKU_ID = 2_000_001;
export const FIRST_USER_ID = 300_001;
export const FIRST_REPLY_ID = 9_000_001;
export const FIRST_ARTICLE_ID = 701;

/** The user whose label carries HTML. */
export const HOSTILE_USER_ID = 300_000;
export const HOSTILE_USER_LABEL = '<b onmouseover="alert(1)">黑客小明</b><script>alert(3)</script>';

export const SPECIAL = {
  /** content is a script tag and an img onerror: must render as text. */
  scriptContent: 5_000_007,
  /** written by HOSTILE_USER_ID: userLabel is HTML. */
  htmlUserLabel: 5_000_013,
  /** pictures[0].full.url, .thumbnail.url and the feed item's image are `javascript:alert(1)`. */
  javascriptPicture: 5_000_021,
  /** sku is null (valid per contract: render without spec line and price). */
  nullSku: 5_000_034,
  /** three reviews with the same postedAt (keyset paging tie-break on id). */
  sameTime: [5_000_040, 5_000_041, 5_000_042] as const,
  /** content, productCommentLabel and userMedals are null (valid: render what is there). */
  nullFields: 5_000_044,
  /** MALFORMED: postedAt is the string "2024-02-30" instead of epoch ms: a build must skip it. */
  malformedPostedAt: 5_000_055,
} as const;

export const SCRIPT_CONTENT = '<script>alert(1)</script>好评！<img src=x onerror="alert(2)">';
export const JAVASCRIPT_URL = 'javascript:alert(1)';
export const MALFORMED_POSTED_AT = '2024-02-30';
/** The shared timestamp of SPECIAL.sameTime: 2025-03-08 12:00 CST. */
export const SAME_TIME = Date.UTC(2025, 2, 8, 4, 0, 0);

/** Overrides stored in reviews.overrides: merged over the wire objects when serving. */
export interface Overrides {
  review?: Record<string, unknown>;
  drop?: Record<string, unknown>;
}
