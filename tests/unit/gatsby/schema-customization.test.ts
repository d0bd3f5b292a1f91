// The SitePage declaration that keeps Gatsby's inference reducer out of page contexts
// (gatsby/schema-customization.ts), run through Gatsby's own reducer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSchemaCustomization, SITE_PAGE_TYPE_DEFS } from '../../../gatsby/schema-customization';

// Gatsby's reducer module (CommonJS, no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a Gatsby internal without types
const { inferenceMetadataReducer } = require('gatsby/dist/redux/reducers/inference-metadata') as {
  inferenceMetadataReducer: (
    state: unknown,
    action: { type: string; payload?: unknown },
  ) => { typeMap: Record<string, { fieldMap?: Record<string, unknown>; ignored?: boolean; total?: number }> };
};

const sitePage = (path: string) => ({
  id: `SitePage ${path}`,
  path,
  internal: { type: 'SitePage', contentDigest: 'x' },
  children: [],
  context: {
    info: { content: '2024-01-01 很好', postedAt: '2024-05-06', tags: ['a', 'b'] },
    relateList: [{ commentId: '1' }],
  },
});

function createPages(typeDefs?: string) {
  let state = inferenceMetadataReducer(undefined, { type: 'START_INCREMENTAL_INFERENCE' });
  if (typeDefs) state = inferenceMetadataReducer(state, { type: 'CREATE_TYPES', payload: typeDefs });
  for (let i = 0; i < 3; i++)
    state = inferenceMetadataReducer(state, { type: 'CREATE_NODE', payload: sitePage(`/1/${i}/`) });
  return state.typeMap.SitePage;
}

test('without the declaration Gatsby walks every page context (the cost it removes)', () => {
  const meta = createPages();
  assert.ok(meta.fieldMap && 'context' in meta.fieldMap, 'context inferred');
});

test('with it, SitePage nodes are counted but their contexts are not walked', () => {
  const meta = createPages(SITE_PAGE_TYPE_DEFS);
  assert.equal(meta.ignored, true);
  assert.deepEqual(meta.fieldMap, {});
  assert.equal(meta.total, 3);
});

test('the site declares it through createSchemaCustomization', () => {
  const defs: unknown[] = [];
  const hook = createSchemaCustomization as unknown as (args: {
    actions: { createTypes: (d: unknown) => void };
  }) => void;
  hook({ actions: { createTypes: (d) => defs.push(d) } });
  assert.deepEqual(defs, [SITE_PAGE_TYPE_DEFS]);
});
