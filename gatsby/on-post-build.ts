// onPostBuild: first the check that no page carries an inline script the site does not write
// (it fails the build), then the sitemaps.
import type { GatsbyNode } from 'gatsby';
import { checkInlineScriptsOnPostBuild } from './inline-scripts-check';
import { writeSitemapsOnPostBuild } from './sitemap';

const noop = () => {};

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args, options) => {
  await checkInlineScriptsOnPostBuild!(args, options, noop);
  await writeSitemapsOnPostBuild!(args, options, noop);
};
