import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { oidcProviderBodySchema, type OidcProvider, type OidcProviderBody } from '@vigil/domain';
import { messages } from '../../../api/messages';
import {
  useOidcProvider,
  useRemoveSignInProvider,
  useSaveOidcProvider,
} from '../../../api/sign-in-providers';
import { confirmAction } from '../../../ui/confirm';
import { ErrorPanel } from '../../../ui/error-panel';
import { CopyValue } from './copy-value';
import { NO_ERRORS, issueErrors, saveErrors, type FormErrors } from './form-errors';
import {
  PROVISIONING_FIELDS,
  ProvisioningFields,
  provisioningBody,
  provisioningDraft,
  type ProvisioningDraft,
} from './provisioning-fields';

const FIELDS = ['issuer', 'clientId', 'clientSecret', 'allowedDomains', ...PROVISIONING_FIELDS] as const;

/**
 * Issue 17: the organisation's OpenID Connect provider (Google, or another issuer). The client secret
 * is write-only: the server seals it and answers only whether one is set.
 */
export function OidcSettings({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const provider = useOidcProvider(zoneId);
  if (provider.isPending) return <Text c="dimmed">Loading OpenID settings…</Text>;
  if (provider.isError)
    return (
      <ErrorPanel
        title="Could not load the OpenID settings"
        error={provider.error}
        onRetry={() => void provider.refetch()}
      />
    );
  // Keyed by the saved version: a save or a removal starts the form again from what the server kept.
  return (
    <OidcForm
      key={provider.data?.updatedAt ?? 'none'}
      zoneId={zoneId}
      zoneName={zoneName}
      provider={provider.data}
    />
  );
}

function OidcForm({
  zoneId,
  zoneName,
  provider,
}: {
  zoneId: string;
  zoneName: string;
  provider: OidcProvider | null;
}) {
  const save = useSaveOidcProvider(zoneId);
  const remove = useRemoveSignInProvider(zoneId, 'google');
  const [issuer, setIssuer] = useState(provider?.issuer ?? 'https://accounts.google.com');
  const [clientId, setClientId] = useState(provider?.clientId ?? '');
  // Never the stored secret (the server does not answer it): only a new one, when replacing it.
  const [replacing, setReplacing] = useState(!provider?.hasSecret);
  const [clientSecret, setClientSecret] = useState('');
  const [allowedDomains, setAllowedDomains] = useState<string[]>(provider?.allowedDomains ?? []);
  const [provisioning, setProvisioning] = useState<ProvisioningDraft>(() =>
    provisioningDraft(provider?.provisioning),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function submit() {
    const body: OidcProviderBody = {
      issuer: issuer.trim(),
      clientId,
      // Without a new secret the body has none, and the server keeps the one it holds.
      ...(replacing && clientSecret ? { clientSecret } : {}),
      allowedDomains,
      provisioning: provisioningBody(provisioning),
    };
    const checked = oidcProviderBodySchema.safeParse(body);
    if (!checked.success) {
      setErrors(issueErrors(checked.error, FIELDS));
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync(checked.data);
      notifications.show({ color: 'green', message: 'OpenID sign-in saved' });
    } catch (err) {
      setErrors(saveErrors(err, FIELDS));
    }
  }

  async function removeProvider() {
    const ok = await confirmAction({
      title: 'Remove OpenID sign-in',
      message: `Remove the OpenID provider of ${zoneName}? Nobody can sign in with it any more.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(undefined);
      notifications.show({ color: 'green', message: 'OpenID sign-in removed' });
    } catch (err) {
      setErrors({ fields: {}, form: messages.couldNotDelete(err) });
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={`oidc-${zoneId}`}>
      <Title order={4} size="h5" id={`oidc-${zoneId}`}>
        OpenID ({provider?.label ?? 'Google'})
      </Title>
      {provider ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Register this redirect URI with the provider, for the client id below.
          </Text>
          <CopyValue label="Redirect URI" value={provider.redirectUri} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Not set up. Vigil’s redirect URI to register with the provider appears once it is saved.
        </Text>
      )}
      {errors.form && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setErrors((e) => ({ ...e, form: undefined }))}
        >
          {errors.form}
        </Alert>
      )}
      <TextInput
        label="Issuer"
        description="Vigil reads the provider’s endpoints from its discovery document once, on saving."
        required
        value={issuer}
        error={errors.fields.issuer}
        onChange={(e) => setIssuer(e.currentTarget.value)}
      />
      <TextInput
        label="Client id"
        required
        value={clientId}
        error={errors.fields.clientId}
        onChange={(e) => setClientId(e.currentTarget.value)}
      />
      {replacing ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <PasswordInput
            style={{ flex: 1 }}
            label={provider?.hasSecret ? 'New client secret' : 'Client secret'}
            description={provider?.hasSecret ? 'Replaces the secret Vigil holds.' : undefined}
            autoComplete="new-password"
            value={clientSecret}
            error={errors.fields.clientSecret}
            onChange={(e) => setClientSecret(e.currentTarget.value)}
          />
          {provider?.hasSecret && (
            <Button
              variant="default"
              onClick={() => {
                setReplacing(false);
                setClientSecret('');
              }}
            >
              Keep the current secret
            </Button>
          )}
        </Group>
      ) : (
        <Group gap="xs">
          <Text size="sm">Secret: set</Text>
          <Button size="compact-sm" variant="default" onClick={() => setReplacing(true)}>
            Replace secret
          </Button>
        </Group>
      )}
      <TagsInput
        label="Allowed e-mail domains"
        description="Only verified addresses of these domains may sign in (press Enter after each)."
        placeholder={allowedDomains.length ? undefined : 'hospital.org'}
        required
        value={allowedDomains}
        error={errors.fields.allowedDomains}
        onChange={setAllowedDomains}
        splitChars={[',', ' ']}
      />
      <ProvisioningFields value={provisioning} onChange={setProvisioning} errors={errors.fields} />
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save OpenID
        </Button>
        {provider && (
          <Button
            color="red"
            variant="light"
            ml="auto"
            loading={remove.isPending}
            onClick={() => void removeProvider()}
          >
            Remove OpenID
          </Button>
        )}
      </Group>
      <Divider />
    </Stack>
  );
}
