import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { visitState, visitTimesOf, type HomeVisit, type VisitState } from '@vigil/domain';
import { useUpdateHomeVisit, useVisitCheck } from '../../api/home-visits';
import { messages } from '../../api/messages';
import { confirmAction } from '../../ui/confirm';
import { VISIT_STATE_COLOURS, plannedText, visitStateLabel } from './visit-labels';

export type VisitTableProps = {
  visits: readonly HomeVisit[];
  now: Date;
  /** The caller may update HomeVisit (SPEC §6): check in, check out and cancel. */
  mayUpdate: boolean;
};

/** The visits: who, which address, when, the state (rules.ts visitState) and what can be done. */
export function VisitTable({ visits, now, mayUpdate }: VisitTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Home visits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Planned</Table.Th>
            <Table.Th>State</Table.Th>
            {mayUpdate && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((visit) => (
            <VisitRow
              key={visit.id}
              visit={visit}
              state={visitState(visitTimesOf(visit), now)}
              mayUpdate={mayUpdate}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function VisitRow({ visit, state, mayUpdate }: { visit: HomeVisit; state: VisitState; mayUpdate: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {visit.person.name}
        </Text>
        <Text size="xs" c="dimmed">
          {visit.person.personId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{visit.home.name}</Text>
          {visit.notes && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {visit.notes}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{plannedText(visit.plannedStart, visit.plannedEnd)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={VISIT_STATE_COLOURS[state]} variant={state === 'cancelled' ? 'outline' : 'filled'}>
          {visitStateLabel(state)}
        </Badge>
      </Table.Td>
      {mayUpdate && (
        <Table.Td>
          <VisitActions visit={visit} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * Check in (not yet in), check out (in, not out), cancel (not in; confirmed). A visit once checked in
 * ends by its check-out: the lone-worker timer covers whoever is at the home.
 */
function VisitActions({ visit }: { visit: HomeVisit }) {
  const check = useVisitCheck();
  const update = useUpdateHomeVisit();
  const who = `${visit.person.name} at ${visit.home.name}`;
  const over = visit.cancelledAt !== null || visit.checkedOutAt !== null;
  const busy = check.isPending || update.isPending;
  const fail = (err: unknown) => notifications.show({ color: 'red', message: messages.couldNotUpdate(err) });

  async function cancel() {
    const confirmed = await confirmAction({
      title: 'Cancel visit',
      message: `Cancel the visit of ${who}?`,
      confirmLabel: 'Cancel visit',
      danger: true,
    });
    if (confirmed) update.mutate({ id: visit.id, cancelled: true }, { onError: fail });
  }

  if (over) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {visit.checkedInAt === null ? (
        <>
          <Button
            size="xs"
            disabled={busy}
            aria-label={`Check in ${who}`}
            onClick={() => check.mutate({ id: visit.id, action: 'check-in' }, { onError: fail })}
          >
            Check in
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            aria-label={`Cancel visit of ${who}`}
            onClick={cancel}
          >
            Cancel
          </Button>
        </>
      ) : (
        <Button
          size="xs"
          disabled={busy}
          aria-label={`Check out ${who}`}
          onClick={() => check.mutate({ id: visit.id, action: 'check-out' }, { onError: fail })}
        >
          Check out
        </Button>
      )}
    </Group>
  );
}
