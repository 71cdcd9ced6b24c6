import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { DEMO_ZONES, serveZones } from '../test/zone-server';
import { zoneFixture } from '../test/zone-fixtures';
import { ZoneTree } from './zone-tree';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const item = (name: string) => screen.findByRole('treeitem', { name });
const requests = (fetch: ReturnType<typeof serveZones>['fetch']) =>
  fetch.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('ZoneTree (SPEC §2.8, §9)', () => {
  it("shows the caller's organisation open on its first level, with names and levels", async () => {
    const { fetch } = serveZones(DEMO_ZONES);
    renderWithProviders(<ZoneTree />);
    const tree = await screen.findByRole('tree', { name: 'Zones' });
    const org = await item('Acme');
    expect(org).toHaveAttribute('aria-expanded', 'true');
    expect(org).toHaveAccessibleDescription('org');
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'false');
    expect(await item('Annex')).not.toHaveAttribute('aria-expanded');
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((i) => i.getAttribute('aria-level')),
    ).toEqual(['1', '2', '2']);
    expect(requests(fetch)).toEqual([
      'GET /api/zones?level=org&limit=1',
      'GET /api/zones?parent=org&orderBy=name&limit=200&offset=0',
    ]);
  });

  it('loads a level only when it is opened', async () => {
    const { fetch } = serveZones(DEMO_ZONES);
    renderWithProviders(<ZoneTree />);
    await userEvent.click(await screen.findByText('Main site'));
    expect(await item('Building A')).toHaveAttribute('aria-level', '3');
    expect(requests(fetch).at(-1)).toBe('GET /api/zones?parent=site-main&orderBy=name&limit=200&offset=0');
    await userEvent.click(screen.getByText('Main site'));
    await waitFor(() =>
      expect(screen.queryByRole('treeitem', { name: 'Building A' })).not.toBeInTheDocument(),
    );
  });

  it('is used with the keyboard: Tab in, arrows to move, open and close, Home and End', async () => {
    serveZones(DEMO_ZONES);
    renderWithProviders(<ZoneTree />);
    await item('Main site');
    await userEvent.tab();
    expect(await item('Acme')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(await item('Main site')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'true');
    await item('Building A');
    await userEvent.keyboard('{ArrowRight}');
    expect(await item('Building A')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await item('Main site')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{End}');
    expect(await item('Main site')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(await item('Acme')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(await item('Acme')).toHaveFocus();
    expect(await item('Acme')).toHaveAttribute('tabindex', '0');
    expect(await item('Annex')).toHaveAttribute('tabindex', '-1');
  });

  it('selects a zone with a click or Enter', async () => {
    serveZones(DEMO_ZONES);
    const onSelect = vi.fn();
    renderWithProviders(<ZoneTree selected="site-annex" onSelect={onSelect} />);
    expect(await item('Annex')).toHaveAttribute('aria-selected', 'true');
    expect(await item('Main site')).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(screen.getByText('Main site'));
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'site-main', name: 'Main site' }),
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'site-annex' }));
  });

  it("opens the selected zone's ancestors", async () => {
    serveZones(DEMO_ZONES);
    renderWithProviders(<ZoneTree selected="floor-1" onSelect={() => {}} />);
    expect(await item('Floor 1')).toHaveAttribute('aria-selected', 'true');
    expect(await item('Floor 1')).toHaveAttribute('aria-expanded', 'false');
    expect(await item('Building A')).toHaveAttribute('aria-expanded', 'true');
  });

  it('pages a level of more than 200 zones', async () => {
    const many = Array.from({ length: 201 }, (_, i) =>
      zoneFixture({
        id: `a${i}`,
        name: `Area ${String(i).padStart(3, '0')}`,
        level: 'area',
        parent: 'floor',
      }),
    );
    serveZones([zoneFixture({ id: 'floor', name: 'Floor 9', level: 'org', parent: 'root' }), ...many]);
    renderWithProviders(<ZoneTree />);
    await item('Area 199');
    expect(screen.queryByRole('treeitem', { name: 'Area 200' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more zones inside Floor 9' }));
    expect(await item('Area 200')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('keeps the nodes opened and closed under its key across a reload of the tab', async () => {
    serveZones(DEMO_ZONES);
    const first = renderWithProviders(<ZoneTree expansionKey="zones.org.u-1" />);
    await userEvent.click(await screen.findByText('Main site'));
    await userEvent.click(await screen.findByText('Building A'));
    expect(await item('Floor 1')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Building A'));
    await userEvent.click(screen.getByText('Building A'));
    await userEvent.click(screen.getByText('Acme'));
    first.unmount();

    renderWithProviders(<ZoneTree expansionKey="zones.org.u-1" />);
    expect(await item('Acme')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByText('Acme'));
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'true');
    expect(await item('Building A')).toHaveAttribute('aria-expanded', 'true');
    expect(await item('Floor 1')).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts from the defaults under another key or without one', async () => {
    serveZones(DEMO_ZONES);
    const first = renderWithProviders(<ZoneTree expansionKey="zones.org.u-1" />);
    await userEvent.click(await screen.findByText('Main site'));
    expect(await item('Building A')).toBeInTheDocument();
    first.unmount();

    const other = renderWithProviders(<ZoneTree expansionKey="zones.org.u-2" />);
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'false');
    other.unmount();
    renderWithProviders(<ZoneTree />);
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'false');
  });

  it('brings the selected zone into view once it shows', async () => {
    serveZones(DEMO_ZONES);
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    });
    renderWithProviders(<ZoneTree selected="floor-1" onSelect={() => {}} />);
    await item('Floor 1');
    await waitFor(() => expect(scrolled).toEqual([expect.stringContaining('Floor 1')]));
  });
});
