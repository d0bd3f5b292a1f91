// Customs resell declarations (spec section 7, "Other"): the signed-in user's list, one, create
// and update.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn } from '../context';
import { IdParams } from '../../src/storefront/wire/common';
import {
  CustomsResell,
  CustomsResellInput,
  CustomsResellList,
  CustomsResellUpdate,
} from '../../src/storefront/wire/customs-resell';
import { toId } from './window';

export const customsResellRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', signedIn(app)); // every call is the signed-in user's
  const repo = app.repos.customsResell;

  app.get('/v1/customs-resell', { schema: { response: { 200: CustomsResellList } } }, async (req) => ({
    items: repo.list(requireUser(app, req)),
  }));

  app.post(
    '/v1/customs-resell',
    { schema: { body: CustomsResellInput, response: { 200: CustomsResell } } },
    async (req) => repo.create(requireUser(app, req), req.body),
  );

  app.get('/v1/customs-resell/:id', { schema: { params: IdParams, response: { 200: CustomsResell } } }, async (req) =>
    repo.get(requireUser(app, req), toId(req.params.id)),
  );

  app.post(
    '/v1/customs-resell/:id',
    { schema: { params: IdParams, body: CustomsResellUpdate, response: { 200: CustomsResell } } },
    async (req) => repo.update(requireUser(app, req), toId(req.params.id), req.body ?? {}),
  );
};
