import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import {
  errorSchema,
  uuidSchema,
  zoneCreateBodySchema,
  zoneGetQuerySchema,
  zoneListSchema,
  zoneSchema,
  zoneUpdateBodySchema,
} from '@vigil/domain';
import { zones } from '../db/schema';
import { notFound } from '../platform/errors';
import { callerOf, actorOf } from '../platform/access';
import { findZone, findZones, toZone, zoneContext } from './zones';
import { createZone, deleteZone, exportZones, listZones, updateZone } from './zone-writes';

const idParams = z.object({ id: z.string().max(100) });
const linkSchema = z.object({ url: z.string(), expiresAt: z.string() });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/zones',
    {
      config: { permission: ['list', 'Zone'] },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: zoneListSchema, 400: errorSchema },
      },
    },
    async (req) => listZones(app.db, callerOf(req).scope, req.query),
  );

  app.get(
    '/api/zones/export',
    {
      config: { permission: ['read', 'Zone'], featureFlag: 'export' },
      schema: { response: { 200: linkSchema, ...errors } },
    },
    async (req) => exportZones(app, actorOf(req)),
  );

  app.get(
    '/api/zones/:id',
    {
      config: { permission: ['read', 'Zone'] },
      schema: {
        params: idParams,
        querystring: zoneGetQuerySchema,
        response: { 200: zoneSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const { scope } = callerOf(req);
      const zone = uuidSchema.safeParse(req.params.id).success
        ? await findZone(app.db, scope, req.params.id)
        : undefined;
      if (!zone) throw notFound('Zone not found');
      const children = req.query.children
        ? (await findZones(app.db, scope, eq(zones.parentId, zone.row.id))).map((c) =>
            toZone(c.row, c.isLeaf),
          )
        : undefined;
      const context = req.query.context ? await zoneContext(app.db, zone.row, scope) : undefined;
      const peerZones =
        req.query.peers && zone.row.peers.length
          ? (await findZones(app.db, scope, inArray(zones.id, zone.row.peers))).map((p) =>
              toZone(p.row, p.isLeaf),
            )
          : req.query.peers
            ? []
            : undefined;
      return { ...toZone(zone.row, zone.isLeaf, { children, context }), ...(peerZones ? { peerZones } : {}) };
    },
  );

  app.post(
    '/api/zones',
    {
      config: { permission: ['update', 'Zone'] },
      schema: { body: zoneCreateBodySchema, response: { 200: zoneSchema, ...errors } },
    },
    async (req) => createZone(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/zones/:id',
    {
      config: { permission: ['update', 'Zone'] },
      schema: { params: idParams, body: zoneUpdateBodySchema, response: { 200: zoneSchema, ...errors } },
    },
    async (req) => updateZone(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/zones/:id',
    {
      config: { permission: ['delete', 'Zone'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteZone(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
