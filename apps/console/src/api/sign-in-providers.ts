import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  oidcProviderSchema,
  samlProviderSchema,
  type OidcProvider,
  type OidcProviderBody,
  type SamlProvider,
  type SamlProviderBody,
} from '@vigil/domain';
import { api } from './client';
import { ApiError } from './errors';

/**
 * Issue 17: an organisation's single sign-on providers, configured on its zone (or a site with its own
 * slug): GET/PUT/DELETE zones/{id}/sign-in/saml and zones/{id}/sign-in/google. The ordered list of
 * methods stays the zone's `auth.methods` (the Zones API).
 */
export type SignInProviderKind = 'saml' | 'google';

const oneSaml: z.ZodType<SamlProvider> = samlProviderSchema;
const oneOidc: z.ZodType<OidcProvider> = oidcProviderSchema;
/** The server answers GET with null while a provider is not configured. */
const maybeSaml: z.ZodType<SamlProvider | null> = samlProviderSchema.nullable();
const maybeOidc: z.ZodType<OidcProvider | null> = oidcProviderSchema.nullable();

export const signInProviderKeys = {
  all: ['signInProviders'] as const,
  one: (zoneId: string, kind: SignInProviderKind) => [...signInProviderKeys.all, zoneId, kind] as const,
};

const providerPath = (zoneId: string, kind: SignInProviderKind) =>
  `zones/${encodeURIComponent(zoneId)}/sign-in/${kind}`;

/** A provider not configured yet (null, or a 404 from an older server): none, not a failure. */
async function orNone<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const signInProviderQueries = {
  saml: (zoneId: string) =>
    queryOptions({
      queryKey: signInProviderKeys.one(zoneId, 'saml'),
      queryFn: ({ signal }) => orNone(api.get(providerPath(zoneId, 'saml'), { signal, schema: maybeSaml })),
    }),
  google: (zoneId: string) =>
    queryOptions({
      queryKey: signInProviderKeys.one(zoneId, 'google'),
      queryFn: ({ signal }) => orNone(api.get(providerPath(zoneId, 'google'), { signal, schema: maybeOidc })),
    }),
};

export function useSamlProvider(zoneId: string) {
  return useQuery(signInProviderQueries.saml(zoneId));
}

export function useOidcProvider(zoneId: string) {
  return useQuery(signInProviderQueries.google(zoneId));
}

/** Saving answers the provider as the server read it: shown at once, without asking again. */
function useProviderMutation<V, R>(
  zoneId: string,
  kind: SignInProviderKind,
  mutationFn: (vars: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(signInProviderKeys.one(zoneId, kind), data ?? null),
  });
}

/** PUT zones/{id}/sign-in/saml: the IdP's metadata XML, the attribute names and the provisioning. */
export function useSaveSamlProvider(zoneId: string) {
  return useProviderMutation(zoneId, 'saml', (body: SamlProviderBody) =>
    api.put(providerPath(zoneId, 'saml'), { body, schema: oneSaml }),
  );
}

/** PUT zones/{id}/sign-in/google: a body without `clientSecret` keeps the stored secret. */
export function useSaveOidcProvider(zoneId: string) {
  return useProviderMutation(zoneId, 'google', (body: OidcProviderBody) =>
    api.put(providerPath(zoneId, 'google'), { body, schema: oneOidc }),
  );
}

export function useRemoveSignInProvider(zoneId: string, kind: SignInProviderKind) {
  return useProviderMutation(zoneId, kind, async () => {
    await api.delete(providerPath(zoneId, kind));
    return null;
  });
}
