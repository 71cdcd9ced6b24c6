import path from 'node:path';

/** Server configuration, read once from the environment (ARCHITECTURE §7). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset → embedded PGlite in dataDir; ':memory:' for an in-memory PGlite (tests). */
  databaseUrl?: string;
  publicUrl?: string;
  logLevel: string;
  defaultSlug: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** Folder holding the built console; served with an SPA fallback when present. */
  consoleDir?: string;
  /** Seed the demo organisations on an empty embedded database. */
  seedDemo: boolean;
  /** Trust X-Forwarded-For (behind a proxy). */
  trustProxy: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: intOr(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    defaultSlug: env.DEFAULT_SLUG ?? 'demo',
    accessTokenTtlS: intOr(env.ACCESS_TOKEN_TTL_S, 15 * 60),
    refreshTokenTtlS: intOr(env.REFRESH_TOKEN_TTL_S, 30 * 24 * 3600),
    consoleDir: env.CONSOLE_DIR ?? path.resolve(import.meta.dirname, '../../../console/dist'),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'false' : !env.DATABASE_URL,
    trustProxy: env.TRUST_PROXY === 'true',
  };
}

function intOr(value: string | undefined, fallback: number): number {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

/** What `serve` prints at start: every setting and where it came from, secrets left out. */
export function describeConfig(config: Config): string[] {
  return [
    `PORT=${config.port}`,
    `DATA_DIR=${config.dataDir}`,
    `DATABASE_URL=${config.databaseUrl ? redact(config.databaseUrl) : '(unset: embedded PGlite in DATA_DIR)'}`,
    `PUBLIC_URL=${config.publicUrl ?? '(unset)'}`,
    `LOG_LEVEL=${config.logLevel}`,
    `DEFAULT_SLUG=${config.defaultSlug}`,
    `ACCESS_TOKEN_TTL_S=${config.accessTokenTtlS}`,
    `REFRESH_TOKEN_TTL_S=${config.refreshTokenTtlS}`,
  ];
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
