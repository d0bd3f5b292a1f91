// The one layout breakpoint (spec section 2, "Shell"): desktop at >= 960px, so every width media
// query of src/styles/ is `(min-width: 960px)` (or `(max-width: 959.98px)` for mobile-only
// rules). The one exception is the related carousel's own rule (spec section 2, "Review detail
// page": horizontal at 960px or less), a `(min-width: 961px)` block holding only carousel rules,
// and the waterfall's column counts (issue 44, src/listing/waterfall.ts WATERFALL_LAYOUTS: its 3-column
// width), a block holding only `.wf__` rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const STYLES = path.resolve(__dirname, '..', '..', '..', 'src', 'styles');

/** Each @media block with its condition and the selectors of its rules (no nesting in these files). */
function mediaBlocks(css: string): Array<{ query: string; selectors: string[] }> {
  const out: Array<{ query: string; selectors: string[] }> = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let i = 0;
  for (;;) {
    const at = text.indexOf('@media', i);
    if (at < 0) return out;
    const open = text.indexOf('{', at);
    const query = text.slice(at + 6, open).trim();
    let depth = 1;
    let j = open + 1;
    const selectors: string[] = [];
    let start = j;
    for (; depth > 0; j++) {
      if (text[j] === '{') {
        if (depth === 1)
          selectors.push(
            ...text
              .slice(start, j)
              .split(',')
              .map((s) => s.trim()),
          );
        depth++;
      } else if (text[j] === '}') {
        depth--;
        start = j + 1;
      }
    }
    out.push({ query, selectors });
    i = j;
  }
}

test('every width media query switches at 960px; only carousel rules use 961px', () => {
  const files = fs.readdirSync(STYLES).filter((f) => f.endsWith('.css'));
  assert.ok(files.length >= 5);
  let widthQueries = 0;
  for (const f of files) {
    for (const b of mediaBlocks(fs.readFileSync(path.join(STYLES, f), 'utf8'))) {
      if (!/width/.test(b.query)) continue;
      widthQueries++;
      if (b.query === '(min-width: 960px)' || b.query === '(max-width: 959.98px)') continue;
      if (b.query === '(min-width: 600px)') {
        assert.deepEqual(
          b.selectors.filter((s) => !/^\.wf__/.test(s)),
          [],
          `${f}: only the waterfall's column count may switch at 600px`,
        );
        continue;
      }
      assert.equal(b.query, '(min-width: 961px)', `${f}: ${b.query}`);
      const other = b.selectors.filter((s) => !/^\.related(__|[\s.:]|$)/.test(s));
      assert.deepEqual(other, [], `${f}: only the related carousel may switch at 961px`);
    }
  }
  assert.ok(widthQueries >= 5, 'media queries were found');
});
