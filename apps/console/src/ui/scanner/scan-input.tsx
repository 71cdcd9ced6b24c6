import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';

export type ScanInputProps = {
  /** Called with the entered text, trimmed, when it is submitted (Enter or Use). */
  onScan: (text: string) => void;
  /** The field's label; default 'QR code or ID'. */
  label?: string;
  /** Puts the focus in the field when it appears, so a hand-held scanner types into it. */
  autoFocus?: boolean;
};

/**
 * A large field and a Use button for a code: typed by a person, or by a hand-held scanner that
 * ends with Enter. The field empties after each submission, ready for the next code.
 */
export function ScanInput({ onScan, label = 'QR code or ID', autoFocus }: ScanInputProps) {
  const [value, setValue] = useState('');
  const text = value.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text) return;
    onScan(text);
    setValue('');
  }

  return (
    <form onSubmit={submit}>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          size="xl"
          label={label}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          style={{ flex: 1 }}
        />
        <Button type="submit" size="xl" disabled={!text}>
          Use
        </Button>
      </Group>
    </form>
  );
}
