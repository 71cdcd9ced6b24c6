import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { isAlertOpen, alertLocationPath, alertPersonName } from '@vigil/domain';
import { useAlertDetail } from '../../api/alerts';
import { ApiError } from '../../api/errors';
import { useAlerting } from './alerting-context';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useSignedIn } from '../../session/session';
import { AlertFacts } from './alert-facts';
import { AlertFloorPanel } from './alert-floor-panel';
import { AlertHistory } from './alert-history';
import { AlertDeliveries } from './alert-deliveries';
import { AlertVideo } from './alert-video';
import { AlertVisitPanel } from './alert-visit';
import { CloseAlertDialog } from './close-alert-dialog';

/**
 * /alert/{id}: one alert with its history, who acknowledged and closed it, the floor it was heard on
 * (issue 15) and nearby video.
 */
export function AlertDetailScreen() {
  const { id = '' } = useParams();
  const detail = useAlertDetail(id);
  const alerting = useAlerting();
  const { ability } = useSignedIn();
  const [closing, setClosing] = useState(false);

  if (detail.isPending) return <TableSkeleton rows={6} columns={2} />;
  if (detail.isError) return <AlertLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const alert = detail.data;
  const person = alertPersonName(alert);
  const open = isAlertOpen(alert);
  const mayAcknowledge = open && !alert.acknowledged && !alerting.isAckPending(alert.id);

  return (
    <Stack>
      <PageHeader
        title={`Alert: ${person}`}
        description={alertLocationPath(alert.location)}
        actions={
          open &&
          alerting.mayUpdate && (
            <Group gap="xs">
              {mayAcknowledge && (
                <Button color="red.8" onClick={() => void alerting.acknowledge(alert)}>
                  Acknowledge
                </Button>
              )}
              <Button variant="default" onClick={() => setClosing(true)}>
                Close alert
              </Button>
            </Group>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <AlertFacts alert={alert} />
      </Paper>
      <AlertVisitPanel alert={alert} />
      {mayShowFloor(ability) && <AlertFloorPanel alert={alert} />}
      <Stack component="section" aria-labelledby="alert-history-title" gap="xs">
        <Title order={2} size="h4" id="alert-history-title">
          History
        </Title>
        <AlertHistory history={alert.history} />
      </Stack>
      <AlertDeliveries alertId={alert.id} />
      {alerting.showVideo && (
        <Stack component="section" aria-labelledby="alert-video-title" gap="xs">
          <Title order={2} size="h4" id="alert-video-title">
            Video
          </Title>
          <AlertVideo alertId={alert.id} />
        </Stack>
      )}
      {closing && (
        <CloseAlertDialog
          alert={alert}
          reasonDetailsFlag={alerting.reasonDetails}
          onClose={() => setClosing(false)}
        />
      )}
    </Stack>
  );
}

/** An unknown or deleted alert is final (no Retry, a way on); a failure that may pass offers Retry. */
function AlertLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!(error instanceof ApiError && error.status === 404))
    return <ErrorPanel error={error} onRetry={onRetry} />;
  return (
    <Stack align="flex-start">
      <ErrorPanel error={error} title="Alert not found" />
      <Anchor component={Link} to="/alerts">
        Go to the open alerts
      </Anchor>
    </Stack>
  );
}

/**
 * The floor panel reads the plan and the floor (a zone); the alert's position comes with the alert
 * to who may read floor plans, so no read Gateway is needed (SPEC §6 security gets it).
 */
function mayShowFloor(ability: ReturnType<typeof useSignedIn>['ability']): boolean {
  return ability.can('read', 'FloorPlan') && ability.can('read', 'Zone');
}
