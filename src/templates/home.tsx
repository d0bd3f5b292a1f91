import * as React from 'react';
import { Link, type PageProps } from 'gatsby';
import { HydrateLater } from '../components/common/HydrateLater';
import { Layout } from '../components/shell/Layout';
import { PageHead } from '../components/listing/PageHead';
import { ReviewGrid } from '../components/listing/ReviewCard';
import { ArticleCard } from '../components/listing/ArticleCard';
import { ListingSection } from '../components/listing/ListingSection';
import type { RelatedView } from '../review/view';
import type { ArticleView, CategoryLinkView } from '../listing/types';
import { categoryPath, homePath } from '../paths';
import { SITE_PAGES } from '../site-pages';
import { siteConfig } from '../site-config';

export interface HomePageContext {
  groups: Array<CategoryLinkView & { children: CategoryLinkView[] }>;
  latest: RelatedView[];
  articles: ArticleView[];
}

/** Home (spec section 2): entry to the categories, the latest reviews, featured articles. */
export default function HomeTemplate({ pageContext }: PageProps<object, HomePageContext>) {
  const { groups, latest, articles } = pageContext;
  const { haul } = SITE_PAGES;
  return (
    <Layout>
      <PageHead title="真实海淘买家晒单" path={homePath()} image={latest.find((r) => r.image)?.image ?? null} />
      <h1 className="visually-hidden">{siteConfig.siteName}</h1>
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
      {/* Under the categories on phones: hydrated when near the viewport (issue 26). */}
      <HydrateLater>
        <ListingSection id="home-latest" title="最新晒单" more={{ to: haul.path, text: `${haul.name} ›` }}>
          {latest.length ? (
            <ReviewGrid items={latest} eagerFirst={4} label="最新晒单" />
          ) : (
            <p className="lst-empty">暂无晒单</p>
          )}
        </ListingSection>
        {articles.length > 0 && (
          <ListingSection
            id="home-articles"
            title={SITE_PAGES.articles.name}
            more={{ to: SITE_PAGES.articles.path, text: '更多文章 ›' }}
          >
            <div className="alist alist--grid">
              {articles.map((a) => (
                <ArticleCard key={a.id} a={a} />
              ))}
            </div>
          </ListingSection>
        )}
      </HydrateLater>
    </Layout>
  );
}
