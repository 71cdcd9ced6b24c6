import { expect, test, type Page } from '@playwright/test';
import { createUser, pressTag, setEscalationDelay, signIn } from '../fixtures';

// The alert path: a press on a tag reaches the console, sounds, is acknowledged and closed.
// Each test uses its own demo tag and closes its alert, so the next test starts quiet.

/** Whether the alarm is audible: an audio element of the page is playing. */
const alarmPlaying = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('audio')].some((a) => !a.paused && a.volume > 0));

async function closeAlert(page: Page, person: string, reason = 'False alarm') {
  const card = page.getByRole('article', { name: new RegExp(`alert: ${person}`, 'i') });
  await card.getByRole('button', { name: `Close alert for ${person}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Close alert' });
  await dialog.getByLabel('Reason').selectOption({ label: reason });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
}

test.describe('the alert path', () => {
  test('a press appears without reload, sounds, is acknowledged and closed with incident details', async ({
    page,
  }) => {
    await signIn(page, await createUser(page, 'security'));
    await expect(page).toHaveURL(/\/alerts/);
    await expect(page.getByText('No active alerts')).toBeVisible();

    await pressTag(page, 'c0ffee000002'); // Blake Chen, ED Nurses Station
    const card = page.getByRole('article', { name: /Alert: Blake Chen at .*ED Nurses Station/ });
    await expect(card).toBeVisible();
    await expect.poll(() => alarmPlaying(page)).toBe(true);

    await card.getByRole('button', { name: 'Acknowledge alert for Blake Chen' }).click();
    await expect(card.getByText(/Acknowledged by/)).toBeVisible();
    await expect.poll(() => alarmPlaying(page)).toBe(false);

    await card.getByRole('button', { name: 'Close alert for Blake Chen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close alert' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Incident handled' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Please answer all questions')).toBeVisible();
    await dialog
      .getByRole('radiogroup', { name: 'What kind of incident was it?' })
      .getByLabel('Verbal')
      .check();
    await dialog.getByRole('radiogroup', { name: 'Who was the source?' }).getByLabel('Patient').check();
    await dialog
      .getByRole('radiogroup', { name: 'Was anyone injured?' })
      .getByLabel('No', { exact: true })
      .check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No active alerts')).toBeVisible();
  });

  test('a danger alert shows its banner, which stays after escalation', async ({ page }) => {
    await setEscalationDelay(page, 'Behavioral Health', 5);
    await signIn(page, await createUser(page, 'security'));
    await pressTag(page, 'c0ffee000005', 'activeShooter'); // Emery Johnson, Day Room
    const card = page.getByRole('article', { name: /Danger alert: Emery Johnson/ });
    await expect(card).toBeVisible();
    const banner = page
      .getByRole('region', { name: 'Warnings' })
      .getByRole('alert')
      .filter({ hasText: 'Active shooter' });
    await expect(banner).toContainText('Day Room');
    // Behavioral Health escalates after 5 s: the banner must still be there once the alert escalates.
    await expect(card.getByText('Escalated')).toBeVisible({ timeout: 15_000 });
    await expect(banner).toBeVisible();
    await closeAlert(page, 'Emery Johnson');
    await expect(banner).toHaveCount(0);
  });

  test('a console of the other organisation neither shows nor sounds anything', async ({ page, browser }) => {
    const acme = await browser.newPage();
    await signIn(acme, 'admin@acme.example', undefined, '/login?authSlug=acme');
    await expect(acme).toHaveURL(/\/alerts/);
    await signIn(page, await createUser(page, 'security'));

    await pressTag(page, 'c0ffee000006'); // Finley Brooks, demo
    await expect(page.getByRole('article', { name: /Alert: Finley Brooks/ })).toBeVisible();
    await acme.waitForTimeout(3000); // two polls and the stream
    await expect(acme.getByText('No active alerts')).toBeVisible();
    expect(await alarmPlaying(acme)).toBe(false);
    await closeAlert(page, 'Finley Brooks');
    await acme.close();
  });

  test('with the event stream cut, polling still delivers a press within seconds', async ({ page }) => {
    await page.route('**/api/events**', (route) => route.abort());
    await signIn(page, await createUser(page, 'security'));
    await expect(page.getByText('No active alerts')).toBeVisible();
    await pressTag(page, 'c0ffee000004'); // Drew Patel
    await expect(page.getByRole('article', { name: /Alert: Drew Patel/ })).toBeVisible({ timeout: 3000 });
    await closeAlert(page, 'Drew Patel');
  });

  test('a new alert brings the user from another screen to the alerts screen', async ({ page }) => {
    await signIn(page, await createUser(page, 'security'));
    await expect(page.getByText('No active alerts')).toBeVisible();
    await page.getByRole('link', { name: 'Zones', exact: true }).click();
    await expect(page).toHaveURL(/\/zones/);
    await pressTag(page, 'c0ffee000007'); // Gray Santos
    await expect(page).toHaveURL(/\/alerts/);
    await closeAlert(page, 'Gray Santos');
  });
});
