import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authCodeExchangeBodySchema, errorSchema, tokenDataSchema } from '@vigil/domain';
import { exchangeAuthCode } from './exchange';

// Issue 17: the end shared by every single sign-on (SAML, OpenID). The browser comes back to
// /login?authCode=…; the console trades the code here for the tokens a password sign-in answers.

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/exchange',
    {
      config: { auth: 'login' },
      schema: {
        body: authCodeExchangeBodySchema,
        response: { 200: tokenDataSchema, 401: errorSchema },
      },
    },
    async (req) =>
      exchangeAuthCode(app.db, req.body.code, req.org!, {
        secret: app.tokenSecret,
        accessTtlS: app.config.accessTokenTtlS,
        refreshTtlS: app.config.refreshTokenTtlS,
      }),
  );
};
