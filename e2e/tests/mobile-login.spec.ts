import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, signIn } from '../fixtures';

// Issue 17 'Mobile QR login' (SPEC §2.6, §7): an admin of a zone with the showProtectAppQrLogin flag
// opens 'Login to mobile' from the user menu and sees a QR code; the token it holds (read from the
// console's request, as the picture is a QR code) signs a phone in once, and not twice.

const QR_NAME = 'QR code to sign in on the mobile app';

/** The demo organisation's zone id and whether its showProtectAppQrLogin flag is on. */
async function demoOrg(page: Page, auth: Record<string, string>) {
  const orgs = (await (await page.request.get('/api/zones?level=org', { headers: auth })).json()) as {
    data: { id: string; config?: { featureFlags?: Record<string, boolean> } }[];
  };
  const org = orgs.data[0]!;
  return { id: org.id, flagWasOn: org.config?.featureFlags?.showProtectAppQrLogin === true };
}

/** Turns the flag on (true) or back to unset (null), by JSON merge patch. */
async function setQrFlag(page: Page, auth: Record<string, string>, zoneId: string, on: true | null) {
  const res = await page.request.put(`/api/zones/${zoneId}`, {
    headers: auth,
    data: { config: { featureFlags: { showProtectAppQrLogin: on } } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an admin shows a QR code whose token signs the mobile app in once', async ({ page }) => {
  const auth = await adminHeaders(page);
  const org = await demoOrg(page, auth);
  if (!org.flagWasOn) await setQrFlag(page, auth, org.id, true);
  try {
    // Signed in after the flag is on: the console reads the flags at sign-in.
    await signIn(page, 'admin@demo.example');
    await page.getByRole('button', { name: /User menu/ }).click();
    const issued = page.waitForResponse(
      (res) => res.url().endsWith('/api/auth/mobile-token') && res.request().method() === 'POST',
    );
    // Chosen with the keyboard: the menu item answers Enter.
    await page.getByRole('menuitem', { name: 'Login to mobile' }).press('Enter');
    const response = await issued;
    expect(response.status()).toBe(200);
    const { token, expiresAt } = (await response.json()) as { token: string; expiresAt: string };

    const dialog = page.getByRole('dialog', { name: 'Login to mobile' });
    const code = dialog.getByRole('img', { name: QR_NAME });
    await expect(code).toBeVisible();
    expect(await code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect(dialog.getByRole('timer')).toHaveText(/^Valid for \d+ s$/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    await expectAccessible(page);

    // The phone: the token as the bearer of the ordinary token request, once.
    const phone = { slug: 'demo', domain: '127.0.0.1', authorization: `Bearer ${token}` };
    const first = await page.request.get('/api/auth/token', { headers: phone });
    expect(first.status(), await first.text()).toBe(200);
    const session = (await first.json()) as { access: { token: string } };
    const me = await page.request.get('/api/users/me', {
      headers: { slug: 'demo', domain: '127.0.0.1', authorization: `Bearer ${session.access.token}` },
    });
    expect(((await me.json()) as { userId: string }).userId).toBe('admin@demo.example');
    const second = await page.request.get('/api/auth/token', { headers: phone });
    expect(second.status()).toBe(401);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  } finally {
    if (!org.flagWasOn) await setQrFlag(page, auth, org.id, null);
  }
});
