import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RawRule } from '@vigil/domain';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderSignedIn } from '../../../test/signed-in';
import { zoneFixture } from '../../../test/zone-fixtures';
import { UnitEditor } from './unit-editor';

// SPEC §2.7 units add/edit, §4 Units, §5 Unit edit, §8: the unit editor's panel from the keyboard.
// No map here (jsdom has no WebGL): the drawing is the e2e journey's (e2e/tests/unit-edit.spec.ts).

const FLOOR = '5b1a3f2e-0000-4000-8000-000000000001';
const UNIT = '5b1a3f2e-0000-4000-8000-000000000002';
const floor = zoneFixture({ id: FLOOR, name: 'Floor 1', level: 'floor' });
const unit = zoneFixture({
  id: UNIT,
  name: 'Lobby',
  level: 'unit',
  parent: FLOOR,
  config: { state: 'active' },
});
const EDITOR_RULES: RawRule[] = [{ action: ['list', 'read', 'update'], subject: ['FloorPlan', 'Zone'] }];

type Put = { name?: string; config?: Record<string, unknown> };

/** The zones API for one floor's one unit, which a PUT changes (as the server would). */
function serve(refuse?: string) {
  const puts: Put[] = [];
  let current = unit;
  const fetch = stubFetch(async (url, init) => {
    if (url.pathname === '/api/zones' && url.searchParams.get('level') === 'unit')
      return { data: [current], total: 1 };
    if (url.pathname === `/api/zones/${UNIT}` && init.method === 'PUT') {
      if (refuse) return json({ reason: refuse }, 409);
      const body = JSON.parse(String(init.body)) as Put;
      puts.push(body);
      current = {
        ...current,
        name: body.name ?? current.name,
        config: { ...current.config, ...body.config },
      };
      return current;
    }
    return json({ reason: 'Not found' }, 404);
  });
  return { puts, fetch };
}

function render(rules = EDITOR_RULES) {
  const onExit = vi.fn();
  renderSignedIn(
    <UnitEditor
      floor={floor}
      directory={{ floors: [floor], buildings: [], sites: [] }}
      plan={null}
      onExit={onExit}
    />,
    {
      rules,
    },
  );
  return { onExit };
}

describe('UnitEditor', () => {
  it('lists the floor’s units; renames one from the keyboard, the name being required (SPEC §5)', async () => {
    const { puts, fetch } = serve();
    const { onExit } = render();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Units' });
    const lobby = await within(panel).findByRole('button', { name: /Lobby/ });
    expect(lobby).toHaveTextContent('Not drawn');
    expect(fetch.mock.calls[0]![0].toString()).toContain('level=unit');
    expect(fetch.mock.calls[0]![0].toString()).toContain(`parent=${FLOOR}`);

    lobby.focus();
    await user.keyboard('{Enter}');
    const name = within(panel).getByRole('textbox', { name: 'Unit name' });
    expect(name).toHaveValue('Lobby');
    await user.clear(name);
    await user.click(within(panel).getByRole('button', { name: 'Save unit' }));
    expect(within(panel).getByText('Must specify a name')).toBeVisible();
    expect(puts).toEqual([]);

    await user.type(name, 'Main Lobby{Enter}');
    await waitFor(() => expect(puts).toEqual([{ name: 'Main Lobby' }]));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Saved unit Main Lobby.');

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(onExit).toHaveBeenCalled();
  });

  it('deactivates a unit only after SPEC §5’s question', async () => {
    const { puts } = serve();
    render();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Units' });
    await user.click(await within(panel).findByRole('button', { name: /Lobby/ }));
    await user.click(within(panel).getByRole('switch', { name: /^Active/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate unit' });
    expect(dialog).toHaveTextContent('Are you sure you want to deactivate unit Lobby and all areas within?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(puts).toEqual([{ config: { state: 'inactive' } }]));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Unit Lobby and the areas within are inactive.',
    );
    expect(within(panel).getByRole('button', { name: /Lobby/ })).toHaveTextContent('Inactive');
  });

  it('asks SPEC §2.7’s "Save changes?" when leaving with a change not saved, and saves it on Save', async () => {
    const { puts } = serve();
    const { onExit } = render();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Units' });
    await user.click(await within(panel).findByRole('button', { name: /Lobby/ }));
    await user.type(within(panel).getByRole('textbox', { name: 'Unit name' }), ' West');
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save changes?' });
    expect(onExit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onExit).toHaveBeenCalled());
    expect(puts).toEqual([{ name: 'Lobby West' }]);
  });

  it('says SPEC §8’s error with the server’s reason', async () => {
    serve('Zone "Lobby" is busy');
    render();
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Units' });
    await user.click(await within(panel).findByRole('button', { name: /Lobby/ }));
    await user.type(within(panel).getByRole('textbox', { name: 'Unit name' }), ' East{Enter}');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Sorry, could not edit unit: Zone "Lobby" is busy',
    );
  });

  it('tells a role that may edit floor plans but not zones why it cannot change units', () => {
    serve();
    render([
      { action: ['list', 'read', 'update'], subject: 'FloorPlan' },
      { action: ['list', 'read'], subject: 'Zone' },
    ]);
    expect(screen.getByRole('note')).toHaveTextContent('your role may not change zones');
    expect(screen.queryByRole('button', { name: 'Draw unit' })).not.toBeInTheDocument();
  });
});
