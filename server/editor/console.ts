// The editor console (issue 13, "Editor console"): one small Chinese page at /editor/, outside
// the public /review/ site and its sitemap, never indexed. It holds no data itself: the page asks
// for the editor's token and calls /editor/api with it in the Authorization header (kept in
// sessionStorage, never a cookie, so another site cannot make the browser send it: no CSRF), and
// it cannot be framed. The three files are read once at registration and served from memory.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/** Scripts, styles and calls from the console's own origin only; no frames, no forms posting away. */
export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DIR = path.join(__dirname, 'console');
const FILES: Record<string, { file: string; type: string }> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  'console.js': { file: 'console.js', type: 'text/javascript; charset=utf-8' },
  'console.css': { file: 'console.css', type: 'text/css; charset=utf-8' },
};

export const editorConsole: FastifyPluginAsync = async (app) => {
  const bodies = new Map(Object.entries(FILES).map(([name, f]) => [name, fs.readFileSync(path.join(DIR, f.file))]));
  app.get('/editor', (_req, reply) => reply.redirect('/editor/', 301));
  for (const [name, { type }] of Object.entries(FILES)) {
    app.get(`/editor/${name}`, (_req, reply) =>
      reply
        .header('Content-Type', type)
        .header('Content-Security-Policy', CONSOLE_POLICY)
        .header('X-Robots-Tag', 'noindex, nofollow')
        .header('Cache-Control', 'no-cache')
        .send(bodies.get(name)),
    );
  }
};
