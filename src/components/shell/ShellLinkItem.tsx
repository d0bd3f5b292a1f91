import * as React from 'react';
import { Link } from 'gatsby';
import type { ShellLink } from './nav-links';

/** One shell link: Gatsby's <Link> inside the site, a new-tab <a> for external pages. */
export function ShellLinkItem({ link }: { link: ShellLink }) {
  return link.external ? (
    <a href={link.path} target="_blank" rel="noopener">
      {link.name}
    </a>
  ) : (
    <Link to={link.path}>{link.name}</Link>
  );
}
