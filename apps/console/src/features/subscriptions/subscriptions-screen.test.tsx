import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TEST_QUEUED,
  UNACKNOWLEDGED_AFTER_DEFAULT_S,
  type RawRule,
  type Subscription,
  type SubscriptionCreateBody,
  type User,
} from '@vigil/domain';
import { meFixture } from '../../test/alert-fixtures';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { zoneFixture } from '../../test/zone-fixtures';
import { SubscriptionsScreen } from './subscriptions-screen';

/** A customer admin: every subscription and user of the organisation (docs/ROLES.md). */
const ADMIN: RawRule[] = [
  { action: ['list', 'read', 'update', 'delete'], subject: ['Subscription', 'User', 'Zone'] },
];
/** May see every subscription, and change only its own (issue 16 "Users may manage their own"). */
const READER: RawRule[] = [{ action: ['list', 'read'], subject: ['Subscription', 'Zone'] }];
/** A security responder: no Subscription permission at all, so its own subscriptions only. */
const RESPONDER: RawRule[] = [{ action: ['list', 'read'], subject: ['Zone'] }];

/** The signed-in user (meFixture's Sam), with the e-mail it signs in with. */
const SAM = { ...meFixture(), userId: 'sam@demo.example' };

const ORG = zoneFixture({ id: 'org-1', name: 'Demo Hospital', level: 'org', parent: 'root', isLeaf: false });
const TOWER = zoneFixture({ id: 'bldg-1', name: 'North Tower', level: 'building', parent: 'org-1' });
const ZONES = [ORG, TOWER];

const PAGER: Subscription = {
  id: 's-1',
  recipient: { type: 'contact', name: 'Ward 3 pager', kind: 'wctp', address: '5551234' },
  zone: { id: 'bldg-1', name: 'North Tower' },
  modes: ['help'],
  moments: ['created', 'unacknowledged'],
  unacknowledgedAfterS: 300,
  paused: false,
  createdBy: { id: 'u-1', name: 'Dana Admin' },
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
};

const JANE: User = {
  id: 'u-jane',
  userId: 'jane@demo.example',
  email: 'jane@demo.example',
  name: 'Jane Nurse',
  role: 'default',
  zone: { id: 'org-1', name: 'Demo Hospital' },
  location: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Sam's own subscription: an e-mail to Sam of help alerts created in North Tower. */
const MINE: Subscription = {
  ...PAGER,
  id: 's-mine',
  recipient: { type: 'user', userId: SAM.id, name: SAM.name, email: SAM.userId },
  moments: ['created'],
  unacknowledgedAfterS: null,
  createdBy: { id: SAM.id, name: SAM.name },
};

type Write = { method: string; path: string; body: unknown };

/** The URLs the stub of the latest `serve` was asked to GET. */
let reads: URL[] = [];

/**
 * An in-memory subscriptions API (with the users and zones the modal reads); `refuse` answers the
 * next POST or PUT with that error body.
 */
function serve(initial: Subscription[], options: { refuse?: { reason: string; field?: string } } = {}) {
  const rows = new Map(initial.map((s) => [s.id, s]));
  const writes: Write[] = [];
  let refuse = options.refuse;
  const gets: URL[] = [];
  reads = gets;
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = url.pathname;
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') writes.push({ method, path, body });
    else gets.push(url);
    if (path === '/api/zones' && url.searchParams.get('level') === 'org') return { data: [ORG], total: 1 };
    if (path === '/api/zones') {
      const children = ZONES.filter((z) => z.parent === url.searchParams.get('parent'));
      return { data: children, total: children.length };
    }
    const zone = ZONES.find((z) => path === `/api/zones/${z.id}`);
    if (zone) return zone;
    if (path === '/api/users') return { data: [JANE], total: 1 };
    if (path === '/api/subscriptions' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      return { data: [...rows.values()].slice(0, limit), total: rows.size };
    }
    if ((method === 'POST' || method === 'PUT') && refuse && !path.endsWith('/test')) {
      const answer = json(refuse, 400);
      refuse = undefined;
      return answer;
    }
    if (method === 'POST' && path === '/api/subscriptions') {
      const added = subscriptionOf(`s-${rows.size + 1}`, body as SubscriptionCreateBody);
      rows.set(added.id, added);
      return json(added, 201);
    }
    const id = path.match(/^\/api\/subscriptions\/([^/]+)/)?.[1];
    const row = id ? rows.get(id) : undefined;
    if (method === 'PUT' && row && path.endsWith('/paused')) {
      const next = { ...row, paused: (body as { paused: boolean }).paused };
      rows.set(row.id, next);
      return next;
    }
    if (method === 'PUT' && row && path === `/api/subscriptions/${row.id}`) {
      const next = { ...subscriptionOf(row.id, body as SubscriptionCreateBody), paused: row.paused };
      rows.set(row.id, next);
      return next;
    }
    if (method === 'POST' && row && path.endsWith('/test')) return { queued: true };
    if (method === 'DELETE' && row) {
      rows.delete(row.id);
      return new Response(null, { status: 204 });
    }
    return json({ reason: 'Not found' }, 404);
  });
  return writes;
}

/** The subscription the stub server makes of a POST body (the users it knows are Sam and Jane). */
function subscriptionOf(id: string, body: SubscriptionCreateBody): Subscription {
  const r = body.recipient;
  const user = r.type === 'user' ? [SAM, JANE].find((u) => u.id === r.userId) : undefined;
  return {
    ...PAGER,
    id,
    recipient:
      r.type === 'user'
        ? { type: 'user', userId: r.userId, name: user?.name ?? '?', email: user?.userId ?? null }
        : { type: 'contact', name: r.name, kind: r.kind, address: r.address },
    zone: { id: body.zone, name: ZONES.find((z) => z.id === body.zone)?.name ?? '?' },
    modes: body.modes,
    moments: body.moments,
    unacknowledgedAfterS: body.unacknowledgedAfterS ?? null,
  };
}

const openAdd = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Add subscription' }));
  return screen.findByRole('dialog', { name: 'Add subscription' });
};

describe('the subscriptions screen (issue 16, /subscriptions)', () => {
  it('lists who is told of what, where and how, with paused ones marked', async () => {
    serve([
      PAGER,
      { ...PAGER, id: 's-2', recipient: { ...PAGER.recipient, name: 'Lobby pager' }, paused: true },
    ]);
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    const row = (await screen.findByText('Ward 3 pager (WCTP pager)')).closest('tr')!;
    expect(within(row).getByText('5551234')).toBeInTheDocument();
    expect(within(row).getByText('North Tower')).toBeInTheDocument();
    expect(within(row).getByText('Help')).toBeInTheDocument();
    expect(within(row).getByText('Alert created, Still unacknowledged (300 s)')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const paused = screen.getByText('Lobby pager (WCTP pager)').closest('tr')!;
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
  });

  it('shows an empty state with an Add button, and offers no changes to who may not make them', async () => {
    serve([]);
    const { unmount } = renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    expect(await screen.findByText('No subscriptions yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add subscription' })).toBeInTheDocument();
    unmount();

    serve([PAGER]);
    renderSignedIn(<SubscriptionsScreen />, { rules: READER, me: SAM });
    await screen.findByText('Ward 3 pager (WCTP pager)');
    expect(
      screen.queryByRole('button', { name: /^(Pause|Edit|Delete|Send a test to) / }),
    ).not.toBeInTheDocument();
  });

  it('offers one who may change only its own subscriptions the changes of its own rows, and adds for itself', async () => {
    const writes = serve([PAGER, MINE]);
    renderSignedIn(<SubscriptionsScreen />, { rules: READER, me: SAM });
    // Everyone's subscriptions are listed (list Subscription): the screen is not 'My notifications'.
    expect(await screen.findByRole('heading', { name: 'Subscriptions', level: 1 })).toBeInTheDocument();
    const pager = (await screen.findByText('Ward 3 pager (WCTP pager)')).closest('tr')!;
    expect(within(pager).queryByRole('button')).not.toBeInTheDocument();
    const mine = screen.getByText('Sam Responder (e-mail)').closest('tr')!;
    for (const action of ['Pause', 'Send a test to', 'Edit', 'Delete'])
      expect(
        within(mine).getByRole('button', { name: `${action} Sam Responder (e-mail) in North Tower` }),
      ).toBeInTheDocument();
    expect(
      reads.filter((u) => u.pathname === '/api/subscriptions').map((u) => u.searchParams.get('mine')),
    ).toEqual(expect.not.arrayContaining(['true']));

    const dialog = await openAdd();
    expect(within(dialog).getByRole('textbox', { name: 'Recipient' })).toHaveValue('You (sam@demo.example)');
    expect(within(dialog).queryByRole('radio', { name: 'A contact' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add subscription' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({ recipient: { type: 'user', userId: SAM.id } });
  });

  it('checks a contact address in the form its kind takes, as it is typed', async () => {
    const writes = serve([]);
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A contact' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Contact name' }), 'Ward 3 desk');
    const address = within(dialog).getByRole('textbox', { name: 'Address' });
    const add = within(dialog).getByRole('button', { name: 'Add subscription' });
    expect(address).toHaveAttribute('placeholder', 'ward3@example.org');

    await userEvent.type(address, 'ward3@');
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await userEvent.type(address, 'example.org');
    expect(within(dialog).queryByText(SUBSCRIPTION_MESSAGES.invalidEmail)).not.toBeInTheDocument();
    expect(add).toBeEnabled();

    const kind = within(dialog).getByRole('combobox', { name: 'Kind' });
    const pick = async (label: string) => {
      await userEvent.click(kind);
      await userEvent.click(await screen.findByRole('option', { name: label }));
    };
    await pick('TigerConnect');
    expect(address).toHaveAttribute('placeholder', 'https://receiver.example.org/vigil');
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(add).toBeDisabled();
    // A pager id may hold '@' and '.': the same text is a valid WCTP address.
    await pick('WCTP pager');
    expect(address).toHaveAttribute('placeholder', '5551234');
    expect(address).not.toHaveAttribute('aria-invalid');
    await userEvent.type(address, ' 2');
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.pagerRequired)).toBeInTheDocument();
    await pick('SMS');
    await userEvent.clear(address);
    await userEvent.type(address, '12');
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(address);
    await userEvent.type(address, '(201) 555-0123');
    expect(address).not.toHaveAttribute('aria-invalid');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Still unacknowledged' }));
    expect(within(dialog).getByRole('textbox', { name: 'Unacknowledged after (seconds)' })).toHaveValue(
      String(UNACKNOWLEDGED_AFTER_DEFAULT_S),
    );
    await userEvent.click(add);
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/subscriptions',
          body: {
            recipient: { type: 'contact', name: 'Ward 3 desk', kind: 'sms', address: '(201) 555-0123' },
            zone: 'org-1',
            modes: ['help', 'danger'],
            moments: ['created', 'unacknowledged'],
            unacknowledgedAfterS: UNACKNOWLEDGED_AFTER_DEFAULT_S,
          },
        },
      ]),
    );
  });

  it('asks for a mode and a moment, and shows the server refusal on the field it names', async () => {
    serve([], { refuse: { reason: SUBSCRIPTION_MESSAGES.userHasNoEmail, field: 'recipient.userId' } });
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    const dialog = await openAdd();
    const add = within(dialog).getByRole('button', { name: 'Add subscription' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jane Nurse (jane@demo.example)' }));
    expect(add).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Alert created' }));
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.momentsRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Alert escalated' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Help' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Danger' }));
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.modesRequired)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Help' }));

    await userEvent.click(add);
    expect(
      await within(dialog).findByText(`Sorry, could not add: ${SUBSCRIPTION_MESSAGES.userHasNoEmail}.`),
    ).toBeInTheDocument();
    const user = within(dialog).getByRole('combobox', { name: 'User' });
    expect(user).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.userHasNoEmail)).toBeInTheDocument();
  });

  it('edits a subscription, sending it whole', async () => {
    const writes = serve([PAGER]);
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit Ward 3 pager (WCTP pager) in North Tower' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit subscription' });
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveValue('5551234');
    const seconds = within(dialog).getByRole('textbox', { name: 'Unacknowledged after (seconds)' });
    expect(seconds).toHaveValue('300');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '5');
    expect(within(dialog).getByText(SUBSCRIPTION_MESSAGES.unacknowledgedAfterRequired)).toBeInTheDocument();
    await userEvent.type(seconds, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'PUT',
          path: '/api/subscriptions/s-1',
          body: {
            recipient: { type: 'contact', name: 'Ward 3 pager', kind: 'wctp', address: '5551234' },
            zone: 'bldg-1',
            modes: ['help'],
            moments: ['created', 'unacknowledged'],
            unacknowledgedAfterS: 50,
          },
        },
      ]),
    );
  });

  it('pauses and resumes a subscription', async () => {
    const writes = serve([PAGER]);
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Pause Ward 3 pager (WCTP pager) in North Tower' }),
    );
    const row = (await screen.findByText('Paused')).closest('tr')!;
    await userEvent.click(
      within(row).getByRole('button', { name: 'Resume Ward 3 pager (WCTP pager) in North Tower' }),
    );
    expect(await within(row).findByText('Active')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'PUT', path: '/api/subscriptions/s-1/paused', body: { paused: true } },
      { method: 'PUT', path: '/api/subscriptions/s-1/paused', body: { paused: false } },
    ]);
  });

  it('sends a test message and says it is queued', async () => {
    const writes = serve([PAGER]);
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send a test to Ward 3 pager (WCTP pager) in North Tower' }),
    );
    expect(await screen.findByText(SUBSCRIPTION_TEST_QUEUED)).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/api/subscriptions/s-1/test', body: undefined }]);
  });

  it('deletes a subscription only once confirmed', async () => {
    const writes = serve([PAGER]);
    renderSignedIn(<SubscriptionsScreen />, { rules: ADMIN });
    const remove = await screen.findByRole('button', {
      name: 'Delete Ward 3 pager (WCTP pager) in North Tower',
    });
    await userEvent.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete subscription' });
    expect(
      within(confirm).getByText(
        'Delete the subscription of Ward 3 pager (WCTP pager) to alerts in North Tower? They will no longer be told.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([]);

    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete subscription' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('No subscriptions yet')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', path: '/api/subscriptions/s-1', body: undefined }]);
  });
});

describe("a user's own subscriptions (issue 16 'Users may manage their own', /subscriptions)", () => {
  const subscriptionReads = () => reads.filter((u) => u.pathname === '/api/subscriptions');

  it("is titled 'My notifications' and lists only the caller's own (mine=true)", async () => {
    serve([MINE]);
    renderSignedIn(<SubscriptionsScreen />, { rules: RESPONDER, me: SAM });
    expect(await screen.findByRole('heading', { name: 'My notifications', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('sam@demo.example')).closest('tr')!;
    expect(within(row).getByText('North Tower')).toBeInTheDocument();
    // Every row tells the caller: no Recipient column.
    expect(screen.queryByRole('columnheader', { name: 'Recipient' })).not.toBeInTheDocument();
    for (const action of ['Pause', 'Send a test to', 'Edit', 'Delete'])
      expect(
        within(row).getByRole('button', { name: `${action} Sam Responder (e-mail) in North Tower` }),
      ).toBeInTheDocument();
    expect(subscriptionReads().length).toBeGreaterThanOrEqual(2);
    for (const url of subscriptionReads()) expect(url.searchParams.get('mine')).toBe('true');
  });

  it('adds a subscription for the caller itself, with no user picker and no contact', async () => {
    const writes = serve([]);
    renderSignedIn(<SubscriptionsScreen />, { rules: RESPONDER, me: SAM });
    expect(await screen.findByText('You are told of no alerts yet')).toBeInTheDocument();
    const dialog = await openAdd();
    const recipient = within(dialog).getByRole('textbox', { name: 'Recipient' });
    expect(recipient).toHaveValue('You (sam@demo.example)');
    expect(recipient).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('combobox', { name: 'User' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Danger' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add subscription' }));
    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: 'POST',
          path: '/api/subscriptions',
          body: {
            recipient: { type: 'user', userId: SAM.id },
            zone: 'org-1',
            modes: ['help'],
            moments: ['created'],
            unacknowledgedAfterS: null,
          },
        },
      ]),
    );
    expect(await screen.findByText('sam@demo.example')).toBeInTheDocument();
    expect(reads.some((u) => u.pathname === '/api/users')).toBe(false);
  });

  it('edits, pauses and deletes its own subscription', async () => {
    const writes = serve([MINE]);
    renderSignedIn(<SubscriptionsScreen />, { rules: RESPONDER, me: SAM });
    const name = 'Sam Responder (e-mail) in North Tower';
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit subscription' });
    expect(within(dialog).getByRole('textbox', { name: 'Recipient' })).toHaveValue('You (sam@demo.example)');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Alert closed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/subscriptions/s-mine',
      body: { recipient: { type: 'user', userId: SAM.id }, moments: ['created', 'closed'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: `Pause ${name}` }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Delete ${name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete subscription' });
    expect(
      within(confirm).getByText(
        'Delete your subscription to alerts in North Tower? You will no longer be told of them.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You are told of no alerts yet')).toBeInTheDocument();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      'PUT /api/subscriptions/s-mine',
      'PUT /api/subscriptions/s-mine/paused',
      'DELETE /api/subscriptions/s-mine',
    ]);
  });
});
