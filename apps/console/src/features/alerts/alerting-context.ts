import { createContext, useContext } from 'react';
import type { Alert } from '@vigil/domain';
import type { AlarmAudio } from './use-alarm';

/** What the shell's alerting (feed, alarm, acknowledgement, mute) offers every screen. */
export type Alerting = {
  /** The user may read alerts; everything below is empty otherwise. */
  enabled: boolean;
  /** Every open alert, newest first (undefined until the first answer). */
  alerts: Alert[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
  mayHear: boolean;
  /** May acknowledge and close (update Alert). */
  mayUpdate: boolean;
  /** The zone's danger flag is on and the user may read dangerous locations (SPEC §2.6). */
  showDanger: boolean;
  /** The zone's reasonDetails flag (SPEC §5). */
  reasonDetails: boolean;
  /** The zone's video flag and read Video. */
  showVideo: boolean;
  audio: AlarmAudio;
  /** Ids of the alerts sounding now, and of those a mute silences. */
  audibleIds: ReadonlySet<string>;
  mutedIds: ReadonlySet<string>;
  isAckPending: (id: string) => boolean;
  /** Silences the alert at once (30 s local mark, SPEC §4) and asks the server. */
  acknowledge: (alert: Alert) => Promise<void>;
  mute: () => void;
  unmute: () => void;
  enableAudio: () => void;
};

const noop = () => {};
const NONE: ReadonlySet<string> = new Set();

export const DISABLED_ALERTING: Alerting = {
  enabled: false,
  alerts: undefined,
  isPending: false,
  error: null,
  refetch: noop,
  mayHear: false,
  mayUpdate: false,
  showDanger: false,
  reasonDetails: false,
  showVideo: false,
  audio: 'off',
  audibleIds: NONE,
  mutedIds: NONE,
  isAckPending: () => false,
  acknowledge: async () => {},
  mute: noop,
  unmute: noop,
  enableAudio: noop,
};

export const AlertingContext = createContext<Alerting>(DISABLED_ALERTING);

export function useAlerting(): Alerting {
  return useContext(AlertingContext);
}
