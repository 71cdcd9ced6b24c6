import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { notifications } from '@mantine/notifications';
import type { RawRule } from '@vigil/domain';
import { renderSignedIn } from '../../test/signed-in';
import { DEMO_ZONES, serveZones } from '../../test/zone-server';
import { ZonesScreen } from './zones-screen';

const RULES: RawRule[] = [{ action: ['list', 'read', 'update', 'delete'], subject: 'Zone' }];

afterEach(() => notifications.clean());

/** Shows the router's query string, where the screen keeps the selected zone. */
function CurrentSearch() {
  return <output aria-label="Current search">{useLocation().search}</output>;
}

function openZones(path = '/zones') {
  return renderSignedIn(<ZonesScreen />, {
    rules: RULES,
    path,
    around: (routes) => (
      <>
        {routes}
        <CurrentSearch />
      </>
    ),
  });
}

const item = (name: string) => screen.findByRole('treeitem', { name });
const search = () => screen.getByRole('status', { name: 'Current search' });
const detailsTitle = (name: string) => screen.findByRole('heading', { name, level: 2 });

describe('ZonesScreen', () => {
  it('keeps the selected zone in the URL, chosen with the keyboard', async () => {
    serveZones(DEMO_ZONES);
    openZones();
    await item('Annex');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(await item('Annex')).toHaveAttribute('aria-selected', 'true');
    expect(search()).toHaveTextContent('?zone=site-annex');
    expect(await detailsTitle('Annex')).toBeInTheDocument();
  });

  it('shows the same zone selected and the same nodes open after a reload', async () => {
    serveZones(DEMO_ZONES);
    const first = openZones();
    await userEvent.click(await screen.findByText('Main site'));
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(await screen.findByText('Building A'));
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(await screen.findByText('Annex'));
    expect(search()).toHaveTextContent('?zone=site-annex');
    const url = `/zones${search().textContent}`;
    first.unmount();

    openZones(url);
    expect(await item('Annex')).toHaveAttribute('aria-selected', 'true');
    expect(await detailsTitle('Annex')).toBeInTheDocument();
    expect(await item('Main site')).toHaveAttribute('aria-expanded', 'true');
    expect(await item('Building A')).toHaveAttribute('aria-expanded', 'true');
    expect(await item('Floor 1')).toHaveAttribute('aria-expanded', 'false');
  });

  it('selects a zone just added, and says it was added', async () => {
    serveZones(DEMO_ZONES);
    openZones('/zones?zone=site-main');
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone inside Annex' }));
    await userEvent.keyboard('Depot{Enter}');
    expect(await screen.findByText('Zone "Depot" added')).toBeInTheDocument();
    await waitFor(() => expect(search()).toHaveTextContent('?zone=new-1'));
    expect(await item('Depot')).toHaveAttribute('aria-selected', 'true');
    expect(await item('Depot')).toHaveFocus();
    expect(await item('Annex')).toHaveAttribute('aria-expanded', 'true');
    expect(await detailsTitle('Depot')).toBeInTheDocument();
  });

  it('forgets the selection once the selected zone is deleted', async () => {
    serveZones(DEMO_ZONES);
    openZones('/zones?zone=site-annex');
    expect(await detailsTitle('Annex')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete zone' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(search()).toHaveTextContent(''));
    expect(screen.getByText('Choose a zone in the tree to see and change its settings.')).toBeInTheDocument();
  });
});
