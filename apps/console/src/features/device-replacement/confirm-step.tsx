import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import type { GatewayDetail, GatewayReplaceResult } from '@vigil/domain';
import { useReplaceGateway } from '../../api/gateway-replacement';
import { messages } from '../../api/messages';
import { FactsList } from '../../ui/facts-list';
import { placeOf, removalLabel, removalOutcome } from './replacement-text';
import type { Removal } from './removal-step';

/**
 * The summary before anything changes: old → new, where the new one goes and what it takes over,
 * and what happens to the old one. Replace sends it as one request; a refusal is shown with the
 * server's reason and nothing has changed.
 */
export function ConfirmStep({
  old,
  fresh,
  removal,
  onDone,
  onBack,
}: {
  old: GatewayDetail;
  fresh: GatewayDetail;
  removal: Removal;
  onDone: (result: GatewayReplaceResult) => void;
  onBack: () => void;
}) {
  const replace = useReplaceGateway();
  const labels = old.config.labels ?? [];

  function submit() {
    replace.mutate(
      {
        oldId: old.id,
        newGatewayId: fresh.id,
        action: removal.action,
        ...(removal.action === 'rma' ? { rmaReason: removal.rmaReason } : {}),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap" aria-label={`Replace ${old.id} with ${fresh.id}`} role="group">
        <Text size="xl" ff="monospace" fw={700}>
          {old.id}
        </Text>
        <IconArrowRight size={32} aria-hidden />
        <Text size="xl" ff="monospace" fw={700}>
          {fresh.id}
        </Text>
      </Group>
      <FactsList
        cols={1}
        placeholder="None"
        facts={[
          ['Location', placeOf(old)],
          ['Floor plan marker', 'Its marker, if it has one, shows the new gateway'],
          ['Labels', labels.join(', ')],
          ['Notes', old.config.notes],
          [
            `Old gateway ${old.id}`,
            `${removalLabel(removal.action)}${removal.action === 'rma' ? ` (${removal.rmaReason})` : ''}. ${removalOutcome(removal.action)}`,
          ],
        ]}
      />
      {replace.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="lg">{messages.couldNotUpdate(replace.error)}</Text>
        </Alert>
      )}
      <Group gap="md" grow>
        <Button size="xl" variant="default" onClick={onBack} disabled={replace.isPending}>
          Back
        </Button>
        <Button size="xl" onClick={submit} loading={replace.isPending}>
          Replace gateway
        </Button>
      </Group>
    </Stack>
  );
}
