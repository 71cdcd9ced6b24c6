import { expect, test, type Page } from '@playwright/test';
import { createUser, signIn } from '../fixtures';

// Density at a common laptop size, 1366 × 768: the tag list shows at least ten rows on one screen,
// each on one line (a long location is cut, whole on hover), and no list's search placeholder is
// cut. Signed in as a new admin, whose welcome note is closed without changing what others see.

test.use({ viewport: { width: 1366, height: 768 } });

/** The list screens with the shared data table's search box. */
const LISTS = [
  '/tags',
  '/gateways',
  '/people',
  '/users',
  '/keys',
  '/distribution-stations',
  '/consoles',
  '/log/alerts',
  '/log/sync',
  '/log/audit',
  '/log/batch',
];

async function signInAsNewAdmin(page: Page) {
  await signIn(page, await createUser(page, 'admin'));
  await page.getByRole('button', { name: 'Close note: Welcome to Vigil' }).click();
}

/**
 * The rows of the main table a person sees without scrolling: both the top and the bottom of the
 * row are on screen and not under something fixed (the status bar at the foot of the window).
 */
function rowsOnScreen(page: Page) {
  return page.locator('main table tbody tr').evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        const x = box.left + Math.min(box.width / 2, 40);
        return [box.top + 2, box.bottom - 2].every((y) => {
          if (y < 0 || y > window.innerHeight) return false;
          const hit = document.elementFromPoint(x, y);
          return !!hit && row.contains(hit);
        });
      }).length,
  );
}

test('the tag list shows at least ten one-line rows at 1366 × 768', async ({ page }) => {
  await signInAsNewAdmin(page);
  await page.goto('/tags');
  await expect(page.getByRole('cell', { name: 'c0ffee000001', exact: true })).toBeVisible();

  expect(await rowsOnScreen(page)).toBeGreaterThanOrEqual(10);
  // One line each: no row taller than one line of text and its padding.
  const heights = await page
    .locator('main table tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(44);

  // The demo's locations are longer than their column: cut on screen, whole on hover and in the text.
  const location = page.locator('main table tbody tr').first().locator('td [title]').first();
  const { title, text, cut } = await location.evaluate((el) => ({
    title: el.getAttribute('title'),
    text: el.textContent,
    cut: el.scrollWidth > el.clientWidth,
  }));
  expect(title).toMatch(/ › /);
  expect(text).toBe(title);
  expect(cut).toBe(true);
});

test('every list’s search placeholder fits its box at 1366 × 768', async ({ page }) => {
  await signInAsNewAdmin(page);
  for (const path of LISTS) {
    await page.goto(path);
    const search = page.getByRole('textbox', { name: 'Search' });
    await expect(search).toBeVisible();
    // The list's rows or its empty state: the page has its final layout (and scroll bar).
    await expect(page.locator('main table tbody tr, main .mantine-EmptyState-root').first()).toBeVisible();
    // scrollWidth does not count a placeholder, so measure its text in the input's own font
    // against the width the input leaves for text (inside its padding and icon).
    const fit = await search.evaluate(async (input: HTMLInputElement) => {
      await document.fonts.ready;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        placeholder: input.placeholder,
        text: Math.ceil(context.measureText(input.placeholder).width),
        room: Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
      };
    });
    expect(fit.placeholder, path).not.toBe('');
    expect(fit.text, `${path}: '${fit.placeholder}'`).toBeLessThanOrEqual(fit.room);
  }
});
