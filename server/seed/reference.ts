// The demo data's clock and price helpers, shared by the table generators (tables/*.ts).
import { round2 } from '../../src/review/format';
import { CURRENCY_SIGN } from './vocab';
import { Rng } from './prng';

/** "Now" of the demo data: 2025-07-01 00:00 China Standard Time. Never Date.now(). */
export const REFERENCE_DATE = Date.UTC(2025, 5, 30, 16, 0, 0);
export const DAY = 86_400_000;
export const MINUTE = 60_000;

/** An independent stream per part, so that e.g. the review count does not change the merchants. */
export function stream(seed: number, part: number): Rng {
  let h = (seed ^ Math.imul(part + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  return new Rng(h ^ (h >>> 13));
}

/** A product's price in yuan, rounded as the site rounds it (src/review/format.ts round2). */
export const yuanOf = (cents: number, rate: number) => round2((cents * rate) / 100);
export const json = (v: unknown) => JSON.stringify(v);

export function priceTag(cents: number, currency: keyof typeof CURRENCY_SIGN): string {
  return `${CURRENCY_SIGN[currency]}${(cents / 100).toFixed(2)}`;
}
