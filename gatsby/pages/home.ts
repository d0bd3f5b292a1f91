import { getChildren, type Catalogue } from '../../src/catalogue';
import { homePath } from '../../src/paths';
import type { HomePageContext } from '../../src/templates/home';
import type { ArticleView } from '../../src/listing/types';
import type { RelatedView } from '../../src/review/view';
import type { BuildIndex } from './build-index';
import type { PageActions, TemplateOf } from './types';
import { isThinFeedItem } from '../../src/review/quality';

const HOME_PICKS = 20;
const HOME_ARTICLES = 4;

/** Articles in a list: the body is left out (only the articles page shows it). */
const articleTeaser = (a: ArticleView): ArticleView => ({ ...a, paragraphs: [] });

/**
 * What people bought (issue 44): reviews with a picture or video first, the newest and the
 * most liked in turn (each once), then, on a small site, the newest of the rest with text of
 * their own; never a thin one. `feed` is newest first.
 */
export function homePicks(feed: readonly RelatedView[], n = HOME_PICKS): RelatedView[] {
  const media = feed.filter((r) => r.image && !isThinFeedItem(r));
  const newest = media.slice(0, n);
  // The n most liked (equal likes: newer first), without sorting the whole feed.
  const liked: RelatedView[] = [];
  for (const r of media) {
    if (liked.length === n && r.likes <= liked[n - 1].likes) continue;
    let i = liked.length;
    while (i > 0 && liked[i - 1].likes < r.likes) i--;
    liked.splice(i, 0, r);
    if (liked.length > n) liked.pop();
  }
  const out: RelatedView[] = [];
  const seen = new Set<string>();
  const add = (r: RelatedView | undefined) => {
    if (r && out.length < n && !seen.has(r.commentId)) {
      seen.add(r.commentId);
      out.push(r);
    }
  };
  for (let i = 0; i < n && out.length < n; i++) {
    add(newest[i]);
    add(liked[i]);
  }
  for (const r of feed) {
    if (out.length >= n) break;
    if (!isThinFeedItem(r)) add(r);
  }
  return out;
}

/**
 * `/` (issue 44): what people bought first (a waterfall of reviews with pictures), the featured
 * articles with their banners, then the ten top-level groups with their sub-groups, compact.
 */
export function createHomePage(
  actions: PageActions,
  template: TemplateOf,
  input: {
    catalogue: Catalogue;
    index: BuildIndex;
    articles: ArticleView[];
    /** Articles with a banner (the article search with `withbanner`); else the first articles. */
    featured?: ArticleView[];
  },
): void {
  const visible = (e: { category: { disabled?: boolean } }) => e.category.disabled !== true;
  const featured = input.featured?.length ? input.featured : input.articles;
  const context: HomePageContext = {
    groups: getChildren(input.catalogue, null)
      .filter(visible)
      .map((g) => ({
        id: g.id,
        name: g.name,
        children: getChildren(input.catalogue, g.id)
          .filter(visible)
          // All of them (issue 22: 母婴童装 and 珠宝配饰 were cut to 8 without a "more").
          .map((c) => ({ id: c.id, name: c.name })),
      })),
    latest: homePicks(input.index.builtFeed),
    articles: featured.slice(0, HOME_ARTICLES).map(articleTeaser),
  };
  actions.createPage({ path: homePath(), component: template('home'), context: { ...context } });
}
