import { expect, test, type Page } from '@playwright/test';
import { signIn, signOut } from '../fixtures';

// Every demo login, signed in as a person would: each lands somewhere it can act from. A role with
// no screen yet (the kiosk roles, noAccess) meets an error page that offers a way out (sign out;
// its start page only when it has one) and never a link back to the page itself.

const LOGINS = [
  { email: 'admin@demo.example', path: '/login' },
  { email: 'security@demo.example', path: '/login' },
  { email: 'noaccess@demo.example', path: '/login' },
  { email: 'distribution@demo.example', path: '/login' },
  { email: 'warehouse@demo.example', path: '/login' },
  { email: 'factory@demo.example', path: '/login' },
  { email: 'admin@acme.example', path: '/login?authSlug=acme' },
  { email: 'superadmin@vigil.example', path: '/login' },
];

/** The page's path with its query, as the address bar shows it. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

for (const { email, path } of LOGINS) {
  test(`${email} lands on a page with a way forward, never one that links to itself`, async ({ page }) => {
    await signIn(page, email, undefined, path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const landed = here(page);

    // No link of the main content leads back to where the user already is.
    const targets = await main
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(targets.filter((target) => target === new URL(page.url()).pathname)).toEqual([]);

    if (landed.startsWith('/error/')) {
      // The way out is offered on the page itself, and the header stays.
      await expect(page.getByRole('banner')).toBeVisible();
      const start = main.getByRole('link', { name: 'Go to your start page' });
      if (await start.count()) {
        await start.click();
        await expect(page).not.toHaveURL(new RegExp(`${landed.replace(/[?]/g, '\\?')}$`));
        return;
      }
      await main.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/login/);
      return;
    }
    if (/^\/(distribution|warehouse|factory)/.test(landed)) {
      // A kiosk (SPEC §2.5) has no user menu: its own sign-out (SPEC §6 kioskLogout, on in the demo;
      // always for the factory's and the warehouse's users).
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/login/);
      return;
    }
    await signOut(page);
  });
}
