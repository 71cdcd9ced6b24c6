import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { matchRoute } from '@vigil/domain/routes';
import { publicBase, type Config } from './platform/config';
import { openDatabase, type Database, type Db } from './platform/db/client';
import { accessPlugin } from './platform/access';
import { errorsPlugin } from './platform/error-handler';
import { nulGuardPlugin } from './platform/nul-guard';
import { requestLogPlugin } from './platform/request-log';
import { loadTokenSecret } from './platform/settings';
import { createJobQueue, type JobQueue } from './platform/jobs';
import { RealtimeBus, pruneOutbox } from './platform/realtime/bus';
import { NotificationWorker, channelSettingsFrom } from './notifications';
import { AREA_ROUTES } from './areas';
import { EscalationScheduler } from './alerts';
import { VisitOverdueSweeper } from './home-visits';
import { resolveCaller } from './auth';
import { pruneButtonEvents } from './ingest';
import { pruneSightings } from './sightings';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    tokenSecret: string;
    /** Durable background work; absent when built with `jobs: false`. */
    jobs: JobQueue | undefined;
    /** The realtime bus over the outbox (SSE fan-out across instances). */
    realtime: RealtimeBus;
    /** Alert escalation triggers of this instance; absent when built with `escalation: false`. */
    escalation: EscalationScheduler | undefined;
  }
}

export type BuildOptions = {
  /** An already open database (tests share one); else one is opened from config. */
  database?: Database;
  /** Whether closing the app closes the database too (default: when the app opened it). */
  ownsDatabase?: boolean;
  logger?: boolean | object;
  /** Start the job queue (off in API tests that do not need it). */
  jobs?: boolean;
  /** Run alert escalation (timers, sweep, job worker) and housekeeping on this instance. Default true. */
  escalation?: boolean;
  /** Run the notification workers (fan-out and delivery, issue 16) on this instance. Default true. */
  notifications?: boolean;
};

/** How often old button events, outbox rows, sighting batches and tag moves are pruned. */
const HOUSEKEEPING_MS = 10 * 60_000;

/** Builds the Vigil server: API under /api, OpenAPI at /docs, and the built console at /. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    genReqId: (req) =>
      (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || crypto.randomUUID(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    bodyLimit: 1024 * 1024,
    // One line per request (requestLogPlugin) instead of Fastify's two, at the level it deserves.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('tokenSecret', await loadTokenSecret(database.db));
  const jobs = opts.jobs === false ? undefined : await createJobQueue(database.sql, { log: app.log });
  app.decorate('jobs', jobs);
  const realtime = new RealtimeBus(database, app.log);
  await realtime.start();
  app.decorate('realtime', realtime);

  const escalation =
    opts.escalation === false ? undefined : new EscalationScheduler(database.db, jobs, app.log);
  app.decorate('escalation', escalation);
  let housekeeping: NodeJS.Timeout | undefined;
  let pruning: Promise<unknown> | undefined;
  // Issue 20: the lone-worker timer of home visits, swept like escalation on every instance.
  const visitSweeper = escalation ? new VisitOverdueSweeper(database.db, app.log) : undefined;
  if (escalation) {
    await escalation.start();
    await visitSweeper?.start();
    const prune = () => {
      pruning ??= Promise.all([
        pruneButtonEvents(database.db),
        pruneOutbox(database.db),
        pruneSightings(database.db),
      ])
        .catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'))
        .finally(() => (pruning = undefined));
    };
    prune();
    housekeeping = setInterval(prune, HOUSEKEEPING_MS);
    housekeeping.unref();
  }

  const notifying =
    opts.notifications === false
      ? undefined
      : new NotificationWorker({
          db: database.db,
          secret: app.tokenSecret,
          publicBase: publicBase(config),
          settings: channelSettingsFrom(config.notify),
          digestHour: Number(config.notify.NOTIFY_DIGEST_HOUR ?? 7),
          ...(config.notify.NOTIFY_LEASE_MS ? { leaseMs: Number(config.notify.NOTIFY_LEASE_MS) } : {}),
          bus: realtime,
          log: app.log,
        });
  notifying?.start();

  app.addHook('onClose', async () => {
    await notifying?.stop();
    if (housekeeping) clearInterval(housekeeping);
    await pruning;
    await visitSweeper?.stop();
    await escalation?.stop();
    await realtime.stop();
    await jobs?.stop();
    if (opts.ownsDatabase ?? !opts.database) await database.close();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    return payload;
  });

  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  await app.register(nulGuardPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Vigil API', version: '0.1.0', description: 'Console API (SPEC §7) of Vigil' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(accessPlugin, { resolveCaller });

  for (const routes of AREA_ROUTES) await app.register(routes);

  await registerConsole(app, config);
  return app;
}

/**
 * Serves the built console with an SPA fallback: every other GET answers index.html, and the
 * console routes it. Never an `/api` path, nor a missing file (see isMissingFile): a browser
 * asking for /favicon.png or an old build's script gets a 404, not a page it cannot use.
 */
async function registerConsole(app: FastifyInstance, config: Config): Promise<void> {
  const dir = config.consoleDir;
  const index = dir ? path.join(dir, 'index.html') : undefined;
  const hasConsole = !!index && fs.existsSync(index);
  if (hasConsole && dir) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: true,
      index: ['index.html'],
      setHeaders: (res, file) => {
        const name = path.basename(file);
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (name === 'hash.json' || name === 'sw.js' || name.endsWith('.html')) {
          res.header('cache-control', 'no-store');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const api = url === '/api' || url.startsWith('/api/');
    if (api || !hasConsole || req.method !== 'GET' || isMissingFile(url)) {
      return reply.code(404).send({ reason: 'Not found', code: 'not_found' });
    }
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(fs.createReadStream(index as string));
  });
}

/**
 * A path that names a file (its last segment has an extension, as /missing.js does) and that no
 * console route takes: a route's parameter may hold a dot (a sign-in link's token), and that
 * path is still the console's. Under /assets/, the build's folder, a file name is always a file:
 * an old build's script must fail as a 404, though the asset screen's /assets/:id matches it.
 */
function isMissingFile(url: string): boolean {
  const last = url.slice(url.lastIndexOf('/') + 1);
  if (!/\.[A-Za-z0-9]+$/.test(last)) return false;
  return url.startsWith('/assets/') || !matchRoute(url);
}
