import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconHandFinger } from '@tabler/icons-react';
import { KIOSK_MESSAGES, identifyScreenFor } from '@vigil/domain';
import { reasonOf } from '../../api/errors';
import { useKeyboardScanner } from '../../ui/scanner/use-keyboard-scanner';
import { useKioskFlow } from './flow-store';
import { kioskQueries, type KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskAlert, KioskNotice, KioskPage, useStationParam, KioskBack } from './kiosk-page';
import { useIdentifyingStep, useTagFound } from './use-tag-found';
import classes from './kiosk.module.css';

/**
 * SPEC §2.1 /distribution/{station}/tap: "press your tag's button", while the kiosk polls GET
 * /api/button-event (SPEC §7, every KIOSK_TAP_POLL_MS) until the station's gateway hears a tap. A
 * hand-held scanner reading the tag's QR code works here too.
 */
export function TapScreen() {
  const station = useStationParam();
  return (
    <KioskPage station={station} title="Tap your new tag">
      {(loaded) => <Tap station={loaded} />}
    </KioskPage>
  );
}

function Tap({ station }: { station: KioskStation }) {
  const navigate = useNavigate();
  const { send } = useKioskFlow(station.id);
  const { flow, refused } = useIdentifyingStep(station.id);
  const tag = useTagFound(station.id);
  const mode = identifyScreenFor(station.scanMode);
  const listening = flow !== null && station.gatewayId !== null && mode.ok && mode.value === 'tap';
  const taps = useQuery({ ...kioskQueries.taps(station.id, flow?.since ?? ''), enabled: listening });
  const heard = taps.data?.data[0]?.tag;
  useKeyboardScanner(tag.scanned, { enabled: flow !== null });

  // Each tap heard once: `found` is a new function every render, so it is read through a ref.
  const found = useRef(tag.found);
  useEffect(() => {
    found.current = tag.found;
  });
  useEffect(() => {
    if (heard) found.current(heard);
  }, [heard]);

  if (refused) return <Navigate to={kioskPath(station.id, 'home')} replace />;
  if (!mode.ok) return <KioskAlert>{mode.reason}</KioskAlert>;
  if (mode.value === 'scan') return <Navigate to={kioskPath(station.id, 'scan')} replace />;
  if (!station.gatewayId) return <KioskAlert>{KIOSK_MESSAGES.noStationSettings}</KioskAlert>;
  const tapMode = station.scanMode === 'doubleTap' ? 'doubleTap' : 'singleTap';

  return (
    <Stack gap="xl">
      <Center>
        <Stack align="center" gap="md">
          <IconHandFinger size={120} aria-hidden className={classes.listening} />
          <Text fw={800} size="xl" ta="center" fz="var(--mantine-h2-font-size)">
            {KIOSK_MESSAGES.tapTitle(tapMode)}
          </Text>
          <Text size="xl" ta="center" role="status">
            {KIOSK_MESSAGES.tapHint}
          </Text>
        </Stack>
      </Center>
      {flow?.swapOut && <KioskNotice>{KIOSK_MESSAGES.swapHint}</KioskNotice>}
      {tag.problem && <KioskAlert>{tag.problem}</KioskAlert>}
      {taps.isError && <KioskAlert>{KIOSK_MESSAGES.somethingWentWrong(reasonOf(taps.error))}</KioskAlert>}
      <KioskNotice>{KIOSK_MESSAGES.tapWearing}</KioskNotice>
      <Group>
        <KioskBack station={station.id} />
        {flow?.person && (
          <Button
            size="lg"
            variant="default"
            onClick={() => {
              if (!send({ type: 'openCurrentTags' })) navigate(kioskPath(station.id, 'current-tags'));
            }}
          >
            My tags
          </Button>
        )}
      </Group>
    </Stack>
  );
}
