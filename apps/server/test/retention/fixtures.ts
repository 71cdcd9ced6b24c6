import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { retentionCutoff, retentionSettings, type RetentionConfig } from '@vigil/domain';
import {
  alertClientErrors,
  alertEvents,
  alertLinks,
  alerts,
  auditLog,
  consoleSnapshots,
  consoles,
  credentials,
  gatewayCommands,
  gatewayHeartbeats,
  gateways,
  notificationTriggers,
  notifications,
  users,
  zones,
} from '../../src/db/schema';
import { DEMO_PASSWORD, ROOT_ZONE_ID } from '../../src/db/seed';
import { hashPassword } from '../../src/platform/crypto';
import { signIn, unique } from '../helpers/app';

// Tests share one database: each retention test makes organisations of its own, with rows on both
// sides of each cut-off, and checks which are left.

export type RetentionOrg = { id: string; slug: string; site: string; gateways: string[]; consoles: string[] };

/** A fresh organisation with a site, two gateways and two consoles, and this retention config. */
export async function retentionOrg(app: FastifyInstance, retention?: RetentionConfig): Promise<RetentionOrg> {
  const slug = unique('ret').toLowerCase();
  const id = crypto.randomUUID();
  const site = crypto.randomUUID();
  await app.db.insert(zones).values([
    {
      id,
      name: `Retention ${slug}`,
      level: 'org',
      parentId: ROOT_ZONE_ID,
      path: [ROOT_ZONE_ID, id],
      slug,
      config: retention ? { retention } : {},
      auth: { methods: ['password'] },
    },
    { id: site, name: `Site ${slug}`, level: 'site', parentId: id, path: [ROOT_ZONE_ID, id, site] },
  ]);
  const gatewayIds = [0, 1].map(() => crypto.randomBytes(6).toString('hex'));
  await app.db.insert(gateways).values(gatewayIds.map((g) => ({ id: g, orgId: id, zoneId: site })));
  const consoleIds = [0, 1].map(() => crypto.randomUUID());
  await app.db
    .insert(consoles)
    .values(consoleIds.map((c, i) => ({ id: c, orgId: id, name: `Console ${i}` })));
  return { id, slug, site, gateways: gatewayIds, consoles: consoleIds };
}

/** An admin of the organisation, signed in: its request headers. */
export async function adminOf(app: FastifyInstance, org: RetentionOrg): Promise<Record<string, string>> {
  const email = `${unique('admin')}@${org.slug}.example`;
  const [row] = await app.db
    .insert(users)
    .values({ email, name: unique('Admin '), role: 'admin', zoneId: org.id })
    .returning();
  await app.db
    .insert(credentials)
    .values({ userId: row!.id, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return (await signIn(app, email, org.slug)).headers;
}

/** A row written by `seedHistory`: its table, key, and whether the run should delete it. */
export type SeededRow = { table: string; id: string; goes: boolean; what: string };

const SECOND = 1000;
const DAY = 86_400_000;
const shift = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * Rows of every table retention names on each side of the organisation's cut-offs at `now`:
 * one second older than the cut-off (goes), at it (stays), one second newer (stays), and the rows
 * that stay whatever their age (an open alert, a pending delivery, a command not yet delivered).
 */
export async function seedHistory(app: FastifyInstance, org: RetentionOrg, now: Date): Promise<SeededRow[]> {
  const [zone] = await app.db
    .select({ config: zones.config })
    .from(zones)
    .where(sql`id = ${org.id}`);
  const settings = retentionSettings(zone!.config);
  const cut = (days: number | null) => retentionCutoff(days, now) ?? shift(now, -3650 * DAY);
  const keepsForever = (days: number | null) => days === null;
  const rows: SeededRow[] = [];
  const note = (table: string, id: string | number, goes: boolean, what: string) =>
    rows.push({ table, id: String(id), goes, what });

  // Alerts: closed a second before the cut-off (goes, with its history), closed at it (stays),
  // created at it (stays), open for ten years (stays).
  const ca = cut(settings.alerts);
  const alertGoes = !keepsForever(settings.alerts);
  const alertSpecs = [
    {
      what: 'closed 1 s before the cut-off',
      created: shift(ca, -3600 * SECOND),
      closed: shift(ca, -SECOND),
      goes: alertGoes,
    },
    { what: 'closed at the cut-off', created: shift(ca, -3600 * SECOND), closed: ca, goes: false },
    { what: 'created at the cut-off', created: ca, closed: shift(ca, 60 * SECOND), goes: false },
    { what: 'open for ten years', created: shift(now, -3650 * DAY), closed: null, goes: false },
  ];
  for (const spec of alertSpecs) {
    const [alert] = await app.db
      .insert(alerts)
      .values({
        orgId: org.id,
        zoneId: org.site,
        tagId: `e7${crypto.randomBytes(5).toString('hex')}`,
        state: spec.closed ? 'closed' : 'notified',
        mode: 'help',
        createdAt: spec.created,
        lastPressAt: spec.created,
        updatedAt: spec.closed ?? spec.created,
        closedAt: spec.closed,
        reasonCode: spec.closed ? 'resolved_other' : null,
      })
      .returning({ id: alerts.id });
    const id = alert!.id;
    note('alerts', id, spec.goes, spec.what);
    const events = await app.db
      .insert(alertEvents)
      .values([
        { alertId: id, action: 'created', at: spec.created },
        { alertId: id, action: 'closed', at: spec.closed ?? spec.created },
      ])
      .returning({ id: alertEvents.id });
    for (const e of events) note('alert_events', e.id, spec.goes, `event of alert ${spec.what}`);
    const [error] = await app.db
      .insert(alertClientErrors)
      .values({
        orgId: org.id,
        alertId: id,
        tag: 'e70000000001',
        clientLastRefreshDelta: 5000,
        actor: { id: 'someone', name: 'Someone' },
        requestId: 'test',
        at: spec.created,
      })
      .returning({ id: alertClientErrors.id });
    note('alert_client_errors', error!.id, spec.goes, `client error of alert ${spec.what}`);
    const [link] = await app.db
      .insert(alertLinks)
      .values({
        orgId: org.id,
        alertId: id,
        recipient: 'Ward phone',
        tokenHash: crypto.randomBytes(16).toString('hex'),
        expiresAt: shift(spec.created, DAY),
        createdAt: spec.created,
      })
      .returning({ id: alertLinks.id });
    note('alert_links', link!.id, spec.goes, `link of alert ${spec.what}`);
    const [trigger] = await app.db
      .insert(notificationTriggers)
      .values({ orgId: org.id, kind: 'created', alertId: id, at: spec.created, processedAt: spec.created })
      .returning({ id: notificationTriggers.id });
    note('notification_triggers', trigger!.id, spec.goes, `trigger of alert ${spec.what}`);
    note(
      'notifications',
      await delivery(app, org.id, trigger!.id, id, spec.created, 'delivered'),
      spec.goes,
      `delivery of alert ${spec.what}`,
    );
  }
  // Deliveries of no alert (a digest): by their own age; one still pending stays.
  for (const [what, at, state, goes] of [
    ['digest sent 1 s before the cut-off', shift(ca, -SECOND), 'delivered', alertGoes],
    ['digest pending since before the cut-off', shift(ca, -SECOND), 'pending', false],
    ['digest sent at the cut-off', ca, 'delivered', false],
  ] as const) {
    note('notifications', await delivery(app, org.id, 0, null, at, state), goes, what);
  }

  // The change log: 1 s before, at, 1 s after.
  const cu = cut(settings.auditLog);
  for (const [what, ms, goes] of [
    ['1 s before the cut-off', -SECOND, !keepsForever(settings.auditLog)],
    ['at the cut-off', 0, false],
    ['1 s after the cut-off', SECOND, false],
  ] as const) {
    const [row] = await app.db
      .insert(auditLog)
      .values({
        requestId: 'test',
        actor: 'someone',
        orgId: org.id,
        entity: 'tag',
        entityId: 'x',
        action: 'update',
        at: shift(cu, ms),
      })
      .returning({ id: auditLog.id });
    note('audit_log', row!.id, goes, `audit row ${what}`);
  }

  // The sync log: a delivered command 1 s before the cut-off goes; one never delivered stays.
  const cs = cut(settings.syncLog);
  for (const [what, at, delivered, goes] of [
    ['delivered, queued 1 s before the cut-off', shift(cs, -SECOND), true, !keepsForever(settings.syncLog)],
    ['never delivered, queued 1 s before the cut-off', shift(cs, -SECOND), false, false],
    ['delivered, queued at the cut-off', cs, true, false],
  ] as const) {
    const [row] = await app.db
      .insert(gatewayCommands)
      .values({
        orgId: org.id,
        gatewayId: org.gateways[0]!,
        type: 'diag',
        createdAt: at,
        deliveredAt: delivered ? at : null,
      })
      .returning({ id: gatewayCommands.id });
    note('gateway_commands', row!.id, goes, `command ${what}`);
  }

  // Heartbeats of each gateway: 1 s before, at, 1 s after.
  const ch = cut(settings.heartbeats);
  for (const gatewayId of org.gateways) {
    for (const [what, ms, goes] of [
      ['1 s before the cut-off', -SECOND, !keepsForever(settings.heartbeats)],
      ['at the cut-off', 0, false],
      ['1 s after the cut-off', SECOND, false],
    ] as const) {
      const [row] = await app.db
        .insert(gatewayHeartbeats)
        .values({ orgId: org.id, gatewayId, status: 'connected', payload: {}, at: shift(ch, ms) })
        .returning({ id: gatewayHeartbeats.id });
      note('gateway_heartbeats', row!.id, goes, `heartbeat ${what}`);
    }
  }

  // Console snapshots: by the console's clock and by ours.
  const cc = cut(settings.consoleSnapshots);
  for (const consoleId of org.consoles) {
    for (const [what, created, received, goes] of [
      [
        'made and received 1 s before the cut-off',
        shift(cc, -SECOND),
        shift(cc, -SECOND),
        !keepsForever(settings.consoleSnapshots),
      ],
      ['made before the cut-off, received at it', shift(cc, -SECOND), cc, false],
      ['made and received at the cut-off', cc, cc, false],
    ] as const) {
      const [row] = await app.db
        .insert(consoleSnapshots)
        .values({ consoleId, orgId: org.id, data: {}, createdAt: created, receivedAt: received })
        .returning({ id: consoleSnapshots.id });
      note('console_snapshots', row!.id, goes, `snapshot ${what}`);
    }
  }
  return rows;
}

async function delivery(
  app: FastifyInstance,
  orgId: string,
  triggerId: number,
  alertId: string | null,
  at: Date,
  state: string,
): Promise<string> {
  const [row] = await app.db
    .insert(notifications)
    .values({
      orgId,
      triggerId,
      alertId,
      moment: alertId ? 'created' : 'digest',
      recipient: 'Ward phone',
      channel: 'email',
      address: 'ward@example.org',
      idempotencyKey: crypto.randomUUID(),
      state,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Which of the seeded rows are still there. */
export async function remaining(app: FastifyInstance, seeded: SeededRow[]): Promise<Set<string>> {
  const left = new Set<string>();
  for (const table of new Set(seeded.map((r) => r.table))) {
    const ids = seeded.filter((r) => r.table === table).map((r) => r.id);
    const result = (await app.db.execute(
      sql`select id::text as id from ${sql.raw(table)} where id::text = any(${`{${ids.join(',')}}`}::text[])`,
    )) as unknown as { rows: { id: string }[] };
    for (const row of result.rows) left.add(`${table}:${row.id}`);
  }
  return left;
}

/** The rows expected to go, counted per table as the audit row counts them. */
export function expectedCounts(seeded: SeededRow[], tables: readonly string[]): Record<string, number> {
  return Object.fromEntries(tables.map((t) => [t, seeded.filter((r) => r.table === t && r.goes).length]));
}
