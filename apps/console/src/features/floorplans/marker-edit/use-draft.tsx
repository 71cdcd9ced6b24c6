import { useMemo, useRef } from 'react';
import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { FLOORPLAN_MESSAGES } from '@vigil/domain';
import { dialogPortalProps } from '../../../ui/confirm';

// SPEC §2.7: the map toolbar's 'Save changes?' on leaving an edit. The open form registers what it
// holds; selecting another marker or pressing Done asks first when it holds unsaved changes.

/** What the open form tells the editor: whether it holds unsaved changes, and how to save them. */
export type DraftGuard = { dirty: () => boolean; save: () => Promise<boolean> };

export type Draft = {
  /** The open form's guard (null when it closes). */
  set: (guard: DraftGuard | null) => void;
  /** True when the form may be left: nothing unsaved, saved now, or discarded. */
  leave: () => Promise<boolean>;
};

type Answer = 'save' | 'discard' | 'stay';

/** 'Save changes?': Save, Discard, or closing the dialog to stay with the form. */
function askSaveChanges(): Promise<Answer> {
  return new Promise((resolve) => {
    // A button also closes the modal, which calls onClose: the first answer wins.
    openConfirmModal({
      ...dialogPortalProps(),
      title: FLOORPLAN_MESSAGES.saveChanges,
      children: <Text size="sm">The open form holds changes that are not saved yet.</Text>,
      labels: { confirm: 'Save', cancel: 'Discard' },
      onConfirm: () => resolve('save'),
      onCancel: () => resolve('discard'),
      onClose: () => resolve('stay'),
    });
  });
}

export function useDraft(): Draft {
  const guard = useRef<DraftGuard | null>(null);
  return useMemo(
    () => ({
      set: (next) => {
        guard.current = next;
      },
      leave: async () => {
        const open = guard.current;
        if (!open?.dirty()) return true;
        const answer = await askSaveChanges();
        if (answer === 'stay') return false;
        return answer === 'discard' || open.save();
      },
    }),
    [],
  );
}
