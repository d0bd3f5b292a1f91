// Writes src/catalogue/nav-top.json: the top-level groups (id, Chinese name) the shell
// renders on every page. The shell imports this small file instead of the whole catalogue,
// which would put ~90 KB of category data into every page's JavaScript; the full mega-menu
// is loaded on demand. tests/unit/catalogue/nav-top.test.ts fails when it is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { getCatalogue, getTopLevelGroups } from '../../src/catalogue';

export const NAV_TOP_FILE = path.resolve(__dirname, '..', '..', 'src', 'catalogue', 'nav-top.json');

export function navTop() {
  return getTopLevelGroups(getCatalogue())
    .filter((g) => g.category.disabled !== true)
    .map((g) => ({ id: g.id, name: g.name }));
}

if (require.main === module) {
  fs.writeFileSync(NAV_TOP_FILE, `${JSON.stringify(navTop(), null, 2)}\n`);
  console.log(`wrote ${NAV_TOP_FILE}`);
}
