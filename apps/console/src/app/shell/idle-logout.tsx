import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { IDLE_COUNTDOWN_S, IDLE_TIMEOUT_S, idleLogoutApplies } from '@vigil/domain';
import { useSession, useSignedIn } from '../../session/session';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * SPEC §4 Session: after 840 s idle a 60 s countdown begins, then sign-out; activity cancels it.
 * Not for API-key sessions or users who may delete the logout timer.
 */
export function IdleLogout() {
  const { me, ability } = useSignedIn();
  const applies = idleLogoutApplies(ability, me.kind === 'key');
  return applies ? <IdleCountdown /> : null;
}

function IdleCountdown() {
  const { signOut } = useSession();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(Date.now());

  useEffect(() => {
    const touch = () => {
      lastActivity.current = Date.now();
      setSecondsLeft((s) => (s === null ? s : null));
    };
    for (const event of ACTIVITY) window.addEventListener(event, touch, { passive: true });
    const timer = setInterval(() => {
      const idleS = (Date.now() - lastActivity.current) / 1000;
      if (idleS >= IDLE_TIMEOUT_S + IDLE_COUNTDOWN_S) void signOut();
      else if (idleS >= IDLE_TIMEOUT_S) setSecondsLeft(Math.ceil(IDLE_TIMEOUT_S + IDLE_COUNTDOWN_S - idleS));
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, touch);
    };
  }, [signOut]);

  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={() => setSecondsLeft(null)}
      title="Are you still there?"
      closeOnClickOutside={false}
    >
      <Stack>
        <Text role="timer" aria-live="polite">
          You will be signed out in {secondsLeft} seconds due to inactivity.
        </Text>
        <Button onClick={() => setSecondsLeft(null)}>Stay signed in</Button>
      </Stack>
    </Modal>
  );
}
