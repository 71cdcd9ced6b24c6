import { useId, useState } from 'react';
import { List, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BulkResult, Tag, TagBatchOperation, TagBulkArgs } from '@vigil/domain';
import { ApiError } from '../../api/errors';
import { messages } from '../../api/messages';
import { ineligibleOf, useBulkTags } from '../../api/tags';
import { EditModal } from '../edit-modal';
import { ZonePicker } from '../zone-picker';
import { BATCH_OPERATION_LABELS } from './tag-batch-fields';

/** What each operation does, said before it runs (the dialog is its confirmation). */
const CONSEQUENCES: Record<TagBatchOperation, string> = {
  transfer: 'The tags move to the organisation of the zone you pick.',
  preassign: 'The tags are reserved for the location you pick.',
  label: 'Every selected tag gets this label.',
  unreserve: 'The reservation of the tags is lifted: they become available.',
  transfer_inv: 'The tags go back to the inventory organisation.',
  mark_lost: 'The tags are marked lost; their owner and label are cleared.',
  maint_toggle: 'Maintenance mode of the tags is switched.',
  resp_toggle: 'Responder mode of the tags is switched.',
  unflag: 'The replacement flag of the tags is cleared.',
};

const SHOWN_IDS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A bulk refusal in SPEC §8's words, naming the tags the server would not take. */
function refusal(error: unknown): Error {
  if (error instanceof ApiError && error.status === 400) {
    // The server's reason usually names the tags already; name them when it does not (all of them).
    const ineligible = ineligibleOf(error);
    const unnamed = ineligible.some((id) => !error.reason.includes(id));
    const named = unnamed ? ` Not eligible: ${ineligible.join(', ')}.` : '';
    return new Error(`${messages.couldNotUpdate(error)}${named}`);
  }
  return new Error(messages.somethingWentWrong(error));
}

export type TagBatchDialogProps = {
  operation: TagBatchOperation;
  tags: Tag[];
  onClose: () => void;
  /** Called with the run's answer after the server applied the operation (e.g. to clear the selection). */
  onDone: (result: BulkResult) => void;
};

/** One batch operation's arguments and confirmation; bulk PUT tags on submit. */
export function TagBatchDialog({ operation, tags, onClose, onDone }: TagBatchDialogProps) {
  const bulk = useBulkTags();
  const [zone, setZone] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [on, setOn] = useState('on');
  // Transfer: a zone of this organisation from the tree, or another organisation's zone by its id
  // (the console can list only the caller's own organisation's zones).
  const [elsewhere, setElsewhere] = useState('here');
  const [zoneId, setZoneId] = useState('');
  const toggleId = useId();
  const title = BATCH_OPERATION_LABELS[operation];
  const count = `${tags.length} ${tags.length === 1 ? 'tag' : 'tags'}`;

  const otherZone = operation === 'transfer' && elsewhere === 'elsewhere';
  const target = otherZone ? zoneId.trim().toLowerCase() : zone;
  const badZoneId = otherZone && zoneId.trim() !== '' && !UUID.test(zoneId.trim());
  const args: TagBulkArgs =
    operation === 'transfer' || operation === 'preassign'
      ? { zone: target || undefined }
      : operation === 'label'
        ? { label: label.trim() || null }
        : operation === 'maint_toggle'
          ? { maintMode: on === 'on' }
          : operation === 'resp_toggle'
            ? { responder: on === 'on' }
            : {};
  const missing =
    ((operation === 'transfer' || operation === 'preassign') && (!target || badZoneId)) ||
    (operation === 'label' && !label.trim());

  async function submit() {
    try {
      const result = await bulk.mutateAsync({ ids: tags.map((t) => t.id), op: operation, args });
      notifications.show({
        color: 'green',
        message: `${title}: ${result.count} ${result.count === 1 ? 'tag' : 'tags'} updated`,
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
      title={`${title}: ${count}`}
      onSubmit={submit}
      submitLabel={`${title} ${count}`}
      submitDisabled={missing}
    >
      <Stack gap="xs">
        <Text size="sm">{CONSEQUENCES[operation]}</Text>
        <List size="sm" aria-label="Selected tags">
          {tags.slice(0, SHOWN_IDS).map((t) => (
            <List.Item key={t.id} ff="monospace">
              {t.id}
            </List.Item>
          ))}
          {tags.length > SHOWN_IDS && <List.Item>{`and ${tags.length - SHOWN_IDS} more`}</List.Item>}
        </List>
      </Stack>
      {operation === 'transfer' && (
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Transfer to"
            value={elsewhere}
            onChange={setElsewhere}
            data={[
              { value: 'here', label: 'A zone of this organisation' },
              { value: 'elsewhere', label: 'Another organisation' },
            ]}
          />
          {otherZone ? (
            <TextInput
              label="Zone id"
              required
              description="The id of the receiving organisation, or of a zone in it, that you may see."
              value={zoneId}
              error={badZoneId ? 'A zone id looks like 3f2b…-…: 36 characters' : undefined}
              onChange={(e) => setZoneId(e.currentTarget.value)}
            />
          ) : (
            <ZonePicker label="Target zone" required value={zone} onChange={(id) => setZone(id)} />
          )}
        </Stack>
      )}
      {operation === 'preassign' && (
        <ZonePicker label="Location" required value={zone} onChange={(id) => setZone(id)} />
      )}
      {operation === 'label' && (
        <TextInput
          label="Label"
          required
          value={label}
          maxLength={200}
          onChange={(e) => setLabel(e.currentTarget.value)}
          data-autofocus
        />
      )}
      {(operation === 'maint_toggle' || operation === 'resp_toggle') && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={toggleId}>
            {title}
          </Text>
          <SegmentedControl
            aria-labelledby={toggleId}
            value={on}
            onChange={setOn}
            data={[
              { value: 'on', label: 'Turn on' },
              { value: 'off', label: 'Turn off' },
            ]}
          />
        </Stack>
      )}
    </EditModal>
  );
}
