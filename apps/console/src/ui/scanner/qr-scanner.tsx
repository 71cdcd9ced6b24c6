import { useEffect, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { cameraErrorText } from '@vigil/domain';
import type { ScanFormat } from './qr-detector';
import { startScanSession } from './scan-session';
import classes from './qr-scanner.module.css';

export type QrScannerProps = {
  /** Called with a QR code's content when it comes into view: once while it stays in view. */
  onScan: (text: string) => void;
  /** False releases the camera and hides the view (e.g. while a scan's result is shown); default true. */
  active?: boolean;
  /** The camera view's accessible name; default 'QR code scanner'. */
  label?: string;
  /** What it reads; default a QR code. A barcode too changes the hint to "Hold the code…". */
  formats?: readonly ScanFormat[];
};

/**
 * The camera's live view with a target frame, reading QR codes (SPEC §5 QR scan); a camera that
 * cannot be used is shown as an alert with SPEC §8's text. The reader loads once the camera runs.
 */
export function QrScanner({ onScan, active = true, label = 'QR code scanner', formats }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  const [scanning, setScanning] = useState(false);
  const [errorName, setErrorName] = useState<string | null>(null);

  useEffect(() => {
    onScanRef.current = onScan;
  });
  // The formats as a value: a new array of the same formats does not restart the camera.
  const formatKey = (formats ?? ['qr_code']).join(',');

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) return;
    const session = startScanSession(video, {
      onScan: (text) => onScanRef.current(text),
      onScanning: () => setScanning(true),
      onError: setErrorName,
      formats: formatKey.split(',') as ScanFormat[],
    });
    return () => {
      session.stop();
      setScanning(false);
      setErrorName(null);
    };
  }, [active, formatKey]);

  if (!active) return null;
  return (
    <Stack gap="sm">
      <section aria-label={label} className={classes.frame} hidden={errorName !== null}>
        <video ref={videoRef} className={classes.video} muted playsInline aria-hidden />
        <div className={classes.target} aria-hidden />
      </section>
      {errorName !== null ? (
        <Alert color="red" variant="filled" icon={<IconCameraOff aria-hidden />}>
          {cameraErrorText(errorName)}
        </Alert>
      ) : (
        <Text role="status" size="xl" ta="center">
          {scanning
            ? `Hold the ${formatKey === 'qr_code' ? 'QR code' : 'code'} inside the frame`
            : 'Starting the camera…'}
        </Text>
      )}
    </Stack>
  );
}
