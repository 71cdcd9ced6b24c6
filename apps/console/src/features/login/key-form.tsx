import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';

/** SPEC §2.3 key form: one password-type key field; submit is disabled while it is empty. */
export function KeyForm({ onSubmit }: { onSubmit: (key: string) => Promise<void> }) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!key.trim()) return;
    setBusy(true);
    try {
      await onSubmit(key.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <PasswordInput
          label="API key"
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} disabled={key.trim() === ''}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
