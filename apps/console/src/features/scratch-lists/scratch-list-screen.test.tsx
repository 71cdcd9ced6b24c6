import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { Gateway, RawRule, ScratchListKind, Tag } from '@vigil/domain';
import { json, stubFetch } from '../../test/fetch-stub';
import { GATEWAY_ADMIN_RULES, gatewayFixture } from '../../test/gateway-fixtures';
import { CurrentPath, renderSignedIn } from '../../test/signed-in';
import { TAG_ADMIN_RULES, tagFixture } from '../../test/tag-fixtures';
import { GatewayScratchListScreen, TagScratchListScreen } from './scratch-list-screen';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const deployed = tagFixture({ id: 'c0ffee000001' });
const available = tagFixture({
  id: 'c0ffee100002',
  config: { state: 'available', owner: null, label: null, collection: null },
});
const elsewhere = tagFixture({ id: 'c0ffee100003' });

type Body = Record<string, unknown>;
const path = (kind: ScratchListKind) => `/api/scratch-lists/${kind}`;

/**
 * The scratch list API over `fetch`: `devices` are the organisation's, `gone` ids are on the list
 * but no longer the organisation's. Bulk PUTs are recorded and applied as done.
 */
function serveScratchList(
  kind: ScratchListKind,
  devices: (Tag | Gateway)[],
  opts: { listed?: string[]; gone?: string[] } = {},
) {
  const known = new Map(devices.map((d) => [d.id, d]));
  const list: { id: string; addedAt: string }[] = [];
  const put = (id: string) => list.unshift({ id, addedAt: new Date().toISOString() });
  for (const id of [...(opts.gone ?? []), ...(opts.listed ?? [])]) put(id);
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Body) : {};
    if (url.pathname === path(kind) && method === 'GET') {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const data = list.map((item) => {
        const device = known.get(item.id) ?? null;
        return { ...item, missing: !device, device };
      });
      return { data: data.slice(offset, offset + limit), total: data.length };
    }
    if (url.pathname === path(kind) && method === 'POST') {
      const result = { added: 0, already: 0, unknown: [] as string[] };
      for (const id of body.ids as string[]) {
        if (!known.has(id)) result.unknown.push(id);
        else if (list.some((i) => i.id === id)) result.already += 1;
        else {
          put(id);
          result.added += 1;
        }
      }
      return result;
    }
    if (url.pathname === path(kind) && method === 'DELETE') return { removed: list.splice(0).length };
    const one = new RegExp(`^${path(kind)}/([0-9a-f]{12})$`).exec(url.pathname)?.[1];
    if (one && method === 'DELETE') {
      const at = list.findIndex((i) => i.id === one);
      if (at < 0) return json({ reason: 'This device is not on your list' }, 404);
      list.splice(at, 1);
      return { removed: 1 };
    }
    if (url.pathname === `/api/${kind}s` && method === 'PUT') {
      return { batchId: '00000000-0000-4000-8000-000000000001', count: (body.ids as string[]).length };
    }
    return json({ reason: 'Not found' }, 404);
  });
  return {
    fetch,
    ids: () => list.map((i) => i.id),
    calls: (method: string, pathname: string) =>
      fetch.mock.calls
        .filter(
          ([input, init]) =>
            (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === pathname,
        )
        .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as Body) : {})),
  };
}

function render(kind: ScratchListKind = 'tag', rules: RawRule[] = TAG_ADMIN_RULES) {
  return renderSignedIn(
    <>
      {kind === 'tag' ? <TagScratchListScreen /> : <GatewayScratchListScreen />}
      <CurrentPath />
    </>,
    { path: `/operations/${kind}s`, rules },
  );
}

const rowOf = async (id: string) =>
  (await screen.findByRole('link', { name: id })).closest('tr') as HTMLElement;

describe('the Tag Scratch List', () => {
  it('adds a pasted column of ids and names each entry it could not add', async () => {
    const api = serveScratchList('tag', [deployed, available]);
    render();
    expect(
      await screen.findByText('No tags on your list yet: scan or paste their ids above'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: /Paste many ids/ }));
    await userEvent.paste('C0:FF:EE:00:00:01\nc0ffee100002, junk line\nc0ffee999999');
    await userEvent.click(screen.getByRole('button', { name: 'Add to list' }));

    // A space separates entries too: 'junk line' is two entries, neither an id.
    const report = await screen.findByRole('status', { name: '2 tags added.' });
    const items = (name: string) =>
      within(within(report).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items('Not device ids')).toEqual(['junk', 'line']);
    expect(items('Unknown tags')).toEqual(['c0ffee999999']);
    expect(api.calls('POST', '/api/scratch-lists/tag')).toEqual([
      { ids: ['c0ffee000001', 'c0ffee100002', 'c0ffee999999'] },
    ]);
    expect(screen.getByRole('textbox', { name: /Paste many ids/ })).toHaveValue('');

    const row = await rowOf('c0ffee100002');
    expect(within(row).getByRole('cell', { name: 'Available' })).toBeInTheDocument();
    expect(
      within(await rowOf('c0ffee000001')).getByRole('cell', { name: 'Casey Nurse' }),
    ).toBeInTheDocument();
  });

  it('adds what is typed or scanned into the field, and what a hand-held scanner reads anywhere', async () => {
    const api = serveScratchList('tag', [deployed, available]);
    render();
    const field = await screen.findByRole('textbox', { name: 'Scan or type a tag id' });
    await userEvent.type(field, 'https://vigil.example/v1/tag/C0FFEE000001{Enter}');
    expect(await screen.findByRole('status', { name: '1 tag added.' })).toBeInTheDocument();

    field.blur();
    await userEvent.keyboard('c0ffee100002{Enter}');
    await waitFor(() => expect(api.ids()).toEqual(['c0ffee100002', 'c0ffee000001']));
    expect(api.calls('POST', '/api/scratch-lists/tag')).toEqual([
      { ids: ['c0ffee000001'] },
      { ids: ['c0ffee100002'] },
    ]);
  });

  it('shows a device that left the organisation by its id only, and leaves it out of a batch', async () => {
    serveScratchList('tag', [available], { listed: ['c0ffee100002'], gone: [elsewhere.id] });
    render();
    const gone = (await screen.findByText(elsewhere.id)).closest('tr') as HTMLElement;
    expect(within(gone).getByText('Not in this organisation')).toBeInTheDocument();
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${elsewhere.id}` }));
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    expect(within(bar).getByText('No tag here is in this organisation any more.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select c0ffee100002' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Batch actions' }));
    // The menu is the available tag's alone (SPEC §4: label needs all available).
    expect(await screen.findByText('1 tag')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Label' })).toBeInTheDocument();
  });

  it('labels the selected available tag, then shows the result and the way to the batch log', async () => {
    const api = serveScratchList('tag', [deployed, available], { listed: ['c0ffee000001', 'c0ffee100002'] });
    render();
    await rowOf('c0ffee100002');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select c0ffee100002' }));
    // One batch menu at a time: the selection's, not the whole list's.
    const whole = screen.getByRole('region', { name: 'Whole list' });
    expect(within(whole).queryByRole('button', { name: 'Batch actions' })).not.toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Selected rows' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Batch actions' }));
    // SPEC §4: all available and of one organisation: transfer, preassign, label …
    const offered = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(offered).toEqual([
      'Transfer',
      'Preassign',
      'Label',
      'Transfer to inventory',
      'Mark lost',
      'Maintenance mode',
      'Responder mode',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Label: 1 tag' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Spare');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Label 1 tag' }));

    const result = await screen.findByRole('status', { name: 'Label: 1 tag done.' });
    expect(api.calls('PUT', '/api/tags')).toEqual([
      { ids: ['c0ffee100002'], op: 'label', args: { label: 'Spare' } },
    ]);
    await userEvent.click(within(result).getByRole('link', { name: 'See it in the Batch Operations Log' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/log/batch');
  });

  it('acts on the whole list from its own batch menu', async () => {
    const api = serveScratchList('tag', [deployed, available], { listed: ['c0ffee000001', 'c0ffee100002'] });
    render();
    const whole = await screen.findByRole('region', { name: 'Whole list' });
    expect(within(whole).getByText('2 tags on your list')).toBeInTheDocument();
    await userEvent.click(within(whole).getByRole('button', { name: 'Batch actions' }));
    // A deployed and an available tag: only what any selection takes.
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Mark lost',
      'Maintenance mode',
      'Responder mode',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark lost: 2 tags' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark lost 2 tags' }));
    await screen.findByText('Mark lost: 2 tags done.');
    expect(api.calls('PUT', '/api/tags')).toEqual([
      { ids: ['c0ffee100002', 'c0ffee000001'], op: 'mark_lost', args: {} },
    ]);
  });

  it('removes one tag, and clears the list once confirmed', async () => {
    const api = serveScratchList('tag', [deployed, available], { listed: ['c0ffee000001', 'c0ffee100002'] });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove c0ffee000001 from the list' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'c0ffee000001' })).not.toBeInTheDocument());
    expect(api.ids()).toEqual(['c0ffee100002']);

    const whole = await screen.findByRole('region', { name: 'Whole list' });
    await userEvent.click(within(whole).getByRole('button', { name: 'Clear list' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear the list' });
    expect(confirm).toHaveTextContent('Remove all 1 tag from your Tag Scratch List?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Clear list' }));
    expect(
      await screen.findByText('No tags on your list yet: scan or paste their ids above'),
    ).toBeInTheDocument();
    expect(api.ids()).toEqual([]);
  });
});

describe('the Gateway Scratch List', () => {
  it('offers the gateways’ batch operations for the selection (SPEC §4)', async () => {
    const node = gatewayFixture({
      id: 'b0a710000009',
      config: { state: 'ready_to_deploy', logistics: { sku: 'NODE1' }, labels: [], notes: '' },
    });
    serveScratchList('gateway', [node], { listed: [node.id] });
    render('gateway', GATEWAY_ADMIN_RULES);
    const row = await rowOf(node.id);
    expect(within(row).getByRole('cell', { name: 'NODE1' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Ready to Deploy' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${node.id}` }));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Selected rows' })).getByRole('button', {
        name: 'Batch actions',
      }),
    );
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Transfer to inventory',
      'Clear diagnostics info',
      'Mark lost',
    ]);
  });
});
