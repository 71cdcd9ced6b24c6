import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  distributionStationBodySchema,
  distributionStationListSchema,
  distributionStationSchema,
  errorSchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import { createStation, deleteStation, getStation, updateStation } from './stations';
import { listStations, stationListSpec } from './list-stations';
import { listQueryString } from '../platform/list/query-string';
import { badRequest } from '../platform/errors';

const idParams = z.object({ id: z.string().max(100) });

/**
 * A refused body (the route attaches its validation error): a refused scan mode answers SPEC §8's
 * own words, 'Invalid tag scan mode: <mode>'; anything else goes to the one error handler.
 */
function refuseInvalidBody(err: Error | undefined): void {
  if (!err) return;
  const first = (err as { validation?: { instancePath?: string; message?: string }[] }).validation?.[0];
  if (first?.instancePath === '/scanMode' && first.message) throw badRequest(first.message, 'scanMode');
  throw err;
}
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** SPEC §3 Distribution station; §7 GET distribution-station and /{id}, plus the admin list's writes. */
export const distributionStationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/distribution-station',
    {
      config: { permission: ['list', 'DistributionStation'] },
      schema: {
        querystring: listQueryString(stationListSpec),
        response: { 200: distributionStationListSchema, 400: errorSchema },
      },
    },
    async (req) => listStations(app.db, callerOf(req).scope, req.query),
  );

  app.get(
    '/api/distribution-station/:id',
    {
      config: { permission: ['read', 'DistributionStation'] },
      schema: { params: idParams, response: { 200: distributionStationSchema, 404: errorSchema } },
    },
    async (req) => getStation(app.db, callerOf(req).scope, req.params.id),
  );

  app.post(
    '/api/distribution-station',
    {
      config: { permission: ['update', 'DistributionStation'] },
      attachValidation: true,
      schema: {
        body: distributionStationBodySchema,
        response: { 200: distributionStationSchema, ...errors },
      },
    },
    async (req) => {
      refuseInvalidBody(req.validationError);
      return createStation(app.db, actorOf(req), req.body);
    },
  );

  app.put(
    '/api/distribution-station/:id',
    {
      config: { permission: ['update', 'DistributionStation'] },
      attachValidation: true,
      schema: {
        params: idParams,
        body: distributionStationBodySchema,
        response: { 200: distributionStationSchema, ...errors },
      },
    },
    async (req) => {
      refuseInvalidBody(req.validationError);
      return updateStation(app.db, actorOf(req), req.params.id, req.body);
    },
  );

  app.delete(
    '/api/distribution-station/:id',
    {
      config: { permission: ['delete', 'DistributionStation'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteStation(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
