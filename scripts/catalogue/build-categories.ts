// Writes data/categories.json (the body of GET /api/v2/productcategories) from the table in
// ./source.ts, then runs the schema check on the result and refuses to write a bad file.
//
//   node --import tsx scripts/catalogue/build-categories.ts          write the file
//   node --import tsx scripts/catalogue/build-categories.ts --check  fail if the file is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateCatalogue } from '../../src/catalogue/validate';
import { buildCategories } from './build';

const file = resolve(__dirname, '../../data/categories.json');
const data = buildCategories();
const problems = validateCatalogue(data);
if (problems.length) {
  console.error(`catalogue source is invalid:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const text = `${JSON.stringify(data, null, 2)}\n`;
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== text) {
    console.error('data/categories.json is stale: run node --import tsx scripts/catalogue/build-categories.ts');
    process.exit(1);
  }
  console.log('data/categories.json is up to date');
} else {
  writeFileSync(file, text);
  const leaves = data.categories.reduce((n, t) => n + t.children.reduce((m, g) => m + g.children.length, 0), 0);
  console.log(`wrote ${file}: ${data.categories.length} groups, ${leaves} leaves`);
}
