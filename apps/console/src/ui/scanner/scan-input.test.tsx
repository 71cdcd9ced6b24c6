import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ScanInput } from './scan-input';

describe('ScanInput', () => {
  it('submits what is typed on Enter, trimmed, and empties the field for the next code', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanInput onScan={onScan} label="Tag QR code or ID" autoFocus />);
    const field = screen.getByRole('textbox', { name: 'Tag QR code or ID' });
    expect(field).toHaveFocus();
    await userEvent.keyboard(' https://vigil.example/t/C0FFEE100001 {Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('https://vigil.example/t/C0FFEE100001');
    expect(field).toHaveValue('');
  });

  it('submits with the Use button, which waits for some text', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanInput onScan={onScan} />);
    const use = screen.getByRole('button', { name: 'Use' });
    expect(use).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'QR code or ID' }), '   ');
    expect(use).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'QR code or ID' }), 'c0ffee100001');
    await userEvent.click(use);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('c0ffee100001');
  });

  it('does not submit an empty field on Enter', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanInput onScan={onScan} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'QR code or ID' }), '{Enter}');
    expect(onScan).not.toHaveBeenCalled();
  });
});
