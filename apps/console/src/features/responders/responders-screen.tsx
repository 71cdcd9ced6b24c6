import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Responder } from '@vigil/domain';
import { responderQueries } from '../../api/responders';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { seenAgo } from '../../ui/seen-ago';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useNow } from '../../ui/use-now';

/**
 * SPEC §2.1 /responders (issue 20): the owners of tags in behaviour mode responder, where their tag
 * was last heard and how long ago, asked again every few seconds so a responder on the move is
 * followed. The route itself needs read Tag responders and the responderTools flag.
 */
export function RespondersScreen() {
  const responders = useQuery(responderQueries.list());
  const now = useNow(5_000);

  let body;
  if (responders.isPending) body = <TableSkeleton rows={6} columns={4} />;
  else if (responders.isError)
    body = (
      <ErrorPanel
        error={responders.error}
        title="Could not load the responders"
        onRetry={() => void responders.refetch()}
      />
    );
  else if (responders.data.data.length === 0)
    body = (
      <EmptyState
        title="No responders yet"
        description="A responder is the owner of a tag in responder mode: on the Tags screen, select their tags and choose Responder mode."
      />
    );
  else body = <ResponderTable responders={responders.data.data} now={now} />;

  return (
    <Stack>
      <PageHeader
        title="Responders"
        description="Staff whose tag is in responder mode, and where their tag was last heard: the place of the gateway that heard it best."
        actions={
          responders.data && (
            <Badge
              variant="light"
              color="blue.8"
              size="lg"
              aria-label={`${responders.data.total} responders`}
            >
              {responders.data.total}
            </Badge>
          )
        }
      />
      {body}
    </Stack>
  );
}

function ResponderTable({ responders, now }: { responders: readonly Responder[]; now: Date }) {
  const { ability } = useSignedIn();
  const mayOpenPlans = ability.can('read', 'FloorPlan');
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover aria-label="Responders" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Tag</Table.Th>
              <Table.Th scope="col">Last location</Table.Th>
              <Table.Th scope="col">Last seen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {responders.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Th scope="row" fw={600}>
                  {r.name}
                </Table.Th>
                <Table.Td>
                  <Stack gap={0}>
                    {r.label && <Text size="sm">{r.label}</Text>}
                    <Text size="xs" c="dimmed" ff="monospace">
                      {r.id}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{r.location?.path ?? '—'}</Text>
                    {mayOpenPlans && r.position && (
                      <Anchor
                        component={Link}
                        to={`/floorplans/${r.position.floorId}`}
                        size="sm"
                        aria-label={`Show ${r.name} on the floor plan`}
                      >
                        Map
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {r.seenAt ? (
                    <time dateTime={r.seenAt} title={new Date(r.seenAt).toLocaleString()}>
                      {seenAgo(r.seenAt, now)}
                    </time>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {seenAgo(null, now)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
