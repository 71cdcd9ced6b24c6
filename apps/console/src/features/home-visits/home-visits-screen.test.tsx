import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HomeVisit, HomeVisitOptions, RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { HomeVisitsScreen } from './home-visits-screen';
import { todayText } from './visit-labels';

// Issue 20 "Home visits": the /home-visits screen (SPEC §6 HomeVisit).

/** The fixture organisation's time zone (test/alert-fixtures.ts): the browser's. */
const ORG_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const PLANNER: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'HomeVisit' }];
const READER: RawRule[] = [{ action: ['list', 'read'], subject: 'HomeVisit' }];

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const HARPER = { id: '7d9f5a2e-1b3c-4d5e-8f90-a1b2c3d4e5f6', name: 'Harper Kim', personId: 'P-1007' };
const ROSE_LANE = {
  id: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  name: '14 Rose Lane, Springfield',
  path: '14 Rose Lane, Springfield',
  point: { lat: 39.78, lng: -89.65 },
};

function visit(id: string, extra: Partial<HomeVisit> = {}): HomeVisit {
  return {
    id,
    person: HARPER,
    home: ROSE_LANE,
    plannedStart: minutes(30),
    plannedEnd: minutes(90),
    checkedInAt: null,
    checkedOutAt: null,
    cancelledAt: null,
    overdueAlertId: null,
    notes: '',
    createdBy: null,
    createdAt: minutes(-60),
    updatedAt: minutes(-60),
    ...extra,
  };
}

const PLANNED = visit('11111111-1111-4111-8111-111111111111', { notes: 'Wound dressing' });
const UNDER_WAY = visit('22222222-2222-4222-8222-222222222222', {
  home: { ...ROSE_LANE, id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', name: '3 Oak Avenue' },
  plannedStart: minutes(-30),
  plannedEnd: minutes(30),
  checkedInAt: minutes(-28),
});
const OVERDUE = visit('33333333-3333-4333-8333-333333333333', {
  home: { ...ROSE_LANE, id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a', name: '9 Elm Court' },
  plannedStart: minutes(-120),
  plannedEnd: minutes(-30),
  checkedInAt: minutes(-118),
});
const OPTIONS: HomeVisitOptions = { people: [HARPER], homes: [ROSE_LANE] };

type Request = { method: string; path: string; query: string; body: unknown };

function serve(visits: HomeVisit[] | Response = [PLANNED, UNDER_WAY, OVERDUE]) {
  const requests: Request[] = [];
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path: url.pathname, query: url.search, body });
    if (url.pathname === '/api/home-visits' && method === 'GET')
      return visits instanceof Response ? visits : { data: visits, total: (visits as HomeVisit[]).length };
    if (url.pathname === '/api/home-visits/options') return OPTIONS;
    if (url.pathname === '/api/home-visits' && method === 'POST')
      return visit(crypto.randomUUID(), { notes: body.notes });
    const [, , , id, action] = url.pathname.split('/');
    const found = (visits as HomeVisit[]).find((v) => v.id === id)!;
    if (action === 'check-in') return { ...found, checkedInAt: new Date().toISOString() };
    if (action === 'check-out') return json({ reason: 'The visit is already checked out' }, 409);
    if (method === 'PATCH') return { ...found, cancelledAt: new Date().toISOString() };
    return json({ reason: `unexpected ${method} ${url.pathname}` }, 404);
  });
  return {
    writes: () => requests.filter((r) => r.method !== 'GET'),
    lists: () => requests.filter((r) => r.path === '/api/home-visits' && r.method === 'GET'),
  };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('the home visits screen (issue 20)', () => {
  it('lists today’s visits with person, address, planned times and state, soonest as served', async () => {
    const server = serve();
    renderSignedIn(<HomeVisitsScreen />, { rules: PLANNER });
    const planned = await rowOf('14 Rose Lane, Springfield');
    expect(within(planned).getByText('Harper Kim')).toBeInTheDocument();
    expect(within(planned).getByText('Wound dressing')).toBeInTheDocument();
    expect(within(planned).getByText('Planned')).toBeInTheDocument();
    expect(within(await rowOf('3 Oak Avenue')).getByText('In progress')).toBeInTheDocument();
    expect(within(await rowOf('9 Elm Court')).getByText('Overdue')).toBeInTheDocument();
    expect(server.lists()[0]!.query).toBe(`?day=${todayText(new Date(), ORG_TIME_ZONE)}`);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Overdue');
    await waitFor(() => expect(server.lists().at(-1)!.query).toContain('state=overdue'));
    await userEvent.clear(screen.getByLabelText('Day'));
    await waitFor(() => expect(server.lists().at(-1)!.query).toBe('?state=overdue'));
  });

  it('checks in a planned visit, checks out one under way, and says why a refusal failed', async () => {
    const server = serve();
    renderSignedIn(<HomeVisitsScreen />, { rules: PLANNER });
    await rowOf('14 Rose Lane, Springfield');
    await userEvent.click(
      screen.getByRole('button', { name: 'Check in Harper Kim at 14 Rose Lane, Springfield' }),
    );
    await waitFor(() =>
      expect(server.writes()).toEqual([
        { method: 'POST', path: `/api/home-visits/${PLANNED.id}/check-in`, query: '', body: undefined },
      ]),
    );
    // A visit under way (overdue too) is ended by its check-out, not cancelled.
    const underWay = await rowOf('3 Oak Avenue');
    expect(within(underWay).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(underWay).getByRole('button', { name: 'Check out Harper Kim at 3 Oak Avenue' }),
    );
    expect(
      await screen.findByText('Sorry, could not update: The visit is already checked out.'),
    ).toBeInTheDocument();
  });

  it('cancels a visit only once the cancel is confirmed', async () => {
    const server = serve();
    renderSignedIn(<HomeVisitsScreen />, { rules: PLANNER });
    const cancel = await screen.findByRole('button', {
      name: 'Cancel visit of Harper Kim at 14 Rose Lane, Springfield',
    });
    await userEvent.click(cancel);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);

    await userEvent.click(cancel);
    dialog = await screen.findByRole('dialog', { name: 'Cancel visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        { method: 'PATCH', path: `/api/home-visits/${PLANNED.id}`, query: '', body: { cancelled: true } },
      ]),
    );
  });

  it('plans a visit of a remote person to a home', async () => {
    const server = serve([]);
    renderSignedIn(<HomeVisitsScreen />, { rules: PLANNER });
    expect(await screen.findByText('No home visits on this day')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Plan visit' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Plan home visit' });
    const submit = within(dialog).getByRole('button', { name: 'Plan visit' });
    expect(submit).toBeDisabled();
    const person = await within(dialog).findByRole('combobox', { name: 'Person' });
    await userEvent.selectOptions(person, 'Harper Kim (P-1007)');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Home' }), ROSE_LANE.path);
    const start = within(dialog).getByLabelText(/^Start/);
    const end = within(dialog).getByLabelText(/^End/);
    // jsdom takes a datetime-local value whole, not typed key by key.
    fireEvent.change(start, { target: { value: '2030-05-04T09:30' } });
    fireEvent.change(end, { target: { value: '2030-05-04T10:15' } });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Bring dressings');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/home-visits',
        query: '',
        body: {
          person: HARPER.id,
          home: ROSE_LANE.id,
          plannedStart: new Date('2030-05-04T09:30').toISOString(),
          plannedEnd: new Date('2030-05-04T10:15').toISOString(),
          notes: 'Bring dressings',
        },
      },
    ]);
  });

  it('offers a reader neither planning nor check-in', async () => {
    serve();
    renderSignedIn(<HomeVisitsScreen />, { rules: READER, role: 'default' });
    await rowOf('14 Rose Lane, Springfield');
    expect(screen.queryByRole('button', { name: 'Plan visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says why the list could not load, and loads again on Retry', async () => {
    let calls = 0;
    stubFetch(() =>
      ++calls === 1 ? json({ reason: 'Database unavailable' }, 503) : { data: [PLANNED], total: 1 },
    );
    renderSignedIn(<HomeVisitsScreen />, { rules: PLANNER });
    expect(await screen.findByText(/Database unavailable/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('14 Rose Lane, Springfield')).toBeInTheDocument();
  });
});
