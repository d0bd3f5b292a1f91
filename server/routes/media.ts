// GET /media/{kind}/{id}/{w}x{h}.{jpg|webp}: deterministic images, rendered on first request and
// cached on disk (server/media/store.ts). Only media the data references, at a size the data
// uses, is served (issue 12 item 2); anything else under /media is a 404 that neither renders
// nor touches the file system. Every path segment must match the strict pattern of
// media/urls.ts before anything else looks at it.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody, installNotFound } from '../errors';
import { createMediaLookup } from '../media/exists';
import { isServedSize } from '../media/sizes';
import type { MediaStore } from '../media/store';
import { parseMediaPath, type MediaKey } from '../media/urls';
import { applyRange } from '../http-range';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND = '图片不存在';

export interface MediaRouteOptions {
  store: MediaStore;
  /** Media of a taken-down review: 410 (server/takedown-reach.ts). */
  isGone?: (key: MediaKey) => boolean;
}

export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, opts) => {
  const { store } = opts;
  const inData = createMediaLookup(app.db);
  installNotFound(app, NOT_FOUND);

  app.get<{ Params: { kind: string; id: string; file: string } }>('/:kind/:id/:file', async (req, reply) => {
    const key = parseMediaPath(req.params.kind, req.params.id, req.params.file);
    if (!key || !isServedSize(key) || !inData(key)) return reply.code(404).send(errorBody(404, NOT_FOUND));
    if (opts.isGone?.(key))
      return reply.code(410).header('Cache-Control', 'no-store').send(errorBody(410, '图片所在的晒单已被下架'));
    // The URL determines the bytes, so it determines the ETag too.
    const etag = `"${createHash('sha1')
      .update(`v2:${req.url.split('?')[0]}`)
      .digest('base64url')}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type(key.ext === 'webp' ? 'image/webp' : 'image/jpeg');
    // HEAD says whether the image exists without drawing it: a render per HEAD would let a
    // link checker (or anyone) make the server draw every picture for nothing.
    if (req.method === 'HEAD') return reply.header('Accept-Ranges', 'bytes').send();
    const body = await store.get(key);
    // A browser may ask for part of it (issue 25, F14): 206 with the bytes asked for.
    const range = applyRange(req, reply, body.length, { etag });
    if (range === 'sent') return reply;
    return reply.send(range ? body.subarray(range.start, range.end + 1) : body);
  });
};
