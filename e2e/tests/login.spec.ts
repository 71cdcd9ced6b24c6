import { expect, test } from '@playwright/test';
import { DEMO_API_KEY, attemptSignIn, expectAccessible, signIn } from '../fixtures';

test.describe('signing in (SPEC §2.3, §8)', () => {
  test('a wrong password shows the invalid-login message and keeps the user on login', async ({ page }) => {
    await attemptSignIn(page, 'admin@demo.example', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Invalid login. Please try again.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the key form keeps Sign in disabled while empty, and the demo key signs in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with an API key' }).click();
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('API key').fill(DEMO_API_KEY);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: /User menu for Demo security desk/ })).toBeVisible();
  });

  test('a wrong key is refused with the invalid-login message', async ({ page }) => {
    await page.goto('/login?method=key');
    await page.getByLabel('API key').fill('vk_not_a_key');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid login. Please try again.');
  });

  test('a noAccess user sees the no-access error page', async ({ page }) => {
    await signIn(page, 'noaccess@demo.example');
    await expect(page).toHaveURL(/\/error\/403\?noAccess=1/);
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the URL flags authError and authFail show their messages', async ({ page }) => {
    await page.goto('/login?authError=1');
    await expect(page.getByRole('alert')).toContainText(
      'Sorry, there was a problem. Please try signing in later.',
    );
    await page.goto('/login?authFail=1');
    await expect(page.getByRole('alert')).toContainText('Invalid login. Please try again.');
  });

  test('an unknown page is the 404 error page with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/error\/404/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the login page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expectAccessible(page);
  });
});
