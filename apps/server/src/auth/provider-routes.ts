import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  oidcProviderBodySchema,
  oidcProviderSchema,
  samlProviderBodySchema,
  samlProviderSchema,
} from '@vigil/domain';
import { actorOf } from '../platform/access';
import { deleteSignInProvider } from './provider-delete';
import { getOidcProvider, putOidcProvider } from './provider-oidc';
import { getSamlProvider, putSamlProvider } from './provider-saml';

// Issue 17: an organisation's identity providers live under its zone (/api/zones/{id}/sign-in/…),
// but they are the auth area's: their table, the secret and the flows that read them are here. The
// order of the methods stays the zone's (Zone.auth.methods, the Zones API).

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** GET/PUT/DELETE /api/zones/{id}/sign-in/saml and …/google (permission: update Zone). */
export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zones/:id/sign-in/saml',
    {
      // Reading a provider is configuring sign-in: its settings are for those who may change them.
      config: { permission: ['update', 'Zone'] },
      schema: { params: idParams, response: { 200: samlProviderSchema.nullable(), ...errors } },
    },
    async (req) => getSamlProvider(app.db, app.config, actorOf(req), req.params.id),
  );

  app.put(
    '/api/zones/:id/sign-in/saml',
    {
      config: { permission: ['update', 'Zone'] },
      // The schema allows 512 KiB of metadata, which JSON escaping may grow past the default 1 MiB.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        params: idParams,
        body: samlProviderBodySchema,
        response: { 200: samlProviderSchema, ...errors },
      },
    },
    async (req) => putSamlProvider(app.db, app.config, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/zones/:id/sign-in/saml',
    {
      config: { permission: ['update', 'Zone'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteSignInProvider(app.db, actorOf(req), req.params.id, 'saml');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/zones/:id/sign-in/google',
    {
      config: { permission: ['update', 'Zone'] },
      schema: { params: idParams, response: { 200: oidcProviderSchema.nullable(), ...errors } },
    },
    async (req) => getOidcProvider(app.db, actorOf(req), req.params.id, app.config),
  );

  app.put(
    '/api/zones/:id/sign-in/google',
    {
      config: { permission: ['update', 'Zone'] },
      schema: {
        params: idParams,
        body: oidcProviderBodySchema,
        response: { 200: oidcProviderSchema, ...errors },
      },
    },
    async (req) =>
      putOidcProvider(app.db, actorOf(req), req.params.id, req.body, {
        serverSecret: app.tokenSecret,
        urls: app.config,
      }),
  );

  app.delete(
    '/api/zones/:id/sign-in/google',
    {
      config: { permission: ['update', 'Zone'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteSignInProvider(app.db, actorOf(req), req.params.id, 'google');
      return reply.code(204).send(null);
    },
  );
};
