import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { KIOSK_MESSAGES } from '@vigil/domain';
import { InvalidStationSettings, useStation, type KioskStation } from './kiosk-api';
import { PICKER_PATH, kioskPath, useKioskNotice, useKioskTimeout, type KioskNavState } from './kiosk-nav';
import { useKioskFlow } from './flow-store';
import classes from './kiosk.module.css';

/** The station of the URL (SPEC §2.1 /distribution/{station}/…). */
export function useStationParam(): string {
  return useParams().station ?? '';
}

export type KioskPageProps = {
  station: string;
  /** The screen's heading. */
  title: ReactNode;
  /** The screen, once its station is loaded. */
  children: (station: KioskStation) => ReactNode;
};

/**
 * The frame of every station screen: its heading, the notice handed over by the previous screen,
 * the station timeout (SPEC §9), and the station loaded first. A station that fails to load sends
 * the user to the picker with SPEC §8's text; one whose settings do not parse says so here.
 */
export function KioskPage({ station, title, children }: KioskPageProps) {
  useKioskTimeout(station);
  const { notice, tone } = useKioskNotice();
  const loaded = useStation(station);

  if (loaded.isError && !(loaded.error instanceof InvalidStationSettings)) {
    const state: KioskNavState = { notice: KIOSK_MESSAGES.stationLoadFailed, tone: 'error' };
    return <Navigate to={PICKER_PATH} replace state={state} />;
  }
  return (
    <Stack className={classes.scale} gap="lg" maw={960} mx="auto" w="100%">
      <Title order={1}>{title}</Title>
      {notice &&
        (tone === 'error' ? (
          <KioskAlert>{notice}</KioskAlert>
        ) : (
          <KioskNotice tone={tone}>{notice}</KioskNotice>
        ))}
      {loaded.isPending && <Skeleton height={240} radius="md" aria-label="Loading the station" />}
      {loaded.isError && (
        <>
          <KioskAlert>{KIOSK_MESSAGES.invalidStationSettings}</KioskAlert>
          <Box>
            <Button component={Link} to={PICKER_PATH} size="lg" variant="default">
              Choose another station
            </Button>
          </Box>
        </>
      )}
      {loaded.isSuccess && children(loaded.data)}
    </Stack>
  );
}

/** A notice for the person at the kiosk (a tag deactivated, a timeout): large, and read out. */
export function KioskNotice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  return (
    <Alert
      color={tone === 'success' ? 'green' : 'blue'}
      variant="light"
      icon={<IconInfoCircle size={28} aria-hidden />}
      role="status"
      styles={{ message: { fontSize: 'var(--mantine-font-size-lg)', color: 'var(--mantine-color-black)' } }}
    >
      {children}
    </Alert>
  );
}

/** Something that stops the person here: what, and what to do, in large type. */
export function KioskAlert({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={28} aria-hidden />}
      role="alert"
      styles={{ message: { fontSize: 'var(--mantine-font-size-lg)', color: 'var(--mantine-color-black)' } }}
    >
      {children}
    </Alert>
  );
}

/** Back to the station's home, leaving the step (the flow's 'back'): every identifying screen's way out. */
export function KioskBack({ station }: { station: string }) {
  const navigate = useNavigate();
  const { send } = useKioskFlow(station);
  return (
    <Button
      size="lg"
      variant="default"
      leftSection={<IconArrowLeft aria-hidden />}
      onClick={() => {
        send({ type: 'back' });
        navigate(kioskPath(station, 'home'));
      }}
    >
      Back
    </Button>
  );
}
