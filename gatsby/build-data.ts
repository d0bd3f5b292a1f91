// Data sourced in onPreInit (before Gatsby touches public/) and read by createPages, in the
// same process. Kept in memory: about 3 KB per review, plus the optional extras (view models
// only: a few hundred bytes per product).
import type { SourcedReviews } from './sourcing/fetch-reviews';
import type { SourcedExtras } from './sourcing/fetch-extras';

export interface BuildData extends SourcedReviews {
  apiUrl: string;
  extras: SourcedExtras;
}

let data: BuildData | null = null;

export const setBuildData = (d: BuildData) => {
  data = d;
};
export function getBuildData(): BuildData {
  if (!data) throw new Error('Build data missing: onPreInit (gatsby/on-pre-init.ts) did not run or failed');
  return data;
}
