import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ROLE_CAN_OVERRIDE,
  errorSchema,
  meQuerySchema,
  meSchema,
  userCreateBodySchema,
  userListSchema,
  userSchema,
  userStateBodySchema,
  userUpdateBodySchema,
  type Me,
} from '@vigil/domain';
import { roles, sessions, users } from '../db/schema';
import { HttpError, badRequest, forbidden } from '../platform/errors';
import { callerOf, actorOf } from '../platform/access';
import { writeAudit } from '../platform/audit';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users';
import type { Caller } from '../platform/caller';
import { resolveCaller } from '../auth';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me',
    {
      config: { auth: 'authenticated' },
      schema: { querystring: meQuerySchema, response: { 200: meSchema, 400: errorSchema, 403: errorSchema } },
    },
    async (req) => {
      let caller = callerOf(req);
      const wanted = req.query.role;
      if (wanted !== undefined && wanted !== caller.role) {
        if (caller.kind !== 'user' || !caller.sessionId || !mayOverrideRole(caller.baseRole)) {
          throw forbidden('Your role may not be overridden');
        }
        const [role] = await app.db.select().from(roles).where(eq(roles.id, wanted)).limit(1);
        if (!role) throw badRequest(`Unknown role ${wanted}`, 'role');
        const override = wanted === caller.baseRole ? null : wanted;
        await app.db.transaction(async (tx) => {
          await tx.update(sessions).set({ roleOverride: override }).where(eq(sessions.id, caller.sessionId!));
          await writeAudit(tx, actorOf(req), {
            entity: 'session',
            entityId: caller.sessionId!,
            action: 'update',
            before: { role: caller.role },
            after: { role: wanted },
          });
        });
        caller = await resolveCaller(app.db, {
          authorization: req.headers.authorization,
          org: caller.org,
          secret: app.tokenSecret,
        });
      }
      return toMe(caller, req.headers.domain as string | undefined);
    },
  );

  app.put(
    '/api/users/state',
    {
      config: { auth: 'authenticated' },
      schema: { body: userStateBodySchema, response: { 200: meSchema.shape.state, 403: errorSchema } },
    },
    async (req) => {
      const caller = callerOf(req);
      if (caller.kind !== 'user' || !caller.userId) {
        throw new HttpError(403, 'An API key session keeps no user state', 'no_user_state');
      }
      const userId = caller.userId;
      return app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ state: users.state })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const previous = (before?.state ?? {}) as { closedNotes?: Record<string, boolean> };
        const state = { ...previous, closedNotes: { ...previous.closedNotes, ...req.body.closedNotes } };
        await tx.update(users).set({ state, updatedAt: new Date() }).where(eq(users.id, userId));
        await writeAudit(tx, actorOf(req), {
          entity: 'user',
          entityId: userId,
          action: 'update',
          before: previous,
          after: state,
        });
        return { closedNotes: state.closedNotes };
      });
    },
  );
};

/** The Users screen (issue 4): list, read, create, edit and delete users inside the caller's scope. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      config: { permission: ['list', 'User'] },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: userListSchema, 400: errorSchema },
      },
    },
    async (req) => listUsers(app.db, callerOf(req).scope, req.query),
  );

  app.get(
    '/api/users/:id',
    {
      config: { permission: ['read', 'User'] },
      schema: { params: idParams, response: { 200: userSchema, 404: errorSchema } },
    },
    async (req) => getUser(app.db, callerOf(req).scope, req.params.id),
  );

  app.post(
    '/api/users',
    {
      config: { permission: ['update', 'User'] },
      schema: { body: userCreateBodySchema, response: { 200: userSchema, ...errors } },
    },
    async (req) => createUser(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: ['update', 'User'] },
      schema: { params: idParams, body: userUpdateBodySchema, response: { 200: userSchema, ...errors } },
    },
    async (req) => updateUser(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: ['delete', 'User'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteUser(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};

function toMe(caller: Caller, domain: string | undefined): Me {
  const zone = caller.zone.path.includes(caller.org.id) ? caller.zone : caller.org;
  return {
    id: caller.id,
    userId: caller.email,
    name: caller.name,
    role: caller.role,
    kind: caller.kind,
    zone: {
      id: zone.id,
      name: zone.name,
      level: zone.level,
      slug: caller.org.slug,
      domain: domain ?? null,
      config: { featureFlags: caller.flags },
      peers: caller.peers,
    },
    org: { id: caller.org.id, name: caller.org.name, slug: caller.org.slug },
    location: caller.location,
    state: { closedNotes: (caller.userState.closedNotes ?? {}) as Record<string, boolean> },
    canOverrideRole: caller.kind === 'user' && mayOverrideRole(caller.baseRole),
  };
}

/** SPEC §2.2: a role may be overridden for the session, by the roles ROLE_CAN_OVERRIDE names. */
function mayOverrideRole(baseRole: string): boolean {
  return (ROLE_CAN_OVERRIDE as readonly string[]).includes(baseRole);
}
