import { randomUUID } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import * as oidc from 'openid-client';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from '../helpers/oidc-peer';
import { startSamlIdp, type SamlIdp, type SamlResponseOverrides } from '../helpers/saml-idp';

// Proves the local identity providers of issue 17 (test/helpers/saml-idp.ts, test/helpers/oidc-peer.ts)
// against the libraries Vigil's SP side uses: @node-saml/node-saml accepts the IdP's honest response
// and refuses each forged one; openid-client 6 completes a PKCE code flow with the OpenID peer.
// No Vigil route is involved: the SP here is a few lines over node-saml, which also shows what
// node-saml leaves to its caller (Recipient/Destination, assertion ids once, who the user is).

const SP_ENTITY_ID = 'http://127.0.0.1:9/api/auth/saml/demo/metadata';
const ACS_URL = 'http://127.0.0.1:9/api/auth/saml/demo/acs';
const KNOWN_USERS = new Set(['admin@demo.example', 'nurse@demo.example']);

/** node-saml's request-id cache, in memory (Vigil keeps it in the database). */
class MapCache implements CacheProvider {
  private readonly items = new Map<string, string>();
  async saveAsync(key: string, value: string) {
    this.items.set(key, value);
    return { value, createdAt: Date.now() };
  }
  async getAsync(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeAsync(key: string | null) {
    if (key === null) return null;
    const value = this.items.get(key) ?? null;
    this.items.delete(key);
    return value;
  }
}

/** A minimal SP: node-saml with InResponseTo always checked, plus the checks node-saml does not make. */
function testSp(idpCert: string, entryPoint: string) {
  let lastRequestId = '';
  const usedAssertionIds = new Set<string>();
  const saml = new SAML({
    callbackUrl: ACS_URL,
    entryPoint,
    issuer: SP_ENTITY_ID,
    audience: SP_ENTITY_ID,
    idpCert,
    wantAssertionsSigned: true,
    // samlify signs the assertion, not the response: node-saml's default (true) would refuse that.
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: new MapCache(),
    acceptedClockSkewMs: 30_000,
    generateUniqueId: () => (lastRequestId = `_${randomUUID()}`),
  });
  return {
    saml,
    /** Issues an AuthnRequest (recorded in the cache) and answers its ID. */
    async requestId(): Promise<string> {
      await saml.getAuthorizeUrlAsync('', undefined, {});
      return lastRequestId;
    },
    /** The signed-in e-mail, or a throw saying why not. */
    async accept(samlResponse: string): Promise<{ email: string; profile: Profile }> {
      const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
      if (!profile) throw new Error('no profile');
      // node-saml checks neither Destination nor Recipient: read Recipient from the verified assertion.
      const assertion = profile.getAssertionXml?.() ?? '';
      const recipient = /<(?:\w+:)?SubjectConfirmationData\b[^>]*\bRecipient="([^"]*)"/.exec(assertion)?.[1];
      if (recipient !== ACS_URL) throw new Error(`Recipient mismatch: ${recipient}`);
      const destination = /^<(?:\w+:)?Response\b[^>]*\bDestination="([^"]*)"/.exec(
        Buffer.from(samlResponse, 'base64').toString('utf8'),
      )?.[1];
      if (destination !== undefined && destination !== ACS_URL) throw new Error('Destination mismatch');
      // Nor does it remember assertions: each id once (Vigil: in the database).
      const assertionId = /<(?:\w+:)?Assertion\b[^>]*\bID="([^"]*)"/.exec(assertion)?.[1];
      if (!assertionId) throw new Error('no assertion ID');
      if (usedAssertionIds.has(assertionId)) throw new Error('assertion already used');
      usedAssertionIds.add(assertionId);
      const email = String(profile.email ?? profile.nameID);
      if (!KNOWN_USERS.has(email)) throw new Error(`unknown user ${email}`);
      return { email, profile };
    },
  };
}

/** The form the IdP's /sso page auto-submits: its action and fields. */
function parseAutoPostForm(html: string) {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const unescape = (s: string | undefined) =>
    s
      ?.replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return {
    action: unescape(action),
    SAMLResponse: unescape(field('SAMLResponse')) ?? '',
    RelayState: unescape(field('RelayState')),
  };
}

describe('the local SAML IdP (samlify) against a node-saml SP', () => {
  let idp: SamlIdp;
  let idpCert: string;
  beforeAll(async () => {
    idp = await startSamlIdp();
    const metadata = await (await fetch(idp.metadataUrl)).text();
    expect(metadata).toContain(`entityID="${idp.entityId}"`);
    expect(metadata).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
    expect(metadata).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    // The certificate as an admin's upload would give it: from the metadata, nothing else.
    idpCert = /<(?:\w+:)?X509Certificate>([^<]+)</.exec(metadata)?.[1] ?? '';
    expect(idpCert.length).toBeGreaterThan(100);
  });
  afterAll(() => idp?.close());

  it('accepts responseFor(...) for its own request, with the e-mail and name attributes', async () => {
    const sp = testSp(idpCert, idp.ssoUrl);
    const inResponseTo = await sp.requestId();
    const user = { email: 'nurse@demo.example', name: 'Nina Nurse' };
    const response = await idp.responseFor({ spEntityId: SP_ENTITY_ID, acsUrl: ACS_URL, inResponseTo, user });
    const { email, profile } = await sp.accept(response);
    expect(email).toBe('nurse@demo.example');
    expect(profile.nameID).toBe('nurse@demo.example');
    expect(profile.attributes).toEqual({ email: 'nurse@demo.example', displayName: 'Nina Nurse' });
    expect(profile.issuer).toBe(idp.entityId);
  });

  it('GET /sso (HTTP-Redirect) answers an auto-posting form to the ACS with RelayState, for setUser', async () => {
    const sp = testSp(idpCert, idp.ssoUrl);
    idp.setUser({ email: 'admin@demo.example', name: 'Demo Admin' });
    const redirect = await sp.saml.getAuthorizeUrlAsync('relay-123', undefined, {});
    expect(redirect.startsWith(`${idp.ssoUrl}?`)).toBe(true);
    const page = await fetch(redirect);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('document.forms[0].submit()');
    const form = parseAutoPostForm(html);
    expect(form.action).toBe(ACS_URL);
    expect(form.RelayState).toBe('relay-123');
    const { email, profile } = await sp.accept(form.SAMLResponse);
    expect(email).toBe('admin@demo.example');
    expect(profile.displayName).toBe('Demo Admin');
    expect(idp.requests.at(-1)).toMatchObject({ issuer: SP_ENTITY_ID, acsUrl: ACS_URL, binding: 'redirect' });
  });

  it('POST /sso (HTTP-POST binding) and ?login= pick the user', async () => {
    const sp = testSp(idpCert, idp.ssoUrl);
    const message = await sp.saml.getAuthorizeMessageAsync('relay-post', undefined, {});
    const body = new URLSearchParams({ ...(message as Record<string, string>), login: 'nurse@demo.example' });
    const page = await fetch(idp.ssoUrl, { method: 'POST', body });
    const form = parseAutoPostForm(await page.text());
    expect(form.RelayState).toBe('relay-post');
    expect((await sp.accept(form.SAMLResponse)).email).toBe('nurse@demo.example');
    expect(idp.requests.at(-1)).toMatchObject({ binding: 'post', user: { email: 'nurse@demo.example' } });
  });

  const refusals: [string, SamlResponseOverrides & { inResponseTo?: string | null }, RegExp][] = [
    ['an unsigned assertion', { unsigned: true }, /Invalid signature/],
    ['a signature by another key', { signWithOtherKey: true }, /Invalid signature/],
    [
      'signature wrapping (a second, unsigned assertion beside the signed one)',
      { wrapWith: { email: 'attacker@evil.test', name: 'Mallory' } },
      /multiple assertions/,
    ],
    [
      // The signature stays valid; the SP must read the whole NameID, never the text before the comment.
      'a comment inside NameID',
      { nameIdComment: { before: 'admin@demo.example', after: '.evil.test' } },
      /^unknown user admin@demo\.example\.evil\.test$/,
    ],
    ['a wrong audience', { audience: 'http://127.0.0.1:9/someone-else' }, /audience mismatch/],
    ['a wrong destination', { destination: 'http://127.0.0.1:9/other/acs' }, /Recipient mismatch/],
    [
      // Conditions and SubjectConfirmationData both end in the past; node-saml reads the latter first.
      'an expired assertion',
      { notOnOrAfter: new Date(Date.now() - 10 * 60_000) },
      /No valid subject confirmation/,
    ],
    ['a not yet valid assertion', { notBefore: new Date(Date.now() + 10 * 60_000) }, /not yet valid/],
    ['an InResponseTo the SP never issued', { inResponseTo: '_never-issued' }, /InResponseTo is not valid/],
    ['no InResponseTo (IdP-initiated)', { inResponseTo: null }, /InResponseTo is missing/],
  ];
  it.each(refusals)('refuses %s', async (_name, overrides, reason) => {
    const sp = testSp(idpCert, idp.ssoUrl);
    const issued = await sp.requestId();
    const { inResponseTo, ...rest } = overrides;
    const response = await idp.responseFor({
      spEntityId: SP_ENTITY_ID,
      acsUrl: ACS_URL,
      inResponseTo: inResponseTo === null ? undefined : (inResponseTo ?? issued),
      user: { email: 'admin@demo.example', name: 'Demo Admin' },
      ...rest,
    });
    await expect(sp.accept(response)).rejects.toThrow(reason);
  });

  it('makes its forgeries properly: each signature verifies, just not as the IdP (xml-crypto)', async () => {
    const signatureOf = (xml: string) => /<ds:Signature\b[\s\S]*?<\/ds:Signature>/.exec(xml)?.[0] ?? '';
    const verifies = (xml: string, options: ConstructorParameters<typeof SignedXml>[0]) => {
      const sig = new SignedXml(options);
      sig.loadSignature(signatureOf(xml));
      try {
        return sig.checkSignature(xml);
      } catch {
        return false;
      }
    };
    const base = { spEntityId: SP_ENTITY_ID, acsUrl: ACS_URL, inResponseTo: '_any' };
    const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
    // Another key: valid with the certificate it carries, not with the IdP's.
    const forged = decode(await idp.responseFor({ ...base, signWithOtherKey: true }));
    expect(verifies(forged, { getCertFromKeyInfo: SignedXml.getCertFromKeyInfo })).toBe(true);
    expect(verifies(forged, { publicCert: idp.certificate })).toBe(false);
    // Wrapping and the comment leave the IdP's own signature intact.
    const wrapped = decode(await idp.responseFor({ ...base, wrapWith: { email: 'x@evil.test', name: 'X' } }));
    expect(wrapped.match(/<saml:Assertion /g)).toHaveLength(2);
    expect(wrapped.indexOf('x@evil.test')).toBeLessThan(wrapped.indexOf('<ds:Signature'));
    expect(verifies(wrapped, { publicCert: idp.certificate })).toBe(true);
    const comment = { before: 'admin@demo.example', after: '.evil.test' };
    const commented = decode(await idp.responseFor({ ...base, nameIdComment: comment }));
    expect(commented).toContain('>admin@demo.example<!---->.evil.test</saml:NameID>');
    expect(verifies(commented, { publicCert: idp.certificate })).toBe(true);
    // And unsigned is unsigned.
    expect(decode(await idp.responseFor({ ...base, unsigned: true }))).not.toContain('Signature');
  });

  it('refuses a replay: the same response twice, and a fixed assertion id under a new request', async () => {
    const sp = testSp(idpCert, idp.ssoUrl);
    const base = { spEntityId: SP_ENTITY_ID, acsUrl: ACS_URL, assertionId: '_fixed-assertion-id' };
    const first = await idp.responseFor({ ...base, inResponseTo: await sp.requestId() });
    expect((await sp.accept(first)).email).toBe('admin@demo.example');
    // node-saml: the request id is used up.
    await expect(sp.accept(first)).rejects.toThrow(/InResponseTo is not valid/);
    // The SP's own store: the assertion id is used up, whatever request it answers.
    const again = await idp.responseFor({ ...base, inResponseTo: await sp.requestId() });
    await expect(sp.accept(again)).rejects.toThrow(/assertion already used/);
  });

  it('uses the attribute names and the host name it is given', async () => {
    const other = await startSamlIdp({ emailAttribute: 'mail', nameAttribute: 'cn', hostname: 'localhost' });
    try {
      expect(other.ssoUrl).toBe(`http://localhost:${other.port}/sso`);
      const metadata = await (await fetch(other.metadataUrl)).text();
      expect(metadata).toContain(`Location="${other.ssoUrl}"`);
      const cert = /<(?:\w+:)?X509Certificate>([^<]+)</.exec(metadata)?.[1] ?? '';
      const sp = testSp(cert, other.ssoUrl);
      const response = await other.responseFor({
        spEntityId: SP_ENTITY_ID,
        acsUrl: ACS_URL,
        inResponseTo: await sp.requestId(),
        user: { email: 'nurse@demo.example', name: 'Nina Nurse' },
      });
      const { profile } = await sp.accept(response);
      expect(profile.attributes).toEqual({ mail: 'nurse@demo.example', cn: 'Nina Nurse' });
      // Each IdP has its own key: this one's responses do not verify with the first one's certificate.
      const foreign = testSp(idpCert, idp.ssoUrl);
      const forFirst = await other.responseFor({
        spEntityId: SP_ENTITY_ID,
        acsUrl: ACS_URL,
        inResponseTo: await foreign.requestId(),
      });
      await expect(foreign.accept(forFirst)).rejects.toThrow(/Invalid signature/);
    } finally {
      await other.close();
    }
  });
});

/** Cookies by name, for one origin: enough for oidc-provider's interaction cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Follows the provider's redirects by hand (as a browser would) until one leads to `redirectUri`. */
async function followToRedirectUri(start: URL, redirectUri: string): Promise<URL> {
  const jar = new CookieJar();
  let next = start;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`no redirect from ${next.pathname}: ${res.status} ${await res.text()}`);
    }
    next = new URL(location, next);
    if (next.href.startsWith(redirectUri)) return next;
  }
  throw new Error('too many redirects');
}

describe('the local OpenID provider (oidc-provider) against openid-client', () => {
  const REDIRECT_URI = 'http://127.0.0.1:9/auth/google/demo/callback';
  let peer: OidcPeer;
  let config: oidc.Configuration;
  beforeAll(async () => {
    peer = await startOidcPeer({ redirectUris: [] });
    peer.addRedirectUri(REDIRECT_URI);
    peer.setAccount({ email: 'admin@demo.example', name: 'Demo Admin', emailVerified: true });
    // A plain-http issuer: openid-client refuses it unless told otherwise (tests only).
    config = await oidc.discovery(new URL(peer.issuer), peer.clientId, peer.clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
  });
  afterAll(() => peer?.close());

  /** An authorization request with PKCE, state and nonce, followed to the callback URL. */
  async function authorize(extra: Record<string, string> = {}) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extra,
    });
    const callback = await followToRedirectUri(url, REDIRECT_URI);
    return { verifier, state, nonce, callback };
  }

  it('discovers the issuer: code flow, S256', () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(peer.issuer);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('completes the code flow unattended; the ID token carries the account', async () => {
    const { verifier, state, nonce, callback } = await authorize();
    expect(callback.searchParams.get('code')).toBeTruthy();
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: peer.issuer,
      aud: peer.clientId,
      nonce,
      email: 'admin@demo.example',
      email_verified: true,
      name: 'Demo Admin',
    });
    expect(peer.logins.at(-1)).toMatchObject({ email: 'admin@demo.example', sub: claims?.sub });
  });

  it('signs in the account login_hint names, and reports email_verified as set', async () => {
    peer.setAccount({ email: 'unverified@demo.example', name: 'Una Verified', emailVerified: false });
    peer.setAccount({ email: 'admin@demo.example', name: 'Demo Admin', emailVerified: true });
    const { verifier, state, nonce, callback } = await authorize({ login_hint: 'unverified@demo.example' });
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()).toMatchObject({ email: 'unverified@demo.example', email_verified: false });
  });

  it('refuses a wrong PKCE verifier, and a missing one', async () => {
    const wrong = await authorize();
    await expect(
      oidc.authorizationCodeGrant(config, wrong.callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: wrong.state,
        expectedNonce: wrong.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const missing = await authorize();
    await expect(
      oidc.authorizationCodeGrant(config, missing.callback, {
        expectedState: missing.state,
        expectedNonce: missing.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('serves another host name when asked, and knows no client before it has a redirect URI', async () => {
    const other = await startOidcPeer({
      hostname: 'localhost',
      clientId: 'late',
      tokenEndpointAuthMethod: 'client_secret_basic',
    });
    try {
      expect(other.issuer).toBe(`http://localhost:${other.port}`);
      const otherConfig = await oidc.discovery(
        new URL(other.issuer),
        other.clientId,
        undefined,
        oidc.ClientSecretBasic(other.clientSecret),
        { execute: [oidc.allowInsecureRequests] },
      );
      const params = {
        redirect_uri: REDIRECT_URI,
        scope: 'openid email',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      };
      const before = await fetch(oidc.buildAuthorizationUrl(otherConfig, params), { redirect: 'manual' });
      expect(before.status).toBe(400);
      expect(await before.text()).toMatch(/invalid_client/);
      other.addRedirectUri(REDIRECT_URI);
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const callback = await followToRedirectUri(
        oidc.buildAuthorizationUrl(otherConfig, {
          ...params,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          state,
        }),
        REDIRECT_URI,
      );
      const tokens = await oidc.authorizationCodeGrant(otherConfig, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.claims()).toMatchObject({ iss: other.issuer, email: 'admin@demo.example' });
    } finally {
      await other.close();
    }
  });

  it('requires PKCE at the authorization endpoint, and knows only its redirect URIs', async () => {
    const noPkce = new URL(`${peer.issuer}/auth`);
    noPkce.search = new URLSearchParams({
      client_id: peer.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      state: 's',
      nonce: 'n',
    }).toString();
    const refused = await followToRedirectUri(noPkce, REDIRECT_URI);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/PKCE/);
    const elsewhere = oidc.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:9/not-registered',
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await fetch(elsewhere, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/redirect_uri/);
  });
});
