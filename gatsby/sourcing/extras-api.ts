import type { StorefrontClient } from '../../src/storefront/client';
import { searchArticles } from '../../src/storefront/articles';
import { getHaulFeed } from '../../src/storefront/comments';
import { discoverCategory, getProduct, listMerchants } from '../../src/storefront/products';
import type { ExtrasSourceApi } from './fetch-extras';

/** The build's optional calls, through the storefront client modules. */
export function extrasSourceApi(client: StorefrontClient): ExtrasSourceApi {
  return {
    product: (id) => getProduct(client, id),
    merchants: () => listMerchants(client),
    articles: (count) => searchArticles(client, { f: 0, t: count }),
    categoryProducts: (id) => discoverCategory(client, [id]),
    categoryReviews: (id, size) => getHaulFeed(client, { category: id, delimiter: '0', size }),
    haulCursor: (size) => getHaulFeed(client, { category: '0', delimiter: '0', size }),
  };
}
