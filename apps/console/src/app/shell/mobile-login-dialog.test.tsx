import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type * as QRCode from 'qrcode';
import userEvent from '@testing-library/user-event';
import {
  MOBILE_QR_RENEW_BEFORE_MS,
  MOBILE_QR_TTL_MS,
  parseMobileLoginQr,
  type MobileToken,
  type RawRule,
} from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { meFixture } from '../../test/alert-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { sessionStore } from '../../session/store';
import { MobileLoginDialog } from './mobile-login-dialog';
import { UserMenu } from './user-menu';

// SPEC §2.6 'Login to mobile', §8 'Error generating QR code'. The QR library is the real one; its
// input is recorded so that the tests can read what a phone would scan.
const qr = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('qrcode', async (importOriginal) => {
  const real = await importOriginal<typeof QRCode>();
  return {
    ...real,
    toString: (text: string, options: Parameters<typeof real.toString>[1]) => {
      qr.texts.push(text);
      return real.toString(text, options as never);
    },
  };
});

afterEach(() => {
  qr.texts.length = 0;
  vi.useRealTimers();
});

const UPDATES_ALERTS: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Alert' }];
const READS_ALERTS: RawRule[] = [{ action: ['list', 'read'], subject: 'Alert' }];
const QR_NAME = 'QR code to sign in on the mobile app';
const ERROR_TEXT = 'Error generating QR code';

const issued = (token: string): MobileToken => ({
  token,
  expiresAt: new Date(Date.now() + MOBILE_QR_TTL_MS).toISOString(),
});

/** Answers POST /api/auth/mobile-token from `answers` in turn (the last one again when they run out). */
function stubIssuer(...answers: (MobileToken | Response)[]) {
  const calls: string[] = [];
  const fetch = stubFetch((url, init) => {
    expect(`${init.method} ${url.pathname}`).toBe('POST /api/auth/mobile-token');
    calls.push(url.pathname);
    return answers[Math.min(calls.length, answers.length) - 1];
  });
  return { fetch, calls };
}

function renderDialog() {
  sessionStore.setSlug('demo');
  const onClose = vi.fn();
  const rendered = renderSignedIn(<MobileLoginDialog opened onClose={onClose} />, {
    rules: UPDATES_ALERTS,
  });
  return { ...rendered, onClose };
}

/** Lets the fake clock run `ms`, with the promises (the fetch, the QR code) it releases. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('Login to mobile dialog (SPEC §2.6)', () => {
  it('shows the QR code of a one-time token: the server, the organisation and the token', async () => {
    stubIssuer(issued('mqr.first'));
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Login to mobile' })).toBeInTheDocument();
    const image = await screen.findByRole('img', { name: QR_NAME });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(qr.texts.map(parseMobileLoginQr)).toEqual([
      { kind: 'vigil-mobile-login', v: 1, url: window.location.origin, slug: 'demo', token: 'mqr.first' },
    ]);
    expect(screen.getByRole('timer')).toHaveTextContent(/^Valid for (59|60) s$/);
  });

  it('puts the server’s public address in the code when the server answers one', async () => {
    stubIssuer({ ...issued('mqr.public'), url: 'https://vigil.example' });
    renderDialog();
    await screen.findByRole('img', { name: QR_NAME });
    expect(parseMobileLoginQr(qr.texts[0]!)?.url).toBe('https://vigil.example');
  });

  it('counts down and shows a new code before the one on screen expires, while open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { calls } = stubIssuer(issued('mqr.first'), issued('mqr.second'));
    const { unmount } = renderDialog();
    await advance(0);
    expect(screen.getByRole('img', { name: QR_NAME })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Valid for 60 s');

    await advance(15_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Valid for 45 s');
    expect(calls).toHaveLength(1);

    await advance(MOBILE_QR_TTL_MS - MOBILE_QR_RENEW_BEFORE_MS - 15_000);
    expect(calls).toHaveLength(2);
    expect(qr.texts.map((text) => parseMobileLoginQr(text)?.token)).toEqual(['mqr.first', 'mqr.second']);
    expect(screen.getByRole('timer')).toHaveTextContent('Valid for 60 s');

    // Closed, it asks for no more codes.
    unmount();
    await advance(2 * MOBILE_QR_TTL_MS);
    expect(calls).toHaveLength(2);
  });

  it('shows the red placeholder when no code could be made, and tries again on request', async () => {
    stubIssuer(json({ reason: 'Sorry' }, 500), issued('mqr.retry'));
    renderDialog();
    const placeholder = await screen.findByRole('img', { name: ERROR_TEXT });
    expect(placeholder).toHaveTextContent(ERROR_TEXT);
    expect(screen.queryByRole('img', { name: QR_NAME })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: QR_NAME })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: ERROR_TEXT })).not.toBeInTheDocument();
  });

  it('shows the placeholder when a renewal fails, not a code about to expire', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    stubIssuer(issued('mqr.first'), json({ reason: 'The zone’s flag is off' }, 403));
    renderDialog();
    await advance(0);
    expect(screen.getByRole('img', { name: QR_NAME })).toBeInTheDocument();
    await advance(MOBILE_QR_TTL_MS - MOBILE_QR_RENEW_BEFORE_MS);
    expect(screen.getByRole('img', { name: ERROR_TEXT })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: QR_NAME })).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    stubIssuer(issued('mqr.first'));
    const { onClose } = renderDialog();
    await screen.findByRole('img', { name: QR_NAME });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('the user menu’s Login to mobile (SPEC §2.6)', () => {
  const openMenu = async () => {
    await userEvent.click(screen.getByRole('button', { name: /User menu/ }));
    return screen.findByRole('menuitem', { name: 'Logout' });
  };

  it('opens the dialog for a user with the flag and update on Alert', async () => {
    stubIssuer(issued('mqr.menu'));
    sessionStore.setSlug('demo');
    renderSignedIn(<UserMenu />, { rules: UPDATES_ALERTS, flags: { showProtectAppQrLogin: true } });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Login to mobile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login to mobile' });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: QR_NAME })).toBeInTheDocument();
  });

  it.each([
    ['the flag is off', UPDATES_ALERTS, {}, 'user'],
    ['the role may not update alerts', READS_ALERTS, { showProtectAppQrLogin: true }, 'user'],
    ['an API key is signed in', UPDATES_ALERTS, { showProtectAppQrLogin: true }, 'key'],
  ] as const)('is not offered when %s', async (_why, rules, flags, kind) => {
    renderSignedIn(<UserMenu />, {
      rules: [...rules],
      me: { ...meFixture({ ...flags }), id: kind === 'key' ? 'key:k1' : 'u1', kind },
    });
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Login to mobile' })).not.toBeInTheDocument();
  });
});
