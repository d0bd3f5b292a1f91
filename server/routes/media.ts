// GET /media/{kind}/{id}/{w}x{h}.{jpg|webp}: deterministic images, rendered on first request and
// cached on disk (server/media/store.ts). Only media the data references, at a size the data
// uses, is served (issue 12 item 2); anything else under /media is a 404 that neither renders
// nor touches the file system. Every path segment must match the strict pattern of
// media/urls.ts before anything else looks at it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, installNotFound } from '../errors';
import { createMediaLookup } from '../media/exists';
import { isServedSize } from '../media/sizes';
import type { MediaStore } from '../media/store';
import { parseMediaPath, type MediaKey } from '../media/urls';
import { applyRange, requestedRange } from '../http-range';
import { createSubjectLookup } from '../media/subjects';
import { VIDEO_DIR, demoVideoFile, parseVideoPath, videoPath } from '../media/videos';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND = '图片不存在';
const VIDEO_NOT_FOUND = '视频不存在';

export interface MediaRouteOptions {
  store: MediaStore;
  /** Media of a taken-down review: 410 (server/takedown-reach.ts). */
  isGone?: (key: MediaKey) => boolean;
}

export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, opts) => {
  const { store } = opts;
  const inData = createMediaLookup(app.db);
  const subjectOf = createSubjectLookup(app.db);
  installNotFound(app, NOT_FOUND);
  const videoInData = (reviewId: number, url: string) =>
    app.db
      .prepare("SELECT 1 FROM reviews r, json_each(r.videos) v WHERE r.id = ? AND json_extract(v.value, '$.url') = ?")
      .get(reviewId, url) !== undefined;

  // GET /media/video/v{review id}/{w}x{h}.mp4 (issue 21 item 1): one of the demo files, only
  // at a URL the data references; single byte ranges answered 206 from a read of that range.
  // (A static segment: find-my-way prefers it to the images' /:kind/:id/:file.)
  app.get<{ Params: { id: string; file: string } }>('/video/:id/:file', async (req, reply) => {
    const named = parseVideoPath(req.params.id, req.params.file);
    if (!named || !videoInData(named.reviewId, videoPath(named.reviewId, named.video)))
      return reply.code(404).send(errorBody(404, VIDEO_NOT_FOUND));
    // A video shares its cover's media id (v{review id}): gone with its review (issue 25, F5).
    if (opts.isGone?.({ kind: 'cover', id: `v${named.reviewId}`, width: 1, height: 1, ext: 'jpg' }))
      return reply.code(410).header('Cache-Control', 'no-store').send(errorBody(410, '视频所在的晒单已被下架'));
    // The video shows a product of the review's category, as its pictures do (issue 44).
    const subject = subjectOf({ kind: 'cover', id: `v${named.reviewId}` }) ?? 'box';
    return sendVideo(req, reply, demoVideoFile(subject, named.video));
  });

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

/** Size and ETag of each demo file, read once (eighteen files of a few dozen KB). */
const videoFacts = new Map<string, { size: number; etag: string }>();
function factsOf(file: string): { size: number; etag: string } {
  let facts = videoFacts.get(file);
  if (!facts) {
    const bytes = fs.readFileSync(path.join(VIDEO_DIR, file));
    facts = { size: bytes.length, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
    videoFacts.set(file, facts);
  }
  return facts;
}

function sendVideo(req: FastifyRequest, reply: FastifyReply, file: string) {
  const { size, etag } = factsOf(file);
  reply.header('Cache-Control', IMMUTABLE).header('ETag', etag).header('Accept-Ranges', 'bytes').type('video/mp4');
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = requestedRange(req.headers, size, { etag });
  if (range === 'unsatisfiable')
    return reply
      .code(416)
      .header('Content-Range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send(errorBody(416, '请求的范围无效'));
  const [start, end] = range ? [range.start, range.end] : [0, size - 1];
  if (range) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
  // HEAD: Fastify's HEAD route runs this and drops the stream unread, keeping the headers.
  reply.header('Content-Length', String(end - start + 1));
  return reply.send(fs.createReadStream(path.join(VIDEO_DIR, file), { start, end }));
}
