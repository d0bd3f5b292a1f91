// Serves a built site the way `npm start` does (reference API + site on one origin, loopback),
// for the browser measurements, and a bare static server for the empty Gatsby floor site.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { startServer } from '../../server/main';
import { registerSite } from '../../server/site';
import type { BenchContext } from './data';

export interface Served {
  base: string;
  close(): Promise<void>;
}

/** `extra`: routes a section adds beside the site (e.g. the video floor page). */
export async function serveBuiltSite(
  ctx: BenchContext,
  publicDir: string,
  dbFile: string,
  extra?: (app: FastifyInstance) => void,
): Promise<Served> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dbFile,
    mediaDir: path.join(ctx.tmp, 'media'),
    logger: false,
    configure: async (app) => {
      await registerSite(app, publicDir);
      extra?.(app);
    },
  });
  return { base: server.url.replace('127.0.0.1', 'localhost'), close: () => server.close() };
}

export async function serveStatic(publicDir: string): Promise<Served> {
  const app = Fastify({ logger: false });
  await registerSite(app, publicDir);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  return { base: `http://localhost:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => app.close() };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

export interface RequestCount {
  total: number;
  byType: Record<string, number>;
  sameOrigin: number;
  transferKB: number;
}

/** Loads a page in a fresh mobile context (service workers blocked) and counts its requests until the network is idle. */
export async function countRequests(browser: Browser, url: string): Promise<RequestCount> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    serviceWorkers: 'block',
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const byType: Record<string, number> = {};
  let total = 0;
  let sameOrigin = 0;
  let transfer = 0;
  const origin = new URL(url).origin;
  page.on('requestfinished', async (req) => {
    total++;
    byType[req.resourceType()] = (byType[req.resourceType()] ?? 0) + 1;
    if (req.url().startsWith(origin)) sameOrigin++;
    try {
      transfer += (await req.sizes()).responseBodySize;
    } catch {
      /* gone */
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(500);
  await context.close();
  return { total, byType, sameOrigin, transferKB: Math.round(transfer / 1024) };
}
