import crypto from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import {
  RETENTION_CATEGORIES,
  RETENTION_LABELS,
  retentionCutoff,
  retentionSettings,
  type RetentionSettings,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { zones } from '../db/schema';
import { writeAudit } from '../platform/audit';
import { UUID_RE } from '../platform/db/checks';
import { Batches, type BatchOptions, type BatchStats } from './batches';
import { DELETERS } from './categories';
import { deleteExpired } from './expired';
import { Tally, total, type Counts, type OrgCutoff } from './tally';

export type RetentionRunOptions = BatchOptions & {
  /** The instant the settings count back from (default: now). */
  now?: Date;
  /** One organisation only, by id or slug (`vigil retention run --org slug`); default: every one. */
  orgId?: string;
  orgSlug?: string;
  /** Count what would go, delete nothing, audit nothing. */
  dryRun?: boolean;
};

export type RetentionOrgReport = {
  id: string;
  slug: string | null;
  name: string;
  settings: RetentionSettings;
  /** Rows deleted (or that would be) per table, for each table its categories name. */
  deleted: Counts;
};

export type RetentionReport = {
  /** The audit rows' request id: `retention:<uuid>`. */
  requestId: string;
  now: string;
  dryRun: boolean;
  /** False when the run stopped early (out of time, or the server closing): a later run goes on. */
  complete: boolean;
  organisations: RetentionOrgReport[];
  /** Sign-in state past its own lifetime (only in a run over every organisation). */
  expired: Counts;
  ms: number;
  /** Per statement kind: statements, rows, the time they held the database and the longest (ms). */
  batches: Record<string, BatchStats>;
};

/** `vigil retention run --org` named no organisation. */
export class RetentionRefused extends Error {}

/** The actor of the audit rows a run writes. */
export const RETENTION_ACTOR = 'system';

/**
 * Issue 19 Retention: deletes every organisation's history older than its settings (domain
 * retentionSettings), category by category in short batches (batches.ts), then writes one audit
 * row per organisation counting what went per table (entity 'retention', action 'delete', actor
 * 'system'), and, over every organisation, the sign-in state past its lifetime (expired.ts).
 */
export async function runRetention(db: Db, opts: RetentionRunOptions = {}): Promise<RetentionReport> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const dryRun = opts.dryRun ?? false;
  const orgs = await organisations(db, opts);
  const b = new Batches(db, opts);
  const tally = new Tally();
  const settings = new Map(orgs.map((o) => [o.id, retentionSettings(o.config)]));

  for (const category of RETENTION_CATEGORIES) {
    const cutoffs: OrgCutoff[] = [];
    for (const org of orgs) {
      const before = retentionCutoff(settings.get(org.id)![category], now);
      if (!before) continue;
      cutoffs.push({ id: org.id, before });
      tally.open(org.id, RETENTION_LABELS[category].tables);
    }
    if (b.stopped) break;
    await DELETERS[category](b, cutoffs, tally, dryRun);
  }
  const everyOrg = opts.orgId === undefined && opts.orgSlug === undefined;
  const expired = everyOrg && !b.stopped ? await deleteExpired(b, now, dryRun) : {};
  const complete = !b.stopped;

  const requestId = `retention:${crypto.randomUUID()}`;
  if (!dryRun) await audit(db, requestId, orgs, tally, expired);
  return {
    requestId,
    now: now.toISOString(),
    dryRun,
    complete,
    organisations: orgs.map((o) => ({
      id: o.id,
      slug: o.slug,
      name: o.name,
      settings: settings.get(o.id)!,
      deleted: tally.of(o.id),
    })),
    expired,
    ms: Math.round(performance.now() - started),
    batches: Object.fromEntries(b.stats),
  };
}

type OrgRow = { id: string; slug: string | null; name: string; config: Record<string, unknown> };

async function organisations(db: Db, opts: RetentionRunOptions): Promise<OrgRow[]> {
  if (opts.orgId !== undefined && !UUID_RE.test(opts.orgId))
    throw new RetentionRefused(`No organisation ${opts.orgId}`);
  const where: SQL[] = [eq(zones.level, 'org')];
  if (opts.orgId !== undefined) where.push(eq(zones.id, opts.orgId));
  if (opts.orgSlug !== undefined) where.push(eq(zones.slug, opts.orgSlug));
  const rows = await db
    .select({ id: zones.id, slug: zones.slug, name: zones.name, config: zones.config })
    .from(zones)
    .where(and(...where))
    .orderBy(asc(zones.name), asc(zones.id));
  if (rows.length === 0 && (opts.orgId !== undefined || opts.orgSlug !== undefined)) {
    throw new RetentionRefused(
      `No organisation ${opts.orgSlug ? `with slug "${opts.orgSlug}"` : opts.orgId}`,
    );
  }
  return rows;
}

/** One audit row per organisation that lost rows, and one installation-wide for expired sign-in state. */
async function audit(
  db: Db,
  requestId: string,
  orgs: OrgRow[],
  tally: Tally,
  expired: Counts,
): Promise<void> {
  for (const org of orgs) {
    const deleted = tally.of(org.id);
    if (total(deleted) === 0) continue;
    await writeAudit(
      db,
      { requestId, caller: { id: RETENTION_ACTOR, org: { id: org.id } } },
      { entity: 'retention', entityId: org.id, action: 'delete', after: deleted },
    );
  }
  if (total(expired) > 0) {
    await writeAudit(
      db,
      { requestId, caller: { id: RETENTION_ACTOR, org: { id: '' } } },
      { entity: 'retention', entityId: 'expired', action: 'delete', after: expired, orgId: null },
    );
  }
}
