import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type * as Samlify from 'samlify';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

// A local SAML 2.0 identity provider for the sign-in tests (issue 17: "a local SAML IdP in the tests
// (samlify as the IdP — a different library from the SP, so they don't share blind spots)"). A real
// HTTP server on 127.0.0.1 (port 0: any free one) with its own key pair and self-signed certificate:
//   GET  /metadata  the IdP metadata XML (entity id, SSO endpoints for both bindings, signing cert);
//   GET  /sso       HTTP-Redirect binding AuthnRequest (SAMLRequest, RelayState[, login]);
//   POST /sso       HTTP-POST binding AuthnRequest (same fields, form-encoded).
// Both /sso answer an HTML page whose form POSTs a SAMLResponse (assertion signed by samlify) and
// the RelayState to the ACS URL the request named, and submits itself: a browser (Playwright)
// flows through unattended. There is no login page: the user is the one set by `setUser`, or
// `?login=email` on /sso picks one.
// `responseFor` builds a SAMLResponse directly (API tests post it to the ACS themselves), with
// overrides for each refusal case of issue 17; forged signatures are made with xml-crypto.
// samlify warns "missing endpoint of SingleLogoutService" on each start: single logout is not
// offered (issue 17 does not require it).
// No test framework is imported here: the API tests and the e2e suite both use it.

// samlify is CommonJS, and Node's ESM loader (tsx, the e2e peers' processes) finds only some of its
// named exports (not SamlLib): require it whole.
const samlify = createRequire(import.meta.url)('samlify') as typeof Samlify;

// samlify insists on a schema validator before it parses anything (even its own requests). The
// validators it suggests need libxml/xmllint, which this machine lacks. This IdP only signs what it
// builds itself and reads the SP's AuthnRequest for its ID and ACS URL, so validation guards
// nothing here; the SP under test (Vigil, on @node-saml/node-saml) validates what it receives.
// It is a module-wide samlify setting: the SP side must never use samlify (and does not).
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped: test IdP, signing only') });

const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BASIC_NAME_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
const RESPONSE = "/*[local-name(.)='Response']";
const ASSERTION = `${RESPONSE}/*[local-name(.)='Assertion']`;

/** The person the IdP asserts. `nameId` defaults to `email` (NameID format emailAddress). */
export type SamlUser = { email: string; name: string; nameId?: string };

/**
 * Everything `responseFor` can change. Left out, each is what an honest IdP sends: the assertion
 * signed with the IdP's key, addressed to `acsUrl` and `spEntityId`, valid from now for 5 minutes.
 */
export type SamlResponseOverrides = {
  /** No signature at all (neither on the response nor on the assertion). */
  unsigned?: boolean;
  /** The assertion signed by a different key, whose certificate is put in KeyInfo (xml-crypto). */
  signWithOtherKey?: boolean;
  /**
   * Signature wrapping: the honest signed assertion for `user` stays, and a second, unsigned
   * assertion for this attacker is put beside it (before it, as the first assertion of the response).
   */
  wrapWith?: SamlUser;
  /**
   * A comment inside NameID and the e-mail attribute: the user's NameID and e-mail become
   * `before + after`, written `before<!---->after`. The signature covers `before + after` (exclusive
   * canonicalisation drops comments), so it stays valid; an SP reading the first text node only
   * would see `before`. Example: `{ before: 'admin@demo.example', after: '.evil.test' }`.
   */
  nameIdComment?: { before: string; after: string };
  /** The Audience (default `spEntityId`). */
  audience?: string;
  /** Response@Destination and, unless `recipient` is given, SubjectConfirmationData@Recipient. */
  destination?: string;
  /** SubjectConfirmationData@Recipient alone (default: `destination`, else `acsUrl`). */
  recipient?: string;
  /** The assertion's and the response's Issuer (default: the IdP's entity id). */
  issuer?: string;
  /** Conditions@NotBefore (default: now). A future one makes a not-yet-valid assertion. */
  notBefore?: Date;
  /** Conditions@ and SubjectConfirmationData@NotOnOrAfter (default: now + 5 min). Past: expired. */
  notOnOrAfter?: Date;
  /** IssueInstant of the response, the assertion and AuthnInstant (default: now). */
  issueInstant?: Date;
  /** A fixed Assertion ID (default: a fresh one), e.g. the same ID in two responses: a replay. */
  assertionId?: string;
  /** A fixed Response ID (default: a fresh one). */
  responseId?: string;
};

export type SamlResponseRequest = SamlResponseOverrides & {
  /** The SP's entity id: the Audience. */
  spEntityId: string;
  /** The SP's assertion consumer URL: Destination and Recipient. */
  acsUrl: string;
  /** The ID of the AuthnRequest answered; left out, the response has no InResponseTo (IdP-initiated). */
  inResponseTo?: string;
  /** Default: the user of `setUser`. */
  user?: SamlUser;
};

/** An AuthnRequest that reached /sso, as the IdP read it. */
export type SamlAuthnRequestSeen = {
  id: string;
  /** The SP's entity id (the request's Issuer). */
  issuer: string;
  acsUrl: string;
  relayState: string | undefined;
  binding: 'redirect' | 'post';
  /** Whom the IdP answered for. */
  user: SamlUser;
};

export type SamlIdpOptions = {
  /**
   * The host name in the IdP's URLs (default '127.0.0.1'; it always listens on 127.0.0.1). With
   * 'localhost' the IdP is another site than a Vigil on 127.0.0.1, so the browser's POST to the ACS
   * is cross-site as in production (a SameSite=Lax cookie is not sent); on one host it would be.
   */
  hostname?: string;
  /** Default: `${url}/metadata`. */
  entityId?: string;
  /** The SAML attribute carrying the e-mail (default 'email'). */
  emailAttribute?: string;
  /** The SAML attribute carrying the display name (default 'displayName'). */
  nameAttribute?: string;
  /** The first user (default: admin@demo.example, 'Demo Admin'). */
  user?: SamlUser;
};

export type SamlIdp = {
  /** http://127.0.0.1:port (or the `hostname` given). */
  url: string;
  port: number;
  entityId: string;
  metadataUrl: string;
  /** The SSO endpoint for both bindings (what metadata names). */
  ssoUrl: string;
  /** The IdP metadata XML, as GET /metadata answers it (what an admin uploads to Vigil). */
  metadata: string;
  /** The signing certificate, PEM. */
  certificate: string;
  emailAttribute: string;
  nameAttribute: string;
  /** The user /sso answers for from now on (also remembered for `?login=` by e-mail). */
  setUser(user: SamlUser): void;
  /** A base64 SAMLResponse, as the browser would POST it to the ACS (field SAMLResponse). */
  responseFor(request: SamlResponseRequest): Promise<string>;
  /** The AuthnRequests /sso answered, in arrival order. */
  requests: SamlAuthnRequestSeen[];
  close(): Promise<void>;
};

type KeyPair = { privateKey: string; certificate: string };

async function keyPair(commonName: string): Promise<KeyPair> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 24 * 3600_000),
    notAfterDate: new Date(Date.now() + 365 * 24 * 3600_000),
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

const escapeXml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const newId = (): string => `_${randomUUID()}`;

/** Starts the IdP on 127.0.0.1; `close()` stops it. */
export async function startSamlIdp(opts: SamlIdpOptions = {}): Promise<SamlIdp> {
  const emailAttribute = opts.emailAttribute ?? 'email';
  const nameAttribute = opts.nameAttribute ?? 'displayName';
  const [signing, attacker] = await Promise.all([
    keyPair('Vigil test SAML IdP'),
    keyPair('Someone else (forged signatures)'),
  ]);
  const users = new Map<string, SamlUser>();
  let current: SamlUser = opts.user ?? { email: 'admin@demo.example', name: 'Demo Admin' };
  users.set(current.email.toLowerCase(), current);
  const requests: SamlAuthnRequestSeen[] = [];

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`SAML IdP: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://${opts.hostname ?? '127.0.0.1'}:${port}`;
  const entityId = opts.entityId ?? `${url}/metadata`;
  const ssoUrl = `${url}/sso`;

  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: signing.privateKey,
    signingCert: signing.certificate,
    nameIDFormat: [EMAIL_FORMAT],
    wantAuthnRequestsSigned: false,
    singleSignOnService: [
      { Binding: REDIRECT_BINDING, Location: ssoUrl },
      { Binding: POST_BINDING, Location: ssoUrl },
    ],
  });
  const metadata = idp.getMetadata();
  // parseLoginRequest wants the requesting SP as an entity, but who it is is only known once the
  // request is read; with request signatures not wanted it uses the entity for nothing else.
  const anySp = samlify.ServiceProvider({ entityID: 'urn:vigil-test:any-sp' });

  /** The response XML, unsigned, from samlify's own login response template. */
  function render(request: SamlResponseRequest, user: SamlUser, assertionId: string): string {
    const now = request.issueInstant ?? new Date();
    const notBefore = request.notBefore ?? new Date();
    const notOnOrAfter = request.notOnOrAfter ?? new Date(Date.now() + 5 * 60_000);
    const nameId = user.nameId ?? user.email;
    const template = samlify.SamlLib.defaultLoginResponseTemplate.context;
    // replaceTagsByValue escapes every value and drops an attribute whose value is undefined
    // (InResponseTo for an IdP-initiated response); the two statements are XML, put in after.
    const xml = samlify.SamlLib.replaceTagsByValue(template, {
      ID: request.responseId ?? newId(),
      AssertionID: assertionId,
      Destination: request.destination ?? request.acsUrl,
      Audience: request.audience ?? request.spEntityId,
      SubjectRecipient: request.recipient ?? request.destination ?? request.acsUrl,
      Issuer: request.issuer ?? entityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: notBefore.toISOString(),
      ConditionsNotOnOrAfter: notOnOrAfter.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: notOnOrAfter.toISOString(),
      NameIDFormat: EMAIL_FORMAT,
      NameID: nameId,
      InResponseTo: request.inResponseTo,
    });
    const attribute = (name: string, value: string) =>
      `<saml:Attribute Name="${escapeXml(name)}" NameFormat="${BASIC_NAME_FORMAT}">` +
      `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`;
    const authn =
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${newId()}">` +
      `<saml:AuthnContext><saml:AuthnContextClassRef>${PASSWORD_CONTEXT}</saml:AuthnContextClassRef>` +
      '</saml:AuthnContext></saml:AuthnStatement>';
    const attributes =
      '<saml:AttributeStatement>' +
      attribute(emailAttribute, user.email) +
      attribute(nameAttribute, user.name) +
      '</saml:AttributeStatement>';
    return xml.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', attributes);
  }

  /** The honest signature: samlify signs the assertion (only), as the SP's metadata would ask. */
  async function signWithSamlify(xml: string, request: SamlResponseRequest): Promise<string> {
    const sp = samlify.ServiceProvider({
      entityID: request.spEntityId,
      wantAssertionsSigned: true,
      wantMessageSigned: false,
      assertionConsumerService: [{ Binding: POST_BINDING, Location: request.acsUrl }],
    });
    const out = await idp.createLoginResponse(
      sp,
      { extract: {} },
      'post',
      { email: request.user?.email },
      { customTagReplacement: () => ({ id: '', context: xml }) },
    );
    return Buffer.from(out.context, 'base64').toString('utf8');
  }

  /** A forged signature over the assertion, by the attacker's key, the way samlify places its own. */
  function signWithAttackerKey(xml: string): string {
    const sig = new SignedXml({
      privateKey: attacker.privateKey,
      publicCert: attacker.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: ASSERTION,
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    sig.computeSignature(xml, {
      prefix: 'ds',
      location: { reference: `${ASSERTION}/*[local-name(.)='Issuer']`, action: 'after' },
    });
    return sig.getSignedXml();
  }

  async function responseXml(request: SamlResponseRequest): Promise<string> {
    const base = request.user ?? current;
    const user = request.nameIdComment
      ? {
          ...base,
          email: request.nameIdComment.before + request.nameIdComment.after,
          nameId: request.nameIdComment.before + request.nameIdComment.after,
        }
      : base;
    const unsigned = render(request, user, request.assertionId ?? newId());
    if (request.unsigned) return unsigned;
    if (request.signWithOtherKey) return signWithAttackerKey(unsigned);
    let signed = await signWithSamlify(unsigned, { ...request, user });
    if (request.nameIdComment) {
      // After signing: the comment changes no canonical byte, so the signature still verifies.
      const { before, after } = request.nameIdComment;
      const whole = `>${escapeXml(before + after)}</`;
      const split = `>${escapeXml(before)}<!---->${escapeXml(after)}</`;
      if (!signed.includes(whole)) throw new Error('responseFor: NameID not found for the comment');
      signed = signed.split(whole).join(split);
    }
    if (request.wrapWith) {
      const evil = render({ ...request, nameIdComment: undefined }, request.wrapWith, newId());
      const evilAssertion = evil.slice(evil.indexOf('<saml:Assertion '), evil.indexOf('</samlp:Response>'));
      const at = signed.indexOf('<saml:Assertion ');
      if (at < 0 || !evilAssertion.endsWith('</saml:Assertion>'))
        throw new Error('responseFor: no assertion');
      signed = signed.slice(0, at) + evilAssertion + signed.slice(at);
    }
    return signed;
  }

  async function responseFor(request: SamlResponseRequest): Promise<string> {
    return Buffer.from(await responseXml(request), 'utf8').toString('base64');
  }

  async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const reqUrl = new URL(req.url ?? '/', url);
    if (req.method === 'GET' && reqUrl.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      res.end(metadata);
      return;
    }
    if (reqUrl.pathname !== '/sso' || (req.method !== 'GET' && req.method !== 'POST')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const binding = req.method === 'GET' ? 'redirect' : 'post';
    const fields = binding === 'redirect' ? reqUrl.searchParams : await readForm(req);
    let samlRequest = fields.get('SAMLRequest');
    if (!samlRequest) throw new Error('no SAMLRequest');
    // The POST binding carries the request base64 only, but node-saml also deflates it there unless
    // `skipRequestCompression` is set; take both, as IdPs in the field do.
    const posted = binding === 'post' ? Buffer.from(samlRequest, 'base64') : undefined;
    if (posted && !posted.toString('utf8').trimStart().startsWith('<')) {
      samlRequest = zlib.inflateRawSync(posted).toString('base64');
    }
    const relayState = fields.get('RelayState') ?? undefined;
    const parsed = await idp.parseLoginRequest(
      anySp,
      binding,
      binding === 'redirect'
        ? { query: { SAMLRequest: samlRequest } }
        : { body: { SAMLRequest: samlRequest } },
    );
    const request = parsed.extract.request ?? {};
    const id = String(request.id ?? '');
    const acsUrl = String(request.assertionConsumerServiceUrl ?? '');
    const issuer = String(parsed.extract.issuer ?? '');
    if (!id || !acsUrl || !issuer) throw new Error('the AuthnRequest lacks ID, ACS URL or Issuer');
    const login = fields.get('login') ?? reqUrl.searchParams.get('login');
    const user = login
      ? (users.get(login.toLowerCase()) ?? { email: login, name: login.split('@')[0] })
      : current;
    requests.push({ id, issuer, acsUrl, relayState, binding, user });
    const samlResponse = await responseFor({ spEntityId: issuer, acsUrl, inResponseTo: id, user });
    const attr = (value: string) => escapeXml(value);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      '<!doctype html><html><head><title>Test SAML IdP</title></head>' +
        '<body onload="document.forms[0].submit()">' +
        `<form method="post" action="${attr(acsUrl)}">` +
        `<input type="hidden" name="SAMLResponse" value="${attr(samlResponse)}">` +
        (relayState === undefined
          ? ''
          : `<input type="hidden" name="RelayState" value="${attr(relayState)}">`) +
        `<noscript><button type="submit">Continue as ${attr(user.email)}</button></noscript>` +
        '</form></body></html>',
    );
  }

  return {
    url,
    port,
    entityId,
    metadataUrl: `${url}/metadata`,
    ssoUrl,
    metadata,
    certificate: signing.certificate,
    emailAttribute,
    nameAttribute,
    setUser(user) {
      current = user;
      users.set(user.email.toLowerCase(), user);
    },
    responseFor,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
