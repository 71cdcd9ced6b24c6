import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';

export type ConfirmOptions = {
  /** The dialog's title, also its accessible name. */
  title: string;
  /** What will happen, e.g. 'Delete zone "Floor 1"?'. */
  message: ReactNode;
  /** The confirm button's text, e.g. 'Delete'. */
  confirmLabel: string;
  /** Paints the confirm button red for destructive actions. */
  danger?: boolean;
};

/**
 * Where a dialog opened now goes: inside the element in full screen (the floor map's frame), which
 * alone is shown then, else the page (Mantine's default portal).
 */
export function dialogPortalProps(): { portalProps?: { target: HTMLElement } } {
  const shown = document.fullscreenElement;
  return shown instanceof HTMLElement ? { portalProps: { target: shown } } : {};
}

/** Asks before an action (every destructive action confirms): true on confirm, false on Cancel or close. */
export function confirmAction({ title, message, confirmLabel, danger }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    // A confirm also closes the modal, which calls onClose: the first answer wins.
    openConfirmModal({
      ...dialogPortalProps(),
      title,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
