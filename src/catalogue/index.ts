// The category catalogue: typed loader and pure lookups over data/categories.json
// (see docs/catalogue.md).
export type { Catalogue, CatalogueEntry, CategoryLevel, MenuItem, NavLink } from './types';
export { ID_DIGITS, childId, extendsParent } from './ids';
export { validateCatalogue } from './validate';
export { CatalogueError, loadCatalogue } from './load';
export { getCatalogue, categoriesData } from './data';
export {
  getCategory,
  getCategoryTrail,
  getChildren,
  getDescendants,
  getLeafCategories,
  getTopLevelGroups,
} from './tree';
export { DEFAULT_WEIGHT_POUNDS, defaultShippingWeight, getShippingWeight, type ShippingWeight } from './weight';
export { isSuggestible, normaliseSearchText, suggestCategories } from './suggest';
export {
  HOME_NAME,
  buildCategoryBreadcrumbs,
  buildMegaMenu,
  buildNavigation,
  navigationFromGroups,
} from './navigation';
