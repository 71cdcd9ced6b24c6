import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { ApiError } from '../api/errors';
import { ErrorPanel, mayRetry } from './error-panel';

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

  it.each([
    [new ApiError(404, 'Alert not found'), false],
    [new ApiError(403, 'Not allowed'), false],
    [new ApiError(400, 'Bad id'), false],
    [new ApiError(0, 'Could not reach the server', 'network'), true],
    [new ApiError(0, 'The server did not answer in time', 'timeout'), true],
    [new ApiError(429, 'Too many requests'), true],
    [new ApiError(503, 'Unavailable'), true],
    [new TypeError('Failed to fetch'), true],
  ])('retries %s: %s', (error, retry) => {
    expect(mayRetry(error)).toBe(retry);
  });

  it('offers no Retry for a final answer such as a 404, even when asked to', () => {
    renderWithProviders(<ErrorPanel error={new ApiError(404, 'Alert not found')} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, there was a problem: Alert not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
