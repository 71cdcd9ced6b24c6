import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon, IconCheck } from '@tabler/icons-react';
import {
  alertModeLabel,
  alertStatus,
  formatAge,
  type AlertLinkView as View,
  type AlertState,
} from '@vigil/domain';
import { messages } from '../../api/messages';
import { useNow } from '../../ui/use-now';

export type AlertLinkViewProps = {
  view: View;
  /** The acknowledgement is on its way. */
  acknowledging: boolean;
  /** Why the last acknowledgement failed, if it did. */
  acknowledgeError: unknown;
  onAcknowledge: () => void;
};

const MODE_COLOURS = { danger: 'red.8', help: 'orange', test: 'gray.7' } as const;
const STATUS_COLOURS = {
  Created: 'blue.8',
  Notified: 'blue.8',
  Escalated: 'red.9',
  Acknowledged: 'green',
  Closed: 'gray.7',
} as const;

/** A time of today as '10:04', of another day with its date too. */
function clock(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}

/** The alert a link opens: what, who, where, since when, its state, and Acknowledge while nobody has. */
export function AlertLinkView({ view, acknowledging, acknowledgeError, onAcknowledge }: AlertLinkViewProps) {
  const now = useNow();
  const { alert } = view;
  const danger = alert.mode === 'danger';
  // The link answers only while the alert is open, so who closed it is never needed.
  const status = alertStatus({ ...alert, state: alert.state as AlertState, closedBy: null });
  const place = [alert.floor, alert.unit].filter(Boolean).join(' · ');

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge size="xl" color={MODE_COLOURS[alert.mode]}>
          {alertModeLabel(alert.mode)}
        </Badge>
        <Badge size="xl" color={STATUS_COLOURS[status.label]}>
          {status.label}
        </Badge>
      </Group>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          {danger && <IconAlertOctagon size={32} color="var(--mantine-color-red-8)" aria-hidden />}
          <Title order={1} fz={32} c={danger ? 'red.9' : undefined}>
            {alert.person ?? alert.tag}
          </Title>
        </Group>
        {alert.person && <Text size="lg">Tag {alert.tag}</Text>}
      </Stack>
      <Stack gap={4}>
        <Text fz={24} fw={600} lh={1.3}>
          {alert.location ?? 'Unknown location'}
        </Text>
        {place && <Text size="lg">{place}</Text>}
      </Stack>
      <Text size="xl">
        <time dateTime={alert.createdAt} title={new Date(alert.createdAt).toLocaleString()}>
          {formatAge(now.getTime() - Date.parse(alert.createdAt))} ago
        </time>
      </Text>
      {alert.acknowledged ? (
        <Alert color="green" icon={<IconCheck aria-hidden />} title="Acknowledged">
          <Text size="lg">
            Acknowledged by {status.by ?? 'someone'}
            {alert.acknowledgedAt && (
              <>
                {' at '}
                <time dateTime={alert.acknowledgedAt}>{clock(alert.acknowledgedAt, now)}</time>
              </>
            )}
          </Text>
        </Alert>
      ) : (
        <Button size="xl" h={72} fullWidth color="green" loading={acknowledging} onClick={onAcknowledge}>
          Acknowledge
        </Button>
      )}
      {acknowledgeError !== null && !alert.acknowledged && (
        <Alert color="red" role="alert">
          {messages.couldNotUpdate(acknowledgeError)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Sent to {view.recipient}. This link works until the alert is closed, at the latest until{' '}
        {new Date(view.expiresAt).toLocaleString()}.
      </Text>
    </Stack>
  );
}
