import type { StorefrontClient } from '../../src/storefront/client';
import { searchArticles } from '../../src/storefront/articles';
import { getHaulFeed } from '../../src/storefront/comments';
import {
  discoverCategory,
  getDomesticShipping,
  getProduct,
  getSizeChart,
  listMerchants,
  translateProduct,
} from '../../src/storefront/products';
import type { ExtrasSourceApi } from './fetch-extras';

/** The build's optional calls, through the storefront client modules. */
export function extrasSourceApi(client: StorefrontClient): ExtrasSourceApi {
  return {
    // With its promotion and group buy (issue 45: shown beside the price).
    product: (id) => getProduct(client, id, { promo: true, groupBuy: true }),
    sizeChart: (id) => getSizeChart(client, id),
    translation: (id) => translateProduct(client, id),
    domesticShipping: (merchantId) => getDomesticShipping(client, merchantId),
    merchants: () => listMerchants(client),
    articles: (count) => searchArticles(client, { f: 0, t: count }),
    featuredArticles: (count) => searchArticles(client, { f: 0, t: count, withbanner: true }),
    // The category variant (cids, f=0, t=15) without a price filter: the app's default range
    // '0-100' yuan would hide most of a category's products (docs/server.md, discover `pr`).
    categoryProducts: (id) => discoverCategory(client, [id], { pr: '-' }),
    categoryReviews: (id, size) => getHaulFeed(client, { category: id, delimiter: '0', size }),
    haulCursor: (size) => getHaulFeed(client, { category: '0', delimiter: '0', size }),
  };
}
