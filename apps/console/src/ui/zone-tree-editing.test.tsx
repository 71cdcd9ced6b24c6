import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { DEMO_ZONES, serveZones, type ZoneServerFailures } from '../test/zone-server';
import { ZoneTree } from './zone-tree';

afterEach(() => notifications.clean());

const item = (name: string) => screen.findByRole('treeitem', { name });

function renderEditable(failures?: ZoneServerFailures) {
  const server = serveZones(DEMO_ZONES, failures);
  renderWithProviders(<ZoneTree editable />);
  return server;
}

async function confirmDelete() {
  const dialog = await screen.findByRole('dialog', { name: 'Delete zone' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('ZoneTree editing (SPEC §2.8, §5, §8)', () => {
  it('adds a zone inside another, trimmed, at the next level down', async () => {
    const { fetch } = renderEditable();
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone inside Main site' }));
    const name = screen.getByRole('textbox', { name: 'Name of the new zone inside Main site' });
    expect(name).toHaveFocus();
    await userEvent.type(name, '  Building B  {Enter}');
    expect(await item('Building B')).toHaveAttribute('aria-level', '3');
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'true');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Building B',
      level: 'building',
      parent: 'site-main',
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says the zone was added, and moves the focus to its node', async () => {
    renderEditable();
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone inside Main site' }));
    await userEvent.keyboard('Building B{Enter}');
    expect(await screen.findByText('Zone "Building B" added')).toBeInTheDocument();
    await waitFor(async () => expect(await item('Building B')).toHaveFocus());
    expect(await item('Building B')).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{ArrowUp}');
    expect(await item('Building A')).toHaveFocus();
  });

  it('opens a closed parent to show the zone added inside it, and tells the tree’s owner', async () => {
    serveZones(DEMO_ZONES);
    const onAdded = vi.fn();
    renderWithProviders(<ZoneTree editable selected="site-annex" onSelect={() => {}} onAdded={onAdded} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone inside Main site' }));
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('Building C{Enter}');
    await waitFor(async () => expect(await item('Building C')).toHaveFocus());
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'true');
    expect(onAdded).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Building C', parent: 'site-main' }),
    );
  });

  it('adds inside a zone that had none, and cancels with Escape', async () => {
    renderEditable();
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone inside Annex' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await item('Annex')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Add zone inside Annex' }));
    const add = screen.getByRole('button', { name: 'Add the new zone inside Annex' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of the new zone inside Annex' }), 'Depot');
    await userEvent.click(add);
    expect(await item('Depot')).toBeInTheDocument();
    expect(await item('Annex')).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows SPEC §8's text when adding fails, keeping the name", async () => {
    renderEditable({ create: { status: 409, reason: 'A zone with this name exists' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone inside Main site' }));
    await userEvent.type(screen.getByRole('textbox'), ' Building A {Enter}');
    expect(
      await screen.findByText(
        'Sorry, there was a problem adding zone "Building A": A zone with this name exists',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue(' Building A ');
    expect(screen.queryByText(/added$/)).not.toBeInTheDocument();
  });

  it('deletes a zone after confirmation', async () => {
    const { fetch } = renderEditable();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete zone Annex' }));
    await confirmDelete();
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: 'Annex' })).not.toBeInTheDocument());
    expect(
      fetch.mock.calls.some(
        ([u, init]) => init?.method === 'DELETE' && String(u) === '/api/zones/site-annex',
      ),
    ).toBe(true);
  });

  it('does nothing when the delete is cancelled', async () => {
    const { fetch } = renderEditable();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete zone Annex' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    expect(await item('Annex')).toBeInTheDocument();
  });

  it.each([
    [
      403,
      'Zone is assigned to gateway 0a1b2c3d4e5f',
      'Could not delete zone "Annex" since it\'s assigned to a gateway',
    ],
    [409, 'Zone "Annex" still has zones inside it', 'Sorry, there was a problem deleting zone "Annex"'],
    [500, 'Internal error', 'Sorry, there was a problem deleting zone "Annex"'],
  ])('a %i on delete shows SPEC §8 text', async (status, reason, text) => {
    renderEditable({ delete: { status, reason } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete zone Annex' }));
    await confirmDelete();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(await item('Annex')).toBeInTheDocument();
  });

  it('offers no Add below area level and no Delete of the organisation', async () => {
    serveZones(DEMO_ZONES);
    renderWithProviders(<ZoneTree editable selected="ward-3" />);
    await item('Ward 3');
    expect(screen.queryByRole('button', { name: 'Add zone inside Ward 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete zone Ward 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add zone inside Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete zone Acme' })).not.toBeInTheDocument();
  });

  it('puts only the focused node’s buttons in the Tab order', async () => {
    renderEditable();
    await item('Annex');
    await userEvent.tab();
    expect(await item('Acme')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Add zone inside Acme' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Add zone inside Annex' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete zone Annex' })).toHaveFocus();
  });
});
