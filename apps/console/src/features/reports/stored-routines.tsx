import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReportRoutine } from '@vigil/domain';
import { routePath, routineLabel } from '@vigil/domain/routes';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

export type StoredRoutinesProps = {
  /** The routines of GET /api/bigquery/routines, undefined while they load. */
  routines: readonly ReportRoutine[] | undefined;
  /** Why they could not be read, if they could not. */
  error?: unknown;
  onRetry?: () => void;
};

/**
 * SPEC §2.4: the stored report routines, grouped and titled from their ids as the sidebar shows
 * them ('alerts_per_unit' → Alerts, Per Unit), each linking to /reports/{id} with its description.
 */
export function StoredRoutines({ routines, error, onRetry }: StoredRoutinesProps) {
  const headingId = useId();
  let body: ReactNode;
  if (error) body = <ErrorPanel error={error} title="Could not load the stored reports" onRetry={onRetry} />;
  else if (!routines) body = <TableSkeleton rows={2} columns={1} />;
  else if (routines.length === 0) body = <Text c="dimmed">No stored reports yet.</Text>;
  else {
    const labelled = routines.map((routine) => ({ routine, ...routineLabel(routine.id) }));
    body = (
      <List spacing="sm" listStyleType="none" withPadding={false}>
        {labelled.map(({ routine, section, title }) => (
          <List.Item key={routine.id}>
            <Anchor component={Link} to={routePath('reportRoutine', { id: routine.id })} fw={600}>
              {section === title ? title : `${section}: ${title}`}
            </Anchor>
            {routine.description && (
              <Text size="sm" c="dimmed">
                {routine.description}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Stored reports
      </Title>
      {body}
    </Stack>
  );
}
