import { useId, useState } from 'react';
import { Combobox, Input, InputBase, Popover, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Zone } from '@vigil/domain';
import { useZone } from '../api/zones';
import { ZoneTree } from './zone-tree';

export type ZonePickerProps = {
  /** The visible label. */
  label: string;
  /** The chosen zone's id, or null. */
  value: string | null;
  /** Called with the picked zone's id and the zone. */
  onChange: (id: string, zone: Zone) => void;
  /** Lets the user add and delete zones inside the tree while picking. */
  editable?: boolean;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** A hint under the field. */
  description?: string;
  /** A validation message under the field. */
  error?: string;
  required?: boolean;
  disabled?: boolean;
};

/** SPEC §2.8: a field showing the chosen zone's name that opens the zone tree to pick another. */
export function ZonePicker(props: ZonePickerProps) {
  const { label, value, onChange, editable, placeholder = 'Pick a zone' } = props;
  const [opened, { close, toggle }] = useDisclosure(false);
  const [picked, setPicked] = useState<Zone | null>(null);
  const known = picked?.id === value ? picked : null;
  const current = useZone(known ? null : value);
  const inputId = useId();

  const name = known?.name ?? current.data?.name;
  const shown = !value ? null : (name ?? (current.isError ? 'Unknown zone' : 'Loading…'));

  function pick(zone: Zone) {
    setPicked(zone);
    onChange(zone.id, zone);
    close();
  }

  return (
    <Popover
      opened={opened}
      onChange={(o) => !o && close()}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <InputBase
          id={inputId}
          component="button"
          type="button"
          label={label}
          description={props.description}
          error={props.error}
          required={props.required}
          disabled={props.disabled}
          pointer
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={toggle}
        >
          {shown ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown miw={320}>
        <ScrollArea.Autosize mah={400} type="auto">
          <ZoneTree selected={value} onSelect={pick} editable={editable} label={label} autoFocus />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
