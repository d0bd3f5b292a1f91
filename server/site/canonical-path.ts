// One URL per file (issue 25, F3): the site server answers only canonical paths. A path with
// repeated slashes (/review/P/C//, /review//P/C/) used to reach the takedown check raw, miss
// it, and then be normalised to the review's page, so a taken-down review answered 200. Every
// route of the site checks this first: repeated slashes in the URL as sent are redirected to
// the collapsed path (whose request then meets every check); repeated slashes that appear only
// once decoded (%2F) are refused.

export type PathVerdict = { kind: 'canonical' } | { kind: 'redirect'; path: string } | { kind: 'refuse' };

/** `raw`: the path as sent (percent-encoded), `decoded`: the same path decoded. */
export function checkCanonical(raw: string, decoded: string): PathVerdict {
  if (!decoded.includes('//')) return { kind: 'canonical' };
  const collapsed = raw.replace(/\/{2,}/g, '/');
  return collapsed === raw ? { kind: 'refuse' } : { kind: 'redirect', path: collapsed };
}
