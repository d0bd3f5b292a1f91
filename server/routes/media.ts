// GET /media/{kind}/{id}/{w}x{h}.{jpg|webp}: deterministic images, rendered on first request and
// cached on disk. Anything else under /media is a 404 (no path ever reaches the file system
// unless all three segments match the strict pattern of media/urls.ts).
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody, installNotFound } from '../errors';
import { MediaStore } from '../media/store';
import { parseMediaPath } from '../media/urls';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const mediaRoutes: FastifyPluginAsync<{ mediaDir: string }> = async (app, opts) => {
  const store = new MediaStore(opts.mediaDir);
  installNotFound(app, '图片不存在');

  app.get<{ Params: { kind: string; id: string; file: string } }>('/:kind/:id/:file', async (req, reply) => {
    const key = parseMediaPath(req.params.kind, req.params.id, req.params.file);
    if (!key) return reply.code(404).send(errorBody(404, '图片不存在'));
    // The URL determines the bytes, so it determines the ETag too.
    const etag = `"${createHash('sha1').update(`v1:${req.url.split("?")[0]}`).digest('base64url')}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await store.get(key);
    return reply.type(key.ext === 'webp' ? 'image/webp' : 'image/jpeg').send(bytes);
  });
};
