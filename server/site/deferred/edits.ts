// Editors' changes reach deferred reviews at once (issue 23): a kept rendering is dropped when the
// review is edited, hidden, taken down or restored, or named by a build hint, so the next request
// renders it from the API's data of then. Watched on the editors' API's answers (a 2xx of these
// routes), so it holds whether or not a build queue runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Ref = { productId?: unknown; commentId?: unknown };
const refsOf = (list: unknown): Ref[] => (Array.isArray(list) ? (list as Ref[]) : []);

/** The reviews an editors' API request changed, from its route, params and body. */
export function editedReviews(req: FastifyRequest): Array<{ productId: string; commentId: string }> {
  const route = `${req.method} ${req.routeOptions?.url ?? ''}`;
  const params = (req.params ?? {}) as Ref;
  const body = (req.body ?? {}) as Ref & { changed?: unknown; removed?: unknown };
  let refs: Ref[] = [];
  if (
    route === 'PATCH /editor/api/reviews/:productId/:commentId' ||
    route === 'POST /editor/api/reviews/:productId/:commentId/hide' ||
    route === 'DELETE /editor/api/takedowns/:productId/:commentId'
  )
    refs = [params];
  else if (route === 'POST /editor/api/takedowns') refs = [body];
  else if (route === 'POST /editor/api/builds')
    refs = [...refsOf(body.changed), ...refsOf(body.removed)].slice(0, 2000);
  return refs.flatMap((r) =>
    typeof r.productId === 'string' && typeof r.commentId === 'string'
      ? [{ productId: r.productId, commentId: r.commentId }]
      : [],
  );
}

export function dropOnEdit(app: FastifyInstance, forget: (productId: string, commentId: string) => void): void {
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 300 || !req.url.startsWith('/editor/api/')) return;
    for (const r of editedReviews(req)) forget(r.productId, r.commentId);
  });
}
