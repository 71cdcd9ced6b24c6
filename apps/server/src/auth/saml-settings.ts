import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { certificateInfoSchema, provisioningSchema } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import type { ZoneRow } from '../platform/caller';
import { signInProviders } from '../db/schema';
import { signInMethods } from './login';

// What a SAML sign-in reads of an organisation's provider (sign_in_providers, kind 'saml'): the IdP
// as its uploaded metadata named it, with the signing certificates themselves (PEM) beside what the
// API shows of them, the attribute names and the provisioning. The provider API writes this shape.

export const samlSettingsSchema = z.object({
  idp: z.object({
    entityId: z.string().min(1),
    /** The HTTP-Redirect SingleSignOnService of the metadata. */
    ssoUrl: z.url({ protocol: /^https?$/ }),
    /** Only these keys' signatures are accepted (nothing is fetched at sign-in). */
    certificates: z.array(certificateInfoSchema.extend({ pem: z.string().min(1) })).min(1),
  }),
  emailAttribute: z.string().min(1),
  nameAttribute: z.string().min(1),
  provisioning: provisioningSchema,
});
export type SamlSettings = z.infer<typeof samlSettingsSchema>;

/**
 * The zone's SAML settings when SAML is one of its sign-in methods and a provider is configured;
 * undefined otherwise (a stored row that no longer reads as settings counts as none).
 */
export async function loadSamlSettings(db: Db, zone: ZoneRow): Promise<SamlSettings | undefined> {
  if (!signInMethods(zone).includes('saml')) return undefined;
  const [row] = await db
    .select({ settings: signInProviders.settings })
    .from(signInProviders)
    .where(and(eq(signInProviders.zoneId, zone.id), eq(signInProviders.kind, 'saml')))
    .limit(1);
  const parsed = row && samlSettingsSchema.safeParse(row.settings);
  return parsed?.success ? parsed.data : undefined;
}
