import { getChildren, type Catalogue } from '../../src/catalogue';
import { homePath } from '../../src/paths';
import type { HomePageContext } from '../../src/templates/home';
import type { ArticleView } from '../../src/listing/types';
import type { BuildIndex } from './build-index';
import type { PageActions, TemplateOf } from './types';
import { leadWithUseful } from '../../src/review/quality';

const HOME_LATEST = 20;
const HOME_ARTICLES = 4;

/** Articles in a list: the body is left out (only the articles page shows it). */
const articleTeaser = (a: ArticleView): ArticleView => ({ ...a, paragraphs: [] });

/** `/`: the ten top-level groups with their sub-groups, the latest reviews, featured articles. */
export function createHomePage(
  actions: PageActions,
  template: TemplateOf,
  input: {
    catalogue: Catalogue;
    index: BuildIndex;
    articles: ArticleView[];
  },
): void {
  const visible = (e: { category: { disabled?: boolean } }) => e.category.disabled !== true;
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
    // The newest reviews, those with a picture or video first (issue 22).
    latest: leadWithUseful(input.index.builtFeed.slice(0, HOME_LATEST), (r) => !r.image),
    articles: input.articles.slice(0, HOME_ARTICLES).map(articleTeaser),
  };
  actions.createPage({ path: homePath(), component: template('home'), context: { ...context } });
}
