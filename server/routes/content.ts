// App configuration and the home page's article search.
import type { FastifyPluginAsync } from 'fastify';
import { checkWindow } from '../schemas/common';
import { ArticlesQuery } from '../schemas/articles';
import { EXCHANGE_RATES } from '../seed/vocab';
import { siteConfig } from '../../src/site-config';

export const contentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/appconfig', async () => ({
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

  app.get<{ Querystring: ArticlesQuery }>('/v1/content/articles/search', { schema: { querystring: ArticlesQuery } }, async (req) => {
    const { offset, limit } = checkWindow(req.query.f, req.query.t, 100);
    const tags = (req.query.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    return app.repos.articles.search({ offset, limit, withBanner: req.query.withbanner, tags });
  });
};
