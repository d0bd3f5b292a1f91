// The deferred-render protocol (publish/render-protocol.ts) as both sides speak it: the site
// server's RenderProcess (server/site/deferred/render-process.ts) forks the real render child
// (gatsby/renderer/render-child.ts) from the protocol's path in a workspace, waits for its ready
// message, sends requests and matches the answers. The releases below make the child answer
// without rendering (no `_deferred/` data, another `_deferred/` version, another build), so each
// answer's status and message show that the request's fields and the answer's reached the other
// side as sent. A side that renames a field, a status or the child's path fails here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFERRED_VERSION,
  META_FILE,
  RENDER_CHILD,
  RENDER_STATUSES,
  RENDERER_FILE,
} from '../../../publish/render-protocol';
import { RenderProcess } from '../../../server/site/deferred/render-process';

const ROOT = path.resolve(__dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'render-protocol-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// A workspace as the site server finds it after a Gatsby build: the sources, node_modules (for
// `--import tsx`), the build's public/ (its compilation hash) and its SSR bundle.
const workspace = path.join(tmp, 'workspace');
fs.mkdirSync(workspace);
for (const dir of ['node_modules', 'gatsby', 'src', 'publish', 'data'])
  fs.symlinkSync(path.join(ROOT, dir), path.join(workspace, dir), 'dir');
const write = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
};
const appData = (dir: string, hash: string) =>
  write(path.join(dir, 'page-data', 'app-data.json'), JSON.stringify({ webpackCompilationHash: hash }));
appData(path.join(workspace, 'public'), 'build-a');
write(path.join(workspace, RENDERER_FILE), '');

/** A release of build `hash`, with `_deferred/meta.json` of `version` (none: no `_deferred/`). */
function release(name: string, hash: string, version?: number) {
  const dir = path.join(tmp, name);
  appData(dir, hash);
  if (version !== undefined) write(path.join(dir, META_FILE), JSON.stringify({ version }));
  return dir;
}

test("the server's requests and the render child's answers agree, through the child at the protocol's path", async () => {
  assert.ok(fs.existsSync(path.join(ROOT, RENDER_CHILD)), `the render child is at ${RENDER_CHILD}`);
  const child = new RenderProcess(workspace, () => 'http://127.0.0.1:9', 120_000);
  try {
    assert.ok(child.available());
    const job = (dir: string) => ({
      release: dir,
      out: path.join(tmp, 'kept'),
      productId: '100001',
      commentId: '5000001',
    });
    const answers = await Promise.all([
      child.render(job(release('old', 'build-a'))),
      child.render(job(release('v1', 'build-a', DEFERRED_VERSION - 1))),
      child.render(job(release('other', 'build-b', DEFERRED_VERSION))),
      child.render({ ...job(release('other-hub', 'build-b', DEFERRED_VERSION)), commentId: null }),
    ]);
    assert.deepEqual(answers, [
      { status: 'unavailable', message: 'the release has no _deferred/ data' },
      { status: 'unavailable', message: `_deferred/ version ${DEFERRED_VERSION - 1}` },
      { status: 'stale', message: 'release build-b, renderer build-a' },
      { status: 'stale', message: 'release build-b, renderer build-a' },
    ]);
    for (const a of answers) assert.ok((RENDER_STATUSES as readonly string[]).includes(a.status));
  } finally {
    child.close();
  }
});
