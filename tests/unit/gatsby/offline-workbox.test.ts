// gatsby-plugin-offline merges the site's workboxConfig into its own options with lodash's merge
// (gatsby-config.ts): arrays merge index by index, so the site's one glob pattern replaces the
// plugin's first (the app chunk) and keeps the rest (its runtime chunk, the app shell), and its
// three runtime caching rules replace the plugin's first three. That is what the site relies on
// (a `**` pattern walked every page directory: 37 s at 100,000 reviews; page data network-first
// so a rebuild reaches a returning visitor). The plugin's real onPostBuild runs here in a temp
// public/ with workbox's generateSW captured: a plugin upgrade that merges otherwise fails here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-workbox-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface RuntimeRule {
  urlPattern: RegExp;
  handler: string;
}
interface SwOptions {
  swDest: string;
  globPatterns: string[];
  runtimeCaching: RuntimeRule[];
}

test("the plugin's options merged with the site's workboxConfig: one root glob, page data network-first", async () => {
  const pub = path.join(tmp, 'public');
  fs.mkdirSync(path.join(pub, 'offline-plugin-app-shell-fallback'), { recursive: true });
  fs.writeFileSync(
    path.join(pub, 'webpack.stats.json'),
    JSON.stringify({
      assetsByChunkName: {
        app: ['app-1a2b.js'],
        'webpack-runtime': ['webpack-runtime-3c4d.js'],
        'component---node-modules-gatsby-plugin-offline-app-shell-js': ['component---app-shell-5e6f.js'],
      },
    }),
  );
  fs.writeFileSync(
    path.join(pub, 'offline-plugin-app-shell-fallback', 'index.html'),
    '<!doctype html><title>壳</title>',
  );

  // workbox's generateSW, captured: the options the plugin hands it.
  const pluginRequire = createRequire(require.resolve('gatsby-plugin-offline/gatsby-node.js', { paths: [ROOT] }));
  const workbox = pluginRequire.resolve('workbox-build');
  let given: SwOptions | null = null;
  const stub = new Module(workbox);
  stub.filename = workbox;
  stub.loaded = true;
  stub.exports = {
    generateSW: async (o: SwOptions) => {
      given = o;
      fs.writeFileSync(o.swDest, '');
      return { count: 0, size: 0, warnings: [] };
    },
  };
  require.cache[workbox] = stub;

  process.chdir(tmp);
  const { default: config } = (await import('../../../gatsby-config')) as {
    default: { plugins: Array<string | { resolve: string; options: Record<string, unknown> }> };
  };
  const offline = config.plugins.find((p) => typeof p !== 'string' && p.resolve === 'gatsby-plugin-offline');
  assert.ok(offline && typeof offline !== 'string', 'gatsby-plugin-offline is configured');
  const plugin = pluginRequire('./gatsby-node.js') as {
    onPostBuild: (args: unknown, options: Record<string, unknown>) => Promise<void>;
  };
  await plugin.onPostBuild({ pathPrefix: '/review', reporter: { info() {} } }, offline.options);

  const o = given as SwOptions | null;
  assert.ok(o, 'generateSW was called');
  assert.equal(o.globPatterns[0], '*.{js,css}', "the site's pattern replaces the plugin's first");
  assert.ok(!o.globPatterns.includes('app-1a2b.js'), 'the app chunk is covered by the root pattern');
  assert.ok(o.globPatterns.includes('webpack-runtime-3c4d.js'), "the plugin's other entries stay");
  assert.ok(o.globPatterns.includes('offline-plugin-app-shell-fallback/index.html'), 'the app shell stays precached');
  assert.deepEqual(
    o.globPatterns.filter((g) => g.includes('**') || g.includes('/*')),
    [],
    'no pattern walks the page directories',
  );
  const rule = (url: string) => o.runtimeCaching.find((r) => r.urlPattern.test(url))?.handler;
  assert.equal(rule('https://example.cn/review/page-data/100001/5000001/page-data.json'), 'NetworkFirst');
  assert.equal(rule('https://example.cn/review/app-1a2b.js'), 'CacheFirst');
  assert.equal(rule('https://example.cn/media/p/1080x1440.jpg'), 'StaleWhileRevalidate');
  for (const r of o.runtimeCaching) assert.ok(r.urlPattern instanceof RegExp && typeof r.handler === 'string');
});
