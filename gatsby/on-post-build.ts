// onPostBuild, each step its own module's: the check that no page carries an inline script the
// site does not write (it fails the build; in a process of its own, run beside the rest), the
// sitemaps (gatsby/sitemap-post-build.ts), for the build queue the file routes the patch build
// cannot see (gatsby/patch/manifest.ts), saved with this build's data when the queue runs it
// (BUILD_DATA_DIR, publish/build-protocol.ts), and what the site server needs to render deferred
// reviews (gatsby/deferred/data.ts).
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { ENV } from '../publish/build-protocol';
import { startInlineScriptCheck } from './inline-scripts-check';
import { saveFileRoutes } from './patch/manifest';
import { writeSitemapsOnPostBuild } from './sitemap-post-build';
import { writeDeferredOnPostBuild } from './deferred/on-post-build';

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  const root = args.store.getState().program.directory as string;
  // The deferred data first: it replaces public/_deferred/ whole (rmSync, then writes), and the
  // check's walk of public/ beside it failed a rebuild in a checkout that had one, with ENOENT
  // for public/_deferred/facts, a folder listed and then removed under it. The sitemaps only add
  // files, which a walk beside them takes or misses (none is a page).
  writeDeferredOnPostBuild(root);
  const checked = startInlineScriptCheck(path.join(root, 'public'));
  const fileRoutes = await writeSitemapsOnPostBuild(args);
  const dataDir = process.env[ENV.dataDir];
  if (dataDir) saveFileRoutes(dataDir, fileRoutes);
  await checked(args.reporter);
};
