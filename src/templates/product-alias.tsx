import * as React from 'react';
import { Link, navigate, type PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { PageHead } from '../components/listing/PageHead';
import { aliasProductId, homePath, productPath } from '../paths';

/**
 * `/product/{id}` (spec section 2) leads to the product page /pd/{id}/: a client-only page
 * (matchPath /product/:id) that replaces the URL. The site server also redirects it.
 */
export default function ProductAliasTemplate({ location }: PageProps) {
  const [id, setId] = React.useState<string | null | undefined>(undefined);
  React.useEffect(() => {
    const found = aliasProductId(location.pathname);
    setId(found);
    if (found) void navigate(productPath(found), { replace: true });
  }, [location.pathname]);
  return (
    <Layout>
      <PageHead title="商品详情" noindex />
      <p className="lst-empty" role="status">
        {id === null ? (
          <>
            未找到该商品，<Link to={homePath()}>返回首页</Link>
          </>
        ) : id ? (
          <>
            正在打开商品页… <Link to={productPath(id)}>点此前往</Link>
          </>
        ) : (
          '正在打开商品页…'
        )}
      </p>
    </Layout>
  );
}
