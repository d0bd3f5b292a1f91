// Writes data/categories.json (the body of GET /api/v2/productcategories) from the table in
// ./source.ts, then runs the schema check on the result and refuses to write a bad file; and
// data/category-initials.json, the pinyin initials search suggestions match (./initials.ts).
//
//   node --import tsx scripts/catalogue/build-categories.ts          write the files
//   node --import tsx scripts/catalogue/build-categories.ts --check  fail if a file is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateCatalogue } from '../../src/catalogue/validate';
import { buildCategories } from './build';
import { buildInitials } from './initials';

const file = resolve(__dirname, '../../data/categories.json');
const initialsFile = resolve(__dirname, '../../data/category-initials.json');
const data = buildCategories();
const problems = validateCatalogue(data);
if (problems.length) {
  console.error(`catalogue source is invalid:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const text = `${JSON.stringify(data, null, 2)}\n`;
const initialsText = `${JSON.stringify(buildInitials(data), null, 2)}\n`;
if (process.argv.includes('--check')) {
  for (const [f, t] of [
    [file, text],
    [initialsFile, initialsText],
  ] as const) {
    if (readFileSync(f, 'utf8') !== t) {
      console.error(`${f} is stale: run node --import tsx scripts/catalogue/build-categories.ts`);
      process.exit(1);
    }
  }
  console.log('data/categories.json and data/category-initials.json are up to date');
} else {
  writeFileSync(file, text);
  writeFileSync(initialsFile, initialsText);
  const leaves = data.categories.reduce((n, t) => n + t.children.reduce((m, g) => m + g.children.length, 0), 0);
  console.log(`wrote ${file}: ${data.categories.length} groups, ${leaves} leaves`);
}
