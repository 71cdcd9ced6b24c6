import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOidcPeer, type OidcAccount } from './oidc-peer';
import { startSamlIdp, type SamlUser } from './saml-idp';

// The sign-in tests' identity providers as a process of their own, for the e2e suite (which may not
// import the server's code): the SAML IdP (samlify) and the OpenID provider (oidc-provider), both on
// 127.0.0.1 but named 'localhost', so each is another site than a Vigil on 127.0.0.1, as a hospital's
// IdP is. `node --import tsx apps/server/test/helpers/sso-peers-main.ts` prints one JSON line,
// `{origin, env}`, once listening, and stops on SIGTERM. Its control server on {origin}:
//   GET  /info                the SAML IdP's metadata XML, entity id and SSO URL, and the OpenID
//                             issuer, client id and client secret (what an admin pastes into Vigil);
//   POST /saml/user           {email, name}: whom the SAML IdP signs in from now on;
//   POST /oidc/account        {email, name, emailVerified}: whom the OpenID provider signs in;
//   POST /oidc/redirect-uri   {uri}: registers a redirect URI with the OpenID client (as at Google).
// Neither provider has a login page: each answers at once for the person set here.

const [saml, oidc] = await Promise.all([
  startSamlIdp({ hostname: 'localhost' }),
  startOidcPeer({ hostname: 'localhost' }),
]);

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && path === '/info') {
    return send(200, {
      saml: { metadata: saml.metadata, entityId: saml.entityId, ssoUrl: saml.ssoUrl },
      oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
    });
  }
  if (req.method !== 'POST') return send(404, { reason: 'not found' });
  const body = await readJson(req);
  if (path === '/saml/user') {
    saml.setUser(body as SamlUser);
    return send(200, { ok: true });
  }
  if (path === '/oidc/account') {
    oidc.setAccount(body as OidcAccount);
    return send(200, { ok: true });
  }
  if (path === '/oidc/redirect-uri') {
    if (!oidc.redirectUris.includes(String(body.uri))) oidc.addRedirectUri(String(body.uri));
    return send(200, { ok: true });
  }
  return send(404, { reason: 'not found' });
}

const control = http.createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain' });
    res.end(err instanceof Error ? err.message : String(err));
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
process.stdout.write(`${JSON.stringify({ origin, env: {} })}\n`);

process.once('SIGTERM', () => {
  control.closeAllConnections();
  control.close();
  void Promise.all([saml.close(), oidc.close()]).then(() => process.exit(0));
});
