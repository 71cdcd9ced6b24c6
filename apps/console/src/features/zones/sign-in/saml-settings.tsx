import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Divider,
  FileInput,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { samlProviderBodySchema, type SamlProvider, type SamlProviderBody } from '@vigil/domain';
import { messages } from '../../../api/messages';
import {
  useRemoveSignInProvider,
  useSamlProvider,
  useSaveSamlProvider,
} from '../../../api/sign-in-providers';
import { confirmAction } from '../../../ui/confirm';
import { ErrorPanel } from '../../../ui/error-panel';
import { FactsList } from '../../../ui/facts-list';
import { CopyValue } from './copy-value';
import { NO_ERRORS, issueErrors, saveErrors, type FormErrors } from './form-errors';
import {
  PROVISIONING_FIELDS,
  ProvisioningFields,
  provisioningBody,
  provisioningDraft,
  type ProvisioningDraft,
} from './provisioning-fields';

const FIELDS = ['metadataXml', 'emailAttribute', 'nameAttribute', ...PROVISIONING_FIELDS] as const;
/** A certificate this close to its end is flagged, so the IdP's new one is in the metadata in time. */
const EXPIRY_WARNING_MS = 30 * 24 * 3600_000;
/** samlProviderBodySchema's limit on the metadata. */
const METADATA_MAX_BYTES = 512 * 1024;

/** The uploaded metadata as text, no larger than the API takes. */
function readText(file: File): Promise<string> {
  if (file.size > METADATA_MAX_BYTES) return Promise.reject(new Error('the file is larger than 512 KB'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error(reader.error?.message || 'the file could not be read'));
    reader.readAsText(file);
  });
}

/** Issue 17: the organisation's SAML 2.0 identity provider, and Vigil's details for the hospital's IT. */
export function SamlSettings({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const provider = useSamlProvider(zoneId);
  if (provider.isPending) return <Text c="dimmed">Loading SAML settings…</Text>;
  if (provider.isError)
    return (
      <ErrorPanel
        title="Could not load the SAML settings"
        error={provider.error}
        onRetry={() => void provider.refetch()}
      />
    );
  // Keyed by the saved version: a save or a removal starts the form again from what the server kept.
  return (
    <SamlForm
      key={provider.data?.updatedAt ?? 'none'}
      zoneId={zoneId}
      zoneName={zoneName}
      provider={provider.data}
    />
  );
}

function SamlForm({
  zoneId,
  zoneName,
  provider,
}: {
  zoneId: string;
  zoneName: string;
  provider: SamlProvider | null;
}) {
  const save = useSaveSamlProvider(zoneId);
  const remove = useRemoveSignInProvider(zoneId, 'saml');
  const [metadataXml, setMetadataXml] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [emailAttribute, setEmailAttribute] = useState(provider?.emailAttribute ?? 'email');
  const [nameAttribute, setNameAttribute] = useState(provider?.nameAttribute ?? 'displayName');
  const [provisioning, setProvisioning] = useState<ProvisioningDraft>(() =>
    provisioningDraft(provider?.provisioning),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function readFile(chosen: File | null) {
    setFile(chosen);
    if (!chosen) return;
    try {
      setMetadataXml(await readText(chosen));
      setErrors((e) => ({ ...e, fields: { ...e.fields, metadataXml: '' } }));
    } catch (err) {
      setErrors((e) => ({ ...e, fields: { ...e.fields, metadataXml: messages.couldNotLoadFile(err) } }));
    }
  }

  async function submit() {
    const body: SamlProviderBody = {
      // Left empty on a provider already set up: the server keeps the IdP it read before.
      metadataXml: provider && !metadataXml.trim() ? undefined : metadataXml,
      emailAttribute,
      nameAttribute,
      provisioning: provisioningBody(provisioning),
    };
    const checked = samlProviderBodySchema.safeParse(body);
    if (!checked.success) {
      setErrors(issueErrors(checked.error, FIELDS));
      return;
    }
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync(checked.data);
      notifications.show({ color: 'green', message: 'SAML sign-in saved' });
    } catch (err) {
      setErrors(saveErrors(err, FIELDS));
    }
  }

  async function removeProvider() {
    const ok = await confirmAction({
      title: 'Remove SAML sign-in',
      message: `Remove the SAML identity provider of ${zoneName}? Nobody can sign in with it any more.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(undefined);
      notifications.show({ color: 'green', message: 'SAML sign-in removed' });
    } catch (err) {
      setErrors({ fields: {}, form: messages.couldNotDelete(err) });
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={`saml-${zoneId}`}>
      <Title order={4} size="h5" id={`saml-${zoneId}`}>
        Single sign-on (SAML)
      </Title>
      {provider ? (
        <SamlDetails provider={provider} />
      ) : (
        <Text size="sm" c="dimmed">
          Not set up. Paste or upload your identity provider’s metadata to set it up; Vigil’s details for your
          IT appear once it is saved.
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
      <Textarea
        label="Identity provider metadata (XML)"
        description={
          provider
            ? 'Leave it empty to keep the identity provider read before; paste or upload new metadata when its certificate or address changes.'
            : 'The EntityDescriptor your identity provider publishes.'
        }
        required={!provider}
        // Not autosize: it measures fonts the page may not have loaded; a fixed box suits pasted XML.
        rows={6}
        ff="monospace"
        value={metadataXml}
        error={errors.fields.metadataXml || undefined}
        onChange={(e) => setMetadataXml(e.currentTarget.value)}
      />
      <FileInput
        label="Or upload the metadata file"
        placeholder="Choose an XML file"
        accept=".xml,text/xml,application/xml,application/samlmetadata+xml"
        clearable
        value={file}
        onChange={(chosen) => void readFile(chosen)}
      />
      <Group grow align="flex-start">
        <TextInput
          label="E-mail attribute"
          description="Without it, the NameID is the e-mail."
          value={emailAttribute}
          error={errors.fields.emailAttribute}
          onChange={(e) => setEmailAttribute(e.currentTarget.value)}
        />
        <TextInput
          label="Name attribute"
          value={nameAttribute}
          error={errors.fields.nameAttribute}
          onChange={(e) => setNameAttribute(e.currentTarget.value)}
        />
      </Group>
      <ProvisioningFields value={provisioning} onChange={setProvisioning} errors={errors.fields} />
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save SAML
        </Button>
        {provider && (
          <Button
            color="red"
            variant="light"
            ml="auto"
            loading={remove.isPending}
            onClick={() => void removeProvider()}
          >
            Remove SAML
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The IdP as Vigil read it from the metadata, and what the hospital's IT registers of Vigil. */
function SamlDetails({ provider }: { provider: SamlProvider }) {
  const { idp, sp } = provider;
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        Identity provider
      </Text>
      <FactsList
        cols={1}
        facts={[
          ['Entity id', idp.entityId],
          ['Single sign-on URL', idp.ssoUrl],
        ]}
      />
      <Stack gap={4} component="section" aria-label="Identity provider certificates">
        <Text size="sm" c="dimmed">
          Signing certificates
        </Text>
        {idp.certificates.length === 0 && <Text size="sm">None in the metadata.</Text>}
        {idp.certificates.map((cert) => (
          <Stack key={cert.fingerprintSha256} gap={0}>
            <Group gap="xs">
              <Text size="sm">{cert.subject}</Text>
              <ExpiryBadge notAfter={cert.notAfter} />
            </Group>
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              SHA-256 {cert.fingerprintSha256}
            </Text>
          </Stack>
        ))}
      </Stack>
      <Divider />
      <Text fw={500} size="sm">
        Vigil’s details for your identity provider
      </Text>
      <CopyValue label="Entity id" value={sp.entityId} />
      <CopyValue label="Assertion consumer service URL" value={sp.acsUrl} />
      <CopyValue label="Metadata URL" value={sp.metadataUrl} />
      <CopyValue label="Certificate" value={sp.certificate} block />
      <Divider />
    </Stack>
  );
}

function ExpiryBadge({ notAfter }: { notAfter: string }) {
  const end = Date.parse(notAfter);
  const date = new Date(end).toLocaleDateString();
  const left = end - Date.now();
  if (left <= 0) return <Badge color="red">Expired {date}</Badge>;
  if (left < EXPIRY_WARNING_MS) return <Badge color="orange">Expires {date}</Badge>;
  return (
    <Badge color="gray" variant="light">
      Expires {date}
    </Badge>
  );
}
