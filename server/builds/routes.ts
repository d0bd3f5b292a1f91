// The build hook and the builds' history under /editor/api (issue 13 part 2), registered by
// server/editor/routes.ts behind the editor's token.
//
//   POST /builds                 202 { id }       optional body { changed?: [...], removed?: [...] }
//   GET  /builds                 200 { builds, publishing }   newest first, at most 50
//   GET  /builds/:id             200 Build & { progress, log }
//   POST /builds/:id/publish     200 { id, releaseId, ms, locked }; 404 unknown; 409 release not kept
//                                (an older build than the newest locks publishing, the newest unlocks)
//   GET  /publishing             200 { live, liveRelease, locked, buildId, since, base }
//   DELETE /publishing/lock      200 the same: builds are served again when they finish
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { noBodyIsEmptyObject } from '../routes/hooks';
import { hintOf } from './hint';
import type { BuildQueue } from './queue';
import { BuildHintBody, BuildParams } from './types';
import { reviewsInBuildHint } from '../site/deferred/edits';

/** Two lists of 1,000 ids of 64 characters fit; nothing much larger is read. */
const HINT_BODY_LIMIT = 512 * 1024;

export function buildRoutes(app: FastifyInstance, builds: BuildQueue): void {
  app.post<{ Body: BuildHintBody | undefined }>(
    '/builds',
    {
      schema: { body: BuildHintBody },
      bodyLimit: HINT_BODY_LIMIT,
      // No body (curl -X POST) is a full build: validated as {}.
      preValidation: noBodyIsEmptyObject,
      config: { editsReviews: reviewsInBuildHint },
    },
    async (req, reply) => {
      const b = builds.trigger('editor', hintOf(req.body));
      return reply.code(202).send({ id: b.id });
    },
  );

  app.get('/builds', async () => ({ builds: builds.history.list(), publishing: builds.publishing() }));
  app.get('/publishing', async () => builds.publishing());
  app.delete('/publishing/lock', async () => builds.unlock());

  app.get<{ Params: BuildParams }>('/builds/:id', { schema: { params: BuildParams } }, async (req) => {
    const b = builds.history.get(req.params.id);
    if (!b) throw notFound('没有这次构建');
    return builds.history.detail(b);
  });

  // Every takedown so far applies to the release served (issue 39): none reappears in a listing.
  app.post<{ Params: BuildParams }>('/builds/:id/publish', { schema: { params: BuildParams } }, async (req) =>
    builds.republish(req.params.id, () => app.repos.takedowns.list()),
  );
}
