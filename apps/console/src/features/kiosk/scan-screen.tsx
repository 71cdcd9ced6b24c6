import { Navigate } from 'react-router';
import { Group, Stack, Text } from '@mantine/core';
import { KIOSK_MESSAGES, identifyScreenFor } from '@vigil/domain';
import { QrScanner } from '../../ui/scanner/qr-scanner';
import { ScanInput } from '../../ui/scanner/scan-input';
import { useKeyboardScanner } from '../../ui/scanner/use-keyboard-scanner';
import type { KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';
import { KioskAlert, KioskNotice, KioskPage, useStationParam, KioskBack } from './kiosk-page';
import { useIdentifyingStep, useTagFound } from './use-tag-found';

/**
 * SPEC §2.1 /distribution/{station}/scan: the tag's QR code read by the camera (scan mode qrCode)
 * or a hand-held scanner, or its id typed (scan mode off); SPEC §5 takes the trailing 12 hex
 * characters, lowercased.
 */
export function ScanScreen() {
  const station = useStationParam();
  return (
    <KioskPage station={station} title="Identify your new tag">
      {(loaded) => <Scan station={loaded} />}
    </KioskPage>
  );
}

function Scan({ station }: { station: KioskStation }) {
  const { flow, refused } = useIdentifyingStep(station.id);
  const tag = useTagFound(station.id);
  const mode = identifyScreenFor(station.scanMode);
  const typed = station.scanMode === 'off';
  // Typed ids go through the field (ScanInput); with the camera, a hand-held scanner works anywhere.
  useKeyboardScanner(tag.scanned, { enabled: flow !== null && !typed });

  if (refused) return <Navigate to={kioskPath(station.id, 'home')} replace />;
  if (!mode.ok) return <KioskAlert>{mode.reason}</KioskAlert>;
  if (mode.value === 'tap') return <Navigate to={kioskPath(station.id, 'tap')} replace />;

  return (
    <Stack gap="xl">
      <Text fw={800} fz="var(--mantine-h2-font-size)">
        {typed ? KIOSK_MESSAGES.typeTitle : KIOSK_MESSAGES.scanTitle}
      </Text>
      {flow?.swapOut && <KioskNotice>{KIOSK_MESSAGES.swapHint}</KioskNotice>}
      {tag.problem && <KioskAlert>{tag.problem}</KioskAlert>}
      {typed ? (
        <ScanInput onScan={tag.scanned} label={KIOSK_MESSAGES.scanTagLabel} autoFocus />
      ) : (
        <QrScanner onScan={tag.scanned} active={flow !== null} label="Tag QR code scanner" />
      )}
      <Group>
        <KioskBack station={station.id} />
      </Group>
    </Stack>
  );
}
