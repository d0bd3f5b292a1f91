// Popups (spec section 7, "Other"): unread per channel; marking read needs a session.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn, viewerId } from '../context';
import { PopupList, PopupQuery, PopupReadBody } from '../../src/storefront/wire/popups';

export const popupRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const auth = signedIn(app);

  app.get('/v1/popup/unread', { schema: { querystring: PopupQuery, response: { 200: PopupList } } }, async (req) => ({
    popups: app.repos.popups.unread(req.query.channel_source, viewerId(app, req)),
  }));

  app.post('/v1/popup/read', { onRequest: auth, schema: { body: PopupReadBody } }, async (req, reply) => {
    app.repos.popups.markRead(requireUser(app, req), req.body.popupIds);
    return reply.code(204).send();
  });
};
