import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { ApiError } from '../api/errors';
import { ErrorPanel } from './error-panel';

describe('ErrorPanel', () => {
  it("shows the server's reason and retries", async () => {
    const onRetry = vi.fn();
    renderWithProviders(<ErrorPanel error={new ApiError(500, 'Internal error')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, there was a problem: Internal error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no Retry when nothing can be retried', () => {
    renderWithProviders(<ErrorPanel error={new Error('Broken')} title="Could not save" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
