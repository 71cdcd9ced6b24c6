import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RawRule, Responder } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { RespondersScreen } from './responders-screen';

// Issue 20: SPEC §2.1 /responders, the owners of tags in responder mode and where they were last heard.

const RULES: RawRule[] = [{ action: ['list', 'read'], subject: ['Tag', 'FloorPlan', 'Zone'] }];
const FLAGS = { responderTools: true };

const heardAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

const BLAKE: Responder = {
  id: 'c0ffee000002',
  name: 'Blake Chen',
  label: 'Badge 2',
  personId: 'P-1001',
  location: { path: 'Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101' },
  position: { floorId: 'floor-1', lat: 40.7, lng: -73.9, radius: 16 },
  seenAt: heardAgo(20_000),
};
const CASEY: Responder = {
  id: 'c0ffee000003',
  name: 'Casey Morgan',
  label: null,
  personId: null,
  location: null,
  position: null,
  seenAt: null,
};

describe('the responders screen (issue 20)', () => {
  it('lists each responder with their tag, last location and when they were seen, linking to the map', async () => {
    stubFetch((url) =>
      url.pathname === '/api/responders'
        ? { data: [BLAKE, CASEY], total: 2 }
        : json({ reason: 'Not found' }, 404),
    );
    renderSignedIn(<RespondersScreen />, { rules: RULES, flags: FLAGS });
    const table = await screen.findByRole('table', { name: 'Responders' });
    const blake = within(table).getByRole('row', { name: /Blake Chen/ });
    expect(within(blake).getByText('Badge 2')).toBeInTheDocument();
    expect(within(blake).getByText('c0ffee000002')).toBeInTheDocument();
    expect(within(blake).getByText(BLAKE.location!.path!)).toBeInTheDocument();
    expect(within(blake).getByText(/^seen 2\d s ago$/)).toBeInTheDocument();
    expect(within(blake).getByRole('link', { name: 'Show Blake Chen on the floor plan' })).toHaveAttribute(
      'href',
      '/floorplans/floor-1',
    );
    const casey = within(table).getByRole('row', { name: /Casey Morgan/ });
    expect(within(casey).getByText('Never heard')).toBeInTheDocument();
    expect(within(casey).queryByRole('link')).toBeNull();
    expect(screen.getByLabelText('2 responders')).toBeInTheDocument();
  });

  it('offers no map link to a role that may not read floor plans', async () => {
    stubFetch(() => ({ data: [BLAKE], total: 1 }));
    renderSignedIn(<RespondersScreen />, { rules: [{ action: 'read', subject: 'Tag' }], flags: FLAGS });
    const row = await screen.findByRole('row', { name: /Blake Chen/ });
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('says so when there are no responders', async () => {
    stubFetch(() => ({ data: [], total: 0 }));
    renderSignedIn(<RespondersScreen />, { rules: RULES, flags: FLAGS });
    expect(await screen.findByText('No responders yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a loading state, then the server’s reason when the list cannot be read', async () => {
    stubFetch(() => json({ reason: 'The responderTools feature is off for this zone' }, 403));
    renderSignedIn(<RespondersScreen />, { rules: RULES, flags: FLAGS });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('Could not load the responders')).toBeInTheDocument();
    expect(screen.getByText(/The responderTools feature is off for this zone/)).toBeInTheDocument();
    // A refusal is final: no Retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
