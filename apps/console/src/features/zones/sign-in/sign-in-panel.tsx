import { Stack, Text, Title } from '@mantine/core';
import type { Zone } from '@vigil/domain';
import { useOidcProvider, useSamlProvider } from '../../../api/sign-in-providers';
import { MethodsEditor } from './methods-editor';
import { OidcSettings } from './oidc-settings';
import { SamlSettings } from './saml-settings';

/** Whether a zone has its own sign-in (issue 17): the organisation, or a site with its own slug. */
export function hasOwnSignIn(zone: Pick<Zone, 'level' | 'slug'>): boolean {
  return zone.level === 'org' || (zone.level === 'site' && Boolean(zone.slug));
}

/**
 * Issue 17, Settings › Zones: how people sign in to an organisation (or a site with its own slug):
 * the methods in order, and the SAML and OpenID providers the single sign-on methods need.
 * Shown only to callers who may update Zone.
 */
export function SignInPanel({ zone }: { zone: Zone }) {
  const saml = useSamlProvider(zone.id);
  const google = useOidcProvider(zone.id);
  const configured = {
    saml: saml.isSuccess ? saml.data !== null : undefined,
    google: google.isSuccess ? google.data !== null : undefined,
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={`sign-in-${zone.id}`}>
      <Title order={3} size="h4" id={`sign-in-${zone.id}`}>
        Sign-in
      </Title>
      <Text size="sm" c="dimmed">
        How people sign in to {zone.name}
        {zone.slug ? ` (${zone.slug})` : ''}.
      </Text>
      <MethodsEditor zone={zone} configured={configured} />
      <SamlSettings zoneId={zone.id} zoneName={zone.name} />
      <OidcSettings zoneId={zone.id} zoneName={zone.name} />
    </Stack>
  );
}
