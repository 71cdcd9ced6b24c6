import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import axe from 'axe-core';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { zoneFixture } from '../../test/zone-fixtures';
import { RetentionEditor } from './retention-editor';

afterEach(() => notifications.clean());

const ORG = zoneFixture({ id: 'org', name: 'Acme', level: 'org', parent: 'root' });

/** A zone API that answers each PUT with the zone, and notes the bodies sent. */
function serve(answer?: { status: number; reason: string }) {
  const sent: unknown[] = [];
  stubFetch((url, init) => {
    if (init.method === 'PUT' && url.pathname === '/api/zones/org') {
      sent.push(JSON.parse(String(init.body)));
      return answer ? json({ reason: answer.reason }, answer.status) : ORG;
    }
    return json({ reason: 'Not found' }, 404);
  });
  return sent;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('RetentionEditor (issue 19 Retention: per-organisation settings)', () => {
  it('shows each kind of history with its default, and what is set', () => {
    serve();
    renderWithProviders(
      <RetentionEditor zoneId="org" retention={{ heartbeats: 7, auditLog: 'forever' }} editable />,
    );
    expect(field(/Alerts and their history/)).toHaveAttribute('placeholder', '2555 (default)');
    expect(field(/Alerts and their history/)).toHaveValue('');
    expect(field(/Gateway heartbeats/)).toHaveValue('7');
    expect(field(/Change log/)).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Keep forever: Change log' })).toBeChecked();
    expect(screen.getByText(/Open alerts are always kept\. Default: 2555 days\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save retention' })).toBeDisabled();
  });

  it('saves what changed through the zone PUT: days, forever, and back to the default', async () => {
    const sent = serve();
    renderWithProviders(
      <RetentionEditor zoneId="org" retention={{ heartbeats: 7, auditLog: 'forever' }} editable />,
    );
    await userEvent.type(field(/Console snapshots/), '14');
    await userEvent.clear(field(/Gateway heartbeats/));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep forever: Sync log' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Data retention saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { config: { retention: { syncLog: 'forever', heartbeats: null, consoleSnapshots: 14 } } },
    ]);
  });

  it.each([
    ['0', 'Keep at least 1 day'],
    ['4000', 'Keep at most 3650 days, or forever'],
  ])('refuses %s days with the rule’s reason, and does not save', async (typed, reason) => {
    const sent = serve();
    renderWithProviders(<RetentionEditor zoneId="org" retention={undefined} editable />);
    await userEvent.type(field(/Alerts and their history/), typed);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save retention' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('says why the server refused', async () => {
    serve({ status: 403, reason: 'Not allowed' });
    renderWithProviders(<RetentionEditor zoneId="org" retention={undefined} editable />);
    await userEvent.type(field(/Gateway heartbeats/), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, could not update: Not allowed.');
  });

  it('is read-only for a user who may not change the zone', () => {
    serve();
    renderWithProviders(<RetentionEditor zoneId="org" retention={{ heartbeats: 7 }} editable={false} />);
    expect(field(/Gateway heartbeats/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save retention' })).not.toBeInTheDocument();
  });

  it('has no serious or critical accessibility violations (axe)', async () => {
    serve();
    const { container } = renderWithProviders(
      <RetentionEditor zoneId="org" retention={{ auditLog: 'forever', alerts: 0 }} editable />,
    );
    await waitFor(() => expect(field(/Alerts and their history/)).toBeInTheDocument());
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
