import { describe, expect, it } from 'vitest';
import { abilityFor } from '@vigil/domain';
import { meFixture } from '../test/alert-fixtures';
import { orgTimeZoneOf } from './org-time-zone';
import type { Session } from './session';

const signedIn = (timeZone: string | null): Session => ({
  status: 'signedIn',
  me: { ...meFixture(), org: { ...meFixture().org, timeZone } },
  ability: abilityFor([]),
});

describe('orgTimeZoneOf (issue 18: the zone report and analytics days count in)', () => {
  it.each([
    ['the organisation’s own', signedIn('America/Chicago'), 'America/Chicago'],
    ['UTC when the organisation has none, as the server counts', signedIn(null), 'UTC'],
    ['unknown (the browser’s) for a zone this browser does not know', signedIn('Mars/Olympus'), undefined],
    ['unknown while the session loads', { status: 'loading' } as Session, undefined],
    ['unknown when nobody is signed in', { status: 'anonymous' } as Session, undefined],
    ['unknown outside a session', undefined, undefined],
  ])('%s', (_case, session, expected) => {
    expect(orgTimeZoneOf(session)).toBe(expected);
  });
});
