import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Anchor, Center, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PublicDevice } from '@vigil/domain';
import { ApiError } from '../../api/errors';
import { usePublicDevice } from '../../api/public-devices';
import { ErrorPanel } from '../../ui/error-panel';

const KIND_LABEL: Record<PublicDevice['kind'], string> = { tag: 'safety tag', gateway: 'gateway' };

/**
 * SPEC §2.1 /{id} (empty layout) and /v1/{type}/{id} (logo layout): the page a QR code or link on
 * a device opens, with no login. It names the kind of device, its organisation and whom to return
 * it to; never its owner, location or state (the server does not send them).
 */
export function PublicDeviceScreen() {
  const { id = '', type } = useParams();
  const device = usePublicDevice(id);
  // The logo layout already frames the page in a card; the empty layout does not.
  const frame = (content: ReactNode) =>
    type === undefined ? (
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
          {content}
        </Paper>
      </Center>
    ) : (
      content
    );

  if (device.isPending) {
    return frame(
      <Stack aria-busy>
        <Skeleton h={28} w="60%" />
        <Skeleton h={16} />
        <Skeleton h={16} w="80%" />
      </Stack>,
    );
  }
  if (device.isError) {
    return frame(
      device.error instanceof ApiError && device.error.status === 404 ? (
        <Stack>
          <Title order={1} size="h2">
            Device not found
          </Title>
          <Text>There is no device with the id {id}. Please check the code on the device.</Text>
        </Stack>
      ) : (
        <ErrorPanel error={device.error} onRetry={() => void device.refetch()} />
      ),
    );
  }
  const { organisation, contact, kind, sku } = device.data;
  const hasContact = contact.name || contact.email || contact.phone;
  return frame(
    <Stack>
      <Title order={1} size="h2">
        Found this {KIND_LABEL[kind]}?
      </Title>
      <Text>
        This {KIND_LABEL[kind]} belongs to <b>{organisation.name}</b>.
      </Text>
      <Text size="sm" c="dimmed">
        Device {device.data.id}
        {sku ? ` · ${sku}` : ''}
      </Text>
      {hasContact ? (
        <Stack gap={4} component="section" aria-label="Return contact">
          <Text fw={600}>Please return it to</Text>
          {contact.name && <Text>{contact.name}</Text>}
          {contact.email && <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>}
          {contact.phone && (
            <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Anchor>
          )}
        </Stack>
      ) : (
        <Text>Please hand it to {organisation.name}&apos;s reception or security desk.</Text>
      )}
    </Stack>,
  );
}
