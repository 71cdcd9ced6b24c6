import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../test/render';
import { stubLayout } from '../test/layout-stub';
import { DEMO_ZONES, serveZones } from '../test/zone-server';
import { ZonePicker, type ZonePickerProps } from './zone-picker';

beforeEach(() => stubLayout());
afterEach(() => notifications.clean());

function Harness({ initial = null, ...props }: { initial?: string | null } & Partial<ZonePickerProps>) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <ZonePicker
      label="Location"
      value={value}
      {...props}
      onChange={(id, zone) => {
        setValue(id);
        props.onChange?.(id, zone);
      }}
    />
  );
}

describe('ZonePicker (SPEC §2.8)', () => {
  it("shows the chosen zone's name", async () => {
    serveZones(DEMO_ZONES);
    renderWithProviders(<Harness initial="floor-1" />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Location' })).toHaveTextContent('Floor 1'),
    );
  });

  it('shows its placeholder when nothing is chosen', () => {
    serveZones(DEMO_ZONES);
    renderWithProviders(<Harness placeholder="Choose where" />);
    expect(screen.getByRole('button', { name: 'Location' })).toHaveTextContent('Choose where');
  });

  it('opens the zone tree and picks a zone', async () => {
    serveZones(DEMO_ZONES);
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Location' }));
    expect(await screen.findByRole('tree', { name: 'Location' })).toBeInTheDocument();
    await userEvent.click(await screen.findByText('Main site'));
    expect(onChange).toHaveBeenCalledWith('site-main', expect.objectContaining({ name: 'Main site' }));
    await waitFor(() => expect(screen.queryByRole('tree')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Location' })).toHaveTextContent('Main site');
  });

  it('picks with the keyboard', async () => {
    serveZones(DEMO_ZONES);
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    screen.getByRole('button', { name: 'Location' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('treeitem', { name: 'Annex' });
    await waitFor(() => expect(screen.getByRole('treeitem', { name: 'Acme' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('site-annex', expect.objectContaining({ name: 'Annex' }));
  });

  it('offers inline add and delete when editable', async () => {
    serveZones(DEMO_ZONES);
    renderWithProviders(<Harness editable />);
    await userEvent.click(screen.getByRole('button', { name: 'Location' }));
    expect(await screen.findByRole('button', { name: 'Add zone inside Main site' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete zone Annex' })).toBeInTheDocument();
  });
});
