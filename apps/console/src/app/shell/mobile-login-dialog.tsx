import { useEffect, useState } from 'react';
import { Button, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { MOBILE_QR_ERROR_TEXT, MOBILE_QR_RENEW_BEFORE_MS, MOBILE_QR_TTL_MS } from '@vigil/domain';
import { mobileLoginApi, qrContentOf } from '../../api/mobile-login';
import { useNow } from '../../ui/use-now';

/** The QR code's side in CSS pixels: large enough for a phone to read from an arm's length. */
const QR_SIZE = 240;
const QR_ALT = 'QR code to sign in on the mobile app';

/** The QR code of `text` as an SVG data URL; the library is loaded when the first code is made. */
async function qrImage(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

type Code =
  { status: 'loading' } | { status: 'ready'; image: string; validUntil: number } | { status: 'error' };

/**
 * SPEC §2.6 'Login to mobile': a QR code holding a one-time token valid 60 s for the mobile app,
 * replaced by a new one MOBILE_QR_RENEW_BEFORE_MS before it expires for as long as the dialog is
 * open; SPEC §8: the red placeholder 'Error generating QR code' when no code could be made.
 */
export function MobileLoginDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Login to mobile" size="auto" centered>
      {/* Mounted only while open: closing stops the renewal. */}
      {opened && <MobileLoginCode />}
    </Modal>
  );
}

function MobileLoginCode() {
  const [code, setCode] = useState<Code>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function next() {
      // Timed from the request with this browser's clock: the server's expiry is later than this,
      // whatever the two clocks say, so the code on screen is always still valid.
      const requested = Date.now();
      try {
        const issued = await mobileLoginApi.issue(controller.signal);
        const image = await qrImage(qrContentOf(issued));
        if (controller.signal.aborted) return;
        const validUntil = requested + MOBILE_QR_TTL_MS;
        setCode({ status: 'ready', image, validUntil });
        timer = setTimeout(() => void next(), validUntil - MOBILE_QR_RENEW_BEFORE_MS - Date.now());
      } catch {
        if (!controller.signal.aborted) setCode({ status: 'error' });
      }
    }
    void next();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [attempt]);

  const retry = () => {
    setCode({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <Stack align="center" gap="sm" maw={QR_SIZE + 80}>
      <Text size="sm" ta="center">
        Scan this code with the mobile app to sign in there. A code works once, and a new one appears before
        it expires.
      </Text>
      {code.status === 'error' ? (
        <>
          <ErrorPlaceholder />
          <Button variant="default" onClick={retry}>
            Try again
          </Button>
        </>
      ) : code.status === 'ready' ? (
        <ReadyCode image={code.image} validUntil={code.validUntil} />
      ) : (
        <Making />
      )}
    </Stack>
  );
}

function ReadyCode({ image, validUntil }: { image: string; validUntil: number }) {
  const now = useNow(1000).getTime();
  const seconds = Math.max(0, Math.ceil((validUntil - now) / 1000));
  // A renewal still under way when the code expires: an expired code is not shown.
  if (seconds === 0) return <Making />;
  return (
    <>
      <Image src={image} alt={QR_ALT} w={QR_SIZE} h={QR_SIZE} fit="contain" />
      {/* Role timer: not live, so a screen reader reads the count when asked, not every second. */}
      <Text size="sm" c="dimmed" role="timer">
        Valid for {seconds} s
      </Text>
    </>
  );
}

function Making() {
  return (
    <Center w={QR_SIZE} h={QR_SIZE}>
      <Loader aria-label="Making a QR code" />
    </Center>
  );
}

/** SPEC §8: the red placeholder image in the QR code's place. */
function ErrorPlaceholder() {
  return (
    <Center
      role="img"
      aria-label={MOBILE_QR_ERROR_TEXT}
      w={QR_SIZE}
      h={QR_SIZE}
      bg="red.0"
      style={{ border: '2px solid var(--mantine-color-red-9)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text c="red.9" fw={600} ta="center" aria-hidden>
        {MOBILE_QR_ERROR_TEXT}
      </Text>
    </Center>
  );
}
