import fp from 'fastify-plugin';
import type { Permission } from '@vigil/domain';
import { HttpError, badRequest, forbidden, unauthorized } from './errors';
import type { Db } from './db/client';
import type { Actor, Caller, ZoneRow } from './caller';
import { findOrgBySlug } from './organisations';

/** How a route is reached: every /api route declares one, or the server refuses to start. */
export type RouteAccess = {
  /** (action, subject[, field]) of SPEC §6, checked against the caller's ability. */
  permission?: Permission;
  /**
   * 'public': no headers, no credentials. 'login': `slug`/`domain` headers but no credentials.
   * 'authenticated': any signed-in caller, noAccess included.
   */
  auth?: 'public' | 'login' | 'authenticated';
  /** A zone feature flag (SPEC §6) that must be on for the caller. */
  featureFlag?: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    caller?: Caller;
    /** The organisation named by the `slug` header. */
    org?: ZoneRow;
  }
}

/** Authenticates a request's credentials for an organisation (the auth area provides it). */
export type CallerResolver = (
  db: Db,
  opts: { authorization?: string; org: ZoneRow; secret: string },
) => Promise<Caller>;

/** Checks every route's declared access in one place (STYLE: permission is declared, not coded). */
export const accessPlugin = fp<{ resolveCaller: CallerResolver }>(async (app, { resolveCaller }) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const config = (route.config ?? {}) as RouteAccess;
    if (!config.permission && !config.auth) {
      throw new Error(`Route ${route.method} ${route.url} declares neither permission nor auth`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config as RouteAccess;
    if (!req.routeOptions.url || !req.routeOptions.url.startsWith('/api')) return;
    if (config.auth === 'public') return;

    const slug = header(req.headers.slug);
    const domain = header(req.headers.domain);
    if (!slug) throw badRequest('Missing slug header', 'slug');
    if (!domain) throw badRequest('Missing domain header', 'domain');
    const org = await findOrgBySlug(app.db, slug);
    if (!org) throw unauthorized('Unknown organisation');
    req.org = org;
    if (config.auth === 'login') return;

    const caller = await resolveCaller(app.db, {
      authorization: req.headers.authorization,
      org,
      secret: app.tokenSecret,
    });
    req.caller = caller;
    if (config.permission) {
      const [action, subject, field] = config.permission;
      if (!caller.ability.can(action, subject, field)) {
        throw forbidden(`Not allowed to ${action} ${subject}${field ? ` ${field}` : ''}`);
      }
    }
    if (config.featureFlag && !caller.flags[config.featureFlag]) {
      throw new HttpError(403, `The ${config.featureFlag} feature is off for this zone`, 'feature_off');
    }
  });
});

function header(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() || undefined;
}

/** The authenticated caller of a route that declared a permission or `authenticated`. */
export function callerOf(req: { caller?: Caller }): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}

/** The caller and request id an operation needs (to authorise, scope and audit), not the request. */
export function actorOf(req: { caller?: Caller; id: string }): Actor {
  return { caller: callerOf(req), requestId: String(req.id) };
}
