import { List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../api/messages';
import { responderQueries, useMaySeeResponders } from '../../api/responders';
import { seenAgo } from '../../ui/seen-ago';

/**
 * Issue 20: the responders nearest an open alert by walking distance on the zone tree ('Same unit',
 * 'Same floor' …) and when each was last heard, for a user who may see responders (read Tag
 * responders and the responderTools flag); nothing for anyone else. Asked again every few seconds.
 */
export function NearestResponders({ alertId, now }: { alertId: string; now: Date }) {
  const maySee = useMaySeeResponders();
  const near = useQuery(responderQueries.nearest(alertId, maySee));
  if (!maySee || near.isPending) return null;
  const title = (
    <Text size="sm" fw={600} id={`nearest-${alertId}`}>
      Nearest responders
    </Text>
  );
  if (near.isError)
    return (
      <Stack gap={2}>
        {title}
        <Text size="sm" c="dimmed">
          {messages.problem(near.error)}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={2} component="section" aria-labelledby={`nearest-${alertId}`}>
      {title}
      {near.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No responder has been heard nearby.
        </Text>
      ) : (
        <List size="sm" spacing={2} listStyleType="none">
          {near.data.data.map((r) => (
            <List.Item key={r.id}>
              <Text span size="sm" fw={600}>
                {r.name}
              </Text>
              <Text span size="sm">
                {' · '}
                {r.distanceLabel}
                {' · '}
              </Text>
              <Text span size="sm" c="dimmed">
                {seenAgo(r.seenAt, now)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
