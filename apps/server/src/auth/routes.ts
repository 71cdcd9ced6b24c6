import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authConfigQuerySchema,
  authConfigSchema,
  errorSchema,
  mobileTokenSchema,
  passwordLoginBodySchema,
  tokenDataSchema,
  tokenRefreshQuerySchema,
} from '@vigil/domain';
import { HttpError, notFound, unauthorized } from '../platform/errors';
import { actorOf, callerOf } from '../platform/access';
import { checkPasswordLogin, findSignInZone, signInMethods } from './login';
import { refreshSession, revokeSession, startSession } from './sessions';
import { isMobileToken, issueMobileToken, redeemMobileToken } from './mobile-token';
import { signInLabels } from './provider-oidc';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenOptions = (expiresIn?: number) => ({
    secret: app.tokenSecret,
    accessTtlS: expiresIn ?? app.config.accessTokenTtlS,
    refreshTtlS: app.config.refreshTokenTtlS,
  });

  app.get(
    '/api/auth/config',
    {
      config: { auth: 'public' },
      schema: { querystring: authConfigQuerySchema, response: { 200: authConfigSchema, 404: errorSchema } },
    },
    async (req) => {
      // An organisation, or a site with its own slug and sign-in methods (issue 17).
      const zone = await findSignInZone(app.db, req.query.authSlug || app.config.defaultSlug);
      if (!zone) throw notFound('Unknown organisation');
      const labels = await signInLabels(app.db, zone);
      return {
        methods: signInMethods(zone) as never,
        slug: zone.slug ?? '',
        name: zone.name,
        ...(labels ? { labels } : {}),
      };
    },
  );

  app.post(
    '/api/auth/password/:slug',
    {
      config: { auth: 'login' },
      schema: {
        params: z.object({ slug: z.string().max(100) }),
        querystring: z.object({ after: z.string().max(2000).optional() }),
        body: passwordLoginBodySchema,
        response: { 200: tokenDataSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (req) => {
      // The zone whose login screen this is: its methods decide, and its users (or staff above it) may sign in.
      const zone = await findSignInZone(app.db, req.params.slug);
      if (!zone) throw unauthorized('Unknown organisation');
      if (!signInMethods(zone).includes('password')) {
        throw new HttpError(403, 'Password sign-in is not enabled for this organisation', 'method_disabled');
      }
      const userId = await checkPasswordLogin(app.db, zone, { ...req.body, client: req.ip });
      return startSession(app.db, userId, tokenOptions());
    },
  );

  app.get(
    '/api/auth/token',
    {
      config: { auth: 'login' },
      schema: { querystring: tokenRefreshQuerySchema, response: { 200: tokenDataSchema, 401: errorSchema } },
    },
    async (req) => {
      const [scheme, token] = (req.headers.authorization ?? '').split(' ', 2);
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Missing refresh token');
      // A mobile login token (SPEC §7) is redeemed once for a session of its own; see mobile-token.ts.
      if (isMobileToken(token)) {
        const request = { requestId: String(req.id), orgId: req.org!.id };
        return redeemMobileToken(app.db, token, tokenOptions(req.query.expiresIn), request);
      }
      return refreshSession(app.db, token, tokenOptions(req.query.expiresIn));
    },
  );

  app.post(
    '/api/auth/mobile-token',
    {
      // SPEC §2.6: 'Login to mobile' needs update on Alert and the zone flag showProtectAppQrLogin.
      config: {
        auth: 'authenticated',
        permission: ['update', 'Alert'],
        featureFlag: 'showProtectAppQrLogin',
      },
      schema: { response: { 200: mobileTokenSchema, 401: errorSchema, 403: errorSchema } },
    },
    async (req) => issueMobileToken(app.db, actorOf(req), { publicUrl: app.config.publicUrl }),
  );

  app.post(
    '/api/auth/logout',
    { config: { auth: 'authenticated' }, schema: { response: { 204: z.null(), 401: errorSchema } } },
    async (req, reply) => {
      const caller = callerOf(req);
      if (caller.sessionId) await revokeSession(app.db, caller.sessionId);
      return reply.code(204).send(null);
    },
  );
};
