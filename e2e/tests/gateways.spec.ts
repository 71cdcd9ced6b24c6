import { expect, test, type Page } from '@playwright/test';
import { DEMO_GATEWAY_KEY, expectAccessible, signIn, unique } from '../fixtures';

// Gateways: the list, a gateway's detail, its edit, and an unassign the gateway hears on
// its next heartbeat. The demo gateways b0a710000002 and b0a710000004 are this file's own.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const fact = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('+ dd');

/** One heartbeat through the device API, as the gateway sends it; answers its commands. */
async function heartbeat(page: Page, gateway: string, confirmed: string[] = []) {
  const res = await page.request.post('/api/ingest/heartbeats', {
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}` },
    data: { gateway, status: 'connected', ...(confirmed.length ? { confirmed } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (
    (await res.json()) as { commands: { id: string; type: string; payload: Record<string, unknown> }[] }
  ).commands;
}

test.describe('gateways', () => {
  test('the admin finds a gateway, edits its labels and notes, and the change survives a reload', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.example');
    await nav(page).getByRole('link', { name: 'Gateways', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Gateways', level: 1 })).toBeVisible();
    for (const id of ['b0a710000001', 'b0a710000002', 'b0a710000003', 'b0a710000004']) {
      await expect(page.getByRole('link', { name: id })).toBeVisible();
    }
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'b0a710000002' }) });
    await expect(row.getByRole('cell', { name: /Main Entrance$/ })).toBeVisible();
    // Away from the sidebar link just clicked: its hover shade is the shell's, not this screen's.
    await page.getByRole('heading', { name: 'Gateways', level: 1 }).hover();
    await expectAccessible(page);

    await row.getByRole('cell', { name: 'GW2' }).click();
    await expect(page).toHaveURL(/\/gateway\/b0a710000002$/);
    await expect(page.getByRole('heading', { name: 'Gateway b0a710000002', level: 1 })).toBeVisible();
    await expect(fact(page, 'Location')).toHaveText(/Lobby › Main Entrance$/);
    await expect(page.getByText('No diagnostics reported in the last 24 hours')).toBeVisible();

    const note = unique('Behind the reception desk');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit gateway b0a710000002' });
    await dialog.getByLabel('Labels').fill('guard');
    await dialog.getByLabel('Labels').press('Enter');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill(note);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(fact(page, 'Labels')).toHaveText('guard');
    await expect(fact(page, 'Notes')).toHaveText(note);
    const commands = page.getByRole('table', { name: 'Commands' });
    await expect(commands.getByRole('cell', { name: 'Configuration' }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the batch menu offers only what SPEC §4 allows for the selection', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/gateways');
    await page.getByRole('checkbox', { name: 'Select b0a710000003' }).check();
    const bar = page.getByRole('region', { name: 'Selected rows' });
    await bar.getByRole('button', { name: 'Batch actions' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Mark lost']);
  });

  test('an RMA unassign clears the place and reaches the gateway on its next heartbeat', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/gateway/b0a710000004');
    await expect(fact(page, 'Location')).toHaveText(/Behavioral Health › Day Room$/);

    await page.getByRole('button', { name: 'Unassign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unassign gateway b0a710000004' });
    await dialog.getByRole('radio', { name: 'RMA (return for repair)' }).check();
    await expect(dialog.getByRole('button', { name: 'Unassign' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'RMA reason' }).fill('Cracked case');
    await dialog.getByRole('button', { name: 'Unassign' }).click();
    await expect(dialog).toBeHidden();

    await expect(fact(page, 'State')).toHaveText('Ready for Return');
    await expect(fact(page, 'Location')).toHaveText('Not assigned');
    await expect(fact(page, 'RMA reason')).toHaveText('Cracked case');
    const commands = page.getByRole('table', { name: 'Commands' });
    const removal = commands.getByRole('row').filter({ hasText: 'Unassign (rma)' });
    await expect(removal).toContainText('Waiting for the next heartbeat');

    const handed = await heartbeat(page, 'b0a710000004');
    expect(handed).toEqual([
      { id: expect.any(String), type: 'unassign', payload: { action: 'rma', rmaReason: 'Cracked case' } },
    ]);
    await page.reload();
    await expect(removal).toContainText('Delivered');

    await heartbeat(page, 'b0a710000004', [handed[0]!.id]);
    await page.reload();
    await expect(removal).toContainText('Confirmed');
    await expect(fact(page, 'Status')).toHaveText('Connected');
  });
});
