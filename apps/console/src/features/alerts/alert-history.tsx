import { Text, Timeline } from '@mantine/core';
import type { AlertHistoryAction, AlertHistoryEntry } from '@vigil/domain';

const ACTION_LABELS: Record<AlertHistoryAction, string> = {
  created: 'Created',
  pressed: 'Pressed again',
  notified: 'Notified',
  escalated: 'Escalated',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
};

/** Every transition of the alert, oldest first, with its time and who did it. */
export function AlertHistory({ history }: { history: AlertHistoryEntry[] }) {
  if (history.length === 0) return <Text c="dimmed">No history recorded.</Text>;
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} aria-label="History" role="list">
      {history.map((entry, index) => (
        <Timeline.Item
          key={`${entry.at}-${index}`}
          title={ACTION_LABELS[entry.action] ?? entry.action}
          role="listitem"
        >
          <Text size="sm">{entry.actor?.name ?? 'System'}</Text>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
