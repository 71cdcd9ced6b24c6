import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../test/fetch-stub';
import { renderSignedIn } from '../../test/signed-in';
import { ScanStep } from './scan-step';
import { WAREHOUSE_RULES, answerOf, gate, serveWarehouse } from './warehouse-test-kit';

// Issue 22, docs/WAREHOUSE.md "Idempotency and fast scans": the queue and the answers' log.

const renderStep = () =>
  renderSignedIn(<ScanStep step="receive" retryMs={1} />, { rules: WAREHOUSE_RULES, role: 'warehouse' });

async function scan(text: string) {
  const field = await screen.findByRole('textbox', { name: 'Scan or type a label or device id' });
  await userEvent.type(field, `${text}{Enter}`);
}

describe('ScanStep (issue 22: one scan, one call, queued)', () => {
  it('shows what the step expects, then each answer: understood, changed and next, newest first', async () => {
    serveWarehouse({
      next: 'Scan a box label from the factory',
      onScan: (b) =>
        b.text === 'TAG5-20240115-9'
          ? answerOf(b, 'refused', {
              changed: { outcome: 'refused', text: 'Box TAG5-20240115-9 is unknown', devices: [] },
            })
          : answerOf(b, 'changed', {
              changed: { outcome: 'changed', text: 'Received 20 TAG5', devices: [] },
              next: 'Scan the next box',
            }),
    });
    renderStep();
    expect(await screen.findByText('Next: Scan a box label from the factory')).toBeVisible();
    await scan('TAG5-20240115-7');
    expect(await screen.findByText('Received 20 TAG5')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Next' })).toHaveTextContent('Next: Scan the next box');
    await scan('TAG5-20240115-9');
    expect(await screen.findByText('Box TAG5-20240115-9 is unknown')).toBeVisible();
    const items = within(screen.getByRole('region', { name: 'Scans' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Refused');
    expect(items[0]).toHaveTextContent('Box TAG5-20240115-9');
    expect(items[1]).toHaveTextContent('Done');
    expect(items[1]).toHaveTextContent('Box TAG5-20240115-7');
  });

  it('keeps fast scans in a queue and sends them one at a time, in order, each with its own key', async () => {
    const held = gate();
    let inFlight = 0;
    let most = 0;
    const server = serveWarehouse({
      onScan: async (b) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await held.opened;
        inFlight -= 1;
        return answerOf(b);
      },
    });
    renderStep();
    await scan('TAG5-20240115-1');
    await scan('TAG5-20240115-2');
    await scan('TAG5-20240115-3');
    expect(await screen.findByText('3 scans waiting')).toBeVisible();
    held.release();
    expect(await screen.findByText('changed: TAG5-20240115-3')).toBeVisible();
    expect(server.scans.map((s) => s.text)).toEqual([
      'TAG5-20240115-1',
      'TAG5-20240115-2',
      'TAG5-20240115-3',
    ]);
    expect(new Set(server.scans.map((s) => s.idempotencyKey)).size).toBe(3);
    expect(most).toBe(1);
    expect(screen.queryByText(/scans? waiting/)).toBeNull();
  });

  it('sends a scan again with the same key after a 5xx or a network error', async () => {
    let calls = 0;
    const server = serveWarehouse({
      onScan: (b) => {
        calls += 1;
        if (calls === 1) return json({ reason: 'Database unavailable' }, 503);
        if (calls === 2) throw new TypeError('Failed to fetch');
        return answerOf(b);
      },
    });
    renderStep();
    await scan('TAG5-20240115-7');
    expect(await screen.findByText('changed: TAG5-20240115-7')).toBeVisible();
    expect(server.scans).toHaveLength(3);
    expect(new Set(server.scans.map((s) => s.idempotencyKey)).size).toBe(1);
  });

  it('drops a scan the server will not take (4xx), says why, and goes on with the next', async () => {
    serveWarehouse({
      onScan: (b) =>
        b.text === 'x'.repeat(10) ? json({ reason: 'A scan is at most 200 characters' }, 400) : answerOf(b),
    });
    renderStep();
    await scan('x'.repeat(10));
    expect(await screen.findByText('A scan is at most 200 characters')).toBeVisible();
    expect(screen.getByText('Not sent')).toBeVisible();
    await scan('TAG5-20240115-7');
    expect(await screen.findByText('changed: TAG5-20240115-7')).toBeVisible();
    expect(localStorage.getItem('vigil.warehouse.queue.receive')).toBeNull();
  });

  it('keeps the queue over a reload and sends what was waiting', async () => {
    const waiting = { step: 'receive', text: 'TAG5-20240115-4', idempotencyKey: crypto.randomUUID() };
    localStorage.setItem('vigil.warehouse.queue.receive', JSON.stringify([waiting]));
    const server = serveWarehouse();
    renderStep();
    expect(await screen.findByText('changed: TAG5-20240115-4')).toBeVisible();
    expect(server.scans[0]).toEqual(waiting);
  });

  it('offers the camera, which reads box labels and QR codes, and stops it again', async () => {
    serveWarehouse({});
    renderStep();
    const start = await screen.findByRole('button', { name: 'Scan with the camera' });
    expect(start).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(start);
    // jsdom has no camera: the scanner opens and says so (SPEC §8's text), the field stays.
    expect(await screen.findByRole('button', { name: 'Stop the camera' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Scan or type a label or device id' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stop the camera' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeVisible();
  });
});
