import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { nextLevel, type Zone, type ZoneCreateBody } from '@vigil/domain';
import { messages } from '../api/messages';
import { useCreateZone } from '../api/zones';

export type ZoneAddFormProps = {
  /** The zone the new one goes inside; the new zone takes the next level below it. */
  parent: Zone;
  /** Called with the new zone once added, or with null when cancelled. */
  onClose: (added: Zone | null) => void;
};

/** The inline 'add zone' field of a tree node (SPEC §5: the new zone's name is trimmed). */
export function ZoneAddForm({ parent, onClose }: ZoneAddFormProps) {
  const [name, setName] = useState('');
  const create = useCreateZone();
  const level = nextLevel(parent.level) as ZoneCreateBody['level'] | undefined;
  const trimmed = name.trim();

  async function add() {
    if (!trimmed || !level || create.isPending) return;
    try {
      const added = await create.mutateAsync({ name: trimmed, level, parent: parent.id });
      notifications.show({ color: 'green', message: `Zone "${added.name}" added` });
      onClose(added);
    } catch (error) {
      notifications.show({ color: 'red', message: messages.zoneAddProblem(trimmed, error) });
    }
  }

  return (
    <Group gap="xs" wrap="nowrap" pl={42} py={4}>
      <TextInput
        size="xs"
        autoFocus
        aria-label={`Name of the new zone inside ${parent.name}`}
        placeholder={`New ${level ?? 'zone'}`}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void add();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose(null);
          }
        }}
      />
      <Button
        size="compact-sm"
        disabled={!trimmed}
        loading={create.isPending}
        aria-label={`Add the new zone inside ${parent.name}`}
        onClick={() => void add()}
      >
        Add
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={`Cancel adding a zone inside ${parent.name}`}
        onClick={() => onClose(null)}
      >
        Cancel
      </Button>
    </Group>
  );
}
