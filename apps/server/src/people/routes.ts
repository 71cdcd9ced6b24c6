import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  peopleImportBodySchema,
  peopleImportRefusalSchema,
  peopleImportResultSchema,
  personBodySchema,
  personListSchema,
  personSchema,
} from '@vigil/domain';
import { callerOf, actorOf } from '../platform/access';
import { createPerson, deletePerson, updatePerson } from './write-person';
import { getPerson, listPeople } from './list-people';
import { importPeople } from './import-people';
import { LIST_SPECS } from './list-people';
import { listQueryString } from '../platform/list/query-string';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
/** Room for the import's 5 MB of CSV text, escaped inside its JSON body. */
const IMPORT_BODY_LIMIT = 12 * 1024 * 1024;

/** SPEC §3 Person, §5 people import, §6 e-mail visibility, §7 GET people. */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/people',
    {
      config: { permission: ['list', 'Person'] },
      schema: {
        querystring: listQueryString(LIST_SPECS.withEmail),
        response: { 200: personListSchema, 400: errorSchema },
      },
    },
    async (req) => listPeople(app.db, callerOf(req), req.query),
  );

  app.get(
    '/api/people/:id',
    {
      config: { permission: ['read', 'Person'] },
      schema: { params: idParams, response: { 200: personSchema, 404: errorSchema } },
    },
    async (req) => getPerson(app.db, callerOf(req), req.params.id),
  );

  app.post(
    '/api/people',
    {
      config: { permission: ['update', 'Person'] },
      schema: { body: personBodySchema, response: { 200: personSchema, ...errors } },
    },
    async (req) => createPerson(app.db, actorOf(req), req.body),
  );

  app.post(
    '/api/people/import',
    {
      config: { permission: ['update', 'Person'] },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        body: peopleImportBodySchema,
        response: { 200: peopleImportResultSchema, 400: peopleImportRefusalSchema, 403: errorSchema },
      },
    },
    async (req) => importPeople(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/people/:id',
    {
      config: { permission: ['update', 'Person'] },
      schema: { params: idParams, body: personBodySchema, response: { 200: personSchema, ...errors } },
    },
    async (req) => updatePerson(app.db, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/people/:id',
    {
      config: { permission: ['delete', 'Person'] },
      schema: { params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deletePerson(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
