import { useContext } from 'react';
import { DEFAULT_ORG_TIME_ZONE, isTimeZone } from '@vigil/domain';
import { SessionContext, type Session } from './session';

/**
 * Issue 18: the time zone the signed-in organisation counts its days in (report and analytics
 * ranges, SPEC §9's presets): its `timeZone`, or UTC when it has none, as the server counts.
 * Undefined while nobody is signed in, or for a zone this browser does not know: the caller then
 * counts in the browser's own.
 */
export function orgTimeZoneOf(session: Session | undefined): string | undefined {
  if (session?.status !== 'signedIn') return undefined;
  const timeZone = session.me.org.timeZone ?? DEFAULT_ORG_TIME_ZONE;
  return isTimeZone(timeZone) ? timeZone : undefined;
}

/** The signed-in organisation's time zone (see orgTimeZoneOf); usable outside a SessionProvider. */
export function useOrgTimeZone(): string | undefined {
  return orgTimeZoneOf(useContext(SessionContext)?.session);
}
