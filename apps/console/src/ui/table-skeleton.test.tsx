import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { TableSkeleton } from './table-skeleton';

describe('TableSkeleton', () => {
  it('announces loading and draws the placeholder rows', () => {
    renderWithProviders(<TableSkeleton rows={3} columns={2} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
  });
});
