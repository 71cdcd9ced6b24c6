import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders } from './render';

describe('test setup', () => {
  it('renders Mantine components under jsdom', () => {
    renderWithProviders(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
