// The catalogue as the site sees it: the wire tree (src/storefront/types.ts) plus an index by
// id, built once by loadCatalogue(). Lookups take a Catalogue and are pure.
import type { CategoryNode, TopLevelGroup } from '../storefront/types';

/** 1: top-level group, 2: second-level group, 3: leaf category. */
export type CategoryLevel = 1 | 2 | 3;

export interface CatalogueEntry {
  id: string;
  parentId: string | null;
  level: CategoryLevel;
  /** Chinese name: a top-level group's `name`, otherwise the node's `displayTerm`. */
  name: string;
  /** The wire node (synthesised from id and name for a top-level group sent without one). */
  category: CategoryNode;
  childIds: readonly string[];
}

export interface Catalogue {
  /** The tree as received, in the server's order. */
  groups: readonly TopLevelGroup[];
  /** Every node by id, in tree (pre-)order. */
  byId: ReadonlyMap<string, CatalogueEntry>;
  /**
   * Pinyin initials of the suggestible nodes' Chinese names, by id (data/category-initials.json,
   * made with the catalogue: scripts/catalogue/initials.ts). Absent: suggestions match text only.
   */
  initials?: ReadonlyMap<string, readonly string[]>;
}

/** A link of the navigation list, footer or breadcrumb; `path` is a site path (src/paths.ts). */
export interface NavLink {
  name: string;
  path: string;
}

/** One item of the desktop mega-menu, with its sub-items (none for leaves). */
export interface MenuItem {
  id: string;
  name: string;
  path: string;
  children: MenuItem[];
}
