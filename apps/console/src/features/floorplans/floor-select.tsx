import { Select } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import type { FloorGroup } from './floor-options';

export type FloorSelectProps = {
  groups: FloorGroup[];
  value: string | null;
  onChange: (floorId: string) => void;
};

/** SPEC §2.7 floor switcher: the caller's floors by building, searchable by name. */
export function FloorSelect({ groups, value, onChange }: FloorSelectProps) {
  return (
    <Select
      label="Floor"
      data={groups}
      value={value}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No floor of that name"
      leftSection={<IconStack2 size={16} aria-hidden />}
      w={280}
      maxDropdownHeight={360}
    />
  );
}
