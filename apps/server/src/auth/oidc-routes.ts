import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSignInZone } from './login';
import { OidcRefusal, acceptOidcCallback, loadOidcProvider, startOidcSignIn } from './oidc-signin';
import { loginUrl, refuseSignIn, takeSignInRequest } from './sso-finish';

// Issue 17, OpenID Connect ('Google'): the browser's way to the provider and back (/auth/google/…,
// outside /api: no slug header, no credentials: these are top-level navigations, SPEC §7). Every
// answer is a redirect; a failure lands on /login with authError=1 or authFail=1 (SPEC §8).

const slugParams = z.object({ slug: z.string().min(1).max(100) });

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/google/:slug',
    {
      schema: {
        params: slugParams,
        // authDomain is the console's brand domain (SPEC §2.1 /login): the provider needs none of it,
        // and the way back is this server's /login, so it is accepted and not used.
        querystring: z.object({
          authDomain: z.string().max(253).optional(),
          after: z.string().max(2000).optional(),
        }),
        hide: true,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { slug } = req.params;
      const zone = await findSignInZone(app.db, slug);
      const provider = zone && (await loadOidcProvider(app.db, zone));
      // Nobody was refused yet (no identity came back): not audited, or anyone could fill the log.
      if (!zone || !provider) return reply.redirect(loginUrl({ slug, authError: true }));
      const to = await startOidcSignIn(app.db, app.config, app.tokenSecret, {
        zone,
        slug,
        provider,
        after: req.query.after,
      });
      return reply.redirect(to);
    },
  );

  app.get(
    '/auth/google/:slug/callback',
    {
      schema: {
        params: slugParams,
        querystring: z.object({ state: z.string().max(2000).optional() }).loose(),
        hide: true,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { slug } = req.params;
      const ctx = { requestId: String(req.id) };
      const zone = await findSignInZone(app.db, slug);
      if (!zone) return reply.redirect(loginUrl({ slug, authError: true }));
      const refuse = async (reason: string, detail: string, person = false) => {
        const to = await refuseSignIn(app.db, ctx, { zone, slug, method: 'google', reason, detail });
        // A person the provider vouched for and Vigil will not sign in: 'Invalid login' (SPEC §8).
        return reply.redirect(person ? loginUrl({ slug, authFail: true }) : to);
      };

      // Used before anything else is read: a callback that fails still spends its sign-in.
      const state = req.query.state;
      const request = state ? await takeSignInRequest(app.db, zone, 'google', state) : undefined;
      if (!request) return refuse('state', 'State unknown, expired or already used');
      const provider = await loadOidcProvider(app.db, zone);
      if (!provider) return refuse('disabled', 'Google sign-in is not enabled or not configured');
      // The query as the provider sent it: openid-client reads code, state, iss or error from it.
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      try {
        const to = await acceptOidcCallback(app.db, app.config, app.tokenSecret, ctx, {
          zone,
          slug,
          provider,
          request,
          search,
        });
        return reply.redirect(to);
      } catch (err) {
        if (err instanceof OidcRefusal) return refuse(err.reason, err.message, err.person);
        req.log.error({ err }, 'OpenID sign-in failed');
        return refuse('error', err instanceof Error ? err.message : String(err));
      }
    },
  );
};
