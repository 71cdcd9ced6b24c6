import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { confirmAction } from './confirm';

function ask() {
  let answer!: Promise<boolean>;
  act(() => {
    answer = confirmAction({
      title: 'Delete zone',
      message: 'Delete zone "Room 1"?',
      confirmLabel: 'Delete',
      danger: true,
    });
  });
  return answer;
}

describe('confirmAction', () => {
  it('resolves true when confirmed', async () => {
    renderWithProviders(<div />);
    const answer = ask();
    const dialog = await screen.findByRole('dialog', { name: 'Delete zone' });
    expect(dialog).toHaveTextContent('Delete zone "Room 1"?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on Cancel', async () => {
    renderWithProviders(<div />);
    const answer = ask();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on Escape', async () => {
    renderWithProviders(<div />);
    const answer = ask();
    await screen.findByRole('dialog', { name: 'Delete zone' });
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});
