// Data sourced in onPreInit (before Gatsby touches public/) and read by createPages, in the
// same process. Kept in memory: about 3 KB per review.
import type { SourcedReviews } from './sourcing/fetch-reviews';

export interface BuildData extends SourcedReviews {
  apiUrl: string;
}

let data: BuildData | null = null;

export const setBuildData = (d: BuildData) => { data = d; };
export function getBuildData(): BuildData {
  if (!data) throw new Error('Build data missing: onPreInit (gatsby/on-pre-init.ts) did not run or failed');
  return data;
}
