import { useParams } from 'react-router';
import { routineLabel } from '@vigil/domain/routes';
import { useReportRoutines, useRoutineRun } from '../../api/routines';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { RoutineCsvButton, RoutineTable } from './routine-table';

/**
 * SPEC §2.1 /reports/{id}: a stored report routine's rows for the caller's organisation, titled
 * from its id as the sidebar titles it (SPEC §2.4), as a table with its CSV. The routine runs once
 * the list says it exists, so an unknown id asks the server nothing that fails.
 */
export function RoutineScreen() {
  const id = useParams().id ?? '';
  const { me } = useSignedIn();
  const routines = useReportRoutines();
  const routine = routines.data?.find((candidate) => candidate.id === id);
  const run = useRoutineRun(id, me.org.slug ?? me.org.id, routine !== undefined);
  const { section, title } = routineLabel(id);
  const rows = run.data?.results ?? [];

  let body;
  if (routines.isError) {
    body = <ErrorPanel error={routines.error} onRetry={() => void routines.refetch()} />;
  } else if (routines.isSuccess && !routine) {
    body = <EmptyState title="No such report" description={`No stored report is named ${id}.`} />;
  } else if (run.isPending) {
    body = <TableSkeleton rows={10} columns={4} />;
  } else if (run.isError) {
    body = (
      <ErrorPanel error={run.error} title="Could not run this report" onRetry={() => void run.refetch()} />
    );
  } else if (rows.length === 0) {
    body = <EmptyState title="This report has no rows" description="The routine found nothing to report." />;
  } else {
    body = <RoutineTable columns={run.data.columns} rows={rows} />;
  }

  return (
    <>
      <PageHeader
        title={section === title ? title : `${section}: ${title}`}
        description={routine?.description ?? undefined}
        actions={
          run.data &&
          rows.length > 0 && <RoutineCsvButton columns={run.data.columns} rows={rows} filename={id} />
        }
      />
      {body}
    </>
  );
}
