import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { KIOSK_MESSAGES, type DistributionStation } from '@vigil/domain';
import { reasonOf } from '../../api/errors';
import { useSignedIn } from '../../session/session';
import { canExitSaved, saveCanExit } from './can-exit';
import { useStations } from './kiosk-api';
import { kioskPath, useKioskNotice } from './kiosk-nav';
import { KioskAlert, KioskNotice } from './kiosk-page';
import classes from './kiosk.module.css';

/** SPEC §2.1 /distribution: the station picker, from GET /api/distribution-station (SPEC §7). */
export function StationPickerScreen() {
  const stations = useStations();
  const { notice, tone } = useKioskNotice();
  return (
    <Stack className={classes.scale} gap="lg" maw={960} mx="auto" w="100%">
      <Title order={1}>{KIOSK_MESSAGES.pickStationTitle}</Title>
      {notice && (tone === 'error' ? <KioskAlert>{notice}</KioskAlert> : <KioskNotice>{notice}</KioskNotice>)}
      {stations.isPending && <Skeleton height={160} radius="md" aria-label="Loading stations" />}
      {stations.isError && (
        <Stack gap="md" align="flex-start">
          <KioskAlert>{KIOSK_MESSAGES.somethingWentWrong(reasonOf(stations.error))}</KioskAlert>
          <Button size="lg" onClick={() => void stations.refetch()}>
            Try again
          </Button>
        </Stack>
      )}
      {stations.isSuccess && stations.data.data.length === 0 && (
        <KioskAlert>{KIOSK_MESSAGES.noStationSettings}</KioskAlert>
      )}
      {stations.isSuccess && stations.data.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {stations.data.data.map((station) => (
            <StationCard key={station.id} station={station} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function StationCard({ station }: { station: DistributionStation }) {
  const { me } = useSignedIn();
  // SPEC §6 can-exit: set on this device by someone whose role has a dashboard to exit to.
  const [canExit, setCanExit] = useState(() => canExitSaved(station.id));
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Stack gap="md">
        <Button
          component={Link}
          to={kioskPath(station.id, 'home')}
          size="xl"
          fullWidth
          h="auto"
          mih={64}
          py="sm"
          justify="space-between"
          rightSection={<IconChevronRight aria-hidden />}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {station.name}
        </Button>
        {station.helpMessage && <Text c="gray.8">{station.helpMessage}</Text>}
        {me.role !== 'distribution' && (
          <Checkbox
            size="lg"
            label="Allow exit to the dashboard on this device"
            description="Only in the installed app."
            checked={canExit}
            onChange={(event) => {
              saveCanExit(station.id, event.currentTarget.checked);
              setCanExit(event.currentTarget.checked);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
