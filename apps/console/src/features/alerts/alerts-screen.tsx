import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import type { Alert } from '@vigil/domain';
import { useAlerting } from './alerting-context';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useNow } from '../../ui/use-now';
import { AlertCard } from './alert-card';
import { CloseAlertDialog } from './close-alert-dialog';

/** /alerts/{consoleId?} (SPEC §2.1): every open alert, unpaged, newest first. */
export function AlertsScreen() {
  const alerting = useAlerting();
  const [closing, setClosing] = useState<Alert | null>(null);
  const alerts = alerting.alerts;

  return (
    <Stack>
      <PageHeader
        title="Alerts"
        description={alerts && alerts.length > 0 ? `${alerts.length} open` : undefined}
        actions={
          alerting.mayHear && (
            <Button
              color="red.8"
              leftSection={<IconBellOff size={16} aria-hidden />}
              onClick={alerting.mute}
              disabled={alerting.audibleIds.size === 0}
            >
              Mute alarm
            </Button>
          )
        }
      />
      {alerts === undefined ? (
        alerting.error ? (
          <ErrorPanel error={alerting.error} onRetry={alerting.refetch} />
        ) : (
          <TableSkeleton rows={3} columns={3} />
        )
      ) : alerts.length === 0 ? (
        <EmptyState title="No active alerts" description="New alerts appear here the moment they arrive." />
      ) : (
        <AlertList alerts={alerts} onClose={setClosing} />
      )}
      {closing && (
        <CloseAlertDialog
          alert={closing}
          reasonDetailsFlag={alerting.reasonDetails}
          onClose={() => setClosing(null)}
        />
      )}
    </Stack>
  );
}

function AlertList({ alerts, onClose }: { alerts: Alert[]; onClose: (alert: Alert) => void }) {
  const alerting = useAlerting();
  const now = useNow(1000);
  return (
    <Stack component="section" aria-label="Open alerts" gap="sm">
      {alerts.map((alert) => (
        <AlertCard
          key={alert.id}
          alert={alert}
          now={now}
          sounding={alerting.audibleIds.has(alert.id)}
          muted={alerting.mutedIds.has(alert.id)}
          ackPending={alerting.isAckPending(alert.id)}
          mayUpdate={alerting.mayUpdate}
          onAcknowledge={() => void alerting.acknowledge(alert)}
          onClose={() => onClose(alert)}
        />
      ))}
    </Stack>
  );
}
