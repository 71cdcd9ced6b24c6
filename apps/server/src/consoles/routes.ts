import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consoleHeartbeatBodySchema,
  consoleListSchema,
  consoleSchema,
  consoleSnapshotBodySchema,
  consoleSnapshotCreatedSchema,
  consoleSnapshotListQuerySchema,
  consoleSnapshotListSchema,
  consoleSnapshotSchema,
  consoleUpdateBodySchema,
  errorSchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import {
  getConsole,
  getSnapshot,
  listConsoles,
  listSnapshots,
  recordHeartbeat,
  recordSnapshot,
  updateConsole,
} from './consoles';
import { consoleListSpec } from './consoles';
import { listQueryString } from '../platform/list/query-string';

const idParams = z.object({ id: z.string().max(100) });
const snapParams = z.object({ id: z.string().max(100), snap: z.string().max(100) });
/** Room for a 64 KB snapshot and its envelope; beyond it the body is refused with 413 unread. */
const SNAPSHOT_BODY_LIMIT = 128 * 1024;
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §3 Console, §7 Consoles: console identity. */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in console beats and reads its own name, whatever the role (SPEC §2.6 nav bar).
  app.post(
    '/api/consoles/:id/heartbeats',
    {
      config: { auth: 'authenticated' },
      schema: {
        params: idParams,
        body: consoleHeartbeatBodySchema,
        response: { 200: consoleSchema, ...errors },
      },
    },
    async (req) => recordHeartbeat(app.db, actorOf(req), req.params.id, req.body),
  );

  app.get(
    '/api/consoles/:id',
    {
      config: { auth: 'authenticated' },
      schema: { params: idParams, response: { 200: consoleSchema, 404: errorSchema } },
    },
    async (req) => getConsole(app.db, callerOf(req).org.id, req.params.id),
  );

  app.get(
    '/api/consoles',
    {
      config: { permission: ['list', 'Console'] },
      schema: {
        querystring: listQueryString(consoleListSpec),
        response: { 200: consoleListSchema, 400: errorSchema },
      },
    },
    async (req) => listConsoles(app.db, callerOf(req).org.id, req.query),
  );

  app.put(
    '/api/consoles/:id',
    {
      config: { permission: ['update', 'Console'] },
      schema: {
        params: idParams,
        body: consoleUpdateBodySchema,
        response: { 200: consoleSchema, ...errors },
      },
    },
    async (req) => updateConsole(app.db, actorOf(req), req.params.id, req.body),
  );

  // SPEC §7 snapshots: any signed-in console posts its own (as it beats), read Console reads them.
  app.post(
    '/api/consoles/:id/snapshots',
    {
      config: { auth: 'authenticated' },
      bodyLimit: SNAPSHOT_BODY_LIMIT,
      schema: {
        params: idParams,
        body: consoleSnapshotBodySchema,
        response: { 201: consoleSnapshotCreatedSchema, 400: errorSchema, 404: errorSchema, 413: errorSchema },
      },
    },
    async (req, reply) => {
      const created = await recordSnapshot(app.db, callerOf(req).org.id, req.params.id, req.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/consoles/:id/snapshots',
    {
      config: { permission: ['read', 'Console'] },
      schema: {
        params: idParams,
        querystring: consoleSnapshotListQuerySchema,
        response: { 200: consoleSnapshotListSchema, ...errors },
      },
    },
    async (req) => listSnapshots(app.db, callerOf(req).org.id, req.params.id, req.query),
  );

  app.get(
    '/api/consoles/:id/snapshots/:snap',
    {
      config: { permission: ['read', 'Console'] },
      schema: { params: snapParams, response: { 200: consoleSnapshotSchema, ...errors } },
    },
    async (req) => getSnapshot(app.db, callerOf(req).org.id, req.params.id, req.params.snap),
  );
};
