import type { FastifyPluginAsync } from 'fastify';
import { workRetention } from './daily-job';

/**
 * Issue 19 Retention: no routes (the settings are the organisation zone's config, set through the
 * zone PUT); this instance's share of the daily retention job, when the app runs jobs.
 */
export const retentionRoutes: FastifyPluginAsync = async (app) => {
  if (!app.jobs) return;
  const closing = new AbortController();
  // Before the job queue's own stop, which waits for running handlers: a run stops between batches.
  app.addHook('preClose', async () => closing.abort());
  await workRetention({ db: app.db, jobs: app.jobs, log: app.log, signal: closing.signal });
};
