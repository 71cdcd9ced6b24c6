import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  homeVisitCreateBodySchema,
  homeVisitListSchema,
  homeVisitOptionsSchema,
  homeVisitSchema,
  homeVisitUpdateBodySchema,
  homeVisitsQuerySchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { getVisit, listVisits, visitOptions } from './list-visits';
import { checkIn, checkOut, createVisit, updateVisit } from './write-visits';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const answers = { response: { 200: homeVisitSchema, ...errors } };

/**
 * Issue 20 "Home visits" (SPEC HomeVisit, §6 HomeVisit subject): plan visits of remote staff to
 * patients' homes (zones of category home), and check in and out of them from the console or a
 * staff member's app (a remotePerson user: their own visits, seesOwnVisitsOnly). SPEC §6 has no
 * create action: planning a visit takes update HomeVisit, as adding a person takes update Person.
 */
export const homeVisitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home-visits',
    {
      config: { permission: ['list', 'HomeVisit'] },
      schema: {
        querystring: homeVisitsQuerySchema,
        response: { 200: homeVisitListSchema, 400: errorSchema },
      },
    },
    async (req) => listVisits(app.db, callerOf(req), req.query),
  );

  app.get(
    '/api/home-visits/options',
    {
      config: { permission: ['update', 'HomeVisit'] },
      schema: { response: { 200: homeVisitOptionsSchema } },
    },
    async (req) => visitOptions(app.db, callerOf(req)),
  );

  app.post(
    '/api/home-visits',
    {
      config: { permission: ['update', 'HomeVisit'] },
      schema: { body: homeVisitCreateBodySchema, ...answers },
    },
    async (req) => createVisit(app.db, actorOf(req), req.body),
  );

  app.get(
    '/api/home-visits/:id',
    {
      config: { permission: ['read', 'HomeVisit'] },
      schema: { params: idParams, response: { 200: homeVisitSchema, 404: errorSchema } },
    },
    async (req) => getVisit(app.db, callerOf(req), req.params.id),
  );

  app.patch(
    '/api/home-visits/:id',
    {
      config: { permission: ['update', 'HomeVisit'] },
      schema: { params: idParams, body: homeVisitUpdateBodySchema, ...answers },
    },
    async (req) => updateVisit(app.db, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/home-visits/:id/check-in',
    { config: { permission: ['update', 'HomeVisit'] }, schema: { params: idParams, ...answers } },
    async (req) => checkIn(app.db, actorOf(req), req.params.id),
  );

  app.post(
    '/api/home-visits/:id/check-out',
    { config: { permission: ['update', 'HomeVisit'] }, schema: { params: idParams, ...answers } },
    async (req) => checkOut(app.db, actorOf(req), req.params.id),
  );
};
