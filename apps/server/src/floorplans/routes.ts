import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  jsonObjectSchema,
  planBearingBodySchema,
  planJobRefSchema,
  planJobStatusSchema,
  planThumbnailBodySchema,
  planTileBodySchema,
  planUploadResultSchema,
  zoneSchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { uploadPlan } from './upload-plan';
import { startThumbnailJob, startTileJob } from './start-plan-job';
import { cancelPlanJob, planJobStatus } from './plan-job-status';
import { workPlanJobs } from './plan-workers';
import { savePlanBearing } from './save-bearing';

const floorParams = z.object({ floorId: z.string().max(100) });
const jobParams = floorParams.extend({ job: z.string().max(100) });
const statusAnswer = planJobStatusSchema.extend({ result: jsonObjectSchema.optional() });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema };

/** SPEC §7 Zones Plan: a floor's plan image, and the thumbnail and tile jobs that make it a map layer. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only for these routes; the image size limit is the upload's own (plan-reasons.ts).
  await app.register(fastifyMultipart);
  await workPlanJobs(app);

  app.post(
    '/api/zones/:floorId/plan/upload',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: floorParams, response: { 200: planUploadResultSchema, ...errors, 413: errorSchema } },
    },
    async (req) =>
      uploadPlan(app.db, app.config.dataDir, actorOf(req), req.params.floorId, {
        declaredBytes: Number(req.headers['content-length']),
        isMultipart: req.isMultipart(),
        filePart: (limits) => req.file({ limits }),
      }),
  );

  app.post(
    '/api/zones/:floorId/plan/thumbnail',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: {
        params: floorParams,
        body: planThumbnailBodySchema,
        response: { 200: planJobRefSchema, ...errors, 503: errorSchema },
      },
    },
    async (req) => startThumbnailJob(app, actorOf(req), req.params.floorId, req.body),
  );

  app.post(
    '/api/zones/:floorId/plan/tile',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: {
        params: floorParams,
        body: planTileBodySchema,
        response: { 200: planJobRefSchema, ...errors, 503: errorSchema },
      },
    },
    async (req) => startTileJob(app, actorOf(req), req.params.floorId, req.body),
  );

  app.get(
    '/api/zones/:floorId/plan/status/:job',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: jobParams, response: { 200: statusAnswer, ...errors } },
    },
    async (req) => planJobStatus(app.db, callerOf(req).scope, req.params.floorId, req.params.job),
  );

  /** Cancels a plan job (SPEC §4 'cancel is possible'); answers its status, no longer running. */
  app.delete(
    '/api/zones/:floorId/plan/status/:job',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: jobParams, response: { 200: statusAnswer, ...errors } },
    },
    async (req) => cancelPlanJob(app.db, app.jobs, callerOf(req).scope, req.params.floorId, req.params.job),
  );

  /** SPEC §4: a plan's rotation is the floor's planBearing, saved by whoever may edit floor plans. */
  app.put(
    '/api/zones/:floorId/plan/bearing',
    {
      config: { permission: ['update', 'FloorPlan'] },
      schema: { params: floorParams, body: planBearingBodySchema, response: { 200: zoneSchema, ...errors } },
    },
    async (req) => savePlanBearing(app.db, actorOf(req), req.params.floorId, req.body),
  );
};
