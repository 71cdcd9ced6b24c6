import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/client';
import { tags, zones } from '../../src/db/schema';
import { DEMO_API_KEY, DEMO_GATEWAY_KEY, seedDemo } from '../../src/db/seed';

/**
 * Real server processes for the crash and several-instance tests and bench/instances:
 * `vigil serve` in a child process of its own, killed with SIGKILL like a crash would.
 */

const REPO = path.resolve(import.meta.dirname, '../../../..');
const CLI = path.join(REPO, 'apps/server/src/cli.ts');

export type ServerProcess = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  /** SIGKILL: no shutdown hook runs, open transactions and streams are cut. */
  kill9(): Promise<void>;
  /** SIGTERM, the graceful shutdown; SIGKILL after `ms`. */
  stop(ms?: number): Promise<void>;
};

export type ServerOptions = {
  name?: string;
  port: number;
  /** PGlite in DATA_DIR when no databaseUrl. */
  dataDir?: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  /** More environment; a variable given as undefined is removed (e.g. HOST, to start with the default). */
  env?: Record<string, string | undefined>;
  /** How long to wait for /readyz. Default 60 s. */
  readyMs?: number;
  /**
   * The repository tree to run `vigil serve` from (its apps/server/src/cli.ts, as the working
   * directory): another release's tree (test/helpers/previous-release.ts). Default this repository.
   */
  root?: string;
};

const started = new Set<ServerProcess>();

/**
 * Starts `vigil serve` as `node --import tsx src/cli.ts serve` — one process, so SIGKILL reaches the
 * server itself (the `tsx` launcher would leave its child running) — and waits until /readyz answers.
 */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  if (!(await portFree(opts.port))) {
    throw new Error(`port ${opts.port} is in use (a server left over from an earlier run?)`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir ?? path.join(os.tmpdir(), `vigil-spawn-${opts.port}`),
    LOG_LEVEL: process.env.VIGIL_CHILD_LOG_LEVEL ?? 'warn',
    SEED_DEMO: String(opts.seedDemo ?? false),
    CONSOLE_DIR: path.join(REPO, 'no-console'),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  for (const [name, value] of Object.entries(opts.env ?? {})) if (value === undefined) delete env[name];
  const root = opts.root ?? REPO;
  const cli = path.join(root, path.relative(REPO, CLI));
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? String(code))),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const server: ServerProcess = {
    name: opts.name ?? `:${opts.port}`,
    port: opts.port,
    url,
    child,
    output: () => output,
    exited,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
      started.delete(server);
    },
    async stop(ms = 15_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      await exited;
      clearTimeout(timer);
      started.delete(server);
    },
  };
  started.add(server);
  let gone: string | undefined;
  void exited.then((how) => (gone = how));
  const deadline = Date.now() + (opts.readyMs ?? 60_000);
  for (;;) {
    if (gone !== undefined)
      throw new Error(`${server.name} exited (${gone}) before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`${server.name} not ready after ${opts.readyMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills every server this process started and has not stopped (afterAll, and on a failed test). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...started].map((s) => s.kill9()));
}

/**
 * A port the kernel says is free now, for a server a test starts: a fixed port in the ephemeral
 * range can be held at that moment by any outgoing connection of the machine.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

// ── Databases ──────────────────────────────────────────────────────────────────────────────────

/** The PostgreSQL server of DATABASE_URL, else the local one on 127.0.0.1:5432. */
export function postgresServerUrl(): URL {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
}

/** Whether that PostgreSQL server answers within a second. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: postgresServerUrl().toString(),
    connectionTimeoutMillis: 1000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new, empty database on that server; `drop()` removes it (closing what is still connected). */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const server = postgresServerUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Migrates and seeds the demo organisations, and adds `count` deployed tags of their own located
 * in one zone whose escalation delay is `escalationDelayS`: every press of a new tag opens an alert
 * that falls due then. Answers the tags' ids.
 */
export async function prepareDatabase(opts: {
  dataDir?: string;
  databaseUrl?: string;
  tags: number;
  prefix: string;
  escalationDelayS: number;
}): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir ?? ':memory:' });
  try {
    await seedDemo(database.db);
    const [demoTag] = await database.db.select().from(tags).where(eq(tags.id, 'c0ffee000001'));
    const [zone] = await database.db.select().from(zones).where(eq(zones.id, demoTag!.zoneId!));
    await database.db
      .update(zones)
      .set({ config: { ...zone!.config, escalationDelayS: opts.escalationDelayS } })
      .where(eq(zones.id, zone!.id));
    const ids = Array.from(
      { length: opts.tags },
      (_, i) => `${opts.prefix}${String(i).padStart(12 - opts.prefix.length, '0')}`,
    );
    await database.db.insert(tags).values(
      ids.map((id) => ({
        id,
        orgId: demoTag!.orgId,
        zoneId: demoTag!.zoneId,
        config: { ...demoTag!.config, state: 'deployed', label: `Badge ${id.slice(-4)}` },
        state: {},
      })),
    );
    return ids;
  } finally {
    await database.close();
  }
}

// ── Traffic ────────────────────────────────────────────────────────────────────────────────────

export const gatewayHeaders = {
  authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}`,
  'content-type': 'application/json',
};

/** The demo API key (role security): a console that never needs to refresh a token. */
export const consoleHeaders = {
  slug: 'demo',
  domain: 'localhost',
  authorization: `Basic ${Buffer.from(`${DEMO_API_KEY}:`).toString('base64')}`,
};

export type PressResult = {
  tag: string;
  nonce: string;
  /** HTTP status, or 0 when the request failed (refused, cut, timed out). */
  status: number;
  /** The button event's answer on a 2xx. */
  result?: { status: string; alertId?: string };
  /** When the post was sent and answered (performance.now()). */
  sentAt: number;
  answeredAt: number;
  url: string;
};

/** One press of one tag (a single short press: help). */
export async function press(
  url: string,
  tag: string,
  nonce: string,
  timeoutMs = 30_000,
): Promise<PressResult> {
  const sentAt = performance.now();
  try {
    const res = await fetch(`${url}/api/ingest/button-events`, {
      method: 'POST',
      headers: gatewayHeaders,
      body: JSON.stringify({
        gateway: 'b0a710000001',
        buttonEvents: [{ tag, nonce, events: [{ buttonPress: 0, buttonRelease: 120, tapDelta: 0 }] }],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => undefined)) as
      { results?: { status: string; alertId?: string }[] } | undefined;
    return {
      tag,
      nonce,
      status: res.status,
      result: body?.results?.[0],
      sentAt,
      answeredAt: performance.now(),
      url,
    };
  } catch {
    return { tag, nonce, status: 0, sentAt, answeredAt: performance.now(), url };
  }
}

/**
 * Presses each tag once with `concurrency` posts in flight. `pick(i, attempt)` chooses the server of
 * the i-th press's attempt; a failed attempt is retried (up to `attempts`) like a gateway would,
 * and a worker whose attempts are spent stops. `stop()` makes the workers stop taking presses.
 */
export function burst(opts: {
  tags: string[];
  nonce: (tag: string) => string;
  concurrency: number;
  pick: (i: number, attempt: number) => string;
  attempts?: number;
  /** Pause between a worker's presses, ms. */
  pauseMs?: number;
}): { results: PressResult[]; attempts: PressResult[]; done: Promise<void>; stop(): void } {
  const results: PressResult[] = [];
  const attempts: PressResult[] = [];
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < opts.tags.length) {
      const i = next++;
      const tag = opts.tags[i]!;
      let last: PressResult | undefined;
      for (let attempt = 0; attempt < (opts.attempts ?? 1); attempt++) {
        last = await press(opts.pick(i, attempt), tag, opts.nonce(tag));
        attempts.push(last);
        if (last.status >= 200 && last.status < 300) break;
      }
      results.push(last!);
      if (last!.status === 0 || last!.status >= 500) return; // the server is gone: this worker stops
      if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
  };
  const done = Promise.all(Array.from({ length: opts.concurrency }, worker)).then(() => undefined);
  return { results, attempts, done, stop: () => (stopped = true) };
}

export const ok = (r: PressResult) => r.status >= 200 && r.status < 300;

/** The alert id an SSE alert event carries, with its state. */
export function alertOf(data: unknown): { id: string; state: string; tag: string } | undefined {
  const alert = (data as { alert?: { id: string; state: string; tag: { id: string } } })?.alert;
  return alert ? { id: alert.id, state: alert.state, tag: alert.tag.id } : undefined;
}
