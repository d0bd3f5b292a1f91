import * as React from 'react';
import { Link } from 'gatsby';
import type { CategoryLinkView } from '../../listing/types';
import { categoryPath, haulPath, homePath } from '../../paths';

export const EMPTY_CATEGORY_TEXT = '该分类暂无商品';

/**
 * A category page with neither products nor reviews (possible with a small demo data set):
 * say so, and lead on (issue 11, defect 9): the parent category, sibling categories that
 * have products, the review showcase and the home page.
 */
export function EmptyCategory({
  name,
  parent,
  siblings,
}: {
  name: string;
  parent: CategoryLinkView | null;
  siblings: CategoryLinkView[];
}) {
  return (
    <section className="lst-section cat-empty" aria-labelledby="cat-empty">
      <h2 id="cat-empty" className="lst-h2">
        {EMPTY_CATEGORY_TEXT}
      </h2>
      <p className="cat-empty__text">“{name}”下暂时还没有商品和晒单，先去看看这些吧：</p>
      <ul className="cat-empty__links">
        {parent && (
          <li>
            <Link to={categoryPath(parent.id)} data-rel="parent">
              返回上级分类：{parent.name}
            </Link>
          </li>
        )}
        <li>
          <Link to={haulPath()} data-rel="haul">
            逛逛买家晒单
          </Link>
        </li>
        <li>
          <Link to={homePath()} data-rel="home">
            返回首页
          </Link>
        </li>
      </ul>
      {siblings.length > 0 && (
        <nav className="cat-empty__siblings" aria-label="有商品的其他分类">
          <h3 className="cat-empty__h3">其他分类</h3>
          <ul>
            {siblings.map((c) => (
              <li key={c.id}>
                <Link to={categoryPath(c.id)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
