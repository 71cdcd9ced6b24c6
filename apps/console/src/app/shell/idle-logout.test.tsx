import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { Me, RawRule } from '@vigil/domain';
import { meFixture } from '../../test/alert-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { IdleLogout } from './idle-logout';

/** The fixture user, signed in with a password or (kind 'key') with an API key. */
const me = (kind: Me['kind']): Me => ({
  ...meFixture(),
  id: kind === 'key' ? 'key:k1' : 'u1',
  role: 'admin',
  kind,
});

const READS_ALERTS: RawRule[] = [{ action: ['list', 'read'], subject: 'Alert' }];
const KEEPS_SESSION: RawRule[] = [...READS_ALERTS, { action: 'delete', subject: 'Timer', fields: 'logout' }];

function renderIdleLogout(kind: Me['kind'], rules: RawRule[]) {
  const { session } = renderSignedIn(<IdleLogout />, { rules, me: me(kind) });
  return { signOut: session.signOut };
}

/**
 * Moves the clock to `seconds` after the session started, then 0.3 s on in a second step, so
 * that React renders what the idle check decided and the modal's opening transition runs.
 */
let now = 0;
function clockAt(seconds: number) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000 - now);
  });
  act(() => {
    vi.advanceTimersByTime(300);
  });
  now = seconds * 1000 + 300;
}

const warning = (n: number) => `You will be signed out in ${n} seconds due to inactivity.`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  now = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('idle logout (SPEC §4 Session, §2.6, §9: 840 s idle + 60 s countdown)', () => {
  it('warns after 840 s without activity and counts down', () => {
    renderIdleLogout('user', READS_ALERTS);

    clockAt(839);
    expect(screen.queryByText(/due to inactivity/)).not.toBeInTheDocument();

    clockAt(840);
    expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
    expect(screen.getByText(warning(60))).toBeInTheDocument();

    clockAt(855);
    expect(screen.getByText(warning(45))).toBeInTheDocument();
  });

  it.each([
    ['a key press', () => fireEvent.keyDown(window, { key: 'Shift' })],
    ['a pointer press', () => fireEvent.pointerDown(window)],
  ])('hides the warning on %s and starts the idle time again', (_activity, activity) => {
    const { signOut } = renderIdleLogout('user', READS_ALERTS);
    clockAt(850);
    expect(screen.getByText(warning(50))).toBeInTheDocument();

    act(activity);
    clockAt(851);
    expect(screen.queryByText(/due to inactivity/)).not.toBeInTheDocument();

    // The idle time counts from the activity (at 850.3 s), checked once a second.
    clockAt(850 + 839);
    expect(screen.queryByText(/due to inactivity/)).not.toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();

    clockAt(850 + 841);
    expect(screen.getByText(warning(60))).toBeInTheDocument();
  });

  it('keeps the user signed in when they click "Stay signed in"', () => {
    const { signOut } = renderIdleLogout('user', READS_ALERTS);
    clockAt(870);

    // A plain click, as a screen reader sends it: no pointer or key event comes before it.
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    clockAt(930);

    expect(screen.queryByText(/due to inactivity/)).not.toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs the user out at 900 s, once', () => {
    const { signOut } = renderIdleLogout('user', READS_ALERTS);

    clockAt(899);
    expect(screen.getByText(warning(1))).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();

    clockAt(900);
    expect(signOut).toHaveBeenCalledTimes(1);

    // The logout call may take a while: the countdown must not sign out again meanwhile.
    clockAt(910);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an API-key session', 'key', READS_ALERTS],
    ['a user who may delete Timer logout', 'user', KEEPS_SESSION],
  ] as const)('never warns or signs out %s', (_who, kind, rules) => {
    const { signOut } = renderIdleLogout(kind, [...rules]);

    clockAt(2000);

    expect(screen.queryByText(/due to inactivity/)).not.toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('counts activity in another tab of the browser, so a tab in use keeps an idle one signed in', () => {
    const { signOut } = renderIdleLogout('user', READS_ALERTS);

    clockAt(800);
    // Another tab records its activity in localStorage.
    localStorage.setItem('vigil.lastActivity', String(Date.now()));
    clockAt(900);

    expect(screen.queryByText(/due to inactivity/)).not.toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});
