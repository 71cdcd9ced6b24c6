import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { listSchema, roleSchema } from '@vigil/domain';
import { roles } from '../db/schema';
import { callerOf } from '../plugins/access';

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Every role to a caller who may list Role; otherwise only the caller's own (SPEC §7 GET /roles). */
  app.get(
    '/api/roles',
    { config: { auth: 'authenticated' }, schema: { response: { 200: listSchema(roleSchema) } } },
    async (req) => {
      const caller = callerOf(req);
      const rows = caller.ability.can('list', 'Role')
        ? await app.db.select().from(roles).orderBy(asc(roles.id))
        : await app.db.select().from(roles).where(eq(roles.id, caller.role));
      return { data: rows.map((r) => ({ id: r.id, abilities: r.abilities })), total: rows.length };
    },
  );
};
