import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { apiKeys, zones } from '../db/schema';
import { unauthorized } from '../platform/errors';
import { sha256 } from '../platform/crypto';
import { TtlCache } from '../platform/ttl-cache';

/** The organisation a gateway key speaks for. */
export type GatewayKey = { keyId: string; orgId: string; name: string };

/**
 * Device ingest credentials: HTTP Basic with an organisation's gateway key as the user name
 * (api_keys.kind 'gateway', valid only on /api/ingest/*). Anything else is a 401.
 */
export async function authenticateGatewayKey(db: Db, authorization: string | undefined): Promise<GatewayKey> {
  if (!authorization) throw unauthorized('Missing gateway key');
  const [scheme, value = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() !== 'basic') throw unauthorized('Send the gateway key with HTTP Basic');
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const key = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
  if (!key) throw unauthorized('Missing gateway key');
  const hash = sha256(key);
  let cache = gatewayKeyCaches.get(db);
  if (!cache) gatewayKeyCaches.set(db, (cache = new TtlCache(GATEWAY_KEY_CACHE_MS)));
  const found = await cache.get(hash, () => loadGatewayKey(db, hash));
  if (!found) throw unauthorized('Invalid gateway key');
  return found;
}

/** Every post looks its key up: cached briefly per database (a deleted key stops within this). */
export const GATEWAY_KEY_CACHE_MS = 5_000;
const gatewayKeyCaches = new WeakMap<Db, TtlCache<GatewayKey | undefined>>();

async function loadGatewayKey(db: Db, hash: string): Promise<GatewayKey | undefined> {
  const [row] = await db
    .select({ key: apiKeys, zone: zones })
    .from(apiKeys)
    .innerJoin(zones, eq(zones.id, apiKeys.zoneId))
    .where(and(eq(apiKeys.keyHash, hash), eq(apiKeys.kind, 'gateway')))
    .limit(1);
  const orgId = row?.zone.level === 'org' ? row.zone.id : row?.zone.path[1];
  if (!row || !orgId || row.zone.level === 'root') return undefined;
  return { keyId: row.key.id, orgId, name: row.key.name };
}
