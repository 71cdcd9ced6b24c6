import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RawRule } from '@vigil/domain';
import { renderSignedIn } from '../../test/signed-in';
import { FactoryHomeScreen } from './factory-home-screen';
import { answerOf, serveWarehouse } from './warehouse-test-kit';

// Issue 22, SPEC §2.1 /factory/home: register with the chosen SKU and firmware key, pack, print.

const FACTORY_RULES: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Inventory' }];
const renderFactory = () => renderSignedIn(<FactoryHomeScreen />, { rules: FACTORY_RULES, role: 'factory' });

describe('the factory kiosk (issue 22)', () => {
  it('registers a scanned device with the SKU and firmware key chosen', async () => {
    const server = serveWarehouse({ next: 'Scan a device to register' });
    renderFactory();
    expect(await screen.findByText('Choose the SKU to register devices.')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'SKU' }));
    await userEvent.click(await screen.findByRole('option', { name: 'NODE1' }));
    expect(screen.getByRole('combobox', { name: 'Firmware key' })).toHaveValue('NODE1');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Scan or type a device id' }),
      'aabbccddee01{Enter}',
    );
    expect(await screen.findByText('changed: aabbccddee01')).toBeVisible();
    expect(server.scans[0]).toMatchObject({
      step: 'register',
      text: 'aabbccddee01',
      sku: 'NODE1',
      firmwareKey: 'NODE1',
    });
  });

  it('shows the label of a box just opened, as a Code 128 barcode with its text, ready to print', async () => {
    serveWarehouse({
      onScan: (b) =>
        answerOf(b, 'changed', { print: { barcode: 'TAG5-20240115-7', sku: 'TAG5', repack: false } }),
    });
    renderFactory();
    await userEvent.click(await screen.findByText('Pack boxes'));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Scan a device or a box label' }),
      'aabbccddee01{Enter}',
    );
    const barcode = await screen.findByRole('img', { name: 'Barcode TAG5-20240115-7' });
    expect(barcode.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('SKU TAG5')).toBeVisible();
    expect(screen.getByText('20 units')).toBeVisible();
    expect(screen.getByText('2024-01-15')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Print label' })).toBeEnabled();
  });
});
