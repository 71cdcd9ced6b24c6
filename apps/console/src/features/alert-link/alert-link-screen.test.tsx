import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ALERT_LINK_MESSAGES, type AlertLinkView } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AlertLinkScreen } from './alert-link-screen';

const TOKEN = 'Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9';
const LINK_ID = '5f0c2a1e-1111-4222-8333-444455556666';

function renderAt(token = TOKEN) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/link/a/${token}`]}>
      <Routes>
        <Route path="/link/a/:token" element={<AlertLinkScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

function linkView(alert: Partial<AlertLinkView['alert']> = {}): AlertLinkView {
  return {
    recipient: 'Jane Doe (e-mail)',
    alert: {
      id: '0b8e8f4a-7c1d-4e36-9a55-2f5d3c1b7a90',
      mode: 'help',
      state: 'notified',
      person: 'Robin Owner',
      tag: 'Badge 12ab',
      location: 'Main Campus › North Tower › Floor 2 › Ward 3 › Room 201',
      floor: 'Floor 2',
      unit: 'Ward 3',
      // Three minutes and ten seconds ago: '3 min ago' for the next fifty seconds.
      createdAt: new Date(Date.now() - 190_000).toISOString(),
      acknowledged: false,
      acknowledgedAt: null,
      acknowledgedBy: null,
      closedAt: null,
      ...alert,
    },
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
}

describe('the alert link page (/link/a/{token}, issue 16)', () => {
  it('shows what, who, where and since when, and acknowledges in the recipient’s name', async () => {
    const fetch = stubFetch((url, init) => {
      if (url.pathname === `/api/link/a/${TOKEN}/acknowledge` && init.method === 'POST') {
        return linkView({
          acknowledged: true,
          acknowledgedAt: new Date().toISOString(),
          acknowledgedBy: { id: `link:${LINK_ID}`, name: 'Jane Doe (e-mail) (alert link)' },
        });
      }
      if (url.pathname === `/api/link/a/${TOKEN}`) return linkView();
      return json({ reason: 'Not found' }, 404);
    });
    renderAt();

    expect(await screen.findByRole('heading', { level: 1, name: 'Robin Owner' })).toBeInTheDocument();
    expect(screen.getByText('Help')).toBeInTheDocument();
    expect(screen.getByText('Notified')).toBeInTheDocument();
    expect(screen.getByText('Main Campus › North Tower › Floor 2 › Ward 3 › Room 201')).toBeInTheDocument();
    expect(screen.getByText('Floor 2 · Ward 3')).toBeInTheDocument();
    expect(screen.getByText('Tag Badge 12ab')).toBeInTheDocument();
    expect(screen.getByText('3 min ago')).toBeInTheDocument();
    expect(screen.getByText(/Sent to Jane Doe \(e-mail\)/)).toBeInTheDocument();
    const headers = new Headers(fetch.mock.calls[0]![1]!.headers);
    expect(headers.has('authorization')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const line = await screen.findByText(/^Acknowledged by Jane Doe \(e-mail\) \(alert link\) at/);
    expect(line).toHaveTextContent(/ at \d{1,2}:\d{2}/);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post![0])).toBe(`/api/link/a/${TOKEN}/acknowledge`);
  });

  it('offers no Acknowledge once someone has, and says who and when', async () => {
    stubFetch(() =>
      linkView({
        acknowledged: true,
        acknowledgedAt: new Date().toISOString(),
        acknowledgedBy: { id: 'u-1', name: 'Sam Security' },
      }),
    );
    renderAt();
    const line = await screen.findByText(/^Acknowledged by Sam Security at/);
    expect(line).toHaveTextContent(/ at \d{1,2}:\d{2}/);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it.each([
    [404, 'This link is not valid', ALERT_LINK_MESSAGES.invalid],
    [410, 'This link has expired', ALERT_LINK_MESSAGES.expired],
    [429, 'Too many attempts', ALERT_LINK_MESSAGES.tooMany],
  ])('answered %i, says so on the whole page', async (status, title, text) => {
    stubFetch(() => json({ reason: text }, status));
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows an expired link’s page when the alert closed before Acknowledge reached the server', async () => {
    let closed = false;
    stubFetch((url, init) => {
      if (init.method === 'POST') {
        closed = true;
        return json({ reason: ALERT_LINK_MESSAGES.expired }, 410);
      }
      return closed ? json({ reason: ALERT_LINK_MESSAGES.expired }, 410) : linkView();
    });
    renderAt();
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeInTheDocument();
  });

  it('refuses a token of the wrong shape without asking the server', async () => {
    const fetch = stubFetch(() => linkView());
    renderAt('unknown');
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });

  it('shows the loading state, marked busy, until the alert arrives', async () => {
    stubFetch(() => new Promise(() => undefined));
    renderAt();
    expect(screen.getByLabelText('Loading the alert')).toHaveAttribute('aria-busy', 'true');
  });
});
