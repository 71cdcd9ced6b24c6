import { useNavigate } from 'react-router';
import { identifyScreenFor } from '@vigil/domain';
import { useKioskFlow } from './flow-store';
import type { KioskStation } from './kiosk-api';
import { kioskPath } from './kiosk-nav';

/**
 * Issue 21 "Identify the tag", by the station's scan mode: `start` opens the tap or scan screen
 * from now; `problem` is SPEC §8's 'Invalid tag scan mode: <mode>' for any other mode.
 */
export function useIdentifyTag(station: KioskStation) {
  const navigate = useNavigate();
  const { send } = useKioskFlow(station.id);
  const screen = identifyScreenFor(station.scanMode);
  const start = () => {
    if (!screen.ok) return;
    const refusal = send({ type: 'identifyTag', now: new Date().toISOString() });
    if (!refusal) navigate(kioskPath(station.id, screen.value));
  };
  return { problem: screen.ok ? null : screen.reason, screen: screen.ok ? screen.value : null, start };
}
