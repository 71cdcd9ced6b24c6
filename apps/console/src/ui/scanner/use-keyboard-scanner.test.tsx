import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { SCANNER_KEY_GAP_MS, useKeyboardScanner, type KeyboardScannerOptions } from './use-keyboard-scanner';
import { ScanInput } from './scan-input';

function ScanScreen({
  onScan,
  onBack = () => {},
  onField = () => {},
  options,
}: {
  onScan: (text: string) => void;
  onBack?: () => void;
  onField?: (text: string) => void;
  options?: KeyboardScannerOptions;
}) {
  useKeyboardScanner(onScan, options);
  return (
    <>
      <Button onClick={onBack}>Back</Button>
      <TextInput label="Notes" />
      <ScanInput onScan={onField} />
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('useKeyboardScanner', () => {
  it('takes what a hand-held scanner types, ended by Enter, as one scan', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanScreen onScan={onScan} />);
    await userEvent.keyboard('https://vigil.example/t/C0FFEE100001{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('https://vigil.example/t/C0FFEE100001');
    await userEvent.keyboard('C0FFEE100002{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('C0FFEE100002');
  });

  it('keeps the Enter of a scan from pressing the focused button', async () => {
    const onScan = vi.fn();
    const onBack = vi.fn();
    renderWithProviders(<ScanScreen onScan={onScan} onBack={onBack} />);
    screen.getByRole('button', { name: 'Back' }).focus();
    await userEvent.keyboard('C0FFEE100001{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('C0FFEE100001');
    expect(onBack).not.toHaveBeenCalled();
  });

  it('leaves typing in a text field to the field', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanScreen onScan={onScan} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'C0FFEE100001{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('C0FFEE100001');
  });

  it('does not take a scan typed into a ScanInput twice: the field submits it', async () => {
    const onScan = vi.fn();
    const onField = vi.fn();
    renderWithProviders(<ScanScreen onScan={onScan} onField={onField} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'QR code or ID' }), 'C0FFEE100001{Enter}');
    expect(onField).toHaveBeenCalledExactlyOnceWith('C0FFEE100001');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('ignores an Enter after fewer characters than a scan has', async () => {
    const onScan = vi.fn();
    renderWithProviders(<ScanScreen onScan={onScan} options={{ minLength: 6 }} />);
    await userEvent.keyboard('abc{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    await userEvent.keyboard('abcdef{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('abcdef');
  });

  it('starts a new scan after a pause, leaving out keys pressed before it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const onScan = vi.fn();
    renderWithProviders(<ScanScreen onScan={onScan} />);
    await userEvent.keyboard('xy');
    vi.advanceTimersByTime(SCANNER_KEY_GAP_MS + 1000);
    await userEvent.keyboard('C0FFEE100001{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('C0FFEE100001');
  });

  it('listens only while enabled', async () => {
    const onScan = vi.fn();
    const view = renderWithProviders(<ScanScreen onScan={onScan} options={{ enabled: false }} />);
    await userEvent.keyboard('C0FFEE100001{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    view.rerender(<ScanScreen onScan={onScan} />);
    await userEvent.keyboard('C0FFEE100001{Enter}');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('C0FFEE100001');
  });
});
