import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import {
  errorSchema,
  isRoleName,
  listSchema,
  roleCreateBodySchema,
  roleDetailSchema,
  roleListItemSchema,
  roleUpdateBodySchema,
} from '@vigil/domain';
import { roles } from '../db/schema';
import { callerOf, actorOf } from '../platform/access';
import { createRole, deleteRole, getRole, updateRole } from './roles';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Roles are global to the installation (SPEC §3 Role); writing them needs update/delete Role. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every role to a caller who may list Role; otherwise only the caller's own (SPEC §7 GET /roles). */
  app.get(
    '/api/roles',
    { config: { auth: 'authenticated' }, schema: { response: { 200: listSchema(roleListItemSchema) } } },
    async (req) => {
      const caller = callerOf(req);
      const rows = caller.ability.can('list', 'Role')
        ? await app.db.select().from(roles).orderBy(asc(roles.id))
        : await app.db.select().from(roles).where(eq(roles.id, caller.role));
      return {
        data: rows.map((r) => ({ id: r.id, abilities: r.abilities, builtIn: isRoleName(r.id) })),
        total: rows.length,
      };
    },
  );

  app.get(
    '/api/roles/:id',
    {
      config: { permission: ['read', 'Role'] },
      schema: { params: idParams, response: { 200: roleDetailSchema, 404: errorSchema } },
    },
    async (req) => getRole(app.db, callerOf(req).scope, req.params.id),
  );

  app.post(
    '/api/roles',
    {
      config: { permission: ['update', 'Role'] },
      schema: { body: roleCreateBodySchema, response: { 200: roleDetailSchema, ...errors } },
    },
    async (req) => createRole(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { permission: ['update', 'Role'] },
      schema: {
        params: idParams,
        body: roleUpdateBodySchema,
        response: { 200: roleDetailSchema, ...errors },
      },
    },
    async (req) => updateRole(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { permission: ['delete', 'Role'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteRole(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
