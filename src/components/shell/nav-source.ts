// Where the shell gets its navigation. Every page bundles only the top-level groups
// (src/catalogue/nav-top.json, generated from the catalogue); the full mega-menu (all
// sub-categories and leaves) is a separate chunk loaded when a menu first opens, so the
// category data never weighs on a page's first load.
import { navigationFromGroups } from '../../catalogue/navigation';
import type { MenuItem, NavLink } from '../../catalogue/types';
import { categoryPath } from '../../paths';
import topGroups from '../../catalogue/nav-top.json';

let nav: NavLink[] | undefined;
let top: MenuItem[] | undefined;
let full: Promise<MenuItem[]> | undefined;

/** Top-level groups, without children (the desktop nav's first row). */
export const getTopMenu = (): MenuItem[] =>
  (top ??= topGroups.map((g) => ({ id: g.id, name: g.name, path: categoryPath(g.id), children: [] })));

/** Top-level groups with their sub-categories and children (desktop mega-menu), on demand. */
export const loadMegaMenu = (): Promise<MenuItem[]> => (full ??= import('./mega-menu-data').then((m) => m.megaMenu()));

/** The spec's navigation list: home, top-level categories, then the site pages. */
export const getNavigation = (): NavLink[] => (nav ??= navigationFromGroups(topGroups));
