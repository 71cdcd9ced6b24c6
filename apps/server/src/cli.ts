#!/usr/bin/env node
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from './app';
import { describeConfig, loadConfig } from './platform/config';
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
import { hashPassword, randomSecret } from './platform/crypto';
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
  create-admin          Create an organisation admin: --email, --org <slug> [--org-name] [--name]
                        [--role admin] (prints a generated password unless --password is given)
  simulate              Drive a running server like a site: gateways heartbeating, tags pressing
                        (vigil simulate --help)

Environment: PORT (8080), DATA_DIR (./data), DATABASE_URL (unset: embedded PGlite),
PUBLIC_URL, LOG_LEVEL (info), DEFAULT_SLUG (demo), ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S,
SEED_DEMO (true without DATABASE_URL), TOKEN_SECRET (else generated and kept in the database).
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
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

async function seed(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      demo: { type: 'boolean' },
      tags: { type: 'string' },
      gateways: { type: 'string' },
      org: { type: 'string', default: 'demo' },
    },
  });
  const atScale = values.tags !== undefined || values.gateways !== undefined;
  const counts = { tags: Number(values.tags ?? 0), gateways: Number(values.gateways ?? 0) };
  const db = await openDatabase(loadConfig());
  try {
    if (!atScale) {
      await (values.demo ? seedDemo(db.db) : seedBase(db.db));
      console.log(values.demo ? 'demo organisations seeded' : 'roles seeded');
      return;
    }
    await (values.demo || values.org === 'demo' ? seedDemo(db.db) : seedBase(db.db));
    const report = await seedScale(db.db, {
      ...counts,
      org: values.org,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `seeded ${report.tags} tags, ${report.gateways} gateways and ${report.heartbeats} heartbeats into ${values.org} ` +
        `(${report.areas} areas) in ${(report.ms / 1000).toFixed(1)} s`,
    );
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
  // One instance at a time: several starting together on one PostgreSQL seed once.
  const seeded = await withStartupLock(database, async (db) => {
    await seedBase(db);
    if (!config.seedDemo || (await demoExists(db))) return false;
    await seedDemo(db);
    return true;
  });
  const app = await buildApp(config, { database, ownsDatabase: true });
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(`\nVigil is running at ${url}${seeded ? ' (demo organisations seeded)' : ''}`);
  if (config.seedDemo) printDemoLogins();

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
