// App configuration and the home page's article search.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppConfig } from '../../src/storefront/wire/app-config';
import { ArticlesQuery, ArticlesResponse } from '../../src/storefront/wire/articles';
import { checkWindow } from './window';
import { EXCHANGE_RATES } from '../seed/vocab';
import { siteConfig } from '../../src/site-config';

export const contentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/appconfig', { schema: { response: { 200: AppConfig } } }, async () => ({
    siteName: siteConfig.siteName,
    brandName: siteConfig.brandName,
    giftPackageYuan: siteConfig.giftPackageYuan,
    appDownloadUrl: siteConfig.qr.appDownload,
    customerServiceUrl: siteConfig.customerServiceChat,
    defaultPraise: siteConfig.defaultPraise,
    exchangeRates: EXCHANGE_RATES,
    commentPageSize: 10,
    haulPageSize: 10,
    hotSearchWords: ['防晒', '鱼油', '运动鞋', '羊绒大衣', '降噪耳机', '奶粉'],
    features: { likes: true, smsSignIn: true, wechatSignIn: false },
  }));

  app.get(
    '/v1/content/articles/search',
    { schema: { querystring: ArticlesQuery, response: { 200: ArticlesResponse } } },
    async (req) => {
      const { offset, limit } = checkWindow(req.query.f, req.query.t, 100);
      const tags = (req.query.tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      return app.repos.articles.search({ offset, limit, withBanner: req.query.withbanner, tags });
    },
  );
};
