import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../../api/errors';
import { listErrorMessage, notifyListError } from './list-errors';

afterEach(() => notifications.clean());

describe('list errors (SPEC §8 Lists)', () => {
  it.each([
    ['add', 'Sorry, could not add: Name is taken.'],
    ['update', 'Sorry, could not update: Name is taken.'],
    ['delete', 'Sorry, could not delete: Name is taken.'],
  ] as const)('%s → %s', (action, text) => {
    expect(listErrorMessage(action, new ApiError(409, 'Name is taken'))).toBe(text);
  });

  it('uses the message of an error that has no server reason', () => {
    expect(listErrorMessage('update', new Error('Failed to fetch'))).toBe(
      'Sorry, could not update: Failed to fetch.',
    );
  });

  it('shows the text as a notification', async () => {
    renderWithProviders(<div />);
    act(() => notifyListError('delete', new ApiError(403, 'Not allowed')));
    expect(await screen.findByText('Sorry, could not delete: Not allowed.')).toBeInTheDocument();
  });
});
