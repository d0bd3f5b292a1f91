// Schema check of the catalogue (the body of GET /api/v2/productcategories, spec section 3).
// Returns the list of problems, empty when the data is sound. It runs on untyped input (a
// file, a server answer), so it never throws. The build script, the loader and the tests
// all use it.
import { extendsParent } from './ids';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const HAN = /\p{Script=Han}/u;

interface Placed {
  node: Json;
  where: string;
  /** Id of the entry the node is listed under (null for a top-level group's own node). */
  containerId: string | null;
  level: 1 | 2 | 3;
  rootCategoryId?: unknown;
  /** Expected rootCategoryId: the top-level id for a second-level entry, the own id for a leaf. */
  expectedRoot?: string;
}

export function validateCatalogue(data: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(data) || !Array.isArray(data.categories)) {
    return ['catalogue: expected an object { categories: TopLevelGroup[] }'];
  }
  const placed: Placed[] = [];

  data.categories.forEach((group, gi) => {
    const gw = `categories[${gi}]`;
    if (!isObject(group)) return void problems.push(`${gw}: not an object`);
    const gid = typeof group.id === 'string' ? group.id : undefined;
    const label = gid ? `${gw} (id ${gid})` : gw;
    if (gid === undefined || !extendsParent(gid, null))
      problems.push(`${label}: top-level id must be one digit 0-9 or a-z`);
    if (typeof group.name !== 'string' || !HAN.test(group.name)) problems.push(`${label}: missing Chinese name`);
    if (group.category !== undefined) {
      if (isObject(group.category) && group.category.id !== group.id) {
        problems.push(`${label}: category.id ${String(group.category.id)} differs from the group id`);
      }
      placed.push({ node: group.category as Json, where: `${gw}.category`, containerId: null, level: 1 });
    }
    if (!Array.isArray(group.children)) return void problems.push(`${label}: children must be an array`);

    group.children.forEach((second, si) => {
      const sw = `${gw}.children[${si}]`;
      if (!isObject(second)) return void problems.push(`${sw}: not an object`);
      placed.push({
        node: second.category as Json,
        where: sw,
        containerId: gid ?? null,
        level: 2,
        rootCategoryId: second.rootCategoryId,
        expectedRoot: gid,
      });
      const sid = isObject(second.category) && typeof second.category.id === 'string' ? second.category.id : null;
      if (!Array.isArray(second.children)) return void problems.push(`${sw}: children must be an array`);

      second.children.forEach((leaf, li) => {
        const lw = `${sw}.children[${li}]`;
        if (!isObject(leaf)) return void problems.push(`${lw}: not an object`);
        const lid = isObject(leaf.category) && typeof leaf.category.id === 'string' ? leaf.category.id : undefined;
        placed.push({
          node: leaf.category as Json,
          where: lw,
          containerId: sid,
          level: 3,
          rootCategoryId: leaf.rootCategoryId,
          expectedRoot: lid,
        });
        if (Array.isArray(leaf.children) ? leaf.children.length > 0 : leaf.children !== undefined) {
          problems.push(`${lw}: the catalogue has three levels; a leaf cannot have children`);
        }
      });
    });
  });

  // Every id in the data, for the duplicate and dangling-parent checks. A top-level group
  // sent without its own node still counts by its group id.
  const allIds = new Set<string>();
  for (const g of data.categories) if (isObject(g) && typeof g.id === 'string') allIds.add(g.id);
  for (const p of placed) if (isObject(p.node) && typeof p.node.id === 'string') allIds.add(p.node.id);

  const seen = new Map<string, string>();
  data.categories.forEach((g, gi) => {
    if (isObject(g) && typeof g.id === 'string') {
      if (seen.has(g.id)) problems.push(`categories[${gi}] (id ${g.id}): duplicate id, also at ${seen.get(g.id)}`);
      else seen.set(g.id, `categories[${gi}]`);
    }
  });

  for (const p of placed) problems.push(...checkNode(p, allIds, seen));
  return problems;
}

function checkNode(p: Placed, allIds: Set<string>, seen: Map<string, string>): string[] {
  const out: string[] = [];
  const n = p.node;
  if (!isObject(n)) return [`${p.where}: category must be an object`];
  const id = typeof n.id === 'string' && n.id !== '' ? n.id : undefined;
  const at = id ? `${p.where} (id ${id})` : p.where;
  if (id === undefined) out.push(`${at}: id must be a non-empty string`);

  // A top-level group's own node shares the group's id: that is not a duplicate.
  if (id !== undefined && p.level > 1) {
    if (seen.has(id)) out.push(`${at}: duplicate id, also at ${seen.get(id)}`);
    else seen.set(id, p.where);
  }

  if (n.parentId !== p.containerId) {
    if (typeof n.parentId === 'string' && !allIds.has(n.parentId)) {
      out.push(`${at}: dangling parentId ${n.parentId} (no such category)`);
    } else {
      out.push(`${at}: parentId ${JSON.stringify(n.parentId)} but listed under ${JSON.stringify(p.containerId)}`);
    }
  }
  if (id !== undefined && p.containerId !== null && !extendsParent(id, p.containerId)) {
    out.push(`${at}: id does not extend its parent's id ${p.containerId} by one digit`);
  }
  if (id !== undefined && p.level === 1 && !extendsParent(id, null)) {
    out.push(`${at}: top-level id must be one digit`);
  }

  if (typeof n.term !== 'string' || n.term.trim() === '') out.push(`${at}: missing English term`);
  if (typeof n.displayTerm !== 'string' || !HAN.test(n.displayTerm))
    out.push(`${at}: missing Chinese name (displayTerm)`);
  if (typeof n.mappingTerm !== 'string' || n.mappingTerm.trim() === '') out.push(`${at}: missing mappingTerm`);
  if (typeof n.searchRecommend !== 'boolean') out.push(`${at}: searchRecommend must be a boolean`);
  // `disabled` may be absent (spec section 9 lists such nodes), but not anything else.
  if (n.disabled !== undefined && typeof n.disabled !== 'boolean')
    out.push(`${at}: disabled must be a boolean or absent`);
  if (n.weightInPounds !== undefined) {
    const w = n.weightInPounds;
    if (typeof w !== 'number' || !Number.isFinite(w)) out.push(`${at}: weightInPounds must be a number`);
    else if (w < 0) out.push(`${at}: negative weight ${w}`);
  }

  if (p.level > 1 && p.rootCategoryId !== p.expectedRoot) {
    const rule = p.level === 3 ? "a leaf's own id" : 'its top-level group id';
    out.push(
      `${at}: rootCategoryId ${JSON.stringify(p.rootCategoryId)} should be ${rule} ${JSON.stringify(p.expectedRoot)}`,
    );
  }
  return out;
}
