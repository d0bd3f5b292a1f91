import * as React from 'react';
import { Link, type PageProps } from 'gatsby';
import { HydrateLater } from '../components/common/HydrateLater';
import { Layout } from '../components/shell/Layout';
import { PageHead } from '../components/listing/PageHead';
import { ReviewGrid } from '../components/listing/ReviewCard';
import { ArticleCard, FeaturedArticle } from '../components/listing/ArticleCard';
import { ListingSection } from '../components/listing/ListingSection';
import type { RelatedView } from '../review/view';
import type { ArticleView, CategoryLinkView } from '../listing/types';
import { categoryPath, homePath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { siteConfig } from '../site-config';

export interface HomePageContext {
  groups: Array<CategoryLinkView & { children: CategoryLinkView[] }>;
  /** What people bought: reviews with pictures first, newest and most liked (gatsby/pages/home.ts). */
  latest: RelatedView[];
  /** Featured articles, with their banners when the API has them. */
  articles: ArticleView[];
}

/**
 * Home (spec section 2; issue 44): it opens on what people bought, a waterfall of buyers'
 * photos linking to their reviews and on to the showcase; then the featured articles with their
 * banners; then the categories, compact.
 */
export default function HomeTemplate({ pageContext }: PageProps<object, HomePageContext>) {
  const { groups, latest, articles } = pageContext;
  const { haul } = SITE_PAGES;
  return (
    <Layout>
      <PageHead title="真实海淘买家晒单" path={homePath()} image={latest.find((r) => r.image)?.image ?? null} />
      <h1 className="visually-hidden">{siteConfig.siteName}</h1>
      {/* Hydrated when near the viewport or touched (issue 26); the HTML shows at once. */}
      <HydrateLater>
        <ListingSection id="home-latest" title="大家买了什么" more={{ to: haul.path, text: `更多${haul.name} ›` }}>
          {latest.length ? (
            <ReviewGrid items={latest} waterfall eagerFirst={4} label="买家晒单" />
          ) : (
            <p className="lst-empty">暂无晒单</p>
          )}
          {latest.length > 0 && (
            <Link className="morebtn home-latest__more" to={haul.path}>
              看更多{haul.name}
            </Link>
          )}
        </ListingSection>
        {articles.length > 0 && (
          <ListingSection
            id="home-articles"
            title={SITE_PAGES.articles.name}
            more={{ to: SITE_PAGES.articles.path, text: '更多文章 ›' }}
          >
            {articles.some((a) => a.banner) ? (
              <ul className="home-banners">
                {articles.map((a) => (
                  <li key={a.id}>
                    <FeaturedArticle a={a} />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="alist alist--grid">
                {articles.map((a) => (
                  <ArticleCard key={a.id} a={a} />
                ))}
              </div>
            )}
          </ListingSection>
        )}
        <ListingSection id="home-cats" title="商品分类" className="home-cats">
          <ul className="home-cats__list">
            {groups.map((g) => (
              <li key={g.id} className="home-cats__group" data-category-id={g.id}>
                <Link className="home-cats__name" to={categoryPath(g.id)}>
                  {g.name}
                </Link>
                {g.children.length > 0 && (
                  <ul className="home-cats__subs">
                    {g.children.map((c) => (
                      <li key={c.id}>
                        <Link to={categoryPath(c.id)}>{c.name}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </ListingSection>
      </HydrateLater>
    </Layout>
  );
}
