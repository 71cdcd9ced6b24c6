import { useState } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import {
  confirmTagState,
  tagAssignmentUpdate,
  tagInvalidationUpdate,
  tagRestoreUpdate,
  type TagDetail,
  type TagFlowUpdate,
  type TagUpdateBody,
} from '@vigil/domain';
import { messages } from '../../api/messages';
import { useUpdateTag } from '../../api/tags';
import { EditModal } from '../../ui/edit-modal';
import { tagStateLabel } from './tag-fields';

/** SPEC §4 tag flows the edit offers, with the update each makes. */
const FLOWS = {
  assign: { label: 'Assign (deployed)', update: tagAssignmentUpdate },
  ready_for_return: {
    label: 'Invalidate: ready for return',
    update: () => tagInvalidationUpdate('ready_for_return'),
  },
  lost: { label: 'Invalidate: lost', update: () => tagInvalidationUpdate('lost') },
  restore: { label: 'Restore (available)', update: tagRestoreUpdate },
} as const satisfies Record<string, { label: string; update: () => TagFlowUpdate }>;
type Flow = keyof typeof FLOWS;

/**
 * Edit a tag (SPEC §7 PUT tags/{id}): owner, label, and a state change by one of SPEC §4's flows.
 * Invalidation and restore clear owner and label; a state change counts only when the tag the
 * server returns has that state ('DB error' otherwise).
 */
export function TagEditModal({ tag, onClose }: { tag: TagDetail; onClose: () => void }) {
  const update = useUpdateTag();
  const [name, setName] = useState(tag.config.owner?.name ?? '');
  const [personId, setPersonId] = useState(tag.config.owner?.personId ?? '');
  const [label, setLabel] = useState(tag.config.label ?? '');
  const [flow, setFlow] = useState<Flow | ''>('');
  const clears = flow !== '' && flow !== 'assign';
  const current = tag.config.state;

  function body(): TagUpdateBody {
    const change: TagUpdateBody = flow ? { ...FLOWS[flow].update() } : {};
    if (clears) return change;
    const owner = name.trim() ? { name: name.trim(), personId: personId.trim() || null } : null;
    const before = tag.config.owner ?? null;
    if (owner?.name !== before?.name || (owner?.personId ?? null) !== (before?.personId ?? null))
      change.owner = owner;
    if ((label.trim() || null) !== (tag.config.label ?? null)) change.label = label.trim() || null;
    return change;
  }

  async function submit() {
    const change = body();
    const saved = await update.mutateAsync({ id: tag.id, ...change }).catch((err: unknown) => {
      throw new Error(messages.couldNotUpdate(err));
    });
    if (change.state) {
      const verdict = confirmTagState(change.state, saved.config?.state);
      if (!verdict.ok) throw new Error(messages.couldNotUpdate(new Error(verdict.reason)));
    }
  }

  return (
    <EditModal opened onClose={onClose} title={`Edit tag ${tag.id}`} onSubmit={submit} submitLabel="Save">
      <NativeSelect
        label="State change"
        description={current ? `Now: ${tagStateLabel(current)}` : undefined}
        error={current ? undefined : messages.tagStateNotFound}
        value={flow}
        onChange={(e) => setFlow(e.currentTarget.value as Flow | '')}
        data={[
          { value: '', label: 'No change' },
          ...Object.entries(FLOWS).map(([value, f]) => ({ value, label: f.label })),
        ]}
      />
      <TextInput
        label="Owner"
        value={clears ? '' : name}
        disabled={clears}
        description={clears ? 'Cleared by this state change' : undefined}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={200}
        data-autofocus
      />
      <TextInput
        label="Person ID"
        value={clears ? '' : personId}
        disabled={clears || !name.trim()}
        onChange={(e) => setPersonId(e.currentTarget.value)}
        maxLength={100}
      />
      <TextInput
        label="Label"
        value={clears ? '' : label}
        disabled={clears}
        description={clears ? 'Cleared by this state change' : undefined}
        onChange={(e) => setLabel(e.currentTarget.value)}
        maxLength={200}
      />
    </EditModal>
  );
}
