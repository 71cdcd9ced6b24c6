import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AlertDetail, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import {
  alertFixture,
  openEventStream,
  renderWithAlerting,
  stubMediaPlayback,
} from '../../test/alerting-harness';
import { AlertDetailScreen } from './alert-detail-screen';

beforeEach(stubMediaPlayback);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const closed: AlertDetail = {
  ...alertFixture({ id: 'al-1', createdAt: '2026-06-01T10:00:00.000Z' }),
  state: 'closed',
  acknowledged: true,
  acknowledgedAt: '2026-06-01T10:00:20.000Z',
  acknowledgedBy: { id: 'u-sam', name: 'Sam Responder' },
  closedAt: '2026-06-01T10:05:00.000Z',
  closedBy: { id: 'u-kim', name: 'Kim Lead' },
  reasonCode: 'resolved_incident_handled',
  reasonText: 'Calmed down',
  reasonDetails: { category: 'verbal', source: 'visitor', injury: 'no' },
  history: [
    { at: '2026-06-01T10:00:00.000Z', action: 'created', actor: null },
    { at: '2026-06-01T10:00:20.000Z', action: 'acknowledged', actor: { id: 'u-sam', name: 'Sam Responder' } },
    { at: '2026-06-01T10:05:00.000Z', action: 'closed', actor: { id: 'u-kim', name: 'Kim Lead' } },
  ],
};

function serve(streams: unknown[] = []) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/events') return openEventStream(init.signal);
    if (url.pathname === '/api/alerts/') return { data: [], total: 0 };
    if (url.pathname === '/api/alerts/al-1') return closed;
    if (url.pathname === '/api/video/streams/al-1')
      return { streams, expiresAt: new Date(Date.now() + 60_000).toISOString() };
    return json({ reason: 'Alert not found' }, 404);
  });
}

const detail = (
  <Routes>
    <Route path="/alert/:id" element={<AlertDetailScreen />} />
  </Routes>
);
const readsVideo: RawRule[] = [
  { action: ['list', 'read', 'update'], subject: 'Alert' },
  { action: 'read', subject: 'Video' },
];

describe('the alert detail screen', () => {
  it('shows who acknowledged and closed the alert, the reason with its details, and the history', async () => {
    serve();
    renderWithAlerting(detail, { path: '/alert/al-1' });
    expect(await screen.findByRole('heading', { name: 'Alert: Jane Doe', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^Closed by Kim Lead, /)).toBeInTheDocument();
    expect(screen.getByText(/^Sam Responder, /)).toBeInTheDocument();
    expect(screen.getByText(/^Kim Lead, /)).toBeInTheDocument();
    expect(screen.getByText('Incident handled')).toBeInTheDocument();
    expect(screen.getByText('Calmed down')).toBeInTheDocument();
    expect(screen.getByText(/What kind of incident was it\? Verbal/)).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Created'),
      expect.stringContaining('Acknowledged'),
      expect.stringContaining('Closed'),
    ]);
    expect(screen.queryByRole('heading', { name: 'Video' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close alert' })).not.toBeInTheDocument();
  });

  it('says when no camera is near the alert, with the video flag on', async () => {
    serve([]);
    renderWithAlerting(detail, { path: '/alert/al-1', flags: { video: true }, rules: readsVideo });
    expect(await screen.findByRole('heading', { name: 'Video' })).toBeInTheDocument();
    expect(await screen.findByText('No camera near this alert')).toBeInTheDocument();
  });

  it('plays the streams of nearby cameras', async () => {
    serve([
      {
        id: 'cam-1',
        cameraId: 'c-1',
        name: 'Ward 3 corridor',
        kind: 'mjpeg',
        url: '/api/video/proxy/t.mac',
        distanceM: 3,
      },
    ]);
    renderWithAlerting(detail, { path: '/alert/al-1', flags: { video: true }, rules: readsVideo });
    // An MJPEG camera plays as an image of our server's proxy URL (issue 16).
    expect(await screen.findByRole('img', { name: 'Ward 3 corridor' })).toHaveAttribute(
      'src',
      '/api/video/proxy/t.mac',
    );
  });

  it('says an unknown alert is not found, with no Retry but a way to the open alerts', async () => {
    serve();
    renderWithAlerting(detail, { path: '/alert/nope' });
    expect(await screen.findByText('Sorry, there was a problem: Alert not found')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Alert not found/);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the open alerts' })).toHaveAttribute('href', '/alerts');
  });

  it('offers Retry when the server cannot be reached, and shows the alert once it answers', async () => {
    let down = true;
    stubFetch((url, init) => {
      if (url.pathname === '/api/events') return openEventStream(init.signal);
      if (url.pathname === '/api/alerts/') return { data: [], total: 0 };
      if (url.pathname === '/api/alerts/al-1' && down) throw new TypeError('Failed to fetch');
      if (url.pathname === '/api/alerts/al-1') return closed;
      return json({ reason: 'Not found' }, 404);
    });
    renderWithAlerting(detail, { path: '/alert/al-1' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Sorry, there was a problem: Could not reach the server')).toBeInTheDocument();
    down = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Alert: Jane Doe', level: 1 })).toBeInTheDocument();
  });

  it('shows an acknowledged open alert as acknowledged, by whom and when', async () => {
    const acknowledged: AlertDetail = {
      ...alertFixture({ id: 'al-1', state: 'notified' }),
      acknowledged: true,
      acknowledgedAt: '2026-06-01T10:00:20.000Z',
      acknowledgedBy: { id: 'u-sam', name: 'Sam Responder' },
      history: [],
    };
    stubFetch((url, init) => {
      if (url.pathname === '/api/events') return openEventStream(init.signal);
      if (url.pathname === '/api/alerts/') return { data: [], total: 0 };
      if (url.pathname === '/api/alerts/al-1') return acknowledged;
      return json({ reason: 'Not found' }, 404);
    });
    renderWithAlerting(detail, { path: '/alert/al-1' });
    const status = (await screen.findByText('Status')).nextElementSibling;
    expect(status).toHaveTextContent(/^Acknowledged by Sam Responder, /);
    expect(screen.queryByText('Notified')).not.toBeInTheDocument();
  });
});
