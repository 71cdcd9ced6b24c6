import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { KIOSK_MESSAGES, kioskSessionExpired } from '@vigil/domain';
import { routePath } from '@vigil/domain/routes';
import { kioskStore } from './flow-store';

/** The station screens of SPEC §2.1 /distribution/{station}/…, by their last segment. */
const SCREEN_ROUTES = {
  home: 'distributionHome',
  tap: 'distributionTap',
  scan: 'distributionScan',
  status: 'distributionStatus',
  activate: 'distributionActivate',
  'current-tags': 'distributionCurrentTags',
  success: 'distributionSuccess',
} as const;
export type KioskScreen = keyof typeof SCREEN_ROUTES;

export function kioskPath(station: string, screen: KioskScreen): string {
  return routePath(SCREEN_ROUTES[screen], { station });
}

export const PICKER_PATH = routePath('distribution');

/** What a kiosk screen may be handed when navigated to: a notice to show once, and its tone. */
export type KioskNavState = { notice?: string; tone?: 'info' | 'success' | 'error' };

/** The notice the previous screen handed over, if any. */
export function useKioskNotice(): KioskNavState {
  return (useLocation().state as KioskNavState | null) ?? {};
}

/** How often the kiosk checks whether it has gone unused for the station timeout. */
const TIMEOUT_CHECK_MS = 30_000;
/** Touches closer together than this are one use (a touch writes sessionStorage). */
const TOUCH_THROTTLE_MS = 5_000;

/**
 * SPEC §9 distribution-station timeout (1 hour): after that long with no touch, key or step, the
 * kiosk forgets the person and tag and returns home. Also on opening a screen, so a tablet woken
 * after a night does not show yesterday's person. The console's 840 s idle sign-out does not run here.
 */
export function useKioskTimeout(station: string) {
  const navigate = useNavigate();
  useEffect(() => {
    function check() {
      const used = kioskStore.lastUsedAt(station);
      if (used === undefined || !kioskSessionExpired(used, Date.now())) return;
      kioskStore.touch(station);
      if (kioskStore.flow(station).step === 'home') return;
      kioskStore.send(station, { type: 'reset' });
      const state: KioskNavState = { notice: KIOSK_MESSAGES.timedOut };
      navigate(kioskPath(station, 'home'), { replace: true, state });
    }
    check();
    if (kioskStore.lastUsedAt(station) === undefined) kioskStore.touch(station);
    let last = 0;
    const onUse = () => {
      const now = Date.now();
      if (now - last < TOUCH_THROTTLE_MS) return;
      last = now;
      kioskStore.touch(station, now);
    };
    window.addEventListener('pointerdown', onUse, true);
    window.addEventListener('keydown', onUse, true);
    const timer = setInterval(check, TIMEOUT_CHECK_MS);
    return () => {
      window.removeEventListener('pointerdown', onUse, true);
      window.removeEventListener('keydown', onUse, true);
      clearInterval(timer);
    };
  }, [station, navigate]);
}
