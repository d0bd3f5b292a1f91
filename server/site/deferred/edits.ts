// Editors' changes reach deferred reviews at once (issue 23): a kept rendering is dropped when the
// review is edited, hidden, taken down or restored, or named by a build hint, so the next request
// renders it from the API's data of then. Each editors' route that changes reviews says which on
// itself (`config: { editsReviews }`, one of the readers below), so renaming or moving a route
// keeps its invalidation. Watched on the answers (a 2xx of such a route), so it holds whether or
// not a build queue runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Ref = { productId?: unknown; commentId?: unknown };
const refsOf = (list: unknown): Ref[] => (Array.isArray(list) ? (list as Ref[]) : []);

/** The reviews a request changed, read from it; only string ids count. */
export type EditsReviews = (req: FastifyRequest) => Ref[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The reviews a 2xx answer of this route changed: their kept renderings are dropped. */
    editsReviews?: EditsReviews;
  }
}

/** The review named by the route's `:productId/:commentId`. */
export const reviewInParams: EditsReviews = (req) => [(req.params ?? {}) as Ref];
/** The review named by the body's `productId` and `commentId`. */
export const reviewInBody: EditsReviews = (req) => [(req.body ?? {}) as Ref];
/** The reviews of a build hint's `changed` and `removed` (at most 2,000). */
export const reviewsInBuildHint: EditsReviews = (req) => {
  const body = (req.body ?? {}) as { changed?: unknown; removed?: unknown };
  return [...refsOf(body.changed), ...refsOf(body.removed)].slice(0, 2000);
};

/** The reviews an editors' API request changed, as its route declares them. */
export function editedReviews(req: FastifyRequest): Array<{ productId: string; commentId: string }> {
  const refs = req.routeOptions?.config?.editsReviews?.(req) ?? [];
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
