import * as React from 'react';
import { Link } from 'gatsby';
import type { MenuItem } from '../../catalogue';

/** The open group's sub-categories and their children, each linking to /category/{id}/. */
export function MegaPanel({ group }: { group: MenuItem }) {
  return (
    <div className="mega__inner">
      <Link to={group.path} className="mega__all">
        全部{group.name} ›
      </Link>
      <div className="mega__cols">
        {group.children.map((sub) => (
          <div className="mega__col" key={sub.id}>
            <Link to={sub.path} className="mega__sub">
              {sub.name}
            </Link>
            {sub.children.length > 0 && (
              <ul className="mega__leaves">
                {sub.children.map((leaf) => (
                  <li key={leaf.id}>
                    <Link to={leaf.path}>{leaf.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
