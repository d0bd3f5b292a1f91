import { articlesPath, merchantsPath } from '../../src/paths';
import type { ArticleView, MerchantView } from '../../src/listing/types';
import type { ArticlesPageContext } from '../../src/templates/articles';
import type { MerchantsPageContext } from '../../src/templates/merchants';
import type { PageActions, TemplateOf } from './types';

/** `/merchants/`: the featured merchants (empty list when the optional call failed). */
export function createMerchantsPage(actions: PageActions, template: TemplateOf, merchants: MerchantView[]): void {
  const context: MerchantsPageContext = { merchants };
  actions.createPage({ path: merchantsPath(), component: template('merchants'), context: { ...context } });
}

/** `/articles/`: the featured articles with their text. */
export function createArticlesPage(actions: PageActions, template: TemplateOf, articles: ArticleView[]): void {
  const context: ArticlesPageContext = { articles };
  actions.createPage({ path: articlesPath(), component: template('articles'), context: { ...context } });
}
