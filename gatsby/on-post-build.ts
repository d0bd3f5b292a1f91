// onPostBuild: two steps, each its own module's. The sitemaps (gatsby/sitemap.ts), then, for the
// build queue, the file routes the patch build cannot see (gatsby/patch/manifest.ts), saved with
// this build's data when the queue runs it (BUILD_DATA_DIR, publish/build-protocol.ts).
import type { GatsbyNode } from 'gatsby';
import { ENV } from '../publish/build-protocol';
import { saveFileRoutes } from './patch/manifest';
import { writeSitemapsOnPostBuild } from './sitemap';

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  const fileRoutes = await writeSitemapsOnPostBuild(args);
  const dataDir = process.env[ENV.dataDir];
  if (dataDir) saveFileRoutes(dataDir, fileRoutes);
};
