import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { users, zones } from '../../src/db/schema';
import { orgBySlugCache } from '../../src/platform/organisations';
import { finishSignIn } from '../../src/auth/sso-finish';
import { ACME_HEADERS, getTestApp, signIn, unique, zoneIdByName } from '../helpers/app';

// Issue 17: sign-in is configured "on the organisation (or a site with its own slug)". A site's slug
// opens a login screen of its own (/login?authSlug=…, SPEC §2.3) with the site's methods; signing in
// there gives a session of the organisation, and the slug header naming the site stands for it.

let app: FastifyInstance;
let admin: Record<string, string>;
let demoOrgId: string;
const site = { id: '', slug: '', name: '' };
const otherSite = { id: '', slug: '' };
const created: string[] = [];

async function addSite(name: string, slug: string, methods: string[]): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/zones',
    headers: admin,
    payload: { name, level: 'site', parent: demoOrgId, slug, auth: { methods } },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as string;
  created.push(id);
  return id;
}

const headersFor = (slug: string) => ({ slug, domain: 'localhost' });

beforeAll(async () => {
  app = await getTestApp();
  admin = (await signIn(app, 'admin@demo.example')).headers;
  demoOrgId = await zoneIdByName(app, 'Demo Hospital');
  site.slug = unique('ward-site-');
  site.name = unique('Ward site ');
  site.id = await addSite(site.name, site.slug, ['key', 'password']);
  otherSite.slug = unique('other-site-');
  otherSite.id = await addSite(unique('Other site '), otherSite.slug, ['key']);
});

afterAll(async () => {
  await app.db.delete(users).where(inArray(users.zoneId, created));
  await app.db.delete(zones).where(inArray(zones.id, created));
  orgBySlugCache.delete();
});

describe("a site's own slug (issue 17)", () => {
  it('GET /api/auth/config?authSlug= answers the site’s methods, slug and name', async () => {
    const res = await app.inject({ url: `/api/auth/config?authSlug=${site.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ methods: ['key', 'password'], slug: site.slug, name: site.name });
  });

  it('signs staff above the site in with a password there; the site’s slug header stands for the organisation', async () => {
    const session = await signIn(app, 'admin@demo.example', site.slug);
    const me = await app.inject({ url: '/api/users/me', headers: session.headers });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ userId: 'admin@demo.example' });
    // The organisation's data, read through the site's slug.
    const orgs = await app.inject({ url: '/api/zones?level=org', headers: session.headers });
    expect(orgs.json().data.map((z: { id: string }) => z.id)).toEqual([demoOrgId]);
    // The same session's token with the organisation's own slug: one organisation, one session.
    const viaOrg = await app.inject({
      url: '/api/users/me',
      headers: { ...session.headers, slug: 'demo' },
    });
    expect(viaOrg.statusCode).toBe(200);
  });

  it('refuses at the site a user of another site of the organisation (401), and one of another organisation', async () => {
    const email = `${unique('other-site-user-')}@demo.example`;
    const made = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: {
        email,
        name: 'Other Site User',
        role: 'security',
        zone: otherSite.id,
        password: 'vigil-demo',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const atSite = await app.inject({
      method: 'POST',
      url: `/api/auth/password/${site.slug}`,
      headers: headersFor(site.slug),
      payload: { username: email, password: 'vigil-demo' },
    });
    expect(atSite.statusCode).toBe(401);
    const acme = await app.inject({
      method: 'POST',
      url: `/api/auth/password/${site.slug}`,
      headers: headersFor(site.slug),
      payload: { username: 'admin@acme.example', password: 'vigil-demo' },
    });
    expect(acme.statusCode).toBe(401);
    await app.db.delete(users).where(eq(users.email, email));
  });

  it('a single sign-on at the site ends at the site’s login screen, whose exchange gives the session', async () => {
    const [zone] = await app.db.select().from(zones).where(eq(zones.id, site.id));
    const to = new URL(
      await finishSignIn(
        app.db,
        { requestId: unique('site-sso-') },
        {
          zone: zone!,
          method: 'saml',
          email: 'security@demo.example',
          name: 'Sam Security',
          provisioning: { mode: 'existing' },
        },
      ),
      'http://vigil.test',
    );
    expect(to.searchParams.get('authSlug')).toBe(site.slug);
    // The console exchanges the code with the slug it signed in at: the site's.
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      headers: headersFor(site.slug),
      payload: { code: to.searchParams.get('authCode') },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a password at a site that does not offer it (403)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/auth/password/${otherSite.slug}`,
      headers: headersFor(otherSite.slug),
      payload: { username: 'admin@demo.example', password: 'vigil-demo' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('does not let a site’s slug reach another organisation’s session', async () => {
    const acme = await signIn(app, 'admin@acme.example', ACME_HEADERS.slug);
    const res = await app.inject({
      url: '/api/users/me',
      headers: { ...acme.headers, slug: site.slug },
    });
    // As with the organisation's own slug: another organisation's session is refused there.
    const viaOrg = await app.inject({ url: '/api/users/me', headers: { ...acme.headers, slug: 'demo' } });
    expect(viaOrg.statusCode).toBe(403);
    expect(res.statusCode).toBe(403);
  });
});
