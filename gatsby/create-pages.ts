import type { GatsbyNode } from 'gatsby';
import { getBuildData } from './build-data';
import { stopEmbeddedServer } from './embedded-server';
import { createAllPages, postedAtOf, templatePath } from './pages/all';
import path from 'node:path';
import { DATA, ENV } from '../publish/build-protocol';
import { markChanged, recordingSitemap } from './sitemap';
import { loadManifest, recordingManifest, saveManifest, stampChanges, type Manifest } from './patch/manifest';

/**
 * Every page of the site (gatsby/pages/all.ts), each also recorded for the sitemap
 * (gatsby/sitemap.ts) and, for the build queue, in the manifest the patch build compares
 * against (gatsby/patch/manifest.ts).
 */
export const createPages: GatsbyNode['createPages'] = async ({ actions: gatsbyActions, reporter }) => {
  const data = getBuildData();
  const manifest: Manifest = new Map();
  const actions = recordingManifest(recordingSitemap(gatsbyActions, postedAtOf(data)), manifest);
  const n = createAllPages(actions, templatePath, data);
  reporter.info(
    `created ${n.reviews} review pages, the home page, ${n.categories} category pages, ${n.products} product pages, ${n.haul} showcase pages, merchants and articles`,
  );
  const dataDir = process.env[ENV.dataDir];
  if (dataDir) {
    stampChanges(manifest, loadManifest(path.join(dataDir, DATA.last)), Date.now());
    markChanged(manifest);
    saveManifest(dataDir, manifest);
  }
  stopEmbeddedServer();
};
