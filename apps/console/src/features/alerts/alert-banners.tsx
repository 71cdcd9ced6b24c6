import { Link, useLocation } from 'react-router';
import { Alert as Banner, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertOctagon, IconBellOff, IconUrgent } from '@tabler/icons-react';
import {
  dangerousLocations,
  isDangerousLocation,
  type Alert,
  alertLocationPath,
  dangerReasonLabel,
} from '@vigil/domain';
import { messages } from '../../api/messages';
import { useAlerting } from './alerting-context';
import { isAlertsScreen } from './use-new-alert-push';

/** The alert banners of SPEC §2.6, for the shell's banner region. Renders nothing when none applies. */
export function AlertBanners() {
  const alerting = useAlerting();
  const { pathname } = useLocation();
  const alerts = alerting.alerts ?? [];
  return (
    <>
      {alerting.showDanger && <DangerBanners alerts={alerts} />}
      {alerts.length > 0 && !isAlertsScreen(pathname) && <HelpRequestsBanner count={alerts.length} />}
      {alerting.mutedIds.size > 0 && <MutedNote onUnmute={alerting.unmute} />}
    </>
  );
}

/** One banner per dangerous location (SPEC §4: a danger alert not yet closed, escalated included). */
function DangerBanners({ alerts }: { alerts: readonly Alert[] }) {
  return dangerousLocations(alerts).map((location) => {
    const here = alerts.filter((a) => a.location?.id === location.id && isDangerousLocation(a));
    const reason = here.some((a) => a.dangerReason === 'activeShooter') ? 'activeShooter' : 'other';
    return (
      <Banner
        key={location.id}
        color="red"
        variant="filled"
        radius={0}
        role="alert"
        icon={<IconAlertOctagon size={22} aria-hidden />}
        title={dangerReasonLabel(reason)}
      >
        <Text fw={700}>Dangerous location: {alertLocationPath(location)}</Text>
      </Banner>
    );
  });
}

/** Outside the alerts screen: how many help requests are open, linking there. */
function HelpRequestsBanner({ count }: { count: number }) {
  return (
    <Banner
      color="yellow.3"
      variant="filled"
      autoContrast
      radius={0}
      icon={<IconUrgent size={20} aria-hidden />}
    >
      <Anchor component={Link} to="/alerts" c="black" fw={700} underline="always">
        {messages.activeHelpRequests(count)}
      </Anchor>
    </Banner>
  );
}

function MutedNote({ onUnmute }: { onUnmute: () => void }) {
  return (
    <Banner
      color="gray"
      variant="light"
      radius={0}
      role="status"
      icon={<IconBellOff size={18} aria-hidden />}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {messages.alertsMuted}
        </Text>
        <Button size="compact-sm" variant="default" onClick={onUnmute}>
          Unmute alarm
        </Button>
      </Group>
    </Banner>
  );
}
