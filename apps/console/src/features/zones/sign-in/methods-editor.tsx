import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { SignInMethod, Zone } from '@vigil/domain';
import { messages } from '../../../api/messages';
import { useUpdateZone } from '../../../api/zones';

export const METHOD_NAMES: Record<SignInMethod, string> = {
  password: 'Email and password',
  key: 'API key',
  saml: 'Single sign-on (SAML)',
  google: 'OpenID (Google)',
};
const ALL_METHODS: readonly SignInMethod[] = ['password', 'key', 'saml', 'google'];
/** What the server offers a zone that names no methods (auth/login.ts signInMethods). */
const DEFAULT_METHODS: readonly SignInMethod[] = ['password', 'key'];

type Row = { method: SignInMethod; enabled: boolean };

function rowsOf(methods: readonly SignInMethod[]): Row[] {
  return [
    ...methods.map((method) => ({ method, enabled: true })),
    ...ALL_METHODS.filter((m) => !methods.includes(m)).map((method) => ({ method, enabled: false })),
  ];
}

const enabledOf = (rows: readonly Row[]) => rows.filter((r) => r.enabled).map((r) => r.method);

/**
 * The zone's sign-in methods (SPEC §3 Zone.auth.methods), in the order the login screen offers them:
 * the first is shown, the others as links. Saved through the Zones API, which refuses SAML or OpenID
 * without its provider; a method whose provider is not set up cannot be turned on here either.
 */
export function MethodsEditor({
  zone,
  configured,
}: {
  zone: Zone;
  /** Whether each single sign-on has its provider; undefined while that is not known. */
  configured: Record<'saml' | 'google', boolean | undefined>;
}) {
  const update = useUpdateZone();
  const saved = ((zone.auth as { methods?: SignInMethod[] }).methods ?? []).filter((m) =>
    ALL_METHODS.includes(m),
  );
  const current = saved.length ? saved : DEFAULT_METHODS;
  const [draft, setDraft] = useState<Row[] | null>(null);
  const [error, setError] = useState<string>();
  const rows = draft ?? rowsOf(current);
  const enabled = enabledOf(rows);
  const changed = draft !== null && enabled.join() !== current.join();

  // A moved row's button keeps the keyboard focus, or its other button once it reached an end.
  const list = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState<{ method: SignInMethod; direction: 'up' | 'down' }>();
  useEffect(() => {
    if (!moved) return;
    const button = (direction: string) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.method}-${direction}"]`);
    const same = button(moved.direction);
    (same && !same.disabled ? same : button(moved.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moved]);

  function move(index: number, direction: 'up' | 'down') {
    const to = direction === 'up' ? index - 1 : index + 1;
    const next = [...rows];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setDraft(next);
    setMoved({ method: rows[index]!.method, direction });
  }

  async function save() {
    setError(undefined);
    try {
      await update.mutateAsync({ id: zone.id, auth: { methods: enabled } });
      setDraft(null);
      notifications.show({ color: 'green', message: 'Sign-in methods saved' });
    } catch (err) {
      setError(messages.couldNotUpdate(err));
    }
  }

  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Methods
      </Title>
      <Text size="sm" c="dimmed">
        The login screen offers the first method turned on, and the others as links, in this order.
        {saved.length === 0 && ' None is chosen yet: email and password, then API key.'}
      </Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      <Stack gap={4} ref={list} role="list" aria-label="Sign-in methods in order">
        {rows.map((row, index) => {
          const sso = row.method === 'saml' || row.method === 'google' ? row.method : undefined;
          const unavailable = sso !== undefined && configured[sso] === false && !row.enabled;
          return (
            <Group key={row.method} role="listitem" justify="space-between" wrap="nowrap">
              <Checkbox
                label={METHOD_NAMES[row.method]}
                description={unavailable ? 'Set it up below first.' : undefined}
                checked={row.enabled}
                disabled={unavailable}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setDraft(rows.map((r) => (r.method === row.method ? { ...r, enabled: on } : r)));
                }}
              />
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${METHOD_NAMES[row.method]} up`}
                  data-move={`${row.method}-up`}
                  disabled={index === 0}
                  onClick={() => move(index, 'up')}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${METHOD_NAMES[row.method]} down`}
                  data-move={`${row.method}-down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
      {draft && enabled.length === 0 && (
        <Text size="sm" c="red">
          Turn on at least one method, or nobody can sign in.
        </Text>
      )}
      <Group>
        <Button
          onClick={() => void save()}
          loading={update.isPending}
          disabled={!changed || enabled.length === 0}
        >
          Save methods
        </Button>
        {draft && (
          <Button variant="default" onClick={() => setDraft(null)}>
            Discard
          </Button>
        )}
      </Group>
    </Stack>
  );
}
