import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { nextLevel, type Zone } from '@vigil/domain';
import { messages } from '../api/messages';
import { useDeleteZone } from '../api/zones';
import { confirmAction } from './confirm';

export type ZoneNodeActionsProps = {
  zone: Zone;
  /** Only the focused node's buttons are in the Tab order; the others are a click or an arrow away. */
  tabbable: boolean;
  /** The organisation itself is not deleted from its own tree. */
  canDelete: boolean;
  onAdd: () => void;
  onDeleted: () => void;
};

/** A node's 'Add zone inside' and 'Delete' buttons (SPEC §2.8), each named after the zone. */
/** Every zone delete asks first (destructive actions always confirm). */
export function confirmZoneDelete(name: string): Promise<boolean> {
  return confirmAction({
    title: 'Delete zone',
    message: `Delete zone "${name}"? This cannot be undone.`,
    confirmLabel: 'Delete',
    danger: true,
  });
}

export function ZoneNodeActions({ zone, tabbable, canDelete, onAdd, onDeleted }: ZoneNodeActionsProps) {
  const deleteZone = useDeleteZone();
  const tabIndex = tabbable ? 0 : -1;

  async function remove() {
    if (!(await confirmZoneDelete(zone.name))) return;
    try {
      await deleteZone.mutateAsync(zone.id);
      onDeleted();
    } catch (error) {
      notifications.show({ color: 'red', message: messages.zoneDeleteFailed(zone.name, error) });
    }
  }

  return (
    <Group gap={2} wrap="nowrap">
      {nextLevel(zone.level) && (
        <Tooltip label="Add zone inside" openDelay={400}>
          <ActionIcon
            variant="subtle"
            size="sm"
            tabIndex={tabIndex}
            aria-label={`Add zone inside ${zone.name}`}
            onClick={onAdd}
          >
            <IconPlus size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label="Delete" openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            tabIndex={tabIndex}
            aria-label={`Delete zone ${zone.name}`}
            loading={deleteZone.isPending}
            onClick={() => void remove()}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
