import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { RawRule, Tag } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { zoneFixture } from '../../test/zone-fixtures';
import { renderSignedIn } from '../../test/signed-in';
import { TAG_ADMIN_RULES, serveTags, tagDetailFixture, tagFixture } from '../../test/tag-fixtures';
import { TagDetailScreen } from './tag-detail-screen';

afterEach(() => notifications.clean());

const casey = tagFixture({
  id: 'c0ffee000001',
  config: {
    state: 'deployed',
    owner: { name: 'Casey Nurse', personId: 'p-1' },
    label: 'Night shift',
    collection: { reason: 'battery_low', urgency: 1, at: '2026-03-01T00:00:00.000Z' },
    logistics: { sku: 'TAG5' },
  },
  state: {
    battery: { current: { level: 2750 } },
    firmware: { app: 52, boot: 7 },
    updatedAt: '2026-06-01T10:00:00.000Z',
  },
});

function render(rules: RawRule[] = TAG_ADMIN_RULES, id = 'c0ffee000001') {
  return renderSignedIn(<TagDetailScreen />, { path: `/tag/${id}`, route: '/tag/:id', rules });
}

/** The value shown for a term of the facts list. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the tag detail screen', () => {
  it('shows state, owner, label, both battery readings, firmware, location, collection and more', async () => {
    serveTags([casey]);
    render();
    expect(await screen.findByRole('heading', { name: 'Tag c0ffee000001', level: 1 })).toBeInTheDocument();
    expect(fact('State')).toBe('Deployed');
    expect(fact('Owner')).toBe('Casey Nurse (p-1)');
    expect(fact('Label')).toBe('Night shift');
    expect(fact('Battery')).toBe('Low (2,750 mV)');
    expect(fact('Battery label')).toBe('Low');
    expect(fact('Battery life')).toBe('Estimated under 3 months');
    expect(fact('Firmware')).toBe('app 52, boot 7');
    expect(fact('Last seen')).toBe(new Date('2026-06-01T10:00:00.000Z').toLocaleString());
    expect(fact('Location')).toBe('North Tower › Floor 1 › Unit A');
    expect(fact('Collection reason')).toBe('Battery low');
    expect(fact('Collection urgency')).toBe('Collect Soon');
    expect(fact('Replacement timeline')).toBe('—');
    expect(fact('Reusable')).toBe('Yes');
    expect(fact('Distribution station')).toBe('—');
    expect(fact('SKU')).toBe('TAG5');
    expect(screen.getByRole('switch', { name: 'Maintenance mode' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Change log' })).toHaveAttribute(
      'href',
      '/log/audit/c0ffee000001',
    );
  });

  it('shows the replacement timeline, reuse, invoice zone and station the server derived', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/tags/c0ffee000001')
        return tagDetailFixture({
          ...casey,
          replacementTimeline: 0,
          reusable: false,
          invoiceZone: '11111111-1111-4111-8111-111111111111',
          stationName: 'Main lobby',
        });
      if (url.pathname === '/api/zones/11111111-1111-4111-8111-111111111111')
        return zoneFixture({
          id: '11111111-1111-4111-8111-111111111111',
          name: 'Demo Billing',
          level: 'site',
        });
      return json({ reason: 'Not found' }, 404);
    });
    render();
    await screen.findByRole('heading', { name: 'Tag c0ffee000001', level: 1 });
    expect(fact('Replacement timeline')).toBe('Overdue');
    expect(fact('Reusable')).toBe('No');
    expect(fact('Distribution station')).toBe('Main lobby');
    await waitFor(() => expect(fact('Invoice zone')).toBe('Demo Billing'));
  });

  it('changes the label', async () => {
    const api = serveTags([casey]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag c0ffee000001' });
    const label = within(dialog).getByRole('textbox', { name: 'Label' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Day shift');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.bodies('PUT', '/api/tags/c0ffee000001')).toEqual([{ label: 'Day shift' }]);
    await waitFor(() => expect(fact('Label')).toBe('Day shift'));
  });

  it('invalidates a tag as lost, clearing its owner and label', async () => {
    const api = serveTags([casey]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag c0ffee000001' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'State change' }),
      'Invalidate: lost',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Owner' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Owner' })).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.bodies('PUT', '/api/tags/c0ffee000001')).toEqual([
      { state: 'lost', owner: null, label: null },
    ]);
    await waitFor(() => expect(fact('State')).toBe('Lost'));
  });

  it('restores a tag to available, clearing owner, label and collection', async () => {
    const api = serveTags([casey]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag c0ffee000001' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'State change' }),
      'Restore (available)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.bodies('PUT', '/api/tags/c0ffee000001')).toEqual([
      { state: 'available', owner: null, label: null, collection: null },
    ]);
  });

  it('assigns a tag with its new owner', async () => {
    const spare = tagFixture({
      id: 'c0ffee100001',
      config: { state: 'available', owner: null, label: null },
    });
    const api = serveTags([spare]);
    render(TAG_ADMIN_RULES, 'c0ffee100001');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag c0ffee100001' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'State change' }),
      'Assign (deployed)',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Owner' }), 'Jordan Lee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.bodies('PUT', '/api/tags/c0ffee100001')).toEqual([
      { state: 'deployed', owner: { name: 'Jordan Lee', personId: null } },
    ]);
  });

  it('says "DB error" when the server returns another state than the one written', async () => {
    stubFetch((url, init) => {
      if (url.pathname !== '/api/tags/c0ffee000001') return json({ reason: 'Not found' }, 404);
      return init.method === 'PUT' ? casey : tagDetailFixture(casey);
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag c0ffee000001' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'State change' }),
      'Invalidate: ready for return',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Sorry, could not update: DB error.')).toBeInTheDocument();
  });

  it('shows the server’s reason when an edit fails', async () => {
    stubFetch((url, init) =>
      init.method === 'PUT' ? json({ reason: 'Owner name too long' }, 400) : tagDetailFixture(casey),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag c0ffee000001' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Owner' }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Sorry, could not update: Owner name too long.'),
    ).toBeInTheDocument();
  });

  it('says "Tag state not found" for a tag without a state', async () => {
    const bare = tagFixture({ id: 'c0ffee000009', config: { owner: null } as Tag['config'] });
    serveTags([bare]);
    render(TAG_ADMIN_RULES, 'c0ffee000009');
    await screen.findByRole('heading', { name: 'Tag c0ffee000009', level: 1 });
    expect(fact('State')).toBe('Tag state not found');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findAllByText('Tag state not found')).toHaveLength(2);
  });

  it('switches maintenance mode with update Tag maintMode', async () => {
    const api = serveTags([casey]);
    render();
    await userEvent.click(await screen.findByRole('switch', { name: 'Maintenance mode' }));
    await waitFor(() => expect(api.bodies('PUT', '/api/tags/c0ffee000001')).toEqual([{ maintMode: true }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Maintenance mode' })).toBeChecked());
  });

  it('offers no edits to a caller who may only read tags', async () => {
    serveTags([casey]);
    render([{ action: ['list', 'read'], subject: 'Tag' }]);
    await screen.findByRole('heading', { name: 'Tag c0ffee000001', level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Maintenance mode/ })).toBeDisabled();
    expect(screen.getByText('You may not change maintenance mode.')).toBeInTheDocument();
  });

  it('says so when the tag cannot be loaded', async () => {
    serveTags([]);
    render(TAG_ADMIN_RULES, 'c0ffee0000ff');
    expect(await screen.findByText('Sorry, there was a problem: Tag not found')).toBeInTheDocument();
  });
});
