// Every string in every wire schema (src/storefront/wire/, shared by the client and the
// reference server's routes) has a maxLength and every array a maxItems
// (issue 12, item 1; developers' guide: "every input bounded"). A bounded length is what keeps
// any pattern cheap: ajv checks maxLength before pattern, so no input longer than the bound
// ever reaches a regular expression.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const DIR = join(__dirname, '..', '..', '..', 'src', 'storefront', 'wire');

type Node = Record<string, unknown>;
const isSchema = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paths (module.export.path) of unbounded strings and arrays under `schema`. */
export function unbounded(schema: unknown, at: string, out: string[] = [], seen = new Set<unknown>()): string[] {
  if (!isSchema(schema) || seen.has(schema)) return out;
  seen.add(schema);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  // A const or an enum is bounded by its values.
  const fixed = 'const' in schema || Array.isArray(schema.enum);
  if (types.includes('string') && !fixed && typeof schema.maxLength !== 'number')
    out.push(`${at}: string without maxLength`);
  if (types.includes('array') && typeof schema.maxItems !== 'number') out.push(`${at}: array without maxItems`);
  for (const [k, v] of Object.entries(schema.properties ?? {})) unbounded(v, `${at}.${k}`, out, seen);
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) {
    const v = schema[key];
    if (Array.isArray(v)) v.forEach((s, i) => unbounded(s, `${at}.${key}[${i}]`, out, seen));
    else unbounded(v, `${at}.${key}`, out, seen);
  }
  for (const key of ['anyOf', 'allOf', 'oneOf', 'prefixItems']) {
    const v = schema[key];
    if (Array.isArray(v)) v.forEach((s, i) => unbounded(s, `${at}.${key}[${i}]`, out, seen));
  }
  for (const [k, v] of Object.entries((schema.patternProperties ?? {}) as Node)) unbounded(v, `${at}[${k}]`, out, seen);
  return out;
}

test('the walker finds unbounded strings and arrays (it can fail)', () => {
  const bad = {
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: 'array', items: { anyOf: [{ type: 'string', maxLength: 1 }, { type: 'string' }] } },
    },
  };
  assert.deepEqual(unbounded(bad, 'x'), [
    'x.a: string without maxLength',
    'x.b: array without maxItems',
    'x.b.items.anyOf[1]: string without maxLength',
  ]);
  assert.deepEqual(unbounded({ type: 'string', const: 'zh-CN' }, 'y'), []);
});

test('every string in src/storefront/wire/ has maxLength, every array maxItems', async () => {
  // The wire schemas, and the editors' API schemas beside them (server/editor/schemas.ts,
  // server/builds/types.ts).
  const files = [
    ...readdirSync(DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(DIR, f)),
    join(__dirname, '..', '..', '..', 'server', 'editor', 'schemas.ts'),
    join(__dirname, '..', '..', '..', 'server', 'builds', 'types.ts'),
  ];
  assert.ok(files.length >= 6, `schema modules found: ${files.join(', ')}`);
  const problems: string[] = [];
  let schemas = 0;
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      // Exports that are schema factories (windowQuery) are called to walk what they build.
      const v =
        typeof value === 'function' && name === 'windowQuery'
          ? { type: 'object', properties: (value as (n: number) => Node)(10) }
          : value;
      if (!isSchema(v) || !('type' in v || 'anyOf' in v || 'allOf' in v)) continue;
      schemas++;
      unbounded(v, `${file}:${name}`, problems);
    }
  }
  assert.ok(schemas >= 30, `walked ${schemas} schemas`);
  assert.deepEqual(problems, []);
});
