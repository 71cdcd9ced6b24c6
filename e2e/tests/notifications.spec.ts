import { expect, test, type Page } from '@playwright/test';
import { ALERT_LINK_MESSAGES } from '@vigil/domain';
import { DEMO_GATEWAY, DEMO_GATEWAY_KEY, PASSWORD, expectAccessible, signIn } from '../fixtures';
import { startOwnServer, startPeerProcess, stop, type OwnServer, type PeerProcess } from '../peer-processes';

// Issue 16's journey: "an admin subscribes a contact to help alerts in a building; a press in that
// building puts an e-mail in the local SMTP inbox within a second; opening its link signed out shows
// the alert and acknowledges it; the console then shows it acknowledged by that contact." The
// suite's server (playwright.config.ts) has no notification channel; this file starts a deployment
// of its own whose e-mail channel is the API tests' SMTP peer on 127.0.0.1, run as a process
// (apps/server/test/helpers/notify-peers-main.ts), and whose PUBLIC_URL is its own address, so the
// e-mail's link opens this server.

const CONTACT = 'Ward desk';
/** How the contact reads as a recipient: its name and its kind (domain recipientLabel). */
const RECIPIENT = `${CONTACT} (E-mail)`;
const ADDRESS = 'ward-desk@hospital.test';
const TAG = 'c0ffee000001'; // Alex Rivera, heard by b0a710000001 in North Tower › Floor 1
const PERSON = 'Alex Rivera';
const BADGE = 'Badge 1';
/** Where its alert is: the gateway's area (ED Room 101). */
const LOCATION = 'Main Campus › North Tower › Floor 1 › Emergency Department › ED Room 101';

type SmtpEnv = { NOTIFY_SMTP_HOST: string; NOTIFY_SMTP_PORT: string; NOTIFY_SMTP_FROM: string };
/** One message of GET {peers}/mail; `receivedAt` is when the peer accepted it (epoch ms). */
type Mail = { to: string[]; subject: string; text: string; messageId: string; receivedAt: number };

let peers: PeerProcess<SmtpEnv>;
let server: OwnServer;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  peers = await startPeerProcess<SmtpEnv>('apps/server/test/helpers/notify-peers-main.ts');
  server = await startOwnServer('notifications', (own) => ({ ...peers.env, PUBLIC_URL: own }));
  base = server.base;
});

test.afterAll(async () => {
  await server?.stop();
  await stop(peers?.process);
});

/** The demo admin's API headers on this file's server. */
async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const login = await page.request.post(`${base}/api/auth/password/demo`, {
    headers,
    data: { username: 'admin@demo.example', password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

/** One press of `tag` through the device ingest API of this file's server, as the demo gateway sends it. */
async function pressTag(page: Page, tag: string): Promise<string> {
  const res = await page.request.post(`${base}/api/ingest/button-events`, {
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}` },
    data: {
      gateway: DEMO_GATEWAY,
      buttonEvents: [
        {
          tag,
          nonce: `${Date.now()}-${Math.random()}`,
          events: [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }],
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { results } = (await res.json()) as { results: { alertId?: string; status: string }[] };
  expect(results[0]?.alertId, JSON.stringify(results)).toBeTruthy();
  return results[0]!.alertId!;
}

/** The messages the SMTP peer accepted so far. */
async function inbox(): Promise<Mail[]> {
  return (await fetch(`${peers.origin}/mail`)).json() as Promise<Mail[]>;
}

/** The help alert e-mail about `person` sent to `address`, once the SMTP peer has it. */
async function helpMailFor(address: string, person: string): Promise<Mail> {
  const find = (mail: Mail[]) =>
    mail.find((m) => m.to.includes(address) && m.subject.startsWith(`HELP alert: ${person} — `));
  await expect.poll(async () => find(await inbox()), { timeout: 10_000 }).toBeDefined();
  return find(await inbox())!;
}

test('a press in a subscribed building e-mails the contact, whose link shows and acknowledges the alert', async ({
  page,
  browser,
}) => {
  // 1. The admin subscribes a contact to help alerts created in North Tower.
  await signIn(page, 'admin@demo.example', PASSWORD, `${base}/login`);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Subscriptions', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add subscription' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add subscription' });
  await add.getByRole('radio', { name: 'A contact' }).check();
  await add.getByRole('textbox', { name: 'Contact name' }).fill(CONTACT);
  await add.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'E-mail', exact: true }).click();
  await expect(add.getByRole('combobox', { name: 'Kind' })).toHaveValue('E-mail');
  await add.getByRole('textbox', { name: 'Address' }).fill(ADDRESS);
  // In the zone picker a click picks: Main Campus is opened from the keyboard instead.
  await add.getByRole('button', { name: 'Zone' }).click();
  const tree = page.getByRole('tree', { name: 'Zone' });
  const campus = tree.getByRole('treeitem', { name: 'Main Campus', exact: true });
  await campus.focus();
  await page.keyboard.press('ArrowRight');
  await expect(campus).toHaveAttribute('aria-expanded', 'true');
  await tree.getByText('North Tower', { exact: true }).click();
  await expect(add.getByRole('button', { name: 'Zone' })).toHaveText('North Tower');
  // Help only, when an alert is created.
  await add.getByRole('checkbox', { name: 'Help' }).check();
  await add.getByRole('checkbox', { name: 'Danger' }).uncheck();
  await add.getByRole('checkbox', { name: 'Test' }).uncheck();
  await add.getByRole('checkbox', { name: 'Alert created' }).check();
  for (const other of ['Alert escalated', 'Still unacknowledged', 'Alert closed'])
    await expect(add.getByRole('checkbox', { name: other })).not.toBeChecked();
  await add.getByRole('button', { name: 'Add subscription' }).click();
  await expect(add).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: CONTACT });
  await expect(row).toHaveCount(1);
  for (const shown of [ADDRESS, 'North Tower', 'Help', 'Alert created', 'Active'])
    await expect(row).toContainText(shown);
  await expect(row).not.toContainText('Danger');

  // 2. A press in North Tower: the contact's e-mail is in the SMTP inbox within a second.
  let alertId: string | undefined;
  const visitor = await browser.newContext();
  try {
    const postedAt = Date.now();
    alertId = await pressTag(page, TAG);
    const mail = await helpMailFor(ADDRESS, PERSON);
    const took = mail.receivedAt - postedAt;
    test.info().annotations.push({ type: 'press → e-mail accepted', description: `${took} ms` });
    expect(
      took,
      `issue 16: a press puts the e-mail in the local SMTP inbox within a second; it took ${took} ms`,
    ).toBeLessThan(1000);
    expect(mail.subject).toBe(`HELP alert: ${PERSON} — ${LOCATION}`);
    expect(mail.text).toContain(`Who: ${PERSON} (tag ${TAG})`);
    expect(mail.text).toContain(`Where: ${LOCATION}`);

    // 3. Its link, opened signed out, shows the alert and acknowledges it in the contact's name.
    const link = /^Open the alert: (\S+)$/m.exec(mail.text)?.[1];
    expect(link, mail.text).toMatch(new RegExp(`^${base.replace(/\./g, '\\.')}/link/a/[A-Za-z0-9_-]{43}$`));
    const phone = await visitor.newPage();
    await phone.goto(link!);
    await expect(phone.getByRole('heading', { name: PERSON, level: 1 })).toBeVisible();
    await expect(phone.getByText('Help', { exact: true })).toBeVisible();
    await expect(phone.getByText(`Tag ${BADGE}`, { exact: true })).toBeVisible();
    await expect(phone.getByText(LOCATION, { exact: true })).toBeVisible();
    await expect(phone.getByText('Floor 1 · Emergency Department', { exact: true })).toBeVisible();
    await expect(phone.getByText(`Sent to ${RECIPIENT}.`)).toBeVisible();
    await expectAccessible(phone);
    await phone.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(phone.getByText(`Acknowledged by ${RECIPIENT} (alert link) at `)).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

    // 4. The admin's console shows the alert acknowledged by that contact, and the e-mail delivered.
    await nav.getByRole('link', { name: 'Alerts', exact: true }).click();
    const card = page.getByRole('article', { name: new RegExp(`Alert: ${PERSON}`) });
    await card.getByRole('link', { name: `Details of the alert for ${PERSON}` }).click();
    await expect(page).toHaveURL(`${base}/alert/${alertId}`);
    const fact = (text: RegExp) => page.getByRole('definition').filter({ hasText: text });
    const by = `${RECIPIENT} (alert link)`.replace(/[()]/g, '\\$&');
    await expect(fact(new RegExp(`^Acknowledged by ${by}, `))).toBeVisible(); // Status
    await expect(fact(new RegExp(`^${by}, `))).toBeVisible(); // Acknowledged
    const deliveries = page.getByRole('table', { name: 'Notifications' });
    const delivery = deliveries.getByRole('row').filter({ hasText: ADDRESS });
    await expect(delivery).toHaveCount(1);
    for (const shown of [RECIPIENT, 'Alert created · Help', 'E-mail', 'Delivered'])
      await expect(delivery).toContainText(shown);
  } finally {
    await visitor.close();
    // 5. Closed through the API, as a test's alert is.
    if (alertId) {
      const closed = await page.request.put(`${base}/api/alerts/${alertId}`, {
        headers: await adminHeaders(page),
        data: { reasonCode: 'ignored_accidental_press' },
      });
      expect(closed.status(), await closed.text()).toBe(200);
    }
  }
});

test('a wrong alert link, opened signed out, says the link is not valid', async ({ page }) => {
  await page.goto(`${base}/link/a/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link is not valid', level: 1 })).toBeVisible();
  await expect(page.getByText(ALERT_LINK_MESSAGES.invalid)).toBeVisible();
  await expectAccessible(page);
});
