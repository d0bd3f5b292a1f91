// Serves the built Gatsby site (public/) at /review/ beside the API (issue 5, "Serving").
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { cacheControlFor, REVALIDATE } from './cache-rules';
import { NOT_FOUND_HTML, resolveSitePath } from './resolve';

export interface SiteOptions { siteDir: string }

export async function serveSite(root: FastifyInstance, opts: SiteOptions) {
  // Own scope: compression applies to the site's routes only, not to the API beside it.
  await root.register(async (app) => siteRoutes(app, path.resolve(opts.siteDir)));
}

async function siteRoutes(app: FastifyInstance, siteDir: string) {
  // HTML, scripts, styles and page data compressed for clients that accept it (brotli or
  // gzip, from 1 KB up); images are already compressed and go out as they are. Registered
  // before @fastify/static, as the plugin requires.
  await app.register(fastifyCompress, { globalDecompression: false, encodings: ['br', 'gzip'] });
  // serve: false — only the sendFile decorator; routing is ours (Gatsby's rules below).
  await app.register(fastifyStatic, { root: siteDir, serve: false, cacheControl: false, decorateReply: true });

  // The 404 page: with status 404 for unknown paths, 200 for an unbuilt review's URL (the
  // review may exist; the page renders it on the client, src/review/unbuilt.ts).
  const notFoundPage = (reply: FastifyReply, status = 404) => {
    const page = path.join(siteDir, NOT_FOUND_HTML);
    reply.code(status).header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8');
    return fs.existsSync(page) ? reply.send(fs.createReadStream(page)) : reply.send('404');
  };

  app.get('/', (_req, reply) => reply.redirect('/review/', 302));
  app.get('/review', (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`/review/${q >= 0 ? req.url.slice(q) : ''}`, 301);
  });
  app.get('/review/*', (req, reply) => {
    const raw = req.url.slice('/review'.length);
    const q = raw.indexOf('?');
    const pathname = q >= 0 ? raw.slice(0, q) : raw;
    let decoded: string;
    try { decoded = decodeURIComponent(pathname); } catch { return notFoundPage(reply); }
    const r = resolveSitePath(siteDir, decoded, q >= 0 ? raw.slice(q) : '');
    if (r.kind === 'redirect') return reply.redirect(r.location, 301);
    if (r.kind === 'missing') return notFoundPage(reply);
    if (r.kind === 'unbuilt-review') return notFoundPage(reply, 200);
    reply.header('Cache-Control', cacheControlFor(r.rel));
    if (r.rel === 'sw.js') reply.header('Service-Worker-Allowed', '/review/');
    return reply.sendFile(r.rel);
  });
}
