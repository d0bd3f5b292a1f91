// The schema check: the real file passes, and every kind of defect is flagged on a broken copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CatalogueError, loadCatalogue, validateCatalogue } from '../../../src/catalogue';
import type { CategoriesResponse, CategoryNode, LeafEntry, SecondLevelEntry } from '../../../src/storefront/types';
import { buildCategories } from '../../../scripts/catalogue/build';
import { buildInitials, initialsOf, wordsOf } from '../../../scripts/catalogue/initials';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { realData } from './helpers';

const second = (d: CategoriesResponse, g: number, s: number): SecondLevelEntry => d.categories[g].children[s];
const leaf = (d: CategoriesResponse, g: number, s: number, l: number): LeafEntry =>
  d.categories[g].children[s].children[l];

/** Breaks a fresh copy of the real data and returns the problems found. */
function problemsAfter(breakIt: (d: CategoriesResponse) => void): string[] {
  const d = realData();
  breakIt(d);
  return validateCatalogue(d);
}

function assertFlagged(breakIt: (d: CategoriesResponse) => void, pattern: RegExp) {
  const problems = problemsAfter(breakIt);
  assert.ok(
    problems.some((p) => pattern.test(p)),
    `expected a problem matching ${pattern}, got ${JSON.stringify(problems)}`,
  );
}

test('the real data file passes the schema check', () => {
  assert.deepEqual(validateCatalogue(realData()), []);
  assert.doesNotThrow(() => loadCatalogue(realData()));
});

test('the committed data file is exactly what the generator produces (not edited by hand)', () => {
  assert.deepEqual(realData(), JSON.parse(JSON.stringify(buildCategories())));
});

test('data/category-initials.json is what the generator makes from data/categories.json (not stale)', () => {
  const committed: unknown = JSON.parse(
    readFileSync(resolve(__dirname, '../../../data/category-initials.json'), 'utf8'),
  );
  assert.deepEqual(committed, JSON.parse(JSON.stringify(buildInitials(realData()))));
});

test('pinyin initials: one letter per Chinese character, polyphones as the word reads, Latin kept', () => {
  assert.equal(initialsOf('口红'), 'kh');
  assert.equal(initialsOf('长裤'), 'ck'); // chang, not zhang
  assert.equal(initialsOf('银行卡'), 'yhk'); // hang, not xing
  assert.equal(initialsOf('行李箱'), 'xlx');
  assert.equal(initialsOf('T恤'), 'tx');
  assert.equal(initialsOf('３C数码'), '3csm'); // full-width digit
  assert.equal(initialsOf('Tea'), ''); // no Chinese: matched as text
  assert.deepEqual(wordsOf('太阳镜 墨镜').map(initialsOf), ['tyj', 'mj']); // each word of a search text
  assert.deepEqual(wordsOf('面霜 / 乳液、精华').map(initialsOf), ['ms', 'ry', 'jh']);
});

test('flags a body that is not { categories: [...] }', () => {
  for (const bad of [null, [], {}, { categories: {} }, 'x']) {
    assert.equal(validateCatalogue(bad).length, 1, JSON.stringify(bad));
  }
});

test('flags a duplicate id (leaf, second-level and top-level)', () => {
  assertFlagged((d) => {
    const l = leaf(d, 0, 0, 1);
    l.category.id = '800';
    l.rootCategoryId = '800';
  }, /\(id 800\): duplicate id/);
  assertFlagged((d) => {
    const s = second(d, 0, 1);
    s.category.id = '80';
    for (const l of s.children) l.category.parentId = '80';
  }, /\(id 80\): duplicate id/);
  assertFlagged((d) => {
    d.categories[1].id = '8';
  }, /\(id 8\): duplicate id/);
});

test("flags an id that does not extend its parent's id", () => {
  assertFlagged((d) => {
    const l = leaf(d, 0, 0, 0);
    l.category.id = '900x';
    l.rootCategoryId = '900x';
  }, /does not extend its parent's id 80/);
  assertFlagged((d) => {
    const l = leaf(d, 0, 0, 0);
    l.category.id = '8z';
    l.rootCategoryId = '8z';
  }, /does not extend its parent's id 80/);
  assertFlagged((d) => {
    const l = leaf(d, 0, 0, 0);
    l.category.id = '80A';
    l.rootCategoryId = '80A';
  }, /does not extend/);
  assertFlagged((d) => {
    d.categories[0].id = '88';
  }, /top-level id must be one digit/);
});

test('flags a dangling parentId and a parentId that names another node', () => {
  assertFlagged((d) => {
    leaf(d, 0, 0, 0).category.parentId = 'zz';
  }, /\(id 800\): dangling parentId zz/);
  assertFlagged((d) => {
    second(d, 2, 0).category.parentId = 'q';
  }, /\(id e0\): dangling parentId q/);
  assertFlagged((d) => {
    leaf(d, 0, 0, 0).category.parentId = '81';
  }, /\(id 800\): parentId "81" but listed under "80"/);
  assertFlagged((d) => {
    d.categories[0].category!.parentId = '9';
  }, /\(id 8\): parentId "9" but listed under null/);
});

test('flags a missing Chinese name', () => {
  assertFlagged((d) => {
    leaf(d, 0, 0, 0).category.displayTerm = '';
  }, /\(id 800\): missing Chinese name/);
  assertFlagged((d) => {
    delete (leaf(d, 0, 0, 0).category as Partial<CategoryNode>).displayTerm;
  }, /\(id 800\): missing Chinese name/);
  assertFlagged((d) => {
    second(d, 0, 0).category.displayTerm = 'Coats';
  }, /\(id 80\): missing Chinese name/);
  assertFlagged((d) => {
    d.categories[3].name = '';
  }, /\(id b\): missing Chinese name/);
});

test('flags a negative or non-numeric weight', () => {
  assertFlagged((d) => {
    leaf(d, 0, 1, 0).category.weightInPounds = -0.5;
  }, /\(id 810\): negative weight -0.5/);
  assertFlagged((d) => {
    (second(d, 0, 0).category as unknown as Record<string, unknown>).weightInPounds = '3';
  }, /\(id 80\): weightInPounds must be a number/);
  assertFlagged((d) => {
    second(d, 0, 0).category.weightInPounds = Number.NaN;
  }, /weightInPounds must be a number/);
});

test('flags a wrong rootCategoryId on a leaf (must be its own id) and a second-level entry (its top-level id)', () => {
  assertFlagged((d) => {
    leaf(d, 0, 0, 0).rootCategoryId = '80';
  }, /\(id 800\): rootCategoryId "80" should be a leaf's own id "800"/);
  assertFlagged((d) => {
    delete (leaf(d, 0, 0, 0) as Partial<LeafEntry>).rootCategoryId;
  }, /\(id 800\): rootCategoryId undefined/);
  assertFlagged((d) => {
    second(d, 0, 0).rootCategoryId = '80';
  }, /\(id 80\): rootCategoryId "80" should be its top-level group id "8"/);
});

test('flags wrongly typed flags and missing texts, but accepts an absent disabled flag', () => {
  assertFlagged((d) => {
    (leaf(d, 0, 0, 0).category as unknown as Record<string, unknown>).searchRecommend = 'yes';
  }, /searchRecommend must be a boolean/);
  assertFlagged((d) => {
    (leaf(d, 0, 0, 0).category as unknown as Record<string, unknown>).disabled = 0;
  }, /disabled must be a boolean or absent/);
  assertFlagged((d) => {
    leaf(d, 0, 0, 0).category.term = ' ';
  }, /missing English term/);
  assertFlagged((d) => {
    leaf(d, 0, 0, 0).category.mappingTerm = '';
  }, /missing mappingTerm/);
  assert.deepEqual(
    problemsAfter((d) => {
      delete leaf(d, 0, 0, 0).category.disabled;
    }),
    [],
  );
});

test('flags structural defects: a leaf with children, children that are not arrays', () => {
  assertFlagged((d) => {
    (leaf(d, 0, 0, 0) as unknown as { children: unknown[] }).children = [{}];
  }, /a leaf cannot have children/);
  assertFlagged((d) => {
    (second(d, 0, 0) as unknown as { children: unknown }).children = null;
  }, /children must be an array/);
  assertFlagged((d) => {
    (d.categories[0] as unknown as { children: unknown }).children = {};
  }, /children must be an array/);
  assertFlagged((d) => {
    (second(d, 0, 0) as unknown as { category: unknown }).category = null;
  }, /category must be an object/);
});

test('loadCatalogue throws a CatalogueError that lists the problems', () => {
  const d = realData();
  leaf(d, 0, 0, 0).category.weightInPounds = -1;
  leaf(d, 0, 0, 1).category.displayTerm = '';
  assert.throws(
    () => loadCatalogue(d),
    (e: unknown) => {
      assert.ok(e instanceof CatalogueError);
      assert.equal(e.problems.length, 2);
      assert.match(e.message, /negative weight/);
      return true;
    },
  );
});
