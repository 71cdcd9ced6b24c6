import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportRoutineSchema,
  reportRoutinesSchema,
  routineRunAnswerSchema,
  routineRunBodySchema,
} from '@vigil/domain';
import { analyticsCache, timeZoneOf } from '../analytics';
import { callerOf } from '../platform/access';
import type { Caller } from '../platform/caller';
import { withStartupLock } from '../platform/db/client';
import { HttpError, forbidden } from '../platform/errors';
import { listRoutines } from './routine-catalog';
import { installShippedRoutines, messageOf } from './routine-install';
import { runRoutine } from './routine-run';

type SandboxState = { ready: true } | { ready: false; reason: string };

/**
 * SPEC §7 "POST bigquery/routines/analytics …; analytics cache expires at local midnight": the
 * shipped `analytics` routine's answer is kept per organisation until its next local midnight.
 */
const MIDNIGHT_CACHED_ROUTINES: ReadonlySet<string> = new Set(['analytics']);

// Issue 18: the stored report routines (SPEC §7 bigquery/routines; docs/DEPLOYMENT.md 'Stored
// report routines'). The sandbox and the shipped routines are installed as the server starts.
export const routineRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = await prepareRoutines(app);

  app.get(
    '/api/bigquery/routines',
    {
      schema: { response: { 200: reportRoutinesSchema } },
      config: { permission: ['read', 'Report'] },
    },
    async () => ({ data: await listRoutines(app.db) }),
  );

  app.post(
    '/api/bigquery/routines/:id',
    {
      schema: {
        params: z.object({ id: reportRoutineSchema.shape.id }),
        body: routineRunBodySchema,
        response: { 200: routineRunAnswerSchema },
      },
      config: { permission: ['read', 'Report'] },
    },
    async (req) => {
      const caller = callerOf(req);
      checkRoutineCaller(caller, req.body.args[0]);
      if (!sandbox.ready) {
        throw new HttpError(
          503,
          `Report routines are not available: ${sandbox.reason}`,
          'routines_unavailable',
        );
      }
      const { id } = req.params;
      const run = () => runRoutine(app.database, { id, orgId: caller.org.id });
      if (!MIDNIGHT_CACHED_ROUTINES.has(id)) return run();
      return analyticsCache.get(`routine:${id}:${caller.org.id}`, timeZoneOf(caller.org), run);
    },
  );
};

/**
 * SPEC §7 `{args: [org]}`: the organisation must be the caller's own (its slug, or its id), and a
 * routine answers for the whole of it, so the caller must hold the whole of it.
 */
function checkRoutineCaller(caller: Caller, org: string): void {
  if (org !== caller.org.slug && org !== caller.org.id) {
    throw forbidden(`A routine runs only for your own organisation (${caller.org.slug ?? caller.org.id})`);
  }
  if (!caller.scope.roots.includes(caller.org.id)) {
    throw forbidden('A routine answers for the whole organisation, and you hold only part of it');
  }
}

/** Installs the sandbox and the shipped routines, one instance at a time; a failure turns routines off. */
async function prepareRoutines(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<SandboxState> {
  try {
    const { failed } = await withStartupLock(app.database, (db) => installShippedRoutines(db));
    for (const { file, reason } of failed)
      app.log.error({ file, reason }, 'a shipped report routine was not installed');
    return { ready: true };
  } catch (err) {
    const reason = messageOf(err);
    app.log.warn({ reason }, 'report routines are off: their sandbox could not be installed');
    return { ready: false, reason };
  }
}
