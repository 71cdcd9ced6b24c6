import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { IDLE_TIMEOUT_S, IDLE_TOTAL_S, idleLogoutApplies } from '@vigil/domain';
import { useSession, useSignedIn } from '../../session/session';

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Activity is shared between the tabs of one browser: a tab in use keeps an idle one signed in. */
const SHARED_KEY = 'vigil.lastActivity';
const SHARE_EVERY_MS = 5000;

function sharedActivity(): number {
  const value = Number(localStorage.getItem(SHARED_KEY));
  return Number.isFinite(value) ? value : 0;
}

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

  // Any activity, or the user's answer to the modal (a click from a screen reader fires no
  // pointer or key event first), starts the idle time again.
  const stay = useCallback(() => {
    const now = Date.now();
    if (now - sharedActivity() >= SHARE_EVERY_MS) localStorage.setItem(SHARED_KEY, String(now));
    lastActivity.current = now;
    setSecondsLeft(null);
  }, []);

  useEffect(() => {
    for (const event of ACTIVITY) window.addEventListener(event, stay, { passive: true });
    const timer = setInterval(() => {
      const idleS = (Date.now() - Math.max(lastActivity.current, sharedActivity())) / 1000;
      if (idleS >= IDLE_TOTAL_S) {
        // Once: the logout call may take a while and the check runs every second.
        clearInterval(timer);
        void signOut();
      } else if (idleS >= IDLE_TIMEOUT_S) setSecondsLeft(Math.ceil(IDLE_TOTAL_S - idleS));
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, stay);
    };
  }, [signOut, stay]);

  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={stay}
      title="Are you still there?"
      closeOnClickOutside={false}
    >
      <Stack>
        <Text role="timer" aria-live="polite">
          You will be signed out in {secondsLeft} seconds due to inactivity.
        </Text>
        <Button onClick={stay}>Stay signed in</Button>
      </Stack>
    </Modal>
  );
}
