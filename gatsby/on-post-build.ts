// onPostBuild: three steps, each its own module's. First the check that no page carries an
// inline script the site does not write (it fails the build), then the sitemaps
// (gatsby/sitemap-post-build.ts), then, for the build queue, the file routes the patch build cannot see
// (gatsby/patch/manifest.ts), saved with this build's data when the queue runs it
// (BUILD_DATA_DIR, publish/build-protocol.ts). Last, what the site server needs to render
// deferred reviews (gatsby/deferred/data.ts).
import type { GatsbyNode } from 'gatsby';
import { ENV } from '../publish/build-protocol';
import { checkInlineScriptsOnPostBuild } from './inline-scripts-check';
import { saveFileRoutes } from './patch/manifest';
import { writeSitemapsOnPostBuild } from './sitemap-post-build';
import { writeDeferredOnPostBuild } from './deferred/on-post-build';

const noop = () => {};

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args, options) => {
  await checkInlineScriptsOnPostBuild!(args, options, noop);
  const fileRoutes = await writeSitemapsOnPostBuild(args);
  const dataDir = process.env[ENV.dataDir];
  if (dataDir) saveFileRoutes(dataDir, fileRoutes);
  writeDeferredOnPostBuild(args.store.getState().program.directory as string);
};
