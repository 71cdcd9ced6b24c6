import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Box, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { matchRoute } from '@vigil/domain/routes';
import { VigilMark } from '../../ui/vigil-mark';
import { ConnectionIcon, KioskClock, KioskExit } from '../../features/kiosk/kiosk-chrome';
import { useStation } from '../../features/kiosk/kiosk-api';
import classes from '../../features/kiosk/kiosk.module.css';

/**
 * SPEC §2.5 kiosk layout: exit link, logo, clock, connection icon and the station's help text, for a
 * tablet on a wall (issue 21). No sidebar, no idle sign-out (the kiosk keeps its own timeout).
 */
export function KioskLayout({ children }: { children: ReactNode }) {
  const station = matchRoute(useLocation().pathname)?.params.station;
  return (
    <Box className={classes.scale} mih="100vh" bg="white">
      <Box component="header" className={classes.header} px="lg" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="lg">
          <Group gap="sm" wrap="nowrap">
            <VigilMark size={40} />
            <Text fw={800} size="xl">
              Vigil
            </Text>
            {station && <StationName id={station} />}
          </Group>
          <Group gap="xl" wrap="nowrap">
            <ConnectionIcon />
            <KioskClock />
            <KioskExit station={station} />
          </Group>
        </Group>
      </Box>
      {station && <StationHelp id={station} />}
      <Box component="main" px="lg" py="lg">
        {children}
      </Box>
    </Box>
  );
}

function StationName({ id }: { id: string }) {
  const station = useStation(id);
  if (!station.data) return null;
  return (
    <Text size="lg" fw={600} c="gray.8">
      {station.data.name}
    </Text>
  );
}

/** The station's help text (SPEC §3 helpMessage), under the header on every screen of the station. */
function StationHelp({ id }: { id: string }) {
  const station = useStation(id);
  const help = station.data?.helpMessage.trim();
  if (!help) return null;
  return (
    <Box className={classes.help} px="lg" py="sm" role="note" aria-label="Station help">
      <Group gap="sm" wrap="nowrap">
        <IconInfoCircle size={28} aria-hidden />
        <Text size="lg">{help}</Text>
      </Group>
    </Box>
  );
}
