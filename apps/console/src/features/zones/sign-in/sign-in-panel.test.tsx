import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { OidcProvider, RawRule, SamlProvider, Zone } from '@vigil/domain';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderSignedIn } from '../../../test/signed-in';
import { zoneFixture } from '../../../test/zone-fixtures';
import { DEMO_ZONES, serveZones } from '../../../test/zone-server';
import { ZonesScreen } from '../zones-screen';
import { SignInPanel } from './sign-in-panel';

const RULES: RawRule[] = [{ action: ['list', 'read', 'update', 'delete'], subject: 'Zone' }];
const ORG = zoneFixture({ id: 'org', name: 'Acme', level: 'org', slug: 'acme', auth: {}, isLeaf: false });
const WARD_ID = '5b0c9a8e-2f4d-4c1b-9e7a-3d2f1a0b9c8d';
const WARD = zoneFixture({ id: WARD_ID, name: 'Ward 3', level: 'area', parent: 'org' });
const METADATA = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.acme.example/">
  <IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/>
</EntityDescriptor>`;

const SAML: SamlProvider = {
  idp: {
    entityId: 'https://idp.acme.example/',
    ssoUrl: 'https://idp.acme.example/sso',
    certificates: [
      { subject: 'CN=idp.acme.example', fingerprintSha256: 'AB:CD:EF', notAfter: '2099-01-31T00:00:00.000Z' },
    ],
  },
  emailAttribute: 'mail',
  nameAttribute: 'displayName',
  provisioning: { mode: 'existing' },
  sp: {
    entityId: 'https://vigil.example/auth/saml/acme/metadata',
    acsUrl: 'https://vigil.example/auth/saml/acme/acs',
    metadataUrl: 'https://vigil.example/api/auth/saml/acme/metadata',
    certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
  },
  updatedAt: '2026-05-01T10:00:00.000Z',
};

const OIDC: OidcProvider = {
  issuer: 'https://accounts.google.com',
  clientId: 'client-1.apps.googleusercontent.com',
  hasSecret: true,
  allowedDomains: ['acme.example'],
  provisioning: { mode: 'existing' },
  label: 'Google',
  redirectUri: 'https://vigil.example/auth/google/acme/callback',
  discoveredAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

type Request = { method: string; path: string; body: unknown };

/**
 * The sign-in provider API of one zone over `fetch`: each provider as given (none: null, as the server answers), PUT
 * answering `answer` (the saved provider by default), DELETE forgetting it; zone PUTs echo the zone.
 */
function serveProviders(
  start: { saml?: SamlProvider; google?: OidcProvider; fail?: 'saml' | 'google' } = {},
  answer: { saml?: Response; google?: Response } = {},
) {
  const providers: { saml?: SamlProvider; google?: OidcProvider } = {
    saml: start.saml,
    google: start.google,
  };
  const requests: Request[] = [];
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    requests.push({ method, path: url.pathname, body });
    const kind = url.pathname.match(/^\/api\/zones\/org\/sign-in\/(saml|google)$/)?.[1] as
      'saml' | 'google' | undefined;
    if (kind && method === 'GET') {
      if (start.fail === kind) return json({ reason: 'Database unavailable' }, 503);
      return providers[kind] ?? null;
    }
    if (kind && method === 'PUT') {
      if (answer[kind]) return answer[kind];
      const saved = kind === 'saml' ? { ...SAML, updatedAt: '2026-05-02T10:00:00.000Z' } : OIDC;
      return saved;
    }
    if (kind && method === 'DELETE') {
      delete providers[kind];
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/zones/org' && method === 'PUT') return { ...ORG, ...(body as Partial<Zone>) };
    // The zone picker's tree: the organisation and one ward in it.
    if (url.pathname === '/api/zones' && url.searchParams.get('level') === 'org')
      return { data: [ORG], total: 1 };
    if (url.pathname === '/api/zones' && url.searchParams.get('parent') === 'org')
      return { data: [WARD], total: 1 };
    if (url.pathname === `/api/zones/${WARD_ID}`) return WARD;
    if (url.pathname === '/api/roles')
      return { data: ['admin', 'security', 'responder'].map((id) => ({ id, abilities: [] })), total: 3 };
    return json({ reason: 'Not found' }, 404);
  });
  const sent = (method: string, path: string) =>
    requests.filter((r) => r.method === method && r.path === path);
  return { fetch, requests, sent };
}

function openPanel(zone: Zone = ORG) {
  return renderSignedIn(<SignInPanel zone={zone} />, { rules: RULES });
}

afterEach(() => notifications.clean());

describe('SignInPanel — SAML', () => {
  it('saves the pasted metadata, the attribute names and the provisioning, then shows what Vigil read', async () => {
    const server = serveProviders();
    openPanel();

    expect(await screen.findByText(/Not set up\. Paste or upload/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/^Identity provider metadata/));
    await userEvent.paste(METADATA);
    const email = screen.getByLabelText('E-mail attribute');
    await userEvent.clear(email);
    await userEvent.type(email, 'mail');
    await userEvent.click(screen.getByRole('button', { name: 'Save SAML' }));

    expect(await screen.findByText('SAML sign-in saved')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/zones/org/sign-in/saml').map((r) => r.body)).toEqual([
      {
        metadataXml: METADATA,
        emailAttribute: 'mail',
        nameAttribute: 'displayName',
        provisioning: { mode: 'existing' },
      },
    ]);
    // The IdP as the server read it, and Vigil's side for the hospital's IT, each with a copy button.
    expect(await screen.findByText('https://idp.acme.example/sso')).toBeInTheDocument();
    expect(screen.getByText('CN=idp.acme.example')).toBeInTheDocument();
    expect(screen.getByText(/^Expires /)).toBeInTheDocument();
    expect(screen.getByText(SAML.sp.acsUrl)).toBeInTheDocument();
    for (const name of ['entity id', 'assertion consumer service url', 'metadata url', 'certificate'])
      expect(screen.getByRole('button', { name: `Copy ${name}` })).toBeInTheDocument();
    // The form starts again from what was saved, the metadata box empty: left so, the IdP is kept.
    expect(screen.getByLabelText(/^Identity provider metadata/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Remove SAML' })).toBeInTheDocument();
  });

  it('changes the provisioning of a provider set up without pasting the metadata again', async () => {
    const server = serveProviders({ saml: SAML });
    openPanel();

    const metadata = await screen.findByLabelText(/^Identity provider metadata/);
    expect(metadata).not.toBeRequired();
    expect(metadata).toHaveAccessibleDescription(expect.stringContaining('Leave it empty to keep'));
    const saml = screen.getByRole('region', { name: 'Single sign-on (SAML)' });
    await userEvent.click(within(saml).getByLabelText('Create their user'));
    await userEvent.click(within(saml).getByRole('combobox', { name: /^Role of a created user/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'security' }));
    await userEvent.click(within(saml).getByRole('button', { name: 'Save SAML' }));

    expect(await screen.findByText('SAML sign-in saved')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/zones/org/sign-in/saml').map((r) => r.body)).toEqual([
      {
        emailAttribute: SAML.emailAttribute,
        nameAttribute: SAML.nameAttribute,
        provisioning: { mode: 'create', role: 'security', location: [] },
      },
    ]);
  });

  it('reads an uploaded metadata file and creates new users with a role and a location', async () => {
    const server = serveProviders();
    openPanel();

    const file = new File([METADATA], 'idp-metadata.xml', { type: 'text/xml' });
    // Mantine's file field is a button over a hidden file input, which is what takes the file.
    await screen.findByRole('button', { name: 'Or upload the metadata file' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
    await waitFor(() => expect(screen.getByLabelText(/^Identity provider metadata/)).toHaveValue(METADATA));
    const saml = screen.getByRole('region', { name: 'Single sign-on (SAML)' });
    await userEvent.click(within(saml).getByLabelText('Create their user'));
    await userEvent.click(within(saml).getByRole('combobox', { name: /^Role of a created user/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'security' }));
    await userEvent.click(within(saml).getByRole('button', { name: 'Add a location' }));
    await userEvent.click(await screen.findByText('Ward 3'));
    expect(await within(saml).findByRole('button', { name: 'Remove location Ward 3' })).toBeInTheDocument();
    await userEvent.click(within(saml).getByRole('button', { name: 'Save SAML' }));

    await screen.findByText('SAML sign-in saved');
    expect(server.sent('PUT', '/api/zones/org/sign-in/saml')[0]?.body).toMatchObject({
      metadataXml: METADATA,
      provisioning: { mode: 'create', role: 'security', location: [WARD_ID] },
    });
  });

  it('refuses to save without metadata, on the field, without asking the server', async () => {
    const server = serveProviders();
    openPanel();

    await userEvent.click(await screen.findByRole('button', { name: 'Save SAML' }));

    expect(screen.getByLabelText(/^Identity provider metadata/)).toHaveAccessibleDescription(
      expect.stringContaining('Paste or upload the identity provider’s metadata'),
    );
    expect(server.sent('PUT', '/api/zones/org/sign-in/saml')).toEqual([]);
  });

  it('shows the server’s refusal on the field it names', async () => {
    serveProviders(
      {},
      { saml: json({ reason: 'The metadata names no signing certificate', field: 'metadataXml' }, 400) },
    );
    openPanel();

    await userEvent.click(await screen.findByLabelText(/^Identity provider metadata/));
    await userEvent.paste(METADATA);
    await userEvent.click(screen.getByRole('button', { name: 'Save SAML' }));

    await waitFor(() =>
      expect(screen.getByLabelText(/^Identity provider metadata/)).toHaveAccessibleDescription(
        expect.stringContaining('The metadata names no signing certificate'),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes the provider after a confirmation', async () => {
    const server = serveProviders({ saml: SAML });
    openPanel();

    await userEvent.click(await screen.findByRole('button', { name: 'Remove SAML' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove SAML sign-in' });
    expect(server.sent('DELETE', '/api/zones/org/sign-in/saml')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('SAML sign-in removed')).toBeInTheDocument();
    expect(server.sent('DELETE', '/api/zones/org/sign-in/saml')).toHaveLength(1);
    expect(await screen.findByText(/Not set up\. Paste or upload/)).toBeInTheDocument();
  });

  it('says when the SAML settings cannot be loaded, and offers to retry', async () => {
    serveProviders({ fail: 'saml' });
    openPanel();

    expect(await screen.findByText('Could not load the SAML settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('SignInPanel — OpenID', () => {
  it('never shows the secret, and saves without one unless it is replaced', async () => {
    const server = serveProviders({ google: OIDC });
    openPanel();

    expect(await screen.findByText('Secret: set')).toBeInTheDocument();
    expect(screen.queryByLabelText(/client secret/i)).not.toBeInTheDocument();
    expect(screen.getByText(OIDC.redirectUri)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy redirect uri' })).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('combobox', { name: /^Allowed e-mail domains/ }),
      'north.acme.example{Enter}',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenID' }));

    await screen.findByText('OpenID sign-in saved');
    const [first] = server.sent('PUT', '/api/zones/org/sign-in/google');
    expect(first?.body).toEqual({
      issuer: OIDC.issuer,
      clientId: OIDC.clientId,
      allowedDomains: ['acme.example', 'north.acme.example'],
      provisioning: { mode: 'existing' },
    });
    expect(first?.body).not.toHaveProperty('clientSecret');

    await userEvent.click(screen.getByRole('button', { name: 'Replace secret' }));
    await userEvent.type(screen.getByLabelText(/^New client secret/), 'new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenID' }));
    await waitFor(() => expect(server.sent('PUT', '/api/zones/org/sign-in/google')).toHaveLength(2));
    expect(server.sent('PUT', '/api/zones/org/sign-in/google')[1]?.body).toMatchObject({
      clientSecret: 'new-secret',
    });
  });

  it('refuses a provider without an allowed domain on that field', async () => {
    const server = serveProviders();
    openPanel();

    await userEvent.type(await screen.findByRole('textbox', { name: /^Client id/ }), 'client-2');
    await userEvent.type(screen.getByLabelText(/^Client secret/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save OpenID' }));

    expect(screen.getByRole('combobox', { name: /^Allowed e-mail domains/ })).toHaveAccessibleDescription(
      expect.stringContaining('Allow at least one e-mail domain'),
    );
    expect(server.sent('PUT', '/api/zones/org/sign-in/google')).toEqual([]);
  });
});

describe('SignInPanel — methods', () => {
  it('saves the methods in the order set with the keyboard', async () => {
    const server = serveProviders({ saml: SAML });
    openPanel(zoneFixture({ ...ORG, auth: { methods: ['password', 'key'] } }));

    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Single sign-on (SAML)' })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Single sign-on (SAML)' }));
    const up = screen.getByRole('button', { name: 'Move Single sign-on (SAML) up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    // The moved row's button keeps the focus, so the next press moves it again.
    expect(screen.getByRole('button', { name: 'Move Single sign-on (SAML) up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // At the top its up button is off: the focus goes to its down button.
    expect(screen.getByRole('button', { name: 'Move Single sign-on (SAML) up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Single sign-on (SAML) down' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Sign-in methods in order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Single sign-on (SAML)',
      'Email and password',
      'API key',
      expect.stringMatching(/^OpenID \(Google\)/),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save methods' }));

    expect(await screen.findByText('Sign-in methods saved')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/zones/org').map((r) => r.body)).toEqual([
      { auth: { methods: ['saml', 'password', 'key'] } },
    ]);
  });

  it('does not let a single sign-on be turned on before its provider is set up', async () => {
    serveProviders({ saml: SAML });
    openPanel();

    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Single sign-on (SAML)' })).toBeEnabled(),
    );
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'OpenID (Google)' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Email and password' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save methods' })).toBeDisabled();
  });
});

describe('ZonesScreen sign-in panel', () => {
  it('is shown for the organisation to a caller who may update zones', async () => {
    serveZones(DEMO_ZONES);
    renderSignedIn(<ZonesScreen />, { rules: RULES, path: '/zones?zone=org' });

    expect(await screen.findByRole('heading', { name: 'Sign-in', level: 3 })).toBeInTheDocument();
  });

  it('is not shown for a site without its own slug', async () => {
    serveZones(DEMO_ZONES);
    renderSignedIn(<ZonesScreen />, { rules: RULES, path: '/zones?zone=site-annex' });

    expect(await screen.findByRole('heading', { name: 'Annex', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign-in' })).not.toBeInTheDocument();
  });

  it('is shown for a site with its own slug, and not to a caller who may only read zones', async () => {
    const zones = DEMO_ZONES.map((z) => (z.id === 'site-annex' ? { ...z, slug: 'annex' } : z));
    serveZones(zones);
    const first = renderSignedIn(<ZonesScreen />, { rules: RULES, path: '/zones?zone=site-annex' });
    expect(await screen.findByRole('heading', { name: 'Sign-in', level: 3 })).toBeInTheDocument();
    first.unmount();

    serveZones(zones);
    renderSignedIn(<ZonesScreen />, {
      rules: [{ action: ['list', 'read'], subject: 'Zone' }],
      path: '/zones?zone=site-annex',
    });
    expect(await screen.findByRole('heading', { name: 'Annex', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign-in' })).not.toBeInTheDocument();
  });
});
