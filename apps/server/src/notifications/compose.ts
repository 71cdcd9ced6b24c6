import {
  alertLocationPath,
  alertModeLabel,
  alertPersonName,
  alertStatus,
  alertStatusText,
  formatAge,
  SUBSCRIPTION_MOMENT_LABELS,
  type Alert,
  type SubscriptionMoment,
} from '@vigil/domain';
import type { NotificationMessage } from './channels';

// Issue 16: "The message says what, where (the location path; the floor and unit), who (the tag's
// owner), how long ago, and carries the alert link." Plain text, the same for every channel (a
// pager shows the subject and the link first, channels/wctp.ts).

/** What a delivery is about: an alert moment, a subscription's test, or a sweep's message. */
export type MessageInput =
  | {
      kind: 'alert';
      moment: Extract<SubscriptionMoment, 'created' | 'escalated' | 'unacknowledged' | 'closed'>;
      alert: Alert;
      /** "Still unacknowledged after N seconds": N. */
      unacknowledgedAfterS?: number | null;
      link: string | null;
    }
  | { kind: 'test'; recipient: string; subscriptionZone: string }
  | {
      kind: 'gatewaysDisconnected';
      subscriptionZone: string;
      /** The gateways of the subscription's subtree: id, where, last heard (ISO, or null). */
      gateways: { id: string; location: string; lastSeen: string | null }[];
    }
  | {
      kind: 'flaggedDigest';
      subscriptionZone: string;
      /** How many open flagged tags the subtree holds, and the first of them. */
      total: number;
      tags: { id: string; name: string; location: string; urgency: number }[];
    }
  | {
      kind: 'stationBelowMinimum';
      subscriptionZone: string;
      /** The station as it was when its count fell below the minimum (its trigger's details). */
      station: { id: string; name: string; location: string; available: number; minimum: number };
    };

/** The floor and unit an alert is on, when its location path holds them. */
function floorAndUnit(alert: Alert): { floor: string | null; unit: string | null } {
  const path = alert.location?.path ?? [];
  const named = (level: string) => path.find((z) => z.level === level)?.name ?? null;
  return { floor: named('floor'), unit: named('unit') };
}

/** The first line: 'HELP alert: Jane Doe — Main Campus › North Tower › Floor 1 › ED Room 101'. */
function alertSubject(moment: SubscriptionMoment, alert: Alert): string {
  const what =
    moment === 'created'
      ? `${alertModeLabel(alert.mode).toUpperCase()} alert`
      : moment === 'closed'
        ? `Closed ${alertModeLabel(alert.mode).toLowerCase()} alert`
        : moment === 'escalated'
          ? `ESCALATED ${alertModeLabel(alert.mode).toLowerCase()} alert`
          : `UNACKNOWLEDGED ${alertModeLabel(alert.mode).toLowerCase()} alert`;
  return `${what}: ${alertPersonName(alert)} — ${alertLocationPath(alert.location)}`;
}

/** The message of one delivery; `idempotencyKey` is the delivery's. */
export function composeMessage(
  input: MessageInput,
  idempotencyKey: string,
  now = new Date(),
): NotificationMessage {
  if (input.kind === 'test') {
    const subject = 'Vigil test message';
    return {
      idempotencyKey,
      subject,
      text: [
        `This is a test of your Vigil notifications for ${input.recipient}.`,
        `You will be told of alerts in ${input.subscriptionZone} this way.`,
        'No alert is open because of this message.',
      ].join('\n'),
      event: {
        type: 'test',
        recipient: input.recipient,
        zone: input.subscriptionZone,
        at: now.toISOString(),
      },
    };
  }
  if (input.kind === 'gatewaysDisconnected') {
    const n = input.gateways.length;
    return {
      idempotencyKey,
      subject: `${n} gateway${n === 1 ? '' : 's'} disconnected in ${input.subscriptionZone}`,
      text: [
        `${n === 1 ? 'This gateway has' : 'These gateways have'} not been heard from for over two days: presses near ${n === 1 ? 'it' : 'them'} may not reach the console.`,
        '',
        ...input.gateways.map(
          (g) =>
            `- ${g.id} at ${g.location}, last heard ${g.lastSeen ? `${formatAge(now.getTime() - Date.parse(g.lastSeen))} ago` : 'never'}`,
        ),
      ].join('\n'),
      event: {
        type: 'gateways.disconnected',
        zone: input.subscriptionZone,
        gateways: input.gateways,
        at: now.toISOString(),
      },
    };
  }
  if (input.kind === 'flaggedDigest') {
    const more = input.total - input.tags.length;
    return {
      idempotencyKey,
      subject: `Daily digest: ${input.total} flagged tag${input.total === 1 ? '' : 's'} open in ${input.subscriptionZone}`,
      text: [
        input.total === 0
          ? 'No tag is flagged for collection.'
          : `${input.total} tag${input.total === 1 ? ' is' : 's are'} flagged for collection and not collected yet:`,
        '',
        ...input.tags.map((t) => `- ${t.id} (${t.name}) at ${t.location}, urgency ${t.urgency}`),
        ...(more > 0 ? [`… and ${more} more.`] : []),
      ].join('\n'),
      event: {
        type: 'tags.flaggedDigest',
        zone: input.subscriptionZone,
        total: input.total,
        tags: input.tags,
        at: now.toISOString(),
      },
    };
  }
  if (input.kind === 'stationBelowMinimum') return stationMessage(input, idempotencyKey, now);
  const { alert, moment, link } = input;
  const { floor, unit } = floorAndUnit(alert);
  const ageMs = now.getTime() - Date.parse(alert.createdAt);
  const status = alertStatusText(alertStatus(alert), (iso) => new Date(iso).toUTCString());
  const lines = [
    `What: ${alertModeLabel(alert.mode)} alert — ${SUBSCRIPTION_MOMENT_LABELS[moment].toLowerCase()}` +
      (moment === 'unacknowledged' && input.unacknowledgedAfterS
        ? ` (no one has acknowledged it after ${formatAge(input.unacknowledgedAfterS * 1000)})`
        : ''),
    `Where: ${alertLocationPath(alert.location)}`,
    ...(floor || unit ? [`Floor: ${floor ?? '—'}   Unit: ${unit ?? '—'}`] : []),
    `Who: ${alertPersonName(alert)} (tag ${alert.tag.id})`,
    `When: ${formatAge(ageMs)} ago (${new Date(alert.createdAt).toUTCString()})`,
    `Status: ${status}`,
    ...(link ? ['', `Open the alert: ${link}`] : []),
  ];
  return {
    idempotencyKey,
    subject: alertSubject(moment, alert),
    text: lines.join('\n'),
    ...(link ? { link } : {}),
    event: {
      type: `alert.${moment}`,
      alert: {
        id: alert.id,
        mode: alert.mode,
        state: alert.state,
        person: alertPersonName(alert),
        tag: alert.tag.id,
        location: alertLocationPath(alert.location),
        floor,
        unit,
        createdAt: alert.createdAt,
        acknowledged: alert.acknowledged,
        acknowledgedBy: alert.acknowledgedBy?.name ?? null,
        closedAt: alert.closedAt,
      },
      link,
      at: now.toISOString(),
    },
  };
}

/** Issue 21 minimum inventory: 'Ward 3 station: 4 of 5 tags left, below its minimum'. */
function stationMessage(
  input: Extract<MessageInput, { kind: 'stationBelowMinimum' }>,
  idempotencyKey: string,
  now: Date,
): NotificationMessage {
  const { name, location, available, minimum } = input.station;
  const tags = (n: number) => `${n} tag${n === 1 ? '' : 's'}`;
  return {
    idempotencyKey,
    subject: `${name}: ${available} of ${tags(minimum)} left, below its minimum`,
    text: [
      `The distribution station ${name} at ${location} has ${tags(available)} available to hand out, below its minimum inventory of ${minimum}.`,
      `Bring it ${tags(minimum - available)} or more. You will not be told again until it holds at least ${minimum}.`,
    ].join('\n'),
    event: {
      type: 'station.belowMinimum',
      zone: input.subscriptionZone,
      station: input.station,
      at: now.toISOString(),
    },
  };
}
