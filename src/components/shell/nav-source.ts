// Where the shell gets its navigation: the catalogue's navigation model (src/catalogue),
// built once per bundle. Kept in one file so the header and footer never walk the tree.
import { buildMegaMenu, buildNavigation, getCatalogue, type MenuItem, type NavLink } from '../../catalogue';

let menu: MenuItem[] | undefined;
let nav: NavLink[] | undefined;

/** Top-level groups with their sub-categories and children (desktop mega-menu). */
export const getMegaMenu = (): MenuItem[] => (menu ??= buildMegaMenu(getCatalogue()));

/** The spec's navigation list: home, top-level categories, then the site pages. */
export const getNavigation = (): NavLink[] => (nav ??= buildNavigation(getCatalogue()));
