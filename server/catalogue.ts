// Server-side view of the category catalogue (data/categories.json, spec section 3).
// The site has its own typed loader in src/catalogue/; the server keeps a small private one so
// that it depends only on the file's shape, `{ categories: TopLevelGroup[] }`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CategoriesResponse, CategoryNode, TopLevelGroup } from '../src/storefront/wire/catalogue';

export const REPO_ROOT = resolve(__dirname, '..');
export const CATEGORIES_FILE = resolve(REPO_ROOT, 'data/categories.json');

export interface Leaf {
  id: string;
  term: string;
  displayTerm: string;
  /** Top-level group id ("8", "k", ...). */
  groupId: string;
  groupName: string;
  /** Second-level entry id. */
  parentId: string;
  parentDisplayTerm: string;
}

export interface Catalogue {
  file: string;
  /** sha256 of the file's bytes: recorded when seeding, to notice a changed catalogue. */
  hash: string;
  tree: TopLevelGroup[];
  leaves: Leaf[];
  leafById: Map<string, Leaf>;
  /** Leaf ids under any node id (the leaf itself for a leaf), or undefined if unknown. */
  leafIdsUnder(id: string): string[] | undefined;
  /** Display name of any node. */
  nameOf(id: string): string | undefined;
}

/** The file the server reads: data/categories.json (env CATEGORIES_FILE to override). */
export function defaultCategoriesFile(): string {
  return process.env.CATEGORIES_FILE ? resolve(process.env.CATEGORIES_FILE) : CATEGORIES_FILE;
}

export function readCatalogueFile(file = defaultCategoriesFile()): Catalogue {
  const raw = readFileSync(file);
  const parsed = JSON.parse(raw.toString('utf8')) as CategoriesResponse;
  if (!parsed || !Array.isArray(parsed.categories)) {
    throw new Error(`${file}: expected { categories: TopLevelGroup[] }`);
  }
  const tree = parsed.categories;
  const leaves: Leaf[] = [];
  const under = new Map<string, string[]>();
  const names = new Map<string, string>();
  const add = (id: string, leafId: string) => {
    const list = under.get(id) ?? [];
    list.push(leafId);
    under.set(id, list);
  };
  for (const group of tree) {
    names.set(String(group.id), group.name);
    under.set(String(group.id), under.get(String(group.id)) ?? []);
    for (const second of group.children ?? []) {
      const s: CategoryNode = second.category;
      names.set(s.id, s.displayTerm);
      under.set(s.id, under.get(s.id) ?? []);
      for (const leaf of second.children ?? []) {
        const c = leaf.category;
        names.set(c.id, c.displayTerm);
        leaves.push({
          id: c.id,
          term: c.term,
          displayTerm: c.displayTerm,
          groupId: String(group.id),
          groupName: group.name,
          parentId: s.id,
          parentDisplayTerm: s.displayTerm,
        });
        add(c.id, c.id);
        add(s.id, c.id);
        add(String(group.id), c.id);
      }
    }
  }
  return {
    file,
    hash: createHash('sha256').update(raw).digest('hex'),
    tree,
    leaves,
    leafById: new Map(leaves.map((l) => [l.id, l])),
    leafIdsUnder: (id) => under.get(id),
    nameOf: (id) => names.get(id),
  };
}
