import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** A list row's Edit and Delete buttons, each named for the row (e.g. 'Edit Dana Admin'). */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  /** How the row is named in the buttons' accessible names. */
  name: string;
  /** Shows Edit when given. */
  onEdit?: () => void;
  /** Shows Delete when given (the caller confirms first). */
  onDelete?: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
