import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { Breadcrumb } from '../components/common/Breadcrumb';
import { PageHead } from '../components/listing/PageHead';
import type { MerchantView } from '../listing/types';
import { SITE_PAGES } from '../site-pages';
import { pageCrumb } from '../common/breadcrumb';

export interface MerchantsPageContext {
  merchants: MerchantView[];
}

/** `/merchants/` (spec section 2): featured merchants with logo, name, country, description. */
export default function MerchantsTemplate({ pageContext }: PageProps<object, MerchantsPageContext>) {
  const { merchants } = pageContext;
  const page = SITE_PAGES.merchants;
  return (
    <Layout>
      <PageHead
        title={page.name}
        description="海外官方直邮的精选商家：百货、品牌官网与专营店，正品保证。"
        path={page.path}
      />
      <Breadcrumb items={[pageCrumb(SITE_PAGES.home), { label: page.name }]} />
      <h1 className="lst-h1">{page.name}</h1>
      {merchants.length ? (
        <ul className="mlist">
          {merchants.map((m) => (
            <li key={m.id} className="mcard" data-merchant-id={m.id}>
              <span className="mcard__logo">
                {m.logo ? (
                  <img src={m.logo} alt={`${m.name} 标志`} width={96} height={96} loading="lazy" decoding="async" />
                ) : (
                  <span aria-hidden="true">{Array.from(m.name)[0]}</span>
                )}
              </span>
              <div className="mcard__body">
                <h2 className="mcard__name">
                  {m.name}
                  {m.nameEn && (
                    <span className="mcard__en" lang="en">
                      {m.nameEn}
                    </span>
                  )}
                </h2>
                <p className="mcard__meta">
                  {m.country && <span className="mcard__country">{m.country}</span>}
                  {m.productCount != null && <span>{m.productCount}件商品</span>}
                </p>
                {m.description && <p className="mcard__desc">{m.description}</p>}
                {m.website && (
                  <a className="mcard__link" href={m.website} target="_blank" rel="noopener noreferrer nofollow">
                    访问商家官网 ›
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="lst-empty">商家信息暂时无法显示，请稍后再来看看。</p>
      )}
    </Layout>
  );
}
