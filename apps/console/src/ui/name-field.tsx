import { TextInput } from '@mantine/core';

/** A form modal's first field: the required Name, focused when the modal opens. */
export function NameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <TextInput
      label="Name"
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-autofocus
    />
  );
}
