// Loader: validates the wire tree once and indexes it by id. Every lookup in this folder
// takes the resulting Catalogue, so they stay pure and work the same in the browser bundle,
// the Gatsby build and the scripts. (The reference server reads the file with its own small
// loader, server/catalogue.ts readCatalogueFile.)
import type { CategoriesResponse, CategoryNode, TopLevelGroup } from '../storefront/types';
import type { Catalogue, CatalogueEntry, CategoryLevel } from './types';
import { validateCatalogue } from './validate';

export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `invalid category catalogue (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
    this.name = 'CatalogueError';
  }
}

/** Validates `data` (the body of GET /api/v2/productcategories) and indexes it; throws CatalogueError. */
export function loadCatalogue(data: unknown): Catalogue {
  const problems = validateCatalogue(data);
  if (problems.length) throw new CatalogueError(problems);
  return indexCatalogue((data as CategoriesResponse).categories);
}

function groupNode(group: TopLevelGroup): CategoryNode {
  // The spec gives a top-level group only id, name and children; when the node is missing
  // we synthesise one and keep it out of search suggestions (nothing says it is wanted there).
  return (
    group.category ?? {
      id: group.id,
      parentId: null,
      term: '',
      displayTerm: group.name,
      mappingTerm: group.name,
      searchRecommend: false,
    }
  );
}

function indexCatalogue(groups: TopLevelGroup[]): Catalogue {
  const byId = new Map<string, CatalogueEntry>();
  const add = (category: CategoryNode, level: CategoryLevel, name: string, childIds: string[]) =>
    byId.set(category.id, { id: category.id, parentId: category.parentId, level, name, category, childIds });
  for (const group of groups) {
    add(
      groupNode(group),
      1,
      group.name,
      group.children.map((s) => s.category.id),
    );
    for (const second of group.children) {
      add(
        second.category,
        2,
        second.category.displayTerm,
        second.children.map((l) => l.category.id),
      );
      for (const leaf of second.children) add(leaf.category, 3, leaf.category.displayTerm, []);
    }
  }
  return { groups, byId };
}
