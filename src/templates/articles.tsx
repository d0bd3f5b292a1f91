import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import { ArticleCard } from '../components/listing/ArticleCard';
import type { ArticleView } from '../listing/types';
import { SITE_PAGES } from '../site-pages';
import { pageCrumb } from '../common/breadcrumb';

export interface ArticlesPageContext {
  articles: ArticleView[];
}

/** `/articles/` (spec section 2): featured articles from the content service's search. */
export default function ArticlesTemplate({ pageContext }: PageProps<object, ArticlesPageContext>) {
  const { articles } = pageContext;
  const page = SITE_PAGES.articles;
  return (
    <Layout>
      <PageHead title={page.name} description="海淘攻略、好物测评与选购指南。" path={page.path} />
      <Breadcrumb items={[pageCrumb(SITE_PAGES.home), { label: page.name }]} />
      <h1 className="lst-h1">{page.name}</h1>
      {articles.length ? (
        <div className="alist">
          {articles.map((a, i) => (
            <ArticleCard key={a.id} a={a} full eager={i < 2} />
          ))}
        </div>
      ) : (
        <p className="lst-empty">文章暂时无法显示，请稍后再来看看。</p>
      )}
    </Layout>
  );
}
