// Navigation built from the catalogue (spec section 2): the static navigation list, the
// desktop mega-menu and category breadcrumbs. Every link comes from src/paths.ts (site
// paths, without the /review prefix that Gatsby's <Link> adds).
import { categoryPath } from '../paths';
import { SITE_PAGES, linkTo } from '../site-pages';
import { getCategoryTrail, getChildren } from './tree';
import type { Catalogue, CatalogueEntry, MenuItem, NavLink } from './types';

export const HOME_NAME = SITE_PAGES.home.name;

const visible = (e: CatalogueEntry) => e.category.disabled !== true;

/**
 * Spec section 2, "Navigation list": home, then the top-level categories in catalogue order,
 * then merchants, haul, articles, about, help and privacy.
 */
export function buildNavigation(catalogue: Catalogue): NavLink[] {
  return navigationFromGroups(getChildren(catalogue, null).filter(visible));
}

/** The navigation list from the visible top-level groups alone (what the shell bundles). */
export function navigationFromGroups(groups: ReadonlyArray<{ id: string; name: string }>): NavLink[] {
  return [
    linkTo(SITE_PAGES.home),
    ...groups.map((g) => ({ name: g.name, path: categoryPath(g.id) })),
    ...[
      SITE_PAGES.merchants,
      SITE_PAGES.haul,
      SITE_PAGES.articles,
      SITE_PAGES.about,
      SITE_PAGES.help,
      SITE_PAGES.privacy,
    ].map(linkTo),
  ];
}

function toMenuItem(catalogue: Catalogue, entry: CatalogueEntry): MenuItem {
  return {
    id: entry.id,
    name: entry.name,
    path: categoryPath(entry.id),
    children: getChildren(catalogue, entry.id)
      .filter(visible)
      .map((c) => toMenuItem(catalogue, c)),
  };
}

/**
 * Spec section 2, "Shell": the desktop mega-menu. Each top-level group with its second-level
 * groups and their leaves, each linking to /category/{id}/. Disabled nodes are left out.
 */
export function buildMegaMenu(catalogue: Catalogue): MenuItem[] {
  return getChildren(catalogue, null)
    .filter(visible)
    .map((g) => toMenuItem(catalogue, g));
}

/** Breadcrumbs of a category page: home, then the trail from the top-level group down. */
export function buildCategoryBreadcrumbs(catalogue: Catalogue, id: string): NavLink[] {
  return [
    linkTo(SITE_PAGES.home),
    ...getCategoryTrail(catalogue, id).map((e) => ({ name: e.name, path: categoryPath(e.id) })),
  ];
}
