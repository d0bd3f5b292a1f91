// Route hooks shared by several route modules. (The session check that comes before them is
// context.ts's `signedIn`, an onRequest hook: a guest gets 401 before the body is even read.)
import type { FastifyRequest } from 'fastify';

/**
 * A preValidation hook: a POST without a body counts as `{}`, so an optional body can be left out
 * (a cancel without a reason, `curl -X POST` on the build hook) and a missing field is named.
 */
export const noBodyIsEmptyObject = async (req: FastifyRequest) => {
  if (req.method === 'POST' && req.body == null) req.body = {};
};
