// Issue 11, defect 9, on the built site (default data set, scripts/build-site.ts): no category
// page is a dead end. Every one of the catalogue's pages lists products, or says in Chinese that
// it has none and links onward (parent category, review showcase, home); at the default size
// every page lists products.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { getCatalogue } from '../../src/catalogue';
import { EMPTY_CATEGORY_TEXT } from '../../src/components/listing/EmptyCategory';
import { categoryPath, haulPath, homePath, withPrefix } from '../../src/paths';
import { PUBLIC_DIR, siteMissing } from './helpers/site';

const catalogue = getCatalogue();
const htmlOf = (id: string) => {
  const file = path.join(PUBLIC_DIR, categoryPath(id), 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};
/** The page's own content, without the shell (menus and footers link to categories too). */
const mainOf = (html: string) => html.slice(html.indexOf('data-category-id='));
const productCards = (html: string) => (mainOf(html).match(/class="pcard"/g) ?? []).length;
/** The empty state's own block: its links count, not the breadcrumb's or the footer's. */
const emptyStateOf = (html: string) =>
  /<section class="lst-section cat-empty"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const linksTo = (block: string, sitePath: string) => block.includes(`href="${withPrefix(sitePath)}"`);

describe('category pages of the built site', { skip: siteMissing }, () => {
  test('every page lists products or says it has none in Chinese, with links onward', () => {
    const deadEnds: string[] = [];
    for (const entry of catalogue.byId.values()) {
      const html = htmlOf(entry.id);
      assert.ok(html, `${categoryPath(entry.id)} was built`);
      if (productCards(html) > 0) continue;
      const block = emptyStateOf(html);
      const onward =
        block.includes(EMPTY_CATEGORY_TEXT) &&
        linksTo(block, haulPath()) &&
        linksTo(block, homePath()) &&
        (entry.parentId === null || linksTo(block, categoryPath(entry.parentId)));
      if (!onward) deadEnds.push(entry.id);
    }
    assert.deepEqual(deadEnds, [], `${deadEnds.length} of ${catalogue.byId.size} category pages are empty dead ends`);
  });

  test('at the default size every category page, leaves included, lists products', () => {
    const empty = [...catalogue.byId.keys()].filter((id) => productCards(htmlOf(id) ?? '') === 0);
    assert.deepEqual(empty, [], `${empty.length} of ${catalogue.byId.size} category pages without products`);
  });
});
