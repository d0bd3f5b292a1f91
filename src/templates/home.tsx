import * as React from 'react';
import { Link, type PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { PageHead } from '../components/listing/PageHead';
import { ReviewGrid } from '../components/listing/ReviewCard';
import { ArticleCard } from '../components/listing/ArticleCard';
import type { RelatedView } from '../review/view';
import type { ArticleView, CategoryLinkView } from '../listing/types';
import { articlesPath, categoryPath, haulPath, homePath } from '../paths';
import { siteConfig } from '../site-config';

export interface HomePageContext {
  groups: Array<CategoryLinkView & { children: CategoryLinkView[] }>;
  latest: RelatedView[];
  articles: ArticleView[];
}

/** Home (spec section 2): entry to the categories, the latest reviews, featured articles. */
export default function HomeTemplate({ pageContext }: PageProps<object, HomePageContext>) {
  const { groups, latest, articles } = pageContext;
  return (
    <Layout>
      <PageHead title="真实海淘买家晒单" path={homePath()} />
      <h1 className="visually-hidden">{siteConfig.siteName}</h1>
      <section className="lst-section home-cats" aria-labelledby="home-cats">
        <h2 id="home-cats" className="lst-h2">商品分类</h2>
        <ul className="home-cats__list">
          {groups.map((g) => (
            <li key={g.id} className="home-cats__group" data-category-id={g.id}>
              <Link className="home-cats__name" to={categoryPath(g.id)}>{g.name}</Link>
              {g.children.length > 0 && (
                <ul className="home-cats__subs">
                  {g.children.map((c) => <li key={c.id}><Link to={categoryPath(c.id)}>{c.name}</Link></li>)}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="lst-section" aria-labelledby="home-latest">
        <div className="lst-head">
          <h2 id="home-latest" className="lst-h2">最新晒单</h2>
          <Link className="lst-more" to={haulPath()}>晒单广场 ›</Link>
        </div>
        {latest.length ? <ReviewGrid items={latest} eagerFirst={4} label="最新晒单" /> : <p className="lst-empty">暂无晒单</p>}
      </section>
      {articles.length > 0 && (
        <section className="lst-section" aria-labelledby="home-articles">
          <div className="lst-head">
            <h2 id="home-articles" className="lst-h2">精选文章</h2>
            <Link className="lst-more" to={articlesPath()}>更多文章 ›</Link>
          </div>
          <div className="alist alist--grid">
            {articles.map((a) => <ArticleCard key={a.id} a={a} />)}
          </div>
        </section>
      )}
    </Layout>
  );
}
