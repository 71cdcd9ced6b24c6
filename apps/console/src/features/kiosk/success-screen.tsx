import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Center, Stack, Text } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { KIOSK_MESSAGES, KIOSK_SUCCESS_RETURN_MS } from '@vigil/domain';
import { useKioskFlow } from './flow-store';
import type { KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskPage, useStationParam } from './kiosk-page';

/**
 * SPEC §2.1 /distribution/{station}/success: the activation (or swap) done, then home by itself
 * after KIOSK_SUCCESS_RETURN_MS, the flow cleared for the next person.
 */
export function SuccessScreen() {
  const station = useStationParam();
  return (
    <KioskPage station={station} title={KIOSK_MESSAGES.successTitle}>
      {(loaded) => <Success station={loaded} />}
    </KioskPage>
  );
}

function Success({ station }: { station: KioskStation }) {
  const navigate = useNavigate();
  const { flow, send } = useKioskFlow(station.id);
  const done = flow.step === 'success';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      send({ type: 'reset' });
      navigate(kioskPath(station.id, 'home'), { replace: true });
    }, KIOSK_SUCCESS_RETURN_MS);
    return () => clearTimeout(timer);
  }, [done, send, navigate, station.id]);

  if (flow.step !== 'success') return <Navigate to={kioskPath(station.id, 'home')} replace />;
  const { person, tagId, returnedTag } = flow;
  return (
    <Center>
      <Stack align="center" gap="lg" maw={720}>
        <IconCircleCheckFilled size={120} color="var(--mantine-color-green-8)" aria-hidden />
        <Text fz="var(--mantine-h2-font-size)" fw={800} ta="center" role="status">
          {returnedTag
            ? KIOSK_MESSAGES.swapSucceeded(returnedTag, tagId, person.name)
            : KIOSK_MESSAGES.activationSucceeded(tagId, person.name)}
        </Text>
        <Text size="xl" ta="center">
          {KIOSK_MESSAGES.activationSucceededHint}
        </Text>
        <Button
          size="xl"
          onClick={() => {
            send({ type: 'reset' });
            navigate(kioskPath(station.id, 'home'));
          }}
        >
          Done
        </Button>
        <Text size="lg" c="gray.8" ta="center">
          {`The kiosk returns to the start by itself in ${KIOSK_SUCCESS_RETURN_MS / 1000} seconds.`}
        </Text>
      </Stack>
    </Center>
  );
}
