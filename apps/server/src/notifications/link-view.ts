import { and, eq, isNull } from 'drizzle-orm';
import {
  ALERT_LINK_MESSAGES,
  alertLocationPath,
  isAlertOpen,
  type Alert,
  type AlertLinkView,
} from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { HttpError } from '../platform/errors';
import { alerts } from '../db/schema';
import { toAlerts, type AlertRow } from '../alerts';
import { findAlertLink, type AlertLinkRow } from './alert-links';
import { alertLinks } from './tables';

// GET /api/link/a/{token} (issue 16): the one alert a link names, as the page shows it, and nothing
// else of the organisation.

/** A token that names no link, or a revoked one: the same answer, so neither can be told apart. */
export const linkInvalid = () => new HttpError(404, ALERT_LINK_MESSAGES.invalid, 'invalid_link');
/** A real link past its time: too old, or its alert closed. */
export const linkExpired = () => new HttpError(410, ALERT_LINK_MESSAGES.expired, 'expired_link');

/**
 * The live link of `token` and its alert row: 404 for a malformed, unknown or revoked token, 410 once
 * it is past `expires_at` or the alert is closed. A malformed token never reaches the database.
 */
export async function openAlertLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ link: AlertLinkRow; row: AlertRow }> {
  const link = await findAlertLink(db, token);
  // Revoked answers 404 'not valid' (its message names revocation), not 410 'expired'.
  if (!link || link.revokedAt) throw linkInvalid();
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, link.alertId), eq(alerts.orgId, link.orgId)))
    .limit(1);
  if (!row) throw linkInvalid();
  if (link.expiresAt <= now || !isAlertOpen(row)) throw linkExpired();
  if (!link.usedAt) {
    await db
      .update(alertLinks)
      .set({ usedAt: now })
      .where(and(eq(alertLinks.id, link.id), isNull(alertLinks.usedAt)));
  }
  return { link, row };
}

/** The page of a link: its alert (what, where, who, since when, who is on it) and its recipient. */
export async function showAlertLink(db: Db, token: string): Promise<AlertLinkView> {
  const { link, row } = await openAlertLink(db, token);
  const [alert] = await toAlerts(db, [row]);
  return alertLinkView(link, alert!);
}

/** The page's answer: the alert as a person reads it (domain alerts/labels.ts) and its recipient. */
export function alertLinkView(
  link: Pick<AlertLinkRow, 'recipient' | 'expiresAt'>,
  alert: Alert,
): AlertLinkView {
  const path = alert.location?.path ?? [];
  const named = (level: string) => path.find((zone) => zone.level === level)?.name ?? null;
  return {
    recipient: link.recipient,
    alert: {
      id: alert.id,
      mode: alert.mode,
      state: alert.state,
      person: alert.tag.owner?.name ?? null,
      tag: alert.tag.label ?? alert.tag.id,
      location: alert.location ? alertLocationPath(alert.location) : null,
      floor: named('floor'),
      unit: named('unit'),
      createdAt: alert.createdAt,
      acknowledged: alert.acknowledged,
      acknowledgedAt: alert.acknowledgedAt,
      acknowledgedBy: alert.acknowledgedBy,
      closedAt: alert.closedAt,
    },
    expiresAt: link.expiresAt.toISOString(),
  };
}
