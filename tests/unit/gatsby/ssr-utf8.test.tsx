// Gatsby renders every page's HTML with React 18's renderToPipeableStream and collects the
// chunks as strings (gatsby/cache-dir/server-utils/writable-as-promise.js). React 18.3.1 filled
// a 2,048-byte view with encodeInto and, when a multi-byte character did not fit, flushed the
// whole view: the unwritten tail went out as NUL bytes ("索\0\0伦托" in built pages;
// facebook/react#26228, fixed only in React 19). patches/react-dom+18.3.1.patch flushes only
// the written bytes. These tests render Chinese text across many view boundaries through both
// builds of the renderer, collected exactly as Gatsby collects them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as React from 'react';

const require = createRequire(__filename);
type Server = typeof import('react-dom/server');

/** Renders like Gatsby's static-entry: wait for everything, pipe, concatenate chunk strings. */
function renderLikeGatsby(server: Server, element: React.ReactElement): Promise<{ html: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    let html = '';
    const parts: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, next) {
        html += chunk.toString();
        parts.push(Buffer.from(chunk));
        next();
      },
      final(done) {
        resolve({ html, bytes: Buffer.concat(parts) });
        done();
      },
    });
    const { pipe } = server.renderToPipeableStream(element, {
      onAllReady() {
        pipe(sink);
      },
      onError: reject,
    });
  });
}

// Review-like text: 3-byte characters mixed with ASCII, so the boundary falls mid-character
// at every offset; Suspense makes Fizz write through its buffered path, as pages with lazy parts do.
const TEXTS = Array.from(
  { length: 60 },
  (_, i) => `${'a'.repeat(i % 3)}索伦托真皮包包质量很好，物流很快${i}——推荐购买😀`,
);
function Page() {
  return (
    <React.Suspense fallback={null}>
      <main>
        {TEXTS.map((t, i) => (
          <p key={i} title={t}>
            {t}
          </p>
        ))}
      </main>
    </React.Suspense>
  );
}

for (const build of ['react-dom-server.node.development.js', 'react-dom-server.node.production.min.js']) {
  test(`${build}: no NUL or U+FFFD in streamed HTML of Chinese text`, async () => {
    // By file: the package's exports map hides cjs/; both builds are what react-dom/server loads.
    const server = require(path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs', build)) as Server;
    const { html, bytes } = await renderLikeGatsby(server, <Page />);
    assert.ok(bytes.length > 4 * 2048, `rendered ${bytes.length} bytes: enough to cross several views`);
    assert.equal(bytes.indexOf(0), -1, 'no NUL byte');
    assert.ok(!html.includes('\uFFFD'), 'no replacement character');
    for (const t of TEXTS) assert.ok(html.includes(`<p title="${t}">${t}</p>`), `text intact: ${t}`);
  });
}
