// Shared helpers of the catalogue tests: the real data file, a fresh deep copy to break, and
// lookup of a node by its Chinese trail ('女装/上装/T恤'), which reads like the spec.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getCatalogue } from '../../../src/catalogue';
import type { CatalogueEntry } from '../../../src/catalogue';
import type { CategoriesResponse } from '../../../src/storefront/types';

const file = resolve(__dirname, '../../../data/categories.json');
const text = readFileSync(file, 'utf8');

export const realData = (): CategoriesResponse => JSON.parse(text) as CategoriesResponse;
export const catalogue = getCatalogue();
export const entries = (): CatalogueEntry[] => [...catalogue.byId.values()];

export function trailOf(e: CatalogueEntry): string {
  const names: string[] = [];
  for (let x: CatalogueEntry | undefined = e; x; x = x.parentId === null ? undefined : catalogue.byId.get(x.parentId)) {
    names.unshift(x.name);
  }
  return names.join('/');
}

/** The one entry at a Chinese trail; throws when there is none or more than one. */
export function at(trail: string): CatalogueEntry {
  const found = entries().filter((e) => trailOf(e) === trail);
  if (found.length !== 1) throw new Error(`${found.length} categories at ${trail}`);
  return found[0];
}
