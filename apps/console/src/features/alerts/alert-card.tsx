import { Link } from 'react-router';
import {
  alertLocationPath,
  alertModeLabel,
  alertPersonName,
  alertStatus,
  dangerReasonLabel,
  formatAge,
} from '@vigil/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertOctagon, IconCheck, IconVolume } from '@tabler/icons-react';
import type { Alert } from '@vigil/domain';
import { AlertVisitLine } from './alert-visit';
import { NearestResponders } from './nearest-responders';

export type AlertCardProps = {
  alert: Alert;
  now: Date;
  sounding: boolean;
  muted: boolean;
  /** Acknowledged here, not yet shown by the server's copy. */
  ackPending: boolean;
  mayUpdate: boolean;
  onAcknowledge: () => void;
  onClose: () => void;
};

/** The accessible name of an alert's card: 'Alert: Jane Doe at Main site › Ward 3' ('Danger alert: …'). */
export function alertCardName(alert: Alert): string {
  const kind = alert.mode === 'danger' ? 'Danger alert' : alert.mode === 'test' ? 'Test alert' : 'Alert';
  return `${kind}: ${alertPersonName(alert)} at ${alertLocationPath(alert.location)}`;
}

/** One open alert on the alerts screen: who, where, how long ago, its state, and what to do. */
export function AlertCard(props: AlertCardProps) {
  const { alert, now } = props;
  const person = alertPersonName(alert);
  const danger = alert.mode === 'danger';
  const created = new Date(alert.createdAt);

  return (
    <Paper
      component="article"
      aria-label={alertCardName(alert)}
      withBorder
      radius="md"
      p="md"
      bg={danger ? 'red.0' : undefined}
      style={danger ? { borderColor: 'var(--mantine-color-red-8)', borderWidth: 3 } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0} flex={1}>
          <Group gap="xs" wrap="nowrap">
            {danger && <IconAlertOctagon size={24} color="var(--mantine-color-red-8)" aria-hidden />}
            <Title order={2} size="h3" c={danger ? 'red.9' : undefined}>
              {person}
            </Title>
          </Group>
          <Text>{alertLocationPath(alert.location)}</Text>
          <AlertVisitLine alert={alert} />
          <Group gap={6}>
            <Badge color={danger ? 'red.8' : alert.mode === 'test' ? 'gray.7' : 'orange'}>
              {alertModeLabel(alert.mode)}
            </Badge>
            {danger && (
              <Badge color="red.9" variant="outline">
                {dangerReasonLabel(alert.dangerReason)}
              </Badge>
            )}
            <StatusBadge alert={alert} />
            {alert.pressCount > 1 && (
              <Badge variant="outline" color="gray.8">
                {alert.pressCount} presses
              </Badge>
            )}
            {props.sounding && (
              <Badge color="red.8" leftSection={<IconVolume size={12} aria-hidden />}>
                Sounding
              </Badge>
            )}
            {props.muted && <Badge color="gray.7">Muted</Badge>}
          </Group>
          {alert.state !== 'closed' && <NearestResponders alertId={alert.id} now={now} />}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Text size="sm">
            <time dateTime={alert.createdAt} title={created.toLocaleString()}>
              {formatAge(now.getTime() - created.getTime())} ago
            </time>
          </Text>
          <AcknowledgeArea {...props} person={person} />
          <Group gap="xs">
            {props.mayUpdate && (
              <Button variant="default" onClick={props.onClose} aria-label={`Close alert for ${person}`}>
                Close
              </Button>
            )}
            <Anchor
              component={Link}
              to={`/alert/${alert.id}`}
              size="sm"
              aria-label={`Details of the alert for ${person}`}
            >
              Details
            </Anchor>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

const STATUS_COLOURS = {
  Created: 'blue.8',
  Notified: 'blue.8',
  Escalated: 'red.9',
  // The theme's filled green, darkened to carry white text at 4.5:1 (app/theme.ts).
  Acknowledged: 'green',
  Closed: 'gray.7',
} as const;

/** The alert's visible status (alertStatus): 'Acknowledged' once someone is on it, else its state. */
function StatusBadge({ alert }: { alert: Alert }) {
  const { label } = alertStatus(alert);
  return <Badge color={STATUS_COLOURS[label]}>{label}</Badge>;
}

function AcknowledgeArea({
  alert,
  now,
  ackPending,
  mayUpdate,
  onAcknowledge,
  person,
}: AlertCardProps & { person: string }) {
  if (alert.acknowledged) {
    const status = alertStatus(alert);
    return (
      <Group gap={4} wrap="nowrap">
        <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
        <Text size="sm" fw={600}>
          Acknowledged by {status.by ?? 'someone'}
          {status.at && (
            <>
              {', '}
              <time dateTime={status.at} title={new Date(status.at).toLocaleString()}>
                {formatAge(now.getTime() - new Date(status.at).getTime())} ago
              </time>
            </>
          )}
        </Text>
      </Group>
    );
  }
  if (ackPending) {
    return (
      <Button disabled aria-label={`Acknowledging the alert for ${person}`}>
        Acknowledging…
      </Button>
    );
  }
  if (!mayUpdate) return null;
  return (
    <Button color="red.8" onClick={onAcknowledge} aria-label={`Acknowledge alert for ${person}`}>
      Acknowledge
    </Button>
  );
}
