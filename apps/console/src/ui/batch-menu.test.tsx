import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { BatchMenu } from './batch-menu';

const LABELS = { archive: 'Archive', rename: 'Rename', mark_lost: 'Mark lost' };

function renderMenu(operations: (keyof typeof LABELS)[] = ['archive', 'rename', 'mark_lost']) {
  return renderWithProviders(
    <BatchMenu
      heading="2 things"
      operations={operations}
      labels={LABELS}
      danger={['mark_lost']}
      dialog={(operation, close) => (
        <div role="dialog" aria-label={`${LABELS[operation]}: 2 things`}>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </div>
      )}
    />,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Batch actions' });

describe('BatchMenu', () => {
  it('offers the given operations, in order, under the heading of the selection', async () => {
    renderMenu(['rename', 'mark_lost']);
    await userEvent.click(menuButton());
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(/^2 things/);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename', 'Mark lost']);
  });

  it('opens from the keyboard with Enter; ArrowDown walks the items and Enter opens the chosen dialog', async () => {
    renderMenu();
    await userEvent.tab();
    expect(menuButton()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');

    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Archive' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Rename: 2 things' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('closes the dialog when it says so, and the menu can be opened again', async () => {
    renderMenu();
    await userEvent.click(menuButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark lost' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(menuButton());
    expect(await screen.findByRole('menuitem', { name: 'Archive' })).toBeInTheDocument();
  });

  it('closes on Escape without choosing anything, back on its button', async () => {
    renderMenu();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton()).toHaveFocus());
  });
});
