import { z } from 'zod';
import { isoDateSchema, uuidSchema } from '../contract/common';
import { roleIdSchema } from '../roles/contract';

// Issue 17: an organisation's single sign-on — SAML 2.0 and OpenID Connect (labelled Google when the
// issuer is Google's) — configured on the organisation's zone (or a site with its own slug). The
// ordered list of methods stays SPEC §3 Zone.auth.methods; each provider's settings live apart from
// the zone (the Zones API never answers them), the OpenID client secret sealed and never answered.

/** How a first-time user of the identity provider gets into Vigil. */
export const provisioningSchema = z.discriminatedUnion('mode', [
  /** Only users that already exist in the organisation (matched by e-mail) may sign in. */
  z.strictObject({ mode: z.literal('existing') }),
  /** A first sign-in creates the user with this role, placed in these zones (none: the organisation). */
  z.strictObject({
    mode: z.literal('create'),
    role: roleIdSchema,
    location: z.array(uuidSchema).max(50).default([]),
  }),
]);
export type Provisioning = z.infer<typeof provisioningSchema>;

const attributeName = z
  .string()
  .max(200)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'Name the attribute'));

/** What the SAML form says when there is no metadata to read (nor any kept from before). */
export const SAML_METADATA_MISSING = 'Paste or upload the identity provider’s metadata';

/**
 * PUT /api/zones/{id}/sign-in/saml: the IdP's metadata XML (uploaded or pasted) and the mapping.
 * Without `metadataXml` a provider already set up keeps the IdP read from its metadata before (to
 * change the mapping or provisioning alone); a first save needs it (400 otherwise).
 */
export const samlProviderBodySchema = z.strictObject({
  metadataXml: z
    .string()
    .max(512 * 1024)
    .min(1, SAML_METADATA_MISSING)
    .optional(),
  emailAttribute: attributeName.default('email'),
  nameAttribute: attributeName.default('displayName'),
  provisioning: provisioningSchema,
});
export type SamlProviderBody = z.input<typeof samlProviderBodySchema>;

export const certificateInfoSchema = z.object({
  subject: z.string(),
  fingerprintSha256: z.string(),
  notAfter: isoDateSchema,
});

/** What Vigil shows of a SAML provider: the IdP read from its metadata, and Vigil's own SP side. */
export const samlProviderSchema = z.object({
  idp: z.object({ entityId: z.string(), ssoUrl: z.string(), certificates: z.array(certificateInfoSchema) }),
  emailAttribute: z.string(),
  nameAttribute: z.string(),
  provisioning: provisioningSchema,
  /** For the hospital's IT: Vigil's entity id, assertion consumer URL, metadata URL and certificate. */
  sp: z.object({
    entityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    certificate: z.string(),
  }),
  updatedAt: isoDateSchema,
});
export type SamlProvider = z.infer<typeof samlProviderSchema>;

const domainName = z
  .string()
  .max(253)
  .transform((s) => s.trim().toLowerCase().replace(/^@/, ''))
  .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Enter a domain such as hospital.org'));

/** PUT /api/zones/{id}/sign-in/google: an OpenID provider. A body without a secret keeps the stored one. */
export const oidcProviderBodySchema = z.strictObject({
  issuer: z.url({ protocol: /^https?$/ }).max(2000),
  clientId: z.string().trim().min(1, 'Enter the client id').max(500),
  clientSecret: z.string().min(1).max(2000).optional(),
  allowedDomains: z.array(domainName).min(1, 'Allow at least one e-mail domain').max(50),
  provisioning: provisioningSchema,
});
export type OidcProviderBody = z.input<typeof oidcProviderBodySchema>;

/** What Vigil shows of an OpenID provider: never the secret. */
export const oidcProviderSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  provisioning: provisioningSchema,
  /** 'Google' when the issuer is Google's, else the issuer's host. */
  label: z.string(),
  /** Where Vigil's callback is: the redirect URI to register at the provider. */
  redirectUri: z.string(),
  discoveredAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

/** The issuer Google signs its ID tokens as. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** How the login screen names an OpenID provider. */
export function oidcLabel(issuer: string): string {
  try {
    const host = new URL(issuer).host;
    return host === 'accounts.google.com' ? 'Google' : host;
  } catch {
    return issuer;
  }
}

/** Whether an e-mail address is in one of the allowed domains (a subdomain is not the domain). */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return domains.some((d) => d.toLowerCase() === domain);
}

/**
 * POST /api/auth/exchange: a single sign-on ends by sending the browser to `/login?authCode=…`; the
 * console trades the code, once and within a minute, for the session's tokens (SPEC §3 User tokens).
 */
export const authCodeExchangeBodySchema = z.strictObject({ code: z.string().min(20).max(200) });
/** How long an authentication code may wait to be exchanged. */
export const AUTH_CODE_TTL_MS = 60_000;
/** How long a sign-in may stay at the identity provider before its state is forgotten. */
export const SSO_REQUEST_TTL_MS = 10 * 60_000;
