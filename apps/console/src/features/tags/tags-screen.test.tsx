import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { RawRule } from '@vigil/domain';
import { json } from '../../test/fetch-stub';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { TAG_ADMIN_RULES, serveTags, tagFixture } from '../../test/tag-fixtures';
import { TagsScreen } from './tags-screen';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const deployed = tagFixture({ id: 'c0ffee000001' });
const available = (n: number, over = {}) =>
  tagFixture({
    id: `c0ffee10000${n}`,
    config: { state: 'available', owner: null, label: null, collection: null },
    ...over,
  });
const low = tagFixture({
  id: 'c0ffee000002',
  config: {
    state: 'deployed',
    owner: { name: 'Robin Porter' },
    label: null,
    collection: { reason: 'battery_low', urgency: 1, at: '2026-05-01T00:00:00.000Z' },
  },
  state: {
    battery: { current: { level: 2650 } },
    firmware: { app: 50 },
    updatedAt: '2026-06-01T09:00:00.000Z',
  },
});

const box = (id: string) => screen.getByRole('checkbox', { name: `Select ${id}` });
const bar = () => screen.getByRole('region', { name: 'Selected rows' });

async function openBatchMenu() {
  await userEvent.click(within(bar()).getByRole('button', { name: 'Batch actions' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

function render(rules: RawRule[] = TAG_ADMIN_RULES) {
  return renderSignedIn(
    <>
      <TagsScreen />
      <CurrentPath />
    </>,
    { path: '/tags', rules },
  );
}

describe('the tags list', () => {
  it('shows each tag: owner, label, state, battery, last seen, location and collection', async () => {
    const api = serveTags([deployed, low]);
    render();
    const row = (await screen.findByRole('cell', { name: 'Robin Porter' })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    const lastSeen = new Date('2026-06-01T09:00:00.000Z');
    expect(cells).toEqual([
      '',
      'c0ffee000002',
      'Robin Porter',
      '',
      'Deployed',
      'Low (2,650 mV)',
      lastSeen.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
      'North Tower › Floor 1 › Unit A',
      'Battery low, Collect Soon',
    ]);
    expect(screen.getByRole('cell', { name: 'Healthy (2,950 mV)' })).toBeInTheDocument();
    // Last seen to the minute in the row, to the second on hover.
    expect(within(row).getByTitle(lastSeen.toLocaleString())).toBeInTheDocument();
    const [list] = api.calls('GET', '/api/tags');
    expect(list.url.searchParams.get('ownerFields')).toBe('name,personId');
    expect(list.url.searchParams.get('locationFields')).toBe('site,building,floor,unit,area,path');
  });

  it('keeps each row on one line: the location and collection cut, whole on hover', async () => {
    serveTags([low]);
    render();
    const row = (await screen.findByRole('cell', { name: 'Robin Porter' })).closest('tr') as HTMLElement;
    const location = within(row).getByRole('cell', { name: 'North Tower › Floor 1 › Unit A' });
    expect(within(location).getByTitle('North Tower › Floor 1 › Unit A')).toBeInTheDocument();
    const collection = within(row).getByRole('cell', { name: 'Battery low, Collect Soon' });
    expect(within(collection).getByTitle('Battery low, Collect Soon')).toBeInTheDocument();
    for (const cell of within(row).getAllByRole('cell')) expect(cell).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows the battery label and firmware once chosen in the Columns menu', async () => {
    serveTags([low]);
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    expect(screen.queryByRole('columnheader', { name: 'Battery label' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Firmware' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Battery label' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Firmware' }));
    expect(screen.getByRole('cell', { name: 'Unhealthy' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'app 50' })).toBeInTheDocument();
  });

  it('finds a tag by its owner’s name and opens it', async () => {
    const api = serveTags([deployed, low, available(1)]);
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Casey');
    await waitFor(
      () => expect(screen.queryByRole('cell', { name: 'Robin Porter' })).not.toBeInTheDocument(),
      {
        timeout: 3000,
      },
    );
    expect(api.calls('GET', '/api/tags').at(-1)?.url.searchParams.get('query')).toBe('Casey');
    await userEvent.click(screen.getByRole('cell', { name: 'Casey Nurse' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/tag/c0ffee000001');
  });

  it('filters by state and battery level', async () => {
    const api = serveTags([deployed, low, available(1)]);
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Available');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Robin Porter' })).not.toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Battery' }), 'Battery low');
    await waitFor(() =>
      expect(api.calls('GET', '/api/tags').at(-1)?.url.searchParams.get('batteryLevel')).toBe('low'),
    );
    expect(api.calls('GET', '/api/tags').at(-1)?.url.searchParams.get('config.state')).toBe('available');
  });

  it('offers only the batch operations SPEC §4 allows for the selection', async () => {
    serveTags([deployed, low, available(1), available(2)]);
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    await userEvent.click(box('c0ffee100001'));
    await userEvent.click(box('c0ffee100002'));
    expect(await openBatchMenu()).toEqual([
      'Transfer',
      'Preassign',
      'Label',
      'Transfer to inventory',
      'Mark lost',
      'Maintenance mode',
      'Responder mode',
    ]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(box('c0ffee000001'));
    expect(within(bar()).getByText('3 selected')).toBeInTheDocument();
    expect(await openBatchMenu()).toEqual(['Mark lost', 'Maintenance mode', 'Responder mode']);
  });

  it('offers unflag and responder mode only when every tag and the caller allow them', async () => {
    const replaced = (id: string, mv: number) =>
      tagFixture({
        id,
        config: { state: 'deployed', collection: { reason: 'tag_replaced', urgency: 2 } },
        state: { battery: { current: { level: mv } }, firmware: { app: 51 } },
      });
    serveTags([replaced('c0ffee000011', 2900), replaced('c0ffee000012', 2800)]);
    render([{ action: ['list', 'read', 'update'], subject: 'Tag' }]);
    await screen.findByRole('cell', { name: 'c0ffee000011' });
    await userEvent.click(box('c0ffee000011'));
    expect(await openBatchMenu()).toEqual(['Mark lost', 'Maintenance mode', 'Responder mode', 'Unflag']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(box('c0ffee000012'));
    expect(await openBatchMenu()).toEqual(['Mark lost', 'Maintenance mode', 'Responder mode']);
  });

  it('labels the selected tags after confirming in the dialog, then clears the selection', async () => {
    const api = serveTags([available(1), available(2), available(3)]);
    render();
    await screen.findByRole('cell', { name: 'c0ffee100001' });
    await userEvent.click(box('c0ffee100001'));
    await userEvent.click(box('c0ffee100003'));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Label: 2 tags' });
    const submit = within(dialog).getByRole('button', { name: 'Label 2 tags' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Spare pool');
    await userEvent.click(submit);
    expect(await screen.findByText('Label: 2 tags updated')).toBeInTheDocument();
    expect(api.bodies('PUT', '/api/tags')).toEqual([
      { ids: ['c0ffee100001', 'c0ffee100003'], op: 'label', args: { label: 'Spare pool' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Selected rows' })).not.toBeInTheDocument();
  });

  it('transfers available tags to another organisation’s zone named by its id', async () => {
    const api = serveTags([available(1), available(2)]);
    render();
    await screen.findByRole('cell', { name: 'c0ffee100001' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer: 2 tags' });
    const submit = within(dialog).getByRole('button', { name: 'Transfer 2 tags' });
    expect(within(dialog).getByRole('button', { name: /Target zone/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Another organisation' }));
    const zoneId = within(dialog).getByRole('textbox', { name: /Zone id/ });
    await userEvent.type(zoneId, 'acme');
    expect(within(dialog).getByText(/A zone id looks like/)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await userEvent.clear(zoneId);
    await userEvent.type(zoneId, '22222222-2222-4222-8222-222222222222');
    await userEvent.click(submit);
    expect(await screen.findByText('Transfer: 2 tags updated')).toBeInTheDocument();
    expect(api.bodies('PUT', '/api/tags')).toEqual([
      {
        ids: ['c0ffee100001', 'c0ffee100002'],
        op: 'transfer',
        args: { zone: '22222222-2222-4222-8222-222222222222' },
      },
    ]);
  });

  it('shows the server’s reason and the ineligible tags when it refuses a batch', async () => {
    serveTags([available(1), available(2)], {
      onBulk: () => json({ reason: 'Some tags may not be marked lost', ineligible: ['c0ffee100002'] }, 400),
    });
    render();
    await screen.findByRole('cell', { name: 'c0ffee100001' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark lost: 2 tags' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark lost 2 tags' }));
    expect(
      await within(dialog).findByText(
        'Sorry, could not update: Some tags may not be marked lost. Not eligible: c0ffee100002.',
      ),
    ).toBeInTheDocument();
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
  });

  it('does not name the ineligible tags twice when the reason names them', async () => {
    serveTags([available(1)], {
      onBulk: () =>
        json(
          { reason: 'Only available tags can be transferred: c0ffee100001', ineligible: ['c0ffee100001'] },
          400,
        ),
    });
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select c0ffee100001' }));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark lost: 1 tag' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark lost 1 tag' }));
    expect(
      await within(dialog).findByText(
        'Sorry, could not update: Only available tags can be transferred: c0ffee100001.',
      ),
    ).toBeInTheDocument();
  });

  it('sorts by tag, owner, state, battery and last seen on the server', async () => {
    const api = serveTags([deployed, low]);
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    const orderBy = () => api.calls('GET', '/api/tags').at(-1)?.url.searchParams.get('orderBy');
    for (const [header, field] of [
      ['Tag', 'id'],
      ['Owner', 'config.owner.name'],
      ['State', 'config.state'],
      ['Battery', 'state.battery.current.level'],
      ['Last seen', 'state.updatedAt'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(orderBy()).toBe(field));
    }
  });

  it('says "Something went wrong" when a batch fails otherwise', async () => {
    serveTags([available(1)], { onBulk: () => json({ reason: 'Database unavailable' }, 503) });
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select c0ffee100001' }));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Transfer to inventory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to inventory: 1 tag' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer to inventory 1 tag' }));
    expect(
      await within(dialog).findByText('Something went wrong (Database unavailable). Please try again.'),
    ).toBeInTheDocument();
  });

  it('switches maintenance mode of many tags with its on/off argument', async () => {
    const api = serveTags([deployed, low]);
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    await userEvent.click(box('c0ffee000002'));
    await openBatchMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Maintenance mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance mode: 1 tag' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Turn off' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Maintenance mode 1 tag' }));
    await waitFor(() =>
      expect(api.bodies('PUT', '/api/tags')).toEqual([
        { ids: ['c0ffee000002'], op: 'maint_toggle', args: { maintMode: false } },
      ]),
    );
  });

  it('has no selection for a caller who may not update tags, and no battery without read Tag batteryLevel', async () => {
    serveTags([deployed]);
    render([
      { action: ['list', 'read'], subject: 'Tag' },
      { action: 'read', subject: 'Tag', fields: ['batteryLevel'], inverted: true },
    ]);
    await screen.findByRole('cell', { name: 'Casey Nurse' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Battery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Battery' })).not.toBeInTheDocument();
  });

  it('downloads the filtered list as CSV with the filters it shows', async () => {
    const api = serveTags([deployed, low, available(1)]);
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render();
    await screen.findByRole('cell', { name: 'Robin Porter' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Deployed');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'UTC' }));
    await waitFor(() => expect(saved).toBeDefined());
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Tag,Owner,Person ID,Label,State,Battery (mV),Battery level,Battery label,Firmware,Last seen (UTC),Location,Collection reason,Collection urgency,Maintenance mode',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual([
      'c0ffee000001,Casey Nurse,p-1,Night shift,deployed',
      'c0ffee000002,Robin Porter,,,deployed',
    ]);
    expect(lines[2]).toContain('2026-06-01 09:00:00');
    const csvCalls = api.calls('GET', '/api/tags').filter((c) => c.url.searchParams.get('limit') === '500');
    expect(csvCalls[0].url.searchParams.get('config.state')).toBe('deployed');
  });
});
