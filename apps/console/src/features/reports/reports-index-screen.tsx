import { Link } from 'react-router';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { ROUTE_BY_ID, type RouteId } from '@vigil/domain/routes';
import { useReportRoutines } from '../../api/routines';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { StoredRoutines } from './stored-routines';

/** One report of the index: its route and the question it answers. */
type IndexEntry = { routeId: RouteId; answers: string };
type IndexGroup = { title: string; entries: IndexEntry[] };

/** SPEC §2.1/§2.4: the reports of issue 18, grouped as the sidebar groups them. */
const GROUPS: IndexGroup[] = [
  {
    title: 'System Health',
    entries: [
      {
        routeId: 'disconnectedGateways',
        answers: 'Which gateways stopped reporting, since when, and how they did in their last 24 hours.',
      },
      {
        routeId: 'tagsReplacement',
        answers: 'Which flagged tags are overdue for replacement or due within 1 to 2 months, by location.',
      },
    ],
  },
  {
    title: 'Tags',
    entries: [
      {
        routeId: 'tagsNotSeen',
        answers: 'Which tags have not been heard for longer than a chosen period, by location and owner.',
      },
      {
        routeId: 'tagsFlaggedDetails',
        answers: 'Which tags are flagged for collection, for what reason and how urgently.',
      },
    ],
  },
  {
    title: 'Analytics',
    entries: [
      {
        routeId: 'analyticsIncidents',
        answers: 'How many incidents there were over time, by mode, location and incident details.',
      },
      {
        routeId: 'analyticsResponseTimes',
        answers: 'How fast alerts were acknowledged and closed, with percentiles and the slowest alerts.',
      },
    ],
  },
];

/** SPEC §2.1 /reports: the reports the caller may read, each with what it answers. */
export function ReportsIndexScreen() {
  const { ability } = useSignedIn();
  const allowed = (routeId: RouteId) => {
    const permission = ROUTE_BY_ID[routeId].permission;
    return !permission || ability.can(permission[0], permission[1], permission[2]);
  };
  const groups = GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => allowed(entry.routeId)),
  })).filter((group) => group.entries.length > 0);
  // SPEC §2.4: the stored routines, for users who may read Report.
  const mayReadReports = ability.can('read', 'Report');
  const routines = useReportRoutines(mayReadReports);
  const nothing = groups.length === 0 && (!mayReadReports || routines.data?.length === 0);

  return (
    <Stack>
      <PageHeader
        title="Reports"
        description="The reports you may read, and the question each one answers."
      />
      {nothing ? (
        <EmptyState
          title="No reports for your role"
          description="Ask an administrator for access to the reports you need."
        />
      ) : (
        groups.map((group) => (
          <Stack key={group.title} gap="xs" component="section" aria-label={group.title}>
            <Title order={2} size="h4">
              {group.title}
            </Title>
            <List spacing="sm" listStyleType="none" withPadding={false}>
              {group.entries.map((entry) => (
                <List.Item key={entry.routeId}>
                  <Anchor component={Link} to={ROUTE_BY_ID[entry.routeId].path} fw={600}>
                    {ROUTE_BY_ID[entry.routeId].title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {entry.answers}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))
      )}
      {mayReadReports && !nothing && (
        <StoredRoutines
          routines={routines.data}
          error={routines.error}
          onRetry={() => void routines.refetch()}
        />
      )}
    </Stack>
  );
}
