import { Link } from 'react-router';
import { Button, Group, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudOff, IconDoorExit, IconLogout, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { mayExitKiosk, mayLogOutOfKiosk } from '@vigil/domain';
import { useConnection } from '../../api/connection';
import { useSession, useSignedIn } from '../../session/session';
import { isInstalledApp } from '../../session/console-identity';
import { useNow } from '../../ui/use-now';
import { canExitSaved } from './can-exit';

// The kiosk layout's pieces (SPEC §2.5: exit link, logo, clock, connection icon, help text),
// drawn for a wall tablet: words beside every icon, nothing only on hover.

/**
 * The connection, as the console's banners judge it (SPEC §2.6, §8): the network is down, or the
 * server cannot be reached (a failing call, or a stale alert refresh), else online.
 */
export function ConnectionIcon() {
  const network = useNetwork();
  const { serverProblem, alertsStale } = useConnection();
  const [Icon, colour, text] =
    network.online === false
      ? [IconWifiOff, 'red-9', 'Network disconnected']
      : serverProblem || alertsStale
        ? [IconCloudOff, 'red-9', 'Server unreachable']
        : [IconWifi, 'green-9', 'Online'];
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label={`Connection: ${text}`}>
      {/* The words carry the state in black; the icon adds its colour. */}
      <Icon size={28} aria-hidden color={`var(--mantine-color-${colour})`} />
      <Text fw={700}>{text}</Text>
    </Group>
  );
}

/** The clock: hours and minutes, readable across the room. */
export function KioskClock() {
  const now = useNow(10_000);
  return (
    <Text component="time" dateTime={now.toISOString()} fw={700} size="xl" aria-label="Current time">
      {now.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
    </Text>
  );
}

/**
 * SPEC §6: exit to the dashboard (an installed app, with this station's can-exit saved on this
 * device), and sign-out (role distribution, the kioskLogout flag, no API key).
 */
export function KioskExit({ station }: { station: string | undefined }) {
  const { me } = useSignedIn();
  const { signOut } = useSession();
  const mayExit =
    station !== undefined &&
    mayExitKiosk({ role: me.role, installedApp: isInstalledApp(), canExit: canExitSaved(station) });
  const mayLogOut = mayLogOutOfKiosk({
    role: me.role,
    flags: me.zone.config.featureFlags,
    usesApiKey: me.kind === 'key',
  });
  if (!mayExit && !mayLogOut) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      {mayExit && (
        <Button
          component={Link}
          to="/"
          variant="default"
          size="md"
          leftSection={<IconDoorExit aria-hidden />}
        >
          Exit to dashboard
        </Button>
      )}
      {mayLogOut && (
        <Button
          variant="default"
          size="md"
          leftSection={<IconLogout aria-hidden />}
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}
