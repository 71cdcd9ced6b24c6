import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { VISIT_OVERDUE_GRACE_MIN, VISIT_STATES, visitStateSchema, type VisitState } from '@vigil/domain';
import { useHomeVisits, type HomeVisitFilters } from '../../api/home-visits';
import { useOrgTimeZone } from '../../session/org-time-zone';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useNow } from '../../ui/use-now';
import { VisitFormModal } from './visit-form-modal';
import { VisitTable } from './visit-table';
import { todayText, visitStateLabel } from './visit-labels';

/** A visit's state moves with the clock (in progress → overdue): the rows are decided again this often. */
const STATE_CLOCK_MS = 30_000;
const STATE_OPTIONS = [
  { value: '', label: 'Every state' },
  ...VISIT_STATES.map((state) => ({ value: state, label: visitStateLabel(state) })),
];

/**
 * /home-visits (issue 20, SPEC §6 HomeVisit): remote staff visiting patients at home. A visit is
 * planned here, checked in and out here or from the staff member's app; one not checked out a
 * grace after its planned end raises an alert (the lone-worker timer).
 */
export function HomeVisitsScreen() {
  const { ability } = useSignedIn();
  const now = useNow(STATE_CLOCK_MS);
  const timeZone = useOrgTimeZone();
  const [day, setDay] = useState(() => todayText(new Date(), timeZone));
  const [state, setState] = useState<VisitState | null>(null);
  const [planning, setPlanning] = useState(false);
  const filters: HomeVisitFilters = { ...(day ? { day } : {}), ...(state ? { state } : {}) };
  const visits = useHomeVisits(filters);
  const mayUpdate = ability.can('update', 'HomeVisit');
  const plan = mayUpdate && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPlanning(true)}>
      Plan visit
    </Button>
  );

  return (
    <Stack>
      <PageHeader
        title="Home Visits"
        description={`Staff visiting patients at home. A press during a visit is an alert at the home; a visit not checked out ${VISIT_OVERDUE_GRACE_MIN} minutes after its planned end raises an alert.`}
        actions={plan}
      />
      <Group align="flex-end">
        <TextInput
          type="date"
          label="Day"
          description={`Empty for every day${timeZone ? ` (days of ${timeZone})` : ''}`}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
        />
        <NativeSelect
          label="State"
          data={STATE_OPTIONS}
          value={state ?? ''}
          onChange={(e) => setState(visitStateSchema.safeParse(e.currentTarget.value).data ?? null)}
        />
      </Group>
      {visits.isPending ? (
        <TableSkeleton rows={5} columns={5} />
      ) : visits.isError ? (
        <ErrorPanel error={visits.error} onRetry={() => void visits.refetch()} />
      ) : visits.data.data.length === 0 ? (
        <EmptyState
          title={day ? 'No home visits on this day' : 'No home visits'}
          description={state ? `None is ${visitStateLabel(state).toLowerCase()}.` : undefined}
          action={plan}
        />
      ) : (
        <VisitTable visits={visits.data.data} now={now} mayUpdate={mayUpdate} />
      )}
      {planning && <VisitFormModal onClose={() => setPlanning(false)} />}
    </Stack>
  );
}
