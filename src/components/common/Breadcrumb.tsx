import * as React from 'react';
import { Link } from 'gatsby';

import type { Crumb } from '../../common/breadcrumb';

export type { Crumb };

/**
 * Breadcrumb trail; the last crumb is the current page and is not a link. Pages with
 * structured data describe the same list as a BreadcrumbList (src/common/breadcrumb.ts).
 */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="面包屑导航">
      <ol>
        {items.map((c, i) => (
          <li key={i}>
            {c.to && i < items.length - 1 ? (
              <Link to={c.to}>{c.label}</Link>
            ) : (
              <span aria-current="page">{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
