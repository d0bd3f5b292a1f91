// The site's side of a takedown (issue 13, "Instant takedown"): a taken-down review's page and
// its page data answer 410 Gone before any rebuild removes them, whatever the release holds.
// The page data matters as much as the page: a returning visitor's service worker answers the
// navigation with its app shell, which then asks the network for the page data (NetworkFirst in
// gatsby-config.ts); the 410 there makes the page say the review is gone (src/review/gone.ts).
import { ID_SOURCE } from '../../src/common/coerce';
import { unbuiltReviewIds } from '../../src/review/unbuilt';

export type TakenDown = (productId: string, commentId: string) => boolean;

// The one site-URL id pattern (src/common/coerce.ts): bounded, no backtracking.
const PAGE_FILE = new RegExp(`^/(${ID_SOURCE})/(${ID_SOURCE})/index\\.html$`);
const PAGE_DATA = new RegExp(`^/page-data/(${ID_SOURCE})/(${ID_SOURCE})/page-data\\.json$`);

/**
 * Which of a review's URLs a decoded site path (after /review) is: its page (with or without
 * the trailing slash, or its index.html) or its page data; null for any other path.
 */
export function reviewUrlKind(
  sitePath: string,
): { kind: 'page' | 'page-data'; productId: string; commentId: string } | null {
  const data = PAGE_DATA.exec(sitePath);
  if (data) return { kind: 'page-data', productId: data[1], commentId: data[2] };
  const file = PAGE_FILE.exec(sitePath);
  const ids = file ? unbuiltReviewIds(`/${file[1]}/${file[2]}/`) : unbuiltReviewIds(sitePath);
  return ids ? { kind: 'page', ...ids } : null;
}

/** The page a taken-down review's URL shows: no scripts, nothing kept, never indexed. */
export const GONE_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>这条晒单已被下架 - 海淘晒单</title></head>
<body><main><h1>这条晒单已被下架</h1><p><a href="/review/">返回首页</a></p></main></body></html>
`;
