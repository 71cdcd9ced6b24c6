import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as the h1 with its actions', () => {
    renderWithProviders(
      <PageHeader title="Zones" description="Your organisation" actions={<Button>Add</Button>} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Zones' })).toBeInTheDocument();
    expect(screen.getByText('Your organisation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
