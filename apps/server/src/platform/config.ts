import path from 'node:path';

/** Server configuration, read once from the environment (ARCHITECTURE §7). */
export type Config = {
  port: number;
  /** The address to listen on: loopback (DEFAULT_HOST) unless HOST is set. */
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
  /** Seed the demo organisations, whose users share a published password (`seedDemoFrom`). */
  seedDemo: boolean;
  /** Trust X-Forwarded-For (behind a proxy). */
  trustProxy: boolean;
  /** Optional map layers and address search our server proxies (basemap area; unset: not configured). */
  mapTilesUrl?: string;
  mapSatelliteUrl?: string;
  geocoderUrl?: string;
  /**
   * The notification channels' settings (notifications area, docs/NOTIFICATIONS.md): every
   * `NOTIFY_*` variable, read by notifications/settings.ts. Empty: no channel configured.
   */
  notify: Record<string, string>;
  /**
   * GET /metrics (docs/OPERATIONS.md): on PORT with this bearer token (METRICS_TOKEN), and/or on a
   * listener of its own at HOST:port without one (METRICS_PORT). Neither: /metrics answers 404.
   */
  metrics: { token?: string; port?: number };
};

/**
 * Where people reach the console (alert links, single sign-on's addresses): PUBLIC_URL, else the
 * address the server listens on.
 */
export function publicBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** Only this machine reaches a server started without HOST: the demo's password is published. */
export const DEFAULT_HOST = '127.0.0.1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: intOr(env.PORT, 8080),
    host: env.HOST || DEFAULT_HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    defaultSlug: env.DEFAULT_SLUG ?? 'demo',
    accessTokenTtlS: intOr(env.ACCESS_TOKEN_TTL_S, 15 * 60),
    refreshTokenTtlS: intOr(env.REFRESH_TOKEN_TTL_S, 30 * 24 * 3600),
    consoleDir: env.CONSOLE_DIR ?? path.resolve(import.meta.dirname, '../../../console/dist'),
    seedDemo: seedDemoFrom(env),
    trustProxy: env.TRUST_PROXY === 'true',
    mapTilesUrl: env.MAP_TILES_URL || undefined,
    mapSatelliteUrl: env.MAP_SATELLITE_URL || undefined,
    geocoderUrl: env.GEOCODER_URL || undefined,
    notify: Object.fromEntries(
      Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('NOTIFY_') && !!e[1]),
    ),
    metrics: { token: env.METRICS_TOKEN?.trim() || undefined, port: portOf(env.METRICS_PORT) },
  };
}

/**
 * Whether `serve` seeds the demo organisations. Unset SEED_DEMO: only the embedded demo does, started
 * with neither DATABASE_URL nor HOST; a deployment sets one of them. SEED_DEMO=true asks for them on
 * any database (tests, the e2e suite) and is honoured only while the server listens on loopback:
 * users with a published password are never served to the network. SEED_DEMO=false never seeds.
 */
export function seedDemoFrom(env: NodeJS.ProcessEnv): boolean {
  if (!isLoopback(env.HOST || DEFAULT_HOST)) return false;
  if (env.SEED_DEMO) return env.SEED_DEMO !== 'false';
  return !env.DATABASE_URL && !env.HOST;
}

/** Whether listening on `host` serves only this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(host);
}

/** A TCP port, else undefined: metrics stay off rather than guess where to listen. */
function portOf(value: string | undefined): number | undefined {
  const n = value && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return n >= 1 && n <= 65535 ? n : undefined;
}

function intOr(value: string | undefined, fallback: number): number {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

/** What `serve` prints at start: every setting and where it came from, secrets left out. */
export function describeConfig(config: Config): string[] {
  return [
    `PORT=${config.port}`,
    `HOST=${config.host}${isLoopback(config.host) ? ' (loopback only)' : ''}`,
    `DATA_DIR=${config.dataDir}`,
    `DATABASE_URL=${config.databaseUrl ? redact(config.databaseUrl) : '(unset: embedded PGlite in DATA_DIR)'}`,
    `PUBLIC_URL=${config.publicUrl ?? '(unset)'}`,
    `LOG_LEVEL=${config.logLevel}`,
    `DEFAULT_SLUG=${config.defaultSlug}`,
    `SEED_DEMO=${config.seedDemo}${!config.seedDemo && !isLoopback(config.host) ? ' (never on a server that serves the network)' : ''}`,
    `ACCESS_TOKEN_TTL_S=${config.accessTokenTtlS}`,
    `REFRESH_TOKEN_TTL_S=${config.refreshTokenTtlS}`,
    `MAP_TILES_URL=${redactQuery(config.mapTilesUrl)}`,
    `MAP_SATELLITE_URL=${redactQuery(config.mapSatelliteUrl)}`,
    `GEOCODER_URL=${redactQuery(config.geocoderUrl)}`,
    ...describeMetrics(config.metrics),
    ...Object.entries(config.notify).map(([key, value]) =>
      /PASSWORD|TOKEN|SECRET|CODE/.test(key) ? `${key}=***` : `${key}=${value}`,
    ),
  ];
}

/** Where /metrics answers (docs/OPERATIONS.md), the token left out. */
function describeMetrics({ token, port }: Config['metrics']): string[] {
  const off = !token && port === undefined ? ' (/metrics is off)' : '';
  return [
    `METRICS_TOKEN=${token ? '*** (GET /metrics on PORT with Authorization: Bearer)' : '(unset)'}`,
    `METRICS_PORT=${port === undefined ? '(unset)' : `${port} (GET /metrics on HOST, no token)`}${off}`,
  ];
}

/** A provider URL without its query, which often carries an API key; '(unset)' when absent. */
function redactQuery(url: string | undefined): string {
  return url ? url.replace(/\?.*$/, '?***') : '(unset)';
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
