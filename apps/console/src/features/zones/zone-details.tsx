import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError, reasonOf } from '../../api/errors';
import { messages } from '../../api/messages';
import { useDeleteZone, useUpdateZone, useZone } from '../../api/zones';
import { ErrorPanel } from '../../ui/error-panel';
import { confirmZoneDelete } from '../../ui/zone-node-actions';
import { ZonePicker } from '../../ui/zone-picker';
import { FeatureFlagsEditor } from './feature-flags-editor';
import { RetentionEditor } from './retention-editor';
import { SignInPanel, hasOwnSignIn } from './sign-in/sign-in-panel';

type Draft = {
  name: string;
  parent: string | null;
  number: number | '';
  category: string | null;
  state: string | null;
};

/**
 * One zone's settings: rename, move, config (number, category, state), feature flags, delete; an
 * organisation's data retention (issue 19).
 */
export function ZoneDetails({
  zoneId,
  editable,
  onDeleted,
}: {
  zoneId: string;
  editable: boolean;
  onDeleted: () => void;
}) {
  const zone = useZone(zoneId, { context: true });
  const update = useUpdateZone();
  const remove = useDeleteZone();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string>();

  if (zone.isPending) return <Text c="dimmed">Loading zone…</Text>;
  if (zone.isError) return <ErrorPanel error={zone.error} onRetry={() => void zone.refetch()} />;
  const z = zone.data;
  const config = z.config as {
    number?: number;
    category?: string;
    state?: string;
    featureFlags?: Record<string, boolean>;
    retention?: unknown;
  };
  const current: Draft = draft ?? {
    name: z.name,
    parent: z.parent,
    number: config.number ?? '',
    category: config.category ?? null,
    state: config.state ?? null,
  };
  const isOrg = z.level === 'org';
  const path = (z.context ?? []).map((c) => c.name).join(' › ');

  async function save() {
    setError(undefined);
    try {
      await update.mutateAsync({
        id: z.id,
        name: current.name,
        ...(current.parent && current.parent !== z.parent ? { parent: current.parent } : {}),
        config: {
          number: current.number === '' ? null : current.number,
          category: (current.category as 'indoor' | 'outdoor' | 'home' | null) ?? null,
          state: (current.state as 'active' | 'inactive' | null) ?? null,
        },
      });
      setDraft(null);
      notifications.show({ color: 'green', message: `Zone "${current.name.trim()}" saved` });
    } catch (err) {
      setError(messages.couldNotUpdate(err));
    }
  }

  async function deleteZone() {
    if (!(await confirmZoneDelete(z.name))) return;
    try {
      await remove.mutateAsync(z.id);
      onDeleted();
    } catch (err) {
      // SPEC §8's text; a 409 also says what is still inside the zone.
      const text = messages.zoneDeleteFailed(z.name, err);
      setError(err instanceof ApiError && err.status === 409 ? `${text}: ${reasonOf(err)}` : text);
    }
  }

  const set = (patch: Partial<Draft>) => setDraft({ ...current, ...patch });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {z.name}
        </Title>
        <Badge variant="light">{z.level}</Badge>
      </Group>
      {path && (
        <Text size="sm" c="dimmed">
          {path}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      <TextInput
        label="Name"
        value={current.name}
        disabled={!editable}
        onChange={(e) => set({ name: e.currentTarget.value })}
      />
      {!isOrg && (
        <ZonePicker
          label="Inside"
          description="Move the zone, with everything in it, under another zone of a higher level."
          value={current.parent}
          disabled={!editable}
          onChange={(id) => set({ parent: id })}
        />
      )}
      {z.level === 'floor' && (
        <NumberInput
          label="Floor number"
          value={current.number}
          disabled={!editable}
          onChange={(v) => set({ number: v === '' ? '' : Number(v) })}
        />
      )}
      <Select
        label="Category"
        data={['indoor', 'outdoor', 'home']}
        clearable
        value={current.category}
        disabled={!editable}
        onChange={(v) => set({ category: v })}
      />
      <Select
        label="State"
        data={['active', 'inactive']}
        clearable
        value={current.state}
        disabled={!editable}
        onChange={(v) => set({ state: v })}
      />
      {editable && (
        <Group>
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={!draft || !current.name.trim()}
          >
            Save changes
          </Button>
          {draft && (
            <Button variant="default" onClick={() => setDraft(null)}>
              Discard
            </Button>
          )}
          {!isOrg && (
            <Button
              color="red"
              variant="light"
              ml="auto"
              onClick={() => void deleteZone()}
              loading={remove.isPending}
            >
              Delete zone
            </Button>
          )}
        </Group>
      )}
      <FeatureFlagsEditor zoneId={z.id} flags={config.featureFlags ?? {}} editable={editable} />
      {isOrg && <RetentionEditor zoneId={z.id} retention={config.retention} editable={editable} />}
      {editable && hasOwnSignIn(z) && <SignInPanel zone={z} />}
    </Stack>
  );
}
