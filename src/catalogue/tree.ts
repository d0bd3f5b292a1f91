// Tree walk over a loaded catalogue: node by id, path from the root, children, leaves.
import type { Catalogue, CatalogueEntry } from './types';

export function getCategory(catalogue: Catalogue, id: string): CatalogueEntry | undefined {
  return catalogue.byId.get(id);
}

/**
 * The entries from the top-level group down to `id` included (breadcrumbs, the open branch
 * of the mega-menu). Empty for an unknown id.
 */
export function getCategoryTrail(catalogue: Catalogue, id: string): CatalogueEntry[] {
  const trail: CatalogueEntry[] = [];
  for (let e = catalogue.byId.get(id); e; e = e.parentId === null ? undefined : catalogue.byId.get(e.parentId)) {
    trail.unshift(e);
  }
  return trail;
}

/** Children of `id` in catalogue order; `null` gives the top-level groups. */
export function getChildren(catalogue: Catalogue, id: string | null): CatalogueEntry[] {
  const ids = id === null ? catalogue.groups.map((g) => g.id) : (catalogue.byId.get(id)?.childIds ?? []);
  return ids.map((c) => catalogue.byId.get(c)).filter((e): e is CatalogueEntry => e !== undefined);
}

export function getTopLevelGroups(catalogue: Catalogue): CatalogueEntry[] {
  return getChildren(catalogue, null);
}

/** Every leaf category (third level), in catalogue order. */
export function getLeafCategories(catalogue: Catalogue): CatalogueEntry[] {
  return [...catalogue.byId.values()].filter((e) => e.level === 3);
}

/** Every entry of the subtree under `id` (itself included), in catalogue order. */
export function getDescendants(catalogue: Catalogue, id: string): CatalogueEntry[] {
  const root = catalogue.byId.get(id);
  if (!root) return [];
  return [root, ...root.childIds.flatMap((c) => getDescendants(catalogue, c))];
}
