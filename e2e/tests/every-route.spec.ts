import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { ROUTES } from '@vigil/domain/routes';
import { adminHeaders, pressTag, signIn } from '../fixtures';

// Every route of the domain's route table, opened as the demo admin, passes axe with no serious or
// critical violation, logs no error in the browser console, has no request that fails (a status of
// 400 or more, or a network failure) and names itself in the browser tab: a new screen is checked as
// soon as it is in the table. Parameters are filled from the demo organisation through the API; a
// route the admin may not open, or one not built yet, shows what the admin meets there instead (an
// error page, reached by the console's own redirect rather than a failed request), checked too.

/** A URL of the console as a path, its query kept. */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

type Ids = { alert?: string; tag?: string; gateway?: string; station?: string; asset?: string };
type Auth = Record<string, string>;

async function demoIds(page: Page, auth: Auth): Promise<Ids> {
  const first = async (path: string) =>
    ((await (await page.request.get(path, { headers: auth })).json()) as { data: { id: string }[] }).data[0]
      ?.id;
  return {
    alert: await first('/api/log/alerts?limit=1'),
    tag: await first('/api/tags?limit=1'),
    gateway: await first('/api/gateways?limit=1'),
    station: await first('/api/distribution-station?limit=1'),
    asset: await first('/api/assets?limit=1'),
  };
}

/** The paths a route stands for: its parameters filled, its optional ones left out. */
function pathsOf(path: string, ids: Ids): string[] {
  const fill = (name: string): string[] => {
    switch (name) {
      case 'type':
        return path.startsWith('/outdoor') ? ['nodes', 'bridges'] : ['tag'];
      case 'code':
        return ['403', '404'];
      case 'station':
        return [ids.station ?? 'unknown-station'];
      case 'id':
        if (path.startsWith('/alert/')) return [ids.alert ?? '00000000-0000-4000-8000-000000000000'];
        if (path.startsWith('/gateway/')) return [ids.gateway ?? '000000000000'];
        // A stored report routine: one that ships with Vigil, so its real table is checked.
        if (path.startsWith('/reports/')) return ['alerts_per_unit_per_week'];
        if (path.startsWith('/assets/')) return [ids.asset ?? '00000000-0000-4000-8000-000000000000'];
        return [ids.tag ?? '000000000000'];
      default:
        return ['unknown'];
    }
  };
  let paths = [path.replace(/\/:[A-Za-z]+\?/g, '')];
  for (const name of [...path.matchAll(/:([A-Za-z]+)(?!\?)/g)].map((m) => m[1]!)) {
    paths = paths.flatMap((p) => fill(name).map((value) => p.replace(`:${name}`, value)));
  }
  return paths;
}

/** Waits until the screen has drawn its content: its h1, and nothing loading or marked busy. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(
    page.locator(
      '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root, [role="status"]:has(.mantine-Skeleton-root)',
    ),
  ).toHaveCount(0);
}

/** Runs axe on the page as shown and adds its serious and critical violations to `problems`. */
async function audit(page: Page, path: string, problems: string[], opened = false): Promise<string> {
  if (!opened) {
    await page.goto(path);
    await settled(page);
  }
  const shown = pathOf(page.url());
  const results = await new AxeBuilder({ page }).analyze();
  for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    const targets = v.nodes.map((n) => n.target.join(' '));
    const why = v.nodes[0]?.any[0]?.message ?? v.help;
    problems.push(
      `${path} → ${shown}: ${v.id} (${v.impact}) ×${targets.length}: ${targets.slice(0, 3).join('; ')} — ${why}`,
    );
  }
  return shown;
}

/**
 * Records what goes wrong in the browser while `route()` names the route on show: console errors,
 * uncaught exceptions, answers of 400 or more and requests that fail. A request cut short because
 * the page moved on (net::ERR_ABORTED) is the navigation's doing, not a failure.
 */
function watchBrowser(page: Page, route: () => string): string[] {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`${route()}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`${route()}: uncaught ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      const request = response.request();
      failures.push(`${route()}: ${request.method()} ${pathOf(response.url())} → ${response.status()}`);
    }
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== 'net::ERR_ABORTED')
      failures.push(`${route()}: ${request.method()} ${pathOf(request.url())} → ${reason}`);
  });
  return failures;
}

test('every route of the route table passes axe, logs no error and fails no request for the demo admin', async ({
  page,
}) => {
  test.setTimeout(300_000);
  let route = '/login';
  const failures = watchBrowser(page, () => route);
  await signIn(page, 'admin@demo.example');
  // A console's first load: it registers with its first heartbeat, then its name is shown.
  route = pathOf(page.url());
  await expect(page.getByLabel('Console name')).toBeVisible();
  const auth = await adminHeaders(page);
  const problems: string[] = [];

  // An open alert first: its card on /alerts and its detail, then it is closed so that it does
  // not sound through the rest of the suite.
  const [pressed] = (await pressTag(page, 'c0ffee000002')).results;
  const alertId = pressed!.alertId!;
  route = '/alerts';
  await audit(page, '/alerts', problems);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) Alerts · Vigil$/);
  route = `/alert/${alertId}`;
  await audit(page, route, problems);
  const closed = await page.request.put(`/api/alerts/${alertId}`, {
    headers: auth,
    data: { reasonCode: 'ignored_accidental_press' },
  });
  expect(closed.status(), await closed.text()).toBe(200);

  const ids = await demoIds(page, auth);
  const paths = [...new Set(ROUTES.filter((r) => r.id !== 'login').flatMap((r) => pathsOf(r.path, ids)))];
  expect(paths.length).toBeGreaterThan(50);
  // A route not built yet, or one the admin may not open, lands on an error page: each page that
  // is finally shown is checked once.
  const checked = new Set<string>();
  for (const path of paths) {
    route = path;
    await page.goto(path);
    await settled(page);
    const shown = pathOf(page.url());
    await expect(page, `the browser tab of ${path} → ${shown}`).toHaveTitle(/^(\(\d+\) )?\S.* · Vigil$/);
    if (checked.has(shown)) continue;
    checked.add(await audit(page, path, problems, true));
  }
  // The screens the demo admin opens today, so a broken derivation cannot pass by checking nothing.
  for (const screen of [
    '/alerts',
    '/log/alerts',
    '/log/audit',
    '/zones',
    '/roles',
    '/tags',
    '/gateways',
    '/people',
    '/responders',
    '/home-visits',
    '/assets',
  ]) {
    expect([...checked].some((p) => p === screen || p.startsWith(`${screen}?`))).toBe(true);
  }
  expect(problems).toEqual([]);
  expect(failures).toEqual([]);
});
