import { useState } from 'react';
import { List, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  gatewayBatchOperations,
  type BulkResult,
  type Gateway,
  type GatewayBatchOperation,
} from '@vigil/domain';
import { ApiError } from '../../api/errors';
import { useBulkGateways } from '../../api/gateways';
import { messages } from '../../api/messages';
import { ineligibleOf } from '../../api/tags';
import { useSignedIn } from '../../session/session';
import { BatchMenu } from '../batch-menu';
import { EditModal } from '../edit-modal';
import { GATEWAY_BATCH_LABELS, INVENTORY_ORG_SLUG, batchCandidateOf } from './gateway-batch-fields';

/**
 * The batch menu of the selected gateways: exactly the operations SPEC §4 allows for the selection
 * (the domain's `gatewayBatchOperations`), each opening its confirmation.
 */
export function GatewayBatchMenu({
  selected,
  clear,
  onResult,
}: {
  selected: Gateway[];
  /** Empties the selection once an operation has run. */
  clear: () => void;
  /** Told of each run that the server applied. */
  onResult?: (operation: GatewayBatchOperation, result: BulkResult) => void;
}) {
  const { me } = useSignedIn();
  const offered = gatewayBatchOperations(
    selected.map((g) => batchCandidateOf(g, me.org.slug ?? null)),
    INVENTORY_ORG_SLUG,
  );

  return (
    <BatchMenu
      heading={`${selected.length} ${selected.length === 1 ? 'gateway' : 'gateways'}`}
      operations={offered}
      labels={GATEWAY_BATCH_LABELS}
      danger={['mark_lost']}
      dialog={(operation, close) => (
        <GatewayBatchDialog
          operation={operation}
          gateways={selected}
          onClose={close}
          onDone={(result) => {
            clear();
            onResult?.(operation, result);
          }}
        />
      )}
    />
  );
}

/** What each operation does, said before it runs (the dialog is its confirmation). */
const CONSEQUENCES: Record<GatewayBatchOperation, string> = {
  transfer: 'The gateways move to the organisation you name, without a location.',
  transfer_inv: 'The gateways go back to the inventory organisation, without a location.',
  clear_diag_info:
    'The diagnostics and neighbours the nodes reported are cleared, and the nodes are told so.',
  mark_lost: 'The gateways are marked lost and taken off their locations.',
};

const SHOWN_IDS = 10;

/** A refused bulk write in SPEC §8's words, naming the gateways the server would not take. */
function refusal(error: unknown): Error {
  const ineligible = error instanceof ApiError && error.status === 400 ? ineligibleOf(error) : [];
  const named = ineligible.length ? ` Not eligible: ${ineligible.join(', ')}.` : '';
  return new Error(`${messages.couldNotUpdate(error)}${named}`);
}

type DialogProps = {
  operation: GatewayBatchOperation;
  gateways: Gateway[];
  onClose: () => void;
  onDone: (result: BulkResult) => void;
};

/** One gateway batch operation's confirmation (and, for transfer, its target); bulk PUT on submit. */
function GatewayBatchDialog({ operation, gateways, onClose, onDone }: DialogProps) {
  const bulk = useBulkGateways();
  const [org, setOrg] = useState('');
  const count = `${gateways.length} ${gateways.length === 1 ? 'gateway' : 'gateways'}`;

  async function submit() {
    try {
      const result = await bulk.mutateAsync({
        ids: gateways.map((g) => g.id),
        op: operation,
        args: operation === 'transfer' ? { org: org.trim() } : {},
      });
      notifications.show({
        color: 'green',
        message: `${GATEWAY_BATCH_LABELS[operation]}: ${result.count} ${result.count === 1 ? 'gateway' : 'gateways'} done.`,
      });
      onDone(result);
    } catch (err) {
      throw refusal(err);
    }
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={`${GATEWAY_BATCH_LABELS[operation]}: ${count}`}
      onSubmit={submit}
      submitLabel={GATEWAY_BATCH_LABELS[operation]}
      submitDisabled={operation === 'transfer' && !org.trim()}
    >
      <Stack gap="xs">
        <Text size="sm">{CONSEQUENCES[operation]}</Text>
        <List size="sm" spacing={2}>
          {gateways.slice(0, SHOWN_IDS).map((g) => (
            <List.Item key={g.id} ff="monospace">
              {g.id}
            </List.Item>
          ))}
        </List>
        {gateways.length > SHOWN_IDS && (
          <Text size="sm" c="dimmed">{`and ${gateways.length - SHOWN_IDS} more`}</Text>
        )}
      </Stack>
      {operation === 'transfer' && (
        <TextInput
          label="Organisation"
          description="The slug of the organisation that receives the gateways."
          required
          value={org}
          onChange={(e) => setOrg(e.currentTarget.value)}
          data-autofocus
        />
      )}
    </EditModal>
  );
}
