import http from 'node:http';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider 9 ships no type declarations (and @types/oidc-provider is not installed)
import Provider from 'oidc-provider';

// A local OpenID provider for the sign-in tests (issue 17: "a local OpenID provider (oidc-provider,
// PKCE required) started by the test suite itself on 127.0.0.1"): oidc-provider 9 with an http
// issuer on 127.0.0.1 (port 0: any free one), one confidential client, PKCE (S256) required for it.
// There is no login or consent page: oidc-provider's devInteractions are off and the interaction URL
// is served here, where the documented `provider.interactionFinished` completes it at once with the
// account (the one set by `setAccount`, or the one the authorization request's `login_hint` names)
// and a grant of the requested scopes. A browser, or fetch following redirects by hand while keeping
// cookies, goes authorization endpoint → /interaction/:uid → back → redirect_uri?code=… unattended.
// Claims: sub, email, email_verified, name — in the ID token itself (conformIdTokenClaims off), as
// Google puts them. oidc-provider prints "Unsupported runtime" on Node 20; it works here.
// No test framework is imported here: the API tests and the e2e suite both use it.

/** A person at the provider. `sub` defaults to an opaque value derived from the e-mail. */
export type OidcAccount = { email: string; name: string; emailVerified: boolean; sub?: string };

export type OidcPeerOptions = {
  /**
   * The host name of the issuer (default '127.0.0.1'; it always listens on 127.0.0.1). Cookies are
   * per host, not per port: 'localhost' keeps the provider's cookies (_session, _interaction…)
   * apart from those of a Vigil on 127.0.0.1, and makes it another site, as in production.
   */
  hostname?: string;
  /** Default 'vigil-test'. */
  clientId?: string;
  /** Default: random. */
  clientSecret?: string;
  /**
   * The client's registered redirect URIs (exact match, as at Google). May be empty at start (then
   * the client is unknown to the provider until `addRedirectUri`): a server's port may come later.
   */
  redirectUris?: string[];
  /**
   * How the client authenticates at the token endpoint. Default 'client_secret_post', what
   * openid-client 6 does when given the secret as a string.
   */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  /** The first account (default: admin@demo.example, 'Demo Admin', verified). */
  account?: OidcAccount;
};

/** An authorization the peer completed: who signed in, for which request. */
export type OidcLogin = { sub: string; email: string; clientId: string; scope: string; loginHint?: string };

export type OidcPeer = {
  /** The issuer, http://127.0.0.1:port or the `hostname` given (discovery: /.well-known/openid-configuration). */
  issuer: string;
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The registered redirect URIs, current. */
  redirectUris: readonly string[];
  addRedirectUri(uri: string): void;
  /** The account signed in from now on, unless `login_hint` names another (also remembered by e-mail). */
  setAccount(account: OidcAccount): void;
  /** The interactions completed, in order. */
  logins: OidcLogin[];
  close(): Promise<void>;
};

// The little of oidc-provider's API used here (no declarations ship with it).
type InteractionDetails = { uid: string; params: Record<string, unknown>; prompt: { name: string } };
type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
type OidcProvider = {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => Grant;
  on(event: string, listener: (...args: unknown[]) => void): void;
};
const OidcProviderClass = Provider as new (issuer: string, configuration: object) => OidcProvider;

type Stored = { payload: Record<string, unknown>; expiresAt: number };

const subFor = (email: string): string =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);

/** Starts the provider on 127.0.0.1; `close()` stops it. */
export async function startOidcPeer(opts: OidcPeerOptions = {}): Promise<OidcPeer> {
  const clientId = opts.clientId ?? 'vigil-test';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  const tokenEndpointAuthMethod = opts.tokenEndpointAuthMethod ?? 'client_secret_post';
  const redirectUris: string[] = [...(opts.redirectUris ?? [])];
  const accountsBySub = new Map<string, Required<OidcAccount>>();
  const accountsByEmail = new Map<string, Required<OidcAccount>>();
  const remember = (account: OidcAccount): Required<OidcAccount> => {
    const full = { ...account, sub: account.sub ?? subFor(account.email) };
    accountsBySub.set(full.sub, full);
    accountsByEmail.set(full.email.toLowerCase(), full);
    return full;
  };
  let current = remember(
    opts.account ?? { email: 'admin@demo.example', name: 'Demo Admin', emailVerified: true },
  );
  const logins: OidcLogin[] = [];

  // Storage for oidc-provider (its documented `adapter` option), one per peer: its own memory
  // adapter is module-wide. The client is not a static one: it is read from `redirectUris` on each
  // lookup, so `addRedirectUri` takes effect at once (oidc-provider re-validates changed metadata).
  const store = new Map<string, Stored>();
  class PeerAdapter {
    constructor(private readonly model: string) {}
    private key(id: string): string {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
      store.set(this.key(id), { payload, expiresAt });
    }
    async find(id: string): Promise<Record<string, unknown> | undefined> {
      if (this.model === 'Client') {
        if (id !== clientId || redirectUris.length === 0) return undefined;
        return {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [...redirectUris],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: tokenEndpointAuthMethod,
        };
      }
      const stored = store.get(this.key(id));
      if (!stored) return undefined;
      if (stored.expiresAt <= Date.now()) {
        store.delete(this.key(id));
        return undefined;
      }
      return stored.payload;
    }
    async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
      for (const [key, stored] of store) {
        if (key.startsWith(`${this.model}:`) && stored.payload.uid === uid) return stored.payload;
      }
      return undefined;
    }
    async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
      for (const [key, stored] of store) {
        if (key.startsWith(`${this.model}:`) && stored.payload.userCode === userCode) return stored.payload;
      }
      return undefined;
    }
    async consume(id: string): Promise<void> {
      const stored = store.get(this.key(id));
      if (stored) stored.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string): Promise<void> {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, stored] of store) {
        if (stored.payload.grantId === grantId) store.delete(key);
      }
    }
  }

  // The issuer names the port, so the server listens first and gets its handler once the provider exists.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${opts.hostname ?? '127.0.0.1'}:${port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new OidcProviderClass(issuer, {
    adapter: PeerAdapter,
    jwks: { keys: [{ ...signingKey, kid: 'peer-signing', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // Lifetimes in seconds, set so oidc-provider does not log a notice per default used.
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    // A plain text error page (the default one logs a notice on each use).
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
    // Claims of the granted scopes go into the ID token too, not only to userinfo: what Google does
    // and what the SP reads.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accountsBySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
  });
  const providerCallback = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (/^\/interaction\/[^/]+$/.test(path)) {
      interaction(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`OIDC peer interaction: ${err instanceof Error ? err.message : String(err)}`);
      });
      return;
    }
    providerCallback(req, res);
  });

  /** Finishes the login and the consent of an interaction in one step, for the chosen account. */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    const account = hint
      ? (accountsByEmail.get(hint.toLowerCase()) ??
        remember({ email: hint, name: hint.split('@')[0], emailVerified: true }))
      : current;
    const requestClient = String(details.params.client_id);
    const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
    const grant = new provider.Grant({ accountId: account.sub, clientId: requestClient });
    grant.addOIDCScope(scope);
    const grantId = await grant.save();
    logins.push({ sub: account.sub, email: account.email, clientId: requestClient, scope, loginHint: hint });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    issuer,
    url: issuer,
    port,
    clientId,
    clientSecret,
    redirectUris,
    addRedirectUri(uri) {
      if (!redirectUris.includes(uri)) redirectUris.push(uri);
    },
    setAccount(account) {
      current = remember(account);
    },
    logins,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
