import { useState } from 'react';
import { Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  GATEWAY_CONFIG_STATE_LABELS,
  GATEWAY_REMOVAL_ACTIONS,
  GATEWAY_REMOVAL_ACTION_LABELS,
  UNASSIGN_STATE,
  type GatewayDetail,
  type GatewayRemovalAction,
} from '@vigil/domain';
import { useUnassignGateway } from '../../api/gateways';
import { messages } from '../../api/messages';
import { EditModal } from '../../ui/edit-modal';

/**
 * Unassign a gateway (SPEC §7 POST gateways/{id}/unassign): the removal action, an RMA's reason
 * (required), and what will happen, confirmed by the submit button.
 */
export function UnassignDialog({ gateway, onClose }: { gateway: GatewayDetail; onClose: () => void }) {
  const unassign = useUnassignGateway();
  const [action, setAction] = useState<GatewayRemovalAction>('none');
  const [reason, setReason] = useState('');
  const needsReason = action === 'rma' && !reason.trim();
  const where = gateway.location.path ?? 'its location';

  async function submit() {
    try {
      await unassign.mutateAsync({
        id: gateway.id,
        action,
        ...(action === 'rma' ? { rmaReason: reason.trim() } : {}),
      });
    } catch (err) {
      throw new Error(messages.couldNotUpdate(err));
    }
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={`Unassign gateway ${gateway.id}`}
      onSubmit={submit}
      submitLabel="Unassign"
      submitDisabled={needsReason}
    >
      <Radio.Group
        label="What happens to the gateway"
        value={action}
        onChange={(value) => setAction(value as GatewayRemovalAction)}
      >
        <Stack gap="xs" mt="xs">
          {GATEWAY_REMOVAL_ACTIONS.map((a) => (
            <Radio key={a} value={a} label={GATEWAY_REMOVAL_ACTION_LABELS[a]} />
          ))}
        </Stack>
      </Radio.Group>
      {action === 'rma' && (
        <Textarea
          label="RMA reason"
          required
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={needsReason ? 'An RMA needs a reason' : undefined}
          data-autofocus
        />
      )}
      <Text size="sm">
        {`The gateway leaves ${where} and becomes ${GATEWAY_CONFIG_STATE_LABELS[UNASSIGN_STATE[action]]}. It is told with the answer to its next heartbeat.`}
      </Text>
    </EditModal>
  );
}
