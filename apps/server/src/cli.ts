#!/usr/bin/env node
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { describeConfig, isLoopback, loadConfig, type Config } from './platform/config';
import { openDatabase, withStartupLock, type Database } from './platform/db/client';
import { credentials, users, zones } from './db/schema';
import {
  ACME_ADMIN,
  DEMO_API_KEY,
  DEMO_GATEWAY_KEY,
  DEMO_PASSWORD,
  DEMO_USERS,
  SUPERADMIN,
  demoExists,
  seedBase,
  seedDemo,
} from './db/seed';
import { ScaleSeedRefused, seedScale } from './db/seed-scale';
import { seedAlerts } from './db/seed-alerts';
import { seedDemoHistory } from './db/seed-history';
import { hashPassword, randomSecret } from './platform/crypto';
import { copyRoutines } from './reports';
import { reportCommand } from './reports/routine-cli';
import { retentionCommand } from './retention';
import { backupCommand, exportToPostgresCommand, restoreCommand } from './platform/backup/commands';
import { AlreadyServing, isServing, startControlServer, type ControlServer } from './platform/backup/control';
import {
  SIMULATE_USAGE,
  formatReport,
  parseSimulateArgs,
  reportFailed,
  simulate,
  type SimulateOptions,
} from './simulate';

const HELP = `vigil — web console and API server of a staff-safety alert platform

Usage: vigil <command> [options]

Commands:
  serve                 Apply migrations, seed on first embedded start, serve API and console
  migrate               Apply database migrations and exit
  seed [--demo]         Create the root zone and roles; with --demo also the demo organisations
  seed --tags N --gateways M [--org demo]
                        Fill an organisation with N tags and M gateways (and their last 24 h of
                        heartbeats) for benchmarks and demos; the demo organisations are seeded
                        first when --org is demo. Refuses an organisation seeded this way before.
  seed --alerts N [--days 365] [--org demo]
                        Add N closed alerts over the last D days to an organisation (alert history
                        for analytics, its rollups rebuilt; with --tags and --gateways, after them)
  create-admin          Create an organisation admin: --email, --org <slug> [--org-name] [--name]
                        [--role admin] (prints a generated password unless --password is given)
  simulate              Drive a running server like a site: gateways heartbeating, tags pressing
                        (vigil simulate --help)
  backup --to FILE      Write a backup of the embedded database and its stored files (floor plans,
                        tiles) to FILE, taken while the server runs and ingests
  restore --from FILE   Restore a backup into DATA_DIR (the server stopped; a DATA_DIR that holds a
                        database is refused unless --force, which moves it aside)
  export-to-postgres --database-url URL [--from FILE]
                        Copy the embedded database (stopped), or a backup, into an empty PostgreSQL
                        database, and compare every table (docs/OPERATIONS.md)
  retention run [--org slug] [--dry-run]
                        Delete history older than each organisation's retention settings now, as
                        the daily job does (docs/OPERATIONS.md 'Retention'); --dry-run only counts
  report add FILE.sql   Install a stored report routine: one CREATE FUNCTION report_routines.<id>
                        (org uuid) RETURNS TABLE (…) LANGUAGE sql STABLE AS $$ … $$ (its leading
                        comment is its description). Embedded database: stop the server first.

Environment: PORT (8080), HOST (127.0.0.1: loopback only; 0.0.0.0 serves the network),
DATA_DIR (./data), DATABASE_URL (unset: embedded PGlite), PUBLIC_URL, LOG_LEVEL (info),
DEFAULT_SLUG (demo), ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, TOKEN_SECRET (else generated and
kept in the database), SEED_DEMO (true with neither DATABASE_URL nor HOST; never while HOST serves
the network: the demo users' password is published), METRICS_TOKEN / METRICS_PORT (unset: /metrics
is off; docs/OPERATIONS.md).
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (OPENS_EMBEDDED.has(command ?? '') && !config.databaseUrl && (await isServing(config.dataDir))) {
    console.error(
      `A Vigil server is running on the embedded database in ${config.dataDir}: stop it before ` +
        `\`vigil ${command}\` (two processes on one embedded database would damage it)`,
    );
    process.exitCode = 2;
    return;
  }
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate': {
      const db = await openDatabase(config);
      await seedBase(db.db);
      await db.close();
      console.log('migrations applied');
      return;
    }
    case 'seed':
      return seed(rest);
    case 'create-admin':
      return createAdmin(rest);
    case 'simulate':
      return runSimulate(rest);
    case 'report':
      process.exitCode = await reportCommand(rest);
      return;
    case 'retention':
      process.exitCode = await retentionCommand(rest);
      return;
    case 'backup':
      process.exitCode = await backupCommand(rest, config);
      return;
    case 'restore':
      process.exitCode = await restoreCommand(rest, config);
      return;
    case 'export-to-postgres':
      process.exitCode = await exportToPostgresCommand(rest, config, { copyExtras: copyRoutines });
      return;
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      console.log(HELP);
      return;
    default:
      console.error(`Unknown command: ${command}\n\n${HELP}`);
      process.exitCode = 2;
  }
}

/** The commands that open the embedded database themselves (backup, restore and export check on their own). */
const OPENS_EMBEDDED = new Set(['serve', 'migrate', 'seed', 'create-admin', 'report', 'retention']);

async function seed(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      demo: { type: 'boolean' },
      tags: { type: 'string' },
      gateways: { type: 'string' },
      alerts: { type: 'string' },
      days: { type: 'string' },
      org: { type: 'string', default: 'demo' },
    },
  });
  const atScale = values.tags !== undefined || values.gateways !== undefined;
  const history = values.alerts !== undefined || values.days !== undefined;
  const counts = { tags: Number(values.tags ?? 0), gateways: Number(values.gateways ?? 0) };
  const db = await openDatabase(loadConfig());
  const log = (line: string) => console.log(`  ${line}`);
  try {
    if (!atScale && !history) {
      if (values.demo) {
        const fresh = !(await demoExists(db.db));
        await seedDemo(db.db);
        if (fresh) await seedDemoHistory(db.db);
      } else await seedBase(db.db);
      console.log(values.demo ? 'demo organisations seeded' : 'roles seeded');
      return;
    }
    await (values.demo || values.org === 'demo' ? seedDemo(db.db) : seedBase(db.db));
    if (atScale) {
      const report = await seedScale(db.db, { ...counts, org: values.org, log });
      console.log(
        `seeded ${report.tags} tags, ${report.gateways} gateways and ${report.heartbeats} heartbeats into ${values.org} ` +
          `(${report.areas} areas) in ${(report.ms / 1000).toFixed(1)} s`,
      );
    }
    if (history) {
      const report = await seedAlerts(db.db, {
        alerts: Number(values.alerts ?? 0),
        days: Number(values.days ?? 365),
        org: values.org,
        log,
      });
      console.log(
        `seeded ${report.alerts} closed alerts over ${values.days ?? 365} days into ${values.org} ` +
          `(${report.zones} zones, ${report.rollupRows} analytics rollup rows) in ${(report.ms / 1000).toFixed(1)} s`,
      );
    }
  } catch (err) {
    if (!(err instanceof ScaleSeedRefused)) throw err;
    console.error(err.message);
    process.exitCode = 2;
  } finally {
    await db.close();
  }
}

async function serve(): Promise<void> {
  const config = loadConfig();
  console.log('Vigil configuration:');
  for (const line of describeConfig(config)) console.log(`  ${line}`);
  const database = await openDatabase(config);
  // The embedded database's control socket (vigil backup), before anything else opens the files.
  let control: ControlServer | undefined;
  if (database.kind === 'pglite' && database.pglite) {
    try {
      control = await startControlServer({
        pglite: database.pglite,
        dataDir: config.dataDir,
        log: controlLog,
      });
    } catch (err) {
      await database.close();
      if (!(err instanceof AlreadyServing)) throw err;
      console.error(err.message);
      process.exitCode = 2;
      return;
    }
  }
  const demo = await seedOnStart(config, database);
  const app = await buildApp(config, { database, ownsDatabase: true });
  if (control) app.addHook('onClose', () => control.close());
  await app.listen({ port: config.port, host: config.host });
  announce(config, demo);
  stopOnSignals(app);
}

const controlLog = {
  info: (obj: unknown, msg?: string) => console.log(`${msg ?? ''} ${JSON.stringify(obj)}`),
  warn: (obj: unknown, msg?: string) =>
    console.warn(`${msg ?? ''} ${String((obj as { err?: Error }).err ?? obj)}`),
};

type DemoState = { seeded: boolean; present: boolean };

/** Roles always; the demo organisations when the config asks. One instance at a time seeds. */
async function seedOnStart(config: Config, database: Database): Promise<DemoState> {
  return withStartupLock(database, async (db) => {
    await seedBase(db);
    const present = await demoExists(db);
    if (present || !config.seedDemo) return { seeded: false, present };
    await seedDemo(db);
    await seedDemoHistory(db);
    return { seeded: true, present: true };
  });
}

/** Where the server answers, and the demo logins while only this machine can use them. */
function announce(config: Config, demo: DemoState): void {
  const urls = servedAddresses(config.host).map((host) => `http://${host}:${config.port}`);
  const reach = isLoopback(config.host)
    ? 'loopback only; set HOST=0.0.0.0 to serve the network'
    : `HOST=${config.host}: served to the network`;
  console.log(`\nVigil on ${urls.join(', ')} (${reach})`);
  if (demo.seeded) console.log('The demo organisations were seeded.');
  if (config.publicUrl) console.log(`Public address: ${config.publicUrl}`);
  if (!demo.present) return;
  if (isLoopback(config.host)) {
    printDemoLogins();
    return;
  }
  console.warn(
    `\nWarning: this database holds the demo organisations, whose users sign in with the published ` +
      `password ${DEMO_PASSWORD}, and HOST=${config.host} serves them to the network. ` +
      `Delete those users or change their passwords.\n`,
  );
}

/** The addresses a listener on `host` answers on: every interface's for a wildcard host. */
function servedAddresses(host: string): string[] {
  const v4 = host === '0.0.0.0';
  if (!v4 && host !== '::') return [host.includes(':') ? `[${host}]` : host];
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  return all
    .filter((a) => (v4 ? a.family === 'IPv4' : true))
    .map((a) => (a.family === 'IPv6' ? `[${a.address}]` : a.address));
}

/** SIGTERM and SIGINT close the app gracefully, or exit after 15 s. */
function stopOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function runSimulate(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(SIMULATE_USAGE);
    return;
  }
  let opts: SimulateOptions;
  try {
    opts = parseSimulateArgs(args);
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${SIMULATE_USAGE}`);
    process.exitCode = 2;
    return;
  }
  console.log(
    `simulating for ${opts.durationS} s: ${opts.rate} press(es)/s, at most ${opts.maxPresses}, against ${opts.url}`,
  );
  const report = await simulate(opts, (line) => console.error(line));
  console.log(formatReport(opts, report));
  if (reportFailed(report)) process.exitCode = 1;
}

function printDemoLogins(): void {
  console.log(`\nDemo logins (password ${DEMO_PASSWORD}):`);
  for (const u of [...DEMO_USERS, ACME_ADMIN, SUPERADMIN]) console.log(`  ${u.email.padEnd(28)} ${u.role}`);
  console.log(`Demo API key (organisation demo): ${DEMO_API_KEY}`);
  console.log(`Demo gateway key (device ingest, docs/DEVICE-API.md): ${DEMO_GATEWAY_KEY}\n`);
}

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      org: { type: 'string' },
      'org-name': { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      password: { type: 'string' },
    },
  });
  if (!values.email || !values.org) {
    console.error('create-admin needs --email and --org <slug>');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database: Database = await openDatabase(config);
  try {
    await seedBase(database.db);
    const db = database.db;
    let [org] = await db.select().from(zones).where(eq(zones.slug, values.org)).limit(1);
    if (!org) {
      const id = crypto.randomUUID();
      const [root] = await db.select().from(zones).where(eq(zones.level, 'root')).limit(1);
      [org] = await db
        .insert(zones)
        .values({
          id,
          name: values['org-name'] ?? values.org,
          level: 'org',
          parentId: root!.id,
          path: [...root!.path, id],
          slug: values.org,
          auth: { methods: ['password', 'key'] },
        })
        .returning();
      console.log(`created organisation ${values.org}`);
    }
    const password = values.password ?? randomSecret(12);
    const [user] = await db
      .insert(users)
      .values({ email: values.email, name: values.name ?? values.email, role: values.role, zoneId: org!.id })
      .returning();
    await db.insert(credentials).values({ userId: user!.id, passwordHash: await hashPassword(password) });
    console.log(
      `created ${values.role} ${values.email} in ${values.org}${values.password ? '' : ` with password ${password}`}`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});
