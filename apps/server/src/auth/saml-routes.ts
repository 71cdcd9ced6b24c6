import { z } from 'zod';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@vigil/domain';
import { notFound } from '../platform/errors';
import { findSignInZone } from './login';
import { loadSamlSettings } from './saml-settings';
import { SamlRefusal, acceptSamlResponse, startSamlSignIn } from './saml-signin';
import { loadSpKey, spEndpoints, spMetadataXml } from './saml-sp';
import { loginUrl, refuseSignIn, takeSignInRequest } from './sso-finish';

// Issue 17, SAML 2.0: the browser's way to the IdP and back (/auth/saml/…, outside /api: no slug
// header, no credentials: these are top-level navigations), and Vigil's SP metadata. Every answer
// of the sign-in is a redirect; a failure lands on /login with authError=1 or authFail=1 (SPEC §8).

const slugParams = z.object({ slug: z.string().min(1).max(100) });

export const samlRoutes: FastifyPluginAsyncZod = async (app) => {
  // The IdP posts its response as a form; registered here, only these routes read forms.
  await app.register(formbody);

  app.get(
    '/auth/saml/:slug',
    {
      schema: {
        params: slugParams,
        querystring: z.object({ after: z.string().max(2000).optional() }),
        hide: true,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { slug } = req.params;
      const zone = await findSignInZone(app.db, slug);
      const settings = zone && (await loadSamlSettings(app.db, zone));
      // Nobody was refused yet (no identity came back): not audited, or anyone could fill the log.
      if (!zone || !settings) return reply.redirect(loginUrl({ slug, authError: true }));
      const to = await startSamlSignIn(app.db, app.config, { zone, slug, settings, after: req.query.after });
      return reply.redirect(to);
    },
  );

  app.post('/auth/saml/:slug/acs', { schema: { params: slugParams, hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { slug } = req.params;
    const ctx = { requestId: String(req.id) };
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const samlResponse = typeof fields.SAMLResponse === 'string' ? fields.SAMLResponse : undefined;
    const relayState = typeof fields.RelayState === 'string' ? fields.RelayState : undefined;
    const zone = await findSignInZone(app.db, slug);
    if (!zone) return reply.redirect(loginUrl({ slug, authError: true }));
    const refuse = async (reason: string, detail?: string) =>
      reply.redirect(await refuseSignIn(app.db, ctx, { zone, slug, method: 'saml', reason, detail }));

    // Used before anything else is read: a response that fails still spends its sign-in.
    const request = relayState ? await takeSignInRequest(app.db, zone, 'saml', relayState) : undefined;
    if (!request) return refuse('state', 'RelayState unknown, expired or already used');
    const settings = await loadSamlSettings(app.db, zone);
    if (!settings) return refuse('disabled', 'SAML is not enabled or not configured');
    if (!samlResponse) return refuse('response', 'No SAMLResponse');
    try {
      const to = await acceptSamlResponse(app.db, app.config, ctx, {
        zone,
        slug,
        settings,
        request,
        samlResponse,
      });
      return reply.redirect(to);
    } catch (err) {
      if (err instanceof SamlRefusal) return refuse(err.reason, err.message);
      req.log.error({ err }, 'SAML sign-in failed');
      return refuse('error', err instanceof Error ? err.message : String(err));
    }
  });

  const metadata = async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const zone = await findSignInZone(app.db, req.params.slug);
    if (!zone) throw notFound('Unknown organisation');
    const xml = spMetadataXml(spEndpoints(app.config, req.params.slug), await loadSpKey(app.db));
    return reply.type('application/samlmetadata+xml').send(xml);
  };
  app.get(
    '/api/auth/saml/:slug/metadata',
    { config: { auth: 'public' }, schema: { params: slugParams, response: { 404: errorSchema } } },
    metadata,
  );
  // The SP's entity id is this URL: IdPs that read metadata from the entity id find it here.
  app.get('/auth/saml/:slug/metadata', { schema: { params: slugParams, hide: true } }, metadata);
};
